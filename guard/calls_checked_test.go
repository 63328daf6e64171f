package guard

import (
	"testing"
)

// TestCallsChecked: with State.CallsChecked (a file guardsh's interpreter
// sources), a function's body is classified where the code calls it, not
// where it is defined; what the code runs at the top is classified as
// always.
func TestCallsChecked(t *testing.T) {
	tests := []struct {
		src     string
		checked bool
		want    Level
	}{
		{"clean() { rm -rf ./build; }", false, High},
		{"clean() { rm -rf ./build; }", true, Safe},
		{"boom() { rm -rf /; }\nalias ll='ls -l'\nshopt -s expand_aliases", true, Safe},
		{"boom() { rm -rf /; }", false, Blocked},
		// Called in the file: classified at the call, with its arguments.
		{"clean() { rm -rf \"$1\"; }\nclean ./build", true, High},
		{"clean() { rm -rf \"$1\"; }\nclean /", true, Blocked},
		{"f() { g; }\ng() { git push --force; }\nf", true, Medium},
		// What runs at the top is classified as always.
		{"f() { :; }\nrm -rf ./build", true, High},
		{"eval \"$(echo cm0gLXJmIC8K | base64 -d)\"", true, Blocked},
		// Behind eval and in a function's body too; behind a real shell,
		// sudo or ssh the function runs where nobody checks its calls.
		{"eval 'clean() { rm -rf ./build; }'", true, Safe},
		{"f() { g() { rm -rf ./build; }; }", true, Safe},
		{"bash -c 'clean() { rm -rf ./build; }; trap clean EXIT'", true, High},
		{"sudo bash -c 'clean() { rm -rf ./build; }'", true, High},
		{"eval 'bash -c \"f() { rm -rf ./build; }\"'", true, High},
		// A fork bomb is one where it is defined.
		{":(){ :|:& }", true, High},
	}
	g, err := New()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		st := State{Dir: "/home/u", Var: MapVars(map[string]string{"HOME": "/home/u"}), CallsChecked: tt.checked}
		v := g.Classify(tt.src, st)
		if v.Level != tt.want && !(tt.want == High && v.Level >= High) {
			t.Errorf("%q (CallsChecked %v): %v %v, want %v", tt.src, tt.checked, v.Level, v.Findings, tt.want)
		}
	}
}

// TestCallsCheckedArgv: at run time, the code of an eval defines
// functions the interpreter checks at each call; a shell's -c code does
// not.
func TestCallsCheckedArgv(t *testing.T) {
	g, err := New()
	if err != nil {
		t.Fatal(err)
	}
	st := State{Dir: "/home/u", Var: MapVars(map[string]string{"HOME": "/home/u"}), CallsChecked: true}
	if v := g.CheckArgv([]string{"eval", "clean () { rm -rf ./build; }"}, st); v.Level != Safe {
		t.Errorf("eval of a definition: %v %v, want safe", v.Level, v.Findings)
	}
	if v := g.CheckArgv([]string{"eval", "rm -rf ./build"}, st); v.Level < High {
		t.Errorf("eval of rm -rf: %v, want high", v.Level)
	}
	if v := g.CheckArgv([]string{"bash", "-c", "clean () { rm -rf ./build; }; trap clean EXIT"}, st); v.Level < High {
		t.Errorf("bash -c of a definition: %v, want high", v.Level)
	}
}
