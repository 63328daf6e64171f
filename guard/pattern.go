package guard

import (
	"fmt"
	"regexp"
)

// Pattern is a rule given as an RE2 regular expression, matched against the
// text of each command and of the whole line.
type Pattern struct {
	Name          string
	Regex         string
	Level         Level
	Description   string
	CaseSensitive bool
	// Origin says where the pattern came from: "built-in", "policy",
	// "config" or "" (a program's own).
	Origin string

	re *regexp.Regexp
}

// NewPattern compiles a pattern.
func NewPattern(name, regex string, level Level, description string, caseSensitive bool) (Pattern, error) {
	p := Pattern{Name: name, Regex: regex, Level: level, Description: description, CaseSensitive: caseSensitive}
	if err := p.compile(); err != nil {
		return Pattern{}, err
	}
	return p, nil
}

// MustPattern is NewPattern for patterns known to be valid; it panics on a
// bad regular expression.
func MustPattern(name, regex string, level Level, description string) Pattern {
	p, err := NewPattern(name, regex, level, description, false)
	if err != nil {
		panic(err)
	}
	return p
}

func (p *Pattern) compile() error {
	if p.re != nil {
		return nil
	}
	src := p.Regex
	if !p.CaseSensitive {
		src = "(?i)" + src
	}
	re, err := regexp.Compile(src)
	if err != nil {
		return fmt.Errorf("pattern %s: bad regular expression: %w", p.Name, err)
	}
	p.re = re
	return nil
}

// Matches reports whether the pattern matches the command text.
func (p Pattern) Matches(cmd string) bool {
	if p.re == nil {
		if err := p.compile(); err != nil {
			return false
		}
	}
	return p.re.MatchString(cmd)
}
