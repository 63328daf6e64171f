package main

import (
	"bytes"
	"io"
	"strings"
	"testing"
)

// TestHookHugeInput: an event larger than the bound is denied without
// being read whole, and guardsh exits 0.
func TestHookHugeInput(t *testing.T) {
	t.Setenv("HOME", t.TempDir())
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	for _, agent := range []string{"claude-code", "codex", "gemini-cli", "cursor", "copilot-cli"} {
		huge := io.MultiReader(strings.NewReader(`{"command":"`), io.LimitReader(zeros{}, 64<<20))
		var out, errb bytes.Buffer
		if code := run([]string{"guardsh", "--hook", agent}, huge, &out, &errb); code != 0 {
			t.Errorf("%s: exit %d", agent, code)
		}
		if !strings.Contains(out.String(), `deny`) || !strings.Contains(out.String(), "larger than 4 MiB") {
			t.Errorf("%s: %s", agent, out.String())
		}
	}
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'a'
	}
	return len(p), nil
}
