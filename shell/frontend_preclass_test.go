package shell

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"

	"guardsh/guard"
)

// fsChecker is a checker whose verdict asks the file system: a line's
// level is High when the file its last word names exists, higher still
// when it sources a file that says "danger". It counts its calls.
type fsChecker struct {
	fakeChecker
	calls *int
}

func (c fsChecker) Classify(line string, st guard.State) guard.Verdict {
	*c.calls++
	v := guard.Verdict{Command: line}
	words := strings.Fields(line)
	if len(words) == 0 {
		return v
	}
	path := words[len(words)-1]
	if st.Exists(path) {
		v.Level = guard.High
	}
	if words[0] == "source" {
		if text, ok := st.Source(path); ok && strings.Contains(text, "danger") {
			v.Level = guard.Blocked
		}
	}
	return v
}

// A verdict made while the line was typed is taken at the Enter only when
// the line, the state and the file system's answers are as they were.
func TestPreclass(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "f")
	sourced := filepath.Join(dir, "s")
	tests := []struct {
		name     string
		typed    string // the line preclassify sees
		entered  string // the line classified at the Enter
		sourceIn string // sourced's text when typed ("" for no file)
		between  func(f *frontend)
		taken    bool
		want     guard.Level
	}{
		{name: "unchanged", typed: "cat " + file, entered: "cat " + file, taken: true, want: guard.Safe},
		{name: "other text", typed: "cat " + file, entered: "cat  " + file, want: guard.Safe},
		{name: "file made since", typed: "cat " + file, entered: "cat " + file,
			between: func(*frontend) { os.WriteFile(file, nil, 0o600) }, want: guard.High},
		{name: "sourced file changed", typed: "source " + sourced, entered: "source " + sourced, sourceIn: "echo",
			between: func(*frontend) { os.WriteFile(sourced, []byte("danger"), 0o600) }, want: guard.Blocked},
		{name: "sourced file the same", typed: "source " + sourced, entered: "source " + sourced, sourceIn: "echo",
			taken: true, want: guard.High},
		{name: "state changed", typed: "cat " + file, entered: "cat " + file,
			between: func(f *frontend) { f.takeState(&reply{}) }, want: guard.Safe},
		{name: "incomplete", typed: "cat " + file + " |", entered: "cat " + file + " |", want: guard.Safe},
		{name: "slash command", typed: "/rules", entered: "/rules", want: guard.Safe},
		{name: "history expansion", typed: "cat !!", entered: "cat !!", want: guard.Safe},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			os.Remove(file)
			os.Remove(sourced)
			if tt.sourceIn != "" {
				os.WriteFile(sourced, []byte(tt.sourceIn), 0o600)
			}
			r, w, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			defer w.Close()
			tty, err := newTTYInput(r)
			if err != nil {
				t.Fatal(err)
			}
			calls := 0
			f := &frontend{cfg: InteractiveConfig{Checker: fsChecker{calls: &calls}}, tty: tty,
				exe: &executorProc{ready: &reply{}}, vars: map[string]string{}, lastLine: "ls"}
			f.preclassify(tt.typed)
			before := calls
			if tt.between != nil {
				tt.between(f)
			}
			var pf *syntax.File
			if p := f.pre; p != nil && p.line == tt.entered {
				pf = p.file
			}
			v, err := f.classify(tt.entered, &pf)
			if err != nil {
				t.Fatal(err)
			}
			if taken := calls == before; taken != tt.taken {
				t.Errorf("verdict made while typed taken: %v, want %v (%d calls)", taken, tt.taken, calls)
			}
			if v.Level != tt.want {
				t.Errorf("level %v, want %v", v.Level, tt.want)
			}
			if f.pre != nil {
				t.Error("the verdict made while typed is kept after the Enter")
			}
		})
	}
}

// Nothing is classified while typed when more keys wait, or before the
// executor is up.
func TestPreclassWaits(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	tty, err := newTTYInput(r)
	if err != nil {
		t.Fatal(err)
	}
	calls := 0
	f := &frontend{cfg: InteractiveConfig{Checker: fsChecker{calls: &calls}}, tty: tty,
		exe: &executorProc{}, vars: map[string]string{}}
	f.preclassify("echo x")
	if calls != 0 || f.pre != nil {
		t.Errorf("classified before the executor was ready (%d calls)", calls)
	}
	f.exe.ready = &reply{}
	w.Write([]byte("y"))
	f.preclassify("echo x")
	if calls != 0 || f.pre != nil {
		t.Errorf("classified with a key waiting (%d calls)", calls)
	}
	var b [1]byte
	r.Read(b[:])
	f.preclassify("echo x")
	if calls != 1 || f.pre == nil {
		t.Errorf("not classified when idle (%d calls)", calls)
	}
}

// panicChecker fails on every line.
type panicChecker struct{ fakeChecker }

func (panicChecker) Classify(string, guard.State) guard.Verdict { panic("check failed") }

// A check that fails on a line being typed does not end the shell.
func TestPreclassPanic(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	tty, err := newTTYInput(r)
	if err != nil {
		t.Fatal(err)
	}
	f := &frontend{cfg: InteractiveConfig{Checker: panicChecker{}}, tty: tty,
		exe: &executorProc{ready: &reply{}}, vars: map[string]string{}}
	f.preclassify("echo x")
	if f.pre != nil {
		t.Error("a verdict kept from a check that failed")
	}
}

// defsChecker is a checker that, at its second call (the line with the
// body of f, the function it calls), has bash's reports define f again
// with a dangerous body (a report read while the statement is
// classified): a line is High when its text says "danger".
type defsChecker struct {
	fakeChecker
	calls *int
	b     *bashSide
}

func (c defsChecker) Classify(line string, st guard.State) guard.Verdict {
	*c.calls++
	if *c.calls == 2 {
		c.b.defs.Store(c.b.defs.Load().update("f () \n{ \n    danger\n}\n", ""))
	}
	v := guard.Verdict{Command: line}
	if strings.Contains(line, "danger") {
		v.Level = guard.High
	}
	return v
}

// Functions that bash's reports change while a statement is classified
// are not the ones its verdict was made with: the Enter does not take it.
func TestPreclassDefsChangedMeanwhile(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	tty, err := newTTYInput(r)
	if err != nil {
		t.Fatal(err)
	}
	calls := 0
	b := &bashSide{}
	b.defs.Store((*bashDefs)(nil).update("f () \n{ \n    echo\n}\n", ""))
	f := &frontend{cfg: InteractiveConfig{Checker: defsChecker{calls: &calls, b: b}}, tty: tty,
		exe: &executorProc{ready: &reply{}, bash: b}, vars: map[string]string{}}
	f.preclassify("f")
	var pf *syntax.File
	if p := f.pre; p != nil {
		pf = p.file
	}
	v, err := f.classify("f", &pf)
	if err != nil {
		t.Fatal(err)
	}
	if v.Level != guard.High {
		t.Errorf("level %v, want %v (the verdict made with the body of f before the report was taken)", v.Level, guard.High)
	}
}
