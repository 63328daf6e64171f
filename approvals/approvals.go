// Package approvals is the store of answers that last: a person's "allow
// this exact command here from now on" or "allow this rule in this
// directory", given at a question and used by later questions, by
// guardsh -c and by the agent hooks instead of asking.
//
// An approval approves only the findings it was given for, by rule and
// level: a line is approved when every one of its findings is covered by
// an approval that matches it, so that a line with any other finding, or
// the same rule at a higher level, is asked about as usual. Nothing
// blocked, and nothing guardsh could not check, is ever approved.
//
// The package is pure: it parses, matches and encodes the store; reading
// and writing the file is the caller's.
package approvals

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"guardsh/guard"
)

// Kind is what an approval is of.
type Kind string

// The kinds of approval.
const (
	// Command approves one exact command line in one directory.
	Command Kind = "command"
	// Rule approves one rule at one level in a directory (and, with
	// Below, the directories under it).
	Rule Kind = "rule"
)

// Finding is what an approval of a command was given for: a rule at a
// level.
type Finding struct {
	Rule  string      `json:"rule"`
	Level guard.Level `json:"level"`
}

// Approval is one answer that lasts.
type Approval struct {
	Kind Kind `json:"kind"`
	// Dir is the absolute directory it holds in.
	Dir string `json:"dir"`
	// Below, for a rule, extends it to the directories under Dir.
	Below bool `json:"below,omitempty"`
	// Command and Findings, for a command: the exact line (trimmed of
	// surrounding blanks) and the findings it was approved with.
	Command  string    `json:"command,omitempty"`
	Findings []Finding `json:"findings,omitempty"`
	// Rule and Level, for a rule.
	Rule  string      `json:"rule,omitempty"`
	Level guard.Level `json:"level,omitempty"`
	// Added is when it was given.
	Added time.Time `json:"added"`
}

// String describes the approval in a few words, as /approvals and the
// audit log show it: `command "git push --force" in /src/app` or `rule
// git_push_force (medium) in /src/app and below`.
func (a Approval) String() string {
	where := " in " + a.Dir
	if a.Below {
		where += " and below"
	}
	if a.Kind == Rule {
		return fmt.Sprintf("rule %s (%s)%s", a.Rule, a.Level, where)
	}
	return fmt.Sprintf("command %q%s", a.Command, where)
}

// Store is the list of approvals, in the order they were given; they are
// numbered from 1.
type Store struct {
	Approvals []Approval
}

// file is the store's JSON shape.
type file struct {
	Version   int        `json:"version"`
	Approvals []Approval `json:"approvals"`
}

const version = 1

// Parse reads a store. An entry that is not a valid approval (an unknown
// kind, a relative directory, a blocked level, no findings) is left out,
// and the error names it: what is left can still be used. A file that is
// not a store at all is an error and an empty store.
func Parse(data []byte) (Store, error) {
	var f file
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&f); err != nil {
		return Store{}, fmt.Errorf("approvals: %w", err)
	}
	if f.Version != version {
		return Store{}, fmt.Errorf("approvals: version %d, want %d", f.Version, version)
	}
	var s Store
	var errs []error
	for i, a := range f.Approvals {
		if err := a.check(); err != nil {
			errs = append(errs, fmt.Errorf("approval %d: %w", i+1, err))
			continue
		}
		s.Approvals = append(s.Approvals, a)
	}
	return s, errors.Join(errs...)
}

func (a Approval) check() error {
	if !filepath.IsAbs(a.Dir) || filepath.Clean(a.Dir) != a.Dir {
		return fmt.Errorf("directory %q is not a clean absolute path", a.Dir)
	}
	switch a.Kind {
	case Command:
		if strings.TrimSpace(a.Command) == "" || a.Command != strings.TrimSpace(a.Command) {
			return errors.New("no command")
		}
		if len(a.Findings) == 0 {
			return errors.New("no findings")
		}
		for _, f := range a.Findings {
			if !approvable(f.Rule, f.Level) {
				return fmt.Errorf("%s at %s cannot be approved", f.Rule, f.Level)
			}
		}
		if a.Below {
			return errors.New("a command holds in one directory only")
		}
	case Rule:
		if !approvable(a.Rule, a.Level) {
			return fmt.Errorf("%s at %s cannot be approved", a.Rule, a.Level)
		}
	default:
		return fmt.Errorf("unknown kind %q", a.Kind)
	}
	return nil
}

// approvable reports whether a finding may ever be approved lastingly.
func approvable(rule string, l guard.Level) bool {
	unchecked := guard.Verdict{Findings: []guard.Finding{{Rule: rule, Level: l}}}.Unchecked()
	return rule != "" && !unchecked && l > guard.Safe && l < guard.Blocked
}

// Encode returns the store as its file's contents.
func (s Store) Encode() []byte {
	f := file{Version: version, Approvals: s.Approvals}
	if f.Approvals == nil {
		f.Approvals = []Approval{}
	}
	b, _ := json.MarshalIndent(f, "", "  ")
	return append(b, '\n')
}

// Eligible reports whether a lasting answer may be given for v at all: it
// is not blocked, it was checked whole, and each of its findings is of an
// approvable level (above safe, below blocked).
func Eligible(v guard.Verdict) bool {
	if v.Blocked || v.Unchecked() || len(v.Findings) == 0 {
		return false
	}
	for _, f := range v.Findings {
		if !approvable(f.Rule, f.Level) {
			return false
		}
	}
	return true
}

// ForCommand returns the approval of v's exact command in dir, for the
// findings v has; ok is false when v is not Eligible.
func ForCommand(v guard.Verdict, dir string, now time.Time) (a Approval, ok bool) {
	if !Eligible(v) {
		return Approval{}, false
	}
	return Approval{Kind: Command, Dir: filepath.Clean(dir), Command: strings.TrimSpace(v.Command),
		Findings: findings(v), Added: now.UTC()}, true
}

// ForRules returns one approval for each rule (at its level) of v's
// findings, in dir and, with below, under it; nil when v is not Eligible.
func ForRules(v guard.Verdict, dir string, below bool, now time.Time) []Approval {
	if !Eligible(v) {
		return nil
	}
	var as []Approval
	for _, f := range findings(v) {
		as = append(as, Approval{Kind: Rule, Dir: filepath.Clean(dir), Below: below, Rule: f.Rule, Level: f.Level, Added: now.UTC()})
	}
	return as
}

// findings returns v's distinct rules and levels, in order.
func findings(v guard.Verdict) []Finding {
	var fs []Finding
	for _, f := range v.Findings {
		g := Finding{Rule: f.Rule, Level: f.Level}
		if !slices.Contains(fs, g) {
			fs = append(fs, g)
		}
	}
	return fs
}

// Add adds approvals; one the store has already (the same but for when
// it was given) is not added twice.
func (s *Store) Add(as ...Approval) {
	for _, a := range as {
		if !slices.ContainsFunc(s.Approvals, func(b Approval) bool { return same(a, b) }) {
			s.Approvals = append(s.Approvals, a)
		}
	}
}

func same(a, b Approval) bool {
	return a.Kind == b.Kind && a.Dir == b.Dir && a.Below == b.Below && a.Command == b.Command &&
		slices.Equal(a.Findings, b.Findings) && a.Rule == b.Rule && a.Level == b.Level
}

// Remove removes approval n (from 1) and returns it.
func (s *Store) Remove(n int) (Approval, error) {
	if n < 1 || n > len(s.Approvals) {
		return Approval{}, fmt.Errorf("no approval %d (there are %d)", n, len(s.Approvals))
	}
	a := s.Approvals[n-1]
	s.Approvals = slices.Delete(s.Approvals, n-1, n)
	return a, nil
}

// Match reports whether the store approves v in directory dir: v is
// Eligible and every one of its findings is covered by an approval that
// holds there (a command approval of v's exact command given for that
// rule and level, or a rule approval of that rule at that level). used
// are the numbers (from 1) of the approvals that covered them.
func (s Store) Match(v guard.Verdict, dir string) (used []int, ok bool) {
	if !Eligible(v) {
		return nil, false
	}
	dir = filepath.Clean(dir)
	cmd := strings.TrimSpace(v.Command)
	for _, f := range findings(v) {
		i := slices.IndexFunc(s.Approvals, func(a Approval) bool { return a.covers(f, cmd, dir) })
		if i < 0 {
			return nil, false
		}
		if !slices.Contains(used, i+1) {
			used = append(used, i+1)
		}
	}
	slices.Sort(used)
	return used, true
}

func (a Approval) covers(f Finding, cmd, dir string) bool {
	switch a.Kind {
	case Command:
		return a.Command == cmd && a.Dir == dir && slices.Contains(a.Findings, f)
	case Rule:
		return a.Rule == f.Rule && a.Level == f.Level && (a.Dir == dir || a.Below && within(dir, a.Dir))
	}
	return false
}

// within reports whether dir is under base.
func within(dir, base string) bool {
	if base == "/" {
		return strings.HasPrefix(dir, "/")
	}
	return strings.HasPrefix(dir, base+"/")
}
