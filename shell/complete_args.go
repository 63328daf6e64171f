package shell

import (
	"sort"
	"strings"

	"guardsh/internal/argv"
)

// Completion of what is not a command name or a path: variable names
// after $, git's subcommands, and the options of git and of common
// programs. The tables are a small curated subset of the completions fish
// ships (fish-shell/fish-shell, share/completions/git.fish, ls.fish,
// grep.fish, ...), long options mostly, checked against each program's
// --help; a program that is not here completes paths, as before.

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
// "") and of its subcommands.
var gitOptions = map[string][]string{
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

// programOptions are the options of common programs (GNU coreutils,
// findutils, grep, tar, curl).
var programOptions = map[string][]string{
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

// completeArgs returns the candidates for word, an argument (not in
// command position) after the words of its command before it, and
// whether it knew what to offer; false leaves it to path completion.
func completeArgs(before []string, word string, st CompletionState) ([]string, bool) {
	if i := varStart(word); i >= 0 {
		return completeVar(word, i, st.Vars), true
	}
	cmd, args := commandWords(before)
	if cmd == "" {
		return nil, false
	}
	if cmd == "git" {
		sub := ""
		for i := 0; i < len(args); i++ {
			switch a := args[i]; {
			case a == "-C" || a == "-c" || a == "--git-dir" || a == "--work-tree" || a == "--namespace":
				i++ // its value
			case !strings.HasPrefix(a, "-"):
				sub = a
			}
			if sub != "" {
				break
			}
		}
		switch {
		case strings.HasPrefix(word, "-"):
			return prefixed(gitOptions[sub], word), true
		case sub == "":
			return prefixed(gitSubcommands, word), true
		}
		return nil, false
	}
	if opts, ok := programOptions[cmd]; ok && strings.HasPrefix(word, "-") {
		return prefixed(opts, word), true
	}
	return nil, false
}

// commandWords returns the command name of a command's words and its
// arguments, past assignments and the wrappers wordAt knows.
func commandWords(words []string) (string, []string) {
	for i, w := range words {
		if strings.Contains(w, "=") && !strings.HasPrefix(w, "-") && !strings.HasPrefix(w, "=") {
			continue
		}
		if argv.CommandNext(w) {
			continue
		}
		return w[strings.LastIndexByte(w, '/')+1:], words[i+1:]
	}
	return "", nil
}

// prefixed returns the candidates starting with word: an option that
// takes its value after = gets no space after it.
func prefixed(cands []string, word string) []string {
	var out []string
	for _, c := range cands {
		if strings.HasPrefix(c, word) {
			if !strings.HasSuffix(c, "=") {
				c += " "
			}
			out = append(out, c)
		}
	}
	sort.Strings(out)
	return out
}

// varStart returns where a variable's name being typed starts in word ($
// or ${ and letters up to the end), or -1.
func varStart(word string) int {
	i := strings.LastIndexByte(word, '$')
	if i < 0 || i > 0 && word[i-1] == '\\' {
		return -1
	}
	name := strings.TrimPrefix(word[i+1:], "{")
	for j, c := range name {
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || j > 0 && c >= '0' && c <= '9') {
			return -1
		}
	}
	return i
}

// completeVar completes the variable name at word[i:].
func completeVar(word string, i int, vars []string) []string {
	brace := strings.HasPrefix(word[i+1:], "{")
	prefix := strings.TrimPrefix(word[i+1:], "{")
	var out []string
	for _, v := range vars {
		if !strings.HasPrefix(v, prefix) {
			continue
		}
		c := word[:i+1]
		if brace {
			c += "{" + v + "}"
		} else {
			c += v
		}
		out = append(out, c)
	}
	sort.Strings(out)
	return out
}
