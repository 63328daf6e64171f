package shell

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"runtime"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// belled returns a belledReader over a new report socket and bell, and
// bash's ends of both.
func belled(t *testing.T) (br *belledReader, rep, bell *os.File) {
	t.Helper()
	fds, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_STREAM|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		t.Fatal(err)
	}
	repF, rep := os.NewFile(uintptr(fds[0]), "r"), os.NewFile(uintptr(fds[1]), "r")
	bellF, bell, err := bellPair()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { repF.Close(); bellF.Close(); rep.Close(); bell.Close() })
	if br, err = newBelledReader(repF, bellF); err != nil {
		t.Fatal(err)
	}
	return br, rep, bell
}

// TestBelledReader: what bash wrote is read once the bell rings, a
// message larger than the socket's buffer without a bell (bash blocked
// writing it) too, and the end is io.EOF.
func TestBelledReader(t *testing.T) {
	br, rep, bell := belled(t)
	big := bytes.Repeat([]byte("declare -- x=1\n"), 100000) // 1.5 MB
	go func() {
		rep.Write([]byte("first"))
		bell.Write([]byte("."))
		rep.Write(big) // no bell until it is all written
		bell.Write([]byte("."))
		rep.Close()
		bell.Close()
	}()
	got, err := io.ReadAll(br)
	if err != nil {
		t.Fatal(err)
	}
	if want := append([]byte("first"), big...); !bytes.Equal(got, want) {
		t.Errorf("read %d bytes, want %d", len(got), len(want))
	}
}

// TestBelledReaderLook: a message that rang no bell (the start message)
// is read at once after look, well before the next bellPoll, however
// the call falls against the reader's wait.
func TestBelledReaderLook(t *testing.T) {
	br, rep, _ := belled(t)
	br.bellWait = time.Hour // only look ends a wait
	got := make(chan string, 1)
	go func() {
		var b [64]byte
		for {
			n, err := br.Read(b[:])
			if err != nil {
				close(got)
				return
			}
			got <- string(b[:n])
		}
	}()
	for i := 0; i < 50; i++ {
		msg := fmt.Sprintf("guardsh-start-%d\x00", i)
		rep.Write([]byte(msg))
		if i%2 == 1 {
			runtime.Gosched() // the reader may be waiting by now, or not
		}
		br.look()
		select {
		case s := <-got:
			if s != msg {
				t.Fatalf("read %q, want %q", s, msg)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("message %d not read after look", i)
		}
	}
}
