package plan

// Unchecked reports a verdict about text guardsh did not classify whole: a
// line longer than the guard reads (rule too_long). Whatever level it has,
// what the text does is unknown; guardsh runs it only when a person
// approves it at a terminal, never on -y alone.
func (v Verdict) Unchecked() bool {
	for _, f := range v.Findings {
		if f.Rule == RuleTooLong {
			return true
		}
	}
	return false
}

// RuleTooLong is the name of the rule for a line longer than the guard
// reads.
const RuleTooLong = "too_long"
