package guard

import (
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"guardsh/guard/internal/rules"
)

// Test helpers shared by the rule families' tests.

// testDir and testHome are the working and home directories of the
// commands the helpers build.
const (
	testDir  = "/home/u/proj"
	testHome = "/home/u"
)

// levelOf runs every built-in check on the command with the given known
// arguments (in testDir, with home testHome) and returns the highest level
// and the names of the rules that matched.
func levelOf(t *testing.T, args ...string) (Level, []string) {
	t.Helper()
	return levelOfCmd(t, &Command{Args: Lits(args...), Text: strings.Join(args, " "), Dir: testDir, Home: testHome})
}

// levelOfCmd runs every built-in check on c and returns the highest level
// and the names of the rules that matched, each once.
func levelOfCmd(t *testing.T, c *Command) (Level, []string) {
	t.Helper()
	lvl := Safe
	var names []string
	for _, b := range rules.BuiltinRules() {
		if b.Check == nil {
			continue
		}
		hs := b.Check(c)
		if len(hs) == 0 {
			continue
		}
		for _, h := range hs {
			if h.Reason == "" {
				t.Errorf("rule %s: empty reason on %q", b.Name, c.Text)
			}
		}
		names = append(names, b.Name)
		if b.Level > lvl {
			lvl = b.Level
		}
	}
	return lvl, names
}

// testCmdLine builds the Command a simple line stands for, roughly as the
// walker would: "cd DIR && " sets Dir; leading sudo, doas, xargs and
// timeout N become Via; of a pipeline "a | b" only the last stage is
// kept, with PipedFrom set; words are split on blanks with '...' and "..."
// quoting; an unquoted ~ and $HOME become testHome; any other $VAR is only
// known at run time; an unquoted *, ? or [ is a wildcard; words starting
// with >, >>, >|, &>, <, N> are redirects. It is no parser: keep lines
// simple.
func testCmdLine(line string) *Command {
	c := &Command{Text: line, Dir: testDir, Home: testHome}
	if rest, ok := strings.CutPrefix(line, "cd "); ok {
		dir, tail, found := strings.Cut(rest, " && ")
		if found {
			c.Dir, line = dir, tail
			switch dir {
			case "''":
				c.Dir = ""
			case "~":
				c.Dir = testHome
			}
		}
	}
	if i := strings.LastIndex(line, " | "); i >= 0 {
		for _, st := range strings.Split(line[:i], " | ") {
			c.PipedFrom = append([]string{strings.Fields(st)[0]}, c.PipedFrom...)
		}
		c.StdinPiped = true
		line = line[i+3:]
	}
	c.Text = line
	ws := testSplit(line)
	for len(ws) > 0 {
		switch v := ws[0].Value; {
		case v == "sudo" || v == "doas" || v == "xargs":
			c.Via = append(c.Via, v)
			ws = ws[1:]
			continue
		case v == "timeout" && len(ws) > 1:
			c.Via = append(c.Via, v)
			ws = ws[2:]
			continue
		}
		break
	}
	for i := 0; i < len(ws); i++ {
		w := ws[i]
		fd, op, target, ok := testRedirect(w)
		if !ok {
			c.Args = append(c.Args, w)
			continue
		}
		r := Redirect{Op: op, Fd: fd}
		if target.Value == "" && i+1 < len(ws) {
			i++
			target = ws[i]
		}
		r.Target = target
		r.Write = strings.Contains(op, ">")
		r.Truncate = op == ">" || op == ">|" || op == "&>"
		c.Redirects = append(c.Redirects, r)
	}
	return c
}

// testRedirect splits a redirect word into its operator and the target
// written right after it.
func testRedirect(w Word) (fd, op string, target Word, ok bool) {
	v := w.Value
	i := 0
	for i < len(v) && v[i] >= '0' && v[i] <= '9' {
		i++
	}
	for _, o := range [...]string{"&>>", "&>", ">>", ">|", ">&", ">", "<<<", "<"} {
		if strings.HasPrefix(v[i:], o) {
			rest := v[i+len(o):]
			return v[:i], o, Word{Value: rest, Known: !strings.Contains(rest, Unknown), Glob: rules.FsHasMeta(rest), Vars: w.Vars}, true
		}
	}
	return "", "", Word{}, false
}

// testSplit splits a line into words.
func testSplit(line string) []Word {
	var ws []Word
	var cur Word
	var b strings.Builder
	in := false
	flush := func() {
		if in {
			cur.Value = b.String()
			cur.Known = !strings.Contains(cur.Value, Unknown)
			ws = append(ws, cur)
		}
		cur, in = Word{}, false
		b.Reset()
	}
	for i := 0; i < len(line); i++ {
		ch := line[i]
		switch {
		case ch == ' ':
			flush()
		case ch == '\'':
			in = true
			j := strings.IndexByte(line[i+1:], '\'')
			b.WriteString(line[i+1 : i+1+j])
			i += j + 1
		case ch == '"':
			in = true
			j := strings.IndexByte(line[i+1:], '"')
			testExpand(&b, &cur, line[i+1:i+1+j], false)
			i += j + 1
		case ch == '~' && !in && (i+1 == len(line) || line[i+1] == '/' || line[i+1] == ' '):
			in = true
			b.WriteString(testHome)
		case ch == '$':
			in = true
			n := testExpand(&b, &cur, line[i:], true)
			i += n - 1
		default:
			in = true
			if ch == '*' || ch == '?' || ch == '[' {
				cur.Glob = true
			}
			b.WriteByte(ch)
		}
	}
	flush()
	return ws
}

// testExpand writes s to b with $VAR and ${VAR} expanded (HOME is known,
// others are not) and returns how many bytes of s it used: all of s, or
// only the first parameter when one is set.
func testExpand(b *strings.Builder, w *Word, s string, one bool) int {
	i := 0
	for i < len(s) {
		if one && i > 0 {
			return i
		}
		if s[i] != '$' {
			b.WriteByte(s[i])
			i++
			continue
		}
		j := i + 1
		var name string
		if j < len(s) && s[j] == '{' {
			k := strings.IndexByte(s[j:], '}')
			name = s[j+1 : j+k]
			j += k + 1
		} else {
			for j < len(s) && (s[j] == '_' || s[j] >= 'A' && s[j] <= 'Z' || s[j] >= 'a' && s[j] <= 'z' || s[j] >= '0' && s[j] <= '9') {
				j++
			}
			name = s[i+1 : j]
		}
		w.Vars = append(w.Vars, name)
		if name == "HOME" {
			b.WriteString(testHome)
		} else {
			b.WriteString(Unknown)
		}
		i = j
	}
	return i
}

// testRuleCase is one table case: a line, the level expected and a rule
// expected among the hits ("" for none in particular).
type testRuleCase struct {
	line string
	want Level
	rule string
}

// runRuleCases checks each case through testCmdLine.
func runRuleCases(t *testing.T, cases []testRuleCase) {
	t.Helper()
	for _, tc := range cases {
		got, names := levelOfCmd(t, testCmdLine(tc.line))
		if got != tc.want {
			t.Errorf("%q: level %v (rules %v), want %v", tc.line, got, names, tc.want)
			continue
		}
		if tc.rule != "" && !testHasName(names, tc.rule) {
			t.Errorf("%q: rules %v, want %s among them", tc.line, names, tc.rule)
		}
		crossCheck(t, tc.line, tc.want, tc.rule)
	}
}

func testHasName(names []string, n string) bool {
	for _, m := range names {
		if m == n {
			return true
		}
	}
	return false
}

// testExamples checks that every rule of a family matches its Example at
// the rule's level.
func testExamples(t *testing.T, family []rules.Builtin) {
	t.Helper()
	for _, b := range family {
		if b.Example == "" {
			t.Errorf("rule %s has no example", b.Name)
			continue
		}
		if b.Description == "" {
			t.Errorf("rule %s has no description", b.Name)
		}
		c := testCmdLine(b.Example)
		if hs := b.Check(c); len(hs) == 0 {
			t.Errorf("rule %s does not match its example %q", b.Name, b.Example)
		}
		if got, names := levelOfCmd(t, c); got != b.Level {
			t.Errorf("rule %s: example %q is %v (rules %v), want %v", b.Name, b.Example, got, names, b.Level)
		}
	}
}

// classifyRuleCases checks each case through Guard.Classify, in testDir
// with HOME=testHome, so the walker's parsing and resolution are included.
func classifyRuleCases(t *testing.T, cases []testRuleCase) {
	t.Helper()
	g, err := New()
	if err != nil {
		t.Fatal(err)
	}
	st := State{Var: MapVars(map[string]string{"HOME": testHome, "USER": "u", "EMPTY": ""}), Dir: testDir}
	for _, tc := range cases {
		v := g.Classify(tc.line, st)
		var names []string
		for _, f := range v.Findings {
			names = append(names, f.Rule)
		}
		if v.Level != tc.want {
			t.Errorf("Classify(%q): level %v (findings %v), want %v", tc.line, v.Level, v.Findings, tc.want)
			continue
		}
		if tc.rule != "" && !testHasName(names, tc.rule) {
			t.Errorf("Classify(%q): rules %v, want %s among them", tc.line, names, tc.rule)
		}
	}
}

// realGuard is the Guard every table row is also run through, as guardsh
// classifies a line: parsed, walked and dispatched.
var realGuard = sync.OnceValue(func() *Guard {
	g, err := New()
	if err != nil {
		panic(err)
	}
	return g
})

// realLevel classifies line with Guard.Classify in testDir, HOME=testHome,
// and returns its level and the rules of its findings.
func realLevel(line string) (Level, []string) {
	st := State{Var: MapVars(map[string]string{"HOME": testHome, "USER": "u", "EMPTY": ""}), Dir: testDir}
	v := realGuard().Classify(line, st)
	var names []string
	for _, f := range v.Findings {
		names = append(names, f.Rule)
	}
	return v.Level, names
}

// testRealLine is the shell line that means what testCmdLine makes of
// line: its variables other than HOME are read first (so that they are only
// known at run time, not unset), and a leading cd to the empty name
// becomes a cd to one of them.
func testRealLine(line string) string {
	var read []string
	if rest, ok := strings.CutPrefix(line, "cd '' && "); ok {
		read, line = append(read, "GUARDSH_TEST_DIR"), `cd "$GUARDSH_TEST_DIR" && `+rest
	}
	for _, m := range testVarRE.FindAllStringSubmatch(line, -1) {
		if m[1] != "HOME" && m[1] != "GUARDSH_TEST_DIR" && !slices.Contains(read, m[1]) {
			read = append(read, m[1])
		}
	}
	if len(read) == 0 {
		return line
	}
	return "read -r " + strings.Join(read, " ") + "; " + line
}

var testVarRE = regexp.MustCompile(`\$\{?([A-Za-z_][A-Za-z0-9_]*)`)

// crossCheck runs a row's line through the real Classify too and fails
// when it disagrees with the row: a rule the walker never dispatches for
// the row's program is caught here. A leading sudo or doas adds the sudo
// rule's medium.
func crossCheck(t *testing.T, line string, want Level, rule string) {
	t.Helper()
	got, names := realLevel(testRealLine(line))
	if strings.HasPrefix(line, "sudo ") || strings.HasPrefix(line, "doas ") {
		want = max(want, Medium)
	}
	if got != want {
		t.Errorf("Classify(%q): level %v (rules %v), want %v", line, got, names, want)
		return
	}
	if rule != "" && !testHasName(names, rule) {
		t.Errorf("Classify(%q): rules %v, want %s among them", line, names, rule)
	}
}

// nlLineOf renders a net/leak table command as a shell line meaning the
// same, for crossCheck: its words (quoted where they hold blanks), its
// redirects, a here-document for its known stdin, the programs it is
// piped from, a cd to its directory. ok is false for what a line cannot
// say (an unknown home or working directory).
func nlLineOf(c *Command, args []string) (string, bool) {
	if c.Home != testHome || c.Dir == "" {
		return "", false
	}
	var b strings.Builder
	if c.Dir != testDir {
		b.WriteString("cd " + c.Dir + " && ")
	}
	for i := len(c.PipedFrom) - 1; i >= 0; i-- {
		b.WriteString(c.PipedFrom[i] + " | ")
	}
	for i, a := range args {
		if i > 0 {
			b.WriteByte(' ')
		}
		switch {
		case a == "":
			b.WriteString("''")
		case strings.ContainsAny(a, " \t\n|&;<>()'\"") && !strings.Contains(a, "$("):
			if strings.ContainsAny(a, "$`\"\\") {
				if strings.Contains(a, "'") {
					return "", false
				}
				// Keep $VAR a variable only where nlWord would.
				b.WriteString(`"` + a + `"`)
			} else {
				b.WriteString("'" + a + "'")
			}
		default:
			b.WriteString(a)
		}
	}
	for _, r := range c.Redirects {
		if !r.Target.Known {
			return "", false
		}
		b.WriteString(" " + r.Fd + r.Op + " " + r.Target.Value)
	}
	if c.Stdin != nil {
		if !c.Stdin.Known || strings.Contains(c.Stdin.Value, "GUARDSH_EOF") {
			return "", false
		}
		b.WriteString(" <<'GUARDSH_EOF'\n" + c.Stdin.Value + "\nGUARDSH_EOF\n")
	}
	return b.String(), true
}
