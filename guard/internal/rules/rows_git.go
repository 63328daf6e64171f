package rules

import (
	"strings"

	"guardsh/internal/argv"
)

// Rows ported from the git rules' code (rules_git.go): the ones that are a
// subcommand and a flag. Their names, levels and reasons are the ones the
// code had. git's own options come first (-C DIR, -c KEY=VALUE,
// --git-dir=DIR ...), the subcommand's anywhere after it.

// gitRowOpts returns git's grammar with a subcommand's: its own valued
// options and flags.
func gitRowOpts(valued string, longValued []string, flags string, long ...string) *argv.Spec {
	sp := cli("cC"+valued, append([]string{"git-dir", "work-tree", "namespace", "super-prefix", "config-env", "attr-source", "shallow-file", "exec-path-to", "pathspec-from-file"}, longValued...)...)
	sp = withFlags(sp, "pP"+flags, append([]string{"bare", "no-pager", "paginate", "no-replace-objects", "literal-pathspecs", "glob-pathspecs",
		"noglob-pathspecs", "icase-pathspecs", "no-optional-locks", "no-advice"}, long...)...)
	sp.LongStop = append(sp.LongStop, "help-all", "html-path", "man-path", "info-path")
	return sp
}

func gitRows() []Row {
	return []Row{
		{Name: "git_restore", Level: Medium, Progs: gitProgs,
			Opts: gitRowOpts("s", []string{"source", "conflict"}, "pWSqm",
				"patch", "worktree", "staged", "quiet", "progress", "no-progress", "ours", "theirs", "merge", "ignore-unmerged", "ignore-skip-worktree-bits",
				"recurse-submodules", "no-recurse-submodules", "overlay", "no-overlay", "pathspec-file-nul"),
			Path: "restore", When: []rowPred{
				func(m *rowMatch) bool { return !has("S", "staged")(m) || has("W", "worktree")(m) },
				func(m *rowMatch) bool { return len(m.ops) > 0 || has("pathspec-from-file")(m) }},
			Why:    "git restore throws away uncommitted changes to {1+|the listed files}",
			Desc:   "git restore of the working tree throws away uncommitted changes (restore --staged alone is safe)",
			Hits:   []string{"git restore src/main.go", "git restore .", "git restore -s HEAD~1 -- a.go", "git restore --staged --worktree x", "git restore --pathspec-from-file=list"},
			Misses: []string{"git restore --staged x", "git restore", "git restore -h", "git status"}},
		{Name: "git_branch_force_delete", Level: Medium, Progs: gitProgs,
			Opts: gitRowOpts("u", []string{"set-upstream-to", "sort", "format", "points-at", "color", "column"}, "dDfmMcCravqlt",
				"delete", "force", "move", "copy", "remotes", "all", "verbose", "quiet", "list", "create-reflog", "track", "no-track", "unset-upstream", "edit-description",
				"show-current", "ignore-case", "omit-empty", "no-color", "no-column", "recurse-submodules"),
			Path: "branch", When: []rowPred{func(m *rowMatch) bool { return has("D")(m) || has("d", "delete")(m) && has("f", "force")(m) }},
			Why:    "git branch -D deletes {1+|branches} even if not merged",
			Desc:   "git branch -D (or --delete --force) deletes a branch even when it is not merged",
			Hits:   []string{"git branch -D feature", "git branch -d -f feature", "git branch --delete --force a b", "git -C repo branch -rD origin/x"},
			Misses: []string{"git branch -d feature", "git branch -f main HEAD~3", "git branch --list", "git branch -D -h"}},
		{Name: "git_switch_discard", Level: Medium, Progs: gitProgs,
			Opts: gitRowOpts("", []string{"create", "force-create", "orphan", "conflict"}, "fmdtq", "force", "discard-changes", "detach", "guess", "no-guess", "merge", "quiet", "progress", "no-progress", "track", "no-track", "ignore-other-worktrees", "recurse-submodules", "no-recurse-submodules"),
			Path: "switch", When: []rowPred{has("f", "force", "discard-changes")},
			Why:    "git switch --discard-changes throws away uncommitted changes",
			Desc:   "git switch --discard-changes or -f throws away uncommitted changes",
			Hits:   []string{"git switch -f main", "git switch --discard-changes main", "git -C repo switch --force dev", "git switch -c new -f"},
			Misses: []string{"git switch main", "git switch -c feature", "git switch -h"}},
		{Name: "git_worktree_remove_force", Level: Medium, Progs: gitProgs,
			Opts: gitRowOpts("", nil, "fv", "force", "verbose", "porcelain", "dry-run"),
			Path: "worktree remove", When: []rowPred{has("f", "force")},
			Why:    "git worktree remove --force deletes {1+|a worktree} with its uncommitted changes",
			Desc:   "git worktree remove --force deletes a worktree with its uncommitted changes",
			Hits:   []string{"git worktree remove --force ../wt", "git worktree remove -f -f ../wt", "git -C repo worktree remove ../wt --force"},
			Misses: []string{"git worktree remove ../wt", "git worktree list", "git worktree prune"}},
		{Name: "git_config_code", Level: Medium, Progs: gitProgs,
			Opts: gitRowOpts("f", []string{"file", "blob", "type", "default", "comment", "value"}, "lez",
				"global", "system", "local", "worktree", "add", "replace-all", "includes", "no-includes", "bool", "int", "path", "expiry-date",
				"bool-or-int", "fixed-value", "show-origin", "show-scope", "name-only", "null", "get", "get-all", "get-regexp", "unset", "unset-all", "list", "edit"),
			Path: "config set", When: []rowPred{gitConfigSetsCode},
			Why: "git config sets {1} to {2}, which later git commands run as a command, where guardsh does not see it",
			More: []Row{{Path: "config", When: []rowPred{lacks("get", "get-all", "get-regexp", "unset", "unset-all", "l", "list", "e", "edit"), gitConfigSetsCode},
				Why: "git config sets {1} to {2}, which later git commands run as a command, where guardsh does not see it"}},
			Desc:   "git config sets a setting whose value git runs as a command (core.pager, core.fsmonitor, core.hooksPath, alias.NAME=!CMD, a filter or diff driver): it runs later, in git commands guardsh does not check, as a line written to ~/.bashrc does",
			Hits:   []string{"git config --global core.pager 'rm -rf ~'", "git config core.fsmonitor ./x.sh", "git config --global alias.x '!sh -c x'", "git config core.hooksPath /tmp/h", "git config set core.pager less", "git config --add filter.lfs.smudge 'x %f'", "git -C repo config --local diff.pdf.textconv ./conv", "git config --file .gitmodules core.sshCommand 'ssh -i k'", "git config include.path ../x.cfg", "git config Core.Pager less", "git config credential.helper '!f() { echo x; }; f'", "git config --global credential.https://x.helper /tmp/h"},
			Misses: []string{"git config --global user.name x", "git config --global alias.st status", "git config core.pager", "git config --get core.pager", "git config --unset core.pager", "git config -l", "git config pull.rebase true", "git config --global init.defaultBranch main", "git config credential.helper 'cache --timeout=3600'", "git config --global credential.helper store", "git config credential.helper ' '"}},
		{Name: "git_rm_force", Level: Medium, Progs: gitProgs,
			Opts: gitRowOpts("", nil, "frnq", "force", "dry-run", "cached", "ignore-unmatch", "sparse", "quiet", "pathspec-file-nul"),
			Path: "rm", When: []rowPred{has("f", "force"), lacks("n", "dry-run"), lacks("cached")},
			Why:    "git rm -f deletes {1+|files} with their uncommitted changes",
			Desc:   "git rm -f deletes files together with their uncommitted changes",
			Hits:   []string{"git rm -f notes.txt", "git rm -rf build", "git rm --force -- a b"},
			Misses: []string{"git rm notes.txt", "git rm -f --cached notes.txt", "git rm -nf x", "git rm -f -h"}},
	}
}

// gitConfigSetsCode says whether a git config line sets (KEY VALUE, or
// `set KEY VALUE`) a key whose value git runs as a command: GitCodeVars,
// pager.CMD, alias.NAME=!CMD, core.hooksPath, a filter's, diff's or merge
// driver's command, and an included file (which may hold any of them).
func gitConfigSetsCode(m *rowMatch) bool {
	ops := m.ops
	if len(ops) > 0 && ops[0].Known && ops[0].Value == "set" {
		ops = ops[1:]
	}
	if len(ops) < 2 || !ops[0].Known {
		return false
	}
	k := strings.ToLower(ops[0].Value)
	first, _, _ := strings.Cut(k, ".")
	last := k[strings.LastIndexByte(k, '.')+1:]
	switch {
	case k == "credential.helper" || first == "credential" && last == "helper":
		// A bare name is git's credential-NAME helper (cache, store);
		// !CMD runs a shell, and a path that program.
		prog, _, _ := strings.Cut(strings.TrimSpace(ops[1].Value), " ")
		return !ops[1].Known || strings.HasPrefix(prog, "!") || strings.Contains(prog, "/")
	case GitCodeVars[k], k == "core.hookspath", k == "core.gitproxy", k == "uploadpack.packobjectshook":
		return true
	case first == "pager":
		return true
	case first == "alias":
		return !ops[1].Known || strings.HasPrefix(ops[1].Value, "!")
	case first == "filter":
		return last == "clean" || last == "smudge" || last == "process"
	case first == "diff":
		return last == "textconv" || last == "command"
	case first == "merge":
		return last == "driver"
	case first == "remote":
		return last == "uploadpack" || last == "receivepack"
	case first == "include", first == "includeif":
		return last == "path"
	}
	return false
}
