package shell

import (
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"

	"guardsh/guard"
)

// TestShellDefs: what the functions and aliases the shell defined look
// like to the classifier, as lines, evals, alias, unalias and unset -f
// change them.
func TestShellDefs(t *testing.T) {
	var d shellDefs
	f, err := syntax.NewParser().Parse(strings.NewReader("g() { rm -rf /; }\nfunction h { ls; }\nif false; then k() { :; }; fi"), "")
	if err != nil {
		t.Fatal(err)
	}
	d.noteFile(f)
	d.noteCall([]string{"eval", "gs () \n{ \n    git status \"$@\"\n}\n"})
	d.noteCall([]string{"eval", "echo no function here"})
	d.noteCall([]string{"alias", "--", "ll=ls -l", "la=ls -A", "-p"})
	d.noteCall([]string{"alias", "nuke=rm -rf /"})
	d.noteCall([]string{"unalias", "la"})
	d.noteCall([]string{"unset", "-f", "h"})
	d.noteCall([]string{"unset", "k"}) // a variable first: k stays
	var st guard.State
	d.into(&st)
	for _, tt := range []struct {
		name string
		fn   bool
		want string
	}{
		{"g", true, "g() { rm -rf /; }"},
		{"gs", true, "gs() { git status \"$@\"\n}"},
		{"k", true, "k() { :; }"},
		{"h", false, ""},
		{"ll", false, "ls -l"},
		{"nuke", false, "rm -rf /"},
		{"la", false, ""},
	} {
		look := st.Aliases
		if tt.fn {
			look = st.Funcs
		}
		got, ok := look(tt.name)
		if ok != (tt.want != "") || got != tt.want {
			t.Errorf("%s: %q, %v; want %q", tt.name, got, ok, tt.want)
		}
		if tt.fn && ok {
			// What the classifier parses back: one definition of the name.
			f, err := syntax.NewParser().Parse(strings.NewReader(got), "")
			if err != nil || len(f.Stmts) != 1 {
				t.Fatalf("%s: %q does not parse as one statement: %v", tt.name, got, err)
			}
			if fd, ok := f.Stmts[0].Cmd.(*syntax.FuncDecl); !ok || fd.Name.Value != tt.name {
				t.Errorf("%s: %q is not its definition", tt.name, got)
			}
		}
	}
	d.noteCall([]string{"unalias", "-a"})
	if _, ok := st.Aliases("ll"); ok {
		t.Errorf("unalias -a left ll")
	}
}
