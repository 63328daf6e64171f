package shell

import (
	"errors"
	"testing"

	"guardsh/guard"
)

// stepAsker answers every question with d (and the line "edited" for
// Edit), or fails with err; it counts the questions.
type stepAsker struct {
	d     Decision
	err   error
	asked int
}

func (a *stepAsker) Ask(q Question) (Decision, string, error) {
	a.asked++
	return a.d, "edited", a.err
}

func TestDecideStep(t *testing.T) {
	finding := []guard.Finding{{Rule: "r", Level: guard.InfoLeak}}
	safe := guard.Verdict{Level: guard.Safe, Findings: []guard.Finding{}}
	leak := guard.Verdict{Level: guard.InfoLeak, Findings: finding}
	medium := guard.Verdict{Level: guard.Medium, Findings: []guard.Finding{{Rule: "m", Level: guard.Medium}}}
	high := guard.Verdict{Level: guard.High, Findings: []guard.Finding{{Rule: "h", Level: guard.High}}}
	blocked := guard.Verdict{Level: guard.Blocked, Blocked: true, Findings: []guard.Finding{{Rule: "b", Level: guard.Blocked}}}
	unchecked := guard.Verdict{Level: guard.High, Findings: []guard.Finding{{Rule: "too_long", Level: guard.High}}}
	autoSafe := safe
	autoSafe.Auto = true
	lasting := func(v guard.Verdict) (string, bool) { return "lasting approval 1", v.Level == guard.Medium }
	auto := func(v guard.Verdict) bool { return v.Auto }

	// The rules of the modes.
	script := lineRules{}                             // -c, scripts, stdin, nobody to ask
	scriptYes := lineRules{policy: policy{yes: true}} // -y
	scriptParent := lineRules{policy: policy{yes: true, yesMax: guard.InfoLeak, yesLimited: true}}
	front := lineRules{asking: askRisky, yesFirst: true} // the interactive shell
	frontYes := lineRules{asking: askRisky, yesFirst: true, policy: policy{yes: true}}
	always := lineRules{asking: askAllLines, yesFirst: true}
	rc := lineRules{yesFirst: true, blockedRefused: true}
	hook := lineRules{policy: policy{hookMax: guard.Medium, hooked: true}} // --approved medium

	tests := []struct {
		name  string
		v     guard.Verdict
		rules lineRules
		ask   *stepAsker // nil: nobody can be asked
		want  Decision
		how   string // With Yes the audit words, with No the hint
		asked bool
	}{
		{"a safe line runs", safe, script, nil, Yes, "default", false},
		{"info_leak runs without a question in a script", leak, script, &stepAsker{d: No}, Yes, "default", false},
		{"medium is refused with nobody to ask", medium, script, nil, No, HintNoTerminal, false},
		{"medium runs on -y", medium, scriptYes, nil, Yes, "yes", false},
		{"a safe line on -y is the default in a script", safe, scriptYes, nil, Yes, "default", false},
		{"-y does not approve what was not checked", unchecked, scriptYes, nil, No, HintUnchecked, false},
		{"-y under a parent stops at its level", medium, scriptParent, nil, No, HintParent, false},
		{"a lasting approval runs medium", medium, lineRules{policy: policy{lasting: lasting}}, nil, Yes, "lasting approval 1", false},
		{"a lasting approval does not cover high", high, lineRules{policy: policy{lasting: lasting}}, nil, No, HintNoTerminal, false},
		{"asked yes", high, script, &stepAsker{d: Yes}, Yes, "asked", true},
		{"asked no", high, script, &stepAsker{d: No}, No, HintDeclined, true},
		{"a failed question is no", high, script, &stepAsker{d: Yes, err: errors.New("eof")}, No, HintDeclined, true},
		{"asked edit", high, script, &stepAsker{d: Edit}, Edit, "", true},
		{"blocked is refused with nobody to ask", blocked, scriptYes, nil, No, HintBlocked, false},
		{"blocked may be edited", blocked, script, &stepAsker{d: Edit}, Edit, "", true},
		{"blocked is never run on yes", blocked, script, &stepAsker{d: Yes}, No, HintBlocked, true},
		{"blocked in an rc file is not asked about", blocked, rc, &stepAsker{d: Edit}, No, HintBlocked, false},

		{"the prompt runs a safe line with no finding", safe, front, &stepAsker{d: No}, Yes, "default", false},
		{"the prompt asks about info_leak", leak, front, &stepAsker{d: Yes}, Yes, "asked", true},
		{"ask = always asks about a safe line", safe, always, &stepAsker{d: No}, No, HintDeclined, true},
		{"-y at the prompt says yes for a safe line", safe, frontYes, &stepAsker{d: No}, Yes, "yes", false},
		{"auto mode runs what the allowlist allows", autoSafe, lineRules{asking: askAllLines, yesFirst: true, auto: auto}, &stepAsker{d: No}, Yes, "auto", false},
		{"auto mode asks about the rest", medium, lineRules{asking: askRisky, yesFirst: true, auto: auto}, &stepAsker{d: No}, No, HintDeclined, true},
		{"an rc file runs info_leak by default", leak, rc, &stepAsker{d: No}, Yes, "default", false},
		{"an rc file asks about medium", medium, rc, &stepAsker{d: Yes}, Yes, "asked", true},

		{"a hook's approval runs its level", medium, hook, nil, Yes, "approved at medium by a hook", false},
		{"a hook's approval runs below its level", safe, hook, nil, Yes, "approved at medium by a hook", false},
		{"a hook's approval does not cover above its level", high, hook, nil, No, HintNoTerminal, false},
		{"above a hook's level is asked about", high, hook, &stepAsker{d: Yes}, Yes, "asked", true},
		{"a hook's approval never runs blocked", blocked, lineRules{policy: policy{hookMax: guard.High, hooked: true}}, nil, No, HintBlocked, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rules := tc.rules
			var ask func(Question) (Decision, string, error)
			if tc.ask != nil {
				rules.asker = tc.ask
				ask = tc.ask.Ask
			}
			s := decideStep(tc.v, "the line", rules, ask)
			if s.Decision != tc.want || s.Asked != tc.asked {
				t.Fatalf("decision %v asked %v, want %v asked %v", s.Decision, s.Asked, tc.want, tc.asked)
			}
			if tc.ask != nil && (tc.ask.asked > 0) != tc.asked {
				t.Errorf("the asker was asked %d times", tc.ask.asked)
			}
			switch s.Decision {
			case Yes:
				if s.How != tc.how {
					t.Errorf("how %q, want %q", s.How, tc.how)
				}
				if s.Auto != (tc.how == "auto") {
					t.Errorf("auto %v", s.Auto)
				}
				if want := tc.v.Level; s.Approved != want && !(rules.hooked && s.Approved == rules.hookMax && tc.how != "asked") {
					t.Errorf("runs at %s, want %s (or the hook's level)", s.Approved, want)
				}
			case No:
				if s.Refusal == nil || s.Refusal.Hint != tc.how || s.Refusal.What != "the line" {
					t.Errorf("refusal %+v, want hint %q", s.Refusal, tc.how)
				}
			case Edit:
				if s.Line != "edited" {
					t.Errorf("edited line %q", s.Line)
				}
			}
		})
	}
}
