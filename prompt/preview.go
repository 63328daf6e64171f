package prompt

import (
	"fmt"
	"io"
	"strings"

	"guardsh/guard"
)

// Preview writes the preview a person reads before answering: the line,
// with the part each finding is about underlined by ^^^ in the color of
// its level, then one line per finding with its level, rule and reason. A
// line without findings gets the one line "safe: nothing to warn about".
// Characters that are not printable are shown escaped (see Show).
func Preview(w io.Writer, v guard.Verdict, s Style) error {
	var b strings.Builder
	if len(v.Findings) == 0 {
		b.WriteString(s.Level(v.Level, v.Level.String()))
		if v.Level == guard.Safe {
			b.WriteString(": nothing to warn about\n")
		} else {
			fmt.Fprintf(&b, ": %s\n", Show(v.Command))
		}
		_, err := io.WriteString(w, b.String())
		return err
	}
	found := writeMarked(&b, v, s)
	levelW, ruleW := 0, 0
	for _, f := range v.Findings {
		levelW = max(levelW, len(f.Level.String()))
		ruleW = max(ruleW, len(Show(f.Rule)))
	}
	for i, f := range v.Findings {
		level := f.Level.String()
		b.WriteString(s.Level(f.Level, level))
		b.WriteString(strings.Repeat(" ", levelW-len(level)+2))
		rule := Show(f.Rule)
		b.WriteString(s.Bold(rule))
		b.WriteString(strings.Repeat(" ", ruleW-len(rule)+2))
		b.WriteString(Show(f.Reason))
		if !found[i] && f.Text != "" {
			fmt.Fprintf(&b, " (in: %s)", Show(f.Text))
		}
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writeMarked writes the verdict's command, line by line, each followed by
// a marker line underlining the parts the findings are about. It reports,
// for each finding, whether its text was found in the command.
func writeMarked(b *strings.Builder, v guard.Verdict, s Style) []bool {
	cmd := v.Command
	// mark[i] is 1 + the highest level of a finding covering byte i.
	mark := make([]int, len(cmd))
	found := make([]bool, len(v.Findings))
	for i, f := range v.Findings {
		if f.Text == "" {
			continue
		}
		at := findText(cmd, f.Text)
		if at < 0 {
			continue
		}
		found[i] = true
		for j := at; j < at+len(f.Text); j++ {
			mark[j] = max(mark[j], int(f.Level)+1)
		}
	}
	start := 0
	for start <= len(cmd) {
		end := strings.IndexByte(cmd[start:], '\n')
		if end < 0 {
			end = len(cmd)
		} else {
			end += start
		}
		writeLine(b, cmd[start:end], mark[start:end], s)
		start = end + 1
	}
	return found
}

// findText returns where text occurs in cmd, preferring an occurrence
// that stands apart (not inside a longer word: the `sh` of `bash x | sh`
// is the last one), or -1.
func findText(cmd, text string) int {
	first := -1
	for from := 0; from <= len(cmd)-len(text); {
		i := strings.Index(cmd[from:], text)
		if i < 0 {
			break
		}
		i += from
		if first < 0 {
			first = i
		}
		end := i + len(text)
		if (i == 0 || apart(cmd[i-1]) || apart(text[0])) && (end == len(cmd) || apart(cmd[end]) || apart(text[len(text)-1])) {
			return i
		}
		from = i + 1
	}
	return first
}

// apart reports whether c ends a word on a shell line.
func apart(c byte) bool { return strings.IndexByte(" \t\n;|&()<>`$'\"{}!", c) >= 0 }

// writeLine writes one line of the command and, when any of it is marked,
// the marker line under it.
func writeLine(b *strings.Builder, line string, mark []int, s Style) {
	var text, under strings.Builder
	marked := false
	cur := 0 // the level+1 of the run of markers being written
	var run strings.Builder
	flush := func() {
		if run.Len() == 0 {
			return
		}
		if cur > 0 {
			under.WriteString(s.Level(guard.Level(cur-1), run.String()))
		} else {
			under.WriteString(run.String())
		}
		run.Reset()
	}
	for i := 0; i < len(line); {
		cell, n := showCell(line[i:])
		text.WriteString(cell)
		m := 0
		for _, x := range mark[i : i+n] {
			m = max(m, x)
		}
		if m != cur {
			flush()
			cur = m
		}
		switch {
		case m > 0:
			marked = true
			run.WriteString(strings.Repeat("^", max(cellWidth(cell), 1)))
		case cell == "\t":
			run.WriteByte('\t')
		default:
			run.WriteString(strings.Repeat(" ", cellWidth(cell)))
		}
		i += n
	}
	if cur > 0 {
		flush()
	}
	b.WriteString(text.String())
	b.WriteByte('\n')
	if marked {
		b.WriteString(strings.TrimRight(under.String(), " \t"))
		b.WriteByte('\n')
	}
}

// Summary returns the verdict on one line, for the dim line auto mode shows
// and for messages: the level, then the rule and reason of the first
// finding at that level, and how many findings there are besides, e.g.
// "high rm_rf: recursively deletes ./build (+1 more)". A verdict without
// findings is "safe: nothing to warn about".
func Summary(v guard.Verdict) string {
	top, ok := v.Top()
	if !ok {
		if len(v.Findings) > 0 {
			top, ok = v.Findings[0], true
		} else if v.Level == guard.Safe {
			return "safe: nothing to warn about"
		} else {
			return v.Level.String()
		}
	}
	s := fmt.Sprintf("%s %s: %s", v.Level, Show(top.Rule), Show(top.Reason))
	if n := len(v.Findings) - 1; n > 0 {
		s += fmt.Sprintf(" (+%d more)", n)
	}
	return s
}
