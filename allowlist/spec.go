package allowlist

import (
	"slices"
	"strings"
)

// Spec is what auto mode allows for one command: its flags, its operands
// and, for commands with subcommands, each allowed subcommand. A table of
// Specs is data; everything not listed asks.
type Spec struct {
	// Name is the program's name, as typed (git, sha256sum) or, for a
	// subcommand, the subcommand's name (log, stash).
	Name string
	// Short lists the allowed short flags in getopt(3) syntax: each letter,
	// followed by ':' when the flag takes a value (attached, -n5, or the
	// next word, -n 5) or by '::' when the value is optional and can only
	// be attached (-w8).
	Short string
	// Long lists the allowed long flags without their dashes: "name" takes
	// no value, "name=" takes one (--name=v or --name v), "name=?" takes an
	// optional one that can only follow '=', "name=!" takes the next word
	// unless it is the last argument (git's --merged, --contains).
	Long []string
	// Deny lists long flags the real program has but auto mode does not
	// allow (sort's "output"). They only serve to find abbreviations that
	// the real program would read as one of them, or find ambiguous.
	Deny []string
	// Why gives the reason for flags that are not allowed, by their name
	// with dashes ("-i": "sed -i writes files").
	Why map[string]string
	// NoAbbrev reports that the program takes long flags only spelled in
	// full (git's global options, clap-based tools). Abbreviations ask.
	NoAbbrev bool
	// NumOpt allows the obsolete count flag -NUM (head -5, grep -3).
	NumOpt bool
	// NoPermute reports that flags end at the first operand (POSIX
	// getopt, shell builtins, commands with subcommands); GNU programs
	// take flags after operands too.
	NoPermute bool
	// MaxOperands is the most operands allowed; 0 means no limit.
	MaxOperands int
	// NoOperands reports that no operand is allowed (hostname).
	NoOperands bool
	// Need lists flags of which at least one must be given (node
	// --version: without it, node would run a program).
	Need []string
	// GlobSafe reports that an unquoted glob may expand into this command's
	// arguments: no flag of the real program writes, runs or leaks
	// anything, so a file named like a flag changes nothing that matters.
	GlobSafe bool
	// NoRead reports that the command looks at names and metadata only,
	// never at file contents, so naming a credential file is harmless.
	NoRead bool
	// Subs are the allowed subcommands; the first operand must name one.
	// Flags before it are this Spec's (NoPermute is implied).
	Subs []Spec
	// Bare allows a command with Subs to be run without a subcommand.
	Bare bool
	// Raw skips flag parsing: Check gets the arguments as they are. For
	// commands with their own grammar (find, echo, ip).
	Raw bool
	// Check, when set, has the last word: it returns why the call is not
	// auto-safe, or "".
	Check func(c *Call) string
	// Note says in a few words what is special about the command, for the
	// documentation.
	Note string
}

// Opt is one flag of a call, after getopt parsing.
type Opt struct {
	// Name is the flag's full name with its dashes: "-n", "--lines".
	Name string
	// Value is the flag's value, when HasValue.
	Value string
	// HasValue reports that the flag was given a value.
	HasValue bool
}

// Call is one command as its program would parse it.
type Call struct {
	// Name is the program's name (for a subcommand, "git log").
	Name string
	// Args are the arguments after the program (or subcommand) name.
	Args []Arg
	// Opts are the flags, in order. Empty for Raw specs.
	Opts []Opt
	// Operands are the arguments that are not flags or flag values.
	Operands []Arg
}

// Has reports whether the call has any of the named flags.
func (c *Call) Has(names ...string) bool {
	for _, o := range c.Opts {
		if slices.Contains(names, o.Name) {
			return true
		}
	}
	return false
}

// Values returns the values given to any of the named flags.
func (c *Call) Values(names ...string) []string {
	var vs []string
	for _, o := range c.Opts {
		if o.HasValue && slices.Contains(names, o.Name) {
			vs = append(vs, o.Value)
		}
	}
	return vs
}

// valueKind says whether a flag takes a value.
type valueKind int

const (
	noValue valueKind = iota
	needValue
	optValue  // attached or after '=' only
	lastValue // the next word, unless the flag is the last argument (git)
)

// short returns whether the spec allows the short flag c, and its value kind.
func (s *Spec) short(c rune) (valueKind, bool) {
	if c == ':' {
		return 0, false
	}
	i := strings.IndexRune(s.Short, c)
	if i < 0 {
		return 0, false
	}
	rest := s.Short[i+len(string(c)):]
	switch {
	case strings.HasPrefix(rest, "::"):
		return optValue, true
	case strings.HasPrefix(rest, ":"):
		return needValue, true
	}
	return noValue, true
}

// long resolves a long flag name, possibly abbreviated, to its full name
// and value kind, or returns a reason.
func (s *Spec) long(name, cmd string) (string, valueKind, string) {
	split := func(l string) (string, valueKind) {
		if n, ok := strings.CutSuffix(l, "=?"); ok {
			return n, optValue
		}
		if n, ok := strings.CutSuffix(l, "=!"); ok {
			return n, lastValue
		}
		if n, ok := strings.CutSuffix(l, "="); ok {
			return n, needValue
		}
		return l, noValue
	}
	var match []string
	var kinds []valueKind
	for _, l := range s.Long {
		n, k := split(l)
		if n == name {
			return n, k, ""
		}
		if strings.HasPrefix(n, name) && !slices.Contains(match, n) {
			match = append(match, n)
			kinds = append(kinds, k)
		}
	}
	var denied []string
	for _, d := range s.Deny {
		if d == name {
			return "", 0, s.why("--"+d, cmd)
		}
		if strings.HasPrefix(d, name) {
			denied = append(denied, d)
		}
	}
	switch {
	case len(match)+len(denied) == 0:
		return "", 0, "unknown flag --" + name + " for " + cmd
	case s.NoAbbrev:
		return "", 0, "--" + name + " is an abbreviation " + cmd + " may not take"
	case len(denied) > 0:
		return "", 0, s.why("--"+denied[0], cmd)
	case len(match) > 1:
		return "", 0, "--" + name + " is an ambiguous abbreviation for " + cmd
	}
	return match[0], kinds[0], ""
}

// why returns the reason a flag is not allowed.
func (s *Spec) why(flag, cmd string) string {
	if r, ok := s.Why[flag]; ok {
		return r
	}
	return cmd + " " + flag + " is not allowed"
}

// globValue reports a glob in the value of a long flag (--include=*.go):
// whatever it expands to is the same flag with another value.
func globValue(t string) bool {
	i := strings.IndexAny(t, "*?[")
	if i < 0 {
		i = len(t) // no glob character: the text stands for itself
	}
	return strings.HasPrefix(t, "--") && strings.Contains(t[:i], "=")
}

// isNum reports whether s is all ASCII digits and not empty.
func isNum(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// parse splits args into flags and operands as the program's getopt
// would, and returns a reason when a flag is not allowed. With subs, it
// stops at the first operand and returns the index of that argument.
func (s *Spec) parse(name string, args []Arg) (*Call, int, string) {
	c := &Call{Name: name, Args: args}
	stopAtOperand := s.NoPermute || len(s.Subs) > 0
	done := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		t := a.Text
		if done || t == "-" || !strings.HasPrefix(t, "-") {
			if a.Glob && strings.HasPrefix(t, "-") {
				return nil, 0, "a glob may expand to flags"
			}
			if len(s.Subs) > 0 && !done {
				return c, i, ""
			}
			c.Operands = append(c.Operands, a)
			if stopAtOperand {
				done = true
			}
			continue
		}
		if a.Glob && !globValue(t) {
			return nil, 0, "a glob may expand to flags"
		}
		if t == "--" {
			done = true
			if len(s.Subs) > 0 {
				return c, i + 1, ""
			}
			continue
		}
		if body, ok := strings.CutPrefix(t, "--"); ok {
			n, v, hasEq := strings.Cut(body, "=")
			full, kind, r := s.long(n, name)
			if r != "" {
				return nil, 0, r
			}
			o := Opt{Name: "--" + full}
			switch {
			case kind == noValue && hasEq:
				return nil, 0, "--" + full + " takes no value"
			case hasEq:
				o.Value, o.HasValue = v, true
			case kind == lastValue && i+1 >= len(args):
			case kind == needValue || kind == lastValue:
				if i+1 >= len(args) {
					return nil, 0, "--" + full + " needs a value"
				}
				i++
				if args[i].Glob {
					return nil, 0, "a glob is a flag's value"
				}
				o.Value, o.HasValue = args[i].Text, true
			}
			c.Opts = append(c.Opts, o)
			continue
		}
		if s.NumOpt && isNum(t[1:]) {
			c.Opts = append(c.Opts, Opt{Name: "-NUM", Value: t[1:], HasValue: true})
			continue
		}
		letters := []rune(t[1:])
		for j := 0; j < len(letters); j++ {
			l := letters[j]
			kind, ok := s.short(l)
			if !ok {
				if _, known := s.Why["-"+string(l)]; known {
					return nil, 0, s.why("-"+string(l), name)
				}
				return nil, 0, "unknown flag -" + string(l) + " for " + name
			}
			o := Opt{Name: "-" + string(l)}
			rest := string(letters[j+1:])
			if kind == noValue {
				c.Opts = append(c.Opts, o)
				continue
			}
			switch {
			case rest != "":
				o.Value, o.HasValue = rest, true
			case kind == needValue:
				if i+1 >= len(args) {
					return nil, 0, "-" + string(l) + " needs a value"
				}
				i++
				if args[i].Glob {
					return nil, 0, "a glob is a flag's value"
				}
				o.Value, o.HasValue = args[i].Text, true
			}
			c.Opts = append(c.Opts, o)
			break
		}
	}
	return c, len(args), ""
}
