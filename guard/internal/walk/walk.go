package walk

import (
	"path"
	"slices"
	"strings"

	"guardsh/allowlist"
	"guardsh/guard/internal/rules"
	"mvdan.cc/sh/v3/syntax"
)

// walker walks one line's syntax tree, builds the plan and collects the
// findings into a verdict.
type walker struct {
	g     *Engine
	v     *Verdict
	funcs map[string]funcDef
	// aliases are the aliases the line (or a file it sources) defines
	// with alias, as far as the walk has come (shell_source.go).
	aliases map[string]string
	// active records the functions being walked, so that a function
	// calling itself is walked once.
	active map[string]bool
	// nodes counts visited commands, a bound on the work one line can cause.
	nodes int
	// deep reports that the depth bound was hit once already.
	deep bool
	// fields counts the words the line's commands expanded to.
	fields int
	// bgJob reports that the line started a background job so far: $!
	// names one of its own jobs.
	bgJob bool
	// own holds the paths the line made that did not exist before it
	// (true for a directory); ownOff reports that the line ran a program
	// that could make one of them a link elsewhere (see own_files.go).
	own    map[string]bool
	ownOff bool
	// loopWalks is how many times the loops around the walk repeat their
	// bodies (0: none), bounded by maxLoopValues.
	loopWalks int
	// feed is what commands read on stdin when they sit inside a compound
	// or function that is fed by a pipe or a redirect.
	feed *feed
	// marks and cand are scratch space for choosing rules.
	marks []bool
	cand  []int
	// root is the scope of the line; verdict the verdict being built.
	root    scope
	verdict Verdict
	// parser parses the line (pooled with the walker: one pool for both).
	parser pooledParser
}

// MaxWords bounds the words of a line (counted as its spaces and
// newlines); past it the line is high without being parsed.
const MaxWords = 200000

// maxFields bounds the words a line's commands expand to (brace
// expansions multiply them); past it they stand as unknown and the line is
// high.
const maxFields = 100000

// maxNodes bounds the commands one line may expand to (wrappers, function
// calls, scripts in strings); past it the rest is not classified and the
// line is high.
const maxNodes = 100000

// newWalker returns a walker from the guard's pool, with its root scope
// set up for st; release puts it back.
func (g *Engine) newWalker(command string, st State) (*walker, *scope) {
	w, _ := g.walkers.Get().(*walker)
	if w == nil {
		w = &walker{}
	}
	w.g, w.nodes, w.deep, w.fields, w.feed, w.bgJob = g, 0, false, 0, nil, false
	w.own, w.ownOff, w.loopWalks = nil, false, 0
	w.verdict = Verdict{Command: command, Findings: []Finding{}} // newCommand makes the plan
	w.v = &w.verdict
	if len(w.funcs) > 0 || len(w.active) > 0 {
		clear(w.funcs)
		clear(w.active)
	}
	if len(w.aliases) > 0 {
		clear(w.aliases)
	}
	w.root = scope{st: st, dir: st.Dir}
	return w, &w.root
}

// done returns the verdict and puts the walker back in the pool.
func (w *walker) done() Verdict {
	v := w.verdict
	if v.Plan == nil {
		v.Plan = []*Command{}
	}
	w.release()
	return v
}

// release puts the walker back in the pool.
func (w *walker) release() {
	w.v = nil // newWalker resets the rest
	w.g.walkers.Put(w)
}

// funcDef is a function defined on the line, with the source it is in.
type funcDef struct {
	decl *syntax.FuncDecl
	src  string
	// sourced reports a function a sourced file defines (State.Source):
	// a call of it is classified as written too, the file having been
	// read before the line runs.
	sourced bool
}

// Parse parses a line as bash, with a parser from the guard's pool.
func (g *Engine) Parse(src string) (*syntax.File, error) {
	p, _ := g.parsers.Get().(*pooledParser)
	if p == nil {
		p = &pooledParser{}
	}
	f, err := p.parse(src)
	g.parsers.Put(p)
	return f, err
}

// pooledParser is a parser with the reader it reads from, reused together.
type pooledParser struct {
	p *syntax.Parser
	r strings.Reader
}

func (p *pooledParser) parse(src string) (*syntax.File, error) {
	if p.p == nil {
		p.p = syntax.NewParser(syntax.Variant(syntax.LangBash))
	}
	p.r.Reset(src)
	f, err := p.p.Parse(&p.r, "")
	p.r.Reset("")
	return f, err
}

// ClassifyLine classifies line; f is its parse, or nil to parse it here.
func (g *Engine) ClassifyLine(f *syntax.File, line string, st State) Verdict {
	v := Verdict{Command: line, Findings: []Finding{}}
	if len(line) > g.MaxBytes {
		g.Emit(&v, rules.RuleTooLong, "the line is longer than guardsh classifies", "")
		return v
	}
	if len(line) > MaxWords && strings.Count(line, " ")+strings.Count(line, "\n") > MaxWords {
		// Parsing alone would take longer than a line may (the parser's
		// cost grows with the words); fail closed instead.
		g.Emit(&v, rules.RuleTooLong, "the line has more words than guardsh classifies", "")
		return v
	}
	w, sc := g.newWalker(line, st)
	if f == nil {
		var err error
		if f, err = w.parser.parse(line); err != nil {
			w.release()
			v.Incomplete = syntax.IsIncomplete(err)
			g.Emit(&v, rules.RuleParseError, err.Error(), line)
			return v
		}
	}
	for _, p := range st.Params {
		sc.params = append(sc.params, Lit(p))
	}
	sc.paramsKnown = st.ParamsKnown
	w.script(f, line, sc, 0, nil)
	for i := range g.Patterns {
		p := &g.Patterns[i]
		if p.Matches(line) {
			AddFinding(w.v, Finding{Rule: p.Name, Level: p.Level, Reason: p.Description, Text: line})
		}
	}
	v = w.done()
	v.Findings = dropShadowed(v.Findings)
	// In /dev, /proc or /sys a relative name may be a device: the
	// allowlist, which judges names by path, cannot tell.
	v.Auto = v.Level == Safe && g.Auto != nil && !allowlist.DeviceDir(st.Dir) && g.Auto(f)
	return v
}

func (g *Engine) ClassifyArgv(argv []string, st State) Verdict {
	text := QuoteArgv(argv)
	w, sc := g.newWalker(text, st)
	c := &Command{Args: Lits(argv...), Text: text, Dir: sc.dir, Home: sc.home(), Protected: g.Protected, AgentHooks: g.AgentHooks, HookSet: g.Hooks, StdinPiped: st.StdinPiped}
	c.OwnJobs = ownKill(c, st, nil, nil, false)
	// $! can only be in code strings here (`trap 'kill $!' EXIT`), whose
	// commands are checked again with their final words when they run.
	w.bgJob = true
	if st.Stdin != nil {
		in := Lit(*st.Stdin)
		c.Stdin, c.StdinPiped = &in, false
	}
	w.command(c, sc, 0)
	return w.done()
}

func (g *Engine) ClassifyWrite(p string, truncate bool, st State) Verdict {
	op := ">>"
	if truncate {
		op = ">"
	}
	text := op + " " + QuoteArgv([]string{p})
	w, sc := g.newWalker(text, st)
	target := p
	if !path.IsAbs(target) && sc.dir != "" {
		target = path.Join(sc.dir, target)
	}
	// The command the redirect belongs to was checked on its own (and an
	// emptying `> file` by the static check): here only the target counts,
	// so the command stands as an unknown one.
	c := &Command{Args: []Word{{Value: Unknown}}, Text: text, Dir: sc.dir, Home: sc.home(), Protected: g.Protected, AgentHooks: g.AgentHooks, HookSet: g.Hooks,
		Redirects: []Redirect{{Op: op, Target: Lit(target), Write: true, Truncate: truncate}}}
	w.v.Plan = append(w.v.Plan, c)
	c.OwnFiles = w.ownTargets(c, sc)
	w.rules(c)
	return w.done()
}

// Emit records a finding of a structural rule, unless it is disabled.
func (g *Engine) Emit(v *Verdict, rule, reason, text string) {
	for _, r := range g.Infos() {
		if r.Name == rule {
			if r.Disabled {
				return
			}
			AddFinding(v, Finding{Rule: rule, Level: r.Level, Reason: reason, Text: text})
			return
		}
	}
}

// lookupVar returns a variable's value in st and whether it is set.
func lookupVar(st State, name string) (string, bool) {
	if st.Var == nil {
		return "", false
	}
	return st.Var(name)
}

// AddFinding records a finding in v and raises v's level to it.
func AddFinding(v *Verdict, f Finding) {
	f.Text, f.Reason = hideUnknownVar(f.Text), hideUnknownVar(f.Reason)
	for _, g := range v.Findings {
		if g == f {
			return
		}
	}
	v.Findings = append(v.Findings, f)
	if f.Level > v.Level {
		v.Level = f.Level
	}
}

// hideUnknownVar shows the variable that stands for the unknown parts of
// code in a string (find -exec sh -c 'rm {}' \;) as "…", the way other
// unknown words are shown, rather than by its internal name.
func hideUnknownVar(s string) string {
	if !strings.Contains(s, rules.UnknownVar) {
		return s
	}
	return strings.NewReplacer("${"+rules.UnknownVar+"}", "…", "$"+rules.UnknownVar, "…").Replace(s)
}

// QuoteArgv renders argv as a shell line.
func QuoteArgv(argv []string) string {
	var sb strings.Builder
	for i, a := range argv {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(quoteArg(a))
	}
	return sb.String()
}

// quoteArg quotes one word for a shell line, as is when it cannot be.
func quoteArg(a string) string {
	q, err := syntax.Quote(a, syntax.LangBash)
	if err != nil {
		return a
	}
	return q
}

// script walks a parsed script. src is its source text; via the wrappers
// it runs behind.
func (w *walker) script(f *syntax.File, src string, sc *scope, depth int, via []string) {
	if w.tooDeep(depth, src) {
		return
	}
	for _, st := range f.Stmts {
		w.stmt(st, src, sc, depth, via)
	}
}

// scriptString parses and walks code held in a string: `bash -c`, eval,
// ssh, watch, here-documents fed to a shell.
func (w *walker) scriptString(code, text string, sc *scope, depth int, via []string) {
	if w.tooDeep(depth, text) {
		return
	}
	f, err := w.g.Parse(code)
	if err != nil {
		w.g.Emit(w.v, rules.RuleBadCode, "passes code that does not parse to a shell: "+err.Error(), text)
		return
	}
	w.script(f, code, sc, depth, via)
}

func (w *walker) tooDeep(depth int, text string) bool {
	w.nodes++
	if depth > w.g.MaxDepth || w.nodes > maxNodes {
		if !w.deep {
			w.deep = true
			w.g.Emit(w.v, rules.RuleTooDeep, "the line nests commands deeper than guardsh follows", clip(text))
		}
		return true
	}
	return false
}

// tooDeepAt is tooDeep for a node of src, whose text is only cut out
// when it is needed.
func (w *walker) tooDeepAt(depth int, src string, n syntax.Node) bool {
	if depth > w.g.MaxDepth || w.nodes+1 > maxNodes {
		return w.tooDeep(depth, nodeText(src, n))
	}
	w.nodes++
	return false
}

func clip(s string) string {
	if len(s) > 80 {
		return s[:77] + "..."
	}
	return s
}

func nodeText(src string, n syntax.Node) string {
	a, b := int(n.Pos().Offset()), int(n.End().Offset())
	if a < 0 || b > len(src) || a > b {
		return ""
	}
	return src[a:b]
}

func (w *walker) stmt(st *syntax.Stmt, src string, sc *scope, depth int, via []string) {
	if w.tooDeepAt(depth, src, st) {
		return
	}
	if st.Cmd == nil {
		// A statement that is only redirects: `> file`.
		c := &Command{Text: nodeText(src, st), Dir: sc.dir, Home: sc.home(), Protected: w.g.Protected, AgentHooks: w.g.AgentHooks, HookSet: w.g.Hooks, Via: via}
		w.redirects(c, st.Redirs, src, sc, depth)
		w.command(c, sc, depth)
		return
	}
	if st.Background {
		defer func() { w.bgJob = true }()
	}
	if call, ok := st.Cmd.(*syntax.CallExpr); ok {
		w.call(call, st, src, sc, depth, via, nil)
		return
	}
	// A compound command: its redirects apply to everything inside, and
	// what it reads on stdin is what the commands inside read.
	save := w.feed
	if len(st.Redirs) > 0 {
		c := &Command{Text: nodeText(src, st), Dir: sc.dir, Home: sc.home(), Protected: w.g.Protected, AgentHooks: w.g.AgentHooks, HookSet: w.g.Hooks, Via: via}
		w.redirects(c, st.Redirs, src, sc, depth)
		w.command(c, sc, depth)
		if c.Stdin != nil || c.StdinPiped {
			w.feed = &feed{text: c.Stdin, piped: c.StdinPiped, from: c.PipedFrom}
		}
	}
	w.compound(st.Cmd, src, sc, depth, via)
	w.feed = save
}

// feed describes what a pipeline stage reads on stdin.
type feed struct {
	text  *Word    // known text
	from  []string // earlier stages, nearest first
	piped bool
}

func (w *walker) compound(cmd syntax.Command, src string, sc *scope, depth int, via []string) {
	switch x := cmd.(type) {
	case *syntax.BinaryCmd:
		switch x.Op {
		case syntax.Pipe, syntax.PipeAll:
			w.pipeline(x, src, sc, depth, via)
		default:
			w.stmt(x.X, src, sc, depth+1, via)
			w.stmt(x.Y, src, sc, depth+1, via)
		}
	case *syntax.Subshell:
		inner := sc.clone()
		for _, s := range x.Stmts {
			w.stmt(s, src, inner, depth+1, via)
		}
	case *syntax.Block:
		for _, s := range x.Stmts {
			w.stmt(s, src, sc, depth+1, via)
		}
	case *syntax.IfClause:
		for c := x; c != nil; c = c.Else {
			for _, s := range c.Cond {
				w.stmt(s, src, sc, depth+1, via)
			}
			for _, s := range c.Then {
				w.stmt(s, src, sc, depth+1, via)
			}
		}
	case *syntax.WhileClause:
		for _, s := range x.Cond {
			w.stmt(s, src, sc, depth+1, via)
		}
		for _, s := range x.Do {
			w.stmt(s, src, sc, depth+1, via)
		}
	case *syntax.ForClause:
		switch l := x.Loop.(type) {
		case *syntax.WordIter:
			for _, wd := range l.Items {
				w.wordSubst(wd, src, sc, depth)
			}
			if vals := loopValues(l, sc); vals != nil && max(w.loopWalks, 1)*len(vals) <= maxLoopValues {
				// `for i in 1 2 3`: the body runs with each known value.
				save := w.loopWalks
				w.loopWalks = max(save, 1) * len(vals)
				for _, v := range vals {
					sc.set(l.Name.Value, value{s: v, known: true})
					for _, s := range x.Do {
						w.stmt(s, src, sc, depth+1, via)
					}
				}
				w.loopWalks = save
				return
			}
			sc.set(l.Name.Value, value{})
		case *syntax.CStyleLoop:
			w.arithm(l.Init, src, sc, depth)
			w.arithm(l.Cond, src, sc, depth)
			w.arithm(l.Post, src, sc, depth)
		}
		for _, s := range x.Do {
			w.stmt(s, src, sc, depth+1, via)
		}
	case *syntax.CaseClause:
		w.wordSubst(x.Word, src, sc, depth)
		for _, it := range x.Items {
			for _, p := range it.Patterns {
				w.wordSubst(p, src, sc, depth)
			}
			for _, s := range it.Stmts {
				w.stmt(s, src, sc, depth+1, via)
			}
		}
	case *syntax.FuncDecl:
		if x.Name == nil {
			// An anonymous function runs at once.
			w.stmt(x.Body, src, sc, depth+1, append(via[:len(via):len(via)], "()"))
			return
		}
		name := x.Name.Value
		if w.funcs == nil {
			w.funcs, w.active = map[string]funcDef{}, map[string]bool{}
		}
		w.funcs[name] = funcDef{decl: x, src: src, sourced: slices.Contains(via, "source")}
		if isForkBomb(x) {
			w.g.Emit(w.v, rules.RuleForkBomb, "the function "+name+" starts itself twice in the background, again and again, until the system stops: a fork bomb", nodeText(src, x))
		}
		// The body is classified where the function is defined, with
		// arguments that could be anything (it may be called later, from
		// anywhere), and again at each call on the line with the call's
		// arguments; only at the calls when every call is checked as it
		// runs (State.CallsChecked).
		if !w.active[name] && !checkedCalls(sc, via) {
			w.active[name] = true
			inner := sc.clone()
			inner.params, inner.paramsKnown, inner.definition = nil, false, true
			w.stmt(x.Body, src, inner, depth+1, append(via[:len(via):len(via)], name+"()"))
			w.active[name] = false
		}
	case *syntax.ArithmCmd:
		w.arithm(x.X, src, sc, depth)
	case *syntax.LetClause:
		for _, e := range x.Exprs {
			w.arithm(e, src, sc, depth)
		}
	case *syntax.TestClause:
		syntax.Walk(x.X, func(n syntax.Node) bool {
			if wd, ok := n.(*syntax.Word); ok {
				w.wordSubst(wd, src, sc, depth)
				return false
			}
			return true
		})
	case *syntax.DeclClause:
		w.decl(x, src, sc, depth, via)
	case *syntax.TimeClause:
		if x.Stmt != nil {
			if ce, ok := x.Stmt.Cmd.(*syntax.CallExpr); ok && len(ce.Args) > 1 && ce.Args[0].Lit() == "--" {
				// `time -- cmd`: the keyword's option end, not a program.
				cp := *ce
				cp.Args = ce.Args[1:]
				st := *x.Stmt
				st.Cmd = &cp
				w.stmt(&st, src, sc, depth+1, append(via[:len(via):len(via)], "time"))
				return
			}
			w.stmt(x.Stmt, src, sc, depth+1, append(via[:len(via):len(via)], "time"))
		}
	case *syntax.CoprocClause:
		if x.Stmt != nil {
			w.stmt(x.Stmt, src, sc, depth+1, via)
		}
	case *syntax.CallExpr:
		w.call(x, nil, src, sc, depth, via, nil)
	}
}

// pipeline walks `a | b | c`, telling each stage what it reads.
func (w *walker) pipeline(x *syntax.BinaryCmd, src string, sc *scope, depth int, via []string) {
	var stages []*syntax.Stmt
	var flatten func(s *syntax.Stmt)
	flatten = func(s *syntax.Stmt) {
		if b, ok := s.Cmd.(*syntax.BinaryCmd); ok && (b.Op == syntax.Pipe || b.Op == syntax.PipeAll) && len(s.Redirs) == 0 && !s.Negated {
			flatten(b.X)
			flatten(b.Y)
			return
		}
		stages = append(stages, s)
	}
	flatten(x.X)
	flatten(x.Y)
	in := w.feed // the first stage reads what the pipeline reads
	var names []string
	if in != nil {
		names = in.from
	}
	for _, st := range stages {
		// Each stage runs in a subshell: its assignments do not persist.
		stSc := sc.clone()
		var out *Word
		start := len(w.v.Plan)
		if call, ok := st.Cmd.(*syntax.CallExpr); ok {
			out = w.call(call, st, src, stSc, depth+1, via, in)
		} else {
			save := w.feed
			w.feed = in
			w.stmt(st, src, stSc, depth+1, via)
			w.feed = save
		}
		// The stage's programs, wrappers and what they run alike (`sudo
		// curl URL | sh` is fed by curl), nearest first.
		var stage []string
		for i := len(w.v.Plan) - 1; i >= start; i-- {
			if n := w.v.Plan[i].Name(); n != "" {
				stage = append(stage, n)
			}
		}
		if len(stage) == 0 {
			stage = []string{stageName(st, stSc)}
		}
		names = append(stage, names...)
		in = &feed{text: out, from: append([]string(nil), names...), piped: true}
	}
}

// stageName returns the program name of a pipeline stage, for PipedFrom.
func stageName(st *syntax.Stmt, sc *scope) string {
	call, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) == 0 {
		return ""
	}
	if v, ok := simpleLit(call.Args[0]); ok {
		return path.Base(v)
	}
	fs := sc.fields(call.Args[0])
	if len(fs) == 0 || !fs[0].Known {
		return ""
	}
	n := fs[0].Value
	if i := strings.LastIndexByte(n, '/'); i >= 0 {
		n = n[i+1:]
	}
	// Look through wrappers that pass stdin on: `sudo curl`, `env curl`.
	return n
}

// wordSubst walks the command and process substitutions inside a word
// (they run when the word is expanded) and arithmetic in it.
func (w *walker) wordSubst(wd *syntax.Word, src string, sc *scope, depth int) {
	if wd == nil || plainWord(wd) {
		return
	}
	syntax.Walk(wd, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.CmdSubst:
			inner := sc.clone()
			for _, s := range n.Stmts {
				w.stmt(s, src, inner, depth+1, []string{"$(...)"})
			}
			return false
		case *syntax.ProcSubst:
			inner := sc.clone()
			for _, s := range n.Stmts {
				w.stmt(s, src, inner, depth+1, []string{"<(...)"})
			}
			return false
		}
		return true
	})
}

func (w *walker) arithm(e syntax.ArithmExpr, src string, sc *scope, depth int) {
	if e == nil {
		return
	}
	syntax.Walk(e, func(n syntax.Node) bool {
		if wd, ok := n.(*syntax.Word); ok {
			w.wordSubst(wd, src, sc, depth)
			return false
		}
		return true
	})
}

// checkedCalls reports that a function defined here runs only where each
// of its commands is checked at every call (State.CallsChecked), being
// found only behind what runs in the same interpreter: eval, a
// substitution, a function's body. Behind anything else (bash -c, sudo,
// ssh) it runs where nobody checks its calls.
//
// A function a file sourced in that shell defines (State.Source) is
// classified at its calls too: the shell that gave the file's text checks
// what runs again at run time.
func checkedCalls(sc *scope, via []string) bool {
	sourced := false
	for _, v := range via {
		if v == "source" {
			sourced = true
			continue
		}
		if v != "eval" && v != "$(...)" && v != "<(...)" && v != "time" && !strings.HasSuffix(v, "()") {
			return false
		}
	}
	return sc.st.CallsChecked || sourced && sc.st.Source != nil
}

// isForkBomb reports a function that calls itself in a pipeline or in the
// background: `:(){ :|:& };:`.
func isForkBomb(fd *syntax.FuncDecl) bool {
	name := fd.Name.Value
	bomb := false
	syntax.Walk(fd.Body, func(n syntax.Node) bool {
		st, ok := n.(*syntax.Stmt)
		if !ok {
			return true
		}
		if b, ok := st.Cmd.(*syntax.BinaryCmd); ok && (b.Op == syntax.Pipe || b.Op == syntax.PipeAll) {
			if callsName(b.X, name) || callsName(b.Y, name) {
				bomb = true
			}
		}
		if st.Background && callsName(st, name) {
			bomb = true
		}
		return !bomb
	})
	return bomb
}

func callsName(st *syntax.Stmt, name string) bool {
	found := false
	syntax.Walk(st, func(n syntax.Node) bool {
		if c, ok := n.(*syntax.CallExpr); ok && len(c.Args) > 0 {
			if lit, ok := unquoted(c.Args[0]); ok && lit == name {
				found = true
			}
		}
		return !found
	})
	return found
}

// dropShadowed removes the generic pipe_to_shell finding where a more
// specific rule (curl_pipe_bash, ...) says the same of the same text.
func dropShadowed(fs []Finding) []Finding {
	out := fs[:0]
	for _, f := range fs {
		shadowed := false
		if f.Rule == rules.RulePipeToShell {
			for _, g := range fs {
				if g.Rule != f.Rule && g.Level >= f.Level && strings.Contains(f.Text, g.Text) {
					shadowed = true
					break
				}
			}
		}
		if !shadowed {
			out = append(out, f)
		}
	}
	return out
}

// plainWord reports a word with nothing in it that runs: only literal
// text and single quotes.
func plainWord(wd *syntax.Word) bool {
	for _, p := range wd.Parts {
		switch p.(type) {
		case *syntax.Lit, *syntax.SglQuoted:
		default:
			return false
		}
	}
	return true
}

// unquoted returns a word's text with quotes and escapes removed, when it
// holds nothing else (`"b"`, `\b`, 'b').
func unquoted(w *syntax.Word) (string, bool) {
	var sb strings.Builder
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			v := p.Value
			for i := 0; i < len(v); i++ {
				if v[i] == '\\' && i+1 < len(v) {
					i++
				}
				sb.WriteByte(v[i])
			}
		case *syntax.SglQuoted:
			sb.WriteString(p.Value)
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				l, ok := q.(*syntax.Lit)
				if !ok {
					return "", false
				}
				sb.WriteString(l.Value)
			}
		default:
			return "", false
		}
	}
	return sb.String(), true
}

// maxLoopValues bounds the known values a for loop's body is walked with,
// one walk each, nested loops multiplied; past it the variable could be
// anything.
const maxLoopValues = 16

// loopValues returns the words a for loop goes through when all are
// known (no glob, no substitution) and few; nil otherwise.
func loopValues(l *syntax.WordIter, sc *scope) []string {
	if len(l.Items) == 0 || len(l.Items) > maxLoopValues {
		return nil
	}
	var vals []string
	for _, wd := range l.Items {
		for _, f := range sc.fields(wd) {
			if !f.Known || f.Glob || f.Subst || len(vals) == maxLoopValues {
				return nil
			}
			vals = append(vals, f.Value)
		}
	}
	return vals
}
