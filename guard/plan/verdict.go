package plan

import "slices"

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

// ChangesUser reports whether a line, as classified into v, is one
// command that runs a program as another user (sudo, sudoedit, doas,
// pkexec, run0, su), directly or behind wrappers (`nice sudo make
// install`), and nothing else: a kernel-level supervisor, which forbids
// gaining privileges, runs such a line outside, checked statically only.
func (v Verdict) ChangesUser() bool {
	if len(v.Plan) == 0 {
		return false
	}
	depth := -1 // the depth of wrappers of the program found, once found
	for i, c := range v.Plan {
		switch {
		case i > 0 && len(c.Via) == 0:
			return false // a second command of its own
		case depth >= 0:
			if len(c.Via) <= depth {
				return false // a command beside it, not run by it
			}
		case slices.Contains(userChangeProgs, c.Name()):
			depth = len(c.Via)
		case i+1 < len(v.Plan) && len(v.Plan[i+1].Via) != len(c.Via)+1:
			return false // the next command is not what this one wraps
		}
	}
	return depth >= 0
}

// userChangeProgs are the programs that run a command as another user.
var userChangeProgs = []string{"sudo", "sudoedit", "doas", "pkexec", "run0", "su"}

// UserChangePrograms lists the programs that run a command as another
// user, which ChangesUser looks for.
func UserChangePrograms() []string { return slices.Clone(userChangeProgs) }
