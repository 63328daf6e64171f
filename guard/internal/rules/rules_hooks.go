package rules

import (
	"path/filepath"
	"slices"
	"strings"
)

// RuleAgentHooks is the name of the rule that protects the places coding
// agents read their hooks from.
const RuleAgentHooks = "agent_hooks"

// SelfProtecting reports the rules that keep guardsh in place: its own
// files (guardsh_self), the agents' hooks (agent_hooks) and approvals a
// command would give itself (guardsh_approve). A hook that cannot ask
// does not advise allowing their level (--hook-allow): that would let
// the agent turn guardsh off.
func SelfProtecting(rule string) bool {
	return rule == RuleSelf || rule == RuleAgentHooks || rule == RuleGuardshApprove
}

// hookRules returns the rule that keeps a command from taking guardsh's
// hook out of a coding agent, or adding one that lets everything
// through: a write of one of the files the agent reads its hooks from is
// a person's decision, as a write of guardsh's own config is.
func hookRules() []Builtin {
	return []Builtin{
		{Rule: Rule{Name: RuleAgentHooks, Level: High,
			Description: "writes, empties, deletes, renames or changes the mode of a file a coding agent reads its hooks from (~/.claude/settings.json, .claude/settings.json, ~/.codex/hooks.json, ~/.gemini/settings.json, ~/.cursor/hooks.json, .github/hooks/, OpenCode's plugin directory, ...: the places guardsh --install-hook writes, user-level and in any project), by a redirect or by naming it to a program not known to only read it: guardsh's hook could be removed, or a hook added that lets every command through",
			Example:     "echo '{}' > ~/.claude/settings.json"},
			Check: checkHooks},
	}
}

// hookReason ends every finding of agent_hooks.
const hookReason = ": changes the hooks that guard coding agents; guardsh's hook could be removed"

func checkHooks(c *Command) []Hit {
	if len(c.AgentHooks) == 0 {
		return nil
	}
	s, _ := c.HookSet.(*ProtSet)
	if s == nil {
		s = HookSet(c.AgentHooks)
	}
	if len(c.Redirects) == 0 && !selfProgs[c.Name()] && !s.anyMay(c) {
		return nil // most commands: no word can name an agent's hooks
	}
	hs := protHits(c, s)
	for i := range hs {
		hs[i].Reason += hookReason
	}
	return hs
}

// hookDirName is the name of the directory that holds a hook file, or of
// a hook directory itself ("hooks" of .github/hooks): a command run in a
// directory of that name may name the file by a relative path.
func hookDirName(h HookFile) string {
	if h.Dir {
		return filepath.Base(h.Path)
	}
	if d := filepath.Base(filepath.Dir(h.Path)); d != "." && d != "/" {
		return d
	}
	return ""
}

// HookSet is the set of the places agents read their hooks from.
func HookSet(files []HookFile) *ProtSet {
	s := &ProtSet{rooted: true, holders: true, reads: gitRecordsOnly}
	for _, h := range files {
		p := filepath.Clean(h.Path)
		switch {
		case h.Dir && filepath.IsAbs(p):
			s.owned = append(s.owned, p)
		case h.Dir:
			s.relDirs = append(s.relDirs, p)
		case filepath.IsAbs(p):
			s.files = append(s.files, p)
		default:
			s.rel = append(s.rel, p)
		}
		if n := filepath.Base(p); !slices.Contains(s.names, n) {
			s.names = append(s.names, n)
		}
		if d := hookDirName(h); d != "" && !slices.Contains(s.dirNames, d) {
			s.dirNames = append(s.dirNames, d)
		}
	}
	s.what = func(p string, general bool) string {
		agent := ""
		for _, h := range files {
			q := filepath.Clean(h.Path)
			if p == q || strings.HasPrefix(p, q+"/") || !filepath.IsAbs(q) && (strings.HasSuffix(p, "/"+q) || strings.Contains(p, "/"+q+"/")) {
				agent = h.Agent
				break
			}
		}
		if agent == "" {
			return ", where a coding agent reads its hooks"
		}
		return ", where " + agent + " reads its hooks"
	}
	return s
}

// gitRecordsOnly reports git add and git commit, which record the files
// they are given in the repository and leave them as they are: a
// project's .claude/settings.json is committed like its other files.
func gitRecordsOnly(c *Command) bool {
	g, ok := gitParse(c)
	return ok && (g.sub == "add" || g.sub == "stage" || g.sub == "commit")
}
