package config

import (
	"fmt"
	"maps"
	"slices"

	"guardsh/guard"
)

// Merge combines the system policy with the user's config. The user may
// add patterns, raise levels, make block_level stricter, and disable or
// change rules the policy does not mention. The user may not disable or
// lower a rule the policy sets or names (in its [[pattern]] tables,
// [levels] or disable), make block_level less strict than the policy's,
// replace a policy pattern, change an ask the policy sets, add [[allow]]
// entries when the policy says allow_user_allowlist = false, or allow
// lasting answers the policy forbids (allow_lasting_answers = false). A policy that
// says lock = true forbids every disable and every level below a rule's
// own; rule too_long (what guardsh could not check) is locked so always.
// Where they conflict the policy wins, and each conflict is reported as a
// sentence.
//
// Settings that only concern the user's screen (prompt, color,
// history_size) are taken from the user's config when it sets them.
// The policy's patterns get Origin OriginPolicy, the user's OriginConfig.
func Merge(policy, user guard.Config) (merged guard.Config, conflicts []string) {
	m := guard.Config{File: user.File, Lines: map[string]int{}}
	if m.File == "" {
		m.File = policy.File
	}
	say := func(line int, format string, args ...any) {
		where := user.File
		if line > 0 {
			where = fmt.Sprintf("%s:%d", user.File, line)
		}
		conflicts = append(conflicts, fmt.Sprintf("%s: %s (policy %s).", where, fmt.Sprintf(format, args...), policy.File))
	}

	// block_level: lower is stricter.
	m.BlockLevel = policy.BlockLevel
	if user.BlockLevel != nil {
		switch {
		case policy.BlockLevel == nil || *user.BlockLevel <= *policy.BlockLevel:
			m.BlockLevel = user.BlockLevel
		default:
			say(user.Lines["block_level"], "block_level = %q is ignored: the policy sets block_level = %q and a config may only lower it, which blocks more",
				user.BlockLevel.String(), policy.BlockLevel.String())
		}
	}

	// ask
	m.Ask = policy.Ask
	if user.Ask != "" {
		if policy.Ask == "" || policy.Ask == user.Ask {
			m.Ask = user.Ask
		} else {
			say(user.Lines["ask"], "ask = %q is ignored: the policy sets ask = %q", user.Ask, policy.Ask)
		}
	}

	failClosed := guard.FailClosedRules()

	// What the policy names, and the level it gives each.
	named := map[string]bool{}
	policyLevel := map[string]guard.Level{}
	for _, p := range policy.Patterns {
		p.Origin = guard.OriginPolicy
		m.Patterns = append(m.Patterns, p)
		named[p.Name] = true
		policyLevel[p.Name] = p.Level
	}
	for n, l := range policy.Levels {
		named[n] = true
		policyLevel[n] = l
	}
	for _, n := range policy.Disable {
		named[n] = true
	}

	// Patterns: the user's are added after the policy's.
	for _, p := range user.Patterns {
		if slices.ContainsFunc(policy.Patterns, func(q guard.Pattern) bool { return samePattern(p, q) }) {
			// The policy has the very same rule (a guardsh under guardsh
			// reads the config its parent read): nothing to say.
			continue
		}
		if named[p.Name] {
			say(user.Lines["pattern:"+p.Name], "[[pattern]] %s is ignored: the policy already has a rule by that name", p.Name)
			continue
		}
		p.Origin = guard.OriginConfig
		m.Patterns = append(m.Patterns, p)
	}

	// disable
	m.Disable = slices.Clone(policy.Disable)
	for _, n := range user.Disable {
		switch {
		case slices.Contains(policy.Disable, n):
		case policy.Lock:
			say(user.Lines["disable:"+n], "disable = [%q] is ignored: the policy is locked (lock = true), and a config may not disable any rule", n)
		case slices.Contains(failClosed, n):
			say(user.Lines["disable:"+n], "disable = [%q] is ignored: %s says what guardsh could not check, and only the policy may disable it", n, n)
		case named[n]:
			say(user.Lines["disable:"+n], "disable = [%q] is ignored: the policy sets rule %s, and a config may not disable it", n, n)
		default:
			m.Disable = append(m.Disable, n)
		}
	}

	// levels: the user may raise what the policy sets.
	if len(policy.Levels)+len(user.Levels) > 0 {
		m.Levels = maps.Clone(policy.Levels)
		if m.Levels == nil {
			m.Levels = map[string]guard.Level{}
		}
	}
	var builtinLevels map[string]guard.Level
	if len(user.Levels) > 0 {
		builtinLevels = map[string]guard.Level{}
		for _, b := range guard.BuiltinRules() {
			builtinLevels[b.Name] = b.Level
		}
	}
	for _, n := range slices.Sorted(maps.Keys(user.Levels)) {
		l := user.Levels[n]
		pl, set := policyLevel[n]
		own, builtin := builtinLevels[n]
		switch {
		case set && l < pl:
			say(user.Lines["levels:"+n], "[levels] %s = %q is ignored: the policy sets %s to %s, and a config may only raise it", n, l.String(), n, pl.String())
		case named[n] && !set:
			// The policy disables it; a level changes nothing.
		case !set && builtin && l < own && (policy.Lock || slices.Contains(failClosed, n)):
			why := "the policy is locked (lock = true)"
			if !policy.Lock {
				why = n + " says what guardsh could not check"
			}
			say(user.Lines["levels:"+n], "[levels] %s = %q is ignored: %s, and a config may only raise a rule's level", n, l.String(), why)
		default:
			m.Levels[n] = l
		}
	}

	m.Lock = policy.Lock

	// allow_lasting_answers: false, said by either, wins.
	m.AllowLastingAnswers = policy.AllowLastingAnswers
	switch u := user.AllowLastingAnswers; {
	case u == nil:
	case policy.AllowLastingAnswers == nil || !*u:
		m.AllowLastingAnswers = u
	case !*policy.AllowLastingAnswers:
		say(0, "allow_lasting_answers = true is ignored: the policy sets allow_lasting_answers = false")
	}

	// audit: the user may require it, not make it optional.
	m.Audit = pick(policy.Audit, user.Audit)
	switch {
	case user.Audit == "required":
		m.Audit = "required"
	case policy.Audit == "required" && user.Audit != "":
		say(user.Lines["audit"], "audit = %q is ignored: the policy sets audit = \"required\"", user.Audit)
	}

	// executor: the policy may require bash; supervise is the policy's.
	m.Executor = pick(policy.Executor, user.Executor)
	switch {
	case policy.Executor == "bash" && user.Executor != "" && user.Executor != "bash":
		m.Executor = "bash"
		say(user.Lines["executor"], "executor = %q is ignored: the policy sets executor = \"bash\"", user.Executor)
	case policy.Executor != "" && user.Executor != "":
		m.Executor = user.Executor
	}
	m.Supervise = policy.Supervise
	if user.Supervise != "" {
		say(user.Lines["supervise"], "supervise = %q is ignored: only the policy sets it", user.Supervise)
	}

	// allowlist
	m.AllowUserAllowlist = policy.AllowUserAllowlist
	m.Allow = slices.Clone(policy.Allow)
	if len(user.Allow) > 0 {
		if policy.AllowUserAllowlist != nil && !*policy.AllowUserAllowlist {
			for _, e := range user.Allow {
				say(e.Line, "[[allow]] %s is ignored: the policy sets allow_user_allowlist = false", e.Command)
			}
		} else {
			m.Allow = append(m.Allow, user.Allow...)
		}
	}
	// Trusted init commands, like the allowlist, are the policy's and,
	// unless it forbids additions, the user's. A trusted command lowers
	// the level of its eval, so a locked policy keeps them its own.
	m.TrustedEval = slices.Clone(policy.TrustedEval)
	if len(user.TrustedEval) > 0 {
		switch {
		case policy.Lock:
			say(user.Lines["trusted_eval"], "trusted_eval is ignored: the policy is locked")
		case policy.AllowUserAllowlist != nil && !*policy.AllowUserAllowlist:
			say(user.Lines["trusted_eval"], "trusted_eval is ignored: the policy sets allow_user_allowlist = false")
		default:
			m.TrustedEval = append(m.TrustedEval, user.TrustedEval...)
		}
	}

	// The user's own screen.
	m.Prompt = pick(user.Prompt, policy.Prompt)
	m.Color = pick(user.Color, policy.Color)
	m.HistorySize = policy.HistorySize
	if user.HistorySize != nil {
		m.HistorySize = user.HistorySize
	}
	for k, v := range user.Lines {
		m.Lines[k] = v
	}
	return m, conflicts
}

// samePattern reports whether two patterns are the same rule.
func samePattern(p, q guard.Pattern) bool {
	return p.Name == q.Name && p.Regex == q.Regex && p.Level == q.Level &&
		p.Description == q.Description && p.CaseSensitive == q.CaseSensitive
}

func pick(a, b string) string {
	if a != "" {
		return a
	}
	return b
}
