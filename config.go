package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"guardsh/guard"
	"guardsh/internal/config"
	"guardsh/internal/regfile"
	"guardsh/prompt"
)

// policyPath is the system policy. No flag or environment variable changes
// it: a user (or an agent) must not be able to point guardsh at a policy
// of their own. Only the test binary changes it (policy_test.go).
var policyPath = "/etc/guardsh/policy.toml"

// settings is what the config file and the system policy say, merged, with
// the guard options they stand for and the files guardsh protects.
type settings struct {
	// cfg is the policy and the user's config merged: ask, color,
	// history_size, prompt and the allowlist additions are read from it.
	cfg guard.Config
	// opts build the Guard: the merged rules and the protected paths;
	// built is the Guard they built when the config was checked, which
	// guardFrom uses rather than building it again (about 0.4 ms).
	opts  []guard.Option
	built *guard.Guard
	// configFile is the user's config file, read or not; policyFile the
	// policy's.
	configFile, policyFile string
	// historyFile and auditFile are where the history and the audit log go.
	historyFile, auditFile string
	// approvalsFile is the store of answers that last; lastingAllowed
	// says whether they may be given and used; policyRules are the rules
	// the policy sets, which they never approve.
	approvalsFile  string
	lastingAllowed bool
	policyRules    map[string]bool
	// protected are the paths rule guardsh_self keeps from being written.
	protected []string
	// problems are the messages about bad files and conflicts, as printed.
	problems []string
	// policyBroken reports a policy that could not be read: every line
	// above safe is refused until it is fixed.
	policyBroken bool
	// parent holds what the guardsh this one runs under passed on, nil
	// when there is none; parentBroken reports one that could not be
	// read, which makes this guardsh refuse every line above safe.
	parent       *parentSettings
	parentBroken bool
}

// loadSettings reads the policy and the user's config, reports every
// problem on stderr (each naming the file, the line and what to do), and
// returns what guardsh runs with. It never fails: a broken user config
// still leaves every built-in rule and the policy in force, and a broken
// policy makes guardsh refuse every line above safe.
func loadSettings(o options, stderr io.Writer) settings {
	s := settings{policyFile: policyPath}
	say := func(format string, args ...any) {
		msg := fmt.Sprintf(format, args...)
		s.problems = append(s.problems, msg)
		fmt.Fprintf(stderr, "guardsh: %s\n", msg)
	}
	home, _ := os.UserHomeDir()
	defaultConfig := defaultConfigPath(home)
	s.configFile = defaultConfig
	explicit := o.configFile != ""
	if explicit {
		s.configFile = o.configFile
	}
	stateDir := xdgDir("XDG_STATE_HOME", home, ".local/state")
	if stateDir != "" {
		s.historyFile = filepath.Join(stateDir, "guardsh", "history")
		s.auditFile = filepath.Join(stateDir, "guardsh", "audit.jsonl")
		s.approvalsFile = filepath.Join(stateDir, "guardsh", "approvals.json")
	}

	// The policy. applied reports a file read, whose options are checked
	// by building a guard with them below.
	applied := false
	var policy guard.Config
	switch data, err := readPolicy(policyPath); {
	case errors.Is(err, fs.ErrNotExist):
	case errors.As(err, new(*untrustedError)):
		s.policyBroken = true
		say("the policy cannot be trusted: %v", err)
	case err != nil:
		s.policyBroken = true
		say("cannot read the policy: %v; ask your administrator to fix it", err)
	default:
		applied = true
		p, err := config.Parse(data, policyPath)
		if err != nil {
			s.policyBroken = true
			for _, e := range splitErrors(err) {
				say("%v", e)
			}
		} else {
			policy = p
		}
	}
	if s.policyBroken {
		say("the policy %s is broken: refusing every line above safe until it is fixed", policyPath)
	}
	// Answers that last: the policy's own lock (not the lock of a parent
	// guardsh's layer below) forbids them, as its rules are never theirs.
	policyLock := policy.Lock
	s.policyRules = map[string]bool{}
	for _, n := range policy.PatternNames() {
		s.policyRules[n] = true
	}
	for n := range policy.Levels {
		s.policyRules[n] = true
	}

	// The rules of the guardsh this one runs under: a locked layer
	// between the policy and the user's config.
	if stamp, ok := os.LookupEnv(parentVar); ok {
		applied = true
		p, err := decodeParent(stamp)
		if err != nil {
			s.parentBroken = true
			say("%s (what the guardsh this one runs under passes on) cannot be read: %v; refusing every line above safe", parentVar, err)
		} else {
			s.parent = &p
			layer, _ := config.Merge(policy, p.cfg) // the policy wins, silently: it is the same policy
			layer.File, layer.Lock = parentFile, true
			policy = layer
		}
	}
	strict := s.policyBroken || s.parentBroken

	// The user's config.
	var user guard.Config
	switch data, err := regfile.Read(s.configFile, maxConfigBytes); {
	case errors.Is(err, fs.ErrNotExist) && !explicit:
	case err != nil:
		say("cannot read the config: %v; running with every built-in rule and the policy", err)
	default:
		applied = true
		u, err := config.Parse(data, s.configFile, policy.PatternNames()...)
		if err != nil {
			for _, e := range splitErrors(err) {
				say("%v", e)
			}
			say("%s has errors: until they are fixed, guardsh runs with every built-in rule and the policy, plus only this file's patterns, raised levels and stricter block_level", s.configFile)
			u = u.Tightening()
		}
		user = u
	}

	if strict {
		// Nothing of the user's may loosen a policy that cannot be read.
		user = user.Tightening()
	}
	merged, conflicts := config.Merge(policy, user)
	for _, c := range conflicts {
		say("%s", c)
	}
	if strict {
		l := guard.InfoLeak
		merged.BlockLevel = &l
	}
	s.cfg = merged
	s.lastingAllowed = !strict && !policyLock && (merged.AllowLastingAnswers == nil || *merged.AllowLastingAnswers)

	// Each directory on the way is resolved once for both (dirs).
	dirs := map[string]string{}
	s.protected = protectedPathsIn(dirs, defaultConfig, s.configFile, policyPath, s.historyFile, s.auditFile, s.approvalsFile)
	hooks := agentHookFilesIn(home, dirs)
	s.opts = append(merged.Options(), guard.WithProtected(s.protected...), guard.WithAgentHooks(hooks...))
	if !applied {
		return s
	}
	var err error
	if s.built, err = guard.New(s.opts...); err != nil {
		// Cannot happen for files config.Parse accepted; fail closed.
		say("the configuration cannot be applied: %v; refusing every line above safe", err)
		s.built = nil
		s.opts = []guard.Option{guard.WithBlockLevel(guard.InfoLeak), guard.WithProtected(s.protected...), guard.WithAgentHooks(hooks...)}
		l := guard.InfoLeak
		s.cfg.BlockLevel, s.cfg.Disable, s.cfg.Levels = &l, nil, nil
	}
	return s
}

// defaultConfigPath is $XDG_CONFIG_HOME/guardsh/config.toml, by default
// ~/.config/guardsh/config.toml.
func defaultConfigPath(home string) string {
	dir := xdgDir("XDG_CONFIG_HOME", home, ".config")
	if dir == "" {
		return ""
	}
	return filepath.Join(dir, "guardsh", "config.toml")
}

// xdgDir returns the directory an XDG variable names, or home/fallback
// when it is unset or not absolute (as the XDG spec says).
func xdgDir(env, home, fallback string) string {
	if d := os.Getenv(env); filepath.IsAbs(d) {
		return d
	}
	if home == "" {
		return ""
	}
	return filepath.Join(home, fallback)
}

// protectedPaths returns the files rule guardsh_self protects: the config
// files, the policy, the history and audit log, and guardsh's binary, as
// written and with symbolic links resolved (also for a file not yet made,
// in a directory that exists).
func protectedPaths(files ...string) []string {
	return protectedPathsIn(map[string]string{}, files...)
}

// protectedPathsIn is protectedPaths with the directories resolved so far
// in dirs (realPath).
func protectedPathsIn(dirs map[string]string, files ...string) []string {
	if exe, err := os.Executable(); err == nil {
		files = append(files, exe)
	}
	var ps []string
	seen := map[string]bool{}
	add := func(p string) {
		if p == "" || seen[p] {
			return
		}
		seen[p] = true
		ps = append(ps, p)
	}
	for _, f := range files {
		if f == "" {
			continue
		}
		if abs, err := filepath.Abs(f); err == nil {
			f = abs
		}
		f = filepath.Clean(f)
		if seen[f] {
			continue
		}
		add(f)
		add(realPath(f, dirs))
	}
	return ps
}

// realPath is f with its symbolic links resolved, "" when its directory
// does not exist. Each directory is resolved once for all the files in it
// (dirs keeps them): start-up stays short.
func realPath(f string, dirs map[string]string) string {
	dir, base := filepath.Split(f)
	real, ok := dirs[dir]
	if !ok {
		real = resolveDir(filepath.Clean(dir), dirs)
		dirs[dir] = real
	}
	if real == "" {
		return ""
	}
	p := filepath.Join(real, base)
	if fi, err := os.Lstat(p); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
		r, err := filepath.EvalSymlinks(p)
		if err != nil {
			return "" // a dangling link
		}
		return r
	}
	return p
}

// resolveDir is what filepath.EvalSymlinks makes of the clean absolute
// path dir, "" where it fails, with each directory on the way looked at
// once for all the paths under it (dirs keeps them): the files guardsh
// protects share their parents, and it starts for every line.
func resolveDir(dir string, dirs map[string]string) string {
	if r, ok := dirs[dir]; ok {
		return r
	}
	r := ""
	parent := filepath.Dir(dir)
	switch {
	case parent == dir || !filepath.IsAbs(dir):
		r, _ = filepath.EvalSymlinks(dir) // the root, or not a path it can walk up
	default:
		if pr := resolveDir(parent, dirs); pr != "" {
			p := filepath.Join(pr, filepath.Base(dir))
			if fi, err := os.Lstat(p); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
				r, _ = filepath.EvalSymlinks(p)
			} else if err == nil {
				r = p
			}
		}
	}
	dirs[dir] = r
	return r
}

// splitErrors returns the errors errors.Join joined.
func splitErrors(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{err}
}

// colorMode returns the config's color setting, ColorAuto when unset.
func (s settings) colorMode() prompt.ColorMode {
	switch s.cfg.Color {
	case "always":
		return prompt.ColorAlways
	case "never":
		return prompt.ColorNever
	}
	return prompt.ColorAuto
}
