package argv

import (
	"slices"
	"strings"
)

// Getopt: one reading of a program's whole command line, options and
// operands mixed, as GNU getopt_long reads it (rm -rf a -v b, git reset
// --hard HEAD~1, psql -c SQL db). Parse, above, reads a wrapper's options
// up to its command, every way an unknown option could be read; Getopt
// reads a program's own arguments once, for the rules that look at its
// options and its operands.
//
// The grammar is a Spec, with the fields that matter here:
//
//   - Valued, Optional, LongValued, LongOptional: options that take a
//     value (the rest of the word or the next one; attached only);
//   - Stop, LongStop: help and version options (Scanned.Stopped): the
//     program prints and does nothing;
//   - Flags: with StrictShort, the only letters a bundle may hold, any
//     other word starting with - being an operand (chmod -w FILE);
//   - UnknownLongValued: a long option the grammar does not list takes a
//     value (--region us-east-1), as in the cloud CLIs; else it is a flag;
//   - Exact: long options are not abbreviated;
//   - Posix: the options end at the first operand (docker run IMAGE CMD);
//   - GoFlags: -name is the long option name, as Go's flag package and
//     the tools written with it read it (terraform -auto-approve);
//   - Last, LongLast: options after which the options end (python -c
//     CODE ARGS);
//   - UnknownEnds: an unknown short option ends its word, whose rest may
//     be its value (awk -safe is not -s -a -f e).
//
// An unknown short option (Opt.Unknown) is a flag, and the bundle goes on. A non-ASCII
// byte in a bundle (a part only known at run time) ends it unread. "--"
// ends the options; "-" is an operand.

// Scanned is one reading of a command line by Getopt.
type Scanned struct {
	// Opts are the options, in order, with the index of their word and,
	// for a value in the next word, of that word.
	Opts []Opt
	// Operands are the indexes of the operands, in order.
	Operands []int
	// DashDash is the index in Operands of the first operand after "--",
	// -1 when there is no "--".
	DashDash int
	// Stopped reports a help or version option.
	Stopped bool
	// RunTime reports a bundle cut short by a part only known at run
	// time ("-$FLAGS"): it may hold any option.
	RunTime bool
}

// Getopt reads args (the words after the program's name) with the
// grammar; text gives a word's text.
func Getopt[W any](sp *Spec, args []W, text func(W) string) Scanned {
	return GetoptBuf(sp, args, text, nil, nil)
}

// GetoptBuf is Getopt appending the options to opts[:0] and the operands
// to operands[:0]: with arrays of the caller's that are large enough (on
// its stack), the reading allocates nothing.
func GetoptBuf[W any](sp *Spec, args []W, text func(W) string, opts []Opt, operands []int) Scanned {
	s := Scanned{Opts: opts[:0], Operands: operands[:0], DashDash: -1}
	stopped := false
	for i := 0; i < len(args); i++ {
		v := text(args[i])
		switch {
		case stopped || len(v) < 2 || v[0] != '-' || sp.StrictShort && v[1] != '-' && strings.Trim(v[1:], sp.Flags+sp.Valued+sp.Optional+sp.Stop) != "":
			if cap(s.Operands) == 0 {
				s.Operands = make([]int, 0, len(args)-i)
			}
			s.Operands = append(s.Operands, i)
			stopped = stopped || sp.Posix
		case v == "--":
			stopped = true
			s.DashDash = len(s.Operands)
		case sp.GoFlags || v[1] == '-':
			n := len(s.Opts)
			s, i = getoptLong(s, sp, args, text, i, v)
			stopped = sp.lastIn(s.Opts[n:])
		default:
			n := len(s.Opts)
			s, i = getoptShort(s, sp, args, text, i, v)
			stopped = sp.lastIn(s.Opts[n:])
		}
	}
	return s
}

// lastIn reports an option after which the options end (Last,
// LongLast) among opts: python -c CODE, whose next words are its
// arguments.
func (sp *Spec) lastIn(opts []Opt) bool {
	for _, o := range opts {
		if o.Long && slices.Contains(sp.LongLast, o.Name) || !o.Long && strings.IndexByte(sp.Last, o.Name[0]) >= 0 {
			return true
		}
	}
	return false
}

// add appends an option; the first makes room for one per word left.
func (s Scanned) add(o Opt, left int) Scanned {
	if cap(s.Opts) == 0 {
		s.Opts = make([]Opt, 0, left)
	}
	s.Opts = append(s.Opts, o)
	return s
}

// getoptLong reads the long option in word i (its text v); it returns the
// index of the last word it used.
func getoptLong[W any](s Scanned, sp *Spec, args []W, text func(W) string, i int, v string) (Scanned, int) {
	name, val, hasVal := strings.Cut(strings.TrimPrefix(v[1:], "-"), "=")
	// As written first: --help is help even where a list of flags has it.
	full, kind := name, sp.exactKind(name)
	if kind == kindUnknown && !sp.Exact {
		full, kind = sp.longKind(name)
	}
	o := Opt{Name: full, Long: true, Value: val, HasValue: hasVal, Index: i, ValueIndex: -1}
	valued := false
	switch kind {
	case kindStop:
		s.Stopped = true
	case kindValued:
		valued = true
	case kindUnknown:
		o.Unknown = true
		valued = sp.UnknownLongValued
	}
	if valued && !hasVal && i+1 < len(args) {
		i++
		o.Value, o.HasValue, o.ValueIndex = text(args[i]), true, i
	}
	return s.add(o, len(args)-i), i
}

// getoptShort reads the bundle of short options in word i (its text v);
// it returns the index of the last word it used.
func getoptShort[W any](s Scanned, sp *Spec, args []W, text func(W) string, i int, v string) (Scanned, int) {
	for j := 1; j < len(v); j++ {
		c := v[j]
		if c >= 0x80 {
			// A part only known at run time: what it holds is not read.
			s.RunTime = true
			break
		}
		o := Opt{Name: v[j : j+1], Index: i, ValueIndex: -1}
		switch {
		case strings.IndexByte(sp.Stop, c) >= 0:
			s.Stopped = true
		case strings.IndexByte(sp.Valued, c) >= 0:
			if j+1 < len(v) {
				o.Value, o.HasValue = v[j+1:], true
			} else if i+1 < len(args) {
				i++
				o.Value, o.HasValue, o.ValueIndex = text(args[i]), true, i
			}
			return s.add(o, len(args)-i), i
		case strings.IndexByte(sp.Optional, c) >= 0:
			if j+1 < len(v) {
				o.Value, o.HasValue = v[j+1:], true
			}
			return s.add(o, len(args)-i), i
		case strings.IndexByte(sp.Flags, c) < 0:
			o.Unknown = true
			if sp.UnknownEnds {
				// The rest of the word may be its value: it is not read.
				return s.add(o, len(args)-i), i
			}
		}
		s = s.add(o, len(args)-i)
	}
	return s, i
}
