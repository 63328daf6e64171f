package guard

import (
	"testing"

	"guardsh/guard/internal/rules"
)

// TestPackageRows runs the examples of every row of the package managers'
// table, which package_install and package_remove both read, through the
// real Classify: a line that installs is package_install only, one that
// removes is package_remove only, and the others are neither. Every
// example is valid bash.
func TestPackageRows(t *testing.T) {
	t.Parallel()
	g := mustGuard(t)
	installs, removes, neither := rules.PackageManagers()
	var all []string
	for i := range installs {
		if len(installs[i])+len(removes[i]) == 0 || len(neither[i]) == 0 {
			t.Errorf("package manager row %d: a row needs a line it hits and one it does not", i)
		}
		for _, tc := range []struct {
			lines         []string
			want, notWant string
		}{
			{installs[i], "package_install", "package_remove"},
			{removes[i], "package_remove", "package_install"},
			{neither[i], "", ""},
		} {
			for _, l := range tc.lines {
				all = append(all, l)
				v := g.Classify(l, State{})
				_, inst := findingOf(v, "package_install")
				_, rem := findingOf(v, "package_remove")
				switch {
				case tc.want == "" && (inst || rem):
					t.Errorf("%q: want neither package rule, got %v", l, v.Findings)
				case tc.want != "":
					if f, ok := findingOf(v, tc.want); !ok || f.Level != Medium {
						t.Errorf("%q: want %s at medium, got %v", l, tc.want, v.Findings)
					}
					if _, ok := findingOf(v, tc.notWant); ok {
						t.Errorf("%q: is %s too", l, tc.notWant)
					}
				}
			}
		}
	}
	for _, l := range bashRejects(t, all) {
		t.Errorf("bash -n rejects %q", l)
	}
}
