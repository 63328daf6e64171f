package rules

import (
	"testing"
)

func TestSedInPlace(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"-i", "s/a/b/", "f"}, []string{"f"}},
		{[]string{"-i", "-e", "s/a/b/", "f", "g"}, []string{"f", "g"}},
		{[]string{"-ie", "s/a/b/", "f"}, []string{"f"}},
		{[]string{"-i.bak", "s/a/b/", "f"}, []string{"f"}},
		{[]string{"--in-place=.bak", "-f", "script.sed", "f"}, []string{"f"}},
		{[]string{"-n", "-i", "-e", "p", "--", "-f"}, []string{"-f"}},
		{[]string{"-E", "-i", "s/a/b/", "f"}, []string{"f"}},
		{[]string{"s/a/b/", "f"}, nil},
		{[]string{"-n", "p", "f"}, nil},
		{[]string{"-e", "s/i/x/", "f"}, nil},
		{[]string{"--help"}, nil},
	} {
		got := sedInPlace(Lits(tc.args...))
		if len(got) != len(tc.want) {
			t.Errorf("sedInPlace(%q) = %v, want %q", tc.args, got, tc.want)
			continue
		}
		for i := range got {
			if got[i].Value != tc.want[i] {
				t.Errorf("sedInPlace(%q) = %v, want %q", tc.args, got, tc.want)
			}
		}
	}
}

// testDir and testHome are the directory and home of the tests' commands.
const (
	testDir  = "/home/u/proj"
	testHome = "/home/u"
)
