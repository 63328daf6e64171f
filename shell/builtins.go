package shell

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"syscall"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// ownBuiltins are the builtins guardsh provides itself: the interpreter
// lacks them (kill, umask, ulimit) or only has a stub (hash).
var ownBuiltins = map[string]bool{"kill": true, "umask": true, "ulimit": true, "hash": true}

// rewriteBuiltin turns a call of one of guardsh's own builtins into the
// marker the exec handler runs, and `exec CMD` as the last command into
// the marker that replaces the process. Other calls are left alone.
func (r *Runner) rewriteBuiltin(ctx context.Context, hc interp.HandlerContext, args []string) []string {
	name := args[0]
	if r.isFunc(name) {
		return args
	}
	switch name {
	case "command", "builtin":
		rest := args[1:]
		if name == "command" {
			for len(rest) > 0 && rest[0] == "-p" {
				rest = rest[1:]
			}
			if len(rest) > 0 && rest[0] == "-V" {
				return append([]string{markBuiltin, "type"}, rest[1:]...)
			}
		}
		if len(rest) > 0 && ownBuiltins[rest[0]] {
			return append([]string{markBuiltin}, rest...)
		}
		if name == "command" && len(rest) != len(args)-1 {
			return append([]string{"command"}, rest...)
		}
	case "type":
		for _, a := range args[1:] {
			if a == "--" || !strings.HasPrefix(a, "-") {
				break
			}
			if strings.ContainsAny(a, "af") {
				return append([]string{markBuiltin}, args...)
			}
		}
	case "exec":
		if len(args) > 1 && hc.Pos.IsValid() && hc.Pos == execLast(ctx) {
			return append([]string{markExec}, args[1:]...)
		}
	default:
		if ownBuiltins[name] {
			return append([]string{markBuiltin}, args...)
		}
	}
	return args
}

// builtin runs one of guardsh's own builtins.
func (r *Runner) builtin(ctx context.Context, hc interp.HandlerContext, args []string) error {
	if len(args) == 0 {
		return nil
	}
	var code int
	switch args[0] {
	case "kill":
		code = builtinKill(hc, args[1:])
	case "umask":
		code = builtinUmask(hc, args[1:])
	case "ulimit":
		code = builtinUlimit(hc, args[1:])
	case "hash":
		code = r.builtinHash(hc, args[1:])
	case "type":
		code = r.builtinType(hc, args[1:])
	default:
		fmt.Fprintf(hc.Stderr, "%s: unsupported builtin\n", args[0])
		code = 2
	}
	if code != 0 {
		return interp.ExitStatus(code)
	}
	return nil
}

// builtinType is bash's type, with -a (every match) and -f (no function
// lookup), which the interpreter lacks.
func (r *Runner) builtinType(hc interp.HandlerContext, args []string) int {
	all, noFunc, mode := false, false, ""
	i := 0
	for ; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			i++
			break
		}
		if !strings.HasPrefix(a, "-") || a == "-" {
			break
		}
		for _, f := range a[1:] {
			switch f {
			case 'a':
				all = true
			case 'f':
				noFunc = true
			case 't', 'p', 'P':
				mode = "-" + string(f)
			default:
				fmt.Fprintf(hc.Stderr, "type: -%c: invalid option\ntype: usage: type [-afptP] name [name ...]\n", f)
				return 2
			}
		}
	}
	status := 0
	for _, name := range args[i:] {
		found := false
		say := func(kind, long string) {
			found = true
			switch mode {
			case "-t":
				fmt.Fprintln(hc.Stdout, kind)
			case "-p", "-P":
			default:
				fmt.Fprintln(hc.Stdout, long)
			}
		}
		if mode != "-P" {
			if syntax.IsKeyword(name) {
				say("keyword", name+" is a shell keyword")
			}
			if !found || all {
				if r.isFunc(name) && !noFunc {
					say("function", name+" is a function")
				}
			}
			if !found || all {
				if interp.IsBuiltin(name) {
					say("builtin", name+" is a shell builtin")
				}
			}
		}
		if !found || all || mode == "-P" {
			for _, p := range lookAll(hc, name, all) {
				found = true
				switch mode {
				case "-t":
					fmt.Fprintln(hc.Stdout, "file")
				case "-p", "-P":
					fmt.Fprintln(hc.Stdout, p)
				default:
					fmt.Fprintf(hc.Stdout, "%s is %s\n", name, p)
				}
			}
		}
		if !found {
			if mode == "" {
				fmt.Fprintf(hc.Stderr, "type: %s: not found\n", name)
			}
			status = 1
		}
	}
	return status
}

// lookAll finds name in PATH: its first match, or every one.
func lookAll(hc interp.HandlerContext, name string, all bool) []string {
	if strings.Contains(name, "/") {
		if p, err := interp.LookPathDir(hc.Dir, hc.Env, name); err == nil {
			return []string{p}
		}
		return nil
	}
	var out []string
	for _, dir := range filepath.SplitList(hc.Env.Get("PATH").String()) {
		if dir == "" {
			dir = "."
		}
		p := filepath.Join(dir, name)
		if !filepath.IsAbs(p) {
			p = filepath.Join(hc.Dir, p)
		}
		fi, err := os.Stat(p)
		if err != nil || fi.IsDir() || fi.Mode()&0o111 == 0 {
			continue
		}
		out = append(out, p)
		if !all {
			break
		}
	}
	return out
}

// builtinHash is bash's hash: it remembers where commands were found.
// The interpreter looks programs up on every call, so the table only
// answers what bash would print.
func (r *Runner) builtinHash(hc interp.HandlerContext, args []string) int {
	r.hashMu.Lock()
	defer r.hashMu.Unlock()
	if r.hash == nil {
		r.hash = map[string]string{}
	}
	var del, show, set bool
	var setPath string
	i := 0
	for ; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			i++
			break
		}
		if !strings.HasPrefix(a, "-") || a == "-" {
			break
		}
		switch a {
		case "-r":
			clear(r.hash)
		case "-d":
			del = true
		case "-t":
			show = true
		case "-l":
		case "-p":
			if i+1 >= len(args) {
				fmt.Fprintln(hc.Stderr, "hash: -p: option requires an argument")
				return 2
			}
			set, setPath = true, args[i+1]
			i++
		default:
			fmt.Fprintf(hc.Stderr, "hash: %s: invalid option\nhash: usage: hash [-lr] [-p pathname] [-dt] [name ...]\n", a)
			return 2
		}
	}
	names := args[i:]
	if len(names) == 0 {
		if del || show || set {
			return 0
		}
		if len(args) > 0 {
			return 0 // hash -r
		}
		if len(r.hash) == 0 {
			fmt.Fprintln(hc.Stdout, "hash: hash table empty")
			return 0
		}
		keys := make([]string, 0, len(r.hash))
		for k := range r.hash {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		fmt.Fprintln(hc.Stdout, "hits\tcommand")
		for _, k := range keys {
			fmt.Fprintf(hc.Stdout, "   0\t%s\n", r.hash[k])
		}
		return 0
	}
	status := 0
	for _, n := range names {
		switch {
		case set:
			r.hash[n] = setPath
		case del:
			if _, ok := r.hash[n]; !ok {
				fmt.Fprintf(hc.Stderr, "hash: %s: not found\n", n)
				status = 1
			}
			delete(r.hash, n)
		case show:
			p, ok := r.hash[n]
			if !ok {
				fmt.Fprintf(hc.Stderr, "hash: %s: not found\n", n)
				status = 1
				continue
			}
			if len(names) > 1 {
				fmt.Fprintf(hc.Stdout, "%s\t%s\n", n, p)
			} else {
				fmt.Fprintln(hc.Stdout, p)
			}
		default:
			if interp.IsBuiltin(n) || strings.Contains(n, "/") {
				continue
			}
			if r.isFunc(n) {
				continue
			}
			p, err := interp.LookPathDir(hc.Dir, hc.Env, n)
			if err != nil {
				fmt.Fprintf(hc.Stderr, "hash: %s: not found\n", n)
				status = 1
				continue
			}
			r.hash[n] = p
		}
	}
	return status
}

// builtinUmask is bash's umask: print (octal, or symbolic with -S, or as
// a command with -p) or set the file mode creation mask.
func builtinUmask(hc interp.HandlerContext, args []string) int {
	symbolic, asCmd := false, false
	for len(args) > 0 && strings.HasPrefix(args[0], "-") && len(args[0]) > 1 {
		for _, f := range args[0][1:] {
			switch f {
			case 'S':
				symbolic = true
			case 'p':
				asCmd = true
			default:
				fmt.Fprintf(hc.Stderr, "umask: -%c: invalid option\numask: usage: umask [-p] [-S] [mode]\n", f)
				return 2
			}
		}
		args = args[1:]
	}
	cur := syscall.Umask(0)
	syscall.Umask(cur)
	if len(args) == 0 {
		var s string
		if symbolic {
			s = symbolicMask(cur)
		} else {
			s = fmt.Sprintf("%04o", cur)
		}
		if asCmd {
			if symbolic {
				s = "-S " + s
			}
			s = "umask " + s
		}
		fmt.Fprintln(hc.Stdout, s)
		return 0
	}
	mask, err := parseMask(args[0], cur)
	if err != nil {
		fmt.Fprintf(hc.Stderr, "umask: %s: %v\n", args[0], err)
		return 1
	}
	syscall.Umask(mask)
	return 0
}

// symbolicMask renders a mask as the permissions it leaves: u=rwx,g=rx,o=rx.
func symbolicMask(mask int) string {
	perm := ^mask & 0o777
	var parts []string
	for i, who := range []string{"u", "g", "o"} {
		bits := perm >> (6 - 3*i) & 7
		s := who + "="
		if bits&4 != 0 {
			s += "r"
		}
		if bits&2 != 0 {
			s += "w"
		}
		if bits&1 != 0 {
			s += "x"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, ",")
}

// parseMask parses an octal mask or a symbolic mode (u=rwx,g+w,o-r) applied
// to the permissions the current mask leaves.
func parseMask(s string, cur int) (int, error) {
	if s != "" && s[0] >= '0' && s[0] <= '7' {
		var m int
		for _, c := range s {
			if c < '0' || c > '7' {
				return 0, fmt.Errorf("octal number out of range")
			}
			m = m*8 + int(c-'0')
			if m > 0o777 {
				return 0, fmt.Errorf("octal number out of range")
			}
		}
		return m, nil
	}
	perm := ^cur & 0o777
	for clause := range strings.SplitSeq(s, ",") {
		i := 0
		who := 0
		for ; i < len(clause) && strings.IndexByte("ugoa", clause[i]) >= 0; i++ {
			switch clause[i] {
			case 'u':
				who |= 0o700
			case 'g':
				who |= 0o070
			case 'o':
				who |= 0o007
			case 'a':
				who |= 0o777
			}
		}
		if who == 0 {
			who = 0o777
		}
		if i >= len(clause) || strings.IndexByte("=+-", clause[i]) < 0 {
			return 0, fmt.Errorf("invalid symbolic mode operator")
		}
		op := clause[i]
		bits := 0
		for _, c := range clause[i+1:] {
			switch c {
			case 'r':
				bits |= 0o444
			case 'w':
				bits |= 0o222
			case 'x':
				bits |= 0o111
			default:
				return 0, fmt.Errorf("invalid symbolic mode character")
			}
		}
		bits &= who
		switch op {
		case '=':
			perm = perm&^who | bits
		case '+':
			perm |= bits
		case '-':
			perm &^= bits
		}
	}
	return ^perm & 0o777, nil
}
