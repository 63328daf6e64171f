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
