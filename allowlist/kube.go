package allowlist

import (
	"strings"
	"sync"
)

// kubectl reads its flags with pflag: long flags in full only, short ones
// bundled, and the global flags after the subcommand too. The globals
// allowed pick a context, namespace or user already in the kubeconfig;
// those that name another kubeconfig (whose exec plugin would run),
// another server (which would get the token) or put a secret on the
// command line are refused.
const (
	kubeGlobalShort = "n:v:"
	kubeGlobalLong  = "context= cluster= user= namespace= request-timeout= v= match-server-version warnings-as-errors as= as-group= as-uid= disable-compression tls-server-name= insecure-skip-tls-verify"
	kubeGlobalDeny  = "kubeconfig server token password username client-key client-certificate certificate-authority cache-dir profile profile-output log-file log-dir"
)

// kubeWhy explains kubectl's flags that auto mode refuses.
var kubeWhy = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"--kubeconfig":       "kubectl --kubeconfig names another kubeconfig, whose exec plugin would run",
		"--server":           "kubectl --server sends the credentials to another server",
		"-s":                 "kubectl -s sends the credentials to another server",
		"--token":            "kubectl --token puts a secret on the command line",
		"--password":         "kubectl --password puts a secret on the command line",
		"--cache-dir":        "kubectl --cache-dir writes a cache where it is told",
		"--profile":          "kubectl --profile writes a profile file",
		"--raw":              "kubectl get --raw reads any API path, secrets too",
		"--kustomize":        "kubectl -k runs kustomize, which may fetch and run code",
		"-k":                 "kubectl -k runs kustomize, which may fetch and run code",
		"--output-directory": "kubectl cluster-info dump --output-directory writes files",
	}
})

// kubeSub returns a kubectl subcommand spec with the global flags added.
func kubeSub(name, short, long string) Spec {
	return Spec{Name: name, Short: kubeGlobalShort + short, Long: w(kubeGlobalLong + " " + long + " help"),
		Deny: w(kubeGlobalDeny + " raw kustomize"), Why: kubeWhy(), NoAbbrev: true, Check: checkKubeVerbosity}
}

// checkKubeVerbosity refuses a log level above 6: from 7 on kubectl logs
// request headers, from 8 on response bodies (a secret's data too).
func checkKubeVerbosity(c *Call) string {
	for _, v := range c.Values("-v", "--v") {
		if len(v) != 1 || v[0] < '0' || v[0] > '6' {
			return "kubectl -v " + v + " logs requests and responses, secrets too"
		}
	}
	return ""
}

// kubeOutput are the output flags of kubectl get and its kin.
const kubeOutput = " output= template= allow-missing-template-keys show-managed-fields no-headers show-labels show-kind sort-by="

// kubectlSpec returns kubectl with its read-only subcommands.
func kubectlSpec() Spec {
	get := kubeSub("get", "Af:L:o:Rl:w", "all-namespaces chunk-size= field-selector= filename= ignore-not-found label-columns= recursive selector= server-print subresource= watch watch-only output-watch-events"+kubeOutput)
	get.Check = func(c *Call) string {
		if r := checkKubeVerbosity(c); r != "" {
			return r
		}
		return checkKubeSecrets(c)
	}
	get.Note = "no --raw, no -k; secrets only by name"
	describe := kubeSub("describe", "Af:Rl:", "all-namespaces chunk-size= filename= recursive selector= show-events=")
	logs := kubeSub("logs", "c:fpl:", "all-containers all-pods container= follow ignore-errors insecure-skip-tls-verify-backend limit-bytes= max-log-requests= pod-running-timeout= prefix previous selector= since= since-time= tail= timestamps")
	topS, topL := "Al:", "all-namespaces containers field-selector= no-headers selector= show-capacity sort-by= sum use-protocol-buffers"
	top := Spec{Name: "top", Short: kubeGlobalShort, Long: w(kubeGlobalLong), NoAbbrev: true, Why: kubeWhy(), Check: checkKubeVerbosity, Subs: []Spec{
		kubeSub("node", topS, topL), kubeSub("nodes", topS, topL), kubeSub("no", topS, topL),
		kubeSub("pod", topS, topL), kubeSub("pods", topS, topL), kubeSub("po", topS, topL),
	}}
	config := Spec{Name: "config", Short: kubeGlobalShort, Long: w(kubeGlobalLong), NoAbbrev: true, Why: kubeWhy(), Check: checkKubeVerbosity,
		Note: "view (not --raw), get-contexts, get-clusters, get-users, current-context",
		Subs: []Spec{
			kubeSub("view", "o:", "flatten minify merge= output= template= allow-missing-template-keys show-managed-fields"),
			kubeSub("get-contexts", "o:", "no-headers output="),
			kubeSub("get-clusters", "", ""),
			kubeSub("get-users", "", ""),
			kubeSub("current-context", "", ""),
		}}
	for i := range config.Subs {
		config.Subs[i].Deny = append(config.Subs[i].Deny, "raw")
		config.Subs[i].Why = kubeRawWhy()
	}
	clusterInfo := kubeSub("cluster-info", "", "")
	clusterInfo.NoOperands = true
	clusterInfo.Note = "not dump"
	auth := Spec{Name: "auth", Short: kubeGlobalShort, Long: w(kubeGlobalLong), NoAbbrev: true, Why: kubeWhy(), Check: checkKubeVerbosity, Subs: []Spec{
		kubeSub("can-i", "Aq", "all-namespaces list no-headers quiet subresource="),
		kubeSub("whoami", "o:", "output= template= allow-missing-template-keys show-managed-fields"),
	}}
	rollout := Spec{Name: "rollout", Short: kubeGlobalShort, Long: w(kubeGlobalLong), NoAbbrev: true, Why: kubeWhy(), Check: checkKubeVerbosity,
		Note: "status and history only", Subs: []Spec{
			kubeSub("status", "f:Rl:w", "filename= recursive selector= revision= watch timeout="),
			kubeSub("history", "f:Rl:o:", "filename= recursive selector= revision="+kubeOutput),
		}}
	completion := kubeSub("completion", "", "")
	completion.MaxOperands = 1
	version := kubeSub("version", "o:", "client output=")
	version.NoOperands = true
	subs := []Spec{
		get, describe, logs, top, config, clusterInfo, auth, version, rollout, completion,
		kubeSub("api-resources", "o:", "api-group= cached categories= namespaced=? no-headers output= sort-by= verbs="),
		kubeSub("api-versions", "", ""),
		kubeSub("explain", "", "api-version= output= recursive"),
		kubeSub("wait", "Af:l:R", "all all-namespaces field-selector= filename= for= recursive selector= timeout="), // no -o: it would print the object, a secret too
		kubeSub("events", "Ao:w", "all-namespaces chunk-size= for= no-headers output= types= watch template= allow-missing-template-keys show-managed-fields"),
		{Name: "plugin", NoAbbrev: true, Subs: []Spec{{Name: "list", Long: w("name-only"), NoAbbrev: true, NoOperands: true}}},
	}
	return Spec{Name: "kubectl", Short: kubeGlobalShort, Long: w(kubeGlobalLong), Deny: w(kubeGlobalDeny), Why: kubeWhy(),
		NoAbbrev: true, Subs: subs, Check: checkKubeVerbosity,
		Note: "get, describe, logs, top, version, api-resources, api-versions, explain, events, wait, cluster-info, rollout status/history, completion, config view/get-contexts/current-context, auth can-i/whoami, plugin list; never --kubeconfig, -s/--server, --token, --raw, -k, -v above 6"}
}

// kubeRawWhy adds config view --raw to kubectl's reasons.
var kubeRawWhy = sync.OnceValue(func() map[string]string {
	m := map[string]string{"--raw": "kubectl config view --raw prints the credentials"}
	for k, v := range kubeWhy() {
		if k != "--raw" {
			m[k] = v
		}
	}
	return m
})

// checkKubeSecrets lets kubectl get name secrets, but not print their
// contents: an output format other than name or wide, or a template, asks
// for an operand that names secrets and for -f (the files may name them).
func checkKubeSecrets(c *Call) string {
	shows := c.Has("--template")
	for _, o := range c.Values("-o", "--output") {
		shows = shows || o != "name" && o != "wide"
	}
	if !shows {
		return ""
	}
	if c.Has("-f", "--filename") {
		return "kubectl get -f with -o may print secrets"
	}
	for _, op := range c.Operands {
		if strings.Contains(strings.ToLower(op.Text), "secret") {
			return "kubectl get of secrets with -o prints their contents"
		}
	}
	return ""
}
