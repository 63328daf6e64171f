package shell

import (
	"slices"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/syntax"

	"guardsh/guard"
)

// A statement is parsed and classified while it is typed: each time the
// line editor waits for a key (lineedit.Config.Idle) with a statement
// that is complete, and no key is waiting already, the front end parses
// it and classifies it as the Enter would, and keeps both (preclass).
// The Enter that enters that text takes the parse and the verdict
// instead of making them again, between the key and the line's output
// (they were about a third of the front end's time there, and the
// classification's code and data pushed bash's out of the CPU's caches).
//
// A verdict is a function of the text, of the state it is classified
// with (the directory, variables and positional parameters the executor
// last reported, its functions and aliases) and of what the check asked
// the file system (State.Exists, State.Source). The state changes only
// when a line runs; the file system can change at any time, so its
// answers are kept and asked again at the Enter: when one differs, the
// verdict is not taken and the line is classified again. So the verdict
// an Enter takes is the one it would have made.
//
// Not made ahead: a statement longer than preclassMax (a paste comes in
// pieces, and each would be parsed whole again), a slash command, a line
// that history expansion changes, and any while the executor is not up
// yet (the first prompt does not wait for it).

// preclassMax bounds the statements classified while typed.
const preclassMax = 4096

// preclass is a statement's parse and verdict made while it was typed,
// with what they were made from.
type preclass struct {
	line string
	file *syntax.File
	v    guard.Verdict
	gen  uint64        // frontend.stateGen then
	exe  *executorProc // the executor then
	defs *bashDefs     // its functions and aliases then
	fs   *fsAnswers
}

// fsAnswers are the answers of the file system a classification asked.
type fsAnswers struct {
	mu      sync.Mutex
	exists  []existsAnswer
	sources []sourceAnswer
}

type existsAnswer struct {
	path string
	ok   bool
}

type sourceAnswer struct {
	path, text string
	ok         bool
}

// state is f.state() with the file system's answers kept in a.
func (a *fsAnswers) state(f *frontend) func() guard.State {
	return func() guard.State {
		st := f.state()
		st.Exists = func(path string) bool {
			ok := Exists(path)
			a.mu.Lock()
			a.exists = append(a.exists, existsAnswer{path, ok})
			a.mu.Unlock()
			return ok
		}
		st.Source = func(path string) (string, bool) {
			text, ok := SourceText(path)
			a.mu.Lock()
			a.sources = append(a.sources, sourceAnswer{path, text, ok})
			a.mu.Unlock()
			return text, ok
		}
		return st
	}
}

// same reports whether the file system answers as it did.
func (a *fsAnswers) same() bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	for _, e := range a.exists {
		if Exists(e.path) != e.ok {
			return false
		}
	}
	for _, s := range a.sources {
		if text, ok := SourceText(s.path); ok != s.ok || text != s.text {
			return false
		}
	}
	return true
}

// bashDefsNow is the executor's functions and aliases, nil for none.
func (f *frontend) bashDefsNow() *bashDefs {
	if f.exe == nil || f.exe.bash == nil {
		return nil
	}
	return f.exe.bash.defs.Load()
}

// preclassify parses and classifies the statement at the prompt, the
// editor's line after the lines of it entered before, when it can be
// entered as it is (see above). It is the line editor's Idle.
func (f *frontend) preclassify(text string) {
	full := strings.Join(append(slices.Clip(f.typed), text), "\n")
	if p := f.pre; p != nil && p.line == full {
		return
	}
	f.pre = nil
	if f.exe == nil || f.exe.ready == nil || f.editNext || len(full) > preclassMax || strings.TrimSpace(full) == "" {
		return
	}
	if _, _, slash := ParseSlash(full); slash {
		return
	}
	if _, changed, err := ExpandHistory(full, f.lastLine); changed || err != nil {
		return
	}
	if f.tty.pending() {
		// More keys are there: the line changes before it is entered.
		return
	}
	file, _ := parseStatement(full)
	if file == nil {
		return // incomplete, or a syntax error
	}
	// Text that is never entered is classified too: should the check
	// fail on it, typing goes on (the Enter classifies it again).
	defer func() {
		if recover() != nil {
			f.pre = nil
		}
	}()
	// The functions and aliases are taken before the verdict: bash's
	// reports are read by another goroutine, and definitions that
	// change meanwhile are then not the ones recorded, and not taken.
	fs, defs := &fsAnswers{}, f.bashDefsNow()
	v := f.verdict(full, &file, fs.state(f))
	f.pre = &preclass{line: full, file: file, v: v, gen: f.stateGen, exe: f.exe, defs: defs, fs: fs}
}

// takePreclass returns the verdict and parse made while line was typed,
// when they are what classifying it now would make: the same text (and
// parse, when file is not nil), the same state, the same answers of the
// file system. It is taken once.
func (f *frontend) takePreclass(line string, file *syntax.File) (guard.Verdict, *syntax.File, bool) {
	p := f.pre
	f.pre = nil
	if p == nil || p.line != line || file != nil && file != p.file ||
		p.gen != f.stateGen || p.exe != f.exe || p.defs != f.bashDefsNow() || !p.fs.same() {
		return guard.Verdict{}, nil, false
	}
	return p.v, p.file, true
}
