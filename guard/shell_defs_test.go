package guard

import (
	"testing"
)

// TestShellDefs: a function or an alias the shell defined before the line
// (State.Funcs, State.Aliases: a sourced snapshot, an earlier line) is
// classified where the line calls it, in code that runs in that shell;
// behind a real shell, sudo or ssh the name is only a program's.
func TestShellDefs(t *testing.T) {
	funcs := map[string]string{
		"g":          "g () \n{ \n    rm -rf /\n}",
		"cleanbuild": "function cleanbuild { rm -rf ./build && mkdir -p build; }",
		"gs":         "gs () \n{ \n    git status \"$@\"\n}",
		"del":        "del () { rm -rf \"$1\"; }",
		"outer":      "outer () { g; }",
		"self":       "self () { self; }",
		"bad":        "bad () { (( ; }",
		"other":      "notother () { rm -rf /; }",
	}
	aliases := map[string]string{
		"ll":   "ls -l",
		"nuke": "rm -rf /",
		"rmf":  "rm -rf",
		"ls":   "ls --color=auto",
		"gg":   "g",
	}
	tests := []struct {
		src  string
		want Level
	}{
		{"g", Blocked},
		{"eval 'g'", Blocked},
		{"eval 'git add . && g'", Blocked},
		{"cleanbuild", High},
		{"gs --short", Safe},
		{"del ./build", High},
		{"del /", Blocked},
		{"outer", Blocked},
		{"self", Safe},
		{"bad", Safe},   // not a definition guardsh can read: a program's name
		{"other", Safe}, // the definition names another function
		{"x=1 g", Safe}, // with an assignment the call is not looked up (runs the program or the function: checked as it runs)
		{"echo g", Safe},
		{"'g'", Blocked},        // quoted, a function is still called
		{"g() { :; }; g", Safe}, // defined again on the line
		{"ll", Safe},
		{"eval 'll -a'", Safe},
		{"nuke", Blocked},
		{"eval nuke", Blocked},
		{"rmf /", Blocked},
		{"rmf ./build", High},
		{"'nuke'", Safe}, // quoted: no alias expansion
		{"ls", Safe},     // an alias of itself expands once
		{"gg", Blocked},  // an alias of a function
		// A real shell started by the line has neither.
		{"bash -c g", Safe},
		{"sudo g", Medium}, // sudo's own level, not g's body
		{"bash -c nuke", Safe},
		{"ssh host g", Safe},
	}
	g, err := New()
	if err != nil {
		t.Fatal(err)
	}
	st := State{
		Dir:     "/home/u",
		Var:     MapVars(map[string]string{"HOME": "/home/u"}),
		Funcs:   func(n string) (string, bool) { d, ok := funcs[n]; return d, ok },
		Aliases: func(n string) (string, bool) { a, ok := aliases[n]; return a, ok },
	}
	for _, tt := range tests {
		v := g.Classify(tt.src, st)
		if v.Level != tt.want {
			t.Errorf("%q: %v %v, want %v", tt.src, v.Level, v.Findings, tt.want)
		}
		// Without them, the names are programs guardsh does not know.
		if v := g.Classify(tt.src, State{Dir: "/home/u", Var: st.Var}); v.Level > tt.want {
			t.Errorf("%q without the shell's definitions: %v, above %v", tt.src, v.Level, tt.want)
		}
	}
	// At run time, the code of an eval knows them too.
	st.CallsChecked = true
	if v := g.CheckArgv([]string{"eval", "gs; g"}, st); v.Level != Blocked {
		t.Errorf("eval 'gs; g' at run time: %v %v", v.Level, v.Findings)
	}
	if v := g.CheckArgv([]string{"g"}, st); v.Level != Safe {
		t.Errorf("the call of g itself: %v (its commands are checked as they run)", v.Level)
	}
}
