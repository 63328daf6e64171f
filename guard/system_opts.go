package guard

// xopt: the getopt-like option parser shared by the git, infra and system families.

import (
	"slices"
	"strings"
)

// xoptShow returns a word's value for a reason, "…" standing for parts
// that are unknown.
func xoptShow(w Word) string {
	if w.Known {
		return w.Value
	}
	return strings.ReplaceAll(w.Value, Unknown, "…")
}

// xoptList joins words for a reason: "a, b, c, ...".
func xoptList(ws []Word) string {
	var b strings.Builder
	n := 0
	for _, w := range ws {
		if w.Value == "" {
			continue
		}
		if n > 0 {
			b.WriteString(", ")
		}
		if n == 4 {
			b.WriteString("...")
			break
		}
		b.WriteString(xoptShow(w))
		n++
	}
	return b.String()
}

// ---- option parsing shared by the git, infra and system families ----

// xoptSpec describes how one program parses its options, for xoptParse.
type xoptSpec struct {
	// shortArg lists the short options that take a value, attached (-Cdir)
	// or in the next word (-C dir).
	shortArg string
	// shortOpt lists short options whose value is optional and only ever
	// attached (mysql -ppassword).
	shortOpt string
	// longArg lists the long options that take a value (--opt v, --opt=v).
	longArg []string
	// longBool lists long options without a value; with longArgDefault,
	// every other long option takes one.
	longBool       []string
	longArgDefault bool
	// abbrev accepts a unique prefix of a listed long option (getopt_long,
	// git's parse-options).
	abbrev bool
	// posix ends the options at the first operand.
	posix bool
	// oneDash makes every -word a long option (Go's flag package,
	// terraform, sqlite3); -h, -help and -version are help.
	oneDash bool
	// helpShort is a short option meaning help, 0 when none.
	helpShort byte
}

// xopt is one option found on a command line.
type xopt struct {
	short  byte   // the letter of a short option, 0 for a long one
	long   string // the name of a long option without dashes
	val    Word
	hasVal bool
}

// xoptRes is a parsed command line: the options and the operands.
type xoptRes struct {
	opts []xopt
	args []Word
	// dd is the index in args of the first operand after "--", -1 when
	// there is no "--".
	dd int
	// help reports --help or --version (or the spec's help option): the
	// program prints and exits.
	help bool
}

func (sp *xoptSpec) resolve(name string) string {
	if slices.Contains(sp.longArg, name) || slices.Contains(sp.longBool, name) || !sp.abbrev || name == "" {
		return name
	}
	found := ""
	for _, list := range [2][]string{sp.longArg, sp.longBool} {
		for _, n := range list {
			if strings.HasPrefix(n, name) {
				if found != "" && found != n {
					return name // ambiguous
				}
				found = n
			}
		}
	}
	if found == "" {
		return name
	}
	return found
}

func (sp *xoptSpec) takesArg(name string) bool {
	switch {
	case slices.Contains(sp.longArg, name):
		return true
	case slices.Contains(sp.longBool, name):
		return false
	}
	return sp.longArgDefault
}

// xoptSub returns a word for part of w's value.
func xoptSub(w Word, s string) Word {
	return Word{Value: s, Known: !strings.Contains(s, Unknown), Glob: w.Glob, Vars: w.Vars, Subst: w.Subst}
}

// xoptParse splits words (the program name excluded) into options and
// operands the way getopt_long does: bundled short options, values
// attached or separate, long options with = or a separate value, "--"
// ending the options, and operands mixed with options unless sp.posix. A
// word whose value starts with an unknown part is an operand.
func xoptParse(ws []Word, sp *xoptSpec) xoptRes {
	r := xoptRes{dd: -1}
	stopped := false
	for i := 0; i < len(ws); i++ {
		w := ws[i]
		v := w.Value
		if stopped || len(v) < 2 || v[0] != '-' {
			if r.args == nil {
				// One allocation instead of a growth per word, none when
				// there are no operands.
				r.args = make([]Word, 0, len(ws)-i)
			}
			r.args = append(r.args, w)
			if sp.posix {
				stopped = true
			}
			continue
		}
		if v == "--" {
			stopped = true
			r.dd = len(r.args)
			continue
		}
		if sp.oneDash || v[1] == '-' {
			name := strings.TrimPrefix(v[1:], "-")
			val, hasEq := "", false
			if j := strings.IndexByte(name, '='); j >= 0 {
				name, val, hasEq = name[:j], name[j+1:], true
			}
			name = sp.resolve(name)
			switch name {
			case "help", "version":
				r.help = true
			case "h":
				if sp.oneDash {
					r.help = true
				}
			}
			o := xopt{long: name}
			if hasEq {
				o.val, o.hasVal = xoptSub(w, val), true
			} else if sp.takesArg(name) && i+1 < len(ws) {
				i++
				o.val, o.hasVal = ws[i], true
			}
			r.addOpt(o, len(ws)-i)
			continue
		}
		for j := 1; j < len(v); j++ {
			ch := v[j]
			if ch == sp.helpShort && len(v) == 2 {
				r.help = true
			}
			o := xopt{short: ch}
			if strings.IndexByte(sp.shortArg, ch) >= 0 {
				if j+1 < len(v) {
					o.val, o.hasVal = xoptSub(w, v[j+1:]), true
				} else if i+1 < len(ws) {
					i++
					o.val, o.hasVal = ws[i], true
				}
				r.addOpt(o, len(ws)-i)
				break
			}
			if strings.IndexByte(sp.shortOpt, ch) >= 0 {
				if j+1 < len(v) {
					o.val, o.hasVal = xoptSub(w, v[j+1:]), true
				}
				r.addOpt(o, len(ws)-i)
				break
			}
			r.addOpt(o, len(ws)-i)
		}
	}
	return r
}

// addOpt appends an option; the first makes room for one per word left.
func (r *xoptRes) addOpt(o xopt, left int) {
	if r.opts == nil {
		r.opts = make([]xopt, 0, left)
	}
	r.opts = append(r.opts, o)
}

// has reports whether the short option (0 for none) or one of the long
// options was given.
func (r *xoptRes) has(short byte, longs ...string) bool {
	for _, o := range r.opts {
		if o.short != 0 && o.short == short {
			return true
		}
		if o.long != "" {
			for _, l := range longs {
				if o.long == l {
					return true
				}
			}
		}
	}
	return false
}

// last returns the value of the last of the given options that has one.
func (r *xoptRes) last(short byte, longs ...string) (Word, bool) {
	for i := len(r.opts) - 1; i >= 0; i-- {
		o := r.opts[i]
		if !o.hasVal {
			continue
		}
		if o.short != 0 && o.short == short {
			return o.val, true
		}
		if o.long != "" {
			for _, l := range longs {
				if o.long == l {
					return o.val, true
				}
			}
		}
	}
	return Word{}, false
}

// all returns the values of every given option, in order.
func (r *xoptRes) all(short byte, longs ...string) []Word {
	var out []Word
	for _, o := range r.opts {
		if !o.hasVal {
			continue
		}
		match := o.short != 0 && o.short == short
		for _, l := range longs {
			if o.long != "" && o.long == l {
				match = true
			}
		}
		if match {
			out = append(out, o.val)
		}
	}
	return out
}
