package hook

import (
	"os"
	"testing"

	"guardsh/guard"
)

// BenchmarkHandle is the work of one hook call after guardsh started:
// decoding the event, classifying the command, writing the answer.
func BenchmarkHandle(b *testing.B) {
	g, err := guard.New()
	if err != nil {
		b.Fatal(err)
	}
	classify := func(line, dir string) guard.Verdict { return g.Classify(line, guard.State{Dir: dir}) }
	for _, name := range []string{"claude-code-safe", "claude-code-heredoc", "claude-code-blocked"} {
		event, err := os.ReadFile("../testdata/hooks/" + name + ".json")
		if err != nil {
			b.Fatal(err)
		}
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				Handle("claude-code", event, classify, Options{Guardsh: "/usr/local/bin/guardsh"})
			}
		})
	}
}
