package rules

// xopt: the options of a command line, read with internal/argv, as the git, infra and system families use them.

import (
	"strings"

	"guardsh/internal/argv"
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

// ---- options as the git, infra and system families read them ----

// xopt is one option found on a command line.
type xopt struct {
	short  byte   // the letter of a short option, 0 for a long one
	long   string // the name of a long option without dashes
	val    Word
	hasVal bool
}

// xoptRes is a command line read by internal/argv's Getopt: the options
// and the operands, as words.
type xoptRes struct {
	opts []xopt
	Args []Word
	// dd is the index in args of the first operand after "--", -1 when
	// there is no "--".
	Dd int
	// help reports a help or version option: the program prints and
	// exits.
	Help bool
}

// WordText is a word's text, for argv.Getopt.
func WordText(w Word) string { return w.Value }

// xoptSub returns a word for part of w's value.
func xoptSub(w Word, s string) Word { return fsPart(w, s) }

// OptWord returns an option's value as a word.
func OptWord(ws []Word, o argv.Opt) Word {
	if o.ValueIndex >= 0 {
		return ws[o.ValueIndex]
	}
	return xoptSub(ws[o.Index], o.Value)
}

// XoptParse reads words (the program name excluded) with sp, the way
// getopt_long does (see internal/argv's Getopt). A word whose value
// starts with an unknown part is an operand.
func XoptParse(ws []Word, sp *argv.Spec) xoptRes {
	var ob [8]argv.Opt
	var nb [8]int
	s := argv.GetoptBuf(sp, ws, WordText, ob[:], nb[:])
	r := xoptRes{Dd: s.DashDash, Help: s.Stopped}
	if len(s.Opts) > 0 {
		r.opts = make([]xopt, len(s.Opts))
		for i, o := range s.Opts {
			x := xopt{hasVal: o.HasValue}
			if o.Long {
				x.long = o.Name
			} else {
				x.short = o.Name[0]
			}
			if o.HasValue {
				x.val = OptWord(ws, o)
			}
			r.opts[i] = x
		}
	}
	if len(s.Operands) > 0 {
		r.Args = make([]Word, len(s.Operands))
		for i, k := range s.Operands {
			r.Args[i] = ws[k]
		}
	}
	return r
}

// has reports whether the short option (0 for none) or one of the long
// options was given.
func (r *xoptRes) Has(short byte, longs ...string) bool {
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
func (r *xoptRes) Last(short byte, longs ...string) (Word, bool) {
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
