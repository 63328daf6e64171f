package main

import (
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"sync"

	"guardsh/guard"
	"guardsh/internal/config"
	"guardsh/shell"
)

// A guardsh started under guardsh is never looser than its parent. The
// outer guardsh sets parentVar in the environment of every program it
// starts itself (shell.WithChildVar, which replaces whatever the line set),
// holding its merged rules and the level the running line was approved
// at. A guardsh that finds it applies those rules as a locked layer
// between the system policy and its own config (which may then only add
// rules, raise levels and block more), and its -y approves nothing above
// that level. docs/how-it-works.md says what this covers and what not.
const parentVar = "GUARDSH_PARENT"

// parentFile names the parent's rules in messages.
const parentFile = "the rules of the guardsh this one runs under (" + parentVar + ")"

// parentMagic starts the variable's value: the format's name and version.
const parentMagic = "guardsh1"

// maxParentRules bounds the encoded rules, below what one environment
// string may hold (128 KiB on Linux); past it a guardsh passes on rules
// that refuse every line above safe.
const maxParentRules = 96 << 10

// parentSettings is what the guardsh this one runs under passed on.
type parentSettings struct {
	// cfg is its merged rules.
	cfg guard.Config
	// approved is the highest level its approval covers for what this
	// guardsh runs: -y here approves nothing above it.
	approved guard.Level
}

// encodeParent returns the variable's value: "guardsh1 LEVEL RULES", RULES
// the config file config.Encode writes, in base64.
func encodeParent(rules []byte, approved guard.Level) string {
	// The comment keeps RULES from being empty, so that the value has no
	// trailing space a tool could trim.
	rules = append([]byte("# rules passed on by guardsh\n"), rules...)
	return parentMagic + " " + approved.String() + " " + base64.StdEncoding.EncodeToString(rules)
}

// decodeParent reads the variable's value; any error means it cannot be
// trusted to say anything, and the caller fails closed.
func decodeParent(v string) (parentSettings, error) {
	var p parentSettings
	f := strings.Fields(v)
	if len(f) != 3 || f[0] != parentMagic {
		return p, errors.New("not in the format this guardsh knows")
	}
	l, err := guard.ParseLevel(f[1])
	if err != nil {
		return p, fmt.Errorf("approved level: %w", err)
	}
	rules, err := base64.StdEncoding.DecodeString(f[2])
	if err != nil {
		return p, fmt.Errorf("rules: %w", err)
	}
	c, err := config.Parse(rules, parentFile)
	if err != nil {
		return p, fmt.Errorf("rules: %w", err)
	}
	p.cfg, p.approved = c, min(l, guard.High)
	return p, nil
}

// childVar returns the value function of shell.WithChildVar: this
// guardsh's merged rules and what its approval covers: the level the line
// was approved at (by a person, or by -y within its limit) and, with -y,
// every level -y approves here (high, or the parent's limit).
func (s settings) childVar(yes bool) func(guard.Level) string {
	rules := sync.OnceValue(func() []byte {
		b := config.Encode(s.cfg)
		if len(b) > maxParentRules {
			// Too much for the environment: fail closed.
			l := guard.InfoLeak
			b = config.Encode(guard.Config{BlockLevel: &l, Lock: true})
		}
		return b
	})
	limit := s.yesLimit()
	return func(approved guard.Level) string {
		if yes {
			approved = max(approved, limit)
		}
		return encodeParent(rules(), approved)
	}
}

// yesLimit is the highest level -y approves: the parent's approved level,
// safe when the parent's rules could not be read, high otherwise.
func (s settings) yesLimit() guard.Level {
	switch {
	case s.parentBroken:
		return guard.Safe
	case s.parent != nil:
		return s.parent.approved
	}
	return guard.High
}

// runnerOptions are the runner's options about approval: -y within its
// limit, and the rules passed on to every program the runner starts.
func (s settings) runnerOptions(yes bool) []shell.Option {
	opts := []shell.Option{shell.WithYes(yes), shell.WithChildVar(parentVar, s.childVar(yes))}
	if l := s.yesLimit(); l < guard.High {
		opts = append(opts, shell.WithYesLimit(l))
	}
	return opts
}
