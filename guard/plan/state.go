package plan

// State is what the shell knows when a line is classified.
type State struct {
	// Var returns a variable's value and whether it is set. A nil Var
	// means an empty environment.
	Var func(name string) (string, bool)
	// Dir is the working directory, "" when unknown.
	Dir string
	// Params are the positional parameters $1, $2, ...; nil means they are
	// not known (as in --check), so $1 could be anything.
	Params []string
	// ParamsKnown reports that Params is authoritative (a script's args).
	ParamsKnown bool
	// StdinPiped reports, for CheckArgv, that the command's standard input
	// is a pipe or another stream whose text is not known: a shell reading
	// its commands from it runs unknown code.
	StdinPiped bool
	// Exists reports, for Classify, that a path (absolute, cleaned) exists
	// before the line runs. A path that does not and that the line makes
	// (a redirect, touch, mkdir) is the line's own: deleting it, emptying
	// it or making it executable touches nothing else. Nil means any path
	// may exist.
	Exists func(path string) bool
	// Own reports, for CheckArgv and CheckWrite, that a path (absolute,
	// cleaned) is one the running line made itself (a redirect opened it
	// new, mktemp, touch or mkdir made it), or is inside such a directory.
	// Nil means none is.
	Own func(path string) bool
	// Stdin is, for CheckArgv, the text the command's standard input holds
	// when it is known (a here-document a shell reads): a shell reading
	// it runs it as code, classified as the static check classifies it.
	Stdin *string
	// CallsChecked reports, for Classify and CheckArgv, that each command
	// of a function the code defines is checked as it runs, at every call
	// (guardsh's interpreter sourcing a file or running an eval: it exports
	// no function to the programs it starts, so a function runs nowhere
	// else). A function's body is then classified where the code calls
	// it, with the call's arguments, and not where it is defined, unless
	// it is defined behind a real shell, sudo or the like: a file that
	// only defines functions is not a finding by itself.
	CallsChecked bool
	// Funcs returns, for Classify and CheckArgv, the definition (source
	// text, `name() { ...; }`) of a function the shell defined before the
	// line: a file it sourced, an earlier line, an eval. A call of it in
	// code that runs in that shell (the line, an eval, a function's body)
	// is classified as its body, with the call's arguments. Nil means no
	// function is known.
	Funcs func(name string) (def string, ok bool)
	// Aliases returns, as Funcs, the value of an alias the shell defined
	// before the line: a command whose name is a plain word naming one is
	// classified as the alias expands it.
	Aliases func(name string) (value string, ok bool)
	// Source returns, for Classify, the text of a file (absolute, cleaned
	// path) the line sources (`source FILE`, `. FILE`) in the shell that
	// runs the rest of the line, when the shell could read it whole before
	// the line runs; ok is false for a file that cannot be (missing, not a
	// regular file, too large), which stays code only known at run time.
	// The text is classified where the line sources it, and the functions
	// and aliases it defines are known to the commands that follow in that
	// shell (an eval's code, a call): a function's body is classified
	// where it is called, with the call's arguments, and not where the
	// file defines it, so a file that only defines functions is not a
	// finding by itself; a call of it or of one of its aliases is also
	// classified as written. The shell that gives Source must check what
	// runs again at run time (the file can change between the check and
	// the run). Nil means no file's text is known.
	Source func(path string) (text string, ok bool)
}
