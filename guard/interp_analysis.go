package guard

// What a one-liner would run: shell lines for the walker and dynamic-exec reasons.

import (
	"mvdan.cc/sh/v3/syntax"
	"strings"
)

// interpShellText turns a command string found in code into a shell line:
// a part only known at run time becomes a substitution, which the walker
// treats as "could be anything".
func interpShellText(s string) string {
	return strings.ReplaceAll(s, Unknown, `"$(:)"`)
}

// interpParses reports a shell line that parses as bash.
func interpParses(line string) bool {
	_, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(line), "")
	return err == nil
}

// interpQuote quotes one word of a command for a shell line.
func interpQuote(s string) string {
	parts := strings.Split(s, Unknown)
	var b strings.Builder
	for i, p := range parts {
		if i > 0 {
			b.WriteString(`"$(:)"`)
		}
		if p != "" || len(parts) == 1 {
			b.WriteByte('\'')
			b.WriteString(strings.ReplaceAll(p, "'", `'\''`))
			b.WriteByte('\'')
		}
	}
	return b.String()
}

// interpArgv renders an argument vector as a shell line.
func interpArgv(argv []string) string {
	q := make([]string, len(argv))
	for i, a := range argv {
		q[i] = interpQuote(a)
	}
	return strings.Join(q, " ")
}

// interpAnalysis collects what a one-liner would run: shell lines for the
// walker, and the reasons for interp_exec_dynamic.
type interpAnalysis struct {
	lines   []string
	dynamic []string
	// operands are the one-liner's operands, for sys.argv[N] and the like.
	operands []Word
}

// interpMaxDepth bounds eval("...") inside eval inside a one-liner.
const interpMaxDepth = 4

func (a *interpAnalysis) run(lang interpLang, code string, depth int) {
	if depth > interpMaxDepth {
		a.dyn("evaluates code nested deeper than guardsh follows")
		return
	}
	p := &interpParser{a: a, lang: lang, toks: interpLex(lang, code), depth: depth}
	p.collectConsts()
	p.scan()
}

func (a *interpAnalysis) line(s string) {
	for _, l := range a.lines {
		if l == s {
			return
		}
	}
	a.lines = append(a.lines, s)
}

func (a *interpAnalysis) dyn(reason string) {
	for _, d := range a.dynamic {
		if d == reason {
			return
		}
	}
	a.dynamic = append(a.dynamic, reason)
}

// Reasons of interp_exec_dynamic.
const (
	interpDynRun    = "runs a command built at run time"
	interpDynDelete = "deletes a path built at run time"
	interpDynEval   = "evaluates code built at run time"
	interpDynFeed   = "feeds text built at run time to a shell"
)

// shell records a command string found in code.
func (a *interpAnalysis) shell(v interpVal) {
	switch v.kind {
	case 's':
		if strings.TrimSpace(strings.ReplaceAll(v.s, Unknown, "")) != "" {
			line := interpShellText(v.s)
			// A string with run-time parts can stop parsing once they are
			// replaced ("${" $1 "}"): then only the dynamic finding stays.
			if !v.dyn || interpParses(line) {
				a.line(line)
			}
		}
		if v.dyn {
			a.dyn(interpDynRun)
		}
	case 'l':
		a.argv(v.list, v.dyn)
	default:
		a.dyn(interpDynRun)
	}
}

func (a *interpAnalysis) argv(argv []string, dyn bool) {
	if len(argv) > 0 {
		a.line(interpArgv(argv))
	}
	if dyn || len(argv) == 0 {
		a.dyn(interpDynRun)
	}
}

// remove records a deletion of paths by cmd ("rm -rf", "rmdir").
func (a *interpAnalysis) remove(cmd string, paths []interpVal) {
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
	if len(ps) > 0 {
		a.line(cmd + " " + interpArgv(ps))
	}
	if dyn {
		a.dyn(interpDynDelete)
	}
}

// write records opening a file for writing: op is ">" or ">>".
func (a *interpAnalysis) write(op string, v interpVal) {
	if v.kind != 's' || strings.ReplaceAll(v.s, Unknown, "") == "" {
		return
	}
	switch v.s {
	case "/dev/stdout", "/dev/stderr", "/dev/null", "-", "/dev/tty":
		return
	}
	a.line(": " + op + " " + interpQuote(v.s))
}
