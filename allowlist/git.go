package allowlist

import (
	"strings"
	"sync"
)

// Git's option lists, shared by the subcommands that take them.
const (
	gitDiffShort = "pusU:zM::C::B::Dl:S:G:O:RabwWmcrtI:X::123"
	gitDiffLong  = "patch no-patch unified= output-indicator-new= output-indicator-old= output-indicator-context= raw patch-with-raw indent-heuristic no-indent-heuristic minimal patience histogram anchored= diff-algorithm= stat=? compact-summary numstat shortstat dirstat=? cumulative dirstat-by-file=? summary patch-with-stat name-only name-status submodule=? color=? no-color color-moved=? no-color-moved color-moved-ws= no-color-moved-ws word-diff=? word-diff-regex= color-words=? no-renames renames rename-empty no-rename-empty check ws-error-highlight= full-index binary abbrev=? no-abbrev break-rewrites=? find-renames=? find-copies=? find-copies-harder irreversible-delete diff-filter= find-object= pickaxe-all pickaxe-regex skip-to= rotate-to= relative=? no-relative text ignore-cr-at-eol ignore-space-at-eol ignore-space-change ignore-all-space ignore-blank-lines ignore-matching-lines= inter-hunk-context= function-context exit-code quiet no-ext-diff no-textconv ignore-submodules=? src-prefix= dst-prefix= no-prefix default-prefix line-prefix= ita-invisible-in-index ita-visible-in-index stat-width= stat-name-width= stat-graph-width= stat-count= combined-all-paths cc dd remerge-diff diff-merges= no-diff-merges"
	gitRevShort  = "n:iEFPgL:"
	gitRevLong   = "oneline graph no-graph decorate=? no-decorate decorate-refs= decorate-refs-exclude= clear-decorations source use-mailmap mailmap no-mailmap no-use-mailmap full-diff log-size max-count= skip= since= after= until= before= since-as-filter= author= committer= grep-reflog= grep= all-match invert-grep regexp-ignore-case basic-regexp extended-regexp fixed-strings perl-regexp remove-empty merges no-merges min-parents= max-parents= no-min-parents no-max-parents first-parent exclude-first-parent-only not all branches=? tags=? remotes=? glob= exclude= exclude-hidden= reflog alternate-refs single-worktree ignore-missing bisect stdin cherry-mark cherry-pick left-only right-only cherry walk-reflogs merge boundary simplify-by-decoration show-pulls full-history dense sparse simplify-merges ancestry-path=? date-order author-date-order topo-order reverse no-walk=? do-walk pretty=? format= abbrev-commit no-abbrev-commit encoding= expand-tabs=? no-expand-tabs notes=? no-notes show-notes=? show-notes-by-default standard-notes no-standard-notes show-signature relative-date date= parents children left-right show-linear-break=? count follow no-follow max-age= min-age= in-commit-order"
	gitDiffDeny  = "output ext-diff textconv"
)

// gitGlobalWhy explains git's global flags that auto mode refuses.
var gitGlobalWhy = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"-c":           "git -c sets configuration, which can run commands",
		"--config-env": "git --config-env sets configuration, which can run commands",
		"--exec-path":  "git --exec-path changes where git finds its programs",
		"-p":           "git -p starts a pager",
		"--paginate":   "git --paginate starts a pager",
		"--help":       "git --help starts man and a pager",
	}
})

// gitWhy explains git subcommands' flags that auto mode refuses.
var gitWhy = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"--output":              "--output writes a file",
		"--ext-diff":            "--ext-diff runs an external diff program",
		"--textconv":            "--textconv runs conversion programs",
		"--filters":             "--filters runs filter programs",
		"-O":                    "git grep -O opens files in a pager",
		"--open-files-in-pager": "git grep -O opens files in a pager",
	}
})

// gitSub returns a git subcommand spec.
func gitSub(name, short, long, deny string) Spec {
	return Spec{Name: name, Short: short, Long: w(long), Deny: w(deny), Why: gitWhy()}
}

// gitLog returns the spec of a subcommand that takes revision and diff
// options (log, show, rev-list, shortlog, reflog show, stash list).
func gitLog(name, extraLong string) Spec {
	s := gitSub(name, gitDiffShort+gitRevShort, gitDiffLong+" "+gitRevLong+" "+extraLong, gitDiffDeny)
	s.NumOpt = true
	return s
}

// gitSpec returns git with its read-only subcommands.
func gitSpec() Spec {
	branchList := func(c *Call) string {
		if len(c.Operands) > 0 && !c.Has("-l", "--list") {
			return c.Name + " with a name creates it (use --list to list)"
		}
		return ""
	}
	branch := gitSub("branch", "arlvi", "all remotes list verbose color=? no-color column=? no-column sort= merged=! no-merged=! contains=! no-contains=! points-at= format= show-current ignore-case abbrev= no-abbrev omit-empty quiet",
		"delete move copy force set-upstream-to unset-upstream edit-description track no-track create-reflog recurse-submodules set-upstream")
	branch.Check = branchList
	branch.Note = "listing forms only"
	tag := gitSub("tag", "ln::i", "list sort= contains=! no-contains=! merged=! no-merged=! points-at= column=? no-column format= color=? ignore-case omit-empty",
		"annotate sign local-user force delete verify message file edit cleanup trailer create-reflog no-sign")
	tag.Check = branchList
	tag.Note = "listing forms only"
	remote := gitSub("remote", "v", "verbose", "")
	remote.Bare = true
	remote.Subs = []Spec{gitSub("get-url", "", "push all", "")}
	remote.Note = "remote, remote -v, remote get-url"
	stash := Spec{Name: "stash", NoAbbrev: true, Why: gitWhy(), Note: "stash list and stash show only",
		Subs: []Spec{gitLog("list", ""), gitSub("show", gitDiffShort, gitDiffLong+" include-untracked only-untracked no-include-untracked", gitDiffDeny)}}
	worktree := Spec{Name: "worktree", NoAbbrev: true, Note: "worktree list only",
		Subs: []Spec{gitSub("list", "vz", "porcelain verbose expire= z", "")}}
	config := gitSub("config", "lf:z", "get get-all get-regexp get-urlmatch list global system local worktree file= blob= show-origin show-scope name-only null type= bool int bool-or-int path expiry-date no-type includes no-includes default= all regexp value= fixed-value url=",
		"unset unset-all add replace-all rename-section remove-section edit get-color get-colorbool")
	config.Check = checkGitConfig
	config.Note = "reading forms only: --get, --get-all, --get-regexp, --list, get, list"
	grep := gitSub("grep", "aiIvwEGFPnhHlLcozqWpe:f:A:B:C:m:r", "text ignore-case invert-match word-regexp extended-regexp basic-regexp fixed-strings perl-regexp line-number column files-with-matches name-only files-without-match count only-matching null quiet function-context show-function and or not all-match break heading full-name color=? no-color cached untracked no-index exclude-standard no-exclude-standard recurse-submodules max-depth= max-count= threads= after-context= before-context= context= no-textconv recursive no-recursive",
		"open-files-in-pager textconv ext-grep")
	grep.NumOpt = true
	grep.Note = "not -O/--open-files-in-pager, not --textconv"
	catFile := gitSub("cat-file", "tsepZ", "batch=? batch-check=? batch-command=? batch-all-objects buffer unordered follow-symlinks allow-unknown-type use-mailmap mailmap no-use-mailmap no-mailmap", "textconv filters path")
	catFile.Note = "not --textconv, --filters"
	blame := gitSub("blame", "bL:ltS:pMCcesfnw", "root show-stats reverse= porcelain line-porcelain incremental encoding= contents= date= color-lines color-by-age progress no-progress score-debug show-name show-number show-email abbrev= ignore-rev= ignore-revs-file= first-parent minimal", "")
	shortlog := gitLog("shortlog", "numbered summary email group= committer width=?")
	shortlog.Short = "snecw::iEFPg"
	reflog := Spec{Name: "reflog", Raw: true, Check: checkGitReflog, Note: "show, list and exists only"}

	subs := []Spec{
		gitSub("status", "sbvzu::", "short branch show-stash porcelain=? long verbose untracked-files=? ignored=? ignore-submodules=? column=? no-column ahead-behind no-ahead-behind renames no-renames find-renames=? null", ""),
		gitLog("log", ""),
		gitLog("show", ""),
		gitLog("rev-list", "objects objects-edge objects-edge-aggressive indexed-objects unpacked object-names no-object-names filter= filter-print-omitted missing= exclude-promisor-objects header timestamp disk-usage=? bisect-all bisect-vars"),
		shortlog,
		gitLog("whatchanged", ""),
		gitSub("diff", gitDiffShort, gitDiffLong+" cached staged merge-base no-index base ours theirs", gitDiffDeny),
		gitSub("diff-tree", gitDiffShort+"v", gitDiffLong+" root merge-base stdin no-commit-id always", gitDiffDeny),
		gitSub("diff-index", gitDiffShort, gitDiffLong+" cached merge-base", gitDiffDeny),
		gitSub("diff-files", gitDiffShort+"q0", gitDiffLong, gitDiffDeny),
		blame,
		branch,
		tag,
		remote,
		gitSub("rev-parse", "q", "show-toplevel git-dir abbrev-ref=? short=? verify quiet symbolic symbolic-full-name is-inside-work-tree is-inside-git-dir is-bare-repository is-shallow-repository show-prefix show-cdup absolute-git-dir git-common-dir show-superproject-working-tree shared-index-path all branches=? tags=? remotes=? glob= exclude= exclude-hidden= local-env-vars default= sq sq-quote since= until= after= before= git-path= resolve-git-dir= show-object-format=? show-ref-format path-format= revs-only no-revs flags no-flags not prefix= end-of-options disambiguate=", ""),
		gitSub("ls-files", "cdmoiskuvtfzx:X:", "cached deleted modified others ignored stage unmerged killed directory no-empty-directory eol exclude= exclude-from= exclude-per-directory= exclude-standard error-unmatch with-tree= full-name recurse-submodules abbrev=? debug deduplicate format= sparse resolve-undo zero", ""),
		gitSub("ls-tree", "rdtlz", "long name-only name-status object-only full-name full-tree abbrev=? format=", ""),
		stash,
		reflog,
		config,
		grep,
		catFile,
		gitSub("describe", "", "all tags contains abbrev= candidates= exact-match debug long match= exclude= always first-parent dirty=? broken=", ""),
		gitSub("merge-base", "a", "all octopus independent is-ancestor fork-point", ""),
		worktree,
		gitSub("show-ref", "dsq", "head heads branches tags dereference hash=? verify abbrev=? quiet exists exclude-existing=?", ""),
		gitSub("for-each-ref", "", "count= shell perl python tcl sort= format= color=? points-at= merged=? no-merged=? contains=? no-contains=? ignore-case omit-empty exclude= include-root-refs", ""),
		gitSub("count-objects", "vH", "verbose human-readable", ""),
		gitSub("version", "", "build-options", ""),
		gitSub("name-rev", "", "tags refs= exclude= all annotate-stdin stdin name-only no-undefined always", ""),
		gitSub("check-ignore", "qvnz", "quiet verbose stdin non-matching no-index", ""),
		gitSub("cherry", "v", "abbrev=?", ""),
		gitSub("show-branch", "arg::", "all remotes topo-order date-order current sparse more=? list independent merge-base no-name sha1-name topics reflog=? color=? no-color", ""),
		gitRangeDiff(),
		gitVar(),
		gitSymbolicRef(),
		gitGroup("notes", "notes list|show only", gitSub("list", "", "ref=", ""), gitSub("show", "", "ref=", "")),
		gitGroup("bisect", "bisect log only", Spec{Name: "log", NoOperands: true}),
		gitGroup("sparse-checkout", "sparse-checkout list only", Spec{Name: "list", NoOperands: true}),
		gitGroup("bundle", "bundle verify|list-heads only", gitSub("verify", "q", "quiet", ""), gitSub("list-heads", "", "", "")),
		gitSub("fsck", "", "unreachable dangling no-dangling root tags cache no-reflogs full no-full connectivity-only strict verbose progress no-progress name-objects references no-references", "lost-found"),
	}
	for i := range subs {
		if subs[i].Why == nil {
			subs[i].Why = gitWhy()
		}
	}
	return Spec{
		Name:  "git",
		Short: "C:P",
		Long:  w("no-pager git-dir= work-tree= bare no-replace-objects literal-pathspecs glob-pathspecs noglob-pathspecs icase-pathspecs no-optional-locks no-advice namespace= no-lazy-fetch version"),
		Deny:  w("config-env exec-path paginate super-prefix list-cmds attr-source html-path man-path info-path help"),
		Why:   gitGlobalWhy(), NoAbbrev: true, Bare: true, Check: checkGitGlobal, Subs: subs,
		Note: "read-only subcommands only; never -c, --config-env, --exec-path, -p/--paginate; -C, --git-dir and --work-tree only inside the current directory",
	}
}

// checkGitGlobal allows -C, --git-dir and --work-tree only with a relative
// path that stays inside the current directory.
func checkGitGlobal(c *Call) string {
	for _, v := range c.Values("-C", "--git-dir", "--work-tree") {
		if r := insidePath(v); r != "" {
			return "git " + r
		}
	}
	return ""
}

// insidePath returns why a path may point outside the current directory.
func insidePath(p string) string {
	switch {
	case strings.HasPrefix(p, "/"):
		return "uses an absolute path " + quoteArg(p)
	case strings.HasPrefix(p, "~"):
		return "uses a path in a home directory"
	}
	for _, comp := range strings.Split(p, "/") {
		if comp == ".." {
			return "uses a path outside the current directory"
		}
	}
	return ""
}

// checkGitConfig allows git config's reading forms only.
func checkGitConfig(c *Call) string {
	reads := []string{"--get", "--get-all", "--get-regexp", "--get-urlmatch", "--list", "-l"}
	if c.Has(reads...) {
		max := 2
		if c.Has("--list", "-l") {
			max = 0
		}
		if len(c.Operands) > max {
			return "git config with these operands may set a value"
		}
		return ""
	}
	if len(c.Operands) > 0 {
		switch c.Operands[0].Text {
		case "list":
			if len(c.Operands) == 1 {
				return ""
			}
		case "get":
			if len(c.Operands) == 2 {
				return ""
			}
		}
	}
	return "git config sets values unless it is asked to --get or --list"
}

// checkGitReflog allows reflog show (also spelled with no subcommand),
// list and exists.
func checkGitReflog(c *Call) string {
	args := c.Args
	if len(args) > 0 {
		switch args[0].Text {
		case "show", "list", "exists":
			args = args[1:]
		case "expire", "delete", "drop", "write":
			return "git reflog " + args[0].Text + " changes the reflog"
		}
	}
	s := gitLog("reflog", "")
	return checkArgs(&s, "git reflog", args, true)
}

// gitRangeDiff is git range-diff: two ranges' diffs compared, with diff's
// options (not the external diff or textconv).
func gitRangeDiff() Spec {
	return gitSub("range-diff", gitDiffShort, gitDiffLong+" creation-factor= no-dual-color left-only right-only notes=? no-notes", gitDiffDeny)
}

// gitVar is git var: one logical variable (the editor, pager or an
// identity), or -l for all of them, printed.
func gitVar() Spec {
	v := gitSub("var", "l", "", "")
	v.MaxOperands = 1
	return v
}

// gitSymbolicRef is git symbolic-ref NAME, which reads: with a second
// operand it writes the ref, with -d it deletes it.
func gitSymbolicRef() Spec {
	s := gitSub("symbolic-ref", "qs", "quiet short recurse no-recurse", "delete")
	s.MaxOperands = 1
	s.Note = "reading only: one operand, not -d"
	return s
}

// gitGroup is a git subcommand allowed only for the listed subcommands.
func gitGroup(name, note string, subs ...Spec) Spec {
	for i := range subs {
		if subs[i].Why == nil {
			subs[i].Why = gitWhy()
		}
	}
	return Spec{Name: name, NoAbbrev: true, Why: gitWhy(), Subs: subs, Note: note}
}
