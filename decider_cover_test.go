package main

import (
	"strings"
	"testing"
)

func TestCovers(t *testing.T) {
	home := []string{".bashrc", ".cache", ".ssh", "Documents", "proj", "notes.txt"}
	many := strings.Fields("a b c d e f g h i j .x .y")
	for _, tc := range []struct {
		named   string
		entries []string
		want    bool
	}{
		{"Documents proj notes.txt", home, true},                     // every visible entry: "$d"/*
		{".bashrc .cache .ssh Documents proj notes.txt", home, true}, // dotglob
		{"a b c d e f g h i", many, true},                            // 9 of 12
		{"a b", []string{"a", "b"}, true},                            // every entry
		{"Documents proj", home, false},                              // two of three visible
		{".cache .ssh", home, false},                                 // caches cleaned
		{".cache .npm", []string{".cache", ".npm", ".bashrc", ".profile"}, false},
		{"proj", []string{"proj", ".bashrc"}, false}, // one visible entry
		{"a b c d e f g", many, false},               // 7: not many enough
		{"build dist", []string{"build", "dist", "src", "go.mod"}, false},
	} {
		named := map[string]bool{}
		for _, n := range strings.Fields(tc.named) {
			named[n] = true
		}
		if got := covers(named, tc.entries); got != tc.want {
			t.Errorf("covers(%s, %v) = %v, want %v", tc.named, tc.entries, got, tc.want)
		}
	}
}
