package rules

import (
	"strings"

	"guardsh/internal/argv"
)

// GitRules returns the built-in rules about git commands that throw away
// work: uncommitted changes, untracked files, remote refs, stashes, history.
func GitRules() []Builtin {
	sp := gitSpecs()
	rs := []Builtin{
		portedRow("git_reset_hard"),
		{Rule: Rule{Name: "git_clean_force", Level: Medium, Description: "git clean -f deletes untracked files (and with -d directories, with -x ignored files)", Example: "git clean -fdx"}, Check: sp.cleanForce},
		{Rule: Rule{Name: "git_push_force", Level: Medium, Description: "git push --force, -f, --force-with-lease, --mirror or a +ref overwrites remote history", Example: "git push --force origin main"}, Check: sp.pushForce},
		{Rule: Rule{Name: "git_push_delete", Level: Medium, Description: "git push --delete, -d, :ref or --prune deletes remote branches or tags", Example: "git push origin --delete feature"}, Check: sp.pushDelete},
		{Rule: Rule{Name: "git_branch_force_move", Level: Medium, Description: "git branch -f|-M|-C, checkout -B or switch -C moves or overwrites an existing branch", Example: "git branch -f main HEAD~3"}, Check: sp.branchForceMove},
		{Rule: Rule{Name: "git_checkout_discard", Level: Medium, Description: "git checkout of paths (checkout -- ., checkout REF -- path) or checkout -f overwrites uncommitted changes", Example: "git checkout -- ."}, Check: sp.checkoutDiscard},
		{Rule: Rule{Name: "git_stash_drop", Level: Medium, Description: "git stash drop or clear deletes stashed changes", Example: "git stash clear"}, Check: sp.stashDrop},
		{Rule: Rule{Name: "git_history_rewrite", Level: Medium, Description: "filter-branch, filter-repo, reflog expire|delete, update-ref -d, gc --prune=now, prune: rewrites history or makes lost commits unrecoverable", Example: "git reflog expire --expire=now --all"}, Check: sp.historyRewrite},
	}
	for i := range rs {
		rs[i].Progs = gitProgs // every check starts with gitParse
	}
	return rs
}

// gitProgs are the programs gitParse accepts.
var gitProgs = []string{"git"}

// gitCall is a git command line split at its subcommand.
type gitCall struct {
	sub    string
	args   []Word
	config []string // -c key=value given before the subcommand
}

// gitConfig returns the value of a -c setting (keys compare case-insensitively).
func (g *gitCall) gitConfig(key string) (string, bool) {
	val, found := "", false
	for _, kv := range g.config {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			v = "true"
		}
		if strings.EqualFold(k, key) {
			val, found = v, true
		}
	}
	return val, found
}

// gitGlobalSpec is git's own options, before its subcommand: one
// grammar, internal/argv's, read by the rules and by completion.
var gitGlobalSpec = &argv.GitGlobal

// gitParse splits a git command: git's own options (-C dir, -c k=v,
// --git-dir=..., -p, ...), the subcommand and its words. ok is false when c
// is not git, has no known subcommand, or only asks for help or the version.
func gitParse(c *Command) (g gitCall, ok bool) {
	if c.Name() != gitProgs[0] {
		return g, false
	}
	var ob [4]argv.Opt
	var nb [8]int
	s := argv.GetoptBuf(gitGlobalSpec, c.Args[1:], WordText, ob[:], nb[:])
	if s.Stopped || len(s.Operands) == 0 {
		return g, false
	}
	for _, o := range s.Opts {
		if o.Name == "c" && !o.Long && o.ValueIndex >= 0 {
			g.config = append(g.config, o.Value)
		}
	}
	i := 1 + s.Operands[0]
	if i >= len(c.Args) || !c.Args[i].Known {
		return g, false
	}
	g.sub, g.args = c.Args[i].Value, c.Args[i+1:]
	if g.sub == "help" {
		return g, false
	}
	for _, w := range g.args {
		if w.Value == "--" {
			break
		}
		if w.Value == "--help" || w.Value == "-h" || w.Value == "--help-all" {
			return g, false
		}
	}
	return g, true
}

// gitSpecList holds the option specs of the subcommands the rules read.
type gitSpecList struct {
	clean, push, branch, checkout, switch_, stash, reflog, updateRef, gc, prune, filterRepo argv.Spec
}

func gitSpecs() *gitSpecList {
	return &gitSpecList{
		clean:      argv.Spec{Valued: "e", LongValued: []string{"exclude"}, LongFlags: []string{"force", "dry-run", "interactive", "quiet"}, LongStop: []string{"help", "version"}},
		push:       argv.Spec{Valued: "o", LongValued: []string{"repo", "receive-pack", "exec", "push-option", "recurse-submodules"}, LongFlags: []string{"all", "branches", "mirror", "delete", "tags", "dry-run", "porcelain", "force", "force-with-lease", "no-force-with-lease", "force-if-includes", "no-force-if-includes", "set-upstream", "thin", "no-thin", "prune", "no-prune", "no-verify", "verify", "follow-tags", "no-follow-tags", "signed", "no-signed", "atomic", "no-atomic", "progress", "no-progress", "quiet", "verbose", "ipv4", "ipv6", "no-recurse-submodules"}, LongStop: []string{"help", "version"}},
		branch:     argv.Spec{Valued: "u", LongValued: []string{"set-upstream-to", "sort", "format", "points-at"}, LongFlags: []string{"delete", "force", "move", "copy", "list", "remotes", "all", "unset-upstream", "track", "no-track", "contains", "no-contains", "merged", "no-merged", "color", "no-color", "column", "no-column", "abbrev", "no-abbrev", "edit-description", "show-current", "create-reflog", "recurse-submodules", "ignore-case", "omit-empty", "quiet", "verbose"}, LongStop: []string{"help", "version"}},
		checkout:   argv.Spec{Valued: "bB", LongValued: []string{"orphan", "conflict", "pathspec-from-file"}, LongFlags: []string{"quiet", "progress", "no-progress", "force", "ours", "theirs", "merge", "detach", "track", "no-track", "overlay", "no-overlay", "ignore-skip-worktree-bits", "ignore-other-worktrees", "overwrite-ignore", "no-overwrite-ignore", "recurse-submodules", "no-recurse-submodules", "patch", "pathspec-file-nul", "guess", "no-guess"}, LongStop: []string{"help", "version"}},
		switch_:    argv.Spec{Valued: "cC", LongValued: []string{"create", "force-create", "orphan", "conflict"}, LongFlags: []string{"detach", "guess", "no-guess", "force", "discard-changes", "merge", "quiet", "progress", "no-progress", "track", "no-track", "ignore-other-worktrees", "recurse-submodules", "no-recurse-submodules"}, LongStop: []string{"help", "version"}},
		stash:      argv.Spec{Valued: "m", LongValued: []string{"message", "pathspec-from-file"}, LongStop: []string{"help", "version"}},
		reflog:     argv.Spec{LongValued: []string{"expire", "expire-unreachable"}, LongFlags: []string{"all", "dry-run", "rewrite", "updateref", "stale-fix", "verbose", "single-worktree"}, LongStop: []string{"help", "version"}},
		updateRef:  argv.Spec{Valued: "m", LongValued: []string{"create-reflog"}, LongFlags: []string{"no-deref", "stdin", "batch-updates"}, LongStop: []string{"help", "version"}},
		gc:         argv.Spec{LongFlags: []string{"aggressive", "auto", "quiet", "force", "keep-largest-pack", "no-prune", "prune", "detach", "no-detach", "cruft", "no-cruft"}, LongStop: []string{"help", "version"}},
		prune:      argv.Spec{LongValued: []string{"expire"}, LongFlags: []string{"dry-run", "verbose", "progress", "no-progress"}, LongStop: []string{"help", "version"}},
		filterRepo: argv.Spec{LongValued: []string{"path", "path-glob", "path-regex", "path-rename", "paths-from-file", "invert-paths", "to-subdirectory-filter", "subdirectory-filter", "replace-text", "replace-message", "strip-blobs-bigger-than", "strip-blobs-with-ids", "mailmap", "use-mailmap", "email-callback", "name-callback", "message-callback", "commit-callback", "blob-callback", "tag-callback", "reset-callback", "refname-callback", "filename-callback", "source", "target", "refs", "state-branch", "tag-rename"}, LongStop: []string{"help", "version"}, Exact: true},
	}
}

func (sp *gitSpecList) cleanForce(c *Command) []Hit {
	g, ok := gitParse(c)
	if !ok || g.sub != "clean" {
		return nil
	}
	r := ReadOpts(g.args, &sp.clean)
	if r.Has("n", "dry-run") {
		return nil
	}
	noForce := false
	if v, ok := g.gitConfig("clean.requireForce"); ok {
		noForce = v == "false" || v == "0" || v == "no" || v == "off"
	}
	if !r.Has("f", "force") && !r.Has("i", "interactive") && !noForce {
		return nil
	}
	what := "untracked files"
	if r.Has("d", "") {
		what = "untracked files and directories"
	}
	if r.Has("x", "") {
		what += ", ignored ones included"
	} else if r.Has("X", "") {
		what = "ignored files"
	}
	if len(r.Operands) > 0 {
		what += " under " + xoptList(r.Operands)
	}
	return hit("git clean deletes " + what)
}

// gitPushArgs parses git push; ok is false for a dry run.
func (sp *gitSpecList) gitPushArgs(c *Command) (Opts, bool) {
	g, ok := gitParse(c)
	if !ok || g.sub != "push" {
		return Opts{}, false
	}
	r := ReadOpts(g.args, &sp.push)
	if r.Has("n", "dry-run") {
		return Opts{}, false
	}
	return r, true
}

// gitRefspecs returns push's refspec operands: all operands but the
// repository (the first, unless --repo names it).
func gitRefspecs(r *Opts) []Word {
	if _, ok := r.Last("repo"); ok {
		return r.Operands
	}
	if len(r.Operands) == 0 {
		return nil
	}
	return r.Operands[1:]
}

func (sp *gitSpecList) pushForce(c *Command) []Hit {
	r, ok := sp.gitPushArgs(c)
	if !ok {
		return nil
	}
	how := ""
	for _, o := range r.Opts {
		switch {
		case !o.Long && o.Name == "f" || o.Long && o.Name == "force":
			how = "--force"
		case o.Long && o.Name == "force-with-lease":
			how = "--force-with-lease"
		case o.Long && o.Name == "no-force-with-lease" && how == "--force-with-lease":
			how = ""
		case o.Long && o.Name == "mirror":
			how = "--mirror"
		}
	}
	if how == "--mirror" {
		return hit("git push --mirror makes the remote a copy: it overwrites and deletes remote refs")
	}
	if how != "" {
		return hit("git push " + how + " can overwrite remote history" + gitWhere(&r))
	}
	for _, w := range gitRefspecs(&r) {
		if strings.HasPrefix(w.Value, "+") {
			return hit("git push " + xoptShow(w) + " force-pushes " + xoptShow(w)[1:])
		}
	}
	return nil
}

// gitWhere names the pushed refs for a reason: " (origin main)".
func gitWhere(r *Opts) string {
	if len(r.Operands) == 0 {
		return ""
	}
	return " (" + strings.ReplaceAll(xoptList(r.Operands), ",", "") + ")"
}

func (sp *gitSpecList) pushDelete(c *Command) []Hit {
	r, ok := sp.gitPushArgs(c)
	if !ok {
		return nil
	}
	if r.Has("d", "delete") {
		return hit("git push --delete deletes remote refs: " + xoptList(gitRefspecs(&r)))
	}
	for _, w := range gitRefspecs(&r) {
		if len(w.Value) > 1 && w.Value[0] == ':' {
			return hit("git push " + xoptShow(w) + " deletes the remote ref " + xoptShow(w)[1:])
		}
	}
	if r.Has("prune") {
		return hit("git push --prune deletes remote branches that have no local counterpart")
	}
	return nil
}

// gitNames lists branch names for a reason, or the fallback.
func gitNames(ws []Word, fallback string) string {
	if l := xoptList(ws); l != "" {
		return l
	}
	return fallback
}

func (sp *gitSpecList) branchForceMove(c *Command) []Hit {
	g, ok := gitParse(c)
	if !ok {
		return nil
	}
	switch g.sub {
	case "branch":
		r := ReadOpts(g.args, &sp.branch)
		if r.Has("d", "delete") || r.Has("D", "") {
			return nil
		}
		if r.Has("M", "") || r.Has("C", "") || (r.Has("m", "move") || r.Has("c", "copy")) && r.Has("f", "force") {
			return hit("git branch overwrites the existing branch " + gitNames(r.Operands[len(r.Operands)-min(len(r.Operands), 1):], "it is moved or copied to"))
		}
		if r.Has("f", "force") && len(r.Operands) > 0 {
			return hit("git branch -f resets branch " + xoptShow(r.Operands[0]) + ", dropping the commits only it reached")
		}
	case "checkout":
		r := ReadOpts(g.args, &sp.checkout)
		if b, ok := r.Last("B", ""); ok {
			return hit("git checkout -B resets branch " + xoptShow(b) + " if it exists")
		}
	case "switch":
		r := ReadOpts(g.args, &sp.switch_)
		if b, ok := r.Last("C", "force-create"); ok {
			return hit("git switch -C resets branch " + xoptShow(b) + " if it exists")
		}
	}
	return nil
}

// gitLooksLikePath reports an operand of checkout that is surely a path
// rather than a branch: ".", "./x", "../x", "/x", a glob (git matches a
// quoted one itself; ref names cannot hold * ? [), a pathspec magic.
func gitLooksLikePath(w Word) bool {
	v := w.Value
	return strings.ContainsAny(v, "*?[") || v == "." || v == ".." || v == "*" || strings.HasPrefix(v, "./") || strings.HasPrefix(v, "../") ||
		strings.HasPrefix(v, "/") || strings.HasPrefix(v, ":/") || strings.HasPrefix(v, ":(") || strings.HasPrefix(v, ":!") || strings.HasPrefix(v, ":^") || w.Glob
}

func (sp *gitSpecList) checkoutDiscard(c *Command) []Hit {
	g, ok := gitParse(c)
	if !ok || g.sub != "checkout" {
		return nil
	}
	r := ReadOpts(g.args, &sp.checkout)
	if r.Has("f", "force") {
		return hit("git checkout -f throws away uncommitted changes")
	}
	if _, ok := r.Last("pathspec-from-file"); ok {
		return hit("git checkout overwrites the files listed in the pathspec file")
	}
	var paths []Word
	from := ""
	switch {
	case r.Dd >= 0:
		paths = r.Operands[r.Dd:]
		if r.Dd > 0 {
			from = r.Operands[0].Value
		}
	case len(r.Operands) >= 2:
		paths, from = r.Operands[1:], r.Operands[0].Value
	case len(r.Operands) == 1 && gitLooksLikePath(r.Operands[0]):
		paths = r.Operands
	}
	if len(paths) == 0 {
		return nil
	}
	if from != "" {
		return hit("git checkout " + from + " -- overwrites " + xoptList(paths) + " and its uncommitted changes")
	}
	return hit("git checkout throws away uncommitted changes to " + xoptList(paths))
}

func (sp *gitSpecList) stashDrop(c *Command) []Hit {
	g, ok := gitParse(c)
	if !ok || g.sub != "stash" {
		return nil
	}
	r := ReadOpts(g.args, &sp.stash)
	if len(r.Operands) == 0 || r.Dd == 0 {
		return nil
	}
	switch r.Operands[0].Value {
	case "drop":
		return hit("git stash drop deletes " + gitNames(r.Operands[1:], "the latest stash"))
	case "clear":
		return hit("git stash clear deletes every stash")
	}
	return nil
}

func (sp *gitSpecList) historyRewrite(c *Command) []Hit {
	g, ok := gitParse(c)
	if !ok {
		return nil
	}
	switch g.sub {
	case "filter-branch":
		return hit("git filter-branch rewrites history")
	case "filter-repo":
		r := ReadOpts(g.args, &sp.filterRepo)
		if r.Has("analyze", "dry-run") {
			return nil
		}
		return hit("git filter-repo rewrites history")
	case "reflog":
		r := ReadOpts(g.args, &sp.reflog)
		if len(r.Operands) == 0 || r.Has("n", "dry-run") {
			return nil
		}
		switch r.Operands[0].Value {
		case "expire", "delete":
			return hit("git reflog " + r.Operands[0].Value + " drops reflog entries: commits only they reached can be lost")
		}
	case "update-ref":
		r := ReadOpts(g.args, &sp.updateRef)
		if r.Has("d", "") {
			return hit("git update-ref -d deletes the ref " + gitNames(r.Operands[:min(len(r.Operands), 1)], ""))
		}
	case "gc":
		r := ReadOpts(g.args, &sp.gc)
		for _, o := range r.Opts {
			if o.Long && o.Name == "prune" && o.HasValue && (o.Val.Value == "now" || o.Val.Value == "all") {
				return hit("git gc --prune=" + o.Val.Value + " deletes every unreachable object at once")
			}
		}
		for _, k := range []string{"gc.reflogExpire", "gc.reflogExpireUnreachable", "gc.pruneExpire"} {
			if v, ok := g.gitConfig(k); ok && (v == "now" || v == "all" || v == "0") {
				return hit("git gc with " + k + "=" + v + " makes lost commits unrecoverable")
			}
		}
	case "prune":
		r := ReadOpts(g.args, &sp.prune)
		if r.Has("n", "dry-run") {
			return nil
		}
		return hit("git prune deletes unreachable objects")
	}
	return nil
}
