package shell

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A history file that is a FIFO is an error reported at once, and nothing
// is appended to it (which would wait for a reader forever).
func TestHistoryFIFO(t *testing.T) {
	p := filepath.Join(t.TempDir(), "history")
	if err := syscall.Mkfifo(p, 0o600); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		h, entries, err := OpenHistory(p, 10)
		if err == nil || !strings.Contains(err.Error(), "not a regular file") || len(entries) != 0 {
			t.Errorf("OpenHistory(FIFO) = %v, %v", entries, err)
		}
		if err := h.Append("rm -rf ./x"); err != nil {
			t.Errorf("Append after the error: %v", err)
		}
	}()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("OpenHistory or Append hung on a FIFO")
	}
	if fi, err := os.Lstat(p); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the FIFO was replaced: %v %v", fi, err)
	}
}

// A FIFO left where the trimmed history is written does not hang the trim.
func TestHistoryTrimFIFO(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "history")
	os.WriteFile(p, []byte(strings.Repeat("echo x\n", 100)), 0o600)
	if err := syscall.Mkfifo(p+".tmp", 0o600); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		_, entries, err := openSettled(p, 10)
		if err != nil || len(entries) != 10 {
			t.Errorf("OpenHistory = %d entries, %v", len(entries), err)
		}
	}()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("trimming the history hung on a FIFO")
	}
	if b, _ := os.ReadFile(p); strings.Count(string(b), "\n") != 10 {
		t.Errorf("history not trimmed: %d lines", strings.Count(string(b), "\n"))
	}
}
