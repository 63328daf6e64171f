package guard

import (
	"fmt"
	"os/exec"
	"strings"
	"testing"
)

// TestTablesAreBash checks with `bash -n` (parse only, nothing runs) that
// the lines the tables classify are valid bash, so that the verdicts are
// about real command lines.
func TestTablesAreBash(t *testing.T) {
	t.Parallel()
	var lines []string
	for _, tt := range planTests {
		lines = append(lines, tt.line)
	}
	for _, x := range blockedCommands {
		for _, wr := range wrappings {
			lines = append(lines, strings.ReplaceAll(wr, "X", x))
		}
	}
	for _, l := range bashRejects(t, lines) {
		t.Errorf("bash -n rejects %q", l)
	}
}

// bashRejects returns the lines `bash -n` (read and parse the commands,
// execute none of them) rejects. One bash reads them all, each the body
// of a function of its own; only when it finds an error is each line
// given a bash of its own, to name the lines at fault. It skips the test
// when bash is not installed.
func bashRejects(t *testing.T, lines []string) []string {
	t.Helper()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash is not installed")
	}
	var b strings.Builder
	for i, l := range lines {
		fmt.Fprintf(&b, "guardsh_line_%d() {\n%s\n}\n", i, l)
	}
	if exec.Command(bash, "-n", "-c", b.String()).Run() == nil {
		return nil
	}
	var bad []string
	for _, l := range lines {
		if out, err := exec.Command(bash, "-n", "-c", l).CombinedOutput(); err != nil {
			bad = append(bad, l+": "+strings.TrimSpace(string(out)))
		}
	}
	if len(bad) == 0 {
		// Valid one by one, not together: a line that ends another's
		// function. Say so rather than pass.
		bad = append(bad, "(the lines together; each alone is valid)")
	}
	return bad
}

// TestBashRejects checks that bashRejects names the line at fault, and
// lets the good ones through.
func TestBashRejects(t *testing.T) {
	t.Parallel()
	if bad := bashRejects(t, []string{"ls -l", "cat <<EOF\nx\nEOF", "case x in y) ;; esac"}); bad != nil {
		t.Errorf("valid lines rejected: %q", bad)
	}
	bad := bashRejects(t, []string{"ls", "if true; then", "echo }"})
	if len(bad) != 1 || !strings.HasPrefix(bad[0], "if true; then:") {
		t.Errorf("got %q, want the if alone", bad)
	}
}
