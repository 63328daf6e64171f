package main

import (
	"bufio"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"guardsh/guard"
	"guardsh/shell"
	"guardsh/shell/supervise"
)

func TestReadReport(t *testing.T) {
	good := "3\x00/work\x0042\x002\x00a\x00b c\x00declare -- x=\"1\"\ndeclare -a arr=([0]=\"first\" [1]=\"second\")\ndeclare -n ref=\"x\"\ndeclare -- __guardsh_l=\"echo\"\ndeclare -x HOME=\"/h\"\n\x00"
	rep, err := readReport(bufio.NewReader(strings.NewReader(good)))
	if err != nil {
		t.Fatal(err)
	}
	if rep.status != 3 || rep.dir != "/work" || rep.pid != "42" || !slices.Equal(rep.params, []string{"a", "b c"}) {
		t.Errorf("report %+v", rep)
	}
	if want, got := map[string]string{"x": "1", "arr": "first", "HOME": "/h"}, declaredVars(rep.decl); !maps.Equal(got, want) {
		t.Errorf("vars %q, want %q", got, want)
	}
	var c varCache
	st := rep.state(c.of(rep.decl))
	if v, _ := st.Var("$"); v != "42" || st.Dir != "/work" {
		t.Errorf("state: $$ %q dir %q", v, st.Dir)
	}
	for _, bad := range []string{
		"",                            // bash is gone
		"x\x00/w\x001\x000\x00\x00",   // status not a number
		"300\x00/w\x001\x000\x00\x00", // status out of range
		"0\x00rel\x001\x000\x00\x00",  // directory not absolute
		"0\x00/w\x001\x00-1\x00\x00",  // parameter count
		"0\x00/w\x001\x002\x00a\x00",  // cut short
	} {
		if _, err := readReport(bufio.NewReader(strings.NewReader(bad))); err == nil {
			t.Errorf("readReport(%q): no error", bad)
		}
	}
}

func TestMktempPattern(t *testing.T) {
	env := []string{"TMPDIR=/tt"}
	for _, tc := range []struct {
		argv []string
		want string
	}{
		{[]string{"mktemp"}, "/tt/tmp.??????????"},
		{[]string{"mktemp", "-d"}, "/tt/tmp.??????????"},
		{[]string{"mktemp", "./x.XXXX"}, "/w/x.????"},
		{[]string{"mktemp", "-d", "/abs/d.XXXXXX"}, "/abs/d.??????"},
		{[]string{"mktemp", "-t", "job.XXXXXX"}, "/tt/job.??????"},
		{[]string{"mktemp", "-p", "/p", "j.XXX"}, "/p/j.???"},
		{[]string{"mktemp", "--tmpdir=/q", "j.XXX"}, "/q/j.???"},
		{[]string{"mktemp", "--suffix=.txt", "f.XXXX"}, "/w/f.????.txt"},
		{[]string{"mktemp", "a*b.XXXX"}, `/w/a\*b.????`},
		{[]string{"mktemp", "-u", "x.XXXX"}, ""}, // makes nothing
		{[]string{"mktemp", "x.XX"}, ""},         // too few Xs: mktemp refuses it
	} {
		if got := mktempPattern(tc.argv, "/w", env); got != tc.want {
			t.Errorf("mktempPattern(%q) = %q, want %q", tc.argv, got, tc.want)
		}
	}
}

// The decider's record of what the tree made: a file a write-open made,
// mkdir's and touch's new operands, mktemp's names; not what was there
// before, nor a link put in a made file's place.
func TestTreeOwn(t *testing.T) {
	dir := t.TempDir()
	old := filepath.Join(dir, "old")
	os.WriteFile(old, nil, 0o644)
	var own treeOwn
	p := func(name string) string { return filepath.Join(dir, name) }
	own.note(&supervise.Event{Kind: supervise.KindOpen, Path: p("new"), Flags: uint64(os.O_CREATE | os.O_WRONLY)})
	own.note(&supervise.Event{Kind: supervise.KindOpen, Path: old, Flags: uint64(os.O_CREATE | os.O_WRONLY)})
	own.note(&supervise.Event{Kind: supervise.KindExec, Path: "/bin/mkdir", Argv: []string{"mkdir", "-p", "tree/x"}, Cwd: dir})
	own.note(&supervise.Event{Kind: supervise.KindExec, Path: "/bin/mktemp", Argv: []string{"mktemp", "-d", "./t.XXXX"}, Cwd: dir})
	own.note(&supervise.Event{Kind: supervise.KindExec, Path: "/bin/touch", Argv: []string{"touch", "linked"}, Cwd: dir})
	time.Sleep(10 * time.Millisecond)
	os.WriteFile(p("new"), nil, 0o644)
	os.MkdirAll(p("tree/x"), 0o755)
	os.Mkdir(p("t.ab12"), 0o755)
	os.Symlink("/etc/passwd", p("linked"))
	for name, want := range map[string]bool{
		"new": true, "tree": true, "tree/x/y": true, "t.ab12": true, "t.ab12/f": true,
		"old": false, "linked": false, "t.toolong": false, "other": false,
	} {
		if got := own.has(p(name)); got != want {
			t.Errorf("has(%s) = %v, want %v", name, got, want)
		}
	}
	// Replaced since it was made: no longer the tree's own.
	os.Remove(p("new"))
	os.Symlink("/etc/passwd", p("new"))
	if own.has(p("new")) {
		t.Error("a made file replaced by a link is still the tree's own")
	}
}

func TestBashPreludeText(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	os.WriteFile(filepath.Join(home, ".profile"), []byte("A=1\n"), 0o644)
	g, err := guard.New()
	if err != nil {
		t.Fatal(err)
	}
	r, err := shell.New(g, shell.WithStdio(nil, os.Stdout, os.Stderr))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		o    options
		env  []string
		want []string // in order
		none bool
	}{
		{options{}, nil, nil, true},
		{options{login: true, noProfile: true}, nil, nil, true},
		{options{login: true}, nil, []string{"{ unset BASH_ENV; exec 3<&-; } 2>&-\n", "A=1\n"}, false},
		{options{}, []string{"BASH_ENV=/nonexistent/rc"}, []string{"{ BASH_ENV='/nonexistent/rc'; exec 3<&-; } 2>&-\n"}, false},
		{options{posix: true}, []string{"BASH_ENV=" + filepath.Join(home, ".profile")}, []string{"set -o posix; }"}, false},
	} {
		got := bashPrelude(tc.o, r, tc.env, os.Stderr)
		if tc.none != (got == "") {
			t.Errorf("bashPrelude(%+v, %q) = %q", tc.o, tc.env, got)
			continue
		}
		at := 0
		for _, w := range tc.want {
			i := strings.Index(got[at:], w)
			if i < 0 {
				t.Errorf("bashPrelude(%+v, %q) = %q, want %q after byte %d", tc.o, tc.env, got, w, at)
				break
			}
			at += i + len(w)
		}
		if tc.o.posix && strings.Contains(got, "A=1") {
			t.Errorf("--posix: bash reads no $BASH_ENV, but the prelude has it: %q", got)
		}
	}
}
