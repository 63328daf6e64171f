package argv

import (
	"sort"
	"strings"
)

// The package launchers: programs that run a command from a package,
// fetching the package from its registry first when it is not installed
// (npx, pnpm dlx, yarn dlx, bunx, uvx, pipx run), or that run a command
// in a project's environment (npm exec of an installed bin, pnpm exec,
// yarn exec, uv run, poetry run, pdm run, bundle exec). Each grammar was
// read from the program's documentation (docs.npmjs.com npm-exec, pnpm.io
// cli/dlx and cli/exec, yarnpkg.com cli/dlx and cli/exec, bun.sh bunx,
// docs.astral.sh uv reference, pipx.pypa.io, python-poetry.org cli,
// pdm-project.org cli, bundler.io bundle-exec). Options the grammars do
// not list are read every way, as a wrapper's are.
//
// cargo run and go run are not launchers: the words after them are the
// arguments of the program they build, not a command. go run of a remote
// package (go run pkg@version) fetches and runs its code: a row says so.

// launcher is one launcher's grammar.
type launcher struct {
	// label names it in findings: "npx", "npm exec".
	label string
	// sub is the subcommand path after the program's own options ("exec",
	// "tool run"); empty for a program that is the launcher (npx).
	sub []string
	// spec is its options, read before the subcommand and after it (npm
	// and pnpm take their options on either side).
	spec *Spec
	// fetch reports that it fetches the package from a registry when it is
	// not installed, and runs its code.
	fetch bool
	// noFetch are options after which nothing is fetched (npx --no).
	noFetch []string
	// pkg are the options naming the packages to fetch (-p, --package,
	// --from); with one, the first operand is the command as written.
	pkg []string
	// with are options naming more packages to fetch (uv run --with).
	with []string
	// call are the options whose value is shell code (npx -c CODE).
	call []string
	// shell are the flags that make the command's words shell code
	// (pnpm -c).
	shell []string
	// module are the flags that make the command a Python module (uv run -m).
	module []string
	// bin reports that the first operand is a package specification
	// (name@version) whose command has the package's name.
	bin bool
	// python reports Python package specifications (ruff==0.4, black[d]).
	python bool
	// script reports that the command's words are always a shell script
	// (yarn exec runs its words in its portable shell, the words after the
	// first appended to the script's last command).
	script bool
}

var (
	npxSpec = Spec{
		Flags: "ygdsq", Valued: "pcw", Stop: "hv",
		LongFlags: []string{"yes", "no", "no-install", "workspaces", "ws", "include-workspace-root", "ignore-scripts", "global", "silent", "quiet",
			"offline", "prefer-online", "prefer-offline", "no-audit", "no-fund", "foreground-scripts", "legacy-peer-deps"},
		LongValued: []string{"package", "call", "workspace", "registry", "cache", "userconfig", "globalconfig", "prefix", "loglevel", "script-shell", "node-options"},
		LongStop:   []string{"help", "version"},
	}
	// npmSpec is npm's: -p is --parseable there, --package has no short form.
	npmSpec = Spec{
		Flags: "ygdsqpD", Valued: "cwC", Stop: "hv",
		LongFlags:  npxSpec.LongFlags,
		LongValued: npxSpec.LongValued,
		LongStop:   []string{"help", "version", "usage"},
	}
	pnpmSpec = Spec{
		Flags: "cswrn", Valued: "CF", Stop: "hv",
		LongFlags: []string{"shell-mode", "silent", "workspace-root", "recursive", "parallel", "report-summary", "reverse", "stream",
			"aggregate-output", "no-bail", "bail", "no-reporter-hide-prefix", "offline", "prefer-offline", "ignore-scripts"},
		LongValued: []string{"package", "allow-build", "dir", "filter", "resume-from", "workspace-concurrency", "reporter", "loglevel", "registry", "config"},
		LongStop:   []string{"help", "version"},
	}
	yarnSpec = Spec{
		Flags: "q", Valued: "p", Stop: "hv",
		LongFlags: []string{"quiet"}, LongValued: []string{"package", "cwd"}, LongStop: []string{"help", "version"},
	}
	bunSpec = Spec{
		Valued: "p", Stop: "hv",
		LongFlags:  []string{"bun", "no-install", "verbose", "silent"},
		LongValued: []string{"package", "cwd", "config"},
		LongStop:   []string{"help", "version"},
	}
	uvCommon = []string{"quiet", "verbose", "no-cache", "offline", "native-tls", "no-progress", "isolated", "no-env-file", "upgrade", "refresh",
		"reinstall", "compile-bytecode", "no-build", "no-python-downloads", "managed-python", "no-managed-python", "no-config", "preview", "no-preview"}
	uvValued = []string{"python", "with", "with-editable", "with-requirements", "index", "default-index", "index-url", "extra-index-url", "find-links",
		"cache-dir", "directory", "project", "config-file", "color", "python-preference", "env-file", "index-strategy", "keyring-provider",
		"resolution", "prerelease", "exclude-newer", "link-mode", "upgrade-package", "reinstall-package", "refresh-package", "allow-insecure-host", "no-binary-package", "no-build-package"}
	uvxSpec = Spec{
		Flags: "qvnU", Valued: "pwif", Stop: "hV",
		LongFlags:  append([]string{"no-binary"}, uvCommon...),
		LongValued: append([]string{"from", "constraints", "overrides", "build-constraints"}, uvValued...),
		LongStop:   []string{"help", "version"},
	}
	uvRunSpec = Spec{
		Flags: "qvnUms", Valued: "pwif", Stop: "hV",
		LongFlags: append([]string{"module", "script", "gui-script", "no-sync", "locked", "frozen", "no-dev", "dev", "all-extras", "all-packages",
			"active", "no-active", "no-project", "exact", "no-editable", "all-groups", "no-default-groups"}, uvCommon...),
		LongValued: append([]string{"package", "extra", "no-extra", "group", "only-group", "no-group"}, uvValued...),
		LongStop:   []string{"help", "version"},
	}
	pipxRunSpec = Spec{
		Flags: "qve", Valued: "i", Stop: "h",
		LongFlags:  []string{"no-cache", "pypi", "path", "system-site-packages", "quiet", "verbose", "editable"},
		LongValued: []string{"spec", "python", "index-url", "pip-args", "backend"},
		LongStop:   []string{"help", "version"},
	}
	poetrySpec = Spec{
		Flags: "qvn", Valued: "CP", Stop: "hV",
		LongFlags:  []string{"quiet", "verbose", "no-interaction", "no-plugins", "no-cache", "ansi", "no-ansi"},
		LongValued: []string{"directory", "project"},
		LongStop:   []string{"help", "version"},
	}
	pdmSpec = Spec{
		Flags: "vqgsr", Valued: "p", Stop: "hlj",
		LongFlags:  []string{"verbose", "quiet", "global", "site-packages", "recreate", "reuse-env"},
		LongValued: []string{"project", "skip", "venv"},
		LongStop:   []string{"help", "version", "list", "json"},
	}
	bundleSpec = Spec{
		Flags: "V", Valued: "r", Stop: "hv",
		LongFlags:  []string{"keep-file-descriptors", "no-color", "verbose"},
		LongValued: []string{"gemfile", "retry"},
		LongStop:   []string{"help", "version"},
	}
)

// launchers maps a program's name to the launchers it is.
var launchers = map[string][]launcher{
	"npx": {{label: "npx", spec: &npxSpec, fetch: true, noFetch: []string{"no", "no-install"}, pkg: []string{"p", "package"}, call: []string{"c", "call"}, bin: true}},
	"npm": {
		{label: "npm exec", sub: []string{"exec"}, spec: &npmSpec, fetch: true, noFetch: []string{"no", "no-install"}, pkg: []string{"package"}, call: []string{"c", "call"}, bin: true},
		{label: "npm x", sub: []string{"x"}, spec: &npmSpec, fetch: true, noFetch: []string{"no", "no-install"}, pkg: []string{"package"}, call: []string{"c", "call"}, bin: true},
	},
	"pnpx": {{label: "pnpx", spec: &pnpmSpec, fetch: true, pkg: []string{"package"}, shell: []string{"c", "shell-mode"}, bin: true}},
	"pnpm": {
		{label: "pnpm dlx", sub: []string{"dlx"}, spec: &pnpmSpec, fetch: true, pkg: []string{"package"}, shell: []string{"c", "shell-mode"}, bin: true},
		{label: "pnpm exec", sub: []string{"exec"}, spec: &pnpmSpec, shell: []string{"c", "shell-mode"}},
	},
	"yarn": {
		{label: "yarn dlx", sub: []string{"dlx"}, spec: &yarnSpec, fetch: true, pkg: []string{"p", "package"}, bin: true},
		{label: "yarn exec", sub: []string{"exec"}, spec: &yarnSpec, script: true},
	},
	"bunx": {{label: "bunx", spec: &bunSpec, fetch: true, noFetch: []string{"no-install"}, pkg: []string{"p", "package"}, bin: true}},
	"bun":  {{label: "bun x", sub: []string{"x"}, spec: &bunSpec, fetch: true, noFetch: []string{"no-install"}, pkg: []string{"p", "package"}, bin: true}},
	"uvx":  {{label: "uvx", spec: &uvxSpec, fetch: true, noFetch: []string{"offline"}, pkg: []string{"from"}, with: []string{"w", "with", "with-editable", "with-requirements"}, bin: true, python: true}},
	"uv": {
		{label: "uv tool run", sub: []string{"tool", "run"}, spec: &uvxSpec, fetch: true, noFetch: []string{"offline"}, pkg: []string{"from"}, with: []string{"w", "with", "with-editable", "with-requirements"}, bin: true, python: true},
		{label: "uv run", sub: []string{"run"}, spec: &uvRunSpec, noFetch: []string{"offline"}, with: []string{"w", "with", "with-editable", "with-requirements"}, module: []string{"m", "module"}},
	},
	"pipx":    {{label: "pipx run", sub: []string{"run"}, spec: &pipxRunSpec, fetch: true, pkg: []string{"spec"}, bin: true, python: true}},
	"poetry":  {{label: "poetry run", sub: []string{"run"}, spec: &poetrySpec}},
	"pdm":     {{label: "pdm run", sub: []string{"run"}, spec: &pdmSpec}},
	"bundle":  {{label: "bundle exec", sub: []string{"exec"}, spec: &bundleSpec}},
	"bundler": {{label: "bundle exec", sub: []string{"exec"}, spec: &bundleSpec}},
}

// Launch is one reading of a package launcher's command line.
type Launch struct {
	// Label names the launcher: "npx", "pnpm dlx".
	Label string
	// Cmd is the index of the command's first word; len(args) when there
	// is none.
	Cmd int
	// Bin, when not empty, is the name of the command args[Cmd] stands
	// for: the package's own command (npx wrangler@3 runs wrangler).
	Bin string
	// Codes are option values run as shell code (npx -c CODE).
	Codes []Code
	// Shell reports that the words from Cmd on are joined and run as
	// shell code (pnpm -c dlx).
	Shell bool
	// Module reports that args[Cmd] is a Python module run with the words
	// after it (uv run -m).
	Module bool
	// Fetch reports that the launcher may fetch Packages from a registry
	// and run their code.
	Fetch bool
	// Packages are the packages it fetches, as written.
	Packages []string
	// Stopped reports an option after which nothing runs (--help).
	Stopped bool
	// Unknown lists the options the grammar does not know.
	Unknown []string
	// Truncated reports that the readings were bounded (see Reading).
	Truncated bool
}

// LauncherNames returns the names of the programs that are launchers, sorted.
func LauncherNames() []string {
	names := make([]string, 0, len(launchers))
	for n := range launchers {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// IsLauncher reports a program that is a package launcher with some
// subcommand (npx; npm, which is one with exec).
func IsLauncher(name string) bool { return launchers[name] != nil }

// Launcher returns every reading of a package launcher's command line:
// name is the program, args the words after it; known reports which words
// are known before the line runs (nil: all). ok is false when the line is
// not a launcher's (npm install, poetry add).
func Launcher(name string, args []string, known func(int) bool) (out []Launch, ok bool) {
	for _, l := range launchers[name] {
		if len(l.sub) == 0 {
			ok = true
			for _, r := range l.spec.Parse(args, known) {
				out = append(out, l.launch(args, r))
			}
			continue
		}
		for _, g := range l.spec.Parse(args, known) {
			if g.Stopped {
				continue
			}
			if !wordsAre(args, g.Cmd, l.sub, known) {
				// A word only known at run time could be an option (npm
				// "$OPTS" exec CMD): the subcommand may follow it.
				j := g.Cmd
				for j < len(args) && known != nil && (!known(j) || strings.HasPrefix(args[j], "-")) {
					j++
				}
				if j == g.Cmd || !wordsAre(args, j, l.sub, known) {
					continue
				}
				g = fork(g)
				g.Unknown = append(g.Unknown, args[g.Cmd])
				g.Cmd = j
			}
			ok = true
			start := g.Cmd + len(l.sub)
			var kn func(int) bool
			if known != nil {
				kn = func(j int) bool { return known(start + j) }
			}
			for _, r := range l.spec.Parse(args[start:], kn) {
				r = shiftReading(r, start)
				r.Opts = append(append([]Opt(nil), g.Opts...), r.Opts...)
				r.Unknown = append(append([]string(nil), g.Unknown...), r.Unknown...)
				r.Truncated = r.Truncated || g.Truncated
				out = append(out, l.launch(args, r))
			}
		}
	}
	return out, ok
}

// wordsAre reports that the words from i on are want, each known.
func wordsAre(args []string, i int, want []string, known func(int) bool) bool {
	if i+len(want) > len(args) {
		return false
	}
	for k, w := range want {
		if known != nil && !known(i+k) || args[i+k] != w {
			return false
		}
	}
	return true
}

// shiftReading moves a reading's indexes by off words.
func shiftReading(r Reading, off int) Reading {
	r.Cmd += off
	opts := make([]Opt, len(r.Opts))
	for i, o := range r.Opts {
		o.Index += off
		if o.ValueIndex >= 0 {
			o.ValueIndex += off
		}
		opts[i] = o
	}
	r.Opts = opts
	ops := make([]int, len(r.Operands))
	for i, o := range r.Operands {
		ops[i] = o + off
	}
	r.Operands = ops
	return r
}

// named reports an option read under one of names (short or long).
func named(o Opt, names []string) bool {
	for _, n := range names {
		if o.Name == n && o.Long == (len(n) > 1) {
			return true
		}
	}
	return false
}

// launch turns one reading of the launcher's options into what it runs.
func (l *launcher) launch(args []string, r Reading) Launch {
	ln := Launch{Label: l.label, Cmd: min(r.Cmd, len(args)), Stopped: r.Stopped, Unknown: r.Unknown, Truncated: r.Truncated}
	if r.Stopped {
		ln.Cmd = len(args)
		return ln
	}
	fetch, named0, with := l.fetch, false, false
	for _, o := range r.Opts {
		off := o.HasValue && o.ValueIndex < 0 && strings.EqualFold(o.Value, "false")
		switch {
		case named(o, l.noFetch) && !off:
			fetch = false
		case o.Long && o.Name == "yes" && off && l.label != "uvx":
			fetch = false // npx --yes=false is --no
		case named(o, l.pkg) && o.HasValue:
			ln.Packages = append(ln.Packages, o.Value)
			named0 = true
		case named(o, l.with) && o.HasValue:
			ln.Packages = append(ln.Packages, o.Value)
			with = true
		case named(o, l.call) && o.HasValue:
			if o.ValueIndex >= 0 {
				ln.Codes = append(ln.Codes, Code{Index: o.ValueIndex})
			} else {
				ln.Codes = append(ln.Codes, Code{Index: o.Index, Offset: len(args[o.Index]) - len(o.Value)})
			}
		case named(o, l.shell) && !off:
			ln.Shell = true
		case named(o, l.module) && !off:
			ln.Module = true
		}
	}
	if len(ln.Codes) > 0 {
		ln.Cmd = len(args) // -c may not be mixed with a command
	}
	ln.Shell = ln.Shell || l.script
	if l.bin && !named0 && len(ln.Codes) == 0 && ln.Cmd < len(args) {
		spec := args[ln.Cmd]
		ln.Packages = append(ln.Packages, spec)
		if b := binName(spec, l.python); b != spec {
			ln.Bin = b
		}
	}
	ln.Fetch = (fetch || with) && len(ln.Packages) > 0
	for _, o := range r.Opts {
		if named(o, l.noFetch) {
			ln.Fetch = false
		}
	}
	return ln
}

// binName returns the command a package specification provides: its name
// without scope or version (@scope/tool@2 → tool, ruff==0.4 → ruff); the
// specification itself when it is a path, a URL or a git address.
func binName(spec string, python bool) string {
	if strings.ContainsAny(spec, ":") || strings.HasPrefix(spec, ".") || strings.HasPrefix(spec, "/") {
		return spec
	}
	if python {
		if i := strings.IndexAny(spec, "@=<>!~[; "); i > 0 {
			return spec[:i]
		}
		return spec
	}
	name := spec
	if strings.HasPrefix(name, "@") {
		if i := strings.IndexByte(name, '/'); i > 0 {
			name = name[i+1:]
		}
	} else if strings.Contains(name, "/") {
		return spec // user/repo: a GitHub package
	}
	if i := strings.IndexByte(name, '@'); i > 0 {
		name = name[:i]
	}
	return name
}

// launcherCmds returns the commands a launcher's readings run, for Unwrap:
// shell code as sh -c CODE.
func launcherCmds(lns []Launch, args []string) (cmds [][]string, unknown []string) {
	for _, ln := range lns {
		if len(ln.Unknown) > 0 {
			unknown = append(unknown, ln.Unknown[0])
		}
		for _, c := range ln.Codes {
			cmds = append(cmds, []string{"sh", "-c", args[c.Index][c.Offset:]})
		}
		if ln.Cmd >= len(args) {
			continue
		}
		rest := append([]string(nil), args[ln.Cmd:]...)
		switch {
		case ln.Shell:
			cmds = append(cmds, []string{"sh", "-c", strings.Join(rest, " ")})
			continue
		case ln.Module:
			rest = append([]string{"python3", "-m"}, rest...)
		case ln.Bin != "":
			rest[0] = ln.Bin
		}
		cmds = append(cmds, rest)
	}
	return cmds, unknown
}
