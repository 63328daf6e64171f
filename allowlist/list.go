package allowlist

import (
	"maps"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// List is the set of commands auto mode trusts. It is read-only after New
// and safe for concurrent use.
type List struct {
	specs map[string]*Spec
}

// New returns the built-in list, with extra specs added: an extra spec for
// a command already listed adds its flags and subcommands to it; one for a
// new command adds the command.
func New(extra ...Spec) *List {
	builtin := builtinSpecs()
	l := &List{specs: make(map[string]*Spec, len(builtin)+len(extra))}
	for i := range builtin {
		// The table is made anew for this list: its specs are the list's
		// own without a copy (merge copies what it changes).
		l.add(&builtin[i])
	}
	for _, s := range extra {
		s = clone(s)
		l.add(&s)
	}
	return l
}

// add puts a spec in the list, merging it into one of the same name. The
// list keeps s, which no one else may change.
func (l *List) add(s *Spec) {
	if old, ok := l.specs[s.Name]; ok {
		merged := merge(*old, *s)
		l.specs[s.Name] = &merged
		return
	}
	l.specs[s.Name] = s
}

// clone copies a spec's slices, so that merging never writes to a table.
func clone(s Spec) Spec {
	s.Long = slices.Clone(s.Long)
	s.Deny = slices.Clone(s.Deny)
	s.Need = slices.Clone(s.Need)
	s.Why = maps.Clone(s.Why)
	subs := make([]Spec, len(s.Subs))
	for i, sub := range s.Subs {
		subs[i] = clone(sub)
	}
	s.Subs = subs
	return s
}

// merge adds extra's flags, limits and subcommands to base.
func merge(base, extra Spec) Spec {
	base = clone(base)
	for _, r := range extra.Short {
		if r != ':' && !strings.ContainsRune(base.Short, r) {
			i := strings.IndexRune(extra.Short, r)
			j := i + len(string(r))
			for j < len(extra.Short) && extra.Short[j] == ':' {
				j++
			}
			base.Short += extra.Short[i:j]
		}
	}
	for _, lf := range extra.Long {
		if !slices.Contains(base.Long, lf) {
			base.Long = append(base.Long, lf)
		}
	}
	base.Deny = slices.DeleteFunc(base.Deny, func(d string) bool {
		return slices.ContainsFunc(extra.Long, func(lf string) bool {
			return strings.TrimRight(lf, "=?!") == d
		})
	})
	for _, sub := range extra.Subs {
		if i := slices.IndexFunc(base.Subs, func(b Spec) bool { return b.Name == sub.Name }); i >= 0 {
			base.Subs[i] = merge(base.Subs[i], sub)
		} else {
			base.Subs = append(base.Subs, clone(sub))
		}
	}
	if extra.GlobSafe && extra.Name != "" && base.Short == extra.Short {
		base.GlobSafe = true
	}
	return base
}

// Commands returns the names of the listed commands, sorted.
func (l *List) Commands() []string {
	names := make([]string, 0, len(l.specs))
	for n := range l.specs {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// Spec returns a copy of the spec for a command, and whether it is listed.
func (l *List) Spec(name string) (Spec, bool) {
	s, ok := l.specs[name]
	if !ok {
		return Spec{}, false
	}
	return clone(*s), true
}

// CheckLine parses a line as bash and checks it. A line that does not
// parse is not auto-safe.
func (l *List) CheckLine(line string) (bool, string) {
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(line), "")
	if err != nil {
		return false, "the line does not parse"
	}
	return l.Check(f)
}

// Check reports whether auto mode may run a parsed line without a
// question: the file is one plain pipeline whose every stage is an allowed
// command with allowed arguments and redirects. When it is not, reason
// says why in a short sentence.
func (l *List) Check(f *syntax.File) (ok bool, reason string) {
	switch len(f.Stmts) {
	case 0:
		return false, "the line runs nothing"
	case 1:
	default:
		switch first := f.Stmts[0]; {
		case first.Background:
			return false, "`&` runs a command in the background"
		case first.Semicolon.IsValid():
			return false, "`;` joins two commands"
		}
		return false, "a newline joins two commands"
	}
	if r := l.stmt(f.Stmts[0]); r != "" {
		return false, r
	}
	return true, ""
}

// stmt checks one statement: a pipeline or a simple command.
func (l *List) stmt(s *syntax.Stmt) string {
	switch {
	case s.Background:
		return "`&` runs a command in the background"
	case s.Coprocess:
		return "a coprocess runs in the background"
	case s.Disown:
		return "the command is disowned"
	}
	for _, r := range s.Redirs {
		if why := l.redirect(r); why != "" {
			return why
		}
	}
	switch c := s.Cmd.(type) {
	case *syntax.CallExpr:
		return l.call(c)
	case *syntax.BinaryCmd:
		switch c.Op {
		case syntax.Pipe, syntax.PipeAll:
		case syntax.AndStmt:
			return "`&&` joins two commands"
		case syntax.OrStmt:
			return "`||` joins two commands"
		default:
			return "two commands are joined"
		}
		if r := l.stmt(c.X); r != "" {
			return r
		}
		return l.stmt(c.Y)
	case nil:
		return "the line runs nothing"
	case *syntax.Subshell:
		return "a subshell runs commands"
	case *syntax.Block:
		return "a `{ ... }` group runs commands"
	case *syntax.FuncDecl:
		return "the line defines a function"
	case *syntax.IfClause, *syntax.WhileClause, *syntax.ForClause, *syntax.CaseClause:
		return "the line has a compound command"
	case *syntax.CoprocClause:
		return "a coprocess runs in the background"
	case *syntax.DeclClause, *syntax.LetClause:
		return "the line sets variables"
	case *syntax.TimeClause:
		return "`time` runs a command"
	default:
		return "the line is not a simple command"
	}
}

// call checks one simple command.
func (l *List) call(c *syntax.CallExpr) string {
	if len(c.Args) == 0 {
		return "the line only sets variables"
	}
	for _, a := range c.Assigns {
		if r := assignment(a); r != "" {
			return r
		}
	}
	name, r := programName(c.Args[0])
	if r != "" {
		return r
	}
	spec, ok := l.specs[name]
	if !ok {
		return "`" + name + "` is not a read-only command auto mode knows"
	}
	var args []Arg
	for _, w := range c.Args[1:] {
		as, r := literalArgs(w)
		if r != "" {
			return r
		}
		args = append(args, as...)
	}
	return checkArgs(spec, name, args, true)
}

// ReadsOnly reports whether a command, its program's name and arguments
// as the program receives them, only reads: the program is listed and its
// flags and subcommands are allowed. Unlike Check, it does not look at
// which files the arguments name (credentials, devices): it answers what
// the program does with them, not whether auto mode may read them.
func (l *List) ReadsOnly(name string, args []Arg) bool {
	spec, ok := l.specs[name]
	return ok && checkArgs(spec, name, args, false) == ""
}

// checkArgs checks a command's arguments against its spec; paths asks
// for the rules about the files they name (credentials, devices).
func checkArgs(spec *Spec, name string, args []Arg, paths bool) string {
	for _, a := range args {
		if a.Glob && !spec.GlobSafe {
			return "an unquoted glob could expand to a flag of " + name
		}
		if strings.ContainsRune(a.Text, 0) {
			return "an argument has a NUL byte"
		}
	}
	if paths && !spec.NoRead {
		for _, a := range args {
			if r := credential(a); r != "" {
				return r
			}
		}
	}
	if spec.Raw {
		c := &Call{Name: name, Args: args, Operands: args}
		if paths && !spec.NoRead {
			if r := deviceCall(c); r != "" {
				return r
			}
		}
		if spec.Check != nil {
			return spec.Check(c)
		}
		return ""
	}
	c, next, r := spec.parse(name, args)
	if r != "" {
		return r
	}
	if paths && !spec.NoRead {
		if r := deviceCall(c); r != "" {
			return r
		}
	}
	if len(spec.Need) > 0 && !c.Has(spec.Need...) {
		return name + " needs " + strings.Join(spec.Need, " or ")
	}
	switch {
	case spec.NoOperands && len(c.Operands) > 0:
		return name + " takes no operand here"
	case spec.MaxOperands > 0 && len(c.Operands) > spec.MaxOperands:
		return name + " has too many operands (one may be an output file)"
	}
	if spec.Check != nil {
		if r := spec.Check(c); r != "" {
			return r
		}
	}
	if len(spec.Subs) == 0 {
		return ""
	}
	if next >= len(args) {
		if spec.Bare {
			return ""
		}
		return name + " needs a subcommand"
	}
	subName := args[next].Text
	for i := range spec.Subs {
		if sub := &spec.Subs[i]; sub.Name == subName {
			return checkArgs(sub, name+" "+subName, args[next+1:], paths)
		}
	}
	return "`" + name + " " + subName + "` is not a known read-only subcommand"
}
