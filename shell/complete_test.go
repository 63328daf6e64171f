package shell

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

func TestWordAt(t *testing.T) {
	tests := []struct {
		text, word string
		cmd        bool
	}{
		{"", "", true},
		{"l", "l", true},
		{"ls ", "", false},
		{"ls fo", "fo", false},
		{"echo a; gi", "gi", true},
		{"a | gr", "gr", true},
		{"a && b", "b", true},
		{"sudo rm", "rm", true},
		{"echo 'a b", "'a b", false},
		{`echo a\ b`, `a\ b`, false},
		{"cat <in", "in", false},
	}
	for _, tc := range tests {
		w, cmd := wordAt(tc.text)
		if w != tc.word || cmd != tc.cmd {
			t.Errorf("wordAt(%q) = %q, %v; want %q, %v", tc.text, w, cmd, tc.word, tc.cmd)
		}
	}
}

func TestCompleter(t *testing.T) {
	home := t.TempDir()
	bin := filepath.Join(home, "bin")
	os.Mkdir(bin, 0o755)
	os.WriteFile(filepath.Join(bin, "zzprog"), []byte("#!/bin/sh\n"), 0o755)
	os.WriteFile(filepath.Join(bin, "zzdata"), []byte(""), 0o644) // not executable
	os.Mkdir(filepath.Join(home, "proj"), 0o755)
	os.WriteFile(filepath.Join(home, "proj", "main.go"), nil, 0o644)
	os.WriteFile(filepath.Join(home, "proj", ".hidden"), nil, 0o644)
	c := &Completer{State: func() CompletionState {
		return CompletionState{Dir: home, Path: bin, Home: home, Names: []string{"zzfunc"}}
	}}
	tests := []struct {
		line string
		want []string
		n    int
	}{
		{"zz", []string{"data?", "func ", "prog "}, 2},
		{"ls pr", []string{"oj/"}, 2},
		{"ls proj/", []string{"main.go "}, 5},
		{"ls proj/.", []string{"hidden "}, 6},
		{"cd /tmp && ls ~/pr", []string{"oj/"}, 4},
		{"ls ~", []string{"/"}, 1},
		{"ls nothing", []string{}, 7},
	}
	for _, tc := range tests {
		got, n := c.Do([]rune(tc.line), len([]rune(tc.line)))
		var gs []string
		for _, g := range got {
			gs = append(gs, string(g))
		}
		want := tc.want
		if len(want) > 0 && want[0] == "data?" {
			want = want[1:] // zzdata is not executable
		}
		if fmt.Sprint(gs) != fmt.Sprint(want) && !(len(gs) == 0 && len(want) == 0) || n != tc.n {
			t.Errorf("Do(%q) = %q, %d; want %q, %d", tc.line, gs, n, want, tc.n)
		}
	}
}
