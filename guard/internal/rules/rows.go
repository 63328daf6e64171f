package rules

// Rules as rows: a rule that is "program + subcommand path + options and
// operands → level, with a reason" is one row of a table, not a function.
// The row's programs are its key (the walker dispatches on them: there is
// no second list to keep equal), its reason is a template over the
// operands, and it carries lines it must hit and lines it must not, which
// rows_test.go runs through the real Classify. Adding a program's rule is
// adding one row with its examples.

import (
	"slices"
	"strconv"
	"strings"
	"sync"

	"guardsh/internal/argv"
)

// Row is one rule written as data.
type Row struct {
	// name is the rule's stable name; level its level.
	Name  string
	Level Level
	// progs are the program names the row matches (Command.Name).
	Progs []string
	// opts is the program's option grammar (its global options and those
	// of the subcommand: the row reads options anywhere, as the CLIs that
	// take subcommands do). Options it does not know are read every way
	// they could be (a flag, or taking the next word), and the row hits
	// when any reading matches. A help or version option (Stop) matches
	// nothing. nil reads every option as unknown.
	Opts *argv.Spec
	// goflags reports a program that reads options with Go's flag
	// package: -name is the long option --name.
	Goflags bool
	// path is the subcommand path: words separated by spaces, each a list
	// of alternatives separated by | ("project rm|remove"), * for any
	// known word; the first operands must be these words. Paths separated
	// by commas are alternatives ("delete, project delete"). Empty for a
	// Row on options only.
	Path string
	// when are predicates that must all hold.
	When []rowPred
	// why is the reason template: {1}, {2}, ... are the operands after
	// the path, {1+} all of them from the first, {last} the last, {prog}
	// the program name, {path} the path as written and {path1}, {path2}
	// ... its words, {-NAME} the value of option NAME (long or short),
	// {+NAME} the option as written when it is given, {X/Y} the first of
	// X and Y present, and
	// {X|text} gives text when X is absent, {X?text} text when it is
	// present and {X?text|other} other when it is not.
	Why string
	// desc describes the rule for the rule list.
	Desc string
	// hits are lines the row must hit, misses lines it must not.
	Hits, Misses []string
	// more are further cases of the same rule, tried in order after the
	// Row's own, each with its own reason: a case sets progs (the row's
	// when unset), opts (the row's when nil), goflags, path, when and why,
	// and nothing else.
	More []Row
}

// rowPred is a predicate over one reading of a command.
type rowPred func(m *rowMatch) bool

// rowMatch is one reading of a command: its options and its operands
// (the words that are not options, the path's first).
type rowMatch struct {
	c    *Command
	opts []argv.Opt
	ops  []Word // operands after the path
	path []Word // the path's words as written
}

// opt returns the last option of one of the names (long or short).
func (m *rowMatch) opt(names ...string) (argv.Opt, bool) {
	for i := len(m.opts) - 1; i >= 0; i-- {
		for _, n := range names {
			if m.opts[i].Name == n && (m.opts[i].Long == (len(n) > 1)) {
				return m.opts[i], true
			}
		}
	}
	return argv.Opt{}, false
}

// has returns a predicate: one of the options is given, and not turned
// off by an attached false (--force=false).
func has(names ...string) rowPred {
	return func(m *rowMatch) bool {
		o, ok := m.opt(names...)
		return ok && !(o.HasValue && o.ValueIndex < 0 && strings.EqualFold(o.Value, "false"))
	}
}

// lacks returns a predicate: none of the options is given.
func lacks(names ...string) rowPred {
	return func(m *rowMatch) bool { _, ok := m.opt(names...); return !ok }
}

// optIs returns a predicate: the last of the options has one of the
// values, compared without case.
func optIs(names []string, values ...string) rowPred {
	return func(m *rowMatch) bool {
		o, ok := m.opt(names...)
		if !ok {
			return false
		}
		for _, v := range values {
			if strings.EqualFold(o.Value, v) {
				return true
			}
		}
		return false
	}
}

// lastIs returns a predicate: of the options names (which override one
// another, as git reset's --soft, --mixed and --hard do), the last given
// is one of want.
func lastIs(names []string, want ...string) rowPred {
	return func(m *rowMatch) bool {
		for i := len(m.opts) - 1; i >= 0; i-- {
			o := m.opts[i]
			if slices.Contains(names, o.Name) && o.Long == (len(o.Name) > 1) {
				return slices.Contains(want, o.Name)
			}
		}
		return false
	}
}

// arg returns a predicate: operand i (0 is the first after the path)
// exists and satisfies f.
func arg(i int, f func(Word) bool) rowPred {
	return func(m *rowMatch) bool { return i < len(m.ops) && f(m.ops[i]) }
}

// anyArg returns a predicate: some operand satisfies f.
func anyArg(f func(Word) bool) rowPred {
	return func(m *rowMatch) bool {
		for _, w := range m.ops {
			if f(w) {
				return true
			}
		}
		return false
	}
}

// nargs returns a predicate: at least n operands follow the path.
func nargs(n int) rowPred { return func(m *rowMatch) bool { return len(m.ops) >= n } }

// fold returns a word test: the word is one of the values, without case.
func fold(values ...string) func(Word) bool {
	return func(w Word) bool {
		for _, v := range values {
			if strings.EqualFold(w.Value, v) {
				return true
			}
		}
		return false
	}
}

// is returns a word test: the word is one of the values.
func is(values ...string) func(Word) bool {
	return func(w Word) bool {
		for _, v := range values {
			if w.Value == v {
				return true
			}
		}
		return false
	}
}

// rowCase is one case of a row, ready to match.
type rowCase struct {
	*Row
	Progs []string
	Opts  *argv.Spec
	paths [][][]string
}

// cases returns the row's own case and those of more, with what a case
// leaves unset taken from the row.
func (r *Row) Cases() []rowCase {
	var out []rowCase
	for _, c := range append([]*Row{r}, rowPtrs(r.More)...) {
		rc := rowCase{Row: c, Progs: c.Progs, Opts: c.Opts}
		if len(rc.Progs) == 0 {
			rc.Progs = r.Progs
		}
		if rc.Opts == nil {
			rc.Opts = r.Opts
		}
		for _, p := range strings.Split(c.Path, ",") {
			rc.paths = append(rc.paths, rowPath(p))
		}
		out = append(out, rc)
	}
	return out
}

func rowPtrs(rs []Row) []*Row {
	out := make([]*Row, len(rs))
	for i := range rs {
		out[i] = &rs[i]
	}
	return out
}

// Builtin returns the rule the row stands for.
func (r *Row) Builtin() Builtin {
	ex := ""
	if len(r.Hits) > 0 {
		ex = r.Hits[0]
	}
	// The walker dispatches on the programs, known here; the cases (the
	// paths split into words) are made the first time a command of one
	// of the programs is checked: most lines name none of them.
	lc := &lazyCases{r: r}
	return Builtin{
		Rule:  Rule{Name: r.Name, Level: r.Level, Description: r.Desc, Example: ex},
		Progs: r.allProgs(),
		Check: func(c *Command) []Hit {
			lc.once.Do(func() { lc.cases = lc.r.Cases() })
			for _, rc := range lc.cases {
				if !slices.Contains(rc.Progs, c.Name()) {
					continue // the walker dispatches on progs; CheckArgv and tests call every check
				}
				for _, path := range rc.paths {
					if m, ok := rc.match(c, path); ok {
						return hit(m.fill(rc.Why))
					}
				}
			}
			return nil
		},
	}
}

// lazyCases are a row's cases, made once, when first needed.
type lazyCases struct {
	once  sync.Once
	r     *Row
	cases []rowCase
}

// allProgs returns the programs of the row and of its cases, each once
// (a case without programs has the row's): the row's own list when the
// cases add none, as most do.
func (r *Row) allProgs() []string {
	own := len(r.Progs) > 0 // an empty list is not nil: everyCommand tells them apart
	for i, p := range r.Progs {
		own = own && !slices.Contains(r.Progs[:i], p)
	}
	for i := range r.More {
		for _, p := range r.More[i].Progs {
			own = own && slices.Contains(r.Progs, p)
		}
	}
	if own {
		return r.Progs
	}
	var progs []string
	add := func(ps []string) {
		for _, p := range ps {
			if !slices.Contains(progs, p) {
				progs = append(progs, p)
			}
		}
	}
	add(r.Progs)
	for i := range r.More {
		add(r.More[i].Progs)
	}
	return progs
}

// rowPath splits a path into its words' alternatives.
func rowPath(p string) [][]string {
	var out [][]string
	for _, w := range strings.Fields(p) {
		out = append(out, strings.Split(w, "|"))
	}
	return out
}

// match returns the first reading of c that the case matches.
func (r *rowCase) match(c *Command, path [][]string) (*rowMatch, bool) {
	if len(c.Args) == 0 {
		return nil, false
	}
	if !rowWordsPresent(c.Args[1:], path) {
		return nil, false // a word of the path is nowhere: no reading can match
	}
	spec := r.Opts
	if spec == nil {
		spec = &rowNoOpts
	}
	for _, rd := range rowReadings(spec, c.Args[1:], r.Goflags) {
		if rd.stopped || len(rd.pos) < len(path) {
			continue
		}
		ok := true
		for i, alts := range path {
			if !(alts[0] == "*" && rd.pos[i].Known || is(alts...)(rd.pos[i])) {
				ok = false
				break
			}
		}
		if !ok {
			continue
		}
		m := &rowMatch{c: c, opts: rd.opts, path: rd.pos[:len(path)], ops: rd.pos[len(path):]}
		for _, p := range r.When {
			if !p(m) {
				ok = false
				break
			}
		}
		if ok {
			return m, true
		}
	}
	return nil, false
}

// rowWordsPresent reports whether every word of path (but *) is one of
// args: what the readings must find, checked before they are made.
func rowWordsPresent(args []Word, path [][]string) bool {
	for _, alts := range path {
		if alts[0] == "*" {
			continue
		}
		if !slices.ContainsFunc(args, func(w Word) bool { return slices.Contains(alts, w.Value) }) {
			return false
		}
	}
	return true
}

// rowNoOpts is the grammar of a program whose options a row does not
// know: every option is read every way it could be.
var rowNoOpts = argv.Spec{LongStop: []string{"help", "version"}}

// cli returns the option grammar of a CLI with subcommands: the short
// options that take a value, the long ones that do (the rest are read
// every way), -h, --help and --version showing help.
func cli(valued string, longValued ...string) *argv.Spec {
	return &argv.Spec{Valued: valued, Stop: "h", LongValued: longValued, LongStop: []string{"help", "version"}}
}

// withFlags adds flags a row's predicates read to a grammar: a flag the
// grammar does not know could take the next word as its value, and an
// option after it would then be read as that value.
func withFlags(sp *argv.Spec, short string, long ...string) *argv.Spec {
	c := *sp
	c.Flags += short
	c.LongFlags = append(append([]string(nil), c.LongFlags...), long...)
	return &c
}

// fill fills a template; a field's default text is a template too.
func (m *rowMatch) fill(t string) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(t, '{')
		if i < 0 {
			b.WriteString(t)
			return b.String()
		}
		j, depth := i+1, 1
		for ; j < len(t) && depth > 0; j++ {
			switch t[j] {
			case '{':
				depth++
			case '}':
				depth--
			}
		}
		if depth > 0 {
			b.WriteString(t)
			return b.String()
		}
		b.WriteString(t[:i])
		inner := t[i+1 : j-1]
		key, text, sep := inner, "", byte(0)
		if k := strings.IndexAny(inner, "|?"); k >= 0 {
			key, text, sep = inner[:k], inner[k+1:], inner[k]
		}
		v := ""
		for _, k := range strings.Split(key, "/") {
			if v = m.field(k); v != "" {
				break
			}
		}
		if sep == '?' {
			// {X?then|else}: the else part is optional.
			then, els := rowCutTop(text)
			if v != "" {
				v = m.fill(then)
			} else {
				v = m.fill(els)
			}
		} else if v == "" {
			v = m.fill(text)
		}
		b.WriteString(v)
		t = t[j:]
	}
}

// rowCutTop cuts a template at its first | outside braces.
func rowCutTop(t string) (string, string) {
	depth := 0
	for i := 0; i < len(t); i++ {
		switch t[i] {
		case '{':
			depth++
		case '}':
			depth--
		case '|':
			if depth == 0 {
				return t[:i], t[i+1:]
			}
		}
	}
	return t, ""
}

// field returns the text of one template field, "" when absent.
func (m *rowMatch) field(key string) string {
	switch {
	case key == "prog":
		return m.c.Name()
	case key == "path":
		return infraJoin(m.path)
	case strings.HasPrefix(key, "path") && len(key) > 4:
		n, err := strconv.Atoi(key[4:])
		if err != nil || n < 1 || n > len(m.path) {
			return ""
		}
		return m.path[n-1].Value
	case strings.HasPrefix(key, "+"):
		// The option as written, when it is given.
		if o, ok := m.opt(key[1:]); ok {
			if o.Long {
				return "--" + o.Name
			}
			return "-" + o.Name
		}
		return ""
	case key == "last":
		if len(m.ops) == 0 {
			return ""
		}
		return xoptShow(m.ops[len(m.ops)-1])
	// Not a word: a template field {-NAME} names an option's value.
	case strings.HasPrefix(key, "-"):
		if o, ok := m.opt(strings.TrimPrefix(key, "-")); ok && o.HasValue {
			return strings.ReplaceAll(o.Value, Unknown, "…")
		}
		return ""
	case strings.HasSuffix(key, "+"):
		n, err := strconv.Atoi(strings.TrimSuffix(key, "+"))
		if err != nil || n < 1 || n > len(m.ops) {
			return ""
		}
		return xoptList(m.ops[n-1:])
	}
	n, err := strconv.Atoi(key)
	if err != nil || n < 1 || n > len(m.ops) {
		return ""
	}
	return xoptShow(m.ops[n-1])
}

// rowBuiltins returns the rules of a row table.
func rowBuiltins(t []Row) []Builtin {
	out := make([]Builtin, len(t))
	for i := range t {
		out[i] = t[i].Builtin()
	}
	return out
}

// rowTables returns the row tables, in the order their rules are listed.
func rowTables() [][]Row {
	var out [][]Row
	for _, f := range families {
		if f.rows != nil {
			out = append(out, f.rows())
		}
	}
	return out
}
