package shell

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"testing"
	"time"
)

func countFDs(t *testing.T) int {
	ents, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Skipf("no /proc/self/fd: %v", err)
	}
	return len(ents)
}

// 10,000 lines (1,000 with -short) run in one Runner leak no goroutines
// and no file descriptors: pipelines, substitutions, subshells, redirects,
// refused commands, a program now and then.
func TestNoLeaks(t *testing.T) {
	e := newEnv(t, "rm")
	null, err := os.OpenFile(os.DevNull, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	r, err := New(testChecker, WithEnv(e.vars), WithDir(e.dir), WithStdio(null, null, null), WithYes(true))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	warm := func(i int) {
		lines := []string{
			fmt.Sprintf("x=%d; echo $x | cat > /dev/null", i),
			"y=$(echo sub); (echo $y) > out.txt",
			`x=/; rm -rf $x; true`,
			"echo a >> out.txt; read l < out.txt",
			"for i in 1 2 3; do echo $i; done | while read j; do :; done",
			"f() { return 3; }; f || true",
		}
		if i%500 == 0 {
			lines = append(lines, "true | /bin/true")
		}
		for _, l := range lines {
			if st, err := r.RunApproved(ctx, l, 0); err != nil {
				t.Fatalf("%q: %d %v", l, st, err)
			}
		}
	}
	warm(1)
	runtime.GC()
	time.Sleep(50 * time.Millisecond)
	g0, fd0 := runtime.NumGoroutine(), countFDs(t)
	n := 10000
	if testing.Short() {
		n = 1000 // a leak of one descriptor a line shows as well
	}
	for i := range n/6 + 1 {
		warm(i)
	}
	// What the last lines started ends soon after them: polled, with a
	// deadline for a loaded machine (a leak stays until it).
	var g1, fd1 int
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		runtime.GC()
		g1, fd1 = runtime.NumGoroutine(), countFDs(t)
		if g1 <= g0 && fd1 <= fd0 || time.Now().After(deadline) {
			break
		}
	}
	if g1 > g0 || fd1 > fd0 {
		t.Fatalf("after %d lines: goroutines %d -> %d, fds %d -> %d", n, g0, g1, fd0, fd1)
	}
}
