package walk

import (
	"path"
	"strings"

	"guardsh/guard/internal/rules"
	"guardsh/internal/argv"
	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// call walks a simple command. st is its statement (nil inside another
// construct), in what its stdin reads in a pipeline. It returns the text
// the command writes on stdout when that is known (echo, printf, cat of a
// here-document), for the next pipeline stage.
func (w *walker) call(x *syntax.CallExpr, st *syntax.Stmt, src string, sc *scope, depth int, via []string, in *feed) *Word {
	var node syntax.Node = x
	if st != nil {
		node = st
	}
	text := trimStmtEnd(nodeText(src, node))
	if w.tooDeep(depth, text) {
		return nil
	}
	// Assignments: their values run substitutions; alone they set
	// variables for the rest of the line.
	for _, as := range x.Assigns {
		w.wordSubst(as.Value, src, sc, depth)
		if as.Array != nil {
			for _, el := range as.Array.Elems {
				w.wordSubst(el.Value, src, sc, depth)
			}
		}
		w.arithm(as.Index, src, sc, depth)
	}
	for _, wd := range x.Args {
		w.wordSubst(wd, src, sc, depth)
	}
	cw := w.newCommand()
	c := &cw.c // zero: the fields are set one by one, without a copy
	c.Text, c.Dir, c.Home, c.Protected, c.AgentHooks, c.HookSet, c.Via = text, sc.dir, sc.home(), w.g.Protected, w.g.AgentHooks, w.g.Hooks, via
	if in == nil {
		in = w.feed // inside a compound or function fed by a pipe or redirect
	}
	if in != nil {
		c.Stdin, c.StdinPiped, c.PipedFrom = in.text, in.piped, in.from
	}
	if st != nil {
		w.redirects(c, st.Redirs, src, sc, depth)
	}
	if len(x.Args) == 0 {
		for _, as := range x.Assigns {
			if as.Name == nil {
				continue
			}
			v := value{}
			if as.Array == nil && as.Index == nil && !as.Append {
				if p, dir, ok := mktempValue(as.Value, sc); ok {
					// `t=$(mktemp ./x.XXXX)`: a new file of the line's.
					v = value{s: p, known: true}
					w.addOwn(p, dir, true, sc)
				} else {
					lw := sc.literal(as.Value)
					v = w.valueOf(lw, sc)
				}
			}
			sc.set(as.Name.Value, v)
			lw := Word{Value: Unknown}
			if v.known {
				lw = Lit(v.s)
			}
			lw.Value = as.Name.Value + "=" + lw.Value
			c.Args = append(c.Args, lw)
		}
		// A bare assignment runs no command, but some change what later
		// commands do (HISTFILE=, LD_PRELOAD=): the rules see NAME=VALUE
		// words as the command.
		if len(c.Redirects) > 0 {
			// `out=$(cmd) 2>/dev/null`: the redirects belong to no
			// program; the words are assignments, not a command name.
			w.v.Plan = append(w.v.Plan, c)
			c.OwnFiles = w.ownTargets(c, sc)
		}
		if len(c.Args) > 0 || len(c.Redirects) > 0 {
			w.rules(c)
			w.unwrap(c, sc, depth) // the code they hold (PROMPT_COMMAND=...)
		}
		w.noteOwnRedirects(c, sc)
		return nil
	}
	// Assignments before a command set its environment only; a few of them
	// change what the command does, which the rules see as `env NAME=V cmd`.
	args := cw.buf[:0]
	if len(x.Args) > len(cw.buf) {
		args = make([]Word, 0, len(x.Args))
	}
	for _, wd := range x.Args {
		if w.fields > maxFields {
			// Brace expansions past the bound: the rest could be anything.
			args = append(args, Word{Value: Unknown})
			continue
		}
		n := len(args)
		args = sc.appendFields(args, wd)
		if w.fields += len(args) - n; w.fields > maxFields {
			w.g.Emit(w.v, rules.RuleTooLong, "the line expands to more words than guardsh classifies", text)
		}
	}
	if code, ok := w.decodedEval(x); ok && len(args) == 2 {
		args[1] = Lit(code) // eval "$(echo B64 | base64 -d)": eval_decode.go
	}
	if len(args) == 0 {
		// `$EMPTY` alone runs nothing.
		if len(c.Redirects) > 0 {
			w.command(c, sc, depth)
		}
		return nil
	}
	plain := args
	if len(x.Assigns) > 0 {
		env := []Word{Lit("env")}
		for _, as := range x.Assigns {
			if as.Name == nil {
				continue
			}
			lw := sc.literal(as.Value)
			lw.Value = as.Name.Value + "=" + lw.Value
			env = append(env, lw)
		}
		args = append(env, args...)
	}
	c.Args = args
	name := c.Name()
	// What the shell itself tracks (cd, read, echo) looks through the
	// assignment prefix: `X= cd /etc` still changes the directory.
	own := c
	if len(x.Assigns) > 0 {
		own = &Command{Args: args[len(args)-len(plain):], Home: c.Home, Stdin: c.Stdin}
	}
	if isShell(name) || name == "source" || name == "." {
		// `bash <(curl URL)`, `bash -c "$(curl URL)"`: the code comes from
		// the substitution, as if piped.
		for _, wd := range x.Args[1:] {
			if from := substSources(wd, sc); from != nil {
				c.StdinPiped, c.PipedFrom = true, from
				if isProcSubstWord(wd) {
					w.g.Emit(w.v, rules.RulePipeToShell, "runs the output of "+strings.Join(from, ", ")+" as code in "+name, text)
				}
			}
		}
	}
	// An alias the line or a file it sources defines; a function or an
	// alias the shell defined before the line.
	if name == "alias" {
		w.noteAliases(args[1:], via)
	}
	if w.shellAlias(x, src, sc, depth, via) {
		return nil
	}
	w.shellFunc(c.Arg(0), len(x.Assigns) == 0, via)
	// A function defined on the line is classified where it is called,
	// with the arguments of the call.
	if fd, ok := w.funcs[c.Arg(0).Value]; ok && c.Arg(0).Known && len(x.Assigns) == 0 {
		if !w.active[name] {
			w.active[name] = true
			inner := sc.clone()
			// Inside the walk of a definition, what the parameters stand for
			// comes from the calls made elsewhere still.
			inner.params, inner.paramsKnown, inner.definition = append([]Word(nil), args[1:]...), true, sc.definition
			// The body reads what the call reads: a pipe, a here-string.
			save := w.feed
			if c.Stdin != nil || c.StdinPiped {
				w.feed = &feed{text: c.Stdin, piped: c.StdinPiped, from: c.PipedFrom}
			}
			w.stmt(fd.decl.Body, fd.src, inner, depth+1, append(via[:len(via):len(via)], name+"()"))
			w.feed = save
			w.active[name] = false
		}
		if !fd.sourced {
			return nil
		}
		// A sourced file's function: the file was read before the line
		// runs, so the call is classified as written too.
	}
	c.OwnJobs = len(x.Assigns) == 0 && ownKill(c, sc.st, sc, x.Args, w.bgJob)
	w.command(c, sc, depth)
	switch oname := own.Name(); oname {
	case "read", "mapfile", "readarray", "getopts", "printf":
		// Variables these set hold whatever comes in: unknown.
		for _, v := range setVars(oname, own.Args[1:]) {
			sc.set(v, value{})
		}
	}
	switch own.Name() {
	case "cd", "pushd":
		sc.dir = cdTarget(own, sc)
		if n := len(x.Args); n >= 2 && len(own.Args) == 2 {
			if p, dir, ok := mktempValue(x.Args[n-1], sc); ok && dir {
				// `cd "$(mktemp -d)"`: into a new directory of the line's.
				sc.dir = p
				w.addOwn(p, true, true, sc)
			}
		}
	case "popd":
		sc.dir = ""
	case "echo":
		return echoOutput(own.Args[1:])
	case "printf":
		return printfOutput(own.Args[1:])
	case "cat":
		if len(own.Args) == 1 && c.Stdin != nil {
			return c.Stdin
		}
	}
	return nil
}

// trimStmtEnd drops the semicolons and blanks that end a statement's text.
func trimStmtEnd(s string) string {
	for len(s) > 0 && (s[len(s)-1] == ';' || s[len(s)-1] == ' ' || s[len(s)-1] == '\t') {
		s = s[:len(s)-1]
	}
	return s
}

// cdTarget returns the directory `cd` moves to, "" when unknown.
func cdTarget(c *Command, sc *scope) string {
	var dir *Word
	for _, a := range c.Args[1:] {
		if a.Known && (a.Value == "-L" || a.Value == "-P" || a.Value == "-e" || a.Value == "-@") {
			continue
		}
		if a.Known && a.Value == "--" {
			continue
		}
		a := a
		dir = &a
		break
	}
	if dir == nil {
		return c.Home
	}
	if !dir.Known || dir.Value == "-" {
		return ""
	}
	if path.IsAbs(dir.Value) {
		return path.Clean(dir.Value)
	}
	if sc.dir == "" {
		return ""
	}
	return path.Join(sc.dir, dir.Value)
}

func echoOutput(args []Word) *Word {
	nl := true
	// Not getopt: echo takes only bundles of n, e and E, and prints any other word
	// starting with - (echo -x prints -x).
	for len(args) > 0 && args[0].Known && strings.HasPrefix(args[0].Value, "-") && strings.Trim(args[0].Value[1:], "neE") == "" && len(args[0].Value) > 1 {
		if strings.Contains(args[0].Value, "n") {
			nl = false
		}
		args = args[1:]
	}
	out := Word{Known: true}
	var sb strings.Builder
	for i, a := range args {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(a.Value)
		out.Vars = append(out.Vars, a.Vars...)
		if !a.Known {
			out.Known = false
		}
	}
	if nl {
		sb.WriteByte('\n')
	}
	out.Value = sb.String()
	return &out
}

func printfOutput(args []Word) *Word {
	if len(args) == 0 || !args[0].Known {
		return &Word{Value: Unknown}
	}
	vals := make([]string, 0, len(args)-1)
	known := true
	for _, a := range args[1:] {
		vals = append(vals, a.Value)
		known = known && a.Known
	}
	s, err := safeFormat(args[0].Value, vals)
	if err != nil {
		return &Word{Value: Unknown}
	}
	return &Word{Value: s, Known: known && !strings.Contains(s, Unknown)}
}

// redirects resolves a statement's redirects into c, walks the
// substitutions in them, and takes what they feed on stdin.
func (w *walker) redirects(c *Command, rs []*syntax.Redirect, src string, sc *scope, depth int) {
	for _, rd := range rs {
		w.wordSubst(rd.Word, src, sc, depth)
		w.wordSubst(rd.Hdoc, src, sc, depth)
		red := Redirect{Op: rd.Op.String()}
		if rd.N != nil {
			red.Fd = rd.N.Value
		}
		switch rd.Op {
		case syntax.Hdoc, syntax.DashHdoc:
			body := sc.resolver().document(rd.Hdoc, quotedDelim(rd.Word))
			c.Stdin, c.StdinPiped = &body, false
			red.Target = Lit(rd.Word.Lit())
			c.Redirects = append(c.Redirects, red)
			continue
		case syntax.WordHdoc:
			body := sc.literal(rd.Word)
			body.Value += "\n"
			c.Stdin, c.StdinPiped = &body, false
			red.Target = body
			c.Redirects = append(c.Redirects, red)
			continue
		}
		red.Target = sc.literal(rd.Word)
		if red.Target.Known && red.Target.Value != "" && !path.IsAbs(red.Target.Value) && c.Dir != "" && !isFdWord(rd.Op, red.Target.Value) {
			red.Target.Value = path.Join(c.Dir, red.Target.Value)
		}
		switch rd.Op {
		case syntax.RdrOut, syntax.RdrClob, syntax.RdrAll, syntax.RdrAllClob:
			red.Write, red.Truncate = true, true
		case syntax.AppOut, syntax.AppAll, syntax.AppClob, syntax.AppAllClob, syntax.RdrInOut:
			red.Write = true
		case syntax.DplOut:
			if !isFdWord(rd.Op, red.Target.Value) || !red.Target.Known {
				red.Write, red.Truncate = true, true
			}
		case syntax.RdrIn:
			if from := substSources(rd.Word, sc); from != nil && isProcSubstWord(rd.Word) {
				// `< <(cmd)`: the input is cmd's output, as through a pipe.
				c.Stdin, c.StdinPiped, c.PipedFrom = nil, true, from
			} else if c.Stdin == nil {
				c.StdinPiped = false
			}
		}
		c.Redirects = append(c.Redirects, red)
	}
}

// isFdWord reports a `>&2` or `<&-` target: a descriptor, not a file.
func isFdWord(op syntax.RedirOperator, v string) bool {
	if op != syntax.DplOut && op != syntax.DplIn {
		return false
	}
	v = strings.TrimSuffix(v, "-")
	if v == "" {
		return true
	}
	for _, r := range v {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// quotedDelim reports a here-document delimiter with quotes or escapes in
// it, whose body is not expanded.
func quotedDelim(w *syntax.Word) bool {
	if w == nil {
		return false
	}
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.SglQuoted, *syntax.DblQuoted:
			return true
		case *syntax.Lit:
			if strings.ContainsRune(p.Value, '\\') {
				return true
			}
		}
	}
	return false
}

// decl walks declare, local, export, readonly and typeset: their
// assignments set variables, and the rules see them as a command.
func (w *walker) decl(x *syntax.DeclClause, src string, sc *scope, depth int, via []string) {
	args := []Word{Lit(x.Variant.Value)}
	for _, as := range x.Args {
		w.wordSubst(as.Value, src, sc, depth)
		if as.Array != nil {
			for _, el := range as.Array.Elems {
				w.wordSubst(el.Value, src, sc, depth)
			}
		}
		if as.Name == nil {
			if as.Value != nil {
				args = append(args, sc.fields(as.Value)...)
			}
			continue
		}
		if as.Naked {
			args = append(args, Lit(as.Name.Value))
			continue
		}
		v := value{}
		lw := Word{Value: Unknown}
		if p, dir, ok := mktempValue(as.Value, sc); ok && as.Array == nil && as.Index == nil && !as.Append {
			v, lw = value{s: p, known: true}, Lit(p)
			w.addOwn(p, dir, true, sc)
		} else if as.Array == nil && as.Index == nil && !as.Append {
			lw = sc.literal(as.Value)
			v = w.valueOf(lw, sc)
		}
		sc.set(as.Name.Value, v)
		lw.Value = as.Name.Value + "=" + lw.Value
		args = append(args, lw)
	}
	c := &Command{Args: args, Text: nodeText(src, x), Dir: sc.dir, Home: sc.home(), Protected: w.g.Protected, AgentHooks: w.g.AgentHooks, HookSet: w.g.Hooks, Via: via}
	w.command(c, sc, depth)
}

// command classifies one command: first what it runs behind wrappers, then
// the command itself, then custom patterns.
func (w *walker) command(c *Command, sc *scope, depth int) {
	if w.tooDeep(depth, c.Text) {
		return
	}
	w.v.Plan = append(w.v.Plan, c)
	c.OwnFiles = w.ownTargets(c, sc)
	w.unwrap(c, sc, depth)
	if len(c.Args) > 0 && !c.Args[0].Known && !(sc.definition && positionalOnly(c.Args[0], sc)) {
		// `"$@"` in a function's body where it is defined runs what each
		// call passes: a call on the line is classified with its words,
		// a call made later is checked with them at run time.
		w.g.Emit(w.v, rules.RuleUnknownCmd, "runs a command whose name is only known at run time", c.Text)
	}
	w.rules(c)
	w.noteOwn(c, sc)
}

// rules applies every rule and custom pattern to one command.
func (w *walker) rules(c *Command) {
	if len(c.Args) > 1 && isHelp(c.Args[1:]) {
		return // `X --help`, `X --version` only print text
	}
	if c.Exists == nil {
		c.Exists = w.root.st.Exists // what the line found (destroy_key)
	}
	// The rules that can match this command, in registry order so that
	// findings keep a stable order.
	for _, i := range w.candidates(c) {
		b := &w.g.Rules[i]
		if c.OwnJobs && b.Name == "kill" || c.OwnFiles && ownRules[b.Name] {
			continue // the line's own jobs or files only
		}
		for _, h := range b.Check(c) {
			t := h.Text
			if t == "" {
				t = c.Text
			}
			AddFinding(w.v, Finding{Rule: b.Name, Level: b.Level, Reason: h.Reason, Text: t})
		}
	}
	for i := range w.g.Patterns {
		p := &w.g.Patterns[i]
		if p.Matches(c.Text) {
			AddFinding(w.v, Finding{Rule: p.Name, Level: p.Level, Reason: p.Description, Text: c.Text})
		}
	}
}

// isShell reports a program whose input is shell code (internal/argv's
// one list of shells).
func isShell(name string) bool { return argv.IsShell(name) }

// substSources returns the program names of the pipeline inside a word's
// command or process substitution, last stage first; nil when there is none.
func substSources(wd *syntax.Word, sc *scope) []string {
	var stmts []*syntax.Stmt
	syntax.Walk(wd, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.CmdSubst:
			stmts = n.Stmts
			return false
		case *syntax.ProcSubst:
			stmts = n.Stmts
			return false
		}
		return stmts == nil
	})
	if len(stmts) == 0 {
		return nil
	}
	var names []string
	var add func(st *syntax.Stmt)
	add = func(st *syntax.Stmt) {
		if b, ok := st.Cmd.(*syntax.BinaryCmd); ok && (b.Op == syntax.Pipe || b.Op == syntax.PipeAll) {
			add(b.X)
			add(b.Y)
			return
		}
		names = append([]string{stageName(st, sc)}, names...)
	}
	add(stmts[len(stmts)-1])
	return names
}

func isProcSubstWord(wd *syntax.Word) bool {
	if len(wd.Parts) != 1 {
		return false
	}
	_, ok := wd.Parts[0].(*syntax.ProcSubst)
	return ok
}

// setVars returns the variables read, mapfile, getopts and printf -v set.
func setVars(name string, args []Word) []string {
	var vars []string
	valued := map[string]string{
		"read":      "adinNpt u",
		"mapfile":   "dnOsuC c",
		"readarray": "dnOsuC c",
	}[name]
	i := 0
	for i < len(args) {
		a := args[i].Value
		if a == "--" {
			i++
			break
		}
		if len(a) < 2 || a[0] != '-' {
			break
		}
		i++
		for j := 1; j < len(a); j++ {
			if name == "printf" && a[j] == 'v' {
				if j+1 < len(a) {
					vars = append(vars, a[j+1:])
				} else if i < len(args) {
					vars = append(vars, args[i].Value)
					i++
				}
				break
			}
			if name == "read" && a[j] == 'a' {
				if j+1 < len(a) {
					vars = append(vars, a[j+1:])
				} else if i < len(args) {
					vars = append(vars, args[i].Value)
					i++
				}
				break
			}
			if strings.IndexByte(valued, a[j]) >= 0 && a[j] != 'a' {
				if j == len(a)-1 {
					i++
				}
				break
			}
		}
	}
	rest := args[i:]
	switch name {
	case "read":
		if len(rest) == 0 {
			vars = append(vars, "REPLY")
		}
		for _, a := range rest {
			vars = append(vars, a.Value)
		}
	case "mapfile", "readarray":
		if len(rest) == 0 {
			vars = append(vars, "MAPFILE")
		} else {
			vars = append(vars, rest[0].Value)
		}
	case "getopts":
		if len(rest) >= 2 {
			vars = append(vars, rest[1].Value, "OPTARG", "OPTIND")
		}
	}
	return vars
}

// candidates returns the indexes of the rules to call on c, in order.
func (w *walker) candidates(c *Command) []int {
	g := w.g
	name := c.Name()
	mine, known := g.ForProg(name)
	prefixed := false
	if !known {
		// ForProg has the prefix rules of its names merged in already.
		prefixed = g.prefixCount(name) > 0
	}
	redirects := len(c.Redirects) > 0 && len(g.onRedirect) > 0
	assigns := len(g.onAssign) > 0 && len(c.Args) > 0 && IsAssign(c.Args[0].Value)
	if !prefixed && !redirects && !assigns {
		// The common case: forProg has anyProg merged in already.
		if !known {
			return g.AnyProg
		}
		return mine
	}
	if cap(w.marks) < len(g.Rules) {
		w.marks = make([]bool, len(g.Rules))
	}
	marks := w.marks[:len(g.Rules)]
	clear(marks)
	for _, i := range g.AnyProg {
		marks[i] = true
	}
	for _, i := range mine {
		marks[i] = true
	}
	if prefixed {
		for _, pr := range g.prefixesOf(name) {
			if strings.HasPrefix(name, pr.prefix) {
				marks[pr.rule] = true
			}
		}
	}
	if redirects {
		for _, i := range g.onRedirect {
			marks[i] = true
		}
	}
	if assigns {
		for _, i := range g.onAssign {
			marks[i] = true
		}
	}
	w.cand = w.cand[:0]
	for i, m := range marks {
		if m {
			w.cand = append(w.cand, i)
		}
	}
	return w.cand
}

// commandWords allocates a command together with room for its words: most
// commands have few.
type commandWords struct {
	c   Command
	buf [4]Word
}

// lineStart allocates the first command of a line together with room for
// the line's plan: most lines are one or a few commands.
type lineStart struct {
	plan [4]*Command
	cw   commandWords
}

// newCommand returns room for a command and its words; the first of a
// line comes with room for the plan, in one allocation.
func (w *walker) newCommand() *commandWords {
	if w.v.Plan == nil {
		ls := &lineStart{}
		w.v.Plan = ls.plan[:0]
		return &ls.cw
	}
	return &commandWords{}
}

// safeFormat is expand.Format that turns a panic into an error.
func safeFormat(format string, args []string) (s string, err error) {
	defer func() {
		if recover() != nil {
			s, err = "", errExpandPanic
		}
	}()
	s, _, err = expand.Format(&expand.Config{}, format, args)
	return s, err
}

// positionalOnly reports a word made of positional parameters alone
// (`"$@"`, `"$1"`, `$*`), with no substitution.
func positionalOnly(wd Word, sc *scope) bool {
	if len(wd.Vars) == 0 || wd.Subst {
		return false
	}
	for _, v := range wd.Vars {
		if v != "@" && v != "*" && strings.Trim(v, "0123456789") != "" && !sc.vars[v].param {
			return false
		}
	}
	return true
}

// valueOf is what a variable assigned the word holds.
func (w *walker) valueOf(lw Word, sc *scope) value {
	v := value{s: lw.Value, known: lw.Known}
	if !lw.Known && lw.Value == Unknown && !lw.Subst && len(lw.Vars) == 1 {
		v.job = lw.Vars[0] == "!" && w.bgJob || sc.vars[lw.Vars[0]].job
	}
	v.param = !lw.Known && sc.definition && positionalOnly(lw, sc)
	return v
}
