package lineedit

import "strings"

// search is an incremental search of the history (Ctrl-R, Ctrl-S), case
// folded.
type search struct {
	query   []rune
	back    bool
	at      int  // the entry found, or where the search started
	match   int  // the index in the entry's runes where the query is
	failing bool // the query is found nowhere further
	orig    Line // the line as it was before the search
}

// find looks for the query from entry from on (from included), in the
// search's direction, and reports whether it found it.
func (s *search) find(es []string, from int) bool {
	if len(s.query) == 0 {
		s.failing = false
		return true
	}
	q := strings.ToLower(string(s.query))
	step := 1
	if s.back {
		step = -1
	}
	for i := from; i >= 0 && i < len(es); i += step {
		e := strings.ToLower(es[i])
		if j := strings.Index(e, q); j >= 0 {
			if s.back {
				j = strings.LastIndex(e, q)
			}
			s.at, s.match, s.failing = i, len([]rune(e[:j])), false
			return true
		}
	}
	s.failing = true
	return false
}

// status is the line shown under the line while searching.
func (s *search) status() string {
	p := "fwd"
	if s.back {
		p = "bck"
	}
	if s.failing {
		p = "failing " + p
	}
	return p + "-i-search: " + string(s.query)
}

// searchKey handles a key while searching: a character adds to the
// query, Backspace takes one off, Ctrl-R and Ctrl-S search further,
// Ctrl-G and Ctrl-C go back to the line as it was; another key ends the
// search, the line found kept, and does what it does. It reports whether
// it handled k.
func (e *Editor) searchKey(k Key) bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	s := e.search
	es := e.hist.visible()
	e.dirty = true
	switch k.Kind {
	case KeyRune:
		s.query = append(s.query, k.Rune)
		from := s.at
		if from >= len(es) {
			from = len(es) - 1
		}
		s.find(es, from)
	case KeyBackspace:
		if len(s.query) > 0 {
			s.query = s.query[:len(s.query)-1]
		}
		from := len(es) - 1
		if !s.back {
			from = 0
		}
		s.find(es, from)
	case KeySearchBack, KeySearchFwd:
		s.back = k.Kind == KeySearchBack
		step := 1
		if s.back {
			step = -1
		}
		s.find(es, s.at+step)
	case KeyAbort, KeyInterrupt:
		e.line = s.orig
		e.search, e.below = nil, nil
		return true
	default:
		e.search, e.below = nil, nil
		return false
	}
	e.showSearchLocked()
	return true
}

// showSearchLocked shows the entry found, the cursor on the match, and
// the search under it. e.mu is held.
func (e *Editor) showSearchLocked() {
	s := e.search
	es := e.hist.visible()
	if len(s.query) > 0 && !s.failing && s.at < len(es) {
		e.line.set([]rune(es[s.at]))
		e.line.Pos = min(s.match, len(e.line.Buf))
	}
	// The query, and an underlined blank where the next key goes.
	e.below = []string{fit(s.status(), e.cols()-1) + "\x1b[4m \x1b[0m"}
	e.dirty = true
}
