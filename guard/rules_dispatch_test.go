package guard

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"guardsh/guard/internal/rules"
	"guardsh/guard/internal/walk"
)

// dispatchCommands returns every command the walker hands the rules while
// classifying lines, each copied.
func dispatchCommands(tb testing.TB, lines []string) []*Command {
	tb.Helper()
	g := mustGuard(tb, withoutDispatch())
	var cmds []*Command
	g.engine.Rules = append(g.engine.Rules, rules.Builtin{Rule: Rule{Name: "capture"}, Check: func(c *Command) []Hit {
		cp := *c
		cp.Args = slices.Clone(c.Args)
		cp.Redirects = slices.Clone(c.Redirects)
		cp.Via = slices.Clone(c.Via)
		cp.PipedFrom = slices.Clone(c.PipedFrom)
		// Name's cache and the family memo are keyed by &Args[0]: the
		// cloned Args are new to both.
		cmds = append(cmds, &cp)
		return nil
	}})
	g.engine.Dispatch.AnyProg = append(g.engine.Dispatch.AnyProg, len(g.engine.Rules)-1)
	st := testState()
	for _, l := range lines {
		g.Classify(l, st)
	}
	return cmds
}

// dispatchLines returns the lines of the tests' tables, the rules'
// examples and, unless -short, the corpora.
func dispatchLines(tb testing.TB) []string {
	var lines []string
	for _, tt := range planTests {
		lines = append(lines, tt.line)
	}
	for _, x := range blockedCommands {
		for _, wr := range wrappings {
			lines = append(lines, replaceX(wr, x))
		}
	}
	for _, b := range rules.BuiltinRules() {
		if b.Example != "" {
			lines = append(lines, b.Example)
		}
	}
	if !testing.Short() {
		for _, name := range []string{"tldr.tsv", "nl2bash.txt"} {
			lines = append(lines, corpusLinesIfPresent(name)...)
		}
	}
	return lines
}

// progNameLits returns the string literals of the rules' sources that
// could be program names: every name a check compares c.Name() with is
// among them.
func progNameLits(tb testing.TB) []string {
	tb.Helper()
	files, err := filepath.Glob("rules_*.go")
	if err != nil {
		tb.Fatal(err)
	}
	nameRE := regexp.MustCompile(`^[A-Za-z0-9_][A-Za-z0-9._+-]*$`)
	seen := map[string]bool{}
	var names []string
	fset := token.NewFileSet()
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		af, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			tb.Fatal(err)
		}
		ast.Inspect(af, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err == nil && nameRE.MatchString(s) && !seen[s] {
				seen[s] = true
				names = append(names, s)
			}
			return true
		})
	}
	return names
}

// TestRuleProgs checks every rule that declares progs: its check finds
// nothing on a command whose program is not among them. It checks every
// command of the tables, the examples and the corpora directly, and then
// gives the commands each rule hits every other program name the rules'
// sources spell, to find a name a check accepts but progs forgot.
func TestRuleProgs(t *testing.T) {
	t.Parallel()
	cmds := dispatchCommands(t, dispatchLines(t))
	names := progNameLits(t)
	perRule := 12
	if testing.Short() {
		perRule = 3
	}
	rows := map[string]bool{}
	for _, tab := range rules.AllRowTables() {
		for _, r := range tab {
			rows[r.Name] = true // a row's programs are its key: nothing to keep equal
		}
	}
	for _, b := range rules.BuiltinRules() {
		if b.Check == nil || b.EveryCommand() || rows[b.Name] {
			continue
		}
		var hitting []*Command
		seen := map[string]bool{}
		for _, c := range cmds {
			if len(b.Check(c)) == 0 {
				continue
			}
			if !dispatched(&b, c) {
				t.Errorf("rule %s hits %q, whose program %q is not in its progs %q (prefixes %q)", b.Name, c.Text, c.Name(), b.Progs, b.Prefixes)
			}
			if len(hitting) < perRule && !seen[c.Name()+"\x00"+c.Text] {
				seen[c.Name()+"\x00"+c.Text] = true
				hitting = append(hitting, c)
			}
		}
		if len(hitting) == 0 {
			t.Errorf("rule %s: no table line, example or corpus line hits it", b.Name)
		}
		for _, c := range hitting {
			if len(c.Args) == 0 {
				continue
			}
			for _, n := range names {
				m := *c
				m.Args = slices.Clone(c.Args)
				m.Args[0] = Lit(n)
				// The cloned Args are new to Name's cache and the family memo.
				if dispatched(&b, &m) {
					continue
				}
				if hs := b.Check(&m); len(hs) > 0 {
					t.Errorf("rule %s hits %q run as %q, which is not in its progs %q: %s", b.Name, c.Text, n, b.Progs, hs[0].Reason)
				}
			}
		}
	}
}

// dispatched reports whether the walker calls rule b on c, as
// walker.candidates decides.
func dispatched(b *rules.Builtin, c *Command) bool {
	if b.EveryCommand() || slices.Contains(b.Progs, c.Name()) {
		return true
	}
	for _, p := range b.Prefixes {
		if c.Name() != "" && strings.HasPrefix(c.Name(), p) {
			return true
		}
	}
	if b.Redirects && len(c.Redirects) > 0 {
		return true
	}
	return b.Assigns && len(c.Args) > 0 && walk.IsAssign(c.Args[0].Value)
}
