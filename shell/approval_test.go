package shell

import (
	"errors"
	"strings"
	"testing"

	"guardsh/guard"
)

// WithChildVar sets its variable on every program the runner starts, with
// the level the line was approved at; the line cannot set, change or unset
// it for them.
func TestWithChildVar(t *testing.T) {
	e := newEnv(t, "fakegetenv", "fakeprint", "rm")
	opt := WithChildVar("STAMP", func(l guard.Level) string { return "ok-" + l.String() })
	for _, tc := range []struct{ src, want string }{
		{"fakegetenv STAMP", "STAMP=ok-safe true"},
		{"STAMP=forged fakegetenv STAMP", "STAMP=ok-safe true"},
		{"export STAMP=forged; fakegetenv STAMP", "STAMP=ok-safe true"},
		{"unset STAMP; fakegetenv STAMP", "STAMP=ok-safe true"},
		{"env STAMP=forged fakegetenv STAMP", "STAMP=forged true"}, // env itself sets it: the documented limit
		{"rm -rf ./x; fakegetenv STAMP", "STAMP=ok-high true"},
		{"(fakegetenv STAMP) | fakeprint", "STAMP=ok-safe true"},
	} {
		r := e.run(tc.src, opt, WithYes(true))
		if !strings.Contains(r.stdout, tc.want) {
			t.Errorf("%s: stdout %q, want %q (stderr %q)", tc.src, r.stdout, tc.want, r.stderr)
		}
	}
}

// WithYesLimit: -y approves nothing above the limit, at the line or at run
// time; a text too long to check is never approved by -y.
func TestYesLimit(t *testing.T) {
	e := newEnv(t, "rm")
	for _, tc := range []struct {
		src   string
		opts  []Option
		runs  bool
		hint  string
		level guard.Level
	}{
		{"rm x", []Option{WithYes(true), WithYesLimit(guard.Medium)}, true, "", 0},
		{"rm -rf ./x", []Option{WithYes(true), WithYesLimit(guard.Medium)}, false, HintParent, 0},
		{"rm -rf ./x", []Option{WithYes(true)}, true, "", 0},
		{"rm x; eval 'rm -rf ./y'", []Option{WithYes(true), WithYesLimit(guard.Medium)}, false, HintParent, 0},
		{"rm x", []Option{WithYes(false), WithYesLimit(guard.High)}, false, HintNoTerminal, 0},
	} {
		before := e.calls()
		r := e.run(tc.src, tc.opts...)
		ran := e.calls() != before
		if ran != tc.runs || (tc.hint != "" && !strings.Contains(r.stderr, tc.hint)) {
			t.Errorf("%s: ran %v (status %d, stderr %q), want ran %v with %q", tc.src, ran, r.status, r.stderr, tc.runs, tc.hint)
		}
	}
}

// unchecked answers too_long for a marked line, as the guard does for a
// line longer than it reads.
type unchecked struct{ fakeChecker }

func (c unchecked) Classify(line string, st guard.State) guard.Verdict {
	if strings.Contains(line, "#huge") {
		return guard.Verdict{Command: line, Level: guard.High, Findings: []guard.Finding{{Rule: "too_long", Level: guard.High, Reason: "the line is longer than guardsh classifies"}}}
	}
	return c.fakeChecker.Classify(line, st)
}

func TestYesNeverApprovesUnchecked(t *testing.T) {
	e := newEnv(t, "rm")
	var out, errb strings.Builder
	r, err := New(unchecked{testChecker}, WithEnv(e.vars), WithDir(e.dir), WithStdio(nil, &out, &errb), WithYes(true))
	if err != nil {
		t.Fatal(err)
	}
	src := "rm x #huge\n" + strings.Repeat("# filler\n", 20)
	if st := r.Run(t.Context(), src); st != 126 {
		t.Errorf("status %d, want 126", st)
	}
	if e.calls() != "" {
		t.Errorf("ran: %q", e.calls())
	}
	msg := errb.String()
	if !strings.Contains(msg, HintUnchecked) || strings.Count(msg, "\n") != 1 || strings.Contains(msg, "filler") {
		t.Errorf("stderr %q: want one line with %q", msg, HintUnchecked)
	}
}

// A required audit log that cannot record a decision refuses it: the line,
// or a command found at run time.
func TestAuditRequired(t *testing.T) {
	e := newEnv(t, "rm")
	fail := func(after int) Option {
		n := 0
		return WithAuditRequired(func(AuditRecord) error {
			n++
			if n > after {
				return errors.New("disk full")
			}
			return nil
		})
	}
	r := e.run("rm x", WithYes(true), fail(0))
	if r.status != 126 || !strings.Contains(r.stderr, HintAudit) || e.calls() != "" {
		t.Errorf("line: status %d stderr %q calls %q", r.status, r.stderr, e.calls())
	}
	r = e.run("x=rm; $x -rf ./y; echo status $?", WithYes(true), fail(1))
	if !strings.Contains(r.stdout, "status 126") || !strings.Contains(r.stderr, HintAudit) || e.calls() != "" {
		t.Errorf("run time: stdout %q stderr %q calls %q", r.stdout, r.stderr, e.calls())
	}
	r = e.run("rm x", WithYes(true), fail(10))
	if r.status != 0 || e.calls() != "rm x\n" {
		t.Errorf("recorded: status %d stderr %q calls %q", r.status, r.stderr, e.calls())
	}
}
