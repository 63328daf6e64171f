package shell

import (
	"testing"
	"time"
)

// The SIGINT the pty sends for a Ctrl-C the front end told of (intr)
// interrupts nothing when it arrives late, after the line it was for
// ended and the next began; a SIGINT nobody told of interrupts the line
// that runs.
func TestExecutorLateSigintSparesNextLine(t *testing.T) {
	ex := testExecutor(t)
	// begin marks line n running; the line is never left running longer
	// than a step, so that lateInterrupt signals nothing.
	begin := func(n uint64) {
		ex.mu.Lock()
		ex.running, ex.line = true, n
		ex.mu.Unlock()
	}
	end := func() {
		ex.mu.Lock()
		ex.running = false
		ex.mu.Unlock()
	}
	interrupted := func() uint64 {
		ex.mu.Lock()
		defer ex.mu.Unlock()
		return ex.interrupted
	}

	begin(1)
	ex.owe() // intr: the front end's word comes before the key reaches the pty
	ex.interrupt()
	end()
	begin(2)
	ex.sigint() // the pty's SIGINT for line 1, late
	end()
	if got := interrupted(); got != 1 {
		t.Fatalf("interrupted line %d, want 1: the late SIGINT interrupted the next line", got)
	}

	// Arriving while its line still runs, it changes nothing either.
	begin(3)
	ex.owe()
	ex.interrupt()
	ex.sigint()
	end()
	if got := interrupted(); got != 3 {
		t.Fatalf("interrupted line %d, want 3", got)
	}

	// A SIGINT that was not said to be coming interrupts the line.
	begin(4)
	ex.sigint()
	end()
	if got := interrupted(); got != 4 {
		t.Fatalf("interrupted line %d, want 4: an unannounced SIGINT", got)
	}

	// A word about a SIGINT that never came is forgotten in time.
	ex.owe()
	ex.mu.Lock()
	ex.owedAt = time.Now().Add(-2 * owedFor)
	ex.mu.Unlock()
	begin(5)
	ex.sigint()
	end()
	if got := interrupted(); got != 5 {
		t.Fatalf("interrupted line %d, want 5: a stale word kept a SIGINT from its line", got)
	}
}
