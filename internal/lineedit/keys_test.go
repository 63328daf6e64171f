package lineedit

import "testing"

func TestDecode(t *testing.T) {
	tests := []struct {
		in   string
		eof  bool
		want Key
		n    int
	}{
		{"a", false, Key{Kind: KeyRune, Rune: 'a'}, 1},
		{"日x", false, Key{Kind: KeyRune, Rune: '日'}, 3},
		{"\xe6\x97", false, Key{}, 0},
		{"\xe6\x97", true, Key{}, 2},
		{"\xff", false, Key{}, 1},
		{"\r", false, Key{Kind: KeyEnter}, 1},
		{"\n", false, Key{Kind: KeyEnter}, 1},
		{"\x00", false, Key{Kind: KeyEOF}, 1},
		{"\x03", false, Key{Kind: KeyInterrupt}, 1},
		{"\x04", false, Key{Kind: KeyEOF}, 1},
		{"\x7f", false, Key{Kind: KeyBackspace}, 1},
		{"\x08", false, Key{Kind: KeyBackspace}, 1},
		{"\x09", false, Key{Kind: KeyTab}, 1},
		{"\x12", false, Key{Kind: KeySearchBack}, 1},
		{"\x1a", false, Key{Kind: KeySuspend}, 1},
		{"\x1b", false, Key{}, 0},
		{"\x1b", true, Key{}, 1},
		{"\x1b[", false, Key{}, 0},
		{"\x1b[A", false, Key{Kind: KeyUp}, 3},
		{"\x1b[B", false, Key{Kind: KeyDown}, 3},
		{"\x1bOA", false, Key{Kind: KeyUp}, 3},
		{"\x1b[1;5C", false, Key{Kind: KeyWordRight}, 6},
		{"\x1b[3~", false, Key{Kind: KeyDelete}, 4},
		{"\x1b[Z", false, Key{Kind: KeyShiftTab}, 3},
		{"\x1b[200~", false, Key{}, 6},
		{"\x1b.", false, Key{Kind: KeyLastWord}, 2},
		{"\x1bb", false, Key{Kind: KeyWordLeft}, 2},
		{"\x1bd", false, Key{Kind: KeyKillWordFwd}, 2},
		{"\x1b\x7f", false, Key{Kind: KeyKillWordBack}, 2},
		{"\x1bq", false, Key{}, 2},
		{"\x18", false, Key{}, 0},
		{"\x18\x05", false, Key{Kind: KeyEditCommand}, 2},
		{"\x18x", false, Key{}, 2},
		{"\u0085", false, Key{}, 2},
	}
	for _, tt := range tests {
		k, n := Decode([]byte(tt.in), tt.eof)
		if k != tt.want || n != tt.n {
			t.Errorf("Decode(%q, %v) = %+v, %d; want %+v, %d", tt.in, tt.eof, k, n, tt.want, tt.n)
		}
	}
}
