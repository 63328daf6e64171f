package allowlist

import (
	"slices"
	"strings"
	"sync"
)

// npm's reading subcommands. npm takes any configuration key as a flag, so
// only the flags listed here are allowed, spelled in full (nopt would read
// an abbreviation as any key). No subcommand here runs a package script.
func npmSpec() Spec {
	ws := " workspace= workspaces include-workspace-root json help"
	sub := func(name, short, long string) Spec {
		return Spec{Name: name, Short: short, Long: w(long + ws), NoAbbrev: true}
	}
	ls := "all long parseable global depth= omit= include= link package-lock-only unicode install-links"
	audit := sub("audit", "", "audit-level= omit= include= package-lock-only")
	audit.Check = func(c *Call) string {
		if len(c.Operands) > 1 || len(c.Operands) == 1 && c.Operands[0].Text != "signatures" {
			return "npm audit is only allowed alone or as npm audit signatures (audit fix writes)"
		}
		return ""
	}
	view := func(n string) Spec {
		s := sub(n, "", "")
		s.Check = checkNpmView
		return s
	}
	return Spec{Name: "npm", Short: "v", Long: w("version help"), NoAbbrev: true, Bare: true,
		Subs: []Spec{
			sub("ls", "alpg", ls), sub("list", "alpg", ls), sub("ll", "alpg", ls), sub("la", "alpg", ls),
			view("view"), view("info"), view("show"), view("v"),
			sub("outdated", "alpg", "all long parseable global before="),
			sub("explain", "", ""), sub("why", "", ""),
			{Name: "config", NoAbbrev: true, Subs: []Spec{sub("list", "lg", "long global location="), sub("ls", "lg", "long global location=")}},
			sub("root", "g", "global"), sub("prefix", "g", "global"),
			audit, sub("query", "g", "global package-lock-only expect-results expect-result-count="),
			sub("search", "lp", "long parseable description searchlimit= searchopts= searchexclude= prefer-online prefer-offline offline"),
			sub("s", "lp", "long parseable description searchlimit= searchopts= searchexclude="),
			sub("find", "lp", "long parseable description searchlimit= searchopts= searchexclude="),
			sub("whoami", "", "registry="), sub("ping", "", "registry="),
			npmBare("version"), npmBare("fund"),
			{Name: "cache", NoAbbrev: true, Subs: []Spec{sub("ls", "", ""), sub("list", "", "")}},
		},
		Note: "ls, view, outdated, explain, why, config list, root, prefix, audit (not fix), query, search, whoami, ping, version and fund with no operand, cache ls, -v; not config get (it may print a token), help, docs, home, bugs, repo (they run the configured browser or man), run, exec, install"}
}

// npmBare returns an npm subcommand allowed only without operands: npm
// version VERSION bumps the version and commits, npm fund PKG opens a
// browser.
func npmBare(name string) Spec {
	return Spec{Name: name, Long: w("json workspace= workspaces include-workspace-root help"), NoAbbrev: true, NoOperands: true}
}

// checkNpmView allows npm view of a registry package (name, @scope/name,
// name@version): a git, GitHub, URL or path spec makes npm fetch it with
// git and may build it.
func checkNpmView(c *Call) string {
	if len(c.Operands) == 0 {
		return ""
	}
	spec := c.Operands[0].Text
	name := spec
	if rest, ok := strings.CutPrefix(spec, "@"); ok {
		name = rest
		if i := strings.IndexByte(rest, '/'); i >= 0 {
			name = rest[i+1:]
		}
	}
	if strings.ContainsAny(name, ":/#~") || strings.HasPrefix(spec, ".") || strings.HasSuffix(spec, ".tgz") {
		return "npm view of " + quoteArg(spec) + " fetches it from outside the registry"
	}
	return ""
}

// pip's reading subcommands. pip reads flags with optparse: unique
// abbreviations of long flags, general options after the subcommand too.
func pipSpec(name string) Spec {
	gs, gl := "vqV", "verbose quiet isolated no-input disable-pip-version-check no-color require-virtualenv no-cache-dir timeout= retries= proxy= trusted-host= cert= exists-action= version help"
	deny := "python log cache-dir client-cert use-feature use-deprecated keyring-provider"
	why := map[string]string{"--python": "pip --python runs another interpreter", "--log": "pip --log writes a file", "--cache-dir": "pip --cache-dir writes a cache where it is told"}
	sub := func(n, short, long string) Spec {
		return Spec{Name: n, Short: gs + short, Long: w(gl + " " + long), Deny: w(deny), Why: why}
	}
	index := " index-url= extra-index-url= no-index find-links= pre"
	return Spec{Name: name, Short: gs, Long: w(gl), Deny: w(deny), Why: why, Subs: []Spec{
		sub("list", "oueli:f:", "outdated uptodate editable local user path= format= not-required exclude-editable include-editable exclude="+index),
		sub("show", "f", "files"),
		sub("freeze", "r:l", "requirement= local user path= all exclude-editable exclude="),
		sub("check", "", "path= user local"),
		sub("debug", "", "platform= python-version= implementation= abi="),
		sub("hash", "a:", "algorithm="),
		{Name: "cache", Short: gs, Long: w(gl), Deny: w(deny), Why: why, Subs: []Spec{
			sub("dir", "", ""), sub("info", "", ""), sub("list", "", "format="),
		}},
		{Name: "index", Short: gs, Long: w(gl), Deny: w(deny), Why: why, Subs: []Spec{
			sub("versions", "i:", "platform= python-version= implementation= abi= json"+index),
		}},
	}, Bare: true, Note: "list, show, freeze, check, debug, hash, cache dir/info/list, index versions, -V; not --python, --log, config (an index URL may hold a token), help (it runs a pager)"}
}

// goFlags reads a go command line: flags in the flag package's syntax
// (-name, --name, -name=value, -name value unless the flag is boolean),
// ending at the first word that is not a flag. vals lists the flags that
// take a value; bools, those that do not. It returns the flags, the rest,
// and why a flag is not allowed.
func goFlags(cmd string, args []Arg, vals, bools []string, why map[string]string) ([]Opt, []Arg, string) {
	var opts []Opt
	for i := 0; i < len(args); i++ {
		t := args[i].Text
		if t == "--" {
			return opts, args[i+1:], ""
		}
		if !strings.HasPrefix(t, "-") || t == "-" {
			for _, a := range args[i:] {
				if strings.HasPrefix(a.Text, "-") {
					return nil, nil, cmd + " has a flag after its operands"
				}
			}
			return opts, args[i:], ""
		}
		name, v, hasEq := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(t, "-"), "-"), "=")
		switch {
		case contains(bools, name):
			if hasEq && v != "true" && v != "false" && name != "json" {
				return nil, nil, cmd + " -" + name + " takes true or false"
			}
			opts = append(opts, Opt{Name: "-" + name})
		case contains(vals, name):
			if !hasEq {
				if i+1 >= len(args) {
					return nil, nil, cmd + " -" + name + " needs a value"
				}
				i++
				v = args[i].Text
			}
			opts = append(opts, Opt{Name: "-" + name, Value: v, HasValue: true})
		default:
			if r, ok := why["-"+name]; ok {
				return nil, nil, r
			}
			return nil, nil, "unknown flag -" + name + " for " + cmd
		}
	}
	return opts, nil, ""
}

// goWhy explains the go flags auto mode refuses.
var goWhy = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"-toolexec": "go -toolexec runs a program", "-exec": "go -exec runs a program",
		"-export": "go list -export builds packages", "-compiled": "go list -compiled runs cgo and builds",
		"-w": "go env -w writes the go environment file", "-u": "go env -u writes the go environment file",
		"-http": "go doc -http starts a server and may download", "-overlay": "go -overlay replaces files",
		"-modfile": "go -modfile uses another go.mod", "-mod": "go -mod=mod may rewrite go.mod",
	}
})

// goBuildVals and goBuildBools are the build flags go list takes that
// change which packages it reads, not what it builds.
var (
	goBuildVals  = lazyWords("tags C pgo reuse f")
	goBuildBools = lazyWords("e m u versions retracted deps test find json trimpath v race msan asan cover")
)

// checkGo allows go version, go env (reading) and go doc, and go list
// without the flags that build or run programs.
func checkGo(c *Call) string {
	if len(c.Args) == 0 {
		return "go needs a subcommand"
	}
	sub, args := c.Args[0].Text, c.Args[1:]
	var vals, bools []string
	switch sub {
	case "version":
		bools = w("m v")
	case "env":
		bools = w("json changed")
	case "doc":
		bools = w("all c cmd short src u")
	case "list":
		vals, bools = goBuildVals(), goBuildBools()
	default:
		return "`go " + sub + "` is not a known read-only subcommand"
	}
	opts, _, r := goFlags("go "+sub, args, vals, bools, goWhy())
	if r != "" {
		return r
	}
	for _, o := range opts {
		if o.Name == "-C" {
			if r := insidePath(o.Value); r != "" {
				return "go -C " + r
			}
		}
	}
	return ""
}

// checkTerraform allows terraform's version query only: every other
// subcommand may load a provider, which runs its code.
func checkTerraform(c *Call) string {
	args := c.Args
	if len(args) > 0 && (args[0].Text == "version" || args[0].Text == "-version" || args[0].Text == "--version" || args[0].Text == "-v") {
		for _, a := range args[1:] {
			if a.Text != "-json" && a.Text != "--json" {
				return "terraform version takes only -json"
			}
		}
		return ""
	}
	if len(args) == 1 && (args[0].Text == "-help" || args[0].Text == "--help" || args[0].Text == "-h") {
		return ""
	}
	if len(args) > 0 && args[0].Text == "fmt" {
		return checkTerraformFmt(args[1:])
	}
	if len(args) >= 2 && (args[0].Text == "state" && args[1].Text == "list" || args[0].Text == "workspace" && (args[1].Text == "list" || args[1].Text == "show")) {
		for _, a := range args[2:] {
			if strings.HasPrefix(a.Text, "-") && !slices.Contains([]string{"-id", "-no-color"}, a.Text) && !strings.HasPrefix(a.Text, "-id=") {
				return "terraform " + args[0].Text + " " + args[1].Text + " " + a.Text + " is not allowed"
			}
			if args[0].Text == "workspace" {
				return "terraform workspace " + args[1].Text + " takes no operand here"
			}
		}
		return ""
	}
	return "terraform is only allowed as version, state list, workspace list|show and fmt -check (other subcommands load providers, which runs their code)"
}

// checkTerraformFmt allows terraform fmt that writes nothing: -check or
// -write=false, with the flags that only choose what to read or show.
func checkTerraformFmt(args []Arg) string {
	reads := false
	for _, a := range args {
		t := a.Text
		switch {
		case t == "-check" || t == "-check=true" || t == "-write=false":
			reads = true
		case t == "-diff" || t == "-recursive" || t == "-no-color" || t == "-list=false" || t == "-list=true" || t == "-diff=true" || t == "-recursive=true":
		case strings.HasPrefix(t, "-"):
			return "terraform fmt " + t + " is not allowed"
		}
	}
	if !reads {
		return "terraform fmt writes the files it reformats unless -check or -write=false"
	}
	return ""
}
