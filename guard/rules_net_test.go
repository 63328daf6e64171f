package guard

import (
	"strings"
	"testing"
)

// This file also holds the helpers the net, leak and interp tests share.

// nlOpt changes a test command.
type nlOpt func(*Command)

// nlPiped makes the command read a pipe from the given programs, nearest
// first.
func nlPiped(from ...string) nlOpt {
	return func(c *Command) { c.StdinPiped, c.PipedFrom = true, from }
}

// nlRedir adds a redirect; the target is in nlWord's notation.
func nlRedir(op, target string) nlOpt {
	return func(c *Command) {
		fd := ""
		for len(op) > 1 && op[0] >= '0' && op[0] <= '9' {
			fd += op[:1]
			op = op[1:]
		}
		r := Redirect{Op: op, Fd: fd, Target: nlWord(c, target)}
		switch op {
		case ">", ">|", "&>":
			r.Write, r.Truncate = true, true
		case ">>", "&>>", "<>":
			r.Write = true
		case ">&":
			if strings.Trim(target, "0123456789-") != "" {
				r.Write, r.Truncate = true, true
			}
		}
		c.Redirects = append(c.Redirects, r)
	}
}

// nlStdin feeds known text (a here-document) on stdin.
func nlStdin(text string) nlOpt {
	return func(c *Command) { w := nlWord(c, text); c.Stdin = &w }
}

// nlDir sets the working directory ("" for unknown).
func nlDir(d string) nlOpt { return func(c *Command) { c.Dir = d } }

// nlHome sets the home directory ("" for unknown).
func nlHome(h string) nlOpt { return func(c *Command) { c.Home = h } }

// nlWord builds a word the way the walker resolves it, from a small
// notation: $NAME and ${NAME} are variables (HOME is known, others are
// not), $(...) is a substitution, a leading ~ is the home directory, and
// an unquoted *, ? or [ is a glob.
func nlWord(c *Command, s string) Word {
	w := Word{Known: true}
	if strings.HasPrefix(s, "~") && (len(s) == 1 || s[1] == '/') && c.Home != "" {
		s = c.Home + s[1:]
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case ch == '$' && strings.HasPrefix(s[i:], "$("):
			depth, j := 0, i+1
			for ; j < len(s); j++ {
				if s[j] == '(' {
					depth++
				} else if s[j] == ')' {
					depth--
					if depth == 0 {
						break
					}
				}
			}
			i = j
			b.WriteString(Unknown)
			w.Known, w.Subst = false, true
		case ch == '$' && i+1 < len(s) && (s[i+1] == '{' || s[i+1] == '_' || s[i+1] >= 'A' && s[i+1] <= 'Z' || s[i+1] >= 'a' && s[i+1] <= 'z'):
			j := i + 1
			braced := s[j] == '{'
			if braced {
				j++
			}
			k := j
			for k < len(s) && (s[k] == '_' || s[k] >= 'A' && s[k] <= 'Z' || s[k] >= 'a' && s[k] <= 'z' || s[k] >= '0' && s[k] <= '9') {
				k++
			}
			name := s[j:k]
			if braced {
				for k < len(s) && s[k] != '}' {
					k++
				}
			} else {
				k--
			}
			i = k
			w.Vars = append(w.Vars, name)
			if name == "HOME" && c.Home != "" {
				b.WriteString(c.Home)
				continue
			}
			b.WriteString(Unknown)
			w.Known = false
		case ch == '*' || ch == '?' || ch == '[':
			w.Glob = true
			b.WriteByte(ch)
		default:
			b.WriteByte(ch)
		}
	}
	w.Value = b.String()
	return w
}

// nlCmd builds a command as the walker presents it to checks, in
// /home/u/proj with home /home/u unless options say otherwise.
func nlCmd(args []string, opts ...nlOpt) *Command {
	c := &Command{Dir: "/home/u/proj", Home: "/home/u"}
	for _, o := range opts {
		o(c)
	}
	for _, a := range args {
		c.Args = append(c.Args, nlWord(c, a))
	}
	c.Text = strings.Join(args, " ")
	return c
}

// nlLevel runs every built-in check on c and returns the highest level and
// the names of the rules that matched.
func nlLevel(c *Command) (Level, []string) {
	lvl := Safe
	var names []string
	for _, b := range builtinRules() {
		if b.check == nil {
			continue
		}
		if hs := b.check(c); len(hs) > 0 {
			names = append(names, b.Name)
			if b.Level > lvl {
				lvl = b.Level
			}
			for _, h := range hs {
				if h.Reason == "" {
					panic("rule " + b.Name + " gave an empty reason")
				}
			}
		}
	}
	return lvl, names
}

func nlHas(names []string, n string) bool {
	for _, x := range names {
		if x == n {
			return true
		}
	}
	return false
}

// nlCase is one command, the level every check together must give it and
// a rule that must be among the matches ("" for none in particular).
type nlCase struct {
	c    *Command
	want Level
	rule string
}

// nlC is a short constructor for nlCase.
func nlC(want Level, rule string, args []string, opts ...nlOpt) nlCase {
	return nlCase{c: nlCmd(args, opts...), want: want, rule: rule}
}

func runNLCases(t *testing.T, cases []nlCase) {
	t.Helper()
	for _, tc := range cases {
		lvl, names := nlLevel(tc.c)
		if lvl != tc.want || tc.rule != "" && !nlHas(names, tc.rule) {
			t.Errorf("%s (piped from %v, redirects %v): level %v rules %v, want %v with %q",
				tc.c.Text, tc.c.PipedFrom, tc.c.Redirects, lvl, names, tc.want, tc.rule)
		}
	}
}

// nlRulesOf returns the rules of a family by name.
func nlRulesOf(fam []builtin) map[string]builtin {
	m := map[string]builtin{}
	for _, b := range fam {
		m[b.Name] = b
	}
	return m
}

// nlClassify classifies a line through the walker, in /home/u/proj with
// HOME=/home/u.
func nlClassify(t *testing.T, line string) (Level, []string) {
	t.Helper()
	g, err := New()
	if err != nil {
		t.Fatal(err)
	}
	v := g.Classify(line, State{Dir: "/home/u/proj", Var: MapVars(map[string]string{"HOME": "/home/u", "USER": "u", "PATH": "/usr/bin:/bin"})})
	var names []string
	for _, f := range v.Findings {
		names = append(names, f.Rule)
	}
	return v.Level, names
}

// nlLine is a line for the walker, with the level and a rule expected.
type nlLine struct {
	line string
	want Level
	rule string
}

func runNLLines(t *testing.T, cases []nlLine) {
	t.Helper()
	for _, tc := range cases {
		lvl, names := nlClassify(t, tc.line)
		if lvl != tc.want || tc.rule != "" && !nlHas(names, tc.rule) {
			t.Errorf("Classify(%q): level %v rules %v, want %v with %q", tc.line, lvl, names, tc.want, tc.rule)
		}
	}
}

// TestFamilyExamples checks that every rule of the net, leak and interp
// families matches its own Example, through the walker.
func TestFamilyExamples(t *testing.T) {
	for _, fam := range [][]builtin{netRules(), leakRules(), interpRules()} {
		for _, b := range fam {
			if b.Example == "" || b.Description == "" {
				t.Errorf("rule %s has no example or description", b.Name)
				continue
			}
			_, names := nlClassify(t, b.Example)
			if !nlHas(names, b.Name) {
				t.Errorf("rule %s does not match its example %q: %v", b.Name, b.Example, names)
			}
		}
	}
}
