package lineedit

import "unicode/utf8"

// Kind is what a key does in the editor.
type Kind int

// The keys the editor knows. Each names what the key does, with the keys
// of an emacs-style editor (bash's, readline's) that send it.
const (
	KeyNone         Kind = iota // a key the editor does not use
	KeyRune                     // a character to insert (Key.Rune)
	KeyEnter                    // Enter, Ctrl-J, Ctrl-M
	KeyInterrupt                // Ctrl-C
	KeyEOF                      // Ctrl-D: delete, or the end on an empty line
	KeyLeft                     // ←, Ctrl-B
	KeyRight                    // →, Ctrl-F
	KeyWordLeft                 // Alt-B, Ctrl-←
	KeyWordRight                // Alt-F, Ctrl-→
	KeyHome                     // Home, Ctrl-A
	KeyEnd                      // End, Ctrl-E
	KeyBackspace                // Backspace, Ctrl-H
	KeyDelete                   // Delete
	KeyKillEnd                  // Ctrl-K
	KeyKillStart                // Ctrl-U
	KeyKillWord                 // Ctrl-W: the blank-delimited word before the cursor
	KeyKillWordBack             // Alt-Backspace: the word before the cursor
	KeyKillWordFwd              // Alt-D: the word after the cursor
	KeyYank                     // Ctrl-Y
	KeyTranspose                // Ctrl-T
	KeyClear                    // Ctrl-L
	KeyUp                       // ↑, Ctrl-P
	KeyDown                     // ↓, Ctrl-N
	KeySearchBack               // Ctrl-R
	KeySearchFwd                // Ctrl-S
	KeyAbort                    // Ctrl-G
	KeyTab                      // Tab, Ctrl-I
	KeyShiftTab                 // Shift+Tab
	KeySuspend                  // Ctrl-Z
	KeyLastWord                 // Alt-.
	KeyEditCommand              // Ctrl-X Ctrl-E
)

// Key is one decoded keypress.
type Key struct {
	Kind Kind
	Rune rune // for KeyRune
}

// Bytes of the keys decoded.
const (
	ctrlA = 1 + iota
	ctrlB
	ctrlC
	ctrlD
	ctrlE
	ctrlF
	ctrlG
	ctrlH
	ctrlI
	ctrlJ
	ctrlK
	ctrlL
	ctrlM
	ctrlN
	ctrlO
	ctrlP
	ctrlQ
	ctrlR
	ctrlS
	ctrlT
	ctrlU
	ctrlV
	ctrlW
	ctrlX
	ctrlY
	ctrlZ
	esc
	del = 0x7f
)

var ctrlKeys = [32]Kind{
	// NUL is what a terminal's typeahead holds for a Ctrl-D typed while
	// a line ran (the end-of-file mark of its line discipline).
	0:     KeyEOF,
	ctrlA: KeyHome, ctrlB: KeyLeft, ctrlC: KeyInterrupt, ctrlD: KeyEOF,
	ctrlE: KeyEnd, ctrlF: KeyRight, ctrlG: KeyAbort, ctrlH: KeyBackspace,
	ctrlI: KeyTab, ctrlJ: KeyEnter, ctrlK: KeyKillEnd, ctrlL: KeyClear,
	ctrlM: KeyEnter, ctrlN: KeyDown, ctrlP: KeyUp, ctrlR: KeySearchBack,
	ctrlS: KeySearchFwd, ctrlT: KeyTranspose, ctrlU: KeyKillStart,
	ctrlW: KeyKillWord, ctrlY: KeyYank, ctrlZ: KeySuspend,
}

// Decode decodes the first key in b and returns it with the number of
// bytes it takes. n is 0 when b holds only the start of a key (a part of
// a UTF-8 character or of an escape sequence, a lone Esc, Ctrl-X) and more
// input is needed; at the end of input (eof) such a start is dropped.
func Decode(b []byte, eof bool) (k Key, n int) {
	k, n = decode(b)
	if n == 0 && eof && len(b) > 0 {
		return Key{}, len(b)
	}
	return k, n
}

func decode(b []byte) (Key, int) {
	if len(b) == 0 {
		return Key{}, 0
	}
	c := b[0]
	switch {
	case c == esc:
		return decodeEscape(b)
	case c == ctrlX:
		if len(b) < 2 {
			return Key{}, 0
		}
		if b[1] == ctrlE {
			return Key{Kind: KeyEditCommand}, 2
		}
		return Key{}, 2 // Ctrl-X with a key the editor does not use
	case c < 0x20:
		return Key{Kind: ctrlKeys[c]}, 1
	case c == del:
		return Key{Kind: KeyBackspace}, 1
	case c < utf8.RuneSelf:
		return Key{Kind: KeyRune, Rune: rune(c)}, 1
	}
	if !utf8.FullRune(b) {
		return Key{}, 0
	}
	r, size := utf8.DecodeRune(b)
	if r == utf8.RuneError || r >= 0x80 && r < 0xa0 {
		return Key{}, size // not UTF-8, or a C1 control
	}
	return Key{Kind: KeyRune, Rune: r}, size
}

// decodeEscape decodes a key that starts with Esc: a CSI (Esc [) or SS3
// (Esc O) sequence, or Alt with a key.
func decodeEscape(b []byte) (Key, int) {
	if len(b) < 2 {
		return Key{}, 0
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
				return Key{}, i // malformed: drop what was read
			}
		}
		if len(b) > 32 {
			return Key{}, len(b)
		}
		return Key{}, 0
	case 'O':
		if len(b) < 3 {
			return Key{}, 0
		}
		return csiKey("", b[2]), 3
	case 'b', 'B':
		return Key{Kind: KeyWordLeft}, 2
	case 'f', 'F':
		return Key{Kind: KeyWordRight}, 2
	case 'd', 'D':
		return Key{Kind: KeyKillWordFwd}, 2
	case '.', '_':
		return Key{Kind: KeyLastWord}, 2
	case del, ctrlH:
		return Key{Kind: KeyKillWordBack}, 2
	case esc:
		return Key{}, 1 // Esc pressed twice: drop the first
	}
	if b[1] < utf8.RuneSelf {
		return Key{}, 2 // Alt with a key the editor does not use
	}
	return Key{}, 1
}

// csiKey maps the parameters and final byte of a key's sequence.
func csiKey(params string, final byte) Key {
	mod := len(params) > 2 && params[:2] == "1;" // Ctrl, Alt...
	switch final {
	case 'A':
		return Key{Kind: KeyUp}
	case 'B':
		return Key{Kind: KeyDown}
	case 'C':
		if mod {
			return Key{Kind: KeyWordRight}
		}
		return Key{Kind: KeyRight}
	case 'D':
		if mod {
			return Key{Kind: KeyWordLeft}
		}
		return Key{Kind: KeyLeft}
	case 'H':
		return Key{Kind: KeyHome}
	case 'F':
		return Key{Kind: KeyEnd}
	case 'Z':
		return Key{Kind: KeyShiftTab}
	case '~':
		switch params {
		case "1", "7":
			return Key{Kind: KeyHome}
		case "4", "8":
			return Key{Kind: KeyEnd}
		case "3":
			return Key{Kind: KeyDelete}
		}
	}
	return Key{}
}
