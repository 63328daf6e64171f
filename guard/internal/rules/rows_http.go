package rules

import (
	"strings"

	"guardsh/internal/argv"
)

// Rows of the HTTP clients: a DELETE request, or a POST to an endpoint
// that deletes (Elasticsearch's _delete_by_query), deletes on the server;
// a DELETE of every index (_all, *) deletes a whole cluster's data. The
// method is read through each client's option grammar: curl -X DELETE,
// -XDELETE, --request=delete; wget --method=DELETE; HTTPie and xh take it
// as their first operand.

// curlOpts is curl's option grammar (curl(1)): its short options taking a
// value, its long ones, and its common long flags, so that a command
// line's readings stay few.
var curlOpts = &argv.Spec{
	Flags: "0123456aBfGgIijkLlNnOpqRsSvZ#", Valued: "AbcCdDeEFHKmoPQrtTuUwxXyYz", Stop: "hMV",
	LongValued: []string{"request", "data", "data-raw", "data-binary", "data-ascii", "data-urlencode", "header", "user-agent", "output", "url", "user",
		"proxy", "cookie", "cookie-jar", "form", "form-string", "config", "max-time", "connect-timeout", "write-out", "upload-file", "referer", "cert",
		"key", "cacert", "capath", "resolve", "connect-to", "json", "range", "retry", "retry-delay", "retry-max-time", "proxy-user", "oauth2-bearer",
		"dump-header", "output-dir", "interface", "limit-rate", "max-redirs", "variable", "unix-socket", "aws-sigv4", "cert-type", "key-type", "pass"},
	LongFlags: []string{"silent", "show-error", "location", "insecure", "fail", "fail-with-body", "verbose", "include", "head", "compressed", "get", "globoff",
		"http1.1", "http2", "ipv4", "ipv6", "no-buffer", "progress-bar", "remote-name", "remote-name-all", "remote-header-name", "create-dirs", "netrc",
		"basic", "digest", "negotiate", "ntlm", "anyauth", "raw", "path-as-is", "ssl-reqd", "no-keepalive", "no-progress-meter", "location-trusted", "fail-early",
		"parallel", "tlsv1.2", "tlsv1.3", "show-headers", "trace-time"},
	LongStop: []string{"help", "version", "manual"},
}

// wgetOpts is wget's option grammar (wget(1)), as far as the method needs.
var wgetOpts = &argv.Spec{
	Flags: "qvdnNcrkKmpSFbEHLx46", Valued: "OoaetTwQPUlARDIXBi", Stop: "hV",
	LongValued: []string{"method", "body-data", "body-file", "post-data", "post-file", "header", "output-document", "output-file", "user", "password",
		"http-user", "http-password", "user-agent", "tries", "timeout", "directory-prefix", "input-file", "level", "load-cookies", "save-cookies"},
	LongStop: []string{"help", "version"},
}

// httpieOpts is the option grammar of HTTPie (http, https) and xh.
var httpieOpts = &argv.Spec{
	Flags: "jfvbdFSIcqx", Valued: "aAopsh", Stop: "V",
	LongValued: []string{"auth", "auth-type", "output", "print", "style", "session", "session-read-only", "verify", "cert", "cert-key", "timeout",
		"pretty", "proxy", "max-redirects", "format-options", "response-charset", "response-mime", "boundary", "ssl", "ciphers", "bearer"},
	LongStop: []string{"help", "version", "manual"},
}

// httpieProgs are HTTPie's and xh's names.
var httpieProgs = []string{"http", "https", "xh", "xhs"}

// rowURLs returns the URLs of a request: its operands and --url.
func rowURLs(m *rowMatch) []string {
	var us []string
	for _, w := range m.ops {
		us = append(us, w.Value)
	}
	for _, o := range m.opts {
		if o.Name == "url" && o.HasValue {
			us = append(us, o.Value)
		}
	}
	return us
}

// urlEndsIn returns a predicate: a URL's path ends in one of the parts.
func urlEndsIn(parts ...string) rowPred {
	return func(m *rowMatch) bool {
		for _, u := range rowURLs(m) {
			u, _, _ = strings.Cut(u, "?")
			u = strings.TrimSuffix(u, "/")
			for _, p := range parts {
				if strings.HasSuffix(u, p) {
					return true
				}
			}
		}
		return false
	}
}

// urlHas returns a predicate: a URL holds one of the parts.
func urlHas(parts ...string) rowPred {
	return func(m *rowMatch) bool {
		for _, u := range rowURLs(m) {
			for _, p := range parts {
				if strings.Contains(u, p) {
					return true
				}
			}
		}
		return false
	}
}

var (
	curlDelete = optIs([]string{"X", "request"}, "DELETE")
)

func httpRows() []Row {
	var (
		wgetDelete   = optIs([]string{"method"}, "DELETE")
		httpieDelete = arg(0, fold("DELETE"))
		// deleteByQuery is the Elasticsearch and OpenSearch endpoint that
		// deletes every document a query matches.
		deleteByQuery = func(m *rowMatch) bool {
			return urlHas("/_delete_by_query")(m) || urlEndsIn("/delete", "/doDelete")(m) && httpWrites(m) || graphqlDelete(m)
		}
		deleteEvery = urlEndsIn("/_all", "/*")
	)
	return []Row{
		{Name: "http_delete_all", Level: High, Progs: []string{"curl"}, Opts: curlOpts,
			When:   []rowPred{curlDelete, deleteEvery},
			Why:    "curl -X DELETE of {1+} deletes every index of the cluster",
			Desc:   "an HTTP DELETE of every index (…/_all, …/*) deletes a search cluster's data",
			Hits:   []string{"curl -X DELETE 'http://localhost:9200/_all'", "curl -XDELETE 'es:9200/*'"},
			Misses: []string{"curl -X GET 'http://localhost:9200/_all'", "curl -X DELETE http://localhost:9200/logs-2020/_doc/1"}},
		{Name: "http_delete", Level: Medium, Progs: []string{"curl"}, Opts: curlOpts,
			When: []rowPred{func(m *rowMatch) bool {
				return curlDelete(m) && !deleteEvery(m) && !deleteIndex(m) || deleteByQuery(m)
			}},
			Why:    "curl sends a request that deletes on the server: {1+/-url}",
			Desc:   "curl -X DELETE (-XDELETE, --request delete), a request to _delete_by_query, …/delete or Jenkins' …/doDelete, or a GraphQL mutation that deletes, deletes on the server",
			Hits:   []string{"curl -X DELETE https://api.example.com/users/1", "curl https://api.example.com/users/1 -XDELETE", "curl --request delete https://api.example.com/u/1", "curl -s -H 'Authorization: Bearer x' --request=DELETE https://api.example.com/u/1", "curl -X POST 'localhost:9200/logs/_delete_by_query' -d '{\"query\":{\"match_all\":{}}}'", "curl -X POST https://api.example.com/users/1/delete", "curl -X POST http://jenkins.local/job/deploy/doDelete", "curl https://api.example.com/graphql -H 'Content-Type: application/json' -d '{\"query\":\"mutation { deleteUser(id: 1) { id } }\"}'", "curl --url https://api.example.com/u/1 -X DELETE"},
			Misses: []string{"curl https://api.example.com/users/1", "curl -X POST -d x https://api.example.com/users", "curl -d DELETE https://example.com/", "curl -H 'X-Method: DELETE' https://example.com/", "curl https://example.com/docs/delete", "curl https://api.example.com/graphql -d '{\"query\":\"query { users { id } }\"}'", "curl -X GET https://example.com/a/delete"}},
		{Name: "wget_delete", Level: Medium, Progs: []string{"wget", "wget2"}, Opts: wgetOpts,
			When:   []rowPred{wgetDelete},
			Why:    "wget --method=DELETE deletes on the server: {1+}",
			Desc:   "wget --method=DELETE deletes on the server",
			Hits:   []string{"wget --method=DELETE https://api.example.com/users/1", "wget -q --method delete -O - https://api.example.com/u/1"},
			Misses: []string{"wget https://example.com/file.tar.gz", "wget --method=GET https://example.com/"}},
		{Name: "httpie_delete", Level: Medium, Progs: httpieProgs, Opts: httpieOpts,
			When: []rowPred{func(m *rowMatch) bool {
				return httpieDelete(m) || deleteByQuery(m)
			}},
			Why:    "{prog} sends a request that deletes on the server: {2+|{1}}",
			Desc:   "http|https|xh DELETE URL, a request to _delete_by_query or …/delete, or a GraphQL mutation that deletes, deletes on the server",
			Hits:   []string{"http DELETE https://api.example.com/users/1", "xh delete api.example.com/users/1", "https -a u:p DELETE api.example.com/u/1", "http POST localhost:9200/logs/_delete_by_query < query.json", "http POST api.example.com/graphql query='mutation { removeItem(id: 2) }'"},
			Misses: []string{"http GET https://api.example.com/users/1", "xh api.example.com/users", "http POST api.example.com/users name=x"}},
	}
}

// graphqlDelete reports a request whose body is a GraphQL mutation that
// deletes (mutation { deleteUser(id: 1) { id } }): in curl's data options,
// or in HTTPie's and xh's request items.
func graphqlDelete(m *rowMatch) bool {
	var bodies []string
	for _, o := range m.opts {
		switch o.Name {
		case "d", "data", "data-raw", "data-binary", "data-ascii", "data-urlencode", "json":
			bodies = append(bodies, o.Value)
		}
	}
	for _, w := range m.ops {
		bodies = append(bodies, w.Value)
	}
	for _, b := range bodies {
		b = strings.ToLower(b)
		if i := strings.Index(b, "mutation"); i >= 0 && (strings.Contains(b[i:], "delete") || strings.Contains(b[i:], "remove") || strings.Contains(b[i:], "destroy")) {
			return true
		}
	}
	return false
}

// httpWrites reports a request that sends something: a POST, PUT or PATCH
// (curl -X, HTTPie's method operand), or a body (curl -d and its kin).
func httpWrites(m *rowMatch) bool {
	if optIs([]string{"X", "request"}, "POST", "PUT", "PATCH")(m) || arg(0, fold("POST", "PUT", "PATCH"))(m) {
		return true
	}
	return has("d", "data", "data-raw", "data-binary", "data-ascii", "data-urlencode", "json", "F", "form")(m)
}
