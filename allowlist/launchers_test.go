package allowlist

import "testing"

// TestLaunchersNeverAuto checks that a package launcher is never auto-safe,
// even when the command it names is (jq, cat, ls): npx jq runs whatever the
// registry's jq package is, not the jq on PATH.
func TestLaunchersNeverAuto(t *testing.T) {
	l := New()
	for _, inner := range []string{"jq .", "cat f", "ls -la", "echo hi", "grep foo f"} {
		if ok, why := l.CheckLine(inner); !ok {
			t.Fatalf("%q asks (%s): the test needs an auto-safe command", inner, why)
		}
		for _, pre := range []string{"npx ", "npx -y ", "npx --no ", "npx -p x ", "npm exec -- ", "npm x ", "pnpm dlx ", "pnpx ", "pnpm exec ",
			"yarn dlx ", "yarn exec ", "bunx ", "bun x ", "uvx ", "uv tool run ", "uv run ", "pipx run ", "poetry run ", "pdm run ", "bundle exec "} {
			if ok, _ := l.CheckLine(pre + inner); ok {
				t.Errorf("%q is auto-safe: a launcher never is", pre+inner)
			}
		}
	}
	if ok, _ := l.CheckLine("npx -c 'jq .'"); ok {
		t.Errorf("npx -c is auto-safe")
	}
}
