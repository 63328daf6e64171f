package shell

import (
	"context"
	"os"
	"testing"

	"guardsh/guard"
)

// testExecutor returns an executor of an interactive Runner whose
// output goes to /dev/null, with no front end or control channel.
func testExecutor(t *testing.T) *executor {
	t.Helper()
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { null.Close() })
	r, err := New(fakeChecker{}, WithStdio(nil, null, null), WithInteractive(true))
	if err != nil {
		t.Fatal(err)
	}
	return &executor{runner: r}
}

// A line's done message carries the variables only when they changed.
func TestExecutorStateOnlyChanges(t *testing.T) {
	ex := testExecutor(t)
	r := ex.runner
	if s := ex.state(opReady, 0); s.Vars == nil {
		t.Fatal("the ready message has no variables")
	}
	steps := []struct {
		line    string
		changed bool
	}{
		{"echo x", true}, // the first line ran: the interpreter's own variables
		{"echo x", false},
		{"true", false},
		{"x=1", true},
		{"echo $x", false},
		{"set -- a b", true},
		{"echo $1", false},
		{"unset x", true},
	}
	for _, st := range steps {
		if _, err := r.RunApproved(context.Background(), st.line, guard.Safe); err != nil {
			t.Fatalf("%s: %v", st.line, err)
		}
		s := ex.state(opDone, 1)
		if got := s.Vars != nil; got != st.changed {
			t.Errorf("after %q: variables sent %v, want %v", st.line, got, st.changed)
		}
	}
}
