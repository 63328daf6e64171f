package rules

// The one way the rules read a program's own options: internal/argv's
// Getopt over the command's words, with each option's value as a word.

import (
	"strings"

	"guardsh/internal/argv"
)

// Opt is one option as ReadOpts read it: argv's reading (Name, Long,
// HasValue, Index) and its value as a word (zero when it has none).
type Opt struct {
	argv.Opt
	Val Word
}

// Opts is a command line read by ReadOpts.
type Opts struct {
	// Opts are the options, in order.
	Opts []Opt
	// Operands are the operands, in order.
	Operands []Word
	// Dd is the index in Operands of the first operand after "--", -1
	// when there is no "--".
	Dd int
	// Info reports a help or version option: the program only prints.
	Info bool
	// unknownOpt reports a word before "--" only known at run time that
	// could hold options ("$FLAGS", "-$X").
	unknownOpt bool
}

// ReadOpts reads ws (the program name excluded) with sp, as getopt_long
// does (see internal/argv's Getopt): options may follow operands, "--"
// ends the options. A word whose value starts with an unknown part is an
// operand.
func ReadOpts(ws []Word, sp *argv.Spec) Opts {
	var ob [8]argv.Opt
	var nb [8]int
	s := argv.GetoptBuf(sp, ws, WordText, ob[:], nb[:])
	r := Opts{Dd: s.DashDash, Info: s.Stopped, unknownOpt: s.RunTime}
	if len(s.Opts) > 0 {
		r.Opts = make([]Opt, len(s.Opts))
		for i, o := range s.Opts {
			r.Opts[i].Opt = o
			if o.HasValue {
				r.Opts[i].Val = OptWord(ws, o)
			}
		}
	}
	if len(s.Operands) > 0 {
		r.Operands = make([]Word, len(s.Operands))
		for i, k := range s.Operands {
			r.Operands[i] = ws[k]
			if (s.DashDash < 0 || i < s.DashDash) && strings.HasPrefix(ws[k].Value, Unknown) {
				r.unknownOpt = true // "$FLAGS": it could hold options
			}
		}
	}
	return r
}

// Has reports whether one of the options was given, each named without
// its dashes: a letter ("r") or a long name ("recursive").
func (r *Opts) Has(names ...string) bool {
	for _, o := range r.Opts {
		for _, n := range names {
			if o.Name == n {
				return true
			}
		}
	}
	return false
}

// Arg returns the value of the last of the options given, and whether
// one was given (a flag has no value).
func (r *Opts) Arg(names ...string) (Word, bool) {
	for i := len(r.Opts) - 1; i >= 0; i-- {
		for _, n := range names {
			if r.Opts[i].Name == n {
				return r.Opts[i].Val, true
			}
		}
	}
	return Word{}, false
}

// Last returns the value of the last of the options given that has one.
func (r *Opts) Last(names ...string) (Word, bool) {
	for i := len(r.Opts) - 1; i >= 0; i-- {
		if !r.Opts[i].HasValue {
			continue
		}
		for _, n := range names {
			if r.Opts[i].Name == n {
				return r.Opts[i].Val, true
			}
		}
	}
	return Word{}, false
}

// All returns the values of every one of the options given, in order.
func (r *Opts) All(names ...string) []Word {
	var out []Word
	for _, o := range r.Opts {
		if !o.HasValue {
			continue
		}
		for _, n := range names {
			if o.Name == n {
				out = append(out, o.Val)
				break
			}
		}
	}
	return out
}

// WordText is a word's text, for argv.Getopt.
func WordText(w Word) string { return w.Value }

// OptWord returns an option's value as a word.
func OptWord(ws []Word, o argv.Opt) Word {
	if o.ValueIndex >= 0 {
		return ws[o.ValueIndex]
	}
	return fsPart(ws[o.Index], o.Value)
}
