package shell

import (
	"fmt"
	"strings"

	"guardsh/guard"
	"guardsh/prompt"
)

// Checker classifies lines, commands and writes. *guard.Guard satisfies it;
// tests may use a fake. The shell package decides nothing about danger
// itself: every level comes from a Checker.
type Checker interface {
	Classify(line string, st guard.State) guard.Verdict
	CheckArgv(argv []string, st guard.State) guard.Verdict
	CheckWrite(path string, truncate bool, st guard.State) guard.Verdict
}

// Decision is an answer to the question whether to run something.
type Decision int

// The answers.
const (
	// No refuses to run it.
	No Decision = iota
	// Yes runs it.
	Yes
	// Edit runs nothing yet: the line was edited and is classified again.
	Edit
)

// String returns the decision's name.
func (d Decision) String() string {
	switch d {
	case No:
		return "no"
	case Yes:
		return "yes"
	case Edit:
		return "edit"
	}
	return fmt.Sprintf("decision(%d)", int(d))
}

// Question is what the runner asks about: a verdict and the line or
// command it is about.
type Question struct {
	// Verdict is the classification being asked about.
	Verdict guard.Verdict
	// Line is the line (or, at run time, the command) it is about.
	Line string
	// RunTime reports a command found while the approved line runs: its
	// level is higher than the one approved. Edit makes no sense then and
	// is taken as No.
	RunTime bool
}

// Asker asks someone whether to run something. A Runner without an Asker
// takes each level's default answer. Ask is never called for a line the
// runner would run anyway, and a Yes to a blocked verdict is taken as No.
type Asker interface {
	// Ask returns the answer and, with Edit, the edited line.
	Ask(q Question) (Decision, string, error)
}

// Refusal says why something did not run: the verdict and a hint of what
// would allow it. Its Error is the one-line message guardsh prints.
type Refusal struct {
	Verdict guard.Verdict
	// What is the command or line refused.
	What string
	// Hint says what would allow it ("answer at a terminal or pass -y").
	Hint string
}

// Hints given in refusals.
const (
	HintBlocked    = prompt.HintBlocked
	HintNoTerminal = prompt.HintNoTerminal
	HintDeclined   = "declined"
	// HintUnchecked refuses, without a terminal, what -y may not approve:
	// content too long to check.
	HintUnchecked = "it is too long for guardsh to check, and -y does not approve what was not checked: answer at a terminal"
	// HintParent refuses, without a terminal, what -y may not approve: a
	// level above the one the guardsh this one runs under approved.
	HintParent = "-y approves nothing above what the guardsh this one runs under approved: answer at a terminal"
)

// Error returns the one-line message, e.g.
// "guardsh: refused (high, rm_rf): rm -rf ./build: recursively deletes ./build; answer at a terminal or pass -y".
func (e *Refusal) Error() string {
	v := e.Verdict
	if v.Command == "" {
		v.Command = e.What
	}
	if v.Unchecked() {
		// The line is too long to be one line of a message.
		v.Command = brief(v.Command)
	}
	return prompt.Refusal(v, e.Hint)
}

// brief returns the start of s's first line, marked as cut when it is.
func brief(s string) string {
	const max = 60
	line, _, more := strings.Cut(s, "\n")
	if len(line) > max {
		line, more = strings.ToValidUTF8(line[:max], ""), true
	}
	if more {
		line += fmt.Sprintf("... (%d bytes)", len(s))
	}
	return line
}

// policy is what the runner knows when it decides: who can be asked and
// whether -y was given.
type policy struct {
	asker Asker
	yes   bool
	// lasting, when set, reports whether an answer that lasts (a stored
	// approval) approves a line, and which: see WithLasting.
	lasting func(v guard.Verdict) (how string, ok bool)
	// yesMax, when yesLimited, is the highest level -y approves.
	yesMax     guard.Level
	yesLimited bool
	// hookMax, when hooked, is the level a coding agent's hook approved
	// the input at (WithHookApproved).
	hookMax guard.Level
	hooked  bool
}

// hookFor reports whether the hook's approval covers v: not a blocked
// line, nor one above the level the hook approved.
func (p policy) hookFor(v guard.Verdict) bool {
	return p.hooked && !v.Blocked && v.Level <= p.hookMax
}

// runTimeHow is the audit log's word for how a call the run-time check
// decided was decided: the refusal's hint when it was refused, "yes" when
// -y approved it, else "asked".
func (p policy) runTimeHow(v guard.Verdict, ref *Refusal) string {
	switch {
	case ref != nil:
		return ref.Hint
	case p.yesFor(v):
		return "yes"
	}
	return "asked"
}

// yesFor reports whether -y approves v: it was given, v was checked whole
// (a line too long to check needs a person), and v is not above the limit
// the guardsh this one runs under set.
func (p policy) yesFor(v guard.Verdict) bool {
	return p.yes && !v.Unchecked() && (!p.yesLimited || v.Level <= p.yesMax)
}

// noYesHint says why nobody approved v when -y was given but does not
// cover it, HintNoTerminal otherwise.
func (p policy) noYesHint(v guard.Verdict) string {
	switch {
	case !p.yes:
		return HintNoTerminal
	case v.Unchecked():
		return HintUnchecked
	case p.yesLimited && v.Level > p.yesMax:
		return HintParent
	}
	return HintNoTerminal
}

// decideRunTime decides about one command found while a line runs, whose
// verdict is v; approved is the level the line was approved at. It returns
// nil to run it, or the refusal.
func (p policy) decideRunTime(v guard.Verdict, what string, approved guard.Level, ask func(Question) (Decision, string, error)) *Refusal {
	if v.Blocked {
		return &Refusal{Verdict: v, What: what, Hint: HintBlocked}
	}
	if v.Level <= approved && !v.Unchecked() || v.Level.DefaultYes() || p.yesFor(v) {
		return nil
	}
	if p.asker == nil {
		return &Refusal{Verdict: v, What: what, Hint: p.noYesHint(v)}
	}
	d, _, err := ask(Question{Verdict: v, Line: what, RunTime: true})
	if err != nil || d != Yes {
		return &Refusal{Verdict: v, What: what, Hint: HintDeclined}
	}
	return nil
}

// Outcome is the result of deciding about a whole line before it runs.
type Outcome struct {
	// Line is the line to run: the input, or the edited line.
	Line string
	// Verdict is the line's classification.
	Verdict guard.Verdict
	// Run reports that the line was approved.
	Run bool
	// Refusal says why it was not, when Run is false.
	Refusal *Refusal
	// How, when set, says who approved it ("default", "yes", "asked", a
	// stored approval) for the audit log.
	How string
	// Auto reports a line auto mode approved.
	Auto bool
	// Approved is the level the line runs at, which the run-time check
	// holds each command to: its verdict's level, or the level a hook
	// approved it at.
	Approved guard.Level
}

// maxEdits bounds the edit loop, so a broken Asker cannot loop forever.
const maxEdits = 100

// decideLine classifies line and decides whether it runs, as -c,
// scripts and stdin decide (decideLoop with their rules), asking when
// someone can be asked; an edited line is classified again from the start.
func (p policy) decideLine(line string, classify func(string) guard.Verdict, ask func(Question) (Decision, string, error)) Outcome {
	return decideLoop(line, classify, lineRules{policy: p, asking: askDefaultNo}, ask)
}
