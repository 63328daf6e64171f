package walk

import (
	"path"
	"strings"

	"guardsh/internal/argv"
	"mvdan.cc/sh/v3/syntax"
)

// mktempValue returns the name `$(mktemp ...)` stands for: a new file (a
// directory with -d) under its template's directory, the random part
// left as the template's X's. ok is false for any other word.
func mktempValue(wd *syntax.Word, sc *scope) (name string, dir, ok bool) {
	if wd == nil {
		return "", false, false
	}
	parts := wd.Parts
	if len(parts) == 1 {
		if dq, isDq := parts[0].(*syntax.DblQuoted); isDq {
			parts = dq.Parts
		}
	}
	if len(parts) != 1 {
		return "", false, false
	}
	cs, isCs := parts[0].(*syntax.CmdSubst)
	if !isCs || len(cs.Stmts) != 1 || cs.Stmts[0].Background || cs.Stmts[0].Negated {
		return "", false, false
	}
	call, isCall := cs.Stmts[0].Cmd.(*syntax.CallExpr)
	if !isCall || len(call.Assigns) > 0 || len(call.Args) == 0 || call.Args[0].Lit() != "mktemp" {
		return "", false, false
	}
	for _, r := range cs.Stmts[0].Redirs {
		if r.Op != syntax.RdrOut || r.N == nil || r.N.Value != "2" {
			return "", false, false // only 2>/dev/null and the like
		}
	}
	tmpdir, _ := lookupVar(sc.st, "TMPDIR")
	if tmpdir == "" {
		tmpdir = "/tmp"
	}
	base, under, suffix := "", "", ""
	useTmp := false
	args := call.Args[1:]
	for i := 0; i < len(args); i++ {
		a, lit := unquoted(args[i])
		if !lit {
			return "", false, false
		}
		switch {
		case a == "-d" || a == "--directory":
			dir = true
		case a == "-q" || a == "--quiet" || a == "-u" || a == "--dry-run":
			if a == "-u" || a == "--dry-run" {
				return "", false, false // prints a name, makes nothing
			}
		case a == "-t":
			useTmp = true
		case a == "-p":
			if i+1 >= len(args) {
				return "", false, false
			}
			i++
			v, lit := unquoted(args[i])
			if !lit {
				return "", false, false
			}
			under = v
		case strings.HasPrefix(a, "--tmpdir="):
			under = a[len("--tmpdir="):]
		case a == "--tmpdir":
			useTmp = true
		case strings.HasPrefix(a, "--suffix="):
			suffix = a[len("--suffix="):]
		case argv.IsOption(a):
			if strings.Trim(a[1:], "dqt") != "" {
				return "", false, false
			}
			dir = dir || strings.Contains(a, "d")
			useTmp = useTmp || strings.Contains(a, "t")
		default:
			if base != "" {
				return "", false, false
			}
			base = a
		}
	}
	if strings.Contains(suffix, "/") {
		return "", false, false
	}
	if base == "" {
		base, useTmp = "tmp.XXXXXXXXXX", true
	}
	if !strings.HasSuffix(base, "XXX") {
		return "", false, false
	}
	switch {
	case under != "":
		if strings.Contains(base, "/") {
			return "", false, false
		}
		name = path.Join(under, base)
	case useTmp && !strings.Contains(base, "/"):
		name = path.Join(tmpdir, base)
	case useTmp:
		return "", false, false
	default:
		name = base
		if !strings.Contains(base, "/") {
			name = "./" + base
		}
	}
	name += suffix
	if !path.IsAbs(name) && sc.dir != "" {
		name = path.Join(sc.dir, name)
	}
	return name, dir, true
}
