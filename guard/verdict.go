package guard

import "strings"

// Finding is one reason a line got its level: the rule that matched, the
// level it gives, a reason a person understands, and the part of the line it
// is about.
type Finding struct {
	Rule   string `json:"rule"`
	Level  Level  `json:"level"`
	Reason string `json:"reason"`
	Text   string `json:"text"`
}

// Verdict is the classification of one line: its level (the highest of its
// findings, Safe when there are none) and the findings behind it.
type Verdict struct {
	// Command is the line that was classified.
	Command string `json:"command"`
	// Level is the highest level of any finding.
	Level Level `json:"level"`
	// Auto reports whether auto mode would run the line without asking.
	// The guard leaves it false; the allowlist fills it in.
	Auto bool `json:"auto"`
	// Findings are the rules that matched, innermost command first.
	Findings []Finding `json:"findings"`
	// Blocked reports whether the line must not run: its level is at or
	// above the guard's block level.
	Blocked bool `json:"-"`
	// Incomplete reports a line that did not parse only because it ends
	// early (an unclosed quote, a trailing pipe, an open here-document);
	// an interactive shell reads more input for it.
	Incomplete bool `json:"-"`
	// Plan lists every command the line may run, in the order the walker
	// met them (a wrapper before what it runs).
	Plan []*Command `json:"-"`
}

// Top returns the first finding at the verdict's level, the one a one-line
// message names. ok is false when there are no findings.
func (v Verdict) Top() (f Finding, ok bool) {
	for _, f := range v.Findings {
		if f.Level == v.Level {
			return f, true
		}
	}
	return Finding{}, false
}

// add records a finding and raises the level to it.
func (v *Verdict) add(f Finding) {
	f.Text, f.Reason = hideUnknownVar(f.Text), hideUnknownVar(f.Reason)
	for _, g := range v.Findings {
		if g == f {
			return
		}
	}
	v.Findings = append(v.Findings, f)
	if f.Level > v.Level {
		v.Level = f.Level
	}
}

// hideUnknownVar shows the variable that stands for the unknown parts of
// code in a string (find -exec sh -c 'rm {}' \;) as "…", the way other
// unknown words are shown, rather than by its internal name.
func hideUnknownVar(s string) string {
	if !strings.Contains(s, unknownVar) {
		return s
	}
	return strings.NewReplacer("${"+unknownVar+"}", "…", "$"+unknownVar, "…").Replace(s)
}
