package shell

import (
	"sort"
	"strings"

	"guardsh/internal/argv"
)

// Completion of what is not a command name or a path: variable names
// after $, subcommands and options where internal/argv has a table for
// the program (argv.Subcommands, argv.CompletionOptions); a program it
// has none for completes paths.

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
	subs := argv.Subcommands(cmd)
	sub := ""
	if subs != nil {
		// The subcommand: the first operand after the program's own
		// options, read with the program's grammar.
		if s := argv.Getopt(&argv.GitGlobal, args, func(w string) string { return w }); len(s.Operands) > 0 {
			sub = args[s.Operands[0]]
		}
	}
	opts, ok := argv.CompletionOptions(cmd, sub)
	switch {
	case ok && strings.HasPrefix(word, "-"):
		return prefixed(opts, word), true
	case subs != nil && sub == "":
		return prefixed(subs, word), true
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
