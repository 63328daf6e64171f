package lineedit

import (
	"strconv"
	"strings"
)

// completion is a completion whose candidates are listed under the line:
// Tab again puts the next candidate in.
type completion struct {
	cands  [][]rune // what each candidate adds after the word
	word   []rune   // the word they complete
	chosen int      // the candidate in the line, -1 for none
	base   Line     // the line without a candidate
}

// complete completes the word before the cursor: one candidate, or the
// part all candidates share, goes into the line; else they are listed.
func (e *Editor) complete() {
	if e.cfg.Complete == nil {
		return
	}
	e.mu.Lock()
	buf := append([]rune(nil), e.line.Buf...)
	p := e.line.Pos
	e.mu.Unlock()
	cands, n := e.cfg.Complete(buf, p)
	if len(cands) == 0 {
		return
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	e.dirty = true
	if len(cands) == 1 {
		e.line.Insert(cands[0]...)
		return
	}
	if same := commonPrefix(cands); len(same) > 0 {
		e.line.Insert(same...)
		return
	}
	n = min(max(n, 0), p)
	e.comp = &completion{cands: cands, word: buf[p-n : p], chosen: -1, base: Line{Buf: buf, Pos: p}}
	e.below = e.comp.list(e.cfg.Term.Size())
}

// completeKey handles a key while candidates are listed: Tab puts the
// next one in, Enter keeps it and closes the list, Ctrl-G and Ctrl-C go
// back to the line as it was; another key closes the list and does what it
// does. It reports whether it handled k.
func (e *Editor) completeKey(k Key) bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	c := e.comp
	e.dirty = true
	switch k.Kind {
	case KeyTab:
		c.chosen = (c.chosen + 1) % len(c.cands)
		e.line = Line{Buf: append([]rune(nil), c.base.Buf...), Pos: c.base.Pos}
		e.line.Insert(c.cands[c.chosen]...)
		e.below = c.list(e.cfg.Term.Size())
		return true
	case KeyAbort, KeyInterrupt:
		e.line = c.base
		fallthrough
	case KeyEnter:
		e.comp, e.below = nil, nil
		return true
	}
	e.comp, e.below = nil, nil
	return false
}

// list lays the candidates out in columns on a screen cols wide, in at
// most rows-2 rows, the chosen one in reverse video.
func (c *completion) list(cols, rows int) []string {
	if cols < 2 {
		cols = 80
	}
	word := string(c.word)
	colWidth := 0
	for _, cand := range c.cands {
		colWidth = max(colWidth, width(word+string(cand)))
	}
	colWidth++
	ncols := max((cols-1)/colWidth, 1)
	nrows := (len(c.cands) + ncols - 1) / ncols
	maxRows := nrows
	if rows > 3 && maxRows > rows-2 {
		maxRows = rows - 2
	}
	var out []string
	for r := 0; r < maxRows; r++ {
		var b strings.Builder
		for col := 0; col < ncols; col++ {
			i := r*ncols + col
			if i >= len(c.cands) {
				break
			}
			s := fit(word+string(c.cands[i]), cols)
			if i == c.chosen {
				b.WriteString("\x1b[7m" + s + "\x1b[0m")
			} else {
				b.WriteString(s)
			}
			if col < ncols-1 {
				b.WriteString(strings.Repeat(" ", max(colWidth-width(s), 1)))
			}
		}
		out = append(out, b.String())
	}
	if maxRows < nrows {
		out[len(out)-1] = "(" + strconv.Itoa(len(c.cands)-(maxRows-1)*ncols) + " more)"
	}
	return out
}

// width is the number of columns s takes in the line.
func width(s string) int {
	w := 0
	for _, r := range s {
		_, cw := cell(r)
		w += cw
	}
	return w
}

// commonPrefix is what all of cands start with.
func commonPrefix(cands [][]rune) []rune {
	p := cands[0]
	for _, c := range cands[1:] {
		n := 0
		for n < len(p) && n < len(c) && p[n] == c[n] {
			n++
		}
		p = p[:n]
	}
	return p
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
	e.below = []string{fit(s.status(), e.cols()+len("\x1b[4m \x1b[0m")-1)}
	e.dirty = true
}
