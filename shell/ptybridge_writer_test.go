package shell

import (
	"bytes"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/creack/pty"
	"golang.org/x/term"
)

// gateWriter is a screen that blocks each write after the first until
// the gate opens, like a terminal that fell behind.
type gateWriter struct {
	mu     sync.Mutex
	buf    bytes.Buffer
	writes int
	gate   chan struct{}
	once   sync.Once
}

func (w *gateWriter) open() { w.once.Do(func() { close(w.gate) }) }

func (w *gateWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	first := w.writes == 0
	w.writes++
	w.mu.Unlock()
	if !first {
		<-w.gate
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.Write(p)
}

func (w *gateWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.String()
}

// gatedPump starts a pump from a new raw pty to a gateWriter.
func gatedPump(t *testing.T) (*gateWriter, func(string), *outputPump) {
	t.Helper()
	master, slave, err := pty.Open()
	if err != nil {
		t.Skipf("no pty: %v", err)
	}
	if _, err := term.MakeRaw(int(slave.Fd())); err != nil {
		t.Fatal(err)
	}
	src, err := unpolled(master)
	if err != nil {
		t.Fatal(err)
	}
	out := &gateWriter{gate: make(chan struct{})}
	p := newOutputPump(src, out)
	go p.run()
	t.Cleanup(func() {
		out.open()
		p.stop()
		<-p.done
		src.Close()
		slave.Close()
	})
	// The pty closes at the end while a write may still wait: its
	// error is not the test's.
	write := func(s string) { slave.WriteString(s) }
	return out, write, p
}

// While the screen does not take output, the pump goes on reading the
// pty (up to queueMax), so that the program is not held up; once the
// screen takes it, all of it comes out in order, and the mark after it
// only once it is written.
func TestOutputPumpReadsWhileScreenBlocks(t *testing.T) {
	out, write, p := gatedPump(t)
	var data strings.Builder
	for i := 0; data.Len() < 300<<10; i++ {
		data.WriteString(strconv.Itoa(i) + "\n")
	}
	wrote := make(chan struct{})
	go func() {
		write(data.String() + sentinelPrefix + "1\a")
		close(wrote)
	}()
	// A pty holds about 68 KiB: the program can only be through if the
	// pump took the rest while the screen was blocked.
	select {
	case <-wrote:
	case <-time.After(10 * time.Second):
		t.Fatalf("the program's writes did not get through while the screen was blocked (%d bytes read)", p.nread.Load())
	}
	select {
	case id := <-p.marks:
		t.Fatalf("mark %d before its output was written", id)
	case <-time.After(50 * time.Millisecond):
	}
	out.open()
	waitMark(t, p, 1)
	if got := out.String(); got != data.String() {
		t.Fatalf("output differs at the mark: %d bytes, want %d", len(got), data.Len())
	}
}

// A pump stopped while its screen is blocked, with a full queue, ends
// once the write it is in returns; what it held is dropped.
func TestOutputPumpStopWithScreenBlocked(t *testing.T) {
	out, write, p := gatedPump(t)
	go write(strings.Repeat("x\n", queueMax))
	deadline := time.Now().Add(10 * time.Second)
	for p.nread.Load() < queueMax && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	p.stop()
	out.open()
	select {
	case <-p.done:
	case <-time.After(5 * time.Second):
		t.Fatal("the pump did not end after stop")
	}
	if p.err != errPumpStopped {
		t.Fatalf("err %v, want errPumpStopped", p.err)
	}
}

// Output after a pause (a key's echo) is written by the pump itself, at
// once, and its mark follows it.
func TestOutputPumpWritesShortOutputItself(t *testing.T) {
	out, write, p := ptyPump(t)
	write("k")
	deadline := time.Now().Add(5 * time.Second)
	for {
		if got, _, _ := out.result(); got == "k" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the echo did not come")
		}
		time.Sleep(time.Millisecond)
	}
	p.q.mu.Lock()
	started := p.q.started
	p.q.mu.Unlock()
	if started {
		t.Error("a single key's echo went through the writer goroutine")
	}
	time.Sleep(2 * streamGap)
	write("x" + sentinelPrefix + "3\a")
	waitMark(t, p, 3)
	if got, _, _ := out.result(); got != "kx" {
		t.Fatalf("output %q, want %q", got, "kx")
	}
}

// A program that writes a line at a time, slower than the pump reads
// them, gets its output to the screen in writes of many lines: the
// writer is woken for wakeAt bytes or once the oldest is maxHeld old, not
// for each read. The end of the stream comes out without a mark after
// it, within about maxHeld.
func TestOutputPumpHoldsStreamForFewerWrites(t *testing.T) {
	out, write, p := ptyPump(t)
	var data strings.Builder
	for i := 0; data.Len() < 256<<10; i++ {
		data.WriteString(strconv.Itoa(i) + "\n")
	}
	// Pieces of 200 bytes, each a pty write, 100 µs apart (a spin: a
	// timer's sleep is longer): the pump reads each alone.
	s := data.String()
	writes := 0
	for len(s) > 0 {
		n := min(len(s), 200)
		write(s[:n])
		s = s[n:]
		writes++
		for t0 := time.Now(); time.Since(t0) < 100*time.Microsecond; {
		}
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		got, n, _ := out.result()
		if got == data.String() {
			// Measured at a load of 7 on 2 cores: 45-72 writes for
			// 1,311 pieces; 162-333 when each read woke the writer. The
			// count rests on the scheduler (138 once at a load of 5),
			// so it is logged, not asserted: what wakes the writer is
			// tested by TestOutputPumpWakesWriterForWakeAt.
			t.Logf("%d writes to the screen for %d pieces", n, writes)
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("output incomplete after 10 s: %d bytes of %d (%d bytes read)", len(got), data.Len(), p.nread.Load())
		}
		time.Sleep(time.Millisecond)
	}
	if got := p.nread.Load(); got != uint64(data.Len()) {
		t.Fatalf("read %d bytes, want %d", got, data.Len())
	}
}

// TestOutputPumpWakesWriterForWakeAt checks what wakes a waiting writer:
// not each batch queued, but wakeAt bytes, output held maxHeld, or a
// forced wake-up (a sentinel's mark); and that heldFor tells the pump's
// poll how long it may wait.
func TestOutputPumpWakesWriterForWakeAt(t *testing.T) {
	o := &outputPump{fd: 3, wakeR: 4}
	o.q.init()
	t0 := time.Now()
	wait := func() { o.q.waiting, o.q.since, o.q.pending = true, time.Time{}, o.q.pending[:0] }
	queue := func(n int, at time.Time) {
		o.q.pending = append(o.q.pending, make([]byte, n)...)
		o.wakeWriter(at, false)
	}

	wait()
	for i := range 100 {
		queue(200, t0.Add(time.Duration(i)*time.Microsecond))
	}
	if !o.q.waiting {
		t.Fatalf("woken for %d bytes queued within 100 µs, below wakeAt", len(o.q.pending))
	}
	if !o.q.since.Equal(t0) {
		t.Errorf("since = %v, want the first batch's time", o.q.since.Sub(t0))
	}
	queue(wakeAt, t0.Add(200*time.Microsecond))
	if o.q.waiting || !o.q.since.IsZero() {
		t.Fatalf("not woken for %d bytes queued", len(o.q.pending))
	}

	wait()
	queue(10, t0)
	queue(10, t0.Add(maxHeld-time.Microsecond))
	if !o.q.waiting {
		t.Fatal("woken before the oldest output was maxHeld old")
	}
	queue(10, t0.Add(maxHeld))
	if o.q.waiting {
		t.Fatal("not woken once the oldest output was maxHeld old")
	}

	wait()
	o.wakeWriter(t0, true)
	if o.q.waiting {
		t.Fatal("not woken when forced")
	}

	o.q.waiting = false
	queue(10, t0)
	if got := o.heldFor(); got != -1 {
		t.Errorf("heldFor = %v with no writer waiting, want -1", got)
	}
	wait()
	queue(10, time.Now())
	if got := o.heldFor(); got <= 0 || got > maxHeld {
		t.Errorf("heldFor = %v just after queueing, want within (0, %v]", got, maxHeld)
	}
	wait()
	queue(10, time.Now().Add(-2*maxHeld))
	if got := o.heldFor(); got != -1 || o.q.waiting {
		t.Errorf("heldFor = %v, waiting %v for output held past maxHeld: want -1 and the writer woken", got, o.q.waiting)
	}

	// With no poll of the pump's to time out, every batch wakes it.
	o.fd = -1
	wait()
	queue(10, t0)
	if o.q.waiting {
		t.Error("a pump without a descriptor held output for a later wake-up")
	}
}
