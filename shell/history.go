package shell

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"

	"guardsh/internal/regfile"
)

// DefaultHistorySize is how many entries a History keeps when its size is
// not set.
const DefaultHistorySize = 10000

// maxHistoryBytes bounds how much of the history file's end guardsh
// reads: the newest entries of a longer file are still loaded.
const maxHistoryBytes = 64 << 20

// multiLinePrefix starts a history file line that holds an entry spanning
// several lines, as a Go-quoted string. Every other line is one entry, as
// typed.
const multiLinePrefix = "#guardsh-ml:"

// History is the history file of interactive shells. Several shells may
// use the same file at once: each entry is appended with one write to a
// file opened O_APPEND while an exclusive flock is held on a lock file
// beside it, so that no line is torn or lost, and the file is cut back to
// its size limit (by writing a new file and renaming it over the old one,
// under the same lock) when a shell starts and finds it too long.
type History struct {
	path string
	size int

	// mu is held by Append, and by the trim a start begins.
	mu sync.Mutex
}

// HistoryPath returns the history file's path: $XDG_STATE_HOME/guardsh/history,
// or ~/.local/state/guardsh/history when XDG_STATE_HOME is not set. getenv
// looks up a variable.
func HistoryPath(getenv func(string) string) string {
	dir := getenv("XDG_STATE_HOME")
	if dir == "" || !filepath.IsAbs(dir) {
		home := getenv("HOME")
		if home == "" {
			return ""
		}
		dir = filepath.Join(home, ".local", "state")
	}
	return filepath.Join(dir, "guardsh", "history")
}

// OpenHistory loads the history file at path and returns it with its
// entries, oldest first, at most size of them (size <= 0 means
// DefaultHistorySize). Only the end of the file is read, however long it
// is: a file larger than maxHistoryBytes still gives its newest entries
// (as many as its last maxHistoryBytes hold) and is cut back. A missing
// file is an empty history; the file and its directory are created on the
// first Append.
func OpenHistory(path string, size int) (*History, []string, error) {
	if size <= 0 {
		size = DefaultHistorySize
	}
	h := &History{path: path, size: size}
	if path == "" {
		return h, nil, nil
	}
	keep := trimAbove(size)
	// What the file was before it was read: the trim below writes the
	// entries read when it is still that.
	seen, _ := os.Stat(path)
	data, whole, err := regfile.ReadTail(path, maxHistoryBytes, keep+1)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return h, nil, nil
		}
		if errors.Is(err, regfile.ErrNotRegular) {
			// Appending would hang on a FIFO: no history is saved until
			// it is moved away.
			h.path = ""
			return h, nil, fmt.Errorf("reading history: %w; history is not saved until it is moved away", err)
		}
		return h, nil, fmt.Errorf("reading history: %w", err)
	}
	entries, lines := decodeHistory(data, size)
	if n := len(entries); n > 0 {
		// The one entry the shell keeps besides its editor's copies
		// keeps no more of data alive than itself.
		entries[n-1] = strings.Clone(entries[n-1])
	}
	if !whole || lines > keep {
		// Too long: cut it back under the lock, while the shell starts
		// (replacing a long file frees its blocks, which takes a while);
		// the first Append waits for it. A failure costs nothing but
		// disk space.
		h.mu.Lock()
		go func() {
			defer h.mu.Unlock()
			_ = h.trim(entries, seen)
		}()
	}
	return h, entries, nil
}

// trimAbove is how many lines a history of size entries may hold before
// it is cut back to size: some slack, so that it is not rewritten at
// every start.
func trimAbove(size int) int { return size + size/2 + 16 }

// decodeHistory returns the last max entries of a history file (or of its
// end, beginning at a line's start) and the number of lines data holds.
// The entries share one copy of the part of data they come from.
func decodeHistory(data []byte, max int) ([]string, int) {
	lines := bytes.Count(data, []byte{'\n'})
	if len(data) > 0 && data[len(data)-1] != '\n' {
		lines++
	}
	// Walk back from the end to find where the last max entries start, so
	// that a long file costs one pass and no allocation per dropped line.
	start, n := len(data), 0
	for start > 0 && n < max {
		i := bytes.LastIndexByte(data[:start-1], '\n')
		line := data[i+1 : start]
		if len(bytes.TrimSpace(line)) > 0 {
			n++
		}
		start = i + 1
	}
	entries := make([]string, 0, n)
	for rest := string(data[start:]); len(rest) > 0; {
		line, next, _ := strings.Cut(rest, "\n")
		rest = next
		line = strings.TrimRight(line, "\r")
		if strings.TrimSpace(line) == "" {
			continue
		}
		entries = append(entries, decodeEntry(line))
	}
	return entries, lines
}

func decodeEntry(line string) string {
	if q, ok := strings.CutPrefix(line, multiLinePrefix); ok {
		if s, err := strconv.Unquote(q); err == nil {
			return s
		}
	}
	return line
}

// encodeEntry returns the file line of an entry, without its newline.
func encodeEntry(e string) string {
	if strings.ContainsAny(e, "\n\r") || strings.HasPrefix(e, multiLinePrefix) {
		return multiLinePrefix + strconv.Quote(e)
	}
	return e
}

// Path returns the history file's path, "" when history is not saved.
func (h *History) Path() string { return h.path }

// Size returns the number of entries the history keeps.
func (h *History) Size() int { return h.size }

// Append adds one entry at the end of the file. Blank entries are not
// saved.
func (h *History) Append(entry string) error {
	if h.path == "" || strings.TrimSpace(entry) == "" {
		return nil
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	unlock, err := h.lock()
	if err != nil {
		return err
	}
	defer unlock()
	f, err := regfile.OpenAppend(h.path, 0o600)
	if err != nil {
		return fmt.Errorf("appending to history: %w", err)
	}
	_, err = f.Write([]byte(encodeEntry(entry) + "\n"))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("appending to history: %w", err)
	}
	return nil
}

// lock takes the exclusive lock on the history's lock file, creating the
// directory when needed.
func (h *History) lock() (func(), error) {
	if err := os.MkdirAll(filepath.Dir(h.path), 0o700); err != nil {
		return nil, fmt.Errorf("history directory: %w", err)
	}
	lf, err := os.OpenFile(h.path+".lock", os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("history lock: %w", err)
	}
	for {
		err = syscall.Flock(int(lf.Fd()), syscall.LOCK_EX)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		lf.Close()
		return nil, fmt.Errorf("history lock: %w", err)
	}
	return func() {
		syscall.Flock(int(lf.Fd()), syscall.LOCK_UN)
		lf.Close()
	}, nil
}

// trim rewrites the file with its last h.size entries. When the file is
// still what seen says it was when entries (its last h.size) were read
// from it, they are what is written; otherwise (another shell appended or
// trimmed since) the file is read again under the lock.
func (h *History) trim(entries []string, seen fs.FileInfo) error {
	unlock, err := h.lock()
	if err != nil {
		return err
	}
	defer unlock()
	if fi, err := os.Stat(h.path); err != nil || seen == nil || !os.SameFile(fi, seen) || fi.Size() != seen.Size() || !fi.ModTime().Equal(seen.ModTime()) {
		data, _, err := regfile.ReadTail(h.path, maxHistoryBytes, h.size+1)
		if err != nil {
			return fmt.Errorf("reading history: %w", err)
		}
		entries, _ = decodeHistory(data, h.size)
	}
	var b strings.Builder
	for _, e := range entries {
		b.WriteString(encodeEntry(e))
		b.WriteByte('\n')
	}
	tmp := h.path + ".tmp"
	if err := writeNew(tmp, b.String()); err != nil {
		return fmt.Errorf("writing history: %w", err)
	}
	if err := os.Rename(tmp, h.path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("writing history: %w", err)
	}
	return nil
}

// writeNew writes a new file at path, replacing whatever was there (a
// leftover, or a FIFO, which an open for writing would wait on).
func writeNew(path, content string) error {
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	_, err = f.WriteString(content)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
