package prompt

import (
	"bytes"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/creack/pty"
	"golang.org/x/sys/unix"
)

// ptyTerm is a pseudo-terminal for a test: the code under test gets the
// slave as its terminal, the test types on the master and reads what was
// drawn.
type ptyTerm struct {
	t      *testing.T
	master *os.File
	slave  *os.File
	out    chan []byte
	seen   bytes.Buffer // read from the master, not yet consumed by expect
}

const waitFor = 10 * time.Second

func openTerm(t *testing.T) *ptyTerm {
	t.Helper()
	master, slave, err := pty.Open()
	if err != nil {
		t.Skipf("no pty: %v", err)
	}
	if err := pty.Setsize(master, &pty.Winsize{Rows: 24, Cols: 80}); err != nil {
		t.Fatal(err)
	}
	tm := &ptyTerm{t: t, master: master, slave: slave, out: make(chan []byte, 64)}
	go func() {
		defer close(tm.out)
		for {
			buf := make([]byte, 4096)
			n, err := master.Read(buf)
			if n > 0 {
				tm.out <- buf[:n]
			}
			if err != nil {
				return
			}
		}
	}()
	t.Cleanup(func() {
		slave.Close()
		master.Close()
	})
	return tm
}

// expect reads from the master until what it has read contains want, or
// fails the test at the deadline. It returns everything read up to and
// including want and keeps the rest for the next expect.
func (tm *ptyTerm) expect(want string) string {
	tm.t.Helper()
	deadline := time.After(waitFor)
	for {
		if i := strings.Index(tm.seen.String(), want); i >= 0 {
			got := string(tm.seen.Next(i + len(want)))
			return got
		}
		select {
		case b, ok := <-tm.out:
			if !ok {
				tm.t.Fatalf("terminal closed waiting for %q; read %q", want, tm.seen.String())
			}
			tm.seen.Write(b)
		case <-deadline:
			tm.t.Fatalf("timed out waiting for %q; read %q", want, tm.seen.String())
		}
	}
}

// send types s on the terminal.
func (tm *ptyTerm) send(s string) {
	tm.t.Helper()
	if _, err := tm.master.Write([]byte(s)); err != nil {
		tm.t.Fatal(err)
	}
}

// waitInput waits until the slave holds input that nobody has read.
func (tm *ptyTerm) waitInput() {
	tm.t.Helper()
	deadline := time.Now().Add(waitFor)
	for time.Now().Before(deadline) {
		n, err := unix.IoctlGetInt(int(tm.slave.Fd()), unix.TIOCINQ)
		if err != nil {
			tm.t.Fatal(err)
		}
		if n > 0 {
			return
		}
		time.Sleep(time.Millisecond) // polling the queue, with a deadline
	}
	tm.t.Fatal("timed out waiting for input to reach the terminal")
}

// checkCooked fails the test unless the slave is back in cooked mode:
// canonical input, echo and signals on, output post-processing on.
func (tm *ptyTerm) checkCooked() {
	tm.t.Helper()
	st, err := unix.IoctlGetTermios(int(tm.slave.Fd()), unix.TCGETS)
	if err != nil {
		tm.t.Fatal(err)
	}
	if st.Lflag&unix.ICANON == 0 || st.Lflag&unix.ECHO == 0 || st.Lflag&unix.ISIG == 0 || st.Oflag&unix.OPOST == 0 {
		tm.t.Errorf("terminal left raw: lflag %#x oflag %#x", st.Lflag, st.Oflag)
	}
}

// result is what a function run against the terminal returned.
type result[T any] struct {
	v   T
	err error
}

// await waits for the function's result, or fails at the deadline.
func await[T any](t *testing.T, ch <-chan result[T]) (T, error) {
	t.Helper()
	select {
	case r := <-ch:
		return r.v, r.err
	case <-time.After(waitFor):
		t.Fatal("timed out waiting for the result")
	}
	panic("unreachable")
}
