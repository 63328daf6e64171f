package shell

import (
	"strings"
	"testing"
)

func TestIsErase(t *testing.T) {
	for _, c := range []struct {
		p    string
		want bool
	}{
		{"\x1b[J\x1b[2K\r", true},
		{"\x1b[J\x1b[2K\r\x1b[A\x1b[2K\r\x1b[A\x1b[2K\r", true},
		{"\r\b\r\b\x1b[J", true},
		{"\x1b[J", true},
		{"", false},
		{"\r", false},
		{"\x1b[2K\r", false},
		{"\x1b[J\x1b[2K\rgs$ ", false},
		{"gs$ \x1b[J", false},
		{"\x1b[H\x1b[2J", false},
	} {
		if got := isErase([]byte(c.p)); got != c.want {
			t.Errorf("isErase(%q) = %v, want %v", c.p, got, c.want)
		}
	}
}

// The editor's erase goes out with the write after it, in one write; one
// it wrote last goes out on flush; nothing is lost or reordered.
func TestEditorOutJoinsTheEraseToTheRedraw(t *testing.T) {
	var w recWriter
	e := &editorOut{w: &w}
	for _, p := range []string{"\x1b[J\x1b[2K\r", "gs$ echo x", "\x1b[J\x1b[2K\r", "gs$ echo x\n", "out\r\n", "\x1b[J\x1b[2K\r"} {
		if n, err := e.Write([]byte(p)); n != len(p) || err != nil {
			t.Fatalf("Write(%q) = %d, %v", p, n, err)
		}
	}
	e.flush()
	e.flush()
	want := []string{"\x1b[J\x1b[2K\rgs$ echo x", "\x1b[J\x1b[2K\rgs$ echo x\n", "out\r\n", "\x1b[J\x1b[2K\r"}
	if strings.Join(w.writes, "|") != strings.Join(want, "|") {
		t.Fatalf("writes %q, want %q", w.writes, want)
	}
}

type recWriter struct{ writes []string }

func (r *recWriter) Write(p []byte) (int, error) {
	r.writes = append(r.writes, string(p))
	return len(p), nil
}
