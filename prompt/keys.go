package prompt

import (
	"unicode/utf8"
)

// keyKind is what a key does in the line editor.
type keyKind int

const (
	kIgnore    keyKind = iota
	kRune              // insert key.r
	kLeft              // ←, Ctrl-B
	kRight             // →, Ctrl-F
	kWordLeft          // Alt-B, Ctrl-←
	kWordRight         // Alt-F, Ctrl-→
	kHome              // Home, Ctrl-A
	kEnd               // End, Ctrl-E
	kBackspace         // Backspace, Ctrl-H
	kDelete            // Delete
	kCtrlD             // Ctrl-D: delete, or cancel on an empty line
	kKillEnd           // Ctrl-K
	kKillStart         // Ctrl-U
	kKillWord          // Ctrl-W, Alt-Backspace
	kEnter             // Enter, Ctrl-J
	kCancel            // Ctrl-C
	kRedraw            // Ctrl-L
)

// key is one decoded keypress.
type key struct {
	kind keyKind
	r    rune
}

// parseKey decodes the first key in b and returns it with the number of
// bytes it takes; n is 0 when b holds only the start of a key (a partial
// UTF-8 character or escape sequence) and more input is needed. A lone Esc
// at the end of b is taken as the Esc key.
func parseKey(b []byte) (k key, n int) {
	if len(b) == 0 {
		return key{}, 0
	}
	c := b[0]
	switch c {
	case keyCtrlA:
		return key{kind: kHome}, 1
	case keyCtrlB:
		return key{kind: kLeft}, 1
	case keyCtrlC:
		return key{kind: kCancel}, 1
	case keyCtrlD:
		return key{kind: kCtrlD}, 1
	case keyCtrlE:
		return key{kind: kEnd}, 1
	case keyCtrlF:
		return key{kind: kRight}, 1
	case keyCtrlH, keyBackspace:
		return key{kind: kBackspace}, 1
	case keyCtrlK:
		return key{kind: kKillEnd}, 1
	case keyCtrlL:
		return key{kind: kRedraw}, 1
	case keyEnter, keyNewline:
		return key{kind: kEnter}, 1
	case keyCtrlU:
		return key{kind: kKillStart}, 1
	case keyCtrlW:
		return key{kind: kKillWord}, 1
	case keyEsc:
		return parseEscape(b)
	}
	if c < 0x20 {
		return key{}, 1
	}
	if c < utf8.RuneSelf {
		return key{kind: kRune, r: rune(c)}, 1
	}
	if !utf8.FullRune(b) {
		return key{}, 0
	}
	r, size := utf8.DecodeRune(b)
	if r == utf8.RuneError || !printable(r) {
		return key{}, size
	}
	return key{kind: kRune, r: r}, size
}

// parseEscape decodes a key starting with Esc: CSI (Esc [) and SS3 (Esc O)
// sequences of the cursor keys, and Alt-letter combinations.
func parseEscape(b []byte) (key, int) {
	if len(b) == 1 {
		return key{}, 1 // Esc alone
	}
	switch b[1] {
	case '[':
		// Parameters and intermediates, then a final byte 0x40-0x7e.
		for i := 2; i < len(b); i++ {
			c := b[i]
			if c >= 0x40 && c <= 0x7e {
				return csiKey(string(b[2:i]), c), i + 1
			}
			if c < 0x20 || c > 0x3f {
				return key{}, i // malformed: drop what was read
			}
		}
		if len(b) > 32 {
			return key{}, len(b)
		}
		return key{}, 0
	case 'O':
		if len(b) < 3 {
			return key{}, 0
		}
		return csiKey("", b[2]), 3
	case 'b', 'B':
		return key{kind: kWordLeft}, 2
	case 'f', 'F':
		return key{kind: kWordRight}, 2
	case keyBackspace, keyCtrlH:
		return key{kind: kKillWord}, 2
	case keyEsc:
		return key{}, 1 // Esc pressed twice: drop the first
	}
	if b[1] < utf8.RuneSelf {
		return key{}, 2 // Alt with a key the editor does not use
	}
	return key{}, 1
}

// csiKey maps the parameters and final byte of a cursor-key sequence.
func csiKey(params string, final byte) key {
	ctrl := len(params) > 2 && params[:2] == "1;" // a modifier: Ctrl, Alt...
	switch final {
	case 'C':
		if ctrl {
			return key{kind: kWordRight}
		}
		return key{kind: kRight}
	case 'D':
		if ctrl {
			return key{kind: kWordLeft}
		}
		return key{kind: kLeft}
	case 'H':
		return key{kind: kHome}
	case 'F':
		return key{kind: kEnd}
	case '~':
		switch params {
		case "1", "7":
			return key{kind: kHome}
		case "4", "8":
			return key{kind: kEnd}
		case "3":
			return key{kind: kDelete}
		}
	}
	return key{}
}
