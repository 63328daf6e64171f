package walk

import (
	"path"
	"strings"

	"guardsh/guard/internal/rules"
	"guardsh/internal/argv"
)

// The grammars of su and runuser (util-linux). su's options may follow
// the user (su root -c CMD); runuser -u USER's end at the command.
var (
	suSpec = argv.Spec{
		Flags: "flmpPhV", Valued: "cgGsw",
		LongFlags:  []string{"fast", "login", "preserve-environment", "pty"},
		LongValued: []string{"command", "session-command", "group", "supp-group", "shell", "whitelist-environment"},
		LongStop:   []string{"help", "version"},
	}
	runuserSpec = argv.Spec{
		Flags: suSpec.Flags, Valued: suSpec.Valued + "u",
		LongFlags: suSpec.LongFlags, LongValued: append([]string{"user"}, suSpec.LongValued...), LongStop: suSpec.LongStop,
		Posix: true,
	}
)

// suInner: `su [-] [user] -c CMD` (also -lc, -c'CMD', --command=CMD),
// `runuser -u user [--] cmd`, `sg GROUP -c CMD` or `sg GROUP CMD`. Their
// options are read with internal/argv: a value (su -s/bin/csh) is no
// bundle of options.
func suInner(label string, args []Word) []rules.Inner {
	if label == "runuser" {
		// runuser -u USER [--] CMD: the options end at the command.
		s := argv.Getopt(&runuserSpec, args, rules.WordText)
		for _, o := range s.Opts {
			if (o.Name == "u" || o.Name == "user") && len(s.Operands) > 0 {
				return []rules.Inner{{Label: label, Args: args[s.Operands[0]:], Stdin: true}}
			}
		}
	}
	if label != "sg" {
		// su's form: -c CODE anywhere, the user among the options.
		s := argv.Getopt(&suSpec, args, rules.WordText)
		for _, o := range s.Opts {
			if (o.Name == "c" || o.Name == "command" || o.Name == "session-command") && o.HasValue {
				code := rules.OptWord(args, o)
				return []rules.Inner{{Label: label + " -c", Code: &code}}
			}
		}
		if label == "runuser" && s.DashDash >= 0 && s.DashDash < len(s.Operands) {
			return []rules.Inner{{Label: label, Args: args[s.Operands[s.DashDash]:], Stdin: true}}
		}
		return nil
	}
	for i, a := range args {
		// sg GROUP -c CMD: sg takes no other option.
		if a.Known && a.Value == "-c" && i+1 < len(args) {
			code := args[i+1]
			return []rules.Inner{{Label: label + " -c", Code: &code}}
		}
	}
	// sg GROUP CMD: sg has no options but -c (read above); CMD is the rest when it
	// is not one.
	if len(args) >= 2 && args[1].Known && !strings.HasPrefix(args[1].Value, "-") {
		code := rules.JoinWords(args[1:])
		return []rules.Inner{{Label: "sg", Code: &code}}
	}
	return nil
}

// envInner: `env [-i] [-u NAME] [-C DIR] [-S STRING] [NAME=V...] cmd`,
// every reading of it.
func envInner(args []Word) []rules.Inner {
	var ins []rules.Inner
	for _, r := range rules.Readings(argv.Wrapper("env"), args) {
		unknown := rules.FirstUnknown(r.Unknown)
		if o, ok := r.Last("S", "split-string"); ok {
			// -S STRING: the string is split into the command line, and
			// the words after it follow.
			code := Word{Value: o.Value, Known: !strings.Contains(o.Value, Unknown)}
			next := o.Index + 1
			if o.ValueIndex >= 0 {
				code, next = args[o.ValueIndex], o.ValueIndex+1
			}
			rest := rules.JoinWords(args[min(next, len(args)):])
			if code.Known {
				code.Value = code.Value + " " + rest.Value
				code.Known = rest.Known
			}
			ins = append(ins, rules.Inner{Label: "env -S", Code: &code, Unknown: unknown, Truncated: r.Truncated})
			continue
		}
		// GIT_SSH_COMMAND=CMD, PAGER=CMD, BASH_ENV=FILE: code run later
		// (the env_code table, system_envcode.go).
		ins = append(ins, rules.EnvCodeInners(args[:r.Cmd])...)
		for _, a := range args[:r.Cmd] {
			if v, ok := strings.CutPrefix(a.Value, "LESS="); ok {
				// LESS='+!cmd': less takes options from it.
				for _, cmd := range rules.LessEnvCommands(v) {
					code := Word{Value: cmd, Known: a.Known && !strings.Contains(cmd, Unknown), Vars: a.Vars, Subst: a.Subst}
					ins = append(ins, rules.Inner{Label: "LESS +!", Code: &code})
				}
			}
		}
		in := rules.Inner{Label: "env", Stdin: true, Unknown: unknown, Truncated: r.Truncated}
		if !r.Stopped && r.Cmd < len(args) {
			in.Args = args[r.Cmd:]
			in.Nested = nestedEnv(args[:r.Cmd], r, in.Args)
		}
		if in.Args != nil || in.Unknown != "" {
			ins = append(ins, in)
		}
	}
	return ins
}

// scriptSpec is script(1)'s grammar (util-linux).
var scriptSpec = argv.Spec{
	Flags: "aefqhV", Valued: "cEBIOTmo", Optional: "t",
	LongFlags:    []string{"append", "return", "flush", "force", "quiet"},
	LongValued:   []string{"command", "echo", "log-io", "log-in", "log-out", "log-timing", "logging-format", "output-limit"},
	LongOptional: []string{"timing"},
	LongStop:     []string{"help", "version"},
}

// scriptInner: `script -c CMD [file]`.
func scriptInner(args []Word) []rules.Inner {
	return optionC("script -c", &scriptSpec, args)
}

// optionC finds the -c CODE option (-c CODE, -qc CODE, -cCODE, --command
// CODE, --command=CODE) of a program whose grammar is sp.
func optionC(label string, sp *argv.Spec, args []Word) []rules.Inner {
	s := argv.Getopt(sp, args, rules.WordText)
	for _, o := range s.Opts {
		if (o.Name == "c" && !o.Long || o.Name == "command" && o.Long) && o.HasValue {
			code := rules.OptWord(args, o)
			return []rules.Inner{{Label: label, Code: &code}}
		}
	}
	return nil
}

// placeholder replaces the replacement string of xargs -I / find -exec
// in the words of a command by an unknown value.
func placeholder(ws []Word, repl string) ([]Word, bool) {
	out := make([]Word, len(ws))
	found := false
	for i, wd := range ws {
		if repl != "" && strings.Contains(wd.Value, repl) {
			found = true
			wd.Value = strings.ReplaceAll(wd.Value, repl, Unknown)
			wd.Known = false
		}
		out[i] = wd
	}
	return out, found
}

// unknownArg stands for the arguments xargs and find add.
var unknownArg = Word{Value: Unknown}

// findInner: every -exec/-execdir/-ok/-okdir CMD ... ; or + in a find
// expression.
func findInner(args []Word) []rules.Inner {
	// The first path find visits is its start point: with no test before
	// an action, `find / -exec rm -rf {} \;` runs `rm -rf /` first.
	start := Word{Value: Unknown}
	// find's expression starts at its first primary (-name, -exec, ...), which
	// start with - but are not getopt options: the start points come before it.
	if len(args) > 0 && args[0].Known && !strings.HasPrefix(args[0].Value, "-") && args[0].Value != "(" && args[0].Value != "!" {
		start = args[0]
	}
	tested := false
	var ins []rules.Inner
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !a.Known {
			continue
		}
		switch a.Value {
		case "-exec", "-execdir", "-ok", "-okdir":
			j := i + 1
			for j < len(args) && !(args[j].Known && (args[j].Value == ";" || args[j].Value == "+")) {
				j++
			}
			if j > i+1 {
				cmd := args[i+1 : j]
				if !tested && start.Known {
					cmd = replaceWord(cmd, "{}", start.Value)
				} else {
					cmd, _ = placeholder(cmd, "{}")
				}
				ins = append(ins, rules.Inner{Label: "find " + a.Value, Args: cmd})
			}
			i = j
		default:
			// A primary of find's expression (see findOption), not an option of
			// find's.
			if i > 0 && strings.HasPrefix(a.Value, "-") && !findOption[a.Value] {
				tested = true // a test or another action comes first
			}
		}
	}
	return ins
}

// ncInner: `nc -e PROG` runs a program, `nc -c CMD` a shell command, on
// the connection.
func ncInner(label string, args []Word) []rules.Inner {
	for i, a := range args {
		if !a.Known || i+1 >= len(args) {
			continue
		}
		switch a.Value {
		case "-c", "--sh-exec":
			code := args[i+1]
			return []rules.Inner{{Label: label + " -c", Code: &code}}
		case "-e", "--exec":
			return []rules.Inner{{Label: label + " -e", Args: args[i+1 : i+2]}}
		}
	}
	return nil
}

// trapInner: `trap [-lp] [ACTION] SIGNAL...` runs ACTION as code later.
func trapInner(args []Word) []rules.Inner {
	i := 0
	// trap's options (-l, -p, --) come before its action; every word starting with
	// - there is one.
	for i < len(args) && args[i].Known && strings.HasPrefix(args[i].Value, "-") {
		if args[i].Value == "-l" || args[i].Value == "-p" {
			return nil
		}
		i++
		if args[i-1].Value == "--" {
			break
		}
	}
	if i+1 >= len(args) {
		return nil // `trap ACTION` alone, or only signals: nothing to run
	}
	code := args[i]
	if code.Known && (code.Value == "" || code.Value == "-") {
		return nil
	}
	return []rules.Inner{{Label: "trap", Code: &code}}
}

// findOption lists find's options, which are not tests: they do not stop
// the start point from reaching an action.
var findOption = map[string]bool{"-depth": true, "-maxdepth": true, "-mindepth": true, "-xdev": true, "-mount": true,
	"-follow": true, "-noleaf": true, "-ignore_readdir_race": true, "-daystart": true, "-L": true, "-H": true, "-P": true}

// replaceWord replaces old by new in the words' values.
func replaceWord(ws []Word, old, new string) []Word {
	out := make([]Word, len(ws))
	for i, w := range ws {
		w.Value = strings.ReplaceAll(w.Value, old, new)
		out[i] = w
	}
	return out
}

// sourceInner: `source FILE` reads a file the run-time check reads; a
// process substitution or standard input is code that arrives at run time.
func (w *walker) sourceInner(c *Command, args []Word) []rules.Inner {
	if len(args) == 0 {
		return nil
	}
	f := args[0]
	switch {
	case rules.IsStdinPath(f) && f.Value != "-" && c.Stdin != nil:
		code := *c.Stdin
		return []rules.Inner{{Label: "source", Code: &code}}
	case rules.IsStdinPath(f) && c.StdinPiped:
		w.g.Emit(w.v, rules.RulePipeToShell, "source runs code that is only known at run time", c.Text)
	case !rules.IsStdinPath(f):
		if in, ok := w.sourcedFile(c, args); ok {
			return []rules.Inner{in}
		}
	}
	return nil
}

// gitCodeInner: `git -c core.pager=CMD ...`, `git -c alias.x='!CMD' x`:
// commands hidden in git's configuration.
func gitCodeInner(args []Word) []rules.Inner {
	var ins []rules.Inner
	for i := 0; i+1 < len(args); i++ {
		if !args[i].Known {
			continue
		}
		if args[i].Value != "-c" {
			// git's global options before the subcommand, of which only -c
			// KEY=VALUE matters here; a word not starting with - is the
			// subcommand.
			if !strings.HasPrefix(args[i].Value, "-") {
				break // the subcommand
			}
			continue
		}
		kv := args[i+1]
		k, v, ok := strings.Cut(kv.Value, "=")
		if !ok {
			continue
		}
		k = strings.ToLower(k)
		isAlias := strings.HasPrefix(k, "alias.") && strings.HasPrefix(v, "!")
		if rules.GitCodeVars[k] || strings.HasPrefix(k, "pager.") || isAlias {
			code := Word{Value: strings.TrimPrefix(v, "!"), Known: kv.Known, Vars: kv.Vars, Subst: kv.Subst}
			ins = append(ins, rules.Inner{Label: "git -c " + k, Code: &code})
		}
		i++
	}
	return ins
}

// stdinProgram returns the command an interpreter reading its program
// from stdin (`echo CODE | python3`, `python3 - <<EOF`) amounts to, as a
// one-liner (`python3 -c CODE`) the interpreter rules read; c itself when
// it names a program or has its code in an option.
func stdinProgram(c *Command, lang rules.InterpLang) *Command {
	if c.Stdin == nil || !c.Stdin.Known {
		return c
	}
	flag := map[rules.InterpLang]string{rules.InterpPython: "-c", rules.InterpPerl: "-e", rules.InterpRuby: "-e", rules.InterpJS: "-e", rules.InterpPHP: "-r", rules.InterpLua: "-e"}[lang]
	if flag == "" {
		return c
	}
	for _, a := range c.Args[1:] {
		// Every word must be an option (or - for stdin) for the interpreter to
		// read its code from stdin: a first operand is a script file.
		if !a.Known || a.Value != "-" && !strings.HasPrefix(a.Value, "-") {
			return c // a script file (or an unknown word)
		}
		if a.Value == flag || a.Value == "-m" {
			return c
		}
	}
	return &Command{Args: []Word{c.Args[0], Lit(flag), *c.Stdin}, Text: c.Text, Dir: c.Dir, Home: c.Home}
}

// codeOptions are options whose value a program runs as a shell command
// (GTFOBins-style escapes): tar --to-command, rsync -e, vim -c '!cmd'...
var codeOptions = map[string]map[string]bool{
	"tar":   {"--to-command": true, "--use-compress-program": true, "-I": true, "--checkpoint-action": true, "--info-script": true, "--new-volume-script": true, "-F": true},
	"rsync": {"-e": true, "--rsh": true, "--rsync-path": true},
	"vim":   {"-c": true, "--cmd": true},
	"man":   {"-P": true, "--pager": true, "-H": true, "--html": true},
	"zip":   {"-TT": true, "--unzip-command": true},
}

// optionCodeInner finds commands in codeOptions' values.
func optionCodeInner(name string, args []Word) []rules.Inner {
	switch name {
	case "gtar", "bsdtar":
		name = "tar"
	case "vi", "nvim", "view", "ex":
		name = "vim"
	case "more":
		name = "less" // more is less on many systems
	}
	opts := codeOptions[name]
	var ins []rules.Inner
	add := func(label string, v Word) {
		if name == "vim" {
			// An ex command: only `!cmd` (and `:!cmd`) runs a shell.
			t := strings.TrimLeft(v.Value, ": ")
			if !strings.HasPrefix(t, "!") {
				return
			}
			v.Value = t[1:]
		}
		if name == "tar" && strings.HasPrefix(v.Value, "exec=") {
			v.Value = v.Value[len("exec="):]
		} else if label == "--checkpoint-action" {
			return // dot, echo, ttyout... print; only exec= runs
		}
		code := v
		ins = append(ins, rules.Inner{Label: name + " " + label, Code: &code})
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !a.Known {
			continue
		}
		// The code options written --NAME=CODE: only long options take an attached
		// value with =.
		if k, v, ok := strings.Cut(a.Value, "="); ok && opts[k] && strings.HasPrefix(k, "--") {
			w := a
			w.Value = v
			add(k, w)
			continue
		}
		if opts[a.Value] && i+1 < len(args) {
			add(a.Value, args[i+1])
			i++
			continue
		}
		if name == "vim" && strings.HasPrefix(a.Value, "+") {
			w := a
			w.Value = a.Value[1:]
			add("+", w)
		}
		if name == "less" && a.Value == "--" {
			break // file names follow
		}
		if name == "less" && strings.HasPrefix(a.Value, "+") {
			if cmd, ok := rules.LessShellCommand(a.Value); ok {
				code := a
				code.Value, code.Known = cmd, a.Known && !strings.Contains(cmd, Unknown)
				ins = append(ins, rules.Inner{Label: name + " +!", Code: &code})
			}
		}
	}
	return ins
}

// moveInner: moving a system file away deletes it where it was (`mv
// /etc/passwd /tmp`), and a link made onto an account file replaces it
// (`ln -sf /dev/null /etc/shadow`): each is presented to the rules as the
// rm or the write it amounts to.
func moveInner(c *Command, name string, args []Word) []rules.Inner {
	var ops []Word
	target := ""
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.Known && argv.IsOption(a.Value) {
			if a.Value == "-t" && i+1 < len(args) {
				target = args[i+1].Value
				i++
			} else if strings.HasPrefix(a.Value, "--target-directory=") {
				target = strings.TrimPrefix(a.Value, "--target-directory=")
			}
			continue
		}
		ops = append(ops, a)
	}
	if len(ops) == 0 {
		return nil
	}
	abs := func(w Word) string {
		if !w.Known || w.Value == "" {
			return ""
		}
		p := w.Value
		if !path.IsAbs(p) {
			if c.Dir == "" {
				return ""
			}
			p = path.Join(c.Dir, p)
		}
		return path.Clean(p)
	}
	var ins []rules.Inner
	switch name {
	case "mv":
		srcs := ops
		if target == "" && len(ops) >= 2 {
			srcs = ops[:len(ops)-1]
		}
		for _, s := range srcs {
			if p := abs(s); p != "" && (rules.FileIsAccountDB(p) || rules.FileIsSystem(p)) {
				ins = append(ins, rules.Inner{Label: "mv", Args: []Word{Lit("rm"), Lit(p)}})
			}
		}
	case "ln":
		dst := ops[len(ops)-1]
		if target != "" || len(ops) < 2 {
			return nil
		}
		if p := abs(dst); p != "" && rules.FileIsAccountDB(p) {
			ins = append(ins, rules.Inner{Label: "ln", Args: []Word{Lit("tee"), Lit(p)}})
		}
	}
	return ins
}
