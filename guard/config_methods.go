package guard

import (
	"fmt"
	"slices"
	"strings"

	"guardsh/guard/internal/rules"
)

// String describes the config's keys that are set, for debugging.
func (c Config) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "config %s:", c.File)
	if c.BlockLevel != nil {
		fmt.Fprintf(&b, " block_level=%s", c.BlockLevel)
	}
	if c.Ask != "" {
		fmt.Fprintf(&b, " ask=%s", c.Ask)
	}
	if c.Lock {
		b.WriteString(" lock")
	}
	if c.AllowLastingAnswers != nil {
		fmt.Fprintf(&b, " allow_lasting_answers=%t", *c.AllowLastingAnswers)
	}
	if c.Audit != "" {
		fmt.Fprintf(&b, " audit=%s", c.Audit)
	}
	if c.Executor != "" {
		fmt.Fprintf(&b, " executor=%s", c.Executor)
	}
	if c.Supervise != "" {
		fmt.Fprintf(&b, " supervise=%s", c.Supervise)
	}
	for _, p := range c.Patterns {
		fmt.Fprintf(&b, " pattern=%s(%s,%s)", p.Name, p.Level, p.Origin)
	}
	if len(c.Disable) > 0 {
		fmt.Fprintf(&b, " disable=%v", c.Disable)
	}
	for _, n := range sortedKeys(c.Levels) {
		fmt.Fprintf(&b, " level[%s]=%s", n, c.Levels[n])
	}
	for _, e := range c.Allow {
		fmt.Fprintf(&b, " allow=%q%v", e.Command, e.Flags)
	}
	return b.String()
}

// Tightening returns the parts of c that can only make guardsh stricter:
// its patterns, the [levels] that raise a rule above its own level, and a
// block_level below the default. guardsh applies it in place of a config
// that has errors, so that a broken config never means fewer rules.
func (c Config) Tightening() Config {
	t := Config{File: c.File, Patterns: slices.Clone(c.Patterns), Lines: c.Lines}
	if c.BlockLevel != nil && *c.BlockLevel < Blocked {
		t.BlockLevel = c.BlockLevel
	}
	own := map[string]Level{}
	for _, b := range rules.Static() {
		own[b.Name] = b.Level
	}
	for _, p := range c.Patterns {
		own[p.Name] = p.Level
	}
	for _, n := range sortedKeys(c.Levels) {
		l := c.Levels[n]
		if d, ok := own[n]; ok && l <= d {
			continue
		}
		if t.Levels == nil {
			t.Levels = map[string]Level{}
		}
		t.Levels[n] = l
	}
	return t
}
