package shell

import (
	"slices"
	"strings"
	"testing"
)

// TestUnwrapWrappers checks the run-time unwrapper, which reads
// internal/argv's grammars as the static check does.
func TestUnwrapWrappers(t *testing.T) {
	for _, c := range []struct {
		line string
		want []string
	}{
		{"bash x.sh", []string{"bash x.sh"}},
		{"sudo -u root bash x.sh", []string{"bash x.sh"}},
		{"sudo -k bash x.sh", []string{"bash x.sh"}},
		{"env - bash x.sh", []string{"bash x.sh"}},
		{"env -P /bin bash x.sh", []string{"bash x.sh"}},
		{"nice -n 5 timeout -s KILL 5 bash x.sh", []string{"bash x.sh"}},
		{"chroot /srv bash x.sh", []string{"bash x.sh"}},
		{"busybox sh x.sh", []string{"sh x.sh"}},
		{"sudo --frob bash x.sh", []string{"bash x.sh", "x.sh"}},
		{"sudo -l bash", nil},
	} {
		var got []string
		for _, a := range unwrapWrappers(strings.Fields(c.line)) {
			got = append(got, strings.Join(a, " "))
		}
		slices.Sort(got)
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: %q, want %q", c.line, got, c.want)
		}
	}
}

// TestReadsShellStdin checks which commands are shells reading their
// code from standard input (a here-document is copied for them).
func TestReadsShellStdin(t *testing.T) {
	for line, want := range map[string]bool{
		"bash":                 true,
		"sh -s a b":            true,
		"bash -C":              true,
		"sudo bash":            true,
		"env - sh -e":          true,
		"bash /dev/stdin":      true,
		"bash -c ls":           false,
		"bash -C -c ls":        false,
		"bash x.sh":            false,
		"cat":                  false,
		"bash --version":       false,
		"python3":              false,
		"fish":                 true,
		"guardsh --check ls":   false,
		"sudo -u root -- dash": true,
	} {
		if got := readsShellStdin(strings.Fields(line)); got != want {
			t.Errorf("%s: %v, want %v", line, got, want)
		}
	}
}
