package rules

import (
	"strings"
	"testing"
)

// TestSedScan checks sed's command line: where the scripts are, the
// input files, -i, --sandbox, --help.
func TestSedScan(t *testing.T) {
	for _, tt := range []struct {
		args             []string
		scripts, files   string
		operands         string
		inPlace, sandbox bool
	}{
		{[]string{"s/a/b/", "f"}, "s/a/b/", "", "f", false, false},
		{[]string{"-n", "p", "f", "g"}, "p", "", "f g", false, false},
		{[]string{"-e", "p", "f"}, "p", "", "f", false, false},
		{[]string{"-ep", "f"}, "p", "", "f", false, false},
		{[]string{"-ne", "p", "f"}, "p", "", "f", false, false},
		{[]string{"-e", "p", "-e", "d", "f"}, "p|d", "", "f", false, false},
		{[]string{"--expression=p", "f"}, "p", "", "f", false, false},
		{[]string{"--expression", "p", "f"}, "p", "", "f", false, false},
		{[]string{"--expr=p", "f"}, "p", "", "f", false, false},
		{[]string{"-f", "x.sed", "f"}, "", "x.sed", "f", false, false},
		{[]string{"--file=x.sed", "f"}, "", "x.sed", "f", false, false},
		{[]string{"-f", "x.sed", "-e", "p", "f"}, "p", "x.sed", "f", false, false},
		{[]string{"-i", "s/a/b/", "f"}, "s/a/b/", "", "f", true, false},
		{[]string{"-i.bak", "s/a/b/", "f"}, "s/a/b/", "", "f", true, false},
		{[]string{"-ie", "s/a/b/", "f"}, "s/a/b/", "", "f", true, false},
		{[]string{"--in-place=.bak", "-e", "p", "f"}, "p", "", "f", true, false},
		{[]string{"s/a/b/", "-i", "f"}, "s/a/b/", "", "f", true, false},
		{[]string{"-l", "5", "l", "f"}, "l", "", "f", false, false},
		{[]string{"--sandbox", "e ls", "f"}, "e ls", "", "f", false, true},
		{[]string{"-E", "-s", "-u", "-z", "p"}, "p", "", "", false, false},
		{[]string{"--", "-p", "f"}, "-p", "", "f", false, false},
		{[]string{"-n", "--", "p", "-f"}, "p", "", "-f", false, false},
	} {
		a := sedScan(Lits(tt.args...))
		vals := func(ws []Word, sep string) string {
			var vs []string
			for _, w := range ws {
				vs = append(vs, w.Value)
			}
			return strings.Join(vs, sep)
		}
		if got := vals(a.Scripts, "|"); got != tt.scripts {
			t.Errorf("sedScan(%q) scripts %q, want %q", tt.args, got, tt.scripts)
		}
		if got := vals(a.Files, "|"); got != tt.files {
			t.Errorf("sedScan(%q) files %q, want %q", tt.args, got, tt.files)
		}
		if got := vals(a.Operands, " "); got != tt.operands {
			t.Errorf("sedScan(%q) operands %q, want %q", tt.args, got, tt.operands)
		}
		if a.InPlace != tt.inPlace || a.Sandbox != tt.sandbox {
			t.Errorf("sedScan(%q) in-place %v sandbox %v, want %v %v", tt.args, a.InPlace, a.Sandbox, tt.inPlace, tt.sandbox)
		}
	}
}
