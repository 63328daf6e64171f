package config

import (
	"errors"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/BurntSushi/toml"

	"guardsh/guard"
)

// The values some keys take.
var (
	askValues   = []string{"always", "risky"}
	auditValues = []string{"required", "optional"}
	execValues  = []string{"interpreter", "bash"}
	colorValues = []string{"auto", "always", "never"}
)

const fixLevel = "use safe, info_leak, medium, high or blocked (or LOW, MEDIUM, HIGH, CRITICAL)"

// rawConfig is the file's shape, with levels still as text.
type rawConfig struct {
	BlockLevel          *string           `toml:"block_level"`
	Ask                 *string           `toml:"ask"`
	Pattern             []rawPattern      `toml:"pattern"`
	Disable             []string          `toml:"disable"`
	Levels              map[string]string `toml:"levels"`
	Allow               []rawAllow        `toml:"allow"`
	HistorySize         *int              `toml:"history_size"`
	Prompt              *string           `toml:"prompt"`
	Color               *string           `toml:"color"`
	AllowUserAllowlist  *bool             `toml:"allow_user_allowlist"`
	AllowLastingAnswers *bool             `toml:"allow_lasting_answers"`
	Lock                *bool             `toml:"lock"`
	Audit               *string           `toml:"audit"`
	Executor            *string           `toml:"executor"`
	Supervise           *string           `toml:"supervise"`
	TrustedEval         []string          `toml:"trusted_eval"`
}

type rawPattern struct {
	Name          string  `toml:"name"`
	Pattern       *string `toml:"pattern"`
	Level         string  `toml:"level"`
	Description   string  `toml:"description"`
	CaseSensitive bool    `toml:"case_sensitive"`
}

type rawAllow struct {
	Command string   `toml:"command"`
	Flags   []string `toml:"flags"`
}

// Parse parses a config file or policy named file. Rule names in
// disable and [levels] must be built-in rules, patterns of the file, or
// one of known (the policy's patterns, for a user's config).
//
// Every problem is reported, each as a *ConfigError naming the file, the
// line and what to do, joined into one error. On error the Config holds
// the parts that were valid.
func Parse(data []byte, file string, known ...string) (guard.Config, error) {
	c := guard.Config{File: file, Lines: map[string]int{}}
	loc := newLocator(data)
	var errs []error
	bad := func(line int, fix, format string, args ...any) {
		errs = append(errs, &guard.ConfigError{File: file, Line: line, Msg: fmt.Sprintf(format, args...), Fix: fix})
	}

	var raw rawConfig
	md, err := toml.Decode(string(data), &raw)
	if err != nil {
		line, fix := 0, "fix the TOML syntax (see docs/config.md)"
		var pe toml.ParseError
		msg := err.Error()
		if errors.As(err, &pe) {
			line, msg = pe.Position.Line, pe.Message
			if pe.LastKey != "" {
				msg = pe.LastKey + ": " + msg
			}
		} else if m := lineInError().FindStringSubmatch(msg); m != nil {
			// A value of the wrong type.
			line, _ = strconv.Atoi(m[1])
			msg = strings.TrimPrefix(lineInError().ReplaceAllString(msg, ""), "toml: ")
			if m[2] != "" {
				msg = m[2] + ": " + msg
			}
			fix = "give the key a value of the right type (see docs/config.md)"
		}
		bad(line, fix, "%s", msg)
		return c, errors.Join(errs...)
	}
	var unknown []toml.Key
	for _, k := range md.Undecoded() {
		// An unknown table is reported once, not with each of its keys.
		if slices.ContainsFunc(unknown, func(u toml.Key) bool { return len(u) < len(k) && slices.Equal(u, k[:len(u)]) }) {
			continue
		}
		unknown = append(unknown, k)
		bad(loc.key(k), "remove it or check its spelling (see docs/config.md for the keys)", "unknown key %q", k.String())
	}

	if raw.BlockLevel != nil {
		c.Lines["block_level"] = loc.key(toml.Key{"block_level"})
		if l, err := guard.ParseLevel(*raw.BlockLevel); err != nil {
			bad(c.Lines["block_level"], fixLevel, "block_level: unknown level %q", *raw.BlockLevel)
		} else {
			c.BlockLevel = &l
		}
	}
	if raw.Ask != nil {
		c.Lines["ask"] = loc.key(toml.Key{"ask"})
		if slices.Contains(askValues, *raw.Ask) {
			c.Ask = *raw.Ask
		} else {
			bad(c.Lines["ask"], `use "always" or "risky"`, "ask: unknown value %q", *raw.Ask)
		}
	}
	if raw.Audit != nil {
		c.Lines["audit"] = loc.key(toml.Key{"audit"})
		if slices.Contains(auditValues, *raw.Audit) {
			c.Audit = *raw.Audit
		} else {
			bad(c.Lines["audit"], `use "required" or "optional"`, "audit: unknown value %q", *raw.Audit)
		}
	}
	if raw.Executor != nil {
		c.Lines["executor"] = loc.key(toml.Key{"executor"})
		if slices.Contains(execValues, *raw.Executor) {
			c.Executor = *raw.Executor
		} else {
			bad(c.Lines["executor"], `use "interpreter" or "bash"`, "executor: unknown value %q", *raw.Executor)
		}
	}
	if raw.Supervise != nil {
		c.Lines["supervise"] = loc.key(toml.Key{"supervise"})
		if slices.Contains(auditValues, *raw.Supervise) {
			c.Supervise = *raw.Supervise
		} else {
			bad(c.Lines["supervise"], `use "required" or "optional"`, "supervise: unknown value %q", *raw.Supervise)
		}
	}
	if raw.Color != nil {
		if slices.Contains(colorValues, *raw.Color) {
			c.Color = *raw.Color
		} else {
			bad(loc.key(toml.Key{"color"}), `use "auto", "always" or "never"`, "color: unknown value %q", *raw.Color)
		}
	}
	if raw.HistorySize != nil {
		if *raw.HistorySize < 0 {
			bad(loc.key(toml.Key{"history_size"}), "use 0 (no history) or more", "history_size: %d is negative", *raw.HistorySize)
		} else {
			c.HistorySize = raw.HistorySize
		}
	}
	if raw.Prompt != nil {
		c.Prompt = *raw.Prompt
	}
	c.AllowUserAllowlist = raw.AllowUserAllowlist
	c.AllowLastingAnswers = raw.AllowLastingAnswers
	c.Lock = raw.Lock != nil && *raw.Lock
	for _, t := range raw.TrustedEval {
		if !guard.PlainCommand(t) {
			bad(loc.key(toml.Key{"trusted_eval"}), "name a command and its first words, such as \"direnv hook\"", "trusted_eval: %q is not a plain command", t)
			continue
		}
		c.TrustedEval = append(c.TrustedEval, t)
	}

	builtin := builtinRuleNames()
	names := map[string]bool{}
	for i, rp := range raw.Pattern {
		line := loc.table("pattern", i)
		p, err := rp.pattern()
		switch {
		case err != nil:
			bad(line, err.fix, "[[pattern]] %s", err.msg)
			continue
		case builtin[p.Name]:
			bad(line, "choose another name, or use [levels] to change the built-in rule's level", "[[pattern]] %s: a built-in rule has this name", p.Name)
			continue
		case names[p.Name]:
			bad(line, "give each pattern its own name", "[[pattern]] %s: defined twice", p.Name)
			continue
		}
		names[p.Name] = true
		c.Lines["pattern:"+p.Name] = line
		c.Patterns = append(c.Patterns, p)
	}
	knownName := func(n string) bool { return builtin[n] || names[n] || slices.Contains(known, n) }
	const fixName = "run guardsh --rules to list the rule names"

	if len(raw.Disable) > 0 {
		at := loc.key(toml.Key{"disable"})
		for _, n := range raw.Disable {
			line := loc.value(at, n)
			if !knownName(n) {
				bad(line, fixName, "disable: unknown rule %q", n)
				continue
			}
			if !slices.Contains(c.Disable, n) {
				c.Disable = append(c.Disable, n)
				c.Lines["disable:"+n] = line
			}
		}
	}
	if len(raw.Levels) > 0 {
		c.Levels = map[string]guard.Level{}
		for _, n := range slices.Sorted(maps.Keys(raw.Levels)) {
			line := loc.key(toml.Key{"levels", n})
			l, err := guard.ParseLevel(raw.Levels[n])
			switch {
			case !knownName(n):
				bad(line, fixName, "[levels]: unknown rule %q", n)
			case err != nil:
				bad(line, fixLevel, "[levels] %s: unknown level %q", n, raw.Levels[n])
			default:
				c.Levels[n] = l
				c.Lines["levels:"+n] = line
			}
		}
	}
	for i, ra := range raw.Allow {
		line := loc.table("allow", i)
		cmd := strings.Join(strings.Fields(ra.Command), " ")
		if cmd == "" {
			bad(line, `give the program, e.g. command = "jq"`, "[[allow]]: missing command")
			continue
		}
		e := guard.AllowEntry{Command: cmd, Flags: ra.Flags, File: file, Line: line}
		if bf := slices.IndexFunc(ra.Flags, func(f string) bool { return !strings.HasPrefix(f, "-") }); bf >= 0 {
			bad(line, `write flags with their dashes, e.g. flags = ["-r", "--raw-output"]`, "[[allow]] %s: %q is not a flag", cmd, ra.Flags[bf])
			continue
		}
		c.Allow = append(c.Allow, e)
	}
	// Report in the order of the file.
	slices.SortStableFunc(errs, func(a, b error) int { return a.(*guard.ConfigError).Line - b.(*guard.ConfigError).Line })
	return c, errors.Join(errs...)
}

// lineInError is compiled when first needed: start-up stays short.
var lineInError = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`line (\d+)(?: \(last key "([^"]*)"\))?:? ?`)
})

type patternError struct{ msg, fix string }

// pattern checks and compiles a [[pattern]] table.
func (rp rawPattern) pattern() (guard.Pattern, *patternError) {
	if rp.Name == "" {
		return guard.Pattern{}, &patternError{"missing name", `add name = "my_rule" (letters, digits, _ and -)`}
	}
	if !validRuleName(rp.Name) {
		return guard.Pattern{}, &patternError{fmt.Sprintf("%q: bad name", rp.Name), "use letters, digits, _ and -, starting with a letter"}
	}
	if rp.Pattern == nil || *rp.Pattern == "" {
		return guard.Pattern{}, &patternError{rp.Name + ": missing pattern", `add pattern = "an RE2 regular expression"`}
	}
	if rp.Level == "" {
		return guard.Pattern{}, &patternError{rp.Name + ": missing level", "add level = \"medium\" or another: " + fixLevel}
	}
	l, err := guard.ParseLevel(rp.Level)
	if err != nil {
		return guard.Pattern{}, &patternError{fmt.Sprintf("%s: unknown level %q", rp.Name, rp.Level), fixLevel}
	}
	desc := rp.Description
	if desc == "" {
		desc = fmt.Sprintf("matches the custom pattern %q", *rp.Pattern)
	}
	p, err := guard.NewPattern(rp.Name, *rp.Pattern, l, desc, rp.CaseSensitive)
	if err != nil {
		msg := err.Error()
		if u := errors.Unwrap(err); u != nil {
			msg = u.Error()
		}
		msg = strings.TrimPrefix(strings.Replace(msg, "`(?i)", "`", 1), "error parsing regexp: ")
		return guard.Pattern{}, &patternError{fmt.Sprintf("%s: bad regular expression %q: %s", rp.Name, *rp.Pattern, msg),
			"fix it (RE2 syntax: https://github.com/google/re2/wiki/Syntax; in TOML, write backslashes in 'single quotes')"}
	}
	p.Origin = guard.OriginConfig
	return p, nil
}

// validRuleName reports whether name is a letter followed by letters,
// digits, '_' and '-'.
func validRuleName(name string) bool {
	for i, c := range name {
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z':
		case i > 0 && ('0' <= c && c <= '9' || c == '_' || c == '-'):
		default:
			return false
		}
	}
	return name != ""
}

// builtinRuleNames is the set of the built-in rules' names, made once: a
// config is checked against it, and building every rule again for that
// cost a third of a short line's start-up. It is never changed.
var builtinRuleNames = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, b := range guard.BuiltinRules() {
		m[b.Name] = true
	}
	return m
})
