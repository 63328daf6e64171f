package config

import (
	"bytes"
	"reflect"

	"github.com/BurntSushi/toml"

	"guardsh/guard"
)

// Encode returns the rules of c as a config file that Parse reads
// back to the same rules: block_level, ask, lock, audit, allow_user_allowlist, allow_lasting_answers,
// the patterns, disable, [levels], trusted_eval and the [[allow]] entries. The screen's
// settings (prompt, color, history_size) are left out. guardsh hands its
// merged rules to a guardsh it starts this way.
func Encode(c guard.Config) []byte {
	var raw rawConfig
	if c.BlockLevel != nil {
		s := c.BlockLevel.String()
		raw.BlockLevel = &s
	}
	if c.Ask != "" {
		raw.Ask = &c.Ask
	}
	if c.Lock {
		raw.Lock = &c.Lock
	}
	if c.Audit != "" {
		raw.Audit = &c.Audit
	}
	raw.AllowUserAllowlist = c.AllowUserAllowlist
	raw.AllowLastingAnswers = c.AllowLastingAnswers
	for _, p := range c.Patterns {
		re := p.Regex
		raw.Pattern = append(raw.Pattern, rawPattern{Name: p.Name, Pattern: &re, Level: p.Level.String(),
			Description: p.Description, CaseSensitive: p.CaseSensitive})
	}
	raw.Disable = c.Disable
	if len(c.Levels) > 0 {
		raw.Levels = map[string]string{}
		for n, l := range c.Levels {
			raw.Levels[n] = l.String()
		}
	}
	raw.TrustedEval = c.TrustedEval
	for _, a := range c.Allow {
		raw.Allow = append(raw.Allow, rawAllow{Command: a.Command, Flags: a.Flags})
	}
	if reflect.ValueOf(raw).IsZero() {
		// No rules (no policy, no config: most lines): the encoder's
		// empty output, without the reflection it costs at every start
		// (TestEncodeEmpty).
		return []byte{}
	}
	var b bytes.Buffer
	if err := toml.NewEncoder(&b).Encode(raw); err != nil {
		// Strings, levels and booleans always encode.
		panic("guard: encoding a config: " + err.Error())
	}
	return b.Bytes()
}
