package shell

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// writeHistory writes n lines "cmd I" to a new history file, after pad
// bytes of a file hole (a long line of NULs that costs no disk).
func writeHistory(t *testing.T, n int, pad int64) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "history")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	if pad > 0 {
		if _, err := f.Seek(pad, 0); err != nil {
			t.Fatal(err)
		}
		f.WriteString("\n")
	}
	w := bufio.NewWriter(f)
	for i := range n {
		fmt.Fprintf(w, "cmd %d\n", i)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	return p
}

func fileLines(t *testing.T, p string) int {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Count(string(b), "\n")
}

// A long history loads its newest history_size entries, no more, and is
// cut back to them.
func TestHistoryLargeLoadsOnlyItsEnd(t *testing.T) {
	p := writeHistory(t, 300000, 0)
	h, got, err := openSettled(p, 1000)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1000 || got[0] != "cmd 299000" || got[999] != "cmd 299999" {
		t.Fatalf("%d entries, %q ... %q; want 1000, cmd 299000 ... cmd 299999", len(got), got[0], got[len(got)-1])
	}
	if n := fileLines(t, p); n != 1000 {
		t.Fatalf("file has %d lines after trimming, want 1000", n)
	}
	// It still saves.
	if err := h.Append("echo new"); err != nil {
		t.Fatal(err)
	}
	if _, got, _ := openSettled(p, 1000); got[999] != "echo new" || got[0] != "cmd 299001" {
		t.Fatalf("after Append: %q ... %q", got[0], got[999])
	}
}

// A history larger than guardsh reads (maxHistoryBytes) is no error that
// loses the session's history: its newest entries load, it is cut back,
// and new entries are saved.
func TestHistoryOverTheCap(t *testing.T) {
	p := writeHistory(t, 20000, maxHistoryBytes+1<<20)
	if fi, err := os.Stat(p); err != nil || fi.Size() <= maxHistoryBytes {
		t.Fatalf("history of %v bytes, want more than %d (%v)", fi.Size(), maxHistoryBytes, err)
	}
	h, got, err := openSettled(p, 500)
	if err != nil {
		t.Fatalf("OpenHistory: %v", err)
	}
	if len(got) != 500 || got[0] != "cmd 19500" || got[499] != "cmd 19999" {
		t.Fatalf("%d entries, %q ... %q; want 500, cmd 19500 ... cmd 19999", len(got), got[0], got[len(got)-1])
	}
	if h.Path() == "" {
		t.Fatal("history is not saved")
	}
	if fi, _ := os.Stat(p); fi.Size() > 1<<20 {
		t.Fatalf("history not cut back: %d bytes", fi.Size())
	}
	if err := h.Append("echo kept"); err != nil {
		t.Fatal(err)
	}
	if _, got, _ := openSettled(p, 500); got[len(got)-1] != "echo kept" {
		t.Fatalf("last entry %q, want echo kept", got[len(got)-1])
	}
}

// A history whose newest entries alone are more than guardsh reads loads
// as many of the newest as fit, never a cut entry.
func TestHistoryNewestEntriesOverTheCap(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 64 MiB")
	}
	p := filepath.Join(t.TempDir(), "history")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	const entry = 1 << 20 // each entry is a line of a MiB
	for i := range 80 {
		fmt.Fprintf(f, "%s%d\n", strings.Repeat("x", entry-8), i)
	}
	f.Close()
	// Settled: the trim it begins writes in the test's directory.
	_, got, err := openSettled(p, 100)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) == 0 || len(got) > maxHistoryBytes/entry {
		t.Fatalf("%d entries, want 1 to %d", len(got), maxHistoryBytes/entry)
	}
	for i, e := range got {
		if want := fmt.Sprint(80 - len(got) + i); !strings.HasSuffix(e, "x"+want) || len(e) != entry-8+len(want) {
			t.Fatalf("entry %d is %d bytes ending %q, want entry %s whole", i, len(e), e[len(e)-4:], want)
		}
	}
}

// A history a little longer than its size is not rewritten at each
// start; one past the slack is.
func TestHistoryTrimSlack(t *testing.T) {
	const size = 100
	p := writeHistory(t, trimAbove(size), 0)
	if _, got, _ := openSettled(p, size); len(got) != size {
		t.Fatalf("%d entries, want %d", len(got), size)
	}
	if n := fileLines(t, p); n != trimAbove(size) {
		t.Fatalf("file cut to %d lines, want it left at %d", n, trimAbove(size))
	}
	p = writeHistory(t, trimAbove(size)+1, 0)
	openSettled(p, size)
	if n := fileLines(t, p); n != size {
		t.Fatalf("file has %d lines, want it cut to %d", n, size)
	}
}

// A trim after another shell appended keeps what it appended: the file is
// read again under the lock rather than written from a stale read.
func TestHistoryTrimAfterAnAppend(t *testing.T) {
	p := writeHistory(t, 100, 0)
	seen, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(p)
	entries, _ := decodeHistory(data, 10)
	other := &History{path: p, size: 10}
	if err := other.Append("echo from another shell"); err != nil {
		t.Fatal(err)
	}
	h := &History{path: p, size: 10}
	if err := h.trim(entries, seen); err != nil {
		t.Fatal(err)
	}
	_, got, _ := openSettled(p, 10)
	if len(got) != 10 || got[9] != "echo from another shell" || got[0] != "cmd 91" {
		t.Fatalf("after the trim: %q", got)
	}
}

// The file kept open for appending is given up when the path names
// another file: another shell's trim renamed a new one over it, or
// someone moved it away or put a FIFO there.
func TestHistoryAppendFollowsThePath(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "state", "history")
	h, _, _ := OpenHistory(p, 100)
	if err := h.Append("echo one"); err != nil {
		t.Fatal(err)
	}
	// Another shell's trim: a new file renamed over the old one.
	os.WriteFile(p+".new", []byte("echo trimmed\n"), 0o600)
	if err := os.Rename(p+".new", p); err != nil {
		t.Fatal(err)
	}
	if err := h.Append("echo two"); err != nil {
		t.Fatal(err)
	}
	if _, got, _ := OpenHistory(p, 100); fmt.Sprint(got) != "[echo trimmed echo two]" {
		t.Fatalf("after the rename: %q", got)
	}
	// The directory removed: it is made again.
	os.RemoveAll(filepath.Dir(p))
	if err := h.Append("echo three"); err != nil {
		t.Fatal(err)
	}
	if _, got, _ := OpenHistory(p, 100); fmt.Sprint(got) != "[echo three]" {
		t.Fatalf("after the directory went: %q", got)
	}
	// A FIFO put in its place is refused at once, not written to.
	os.Remove(p)
	if err := syscall.Mkfifo(p, 0o600); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- h.Append("echo four") }()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "not a regular file") {
			t.Fatalf("Append to a FIFO: %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("Append hung on a FIFO")
	}
}

// settle waits for the trim OpenHistory may have begun.
func (h *History) settle() {
	h.mu.Lock()
	h.mu.Unlock()
}

// openSettled is OpenHistory once its trim, if it began one, is done:
// a test's temporary directory is removed only after it.
func openSettled(path string, size int) (*History, []string, error) {
	h, entries, err := OpenHistory(path, size)
	if h != nil {
		h.settle()
	}
	return h, entries, err
}
