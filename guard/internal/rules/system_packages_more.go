package rules

// Language package managers (pip, npm and the like) and pacman.

import (
	"strings"

	"guardsh/internal/argv"
)

// sysPythonVersion reports a python interpreter suffix: "", "3", "3.12".
func sysPythonVersion(s string) bool {
	for i := 0; i < len(s); i++ {
		if (s[i] < '0' || s[i] > '9') && s[i] != '.' {
			return false
		}
	}
	return true
}

func sysIsPip(name string) bool {
	return name == "pip" || (strings.HasPrefix(name, "pip") && sysPythonVersion(name[3:]))
}

func sysPip(args []Word) (sysPkgOp, string) {
	r := ReadOpts(args, &argv.Spec{Valued: "rceti", LongValued: []string{"requirement", "constraint", "editable", "target", "index-url", "extra-index-url", "find-links", "prefix", "root", "src", "upgrade-strategy", "platform", "python-version", "implementation", "abi", "log", "proxy", "retries", "timeout", "exists-action", "trusted-host", "cert", "client-cert", "cache-dir", "python", "progress-bar", "report", "config-settings", "global-option", "no-binary", "only-binary", "use-feature", "use-deprecated", "keyring-provider"}, LongStop: []string{"help", "version"}, Exact: true})
	if r.Info || len(r.Operands) == 0 || r.Has("dry-run") {
		return sysPkgNone, ""
	}
	switch r.Operands[0].Value {
	case "install":
		what := sysPkgWhat(r.Operands[1:])
		if w, ok := r.Last("r", "requirement"); ok {
			what = " from " + w.Value
		}
		return sysPkgInstall, " (Python)" + what
	case "uninstall":
		return sysPkgRemove, " (Python)" + sysPkgWhat(r.Operands[1:])
	}
	return sysPkgNone, ""
}

// sysNodePkg handles npm, pnpm, yarn and bun: uninstalls are removals,
// global installs are installs, project installs are safe.
func sysNodePkg(name string, args []Word) (sysPkgOp, string) {
	r := ReadOpts(args, &argv.Spec{Valued: "wC", Stop: "h", LongValued: []string{"prefix", "workspace", "registry", "cache", "userconfig", "cwd", "dir", "filter", "tag", "loglevel", "location"}, LongStop: []string{"help", "version"}, Exact: true})
	if r.Info || len(r.Operands) == 0 || r.Has("dry-run") {
		return sysPkgNone, ""
	}
	global := r.Has("g", "global")
	if w, ok := r.Last("location"); ok && w.Value == "global" {
		global = true
	}
	v, rest := r.Operands[0].Value, r.Operands[1:]
	if name == "yarn" && v == "global" && len(rest) > 0 {
		v, rest, global = rest[0].Value, rest[1:], true
	}
	switch v {
	case "uninstall", "un", "remove", "rm", "r", "unlink":
		if name == "npm" || name == "pnpm" || name == "bun" && v != "unlink" || v == "remove" {
			where := ""
			if global {
				where = " (global)"
			}
			return sysPkgRemove, where + sysPkgWhat(rest)
		}
	case "install", "i", "add", "isntall", "in", "ins", "inst", "insta", "instal", "isnt", "isnta", "isntal", "update", "up", "upgrade":
		if global {
			return sysPkgInstall, " globally" + sysPkgWhat(rest)
		}
	}
	return sysPkgNone, ""
}

// sysPacman handles pacman-style operations: -R removes, -S and -U install,
// -Ss, -Si, -Sl, -Sg, -Sp, -Sc and a bare -Sy only read or refresh. It
// reads the words itself: a capital letter in any bundle is the operation
// and the others its modifiers, which no getopt grammar says.
func sysPacman(args []Word) (sysPkgOp, string) {
	var op byte
	var mods []byte
	var targets []Word
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case v == "--help" || v == "-h" || v == "--version" || v == "-V":
			return sysPkgNone, ""
		case v == "--remove":
			op = 'R'
		case v == "--sync":
			op = 'S'
		case v == "--upgrade":
			op = 'U'
		case v == "--query" || v == "--database" || v == "--files" || v == "--deptest":
			op = 'Q'
		case v == "--print" || v == "--search" || v == "--info" || v == "--list" || v == "--groups" || v == "--clean":
			mods = append(mods, 'p')
		case v == "--sysupgrade":
			mods = append(mods, 'u')
		case v == "--root" || v == "--dbpath" || v == "--cachedir" || v == "--config" || v == "--arch" || v == "--gpgdir" || v == "--hookdir" || v == "--logfile" || v == "--assume-installed" || v == "--ignore" || v == "--ignoregroup" || v == "--overwrite" || v == "--print-format" || v == "--sysroot" || v == "-b" || v == "-r":
			i++
		// pacman's long options other than the operations read above are flags
		// here (see the comment on sysPacman).
		case strings.HasPrefix(v, "--"):
		case argv.IsOption(v):
			for j := 1; j < len(v); j++ {
				ch := v[j]
				if ch >= 'A' && ch <= 'Z' {
					op = ch
				} else {
					mods = append(mods, ch)
				}
			}
		default:
			targets = append(targets, args[i])
		}
	}
	for _, m := range mods {
		if m == 'h' {
			return sysPkgNone, "" // help
		}
	}
	switch op {
	case 'R':
		for _, m := range mods {
			if m == 'p' {
				return sysPkgNone, ""
			}
		}
		return sysPkgRemove, sysPkgWhat(targets)
	case 'U':
		for _, m := range mods {
			if m == 'p' {
				return sysPkgNone, ""
			}
		}
		return sysPkgInstall, sysPkgWhat(targets)
	case 'S':
		upgrade := false
		for _, m := range mods {
			switch m {
			case 's', 'i', 'l', 'g', 'p', 'c':
				return sysPkgNone, ""
			case 'u':
				upgrade = true
			}
		}
		if len(targets) > 0 || upgrade {
			return sysPkgInstall, sysPkgWhat(targets)
		}
	}
	return sysPkgNone, ""
}
