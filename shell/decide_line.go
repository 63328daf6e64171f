package shell

import "guardsh/guard"

// The whole-line decision: whether a line, classified as a whole before
// anything of it runs, runs, is refused, or goes back to be edited. It is
// one function (decideStep) for the interactive shell, -c, scripts, stdin
// sessions and rc files; the modes differ only in their lineRules.

// asking says which lines are asked about before they run.
type asking int

const (
	// askDefaultNo asks only about levels whose default answer is no
	// (-c, scripts, stdin, rc files).
	askDefaultNo asking = iota
	// askRisky asks about every line with a finding (the interactive
	// shell, ask = "risky").
	askRisky
	// askAllLines asks about every line (ask = "always").
	askAllLines
)

// lineRules are the settings a whole-line decision depends on besides the
// verdict: -y (with the limit a parent guardsh set), lasting approvals and
// who can be asked (policy), which lines are asked about, auto mode.
type lineRules struct {
	policy
	asking asking
	// yesFirst has -y decide before a line's default answer: the
	// interactive shell says "(yes)" for every line -y runs.
	yesFirst bool
	// blockedRefused refuses a blocked line without a question, also
	// when someone can be asked (an rc file's line has no prompt to be
	// edited at).
	blockedRefused bool
	// auto, when set (auto mode is on), reports whether auto mode runs v
	// without a question.
	auto func(v guard.Verdict) bool
}

// step is the outcome of one round of the whole-line decision.
type step struct {
	// Decision is Yes (run), No (refused) or Edit (Line was edited and
	// is decided again).
	Decision Decision
	// Line is the edited line, with Edit.
	Line string
	// Refusal, with No, says why; its Hint is the audit log's words.
	Refusal *Refusal
	// How, with Yes, says who approved it for the audit log: "default",
	// "yes", "auto", "asked", or a lasting approval.
	How string
	// Auto reports a line auto mode runs.
	Auto bool
	// Asked reports that someone was asked.
	Asked bool
	// Approved, with Yes, is the level the line runs at (Outcome.Approved).
	Approved guard.Level
}

// noted reports a line that runs without a question for a reason worth
// showing (-y, auto mode, a lasting approval), not by its default answer.
func (s step) noted() bool {
	return s.Decision == Yes && !s.Asked && s.How != "default"
}

// asks reports whether the line's verdict v is asked about when nothing
// else approves it.
func (a asking) asks(v guard.Verdict) bool {
	switch a {
	case askRisky:
		return v.Level != guard.Safe || len(v.Findings) > 0
	case askAllLines:
		return true
	}
	return !v.Level.DefaultYes()
}

// decideStep decides about line, whose verdict is v: blocked is refused
// (or, when someone can be asked, edited); then a hook's approval
// (WithHookApproved), -y, auto mode, the
// level's default answer and the lasting approvals may approve it; what
// is left is refused when nobody can be asked, and asked about
// otherwise. ask asks (it is only called when rules.asker is set).
func decideStep(v guard.Verdict, line string, rules lineRules, ask func(Question) (Decision, string, error)) step {
	refuse := func(hint string) step {
		return step{Decision: No, Refusal: &Refusal{Verdict: v, What: line, Hint: hint}}
	}
	if v.Blocked {
		if rules.asker == nil || rules.blockedRefused {
			return refuse(HintBlocked)
		}
		d, edited, err := ask(Question{Verdict: v, Line: line})
		if err == nil && d == Edit {
			return step{Decision: Edit, Line: edited, Asked: true}
		}
		r := refuse(HintBlocked)
		r.Asked = true
		return r
	}
	run := func(how string) step { return step{Decision: Yes, How: how, Approved: v.Level} }
	if rules.hookFor(v) {
		s := run("approved at " + rules.hookMax.String() + " by a hook")
		s.Approved = rules.hookMax
		return s
	}
	if rules.yesFirst && rules.yesFor(v) {
		return run("yes")
	}
	if rules.auto != nil && rules.auto(v) {
		s := run("auto")
		s.Auto = true
		return s
	}
	if !rules.asking.asks(v) {
		return run("default")
	}
	if rules.yesFor(v) {
		return run("yes")
	}
	if rules.lasting != nil {
		if how, ok := rules.lasting(v); ok {
			return run(how)
		}
	}
	if rules.asker == nil {
		return refuse(rules.noYesHint(v))
	}
	d, edited, err := ask(Question{Verdict: v, Line: line})
	var s step
	switch {
	case err != nil:
		s = refuse(HintDeclined)
	case d == Yes:
		s = run("asked")
	case d == Edit:
		s = step{Decision: Edit, Line: edited}
	default:
		s = refuse(HintDeclined)
	}
	s.Asked = true
	return s
}

// decideLoop classifies line and decides it (decideStep), classifying an
// edited line again from the start, at most maxEdits times.
func decideLoop(line string, classify func(string) guard.Verdict, rules lineRules, ask func(Question) (Decision, string, error)) Outcome {
	for range maxEdits {
		v := classify(line)
		s := decideStep(v, line, rules, ask)
		switch s.Decision {
		case Edit:
			line = s.Line
			continue
		case Yes:
			return Outcome{Line: line, Verdict: v, Run: true, How: s.How, Auto: s.Auto, Approved: s.Approved}
		}
		return Outcome{Line: line, Verdict: v, Refusal: s.Refusal}
	}
	v := classify(line)
	return Outcome{Line: line, Verdict: v, Refusal: &Refusal{Verdict: v, What: line, Hint: HintDeclined}}
}
