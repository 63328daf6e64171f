package allowlist

import (
	"net/url"
	"strings"
	"sync"
)

// curl is allowed for requests that only read: GET, HEAD, OPTIONS or
// TRACE of http, https, ftp or ftps URLs, written to standard output (or
// -o /dev/null), with no data, form, upload, FTP quote command, cookie,
// credential, client certificate or config file. Hosts that hand out
// credentials (the cloud instance-metadata and container-credential
// endpoints) ask, and so does every value that reads a file (@file) or
// writes one (-w '%output{...}').

// curlWhy explains curl's flags that auto mode refuses.
var curlWhy = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"-d": "curl -d sends data (a POST)", "-F": "curl -F sends a form (a POST)", "-T": "curl -T uploads a file",
		"-K": "curl -K reads options from a file", "-Q": "curl -Q sends FTP commands, which may delete or rename",
		"-O": "curl -O writes a file", "-D": "curl -D writes the headers to a file", "-c": "curl -c writes a cookie jar",
		"-b": "curl -b sends cookies (credentials)", "-u": "curl -u sends a user and password", "-n": "curl -n sends the credentials of ~/.netrc",
		"-E": "curl -E uses a client certificate", "-U": "curl -U sends proxy credentials", "-a": "curl -a appends to an uploaded file",
		"-J": "curl -J writes a file named by the server", "-C": "curl -C resumes writing a file", "-q": "curl -q changes which config is read",
	}
})

func curlSpec() Spec {
	return Spec{Name: "curl", Short: "sSfLiIvN46kgZ#M0hV1X:H:A:e:m:r:z:x:w:o:",
		Long: w("silent show-error fail fail-with-body fail-early location location-trusted include head verbose no-buffer ipv4 ipv6 insecure globoff parallel " +
			"progress-bar no-progress-meter manual http1.0 http1.1 http2 http2-prior-knowledge http3 http3-only compressed tlsv1 tlsv1.0 tlsv1.1 tlsv1.2 tlsv1.3 ssl ssl-reqd " +
			"request= header= user-agent= referer= max-time= connect-timeout= range= time-cond= proxy= write-out= output= url= url-query= max-redirs= retry= " +
			"retry-delay= retry-max-time= retry-all-errors retry-connrefused noproxy= socks5= socks5-hostname= resolve= connect-to= interface= dns-servers= doh-url= " +
			"cacert= capath= max-filesize= limit-rate= keepalive-time= no-keepalive raw tr-encoding path-as-is proto-default= expect100-timeout= help version"),
		Deny: w("data data-ascii data-binary data-raw data-urlencode json form form-string upload-file config quote ftp-create-dirs mail-from mail-rcpt mail-auth " +
			"remote-name remote-name-all remote-header-name dump-header cookie cookie-jar user netrc netrc-file netrc-optional cert key pass proxy-user oauth2-bearer " +
			"trace trace-ascii stderr libcurl output-dir create-dirs etag-save etag-compare xattr unix-socket abstract-unix-socket continue-at append post301 post302 post303 " +
			"delegation aws-sigv4 krb proto proto-redir engine"),
		Why: curlWhy(), NoAbbrev: true, Check: checkCurl,
		Note: "GET, HEAD, OPTIONS, TRACE of http(s)/ftp(s) URLs to standard output or -o /dev/null; no data, form, upload, -Q, cookies, credentials, client certificates, -K, @file values, -w %output, no metadata endpoints"}
}

// curlCredentialHosts hand out the machine's cloud credentials to a GET.
var curlCredentialHosts = lazyWords("169.254.169.254 169.254.170.2 [fd00:ec2::254] metadata.google.internal metadata metadata.azure.com 100.100.100.200")

// checkCurl checks curl's method, values and URLs.
func checkCurl(c *Call) string {
	for _, m := range c.Values("-X", "--request") {
		switch strings.ToUpper(m) {
		case "GET", "HEAD", "OPTIONS", "TRACE":
		default:
			return "curl -X " + m + " may change what is on the server"
		}
	}
	for _, o := range c.Opts {
		if !o.HasValue {
			continue
		}
		switch {
		case (o.Name == "-H" || o.Name == "--header") && strings.Contains(strings.ToLower(o.Value), "method"):
			return "curl -H " + o.Value + " may make the server read the request as another method"
		case (o.Name == "-H" || o.Name == "--header") && strings.Contains(strings.ToLower(o.Value), "metadata"):
			return "curl -H " + o.Value + " is the header a cloud metadata endpoint wants before it hands out credentials"
		case (o.Name == "--resolve" || o.Name == "--connect-to") && curlCredentialAddr(o.Value):
			return "curl " + o.Name + " " + o.Value + " sends the request to a cloud metadata endpoint"
		case strings.HasPrefix(o.Value, "@") || o.Name == "--url-query" && strings.Contains(o.Value, "@"):
			return "curl " + o.Name + " @FILE reads a file into the request or the output"
		case (o.Name == "-w" || o.Name == "--write-out") && strings.Contains(o.Value, "%output{"):
			return "curl -w %output{} writes a file"
		case (o.Name == "-o" || o.Name == "--output") && o.Value != "/dev/null":
			return "curl -o writes a file"
		case o.Name == "--proto-default" && !curlScheme(o.Value):
			return "curl --proto-default " + o.Value + " is not http(s) or ftp(s)"
		}
	}
	urls := append([]string(nil), c.Values("--url")...)
	for _, a := range c.Operands {
		urls = append(urls, a.Text)
	}
	if len(urls) == 0 && !c.Has("-h", "--help", "-V", "--version", "-M", "--manual") {
		return "curl needs a URL"
	}
	for _, u := range urls {
		if r := curlURL(u); r != "" {
			return r
		}
	}
	return ""
}

// curlScheme reports a scheme auto mode lets curl use.
func curlScheme(s string) bool {
	switch strings.ToLower(s) {
	case "http", "https", "ftp", "ftps":
		return true
	}
	return false
}

// curlURL returns why curl may not fetch u, or "".
func curlURL(u string) string {
	raw := u
	if i := strings.Index(u, "://"); i >= 0 {
		if !curlScheme(u[:i]) {
			return "curl " + u[:i] + ":// URLs may read local files or speak other protocols"
		}
	} else {
		raw = "http://" + u // curl's default
	}
	p, err := url.Parse(strings.NewReplacer("{", "", "}", "", "[", "", "]", "").Replace(raw))
	if err != nil {
		return "curl URL " + u + " does not parse"
	}
	host := strings.ToLower(p.Hostname())
	if contains(curlCredentialHosts(), host) || contains(curlCredentialHosts(), "["+host+"]") || strings.HasPrefix(host, "169.254.") {
		return "curl " + u + " asks an endpoint that hands out the machine's credentials"
	}
	return ""
}

// curlCredentialAddr reports a --resolve or --connect-to value that names
// a credential endpoint's address.
func curlCredentialAddr(v string) bool {
	for _, part := range strings.Split(strings.ToLower(v), ":") {
		p := strings.Trim(part, "[]")
		if strings.HasPrefix(p, "169.254.") || contains(curlCredentialHosts(), p) || strings.HasPrefix(p, "fd00") {
			return true
		}
	}
	return false
}
