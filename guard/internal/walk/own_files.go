package walk

import (
	"path"
	"strings"

	"guardsh/guard/internal/rules"
	"guardsh/internal/argv"
)

// The line's own files. A script that makes a file and then deletes it,
// empties it or makes it executable touches nothing of anyone else's:
//
//	t=$(mktemp ./x.XXXX); echo data > "$t"; rm -f "$t"
//	echo 'echo hi' > run.sh; chmod +x run.sh
//	mkdir -p build/out; ...; rm -rf build
//	: > new.log   (a file that does not exist yet: it creates, it empties nothing)
//
// A path is the line's own when the line made it and it did not exist
// before the line ran (State.Exists says so; mktemp's names are new by
// construction), or, at run time, when State.Own says the running line
// made it. rm, rmdir, chmod (without setuid, setgid or sticky bits) and
// truncation of own paths only are not flagged. Once the line runs a
// program that could turn an own path into a link to something else (ln,
// cp, mv, tar, an interpreter, a script, a program guardsh does not know),
// nothing stays the line's own.

// ownRules are the rules an operation on the line's own paths leaves out.
var ownRules = map[string]bool{rules.RuleRm: true, rules.RuleRmRf: true, "chmod": true, rules.RuleTruncateFile: true}

// ownKeeping are the programs that cannot turn a path into a link to
// another file: after them, the line's own paths stay its own. (Not sed:
// its e command runs programs.)
var ownKeeping = map[string]bool{
	"echo": true, "printf": true, "cat": true, "ls": true, "grep": true, "wc": true, "sort": true,
	"uniq": true, "head": true, "tail": true, "cut": true, "tr": true, "true": true,
	"false": true, ":": true, "test": true, "[": true, "sleep": true, "wait": true, "kill": true,
	"read": true, "cd": true, "pwd": true, "export": true, "local": true, "declare": true,
	"readonly": true, "typeset": true, "set": true, "shift": true, "return": true, "exit": true,
	"trap": true, "stat": true, "diff": true, "cmp": true, "date": true, "basename": true,
	"dirname": true, "seq": true, "tee": true, "command": true, "type": true, "hash": true,
	"getopts": true, "readlink": true, "realpath": true, "id": true, "uname": true, "jobs": true,
	"rm": true, "rmdir": true, "chmod": true, "touch": true, "mkdir": true, "mktemp": true,
	"truncate": true, "unset": true, "mapfile": true, "readarray": true, "let": true,
	"shopt": true, "umask": true, "pushd": true, "popd": true, "printenv": true, "env": true,
	"xargs": true, "find": true, "md5sum": true, "sha256sum": true, "file": true, "du": true,
	"df": true, "nl": true, "fold": true, "paste": true, "join": true, "comm": true, "rev": true,
	"yes": true, "expr": true, "bc": true, "base64": true, "od": true, "xxd": true, "hexdump": true,
}

// ownKey is the path the walker keeps for p in dir: absolute when dir is
// known, cleaned; "" for a path that is no file of the line's (/dev,
// /proc, /sys, the root).
func ownKey(p, dir string) string {
	if p == "" {
		return ""
	}
	if !path.IsAbs(p) {
		if dir == "" {
			return ""
		}
		p = path.Join(dir, p)
	}
	p = path.Clean(p)
	for _, sys := range []string{"/dev", "/proc", "/sys"} {
		if p == sys || strings.HasPrefix(p, sys+"/") {
			return ""
		}
	}
	if p == "/" {
		return ""
	}
	return p
}

// exists reports that p may exist before the line runs: true unless the
// state says it does not.
func (sc *scope) exists(p string) bool {
	return sc.st.Exists == nil || sc.st.Exists(p)
}

// addOwn records p as the line's own, a directory when dir is set, if it
// did not exist before the line (new: made new by construction, as by
// mktemp).
func (w *walker) addOwn(p string, dir, isNew bool, sc *scope) {
	k := ownKey(p, sc.dir)
	if k == "" || w.ownOff || !isNew && sc.exists(k) {
		return
	}
	if w.own == nil {
		w.own = map[string]bool{}
	}
	w.own[k] = w.own[k] || dir
}

// isOwn reports that p is the line's own or inside a directory that is.
func (w *walker) isOwn(p string, sc *scope) bool {
	k := ownKey(p, sc.dir)
	if k == "" || w.ownOff {
		return false
	}
	if sc.st.Own != nil && sc.st.Own(k) {
		return true
	}
	if _, ok := w.own[k]; ok {
		return true
	}
	for d := path.Dir(k); d != "/" && d != "."; d = path.Dir(d) {
		if w.own[d] {
			return true
		}
	}
	return false
}

// ownTargets reports that every path c deletes, empties or changes the
// mode of is the line's own, so that ownRules leave it alone.
func (w *walker) ownTargets(c *Command, sc *scope) bool {
	if w.ownOff {
		return false
	}
	redirected := false
	for _, r := range c.Redirects {
		if !r.Write || !r.Truncate {
			continue
		}
		k := ownKey(r.Target.Value, sc.dir)
		if r.Target.Known && k == "" && isDevPath(r.Target.Value) {
			continue // 2>/dev/null empties nothing
		}
		if !r.Target.Known || k == "" || !w.isOwn(r.Target.Value, sc) && sc.exists(k) {
			return false
		}
		redirected = true
	}
	var targets []Word
	switch c.Name() {
	case "rm", "rmdir", "unlink":
		targets = operands(c.Args[1:], nil, false)
	case "chmod":
		ops := operands(c.Args[1:], nil, true)
		if len(ops) < 2 || !ops[0].Known || strings.ContainsAny(ops[0].Value, "st") || setIDMode(ops[0].Value) {
			return false
		}
		targets = ops[1:]
	case "truncate":
		targets = operands(c.Args[1:], map[string]bool{"-s": true, "--size": true, "-r": true, "--reference": true}, false)
	case "", ":", "true", "echo", "printf", "cat":
		// Only their redirects empty anything.
		return redirected
	default:
		return false
	}
	if len(targets) == 0 {
		return false
	}
	for _, t := range targets {
		if !t.Known || t.Glob || !w.isOwn(t.Value, sc) {
			return false
		}
	}
	return true
}

// operands returns a command's words that are not options; valued names
// the options that take the next word.
func operands(args []Word, valued map[string]bool, modes bool) []Word {
	var ops []Word
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a.Known && a.Value == "--":
			return append(ops, args[i+1:]...)
		case a.Known && valued[a.Value]:
			i++
		case a.Known && argv.IsOption(a.Value) && !(modes && len(ops) == 0 && modeLike(a.Value)):
		default:
			ops = append(ops, a)
		}
	}
	return ops
}

// modeLike reports a chmod mode that starts with '-' (-x, -w).
func modeLike(s string) bool {
	return strings.Trim(s[1:], "rwxXugo") == ""
}

// setIDMode reports an octal mode with setuid, setgid or sticky bits.
func setIDMode(m string) bool {
	if strings.Trim(m, "01234567") != "" {
		return false
	}
	return len(m) >= 4 && strings.TrimLeft(m, "0") != "" && len(strings.TrimLeft(m, "0")) >= 4
}

// noteOwn records what c makes (its redirects' new targets, touch and
// mkdir's new operands), after c's rules ran, and drops every own path
// when c could make a link out of one.
func (w *walker) noteOwn(c *Command, sc *scope) {
	if w.ownOff {
		return
	}
	name := c.Name()
	if len(c.Args) > 0 && (!c.Args[0].Known || !ownKeeping[name] || strings.Contains(c.Args[0].Value, "/")) {
		if _, fn := w.funcs[name]; !fn || !c.Args[0].Known {
			w.ownOff, w.own = true, nil
			return
		}
	}
	w.noteOwnRedirects(c, sc)
	switch name {
	case "touch":
		for _, t := range operands(c.Args[1:], map[string]bool{"-d": true, "-r": true, "-t": true}, false) {
			if t.Known && !t.Glob {
				w.addOwn(t.Value, false, false, sc)
			}
		}
	case "mkdir":
		for _, t := range operands(c.Args[1:], map[string]bool{"-m": true}, false) {
			if !t.Known || t.Glob {
				continue
			}
			// The topmost new directory: all under it is new too.
			k := ownKey(t.Value, sc.dir)
			for k != "" && path.Dir(k) != "/" && !sc.exists(path.Dir(k)) {
				k = path.Dir(k)
			}
			w.addOwn(k, true, false, sc)
		}
	}
}

// noteOwnRedirects records the new files c's redirects make.
func (w *walker) noteOwnRedirects(c *Command, sc *scope) {
	for _, r := range c.Redirects {
		if r.Write && r.Target.Known {
			w.addOwn(r.Target.Value, false, false, sc)
		}
	}
}

// isDevPath reports a path under /dev, /proc or /sys.
func isDevPath(p string) bool {
	p = path.Clean(p)
	return strings.HasPrefix(p, "/dev/") || strings.HasPrefix(p, "/proc/") || strings.HasPrefix(p, "/sys/")
}
