package oneliner

// What a one-liner does outside itself: the effects Analyze returns.

// Kind is what an Effect does.
type Kind uint8

// The kinds of effects.
const (
	// Shell runs Text, a command string, in a shell (os.system("...")).
	Shell Kind = iota + 1
	// Exec runs Argv, a program and its arguments, without a shell
	// (subprocess.run([...]), os.execv, Deno.Command).
	Exec
	// Remove deletes the paths in Argv as Text, an rm command with its
	// flags ("rm -rf", "rmdir"), would (shutil.rmtree, fs.rmSync).
	Remove
	// Write opens the file Text for writing; Op is ">" to truncate it or
	// ">>" to append to it.
	Write
	// Pipe writes output to the command string Text (awk's print | "cmd");
	// Input is what is printed.
	Pipe
	// Dynamic does something the code builds at run time and does not
	// show; Why says what.
	Dynamic
)

// Why is what a Dynamic effect does.
type Why uint8

// The reasons of Dynamic effects.
const (
	// RunsDynamic runs a command built at run time.
	RunsDynamic Why = iota + 1
	// DeletesDynamic deletes a path built at run time.
	DeletesDynamic
	// EvalsDynamic evaluates code built at run time.
	EvalsDynamic
	// TooDeep evaluates code nested deeper than the reader follows.
	TooDeep
)

// Effect is one thing a one-liner's code does outside itself.
type Effect struct {
	// Kind is what the effect does.
	Kind Kind
	// Text is the command string of Shell and Pipe, the rm command of
	// Remove, the file of Write.
	Text string
	// Argv is the argument vector of Exec, the paths of Remove.
	Argv []string
	// Op is the redirect operator of Write: ">" or ">>".
	Op string
	// Input are the items a Pipe prints when every one is a known string,
	// nil otherwise.
	Input []string
	// Dynamic reports a Text or an Argv with parts only known at run time
	// (written as Unknown), or a Remove without a known path.
	Dynamic bool
	// Why is what a Dynamic effect does.
	Why Why
}

// Analyze returns what the code does outside itself, in the order the
// code says it: code in lang, run with operands. eval("...") of a literal
// string is followed, a few levels deep.
func Analyze(lang Lang, code string, operands []Operand) []Effect {
	a := analysis{operands: operands}
	a.run(lang, code, 0)
	return a.effects
}

// analysis collects the effects of one one-liner.
type analysis struct {
	effects []Effect
	// operands are the one-liner's operands, for sys.argv[N] and the like.
	operands []Operand
}

// maxDepth bounds eval("...") inside eval inside a one-liner.
const maxDepth = 4

func (a *analysis) run(lang Lang, code string, depth int) {
	if depth > maxDepth {
		a.dyn(TooDeep)
		return
	}
	p := &parser{a: a, lang: lang, toks: lex(lang, code), depth: depth}
	p.collectConsts()
	p.scan()
}

func (a *analysis) add(e Effect) { a.effects = append(a.effects, e) }

func (a *analysis) dyn(why Why) { a.add(Effect{Kind: Dynamic, Why: why}) }

// shell records a command string found in code.
func (a *analysis) shell(v value) {
	switch v.kind {
	case 's':
		a.add(Effect{Kind: Shell, Text: v.s, Dynamic: v.dyn})
	case 'l':
		a.argv(v.list, v.dyn)
	default:
		a.dyn(RunsDynamic)
	}
}

// argv records an argument vector run without a shell.
func (a *analysis) argv(argv []string, dyn bool) {
	a.add(Effect{Kind: Exec, Argv: argv, Dynamic: dyn})
}

// remove records a deletion of paths by cmd ("rm -rf", "rmdir").
func (a *analysis) remove(cmd string, paths []value) {
	var ps []string
	dyn := len(paths) == 0
	for _, v := range paths {
		switch v.kind {
		case 's':
			ps = append(ps, v.s)
			dyn = dyn || v.dyn
		case 'l':
			ps = append(ps, v.list...)
			dyn = dyn || v.dyn
		default:
			ps = append(ps, Unknown)
			dyn = true
		}
	}
	a.add(Effect{Kind: Remove, Text: cmd, Argv: ps, Dynamic: dyn})
}

// write records opening a file for writing: op is ">" or ">>".
func (a *analysis) write(op string, v value) {
	if v.kind != 's' {
		return
	}
	a.add(Effect{Kind: Write, Text: v.s, Op: op})
}
