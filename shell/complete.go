package shell

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"guardsh/internal/argv"
)

// Completer completes the word before the cursor: a command name (from
// PATH, the builtins, and the shell's functions and aliases) when the word
// is in command position; a variable's name after $ or ${; git's
// subcommands, and the options of git and of common programs
// (complete_args.go); and a path relative to the shell's current
// directory (with ~ for the home directory) otherwise, or when the word
// holds a slash. Its Do is the line editor's completion.
type Completer struct {
	// State returns what completion needs to know of the shell now: its
	// current directory, its variables (PATH, HOME) and the names of its
	// functions and aliases.
	State func() CompletionState

	mu       sync.Mutex
	pathKey  string   // the PATH the cache was built for
	pathCmds []string // sorted executables found on it
}

// CompletionState is the shell's state as completion sees it.
type CompletionState struct {
	Dir     string
	Path    string // $PATH
	Home    string // $HOME
	Names   []string
	Builtin []string
	Vars    []string // the names of the shell's variables
}

// Builtins lists the names the interpreter runs itself, and guardsh's
// slash commands, for completion.
var Builtins = []string{
	".", ":", "[", "alias", "bg", "break", "builtin", "cd", "command",
	"continue", "declare", "dirs", "echo", "eval", "exec", "exit",
	"export", "false", "fg", "getopts", "hash", "jobs", "kill", "let",
	"local", "mapfile", "popd", "printf", "pushd", "pwd", "read",
	"readarray", "readonly", "return", "set", "shift", "shopt", "source",
	"test", "times", "trap", "true", "type", "ulimit", "umask", "unalias",
	"unset", "wait",
}

// Do is the line editor's completion (lineedit.Config.Complete): it returns the candidates' text
// after the word already typed, and the length of that word.
func (c *Completer) Do(line []rune, pos int) ([][]rune, int) {
	if pos > len(line) {
		pos = len(line)
	}
	word, cmdPos := wordAt(string(line[:pos]))
	st := CompletionState{}
	if c.State != nil {
		st = c.State()
	}
	var cands []string
	if args, ok := completeArgs(commandBefore(string(line[:pos]), word), word, st); ok && (!cmdPos || varStart(word) >= 0) {
		cands = args
	} else if cmdPos && !strings.Contains(word, "/") && !strings.HasPrefix(word, "~") {
		cands = c.commands(word, st)
	} else {
		cands = completePath(word, st.Dir, st.Home)
	}
	out := make([][]rune, 0, len(cands))
	n := len([]rune(word))
	for _, cand := range cands {
		out = append(out, []rune(cand[len(word):]))
	}
	return out, n
}

// commandBefore returns the words of the command the word being
// completed belongs to, before it.
func commandBefore(text, word string) []string {
	words := historyWords(strings.TrimSuffix(text, word))
	for i := len(words) - 1; i >= 0; i-- {
		if strings.IndexByte(";&|(", words[i][0]) >= 0 && len(words[i]) <= 2 {
			return words[i+1:]
		}
	}
	return words
}

// wordAt returns the word that ends the text (the part after the last
// unquoted blank or operator) and whether it is in command position.
func wordAt(text string) (word string, cmdPos bool) {
	start := 0
	var quote rune
	esc := false
	for i, r := range text {
		switch {
		case esc:
			esc = false
		case r == '\\' && quote != '\'':
			esc = true
		case quote != 0:
			if r == quote {
				quote = 0
			}
		case r == '\'' || r == '"':
			quote = r
		case strings.ContainsRune(" \t\n;|&()<>", r):
			start = i + 1
		}
	}
	word = text[start:]
	before := strings.TrimRight(text[:start], " \t")
	cmdPos = before == "" || strings.ContainsAny(before[len(before)-1:], ";|&(\n")
	if !cmdPos {
		// A command after a wrapper is still a command: sudo, env, time...
		f := strings.Fields(before)
		if len(f) > 0 {
			switch w := f[len(f)-1]; w {
			case "then", "do", "else", "elif", "!":
				cmdPos = true
			default:
				cmdPos = argv.CommandNext(w)
			}
		}
	}
	return word, cmdPos
}

// commands returns the command names starting with prefix, sorted and
// without duplicates.
func (c *Completer) commands(prefix string, st CompletionState) []string {
	seen := map[string]bool{}
	var out []string
	add := func(n string) {
		if strings.HasPrefix(n, prefix) && !seen[n] {
			seen[n] = true
			out = append(out, n+" ")
		}
	}
	for _, n := range st.Names {
		add(n)
	}
	bs := st.Builtin
	if bs == nil {
		bs = Builtins
	}
	for _, n := range bs {
		add(n)
	}
	for _, n := range c.pathCommands(st.Path, st.Dir) {
		add(n)
	}
	sort.Strings(out)
	return out
}

// pathCommands returns the executables on path, cached until path changes.
func (c *Completer) pathCommands(path, dir string) []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.pathCmds != nil && c.pathKey == path {
		return c.pathCmds
	}
	seen := map[string]bool{}
	cmds := []string{}
	for _, d := range filepath.SplitList(path) {
		if d == "" {
			d = "."
		}
		if !filepath.IsAbs(d) {
			d = filepath.Join(dir, d)
		}
		ents, err := os.ReadDir(d)
		if err != nil {
			continue
		}
		for _, e := range ents {
			n := e.Name()
			if seen[n] {
				continue
			}
			info, err := e.Info()
			if err != nil {
				continue
			}
			if info.Mode()&os.ModeSymlink != 0 {
				if info, err = os.Stat(filepath.Join(d, n)); err != nil {
					continue
				}
			}
			if info.Mode().IsRegular() && info.Mode()&0o111 != 0 {
				seen[n] = true
				cmds = append(cmds, n)
			}
		}
	}
	sort.Strings(cmds)
	c.pathKey, c.pathCmds = path, cmds
	return cmds
}

// completePath returns the paths starting with word, as typed (a leading
// ~/ kept), directories with a trailing slash and files with a space.
func completePath(word, dir, home string) []string {
	typedDir, base := "", word
	if i := strings.LastIndexByte(word, '/'); i >= 0 {
		typedDir, base = word[:i+1], word[i+1:]
	} else if strings.HasPrefix(word, "~") && home != "" {
		// "~" alone completes to "~/".
		if word == "~" {
			return []string{"~/"}
		}
		return nil
	}
	real := typedDir
	switch {
	case strings.HasPrefix(real, "~/") && home != "":
		real = filepath.Join(home, real[2:])
	case real == "":
		real = dir
	case !filepath.IsAbs(real):
		real = filepath.Join(dir, real)
	}
	if real == "" {
		real = "."
	}
	ents, err := os.ReadDir(real)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range ents {
		n := e.Name()
		if !strings.HasPrefix(n, base) {
			continue
		}
		if strings.HasPrefix(n, ".") && !strings.HasPrefix(base, ".") {
			continue
		}
		isDir := e.IsDir()
		if e.Type()&os.ModeSymlink != 0 {
			if fi, err := os.Stat(filepath.Join(real, n)); err == nil {
				isDir = fi.IsDir()
			}
		}
		if isDir {
			out = append(out, typedDir+n+"/")
		} else {
			out = append(out, typedDir+n+" ")
		}
	}
	sort.Strings(out)
	return out
}
