package lineedit

import (
	"strings"
	"testing"
)

func TestDraw(t *testing.T) {
	tests := []struct {
		name   string
		prompt string
		line   string
		pos    int // -1: the end
		below  []string
		cols   int
		screen string
		cursor pos
	}{
		{"empty", "$ ", "", -1, nil, 10, "$", pos{0, 2}},
		{"text", "$ ", "echo x", -1, nil, 20, "$ echo x", pos{0, 8}},
		{"cursor inside", "$ ", "echo x", 2, nil, 20, "$ echo x", pos{0, 4}},
		{"coloured prompt", "\x1b[1;32mgs\x1b[0m$ ", "ls", -1, nil, 20, "gs$ ls", pos{0, 6}},
		{"readline's markers", "\x01\x1b[1m\x02gs$ ", "ls", -1, nil, 20, "gs$ ls", pos{0, 6}},
		{"two-row prompt", "dir\n$ ", "ls", -1, nil, 20, "dir\n$ ls", pos{1, 4}},
		{"wraps", "$ ", "abcdefghij", -1, nil, 8, "$ abcdef\nghij", pos{1, 4}},
		{"fills the row exactly", "$ ", "abcdef", -1, nil, 8, "$ abcdef", pos{1, 0}},
		{"cursor on the first row of a wrapped line", "$ ", "abcdefghij", 1, nil, 8, "$ abcdef\nghij", pos{0, 3}},
		{"cursor at the start of the second row", "$ ", "abcdefghij", 6, nil, 8, "$ abcdef\nghij", pos{1, 0}},
		{"wide characters", "$ ", "日本語", -1, nil, 20, "$ 日本語", pos{0, 8}},
		{"a wide character does not straddle", "$ ", "ab日本", -1, nil, 7, "$ ab日\n本", pos{1, 2}},
		{"cursor after a wide character", "$ ", "日本", 1, nil, 20, "$ 日本", pos{0, 4}},
		{"combining mark", "$ ", "e\u0301x", -1, nil, 20, "$ ex", pos{0, 4}}, // the emulator drops the mark; the cursor is what counts
		{"newline shown as a mark", "$ ", "a\nb", -1, nil, 20, "$ a↵b", pos{0, 5}},
		{"tab", "$ ", "a\tb", -1, nil, 20, "$ a    b", pos{0, 8}},
		{"control character", "$ ", "a\x01b", -1, nil, 20, "$ a^Ab", pos{0, 6}},
		{"lines below", "$ ", "git st", -1, []string{"stash  status"}, 20, "$ git st\nstash  status", pos{0, 8}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := view{prompt: tt.prompt, line: []rune(tt.line), pos: tt.pos, below: tt.below}
			if tt.pos < 0 {
				v.pos = len(v.line)
			}
			var b strings.Builder
			d := v.draw(&b, drawing{}, tt.cols)
			s := newScreen(tt.cols)
			s.write(b.String())
			if got := s.text(); got != tt.screen {
				t.Errorf("screen\n%s\nwant\n%s\n(bytes %q)", got, tt.screen, b.String())
			}
			if got := s.cursor(); got != tt.cursor {
				t.Errorf("cursor at %v, want %v (bytes %q)", got, tt.cursor, b.String())
			}
			if d.cur != s.cursor() {
				t.Errorf("the drawing says the cursor is at %v; it is at %v", d.cur, s.cursor())
			}
		})
	}
}

// Drawing again replaces what was drawn, from wherever the cursor was
// left, however many rows either takes.
func TestDrawAgain(t *testing.T) {
	lines := []struct {
		line string
		pos  int
	}{
		{"abcdefghijklmnopqrstu", 21}, {"abcdefghijklmnopqrstu", 3}, {"ab", 2},
		{"abcdefghijklmnop", 10}, {"", 0}, {"日本語日本語日本語", 4},
	}
	const cols = 8
	s := newScreen(cols)
	s.write("out\r\n")
	var d drawing
	for _, l := range lines {
		var b strings.Builder
		v := view{prompt: "$ ", line: []rune(l.line), pos: l.pos, below: []string{"below"}}
		d = v.draw(&b, d, cols)
		s.write(b.String())
		var want strings.Builder
		fresh := newScreen(cols)
		fresh.write("out\r\n")
		v.draw(&want, drawing{}, cols)
		fresh.write(want.String())
		if s.text() != fresh.text() || s.cursor() != fresh.cursor() {
			t.Fatalf("%q at %d: screen\n%s\n(cursor %v), want\n%s\n(cursor %v)", l.line, l.pos, s.text(), s.cursor(), fresh.text(), fresh.cursor())
		}
	}
	var b strings.Builder
	d.clear(&b)
	s.write(b.String())
	if s.text() != "out" || s.cursor() != (pos{1, 0}) {
		t.Fatalf("after clear: %q, cursor %v", s.text(), s.cursor())
	}
}

func TestRuneWidth(t *testing.T) {
	for r, want := range map[rune]int{'a': 1, 'é': 1, '\u0301': 0, '日': 2, '한': 2, '😀': 2, '\u200b': 0, 'Ω': 1} {
		if got := RuneWidth(r); got != want {
			t.Errorf("RuneWidth(%q) = %d, want %d", r, got, want)
		}
	}
}
