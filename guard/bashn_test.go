package guard

import (
	"os/exec"
	"strings"
	"testing"
)

// TestTablesAreBash checks with `bash -n` (parse only, nothing runs) that
// the lines the tables classify are valid bash, so that the verdicts are
// about real command lines.
func TestTablesAreBash(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: one bash per table line")
	}
	t.Parallel()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash is not installed")
	}
	var lines []string
	for _, tt := range planTests {
		lines = append(lines, tt.line)
	}
	for _, x := range blockedCommands {
		for _, wr := range wrappings {
			lines = append(lines, strings.ReplaceAll(wr, "X", x))
		}
	}
	for _, l := range lines {
		// -n: read and parse the commands, execute none of them.
		out, err := exec.Command(bash, "-n", "-c", l).CombinedOutput()
		if err != nil {
			t.Errorf("bash -n rejects %q: %v: %s", l, err, out)
		}
	}
}
