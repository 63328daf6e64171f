package prompt

import (
	"fmt"

	"guardsh/guard"
)

// Hints for Refusal: what would allow a refused line.
const (
	// HintBlocked is the hint for a blocked line.
	HintBlocked = "blocked lines never run"
	// HintNoTerminal is the hint for a default "no" taken because nobody
	// could be asked.
	HintNoTerminal = "answer at a terminal or pass -y"
)

// Refusal returns the one-line message (without a newline) printed on
// stderr when guardsh refuses to run a line, e.g.
//
//	guardsh: refused (high, rm_rf): rm -rf ./build: recursively deletes ./build; answer at a terminal or pass -y
//
// It names the level, the rule, the part of the line and the reason of the
// verdict's top finding (the command itself when the finding names no
// part), then the hint, if any. Unprintable characters are escaped so the
// message stays on one line.
func Refusal(v guard.Verdict, hint string) string {
	f, ok := v.Top()
	if !ok && len(v.Findings) > 0 {
		f, ok = v.Findings[0], true
	}
	var s string
	if ok {
		text := f.Text
		if text == "" {
			text = v.Command
		}
		s = fmt.Sprintf("guardsh: refused (%s, %s): %s: %s", v.Level, Show(f.Rule), Show(text), Show(f.Reason))
	} else {
		s = fmt.Sprintf("guardsh: refused (%s): %s", v.Level, Show(v.Command))
	}
	if hint != "" {
		s += "; " + hint
	}
	return s
}

// HintFor returns the hint Refusal names for a verdict refused without a
// question: HintBlocked for a blocked verdict, HintNoTerminal otherwise.
func HintFor(v guard.Verdict) string {
	if isBlocked(v) {
		return HintBlocked
	}
	return HintNoTerminal
}

// isBlocked reports whether the verdict must not run: blocked by the
// guard's block level, or at the blocked level itself.
func isBlocked(v guard.Verdict) bool { return v.Blocked || v.Level >= guard.Blocked }
