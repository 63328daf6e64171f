package shell

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"mvdan.cc/sh/v3/syntax"

	"guardsh/guard"
)

// countParses returns the interactive tests' checker for role; with
// GUARDSH_IT_PARSES set it also writes there, a line each, every parse of
// a line (parseHook) and every Classify (a real checker parses the line
// it is given), and it classifies a parse it is given without parsing.
func countParses(role string) Checker {
	path := os.Getenv("GUARDSH_IT_PARSES")
	if path == "" {
		return itChecker
	}
	note := func(what, src string) {
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
		if err != nil {
			return
		}
		fmt.Fprintf(f, "%s\t%s\t%q\n", role, what, src)
		f.Close()
	}
	parseHook = func(src, what string) { note("parse "+what, src) }
	return parsedCounter{itChecker, note}
}

// parsedCounter is a ParsedChecker that notes each Classify as a parse.
type parsedCounter struct {
	fakeChecker
	note func(what, src string)
}

func (c parsedCounter) Classify(line string, st guard.State) guard.Verdict {
	c.note("parse Classify", line)
	return c.fakeChecker.Classify(line, st)
}

func (c parsedCounter) ClassifyParsed(_ *syntax.File, line string, st guard.State) guard.Verdict {
	return c.fakeChecker.Classify(line, st)
}

// An interactive line is parsed once by the front end, to see that it is
// complete and to classify it (and to note the functions and aliases it
// defines), and once by the executor, to run it.
func TestInteractiveParsesOnce(t *testing.T) {
	home, env := itSandbox(t)
	log := home + "/parses.log"
	s := startShell(t, home, env, "GUARDSH_IT_ASK=risky", "GUARDSH_IT_PARSES="+log)
	s.prompt("")
	lines := []string{"echo one", "f() { echo two; }; alias al='echo three'", "f; al"}
	for _, l := range lines {
		s.line(l)
		s.prompt("")
	}
	s.line("fake-medium four")
	s.expect(`\[y/N/e\] `)
	s.send("y")
	s.expect(`FAKE-MEDIUM RAN four`)
	s.prompt("")
	s.send("\x04")
	if st := s.wait(); st != 0 {
		t.Fatalf("exit status %d, want 0", st)
	}
	b, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range append(lines, "fake-medium four") {
		var by []string
		for _, rec := range strings.Split(strings.TrimSpace(string(b)), "\n") {
			if strings.HasSuffix(rec, "\t"+fmt.Sprintf("%q", l)) {
				by = append(by, rec)
			}
		}
		want := []string{"frontend\tparse prompt\t%q", "executor\tparse run\t%q"}
		for i := range want {
			want[i] = fmt.Sprintf(want[i], l)
		}
		if strings.Join(by, "\n") != strings.Join(want, "\n") {
			t.Errorf("%q was parsed %d times, want 2:\n%s", l, len(by), strings.Join(by, "\n"))
		}
	}
}

// Run (-c, scripts) parses its input once, for classifying and running
// it.
func TestRunParsesOnce(t *testing.T) {
	var mu sync.Mutex
	var parses []string
	note := func(what, src string) {
		mu.Lock()
		parses = append(parses, what+" "+src)
		mu.Unlock()
	}
	parseHook = func(src, what string) { note("parse "+what, src) }
	defer func() { parseHook = nil }()
	var out, errb lockedBuffer
	checker := parsedCounter{testChecker, note}
	r, err := New(checker, WithStdio(nil, &out, &errb))
	if err != nil {
		t.Fatal(err)
	}
	if st := r.Run(context.Background(), "echo one"); st != 0 {
		t.Fatalf("status %d: %s", st, errb.String())
	}
	want := []string{"parse run echo one"}
	if !slices.Equal(parses, want) {
		t.Errorf("parses:\n%s\nwant\n%s", strings.Join(parses, "\n"), strings.Join(want, "\n"))
	}
}

// A stdin session's line is decided (ApproveRun) and run (RunApproval)
// from one parse, and an approval runs once.
func TestApproveRunParsesOnce(t *testing.T) {
	var parses []string
	note := func(what, src string) { parses = append(parses, what+" "+src) }
	parseHook = func(src, what string) { note("parse "+what, src) }
	defer func() { parseHook = nil }()
	var out, errb lockedBuffer
	r, err := New(parsedCounter{testChecker, note}, WithStdio(nil, &out, &errb))
	if err != nil {
		t.Fatal(err)
	}
	a, status := r.ApproveRun("echo one")
	if a == nil {
		t.Fatalf("refused (%d): %s", status, errb.String())
	}
	if st, err := r.RunApproval(context.Background(), a, false); st != 0 || err != nil || out.String() != "one\n" {
		t.Fatalf("status %d, %v, output %q", st, err, out.String())
	}
	if want := []string{"parse run echo one"}; !slices.Equal(parses, want) {
		t.Errorf("parses %q, want %q", parses, want)
	}
	if _, err := r.RunApproval(context.Background(), a, false); err == nil {
		t.Error("an approval ran twice")
	}
	if a, _ := r.ApproveRun("rm -rf /"); a != nil {
		t.Error("a blocked line was approved")
	}
}

// A refused line too long to check is named by its start in the one-line
// refusal, as -c names it: the interactive shell printed it whole.
func TestInteractiveRefusalOfUnchecked(t *testing.T) {
	home, env := itSandbox(t)
	s := startShell(t, home, env)
	s.prompt("")
	s.line("fake-toolong " + strings.Repeat("x", 80))
	s.expect(`\[y/N/e\] `)
	s.send("n")
	s.expect(`guardsh: refused \(high, too_long\): fake-toolong x{47}\.\.\. \(93 bytes\): `)
	s.prompt("126")
}
