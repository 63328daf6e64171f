package lineedit

// history is the editor's list of earlier lines, oldest first, and the
// place Up and Down are at while a line is edited. An entry changed while
// it is shown keeps the change until the line is entered, as in bash.
type history struct {
	entries []string
	limit   int // the most entries kept; < 0 keeps none, 0 no limit

	at    int            // the entry shown: len(entries) is the new line
	edits map[int][]rune // entries changed while shown, by index
}

// add appends an entry, dropping the oldest past the limit.
func (h *history) add(s string) {
	if h.limit < 0 || s == "" {
		return
	}
	if n := len(h.entries); n > 0 && h.entries[n-1] == s {
		return
	}
	h.entries = append(h.entries, s)
	if h.limit > 0 && len(h.entries) > 2*h.limit {
		h.entries = append([]string(nil), h.entries[len(h.entries)-h.limit:]...)
	}
}

// visible returns the entries Up can reach.
func (h *history) visible() []string {
	if h.limit > 0 && len(h.entries) > h.limit {
		return h.entries[len(h.entries)-h.limit:]
	}
	return h.entries
}

// reset starts a new line: Up starts from the newest entry again.
func (h *history) reset() {
	h.at = len(h.visible())
	h.edits = nil
}

// move shows the entry delta places away (-1 older, +1 newer), keeping
// what line holds now for when it comes back. It reports false when there
// is none.
func (h *history) move(l *Line, delta int) bool {
	es := h.visible()
	to := h.at + delta
	if to < 0 || to > len(es) {
		return false
	}
	if h.edits == nil {
		h.edits = map[int][]rune{}
	}
	h.edits[h.at] = append([]rune(nil), l.Buf...)
	h.at = to
	if e, ok := h.edits[to]; ok {
		l.set(e)
	} else {
		l.set([]rune(es[to]))
	}
	return true
}
