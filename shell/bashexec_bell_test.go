package shell

import (
	"bytes"
	"io"
	"os"
	"testing"

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
// writing it) too, an S calls started, and the end is io.EOF.
func TestBelledReader(t *testing.T) {
	br, rep, bell := belled(t)
	starts := 0
	br.started = func() { starts++ }
	big := bytes.Repeat([]byte("declare -- x=1\n"), 100000) // 1.5 MB
	go func() {
		rep.Write([]byte("first"))
		bell.Write([]byte("S."))
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
	if starts != 1 {
		t.Errorf("started called %d times, want 1", starts)
	}
}
