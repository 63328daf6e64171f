package prompt

import (
	"testing"

	"guardsh/internal/lineedit"
)

// feed runs keys through a line editor state and reports the line, the
// cursor, and whether the keys ended it.
func feed(initial, keys string) (line string, pos int, done, cancel bool) {
	l := newLineState(initial)
	b := []byte(keys)
	for len(b) > 0 {
		k, n := lineedit.Decode(b, false)
		if n == 0 {
			break
		}
		b = b[n:]
		if done, cancel = l.apply(k); done || cancel {
			break
		}
	}
	return l.String(), l.Pos, done, cancel
}

func TestLineKeys(t *testing.T) {
	tests := []struct {
		initial, keys string
		want          string
		pos           int
		done, cancel  bool
	}{
		{"rm -rf /", "\r", "rm -rf /", 8, true, false},
		{"rm -rf /", "\x15ls\r", "ls", 2, true, false},
		{"rm -rf /", "\x7f\x7ftmp/x\r", "rm -rftmp/x", 11, true, false},
		{"rm -rf /", "\x08", "rm -rf ", 7, false, false},
		{"rm -rf /", "\x01\x0b", "", 0, false, false},
		{"rm -rf /", "\x01\x06\x06\x0b", "rm", 2, false, false},
		{"rm -rf /", "\x01\x1b[C\x1b[C\x1b[Ci", "rm i-rf /", 4, false, false},
		{"rm -rf /", "\x1b[D\x1b[D\x02x", "rm -rxf /", 6, false, false},
		{"rm -rf /", "\x1b[H#", "#rm -rf /", 1, false, false},
		{"rm -rf /", "\x1bOH#\x1bOF!", "#rm -rf /!", 10, false, false},
		{"rm -rf /", "\x1b[1~#\x1b[4~!", "#rm -rf /!", 10, false, false},
		{"rm -rf /", "\x1b[7~#\x1b[8~!", "#rm -rf /!", 10, false, false},
		{"rm -rf /", "\x01\x05!", "rm -rf /!", 9, false, false},
		{"rm -rf /", "\x1b[F!", "rm -rf /!", 9, false, false},
		{"rm -rf /", "\x01\x1b[3~\x1b[3~\x1b[3~", "-rf /", 0, false, false},
		{"rm -rf /", "\x01\x04", "m -rf /", 0, false, false},
		{"rm -rf /", "\x17", "rm -rf ", 7, false, false},
		{"rm -rf /tmp/x", "\x17\x17", "rm ", 3, false, false},
		{"rm -rf  ", "\x17", "rm ", 3, false, false},
		{"rm -rf /", "\x1b\x7f", "rm -", 4, false, false},                          // the word before, as bash's Alt-Backspace
		{"echo foo_bar baz", "\x1bb\x1bbX", "echo foo_Xbar baz", 10, false, false}, // _ ends a word, as in bash
		{"echo foo_bar baz", "\x01\x1bf\x1bfX", "echo fooX_bar baz", 9, false, false},
		{"echo abc", "\x17\x19\x19", "echo abcabc", 11, false, false}, // Ctrl-Y puts back what Ctrl-W took
		{"echo foo bar", "\x1b[1;5D\x1b[1;5DX\x1b[1;5C!", "echo Xfoo! bar", 10, false, false},
		{"rm -rf /", "\x03", "rm -rf /", 8, false, true},
		{"", "\x04", "", 0, false, true},
		{"x", "\x04", "x", 1, false, false},
		{"x", "\x7f\x04", "", 0, false, true},
		{"", "é😀\r", "é😀", 2, true, false},
		{"", "\xc3", "", 0, false, false},     // half a character: waits
		{"", "a\xffb", "ab", 2, false, false}, // invalid UTF-8: dropped
		{"", "a\tb\x00c", "abc", 3, false, false},
		{"ab", "\x1b[A\x1b[B\x1b[5~\x1b", "ab", 2, false, false},
		{"ab", "\x1b[", "ab", 2, false, false}, // half a sequence: waits
		{"ab", "\x1bx\x1b\x1bcd", "abd", 3, false, false},
		{"ab", "\n", "ab", 2, true, false},
		{"ab", "\x0c", "ab", 2, false, false},
		{"a\nb", "\x01\x1b[C\x1b[3~X\r", "aXb", 2, true, false},
		{"done", "\rmore", "done", 4, true, false},
	}
	for _, tc := range tests {
		line, pos, done, cancel := feed(tc.initial, tc.keys)
		if line != tc.want || pos != tc.pos || done != tc.done || cancel != tc.cancel {
			t.Errorf("%q + %q: got %q pos %d done %v cancel %v; want %q pos %d done %v cancel %v",
				tc.initial, tc.keys, line, pos, done, cancel, tc.want, tc.pos, tc.done, tc.cancel)
		}
	}
}

func TestRender(t *testing.T) {
	tests := []struct {
		line      string
		pos, cols int
		want      string
	}{
		{"ls", 2, 80, "\r> ls\x1b[K\r\x1b[4C"},
		{"ls", 0, 80, "\r> ls\x1b[K\r\x1b[2C"},
		{"a\x1bb", 3, 80, "\r> a\\x1bb\x1b[K\r\x1b[8C"},
		{"a\nb", 1, 80, "\r> a\\nb\x1b[K\r\x1b[3C"},
		{"a\tb", 3, 80, "\r> a b\x1b[K\r\x1b[5C"},
		// 10 columns: the prompt takes 2 and one is kept free, so 7
		// columns show the line; the cursor stays on screen.
		{"0123456789", 10, 10, "\r> 456789\x1b[K\r\x1b[8C"},
		{"0123456789", 0, 10, "\r> 0123456\x1b[K\r\x1b[2C"},
		{"界界界界界", 5, 10, "\r> 界界界\x1b[K\r\x1b[8C"},
		{"界界界界界", 0, 10, "\r> 界界界\x1b[K\r\x1b[2C"},
	}
	for _, tc := range tests {
		l := newLineState(tc.line)
		l.Pos = tc.pos
		if got := l.render("> ", 2, tc.cols); got != tc.want {
			t.Errorf("%q at %d in %d columns: got %q, want %q", tc.line, tc.pos, tc.cols, got, tc.want)
		}
	}
}

func TestVisibleWidth(t *testing.T) {
	tests := []struct {
		s    string
		want int
	}{
		{"", 0},
		{"edit> ", 6},
		{"\x1b[1;31medit\x1b[0m> ", 6},
		{"界> ", 4},
		{"\x01", 4},
	}
	for _, tc := range tests {
		if got := visibleWidth(tc.s); got != tc.want {
			t.Errorf("visibleWidth(%q) = %d, want %d", tc.s, got, tc.want)
		}
	}
}
