package supervise

import "testing"

// TestCrowd checks when the receivers hand the waiting over before a
// decision: only after a notification of another process than the last
// one was already waiting, and then for crowdSpan decisions.
func TestCrowd(t *testing.T) {
	type got struct {
		pid    uint32
		waited bool
	}
	for _, tc := range []struct {
		name string
		seq  []got
		want int // decisions that hand over, of crowdSpan+5 made after seq
	}{
		{"one process, waited for", []got{{10, true}, {10, true}, {10, true}}, 0},
		{"one process, its next call already there", []got{{10, true}, {10, false}, {10, false}}, 0},
		{"processes one after the other, each waited for", []got{{10, true}, {11, true}, {12, true}, {10, true}}, 0},
		{"the first notification", []got{{10, false}}, 0},
		{"another process's call waited", []got{{10, true}, {11, false}}, crowdSpan},
		{"a crowd, then calls one at a time: the count goes on", []got{{10, true}, {11, false}, {11, true}, {12, true}}, crowdSpan},
	} {
		c := new(crowd)
		for _, g := range tc.seq {
			c.received(g.pid, g.waited)
		}
		n := 0
		for range crowdSpan + 5 {
			if c.handOver() {
				n++
			}
		}
		if n != tc.want {
			t.Errorf("%s: %d decisions handed over, want %d", tc.name, n, tc.want)
		}
	}
	var none *crowd
	none.received(1, false)
	if none.handOver() {
		t.Error("a receiver without a crowd handed over")
	}
}
