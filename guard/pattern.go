package guard

import (
	"fmt"
	"regexp"
)

// Origins of rules and patterns, as Rule.Origin and Pattern.Origin hold them.
const (
	// OriginBuiltin marks guardsh's own rules.
	OriginBuiltin = "built-in"
	// OriginPolicy marks patterns from the system policy.
	OriginPolicy = "policy"
	// OriginConfig marks patterns from the user's config file.
	OriginConfig = "config"
)

// Pattern is a rule given as an RE2 regular expression, matched against the
// text of each command and of the whole line.
//
// A Pattern with Origin OriginBuiltin and an empty Regex stands for one of
// guardsh's built-in rules, which are Go code rather than a regular
// expression: a Detector lists them this way (see Detector.Patterns), and
// Builtin reports it.
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
	// g is the guard a built-in entry was listed from, which Matches asks.
	g *Guard
}

// Builtin reports whether the pattern stands for a built-in rule rather
// than a regular expression.
func (p Pattern) Builtin() bool { return p.Origin == OriginBuiltin && p.Regex == "" }

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
	if p.Builtin() {
		return fmt.Errorf("pattern %s: a built-in rule has no regular expression", p.Name)
	}
	if p.Name == "" {
		return fmt.Errorf("pattern with regular expression %q: missing name", p.Regex)
	}
	if p.Regex == "" {
		return fmt.Errorf("pattern %s: empty regular expression, which would match every command", p.Name)
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

// Matches reports whether the pattern matches the command text. For a
// built-in entry it reports whether the built-in rule finds anything in
// the command.
func (p Pattern) Matches(cmd string) bool {
	if p.Builtin() {
		g := p.g
		if g == nil {
			var err error
			if g, err = New(); err != nil {
				return false
			}
		}
		for _, f := range g.Classify(cmd, State{}).Findings {
			if f.Rule == p.Name {
				return true
			}
		}
		return false
	}
	if p.re == nil {
		if err := p.compile(); err != nil {
			return false
		}
	}
	return p.re.MatchString(cmd)
}
