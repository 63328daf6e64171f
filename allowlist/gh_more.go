package allowlist

import (
	"strings"
	"sync"
)

// ghMore returns the read-only gh subcommands added from the peers'
// suites: run watch, release verify, variable get, codespace list and
// view, config get and list, extension search. Each was read from gh's
// manual. codespace logs, ports and ssh are not here: they start a
// stopped codespace. config get and list never take --host, under which
// a token may be stored, nor a key that names a token.
func ghMore() (run, release, variable []Spec, groups []Spec) {
	group := func(name string, subs ...Spec) Spec {
		return Spec{Name: name, NoAbbrev: true, Subs: subs, Why: ghWhy()}
	}
	run = []Spec{ghSub("watch", "i:", "compact exit-status interval=", false)}
	release = []Spec{ghSub("verify", "", "format=", true), ghSub("verify-asset", "", "format=", true)}
	variable = []Spec{ghSub("get", "e:o:", "env= org=", true)}
	codespace := func(name string) Spec {
		list := ghSub("list", "L:o:u:", "limit= org= user=", true)
		view := ghSub("view", "c:", "codespace=", true)
		for _, s := range []*Spec{&list, &view} { // no repository flag here
			s.Short = strings.Replace(s.Short, "R:", "", 1)
			s.Long = deleteLong(s.Long, "repo=")
		}
		list.Long = append(list.Long, "repo=")
		list.Short += "R:"
		list.NoOperands, view.NoOperands = true, true
		return group(name, list, view)
	}
	get := Spec{Name: "get", Long: w("help"), Deny: w("host"), Why: ghConfigWhy(), NoAbbrev: true, MaxOperands: 1, Check: checkGhConfigKey}
	list := Spec{Name: "list", Long: w("help"), Deny: w("host"), Why: ghConfigWhy(), NoAbbrev: true, NoOperands: true}
	ext := func(name string) Spec {
		return group(name, Spec{Name: "list", Long: w("help"), NoAbbrev: true, NoOperands: true},
			Spec{Name: "search", Short: "L:q:t:", Long: w("json= jq= template= license= limit= order= owner= sort= help"), Deny: w("web"), Why: ghWhy(), NoAbbrev: true, Check: checkGhJq})
	}
	groups = []Spec{codespace("codespace"), codespace("cs"), group("config", get, list), ext("extension"), ext("ext")}
	return run, release, variable, groups
}

// ghConfigWhy explains gh config's flags that auto mode refuses.
var ghConfigWhy = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"-h":     "gh config -h reads a host's settings, where a token may be stored",
		"--host": "gh config --host reads a host's settings, where a token may be stored",
	}
})

// checkGhConfigKey refuses a key that names a token.
func checkGhConfigKey(c *Call) string {
	for _, o := range c.Operands {
		if strings.Contains(strings.ToLower(o.Text), "token") {
			return "gh config get " + quoteArg(o.Text) + " may print a token"
		}
	}
	return ""
}

// deleteLong returns longs without name.
func deleteLong(longs []string, name string) []string {
	var out []string
	for _, l := range longs {
		if l != name {
			out = append(out, l)
		}
	}
	return out
}
