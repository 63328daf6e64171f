package regfile

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestReadTail(t *testing.T) {
	dir := t.TempDir()
	write := func(name, s string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(s), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	var long strings.Builder
	for i := range 100000 {
		fmt.Fprintf(&long, "line %d\n", i)
	}
	longPath := write("long", long.String())
	tests := []struct {
		name      string
		path      string
		max       int64
		lines     int
		wantWhole bool
		// wantFirst is the first line returned, wantLast the last.
		wantFirst, wantLast string
		atLeast             int // lines returned
	}{
		{"empty", write("empty", ""), 1 << 20, 10, true, "", "", 0},
		{"short file whole", write("short", "a\nb\nc\n"), 1 << 20, 10, true, "a", "c", 3},
		{"no final newline", write("nonl", "a\nb"), 1 << 20, 10, true, "a", "b", 2},
		{"long file: its end only", longPath, 1 << 30, 10, false, "", "line 99999", 10},
		{"long file: more lines than one piece holds", longPath, 1 << 30, 20000, false, "", "line 99999", 20000},
		{"long file: all its lines", longPath, 1 << 30, 200000, true, "line 0", "line 99999", 100000},
		{"larger than max: its last max bytes", longPath, 1000, 200000, false, "", "line 99999", 50},
		{"one line longer than max", write("oneline", strings.Repeat("x", 5000)+"\n"), 1000, 10, false, "", "", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, whole, err := ReadTail(tc.path, tc.max, tc.lines)
			if err != nil {
				t.Fatal(err)
			}
			if whole != tc.wantWhole {
				t.Errorf("whole = %v, want %v", whole, tc.wantWhole)
			}
			if int64(len(b)) > tc.max {
				t.Errorf("%d bytes, more than max %d", len(b), tc.max)
			}
			got := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
			if len(b) == 0 {
				got = nil
			}
			if len(got) < tc.atLeast {
				t.Fatalf("%d lines, want at least %d", len(got), tc.atLeast)
			}
			if len(got) == 0 {
				return
			}
			if tc.wantFirst != "" && got[0] != tc.wantFirst {
				t.Errorf("first line %q, want %q", got[0], tc.wantFirst)
			}
			if !whole && !strings.HasPrefix(got[0], "line ") {
				t.Errorf("begins inside a line: %q", got[0])
			}
			if got[len(got)-1] != tc.wantLast {
				t.Errorf("last line %q, want %q", got[len(got)-1], tc.wantLast)
			}
		})
	}
}

func TestReadTailRefusesWhatIsNotRegular(t *testing.T) {
	p := fifo(t)
	within(t, func() {
		if _, _, err := ReadTail(p, 1<<20, 10); !errors.Is(err, ErrNotRegular) {
			t.Errorf("ReadTail(FIFO) = %v, want ErrNotRegular", err)
		}
	})
	if _, _, err := ReadTail(t.TempDir(), 1<<20, 10); !errors.Is(err, ErrNotRegular) {
		t.Errorf("ReadTail(directory) = %v, want ErrNotRegular", err)
	}
	if _, _, err := ReadTail(filepath.Join(t.TempDir(), "missing"), 1<<20, 10); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("ReadTail(missing) = %v, want ErrNotExist", err)
	}
}
