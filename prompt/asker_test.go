package prompt

import (
	"errors"
	"strings"
	"testing"

	"guardsh/guard"
)

// classifyFake gives "rm..." high, "sudo..." blocked and the rest safe.
func classifyFake(line string) guard.Verdict {
	switch {
	case strings.HasPrefix(line, "rm"):
		return mk(line, f("rm", guard.High, "deletes", line))
	case strings.HasPrefix(line, "sudo"):
		return mk(line, f("x", guard.Blocked, "destroys", line))
	}
	return mk(line)
}

// editorFake returns the lines it holds, one per call, then cancels.
func editorFake(lines ...string) Editor {
	return func(initial string) (string, error) {
		if len(lines) == 0 {
			return "", ErrCancelled
		}
		l := lines[0]
		lines = lines[1:]
		return l, nil
	}
}

func TestAskerConfirm(t *testing.T) {
	tests := []struct {
		name  string
		line  string
		in    string
		edits []string
		skip  bool
		want  string
		ok    bool
		asked int
	}{
		{"yes", "rm -rf x", "y\n", nil, false, "rm -rf x", true, 1},
		{"no", "rm -rf x", "n\n", nil, false, "rm -rf x", false, 1},
		{"default no", "rm -rf x", "\n", nil, false, "rm -rf x", false, 1},
		{"default yes", "ls", "\n", nil, false, "ls", true, 1},
		{"edit then yes", "rm -rf x", "e\ny\n", []string{"ls"}, false, "ls", true, 2},
		{"edit to safe, skipped", "rm -rf x", "e\n", []string{"ls"}, true, "ls", true, 1},
		{"edit to risky, asked", "rm -rf x", "e\ny\n", []string{"rm y"}, true, "rm y", true, 2},
		{"edit cancelled", "rm -rf x", "e\n", nil, false, "rm -rf x", false, 1},
		{"blocked, edit", "sudo x", "y\ne\n\n", []string{"rm y"}, false, "rm y", false, 3},
		{"blocked edited to blocked, skip", "sudo x", "e\n\n", []string{"sudo y"}, true, "sudo y", false, 2},
		{"edit twice", "rm a", "e\ne\ny\n", []string{"rm b", "rm c"}, false, "rm c", true, 3},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out strings.Builder
			a := Asker{In: strings.NewReader(tc.in), Out: &out, Editor: editorFake(tc.edits...), Classify: classifyFake}
			if tc.skip {
				a.Skip = func(v guard.Verdict) bool { return v.Level.DefaultYes() }
			}
			v, ok, err := a.Confirm(classifyFake(tc.line))
			if err != nil {
				t.Fatal(err)
			}
			if v.Command != tc.want || ok != tc.ok {
				t.Errorf("got %q %v, want %q %v", v.Command, ok, tc.want, tc.ok)
			}
			if n := strings.Count(out.String(), "? ["); n+strings.Count(out.String(), "cancel [") != tc.asked {
				t.Errorf("asked %d times, want %d:\n%s", n, tc.asked, out.String())
			}
		})
	}
}

func TestAskerEditError(t *testing.T) {
	boom := errors.New("boom")
	a := Asker{In: strings.NewReader("e\n"), Out: &strings.Builder{}, Classify: classifyFake,
		Editor: func(string) (string, error) { return "", boom }}
	if _, ok, err := a.Confirm(classifyFake("rm x")); ok || !errors.Is(err, boom) {
		t.Errorf("got %v, %v", ok, err)
	}
}

func TestAskerNoClassify(t *testing.T) {
	a := Asker{In: strings.NewReader("e\n"), Out: &strings.Builder{}}
	if _, ok, err := a.Confirm(classifyFake("rm x")); ok || err != nil {
		t.Errorf("got %v, %v", ok, err)
	}
}

// TestAskerTerminal runs the whole exchange on a pty with the built-in
// editor: the question, e, the edit, and the question about the edited
// line.
func TestAskerTerminal(t *testing.T) {
	tm := openTerm(t)
	a := Asker{In: tm.slave, Out: tm.slave, Classify: classifyFake}
	ch := make(chan result[guard.Verdict], 1)
	go func() {
		v, ok, err := a.Confirm(classifyFake("rm -rf build"))
		if err == nil && !ok {
			err = errors.New("not approved")
		}
		ch <- result[guard.Verdict]{v, err}
	}()
	tm.expect("high: run it? [y/N/e] ")
	tm.send("e")
	tm.expect(EditPrompt + "rm -rf build\x1b[K")
	tm.send("\x15ls build\r")
	tm.expect("safe: nothing to warn about")
	tm.expect("safe: run it? [Y/n/e] ")
	tm.send("\r")
	v, err := await(t, ch)
	if err != nil || v.Command != "ls build" {
		t.Errorf("got %q, %v", v.Command, err)
	}
	tm.checkCooked()
}
