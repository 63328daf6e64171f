package shell

import (
	"testing"
	"time"
)

// pacedRead is a read the pacer is told of: its size, whether it was
// full, and when it ended, after the test's start.
type pacedRead struct {
	n    int
	full bool
	at   time.Duration
}

// The pause before a read is what the smoothed rate says paceTarget bytes
// take, less the time since the last read, at most paceMax; none after
// a gap (output that starts again is read at once) or before any read.
func TestReadPacerWait(t *testing.T) {
	us := time.Microsecond
	t0 := time.Unix(1000, 0)
	tests := []struct {
		name  string
		reads []pacedRead
		now   time.Duration
		want  time.Duration
	}{
		{"no reads", nil, 0, 0},
		{"first read after a pause", []pacedRead{{500, false, 0}}, 10 * us, 0},
		// 1024 bytes in 100 µs: 2048 take 200 µs, 20 of them gone.
		{"streaming", []pacedRead{{500, false, 0}, {1024, false, 100 * us}}, 120 * us, 180 * us},
		// A full read counts twice the rate it saw.
		{"full read", []pacedRead{{500, false, 0}, {1024, true, 100 * us}}, 100 * us, 100 * us},
		{"slow output", []pacedRead{{10, false, 0}, {10, false, 500 * us}}, 500 * us, paceMax},
		{"after a gap", []pacedRead{{500, false, 0}, {1024, false, 100 * us}, {100, false, 100*us + 2*streamGap}}, 100*us + 2*streamGap, 0},
		{"already late", []pacedRead{{500, false, 0}, {1024, false, 100 * us}}, 400 * us, 0},
	}
	for _, tt := range tests {
		var p readPacer
		p.last = t0.Add(-time.Hour)
		for _, r := range tt.reads {
			p.read(r.n, r.full, t0.Add(r.at))
		}
		got := p.wait(t0.Add(tt.now))
		if d := got - tt.want; d < -us || d > us {
			t.Errorf("%s: wait %v, want %v", tt.name, got, tt.want)
		}
	}
}
