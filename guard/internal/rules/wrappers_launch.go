package rules

import (
	"strings"

	"guardsh/internal/argv"
)

// The package launchers (npx, pnpm dlx, yarn dlx, bunx, uvx, pipx run; npm
// exec, pnpm exec, yarn exec, uv run, poetry run, pdm run, bundle exec)
// are wrappers: the command they run is classified as itself, with every
// reading of their options (internal/argv's grammar, which the run-time
// check reads too). A launcher that fetches a package from a registry and
// runs its code is a finding of its own, launcher_fetch.

const RuleLauncherFetch = "launcher_fetch"

// launcherRules is the rule of a launcher that fetches and runs a package.
func launcherRules() []Builtin {
	return []Builtin{{
		Rule: Rule{Name: RuleLauncherFetch, Level: Medium,
			Description: "npx, npm exec, pnpm dlx, yarn dlx, bunx, uvx, uv run --with or pipx run fetches a package from its registry when it is not installed and runs its code, with the user's rights; whether it is installed is only known when the line runs",
			Example:     "npx create-react-app my-app"},
		Progs: argv.LauncherNames(),
		Check: checkLauncherFetch,
	}}
}

// checkLauncherFetch finds a launcher that may fetch a package.
func checkLauncherFetch(c *Command) []Hit {
	if len(c.Args) == 0 {
		return nil
	}
	vs, known := WordValues(c.Args[1:])
	lns, ok := argv.Launcher(c.Name(), vs, known)
	if !ok {
		return nil
	}
	for _, ln := range lns {
		if ln.Fetch {
			pkgs := strings.ReplaceAll(strings.Join(ln.Packages, ", "), Unknown, "…")
			return hit(ln.Label + " fetches " + pkgs + " from the registry when it is not installed, and runs its code with your rights")
		}
	}
	return nil
}

// LauncherInners returns the command each reading of a launcher's words
// runs; ok is false when the words are not a launcher's (npm install).
func LauncherInners(name string, args []Word) ([]Inner, bool) {
	vs, known := WordValues(args)
	lns, ok := argv.Launcher(name, vs, known)
	if !ok {
		return nil, false
	}
	var ins []Inner
	for _, ln := range lns {
		mark := Inner{Label: ln.Label, Unknown: FirstUnknown(ln.Unknown), Truncated: ln.Truncated}
		if mark.Unknown != "" || mark.Truncated {
			ins = append(ins, mark)
		}
		for _, cd := range ln.Codes {
			cw := args[cd.Index]
			if cd.Offset > 0 {
				cw.Value = cw.Value[cd.Offset:]
				cw.Known = cw.Known && !strings.Contains(cw.Value, Unknown)
			}
			ins = append(ins, Inner{Label: ln.Label + " -c", Code: &cw})
		}
		if ln.Cmd >= len(args) {
			continue
		}
		rest := args[ln.Cmd:]
		switch {
		case ln.Shell:
			code := JoinWords(rest)
			ins = append(ins, Inner{Label: ln.Label + " -c", Code: &code})
			continue
		case ln.Module:
			rest = append([]Word{Lit("python3"), Lit("-m")}, rest...)
		case ln.Bin != "" && rest[0].Known:
			rest = append([]Word{Lit(ln.Bin)}, rest[1:]...)
		}
		ins = append(ins, Inner{Label: ln.Label, Args: rest, Stdin: true})
	}
	return ins, true
}

// RimrafInner: `rimraf [options] PATH...` deletes each path and what is
// under it, as rm -rf does; it is presented to the rules as that rm.
func RimrafInner(args []Word) []Inner {
	var paths []Word
	opts := true
	for _, a := range args {
		if opts && a.Known && a.Value == "--" {
			opts = false
			continue
		}
		if opts && a.Known && argv.IsOption(a.Value) {
			switch a.Value {
			case "-h", "--help", "-V", "--version":
				return nil
			}
			continue
		}
		paths = append(paths, a)
	}
	if len(paths) == 0 {
		return nil
	}
	return []Inner{{Label: "rimraf", Args: append([]Word{Lit("rm"), Lit("-rf"), Lit("--")}, paths...)}}
}
