package shell

import (
	"strings"
	"sync"

	"mvdan.cc/sh/v3/syntax"

	"guardsh/guard"
)

// ParsedChecker is a Checker that also classifies a line its caller has
// parsed already (guard.Guard.ClassifyParsed): the interactive shell
// classifies the parse it made to see that the line is complete, and
// parses a line once for classifying it. *guard.Guard satisfies it.
type ParsedChecker interface {
	Checker
	ClassifyParsed(f *syntax.File, line string, st guard.State) guard.Verdict
}

// parseHook, when set (by tests), is told of every parse of a line or
// input as bash: the text and who parsed it.
var parseHook func(src, what string)

// parseBash parses src in the bash dialect, named name in messages; what
// says who parses it, for parseHook.
func parseBash(src, name, what string) (*syntax.File, error) {
	if parseHook != nil {
		parseHook(src, what)
	}
	p := bashParsers.Get().(*syntax.Parser)
	defer bashParsers.Put(p)
	return p.Parse(strings.NewReader(src), name)
}

// bashParsers are parsers of bash, reused: a new one costs as much again
// as parsing a short line (its buffers), on the way of every line typed.
// A parser is reused once it is done (syntax.Parser); the pool gives each
// to one goroutine at a time.
var bashParsers = sync.Pool{New: func() any { return syntax.NewParser(syntax.Variant(syntax.LangBash)) }}

// parseStatement parses a statement read at the prompt: file is its
// parse when it is complete, and incomplete reports one that does not end
// yet (see Incomplete); a syntax error is neither.
func parseStatement(src string) (file *syntax.File, incomplete bool) {
	n := 0
	for i := len(src) - 1; i >= 0 && src[i] == '\\'; i-- {
		n++
	}
	if n%2 == 1 {
		return nil, true
	}
	f, err := parseBash(src, "", "prompt")
	if err == nil {
		return f, false
	}
	// As the end of a typed line ends it: a newline after it.
	_, err = syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(src+"\n"), "")
	return nil, err != nil && syntax.IsIncomplete(err)
}
