package rules

// What a one-liner would run, from what package oneliner finds in its
// code: shell lines for the walker and the reasons of interp_exec_dynamic.

import (
	"strings"

	"guardsh/guard/internal/oneliner"
	"guardsh/internal/argv"
	"mvdan.cc/sh/v3/syntax"
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

// interpAnalysis is what a one-liner would run: shell lines for the
// walker, and the reasons for interp_exec_dynamic.
type interpAnalysis struct {
	lines   []string
	dynamic []string
}

// interpAnalyze reads the one-liner code src in lang.
func interpAnalyze(lang InterpLang, src interpSource) interpAnalysis {
	ops := make([]oneliner.Operand, len(src.Argv))
	for i, w := range src.Argv {
		ops[i] = oneliner.Operand{Value: w.Value, Known: w.Known}
	}
	var a interpAnalysis
	for _, e := range oneliner.Analyze(lang, src.Value, ops) {
		a.effect(e)
	}
	return a
}

// Reasons of interp_exec_dynamic.
const (
	interpDynRun    = "runs a command built at run time"
	interpDynDelete = "deletes a path built at run time"
	interpDynEval   = "evaluates code built at run time"
	interpDynFeed   = "feeds text built at run time to a shell"
	interpDynDeep   = "evaluates code nested deeper than guardsh follows"
)

// interpWhy are the reasons of oneliner's dynamic effects.
var interpWhy = map[oneliner.Why]string{
	oneliner.RunsDynamic:    interpDynRun,
	oneliner.DeletesDynamic: interpDynDelete,
	oneliner.EvalsDynamic:   interpDynEval,
	oneliner.TooDeep:        interpDynDeep,
}

// effect turns one effect into shell lines and reasons.
func (a *interpAnalysis) effect(e oneliner.Effect) {
	switch e.Kind {
	case oneliner.Shell:
		a.shell(e.Text, e.Dynamic)
	case oneliner.Exec:
		if len(e.Argv) > 0 {
			a.line(interpArgv(e.Argv))
		}
		if e.Dynamic || len(e.Argv) == 0 {
			a.dyn(interpDynRun)
		}
	case oneliner.Remove:
		if len(e.Argv) > 0 {
			a.line(e.Text + " " + interpArgv(e.Argv))
		}
		if e.Dynamic {
			a.dyn(interpDynDelete)
		}
	case oneliner.Write:
		if strings.ReplaceAll(e.Text, Unknown, "") == "" {
			return
		}
		switch e.Text {
		case "/dev/stdout", "/dev/stderr", "/dev/null", "-", "/dev/tty":
			return
		}
		a.line(": " + e.Op + " " + interpQuote(e.Text))
	case oneliner.Pipe:
		if !interpIsShellCmd(e.Text) {
			a.shell(e.Text, e.Dynamic)
		} else if e.Input != nil {
			// The printed text is the shell's code.
			a.line(strings.Join(e.Input, " "))
		} else {
			a.dyn(interpDynFeed)
		}
	case oneliner.Dynamic:
		if r, ok := interpWhy[e.Why]; ok {
			a.dyn(r)
		} else {
			a.dyn(interpDynRun) // fail closed on a reason guard does not know
		}
	}
}

// shell records a command string found in code.
func (a *interpAnalysis) shell(s string, dyn bool) {
	if strings.TrimSpace(strings.ReplaceAll(s, Unknown, "")) != "" {
		line := interpShellText(s)
		// A string with run-time parts can stop parsing once they are
		// replaced ("${" $1 "}"): then only the dynamic finding stays.
		if !dyn || interpParses(line) {
			a.line(line)
		}
	}
	if dyn {
		a.dyn(interpDynRun)
	}
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

// interpIsShellCmd reports a command string that is a shell reading its
// code from stdin: "sh", "/bin/bash", "sh -s".
func interpIsShellCmd(s string) bool {
	f := strings.Fields(s)
	if len(f) == 0 {
		return false
	}
	n := f[0]
	if k := strings.LastIndexByte(n, '/'); k >= 0 {
		n = n[k+1:]
	}
	if !argv.IsShell(n) {
		return false
	}
	for _, a := range f[1:] {
		// A shell reads stdin when every word is an option and none is -c
		// (popen("sh -s")); an operand is a script file.
		if a == "-c" || !strings.HasPrefix(a, "-") {
			return false
		}
	}
	return true
}
