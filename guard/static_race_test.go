package guard

import (
	"sync"
	"testing"
)

// TestStaticParallel classifies, from many goroutines at once in a fresh
// guard, lines that make every family of the static table the first time
// (run with -race), and checks each verdict is the one a guard that has
// made them all gives.
func TestStaticParallel(t *testing.T) {
	var lines []string
	for _, r := range BuiltinRules() {
		if r.Example != "" {
			lines = append(lines, r.Example)
		}
	}
	g1, err := New()
	if err != nil {
		t.Fatal(err)
	}
	g2, err := New(WithLevel("rm", High))
	if err != nil {
		t.Fatal(err)
	}
	st := State{Dir: "/home/u/p", Var: func(n string) (string, bool) { return map[string]string{"HOME": "/home/u"}[n], n == "HOME" }}
	got := make([][]Level, 8)
	var wg sync.WaitGroup
	for k := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			g := g1
			if k%2 == 1 {
				g = g2
			}
			for i := range lines {
				got[k] = append(got[k], g.Classify(lines[(i*7+k)%len(lines)], st).Level)
			}
		}()
	}
	wg.Wait()
	for k := range got {
		g := g1
		if k%2 == 1 {
			g = g2
		}
		for i, l := range got[k] {
			line := lines[(i*7+k)%len(lines)]
			if want := g.Classify(line, st).Level; l != want {
				t.Errorf("goroutine %d: %q: %v in parallel, %v after", k, line, l, want)
			}
		}
	}
}
