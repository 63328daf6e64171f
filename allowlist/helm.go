package allowlist

import (
	"strings"
	"sync"
)

// helm reads its flags with pflag; its global flags come after the
// subcommand too. The globals allowed pick a context and namespace from
// the kubeconfig; --kubeconfig, --kube-apiserver, --kube-token and the
// repository and registry configuration files are refused.
const (
	helmGlobalShort = "n:"
	helmGlobalLong  = "debug kube-context= namespace= kube-as-user= kube-as-group= kube-insecure-skip-tls-verify kube-tls-server-name= burst-limit= qps= help"
	helmGlobalDeny  = "kubeconfig kube-apiserver kube-token kube-ca-file registry-config repository-cache repository-config content-cache"
)

// helmWhy explains helm's flags that auto mode refuses.
var helmWhy = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"--kubeconfig":     "helm --kubeconfig names another kubeconfig, whose exec plugin would run",
		"--kube-apiserver": "helm --kube-apiserver sends the credentials to another server",
		"--kube-token":     "helm --kube-token puts a secret on the command line",
		"--password":       "helm --password puts a secret on the command line",
		"--post-renderer":  "helm --post-renderer runs a program",
	}
})

// helmSub returns a helm subcommand spec with the global flags.
func helmSub(name, short, long string) Spec {
	return Spec{Name: name, Short: helmGlobalShort + short, Long: w(helmGlobalLong + " " + long), Deny: w(helmGlobalDeny + " password post-renderer"),
		Why: helmWhy(), NoAbbrev: true}
}

// helmSpec returns helm with its read-only subcommands.
func helmSpec() Spec {
	list := "all all-namespaces date deployed failed filter= max= no-headers offset= output= pending reverse selector= short superseded time-format= uninstalled uninstalling"
	rev := "revision= output= template="
	chart := "ca-file= cert-file= devel insecure-skip-tls-verify keyring= plain-http repo= verify version= jsonpath= username="
	show := func(n string) Spec {
		s := helmSub(n, "", chart)
		s.Check = checkHelmChart
		return s
	}
	get := Spec{Name: "get", Short: helmGlobalShort, Long: w(helmGlobalLong), NoAbbrev: true, Why: helmWhy(),
		Note: "get values, notes, hooks, metadata (not manifest or all: they hold the release's secrets)",
		Subs: []Spec{helmSub("values", "ao:", "all "+rev), helmSub("notes", "", rev), helmSub("hooks", "", rev), helmSub("metadata", "o:", rev)}}
	showSpec := Spec{Name: "show", Short: helmGlobalShort, Long: w(helmGlobalLong), NoAbbrev: true, Why: helmWhy(),
		Subs: []Spec{show("all"), show("chart"), show("readme"), show("values"), show("crds")}}
	inspect := showSpec
	inspect.Name = "inspect"
	repo := Spec{Name: "repo", NoAbbrev: true, Subs: []Spec{helmSub("list", "o:", "output="), helmSub("ls", "o:", "output=")}}
	search := Spec{Name: "search", NoAbbrev: true, Subs: []Spec{
		helmSub("repo", "lro:", "devel fail-on-no-result max-col-width= output= regexp version= versions"),
		helmSub("hub", "o:", "endpoint= fail-on-no-result list-repo-url max-col-width= output="),
	}}
	version := helmSub("version", "", "short template= client")
	version.NoOperands = true
	return Spec{Name: "helm", Short: helmGlobalShort + "h", Long: w(helmGlobalLong + " version"), Deny: w(helmGlobalDeny), Why: helmWhy(), NoAbbrev: true, Bare: true,
		Subs: append([]Spec{
			helmSub("list", "aAdf:m:o:rl:q", list), helmSub("ls", "aAdf:m:o:rl:q", list),
			helmSub("status", "o:", "output= revision= show-desc show-resources"),
			helmSub("history", "o:", "max= output="), helmSub("hist", "o:", "max= output="),
			get, showSpec, inspect, repo, search, version,
			{Name: "dependency", NoAbbrev: true, Subs: []Spec{helmSub("list", "", "max-col-width="), helmSub("ls", "", "max-col-width=")}},
		}, helmMore()...),
		Note: "list, status, history, get values/notes/hooks/metadata, show, search, repo list, dependency list, plugin list, version, help, env, completion, lint, template and verify of a chart; template never with --output-dir, --post-renderer or --dependency-update, never --kubeconfig, --kube-apiserver, --kube-token"}
}

// checkHelmChart refuses a chart reference that a downloader plugin would
// fetch (s3://, gs://...): only a local path, repo/name, http(s) and oci.
func checkHelmChart(c *Call) string {
	for _, o := range c.Operands {
		if scheme, _, ok := strings.Cut(o.Text, "://"); ok && scheme != "https" && scheme != "http" && scheme != "oci" {
			return "helm would fetch " + quoteArg(o.Text) + " with a plugin"
		}
	}
	for _, v := range c.Values("--repo") {
		if scheme, _, ok := strings.Cut(v, "://"); ok && scheme != "https" && scheme != "http" && scheme != "oci" {
			return "helm would fetch from " + quoteArg(v) + " with a plugin"
		}
	}
	return ""
}
