package prompt

import (
	"errors"
	"strings"
	"testing"
)

func TestEditLineTerminal(t *testing.T) {
	tests := []struct {
		initial, keys string
		want          string
		cancelled     bool
	}{
		{"rm -rf /", "\r", "rm -rf /", false},
		{"rm -rf /", "\x15ls -la\r", "ls -la", false},
		{"rm -rf /", "\x7f/tmp/build\r", "rm -rf /tmp/build", false},
		{"rm -rf /", "\x01echo \r", "echo rm -rf /", false},
		{"rm -rf /", "\x1b[D\x1b[D\x1b[D\x1b[3~\r", "rm -r /", false},
		{"rm -rf /", "\x03", "", true},
		{"", "\x04", "", true},
		{"x", "\x7f\x04", "", true},
	}
	for _, tc := range tests {
		t.Run(tc.keys, func(t *testing.T) {
			tm := openTerm(t)
			ch := make(chan result[string], 1)
			go func() {
				s, err := EditLine(tm.slave, tm.slave, "edit> ", tc.initial)
				ch <- result[string]{s, err}
			}()
			tm.expect("edit> " + tc.initial + "\x1b[K")
			tm.send(tc.keys)
			got, err := await(t, ch)
			if tc.cancelled {
				if !errors.Is(err, ErrCancelled) {
					t.Errorf("got %q, %v; want ErrCancelled", got, err)
				}
			} else if err != nil || got != tc.want {
				t.Errorf("got %q, %v; want %q", got, err, tc.want)
			}
			tm.expect("\r\n")
			tm.checkCooked()
		})
	}
}

// TestEditLineKeysSplit types a line one key at a time, each after the
// editor has redrawn the line, so that no read holds two keys.
func TestEditLineKeysSplit(t *testing.T) {
	tm := openTerm(t)
	ch := make(chan result[string], 1)
	go func() {
		s, err := EditLine(tm.slave, tm.slave, "> ", "rm -rf /")
		ch <- result[string]{s, err}
	}()
	tm.expect("> rm -rf /\x1b[K")
	steps := []struct{ key, shows string }{
		{"\x17", "> rm -rf \x1b[K"},
		{"\x17", "> rm \x1b[K"},
		{"\x1b[D", "> rm \x1b[K\r\x1b[4C"},
		{"\x1b", "> rm \x1b[K\r\x1b[4C"}, // Esc alone does nothing
		{"\x1b[C", "> rm \x1b[K\r\x1b[5C"},
		{"ls", "> rm ls\x1b[K"},
		{"\x01", "> rm ls\x1b[K\r\x1b[2C"},
		{"\x1b[3~", "> m ls\x1b[K"},
		{"\x1b[3~", ">  ls\x1b[K"},
		{"\x1b[3~", "> ls\x1b[K"},
	}
	for _, s := range steps {
		tm.send(s.key)
		tm.expect(s.shows)
	}
	tm.send("\r")
	got, err := await(t, ch)
	if err != nil || got != "ls" {
		t.Errorf("got %q, %v; want \"ls\"", got, err)
	}
	tm.checkCooked()
}

func TestEditLinePlain(t *testing.T) {
	tests := []struct {
		in        string
		want      string
		cancelled bool
	}{
		{"ls -la\n", "ls -la", false},
		{"ls\r\n", "ls", false},
		{"ls", "ls", false},
		{"\n", "", false},
		{"", "", true},
	}
	for _, tc := range tests {
		var out strings.Builder
		got, err := EditLine(strings.NewReader(tc.in), &out, "edit> ", "rm -rf /")
		if tc.cancelled {
			if !errors.Is(err, ErrCancelled) {
				t.Errorf("%q: got %q, %v; want ErrCancelled", tc.in, got, err)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("%q: got %q, %v; want %q", tc.in, got, err, tc.want)
		}
		if !strings.HasPrefix(out.String(), "edit> ") {
			t.Errorf("%q: no prompt: %q", tc.in, out.String())
		}
	}
}

func TestTTYEditor(t *testing.T) {
	var out strings.Builder
	ed := TTYEditor(strings.NewReader("ls\n"), &out, "? ")
	if got, err := ed("rm -rf /"); err != nil || got != "ls" {
		t.Errorf("got %q, %v", got, err)
	}
}
