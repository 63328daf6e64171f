package argv

import "sync"

// What Tab offers after a program's name, for the interactive shell's
// completion: git's subcommands, and the long options of git and of common
// programs. The tables are a small curated subset of the completions fish
// ships (fish-shell/fish-shell, share/completions/git.fish, ls.fish,
// grep.fish, ...), long options mostly, checked against each program's
// --help. They offer words; they decide nothing about danger.

// GitGlobal is git's own options, before its subcommand (git(1)): -c and
// -C take the next word. The rules read a git command with it, and
// completion finds the subcommand with it.
var GitGlobal = Spec{
	Valued: "cC", Stop: "hv",
	LongValued: []string{"git-dir", "work-tree", "namespace", "super-prefix", "config-env", "attr-source", "shallow-file", "exec-path-to"},
	LongStop:   []string{"help", "version", "html-path", "man-path", "info-path"},
	Exact:      true, Posix: true,
}

// Subcommands returns the subcommands Tab offers after prog (git's
// porcelain), nil for a program without a table.
func Subcommands(prog string) []string {
	if prog == "git" {
		return gitSubcommands
	}
	return nil
}

// CompletionOptions returns the options Tab offers for prog, or for its
// subcommand sub ("" for the program's own options, before any
// subcommand), and whether there is a table for prog. An option that
// takes its value after = ends with =.
func CompletionOptions(prog, sub string) ([]string, bool) {
	if prog == "git" {
		return gitOptions()[sub], true
	}
	opts, ok := programOptions()[prog]
	return opts, ok
}

// gitSubcommands are git's porcelain commands (git help -a, "Main Porcelain
// Commands" and the everyday ancillary ones).
var gitSubcommands = []string{
	"add", "am", "apply", "archive", "bisect", "blame", "branch", "bundle",
	"checkout", "cherry-pick", "clean", "clone", "commit", "config",
	"describe", "diff", "fetch", "format-patch", "gc", "grep", "help",
	"init", "log", "ls-files", "merge", "mv", "notes", "pull", "push",
	"range-diff", "rebase", "reflog", "remote", "reset", "restore",
	"revert", "rm", "shortlog", "show", "sparse-checkout", "stash",
	"status", "submodule", "switch", "tag", "worktree",
}

// gitOptions are the options of git itself (before the subcommand, key
// "") and of its subcommands: made at the first Tab that needs them, not
// at every start.
var gitOptions = sync.OnceValue(func() map[string][]string {
	return map[string][]string{
		"":         {"--version", "--help", "--no-pager", "--paginate", "--git-dir=", "--work-tree=", "--bare", "--exec-path"},
		"add":      {"--all", "--patch", "--update", "--interactive", "--force", "--dry-run", "--intent-to-add", "--verbose"},
		"branch":   {"--all", "--delete", "--force", "--move", "--remotes", "--list", "--verbose", "--set-upstream-to=", "--show-current", "--contains", "--merged", "--no-merged"},
		"checkout": {"--track", "--force", "--detach", "--orphan", "--ours", "--theirs", "--patch", "--quiet"},
		"clean":    {"--dry-run", "--force", "--interactive", "--quiet", "--exclude="},
		"clone":    {"--depth=", "--branch=", "--recurse-submodules", "--bare", "--mirror", "--single-branch", "--shallow-submodules", "--origin=", "--quiet"},
		"commit":   {"--all", "--amend", "--message=", "--no-edit", "--no-verify", "--patch", "--signoff", "--fixup=", "--squash=", "--dry-run", "--verbose", "--quiet", "--allow-empty", "--author="},
		"diff":     {"--cached", "--staged", "--stat", "--name-only", "--name-status", "--word-diff", "--color-words", "--no-index", "--check", "--patience", "--ignore-all-space"},
		"fetch":    {"--all", "--prune", "--tags", "--depth=", "--dry-run", "--unshallow", "--quiet", "--verbose"},
		"grep":     {"--ignore-case", "--line-number", "--count", "--files-with-matches", "--word-regexp", "--extended-regexp", "--fixed-strings", "--cached"},
		"log":      {"--oneline", "--graph", "--all", "--decorate", "--stat", "--patch", "--follow", "--author=", "--since=", "--until=", "--grep=", "--max-count=", "--reverse", "--name-only", "--name-status", "--pretty=", "--format=", "--first-parent", "--no-merges"},
		"merge":    {"--no-ff", "--ff-only", "--squash", "--abort", "--continue", "--no-commit", "--message=", "--strategy="},
		"pull":     {"--rebase", "--ff-only", "--no-rebase", "--all", "--tags", "--autostash", "--quiet", "--verbose"},
		"push":     {"--force", "--force-with-lease", "--set-upstream", "--tags", "--delete", "--dry-run", "--all", "--no-verify", "--follow-tags", "--quiet", "--verbose"},
		"rebase":   {"--interactive", "--continue", "--abort", "--skip", "--onto", "--autosquash", "--autostash", "--exec="},
		"reset":    {"--soft", "--mixed", "--hard", "--keep", "--merge", "--patch", "--quiet"},
		"restore":  {"--staged", "--worktree", "--source=", "--patch", "--ours", "--theirs"},
		"revert":   {"--no-edit", "--no-commit", "--continue", "--abort", "--mainline="},
		"rm":       {"--cached", "--force", "--dry-run", "--quiet", "-r"},
		"show":     {"--stat", "--name-only", "--name-status", "--oneline", "--pretty=", "--format="},
		"stash":    {"--include-untracked", "--keep-index", "--patch", "--message=", "--all"},
		"status":   {"--short", "--branch", "--porcelain", "--untracked-files=", "--ignored", "--verbose"},
		"switch":   {"--create", "--detach", "--force-create", "--discard-changes", "--track", "--orphan"},
		"tag":      {"--annotate", "--delete", "--list", "--message=", "--sign", "--force", "--contains"},
	}
})

// programOptions are the options of common programs (GNU coreutils,
// findutils, grep, tar, curl), made when first needed as gitOptions.
var programOptions = sync.OnceValue(func() map[string][]string {
	return map[string][]string{
		"chmod": {"--recursive", "--verbose", "--changes", "--reference="},
		"cp":    {"--archive", "--recursive", "--force", "--interactive", "--no-clobber", "--preserve=", "--verbose", "--update", "--link", "--symbolic-link", "--parents", "--target-directory="},
		"curl":  {"--output", "--remote-name", "--location", "--silent", "--show-error", "--fail", "--header", "--data", "--request", "--user", "--verbose", "--head", "--include", "--compressed", "--max-time", "--retry"},
		"df":    {"--human-readable", "--type=", "--inodes", "--total", "--print-type"},
		"du":    {"--human-readable", "--summarize", "--max-depth=", "--all", "--total", "--apparent-size"},
		"find":  {"-name", "-iname", "-type", "-path", "-maxdepth", "-mindepth", "-mtime", "-newer", "-size", "-exec", "-print", "-print0", "-empty", "-perm", "-user", "-delete"},
		"grep":  {"--recursive", "--ignore-case", "--line-number", "--count", "--files-with-matches", "--invert-match", "--word-regexp", "--extended-regexp", "--fixed-strings", "--include=", "--exclude=", "--exclude-dir=", "--color=", "--context=", "--before-context=", "--after-context=", "--only-matching", "--quiet"},
		"head":  {"--lines=", "--bytes=", "--quiet", "--verbose"},
		"ls":    {"--all", "--almost-all", "--long", "--human-readable", "--recursive", "--reverse", "--sort=", "--color=", "--directory", "--classify", "--inode", "--size", "--time=", "--group-directories-first"},
		"mkdir": {"--parents", "--mode=", "--verbose"},
		"mv":    {"--force", "--interactive", "--no-clobber", "--verbose", "--update", "--target-directory="},
		"rm":    {"--force", "--interactive", "--recursive", "--dir", "--verbose", "--one-file-system"},
		"sort":  {"--numeric-sort", "--reverse", "--unique", "--key=", "--field-separator=", "--human-numeric-sort", "--version-sort", "--ignore-case"},
		"tail":  {"--lines=", "--bytes=", "--follow", "--quiet", "--verbose", "--retry"},
		"tar":   {"--create", "--extract", "--list", "--file=", "--gzip", "--bzip2", "--xz", "--verbose", "--directory=", "--exclude=", "--to-stdout"},
		"wc":    {"--lines", "--words", "--bytes", "--chars", "--max-line-length"},
	}
})
