package regfile

import (
	"errors"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// within fails the test when f has not returned after a while: a hang
// fails instead of hanging the test.
func within(t *testing.T, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { defer close(done); f() }()
	select {
	case <-done:
	case <-time.After(Timeout + 10*time.Second):
		t.Fatal("hung")
	}
}

func fifo(t *testing.T) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(p, 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestReadRefusesWhatIsNotRegular(t *testing.T) {
	dir := t.TempDir()
	sock := filepath.Join(dir, "sock")
	l, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	link := filepath.Join(dir, "link")
	f := fifo(t)
	if err := os.Symlink(f, link); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ path, kind string }{
		{f, "a FIFO"},
		{link, "a FIFO"},
		{dir, "a directory"},
		{"/dev/null", "a character device"},
		{"/dev/tty", ""}, // a device, or no terminal at all: an error either way
		{sock, "a socket"},
	} {
		within(t, func() {
			_, err := Read(tc.path, 1<<20)
			if err == nil {
				t.Errorf("Read(%s) = nil error", tc.path)
				return
			}
			if tc.kind != "" && (!errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), tc.kind)) {
				t.Errorf("Read(%s) = %v, want %s", tc.path, err, tc.kind)
			}
		})
	}
}

func TestReadRegular(t *testing.T) {
	p := filepath.Join(t.TempDir(), "config.toml")
	os.WriteFile(p, []byte("ask = \"always\"\n"), 0o600)
	b, err := Read(p, 100)
	if err != nil || string(b) != "ask = \"always\"\n" {
		t.Fatalf("Read = %q, %v", b, err)
	}
	if _, err := Read(p, 5); !errors.Is(err, ErrTooLarge) {
		t.Errorf("Read over the limit = %v, want ErrTooLarge", err)
	}
	if _, err := Read(p+".missing", 5); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Read of a missing file = %v, want ErrNotExist", err)
	}
}

func TestOpenAppend(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "audit.jsonl")
	f, err := OpenAppend(p, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("one\n")
	f.Close()
	if f, err = OpenAppend(p, 0o600); err != nil {
		t.Fatal(err)
	}
	f.WriteString("two\n")
	f.Close()
	if b, _ := os.ReadFile(p); string(b) != "one\ntwo\n" {
		t.Errorf("file = %q", b)
	}
	ff := fifo(t)
	within(t, func() {
		if f, err := OpenAppend(ff, 0o600); err == nil || !errors.Is(err, ErrNotRegular) {
			t.Errorf("OpenAppend(FIFO) = %v, %v", f, err)
		}
	})
}
