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

// sizeWriter keeps what is written to it and the size of each write.
type sizeWriter struct {
	mu    sync.Mutex
	buf   bytes.Buffer
	sizes []int
}

func (w *sizeWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.sizes = append(w.sizes, len(p))
	return w.buf.Write(p)
}

func (w *sizeWriter) result() (string, int, int) {
	w.mu.Lock()
	defer w.mu.Unlock()
	biggest := 0
	for _, n := range w.sizes {
		biggest = max(biggest, n)
	}
	return w.buf.String(), len(w.sizes), biggest
}

// ptyPump starts an output pump on a new pty's master, the slave raw
// (bytes pass unchanged), and returns the slave and the pump's output.
func ptyPump(t *testing.T) (*sizeWriter, func(string), *outputPump) {
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
	out := &sizeWriter{}
	p := newOutputPump(src, out)
	go p.run()
	t.Cleanup(func() {
		p.stop()
		<-p.done
		src.Close()
		slave.Close()
	})
	write := func(s string) {
		if _, err := slave.WriteString(s); err != nil {
			t.Error(err)
		}
	}
	return out, write, p
}

// waitMark waits for the pump's next mark, 10 s at most.
func waitMark(t *testing.T, p *outputPump, want uint64) {
	t.Helper()
	select {
	case id := <-p.marks:
		if id != want {
			t.Fatalf("mark %d, want %d", id, want)
		}
	case <-time.After(10 * time.Second):
		t.Fatalf("no mark %d within 10 s", want)
	}
}

// Streamed output through a real pty comes out whole and in order, in
// fewer writes than reads of the pty, and what follows it, short, comes
// out as well, with its mark. The program writes faster than the pump
// reads (64 KiB at a time), so that the pty is full at each read.
func TestOutputPumpCoalescesStream(t *testing.T) {
	out, write, p := ptyPump(t)
	var data strings.Builder
	for i := 0; data.Len() < 2<<20; i++ {
		data.WriteString(strconv.Itoa(i) + "\n")
	}
	go func() {
		write(data.String() + sentinelPrefix + "1\a")
		write("short\n" + sentinelPrefix + "2\a")
	}()
	waitMark(t, p, 1)
	waitMark(t, p, 2)
	got, writes, biggest := out.result()
	if got != data.String()+"short\n" {
		t.Fatalf("output differs: %d bytes, want %d", len(got), data.Len()+6)
	}
	// One write a read (of ptyFull bytes) would be 512 writes; taken
	// together up to coalesceMax, 64. (Measured: 58-75 under a load of 7
	// on 2 cores; 440-514 without coalescing.)
	if reads := data.Len() / ptyFull; writes > reads/2 {
		t.Errorf("%d writes (the biggest %d bytes) for %d reads' worth: reads of a streaming pty were not taken together", writes, biggest, reads)
	}
}

// Output that ends with a full read of the pty (the wait for more runs
// out), and short output after it, come out with their marks.
func TestOutputPumpFullReadAtTheEnd(t *testing.T) {
	out, write, p := ptyPump(t)
	full := strings.Repeat("x", ptyFull-len(sentinelPrefix)-2) + sentinelPrefix + "1\a"
	for i, s := range []string{full, "y" + sentinelPrefix + "2\a"} {
		write(s)
		waitMark(t, p, uint64(i+1))
	}
	want := strings.Repeat("x", ptyFull-len(sentinelPrefix)-2) + "y"
	if got, _, _ := out.result(); got != want {
		t.Fatalf("output %d bytes, want %d", len(got), len(want))
	}
}
