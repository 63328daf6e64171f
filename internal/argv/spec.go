// Package argv holds guardsh's one option grammar: for every wrapper (a
// program that runs another program: sudo, env, nice, xargs, ...) and
// every shell, which options take a value, which are flags, which end the
// options, and where the wrapped command or the code starts. The static
// check (package guard) and the run-time check (package shell) read the
// same grammar from here.
//
// It fails closed: an option a grammar does not know is read every way it
// could be read (as a flag, and as an option taking the next word as its
// value), and each reading says which options it did not understand, so a
// caller can classify every reading and keep the highest.
//
// The package is pure: no I/O, no processes, no state.
package argv

import (
	"slices"
	"strings"
)

// Spec is the option grammar of a program that takes options and then
// runs a command.
type Spec struct {
	// Flags are the short options that take no value.
	Flags string
	// Valued are the short options that take a value: the rest of the
	// word (-uroot) or the next word (-u root).
	Valued string
	// Optional are the short options whose value is optional and only
	// attached (xargs -i[R], sudo -h[HOST]).
	Optional string
	// Stop are the short options after which no command runs (sudo -l).
	Stop string
	// LongFlags, LongValued, LongOptional and LongStop are the long
	// options, without their leading "--", sorted as the short ones are.
	LongFlags, LongValued, LongOptional, LongStop []string
	// LongAny reports that every long option is known, with its value
	// attached by = or none (valgrind --tool=memcheck, firejail --private).
	LongAny bool
	// Numeric reports that -N is an option (nice -5).
	Numeric bool
	// Assigns reports that NAME=VALUE words (any word with an = after its
	// first byte) before the command are settings, not the command (env,
	// sudo).
	Assigns bool
	// DashFlag reports that a lone "-" is an option (env -: an empty
	// environment), not the command.
	DashFlag bool
	// Operands is how many words come between the options and the command
	// (timeout DURATION, chroot DIR, flock FILE, taskset MASK).
	Operands int
	// Permute reports that options may also follow those operands
	// (ssh HOST -p 22 CMD).
	Permute bool

	// The fields below are read by Getopt only (see getopt.go).

	// StrictShort reports that a word of short options holds only Flags,
	// Valued and Optional letters; any other word starting with - is an
	// operand (chmod -w FILE: a mode).
	StrictShort bool
	// UnknownLongValued reports that a long option the grammar does not
	// list takes a value (the cloud CLIs: --region us-east-1).
	UnknownLongValued bool
	// Exact reports that long options are not abbreviated.
	Exact bool
	// Posix reports that the options end at the first operand.
	Posix bool
	// GoFlags reports Go's flag syntax: -name is the long option name.
	GoFlags bool
	// Last and LongLast are the options after which the options end: the
	// words after them are operands (python -c CODE ARGS, -m MOD ARGS).
	Last     string
	LongLast []string
	// UnknownEnds reports that an unknown short option ends its word:
	// the rest may be its value, and is not read.
	UnknownEnds bool
}

// Opt is one option as it was read.
type Opt struct {
	// Name is the option without its dashes: "u", "user".
	Name string
	// Long reports a long option (--user).
	Long bool
	// Value is its value, when it has one.
	Value string
	// HasValue reports that the option has a value.
	HasValue bool
	// Index is the index of the word the option is in.
	Index int
	// ValueIndex is the index of the word that holds the value when it is
	// the next word, -1 otherwise.
	ValueIndex int
	// Unknown reports an option the grammar does not know (Getopt).
	Unknown bool
}

// Reading is one way of splitting a wrapper's words into its options and
// the command it runs.
type Reading struct {
	// Cmd is the index of the command's first word; len(args) when no
	// command follows.
	Cmd int
	// Stopped reports an option after which no command runs (sudo -l).
	Stopped bool
	// Opts are the options read, in order.
	Opts []Opt
	// Operands are the indexes of the operands before the command
	// (timeout's DURATION).
	Operands []int
	// Unknown lists the options the grammar does not know, as written
	// ("-J", "--frobnicate").
	Unknown []string
	// Truncated reports that the readings were bounded: past maxReadings
	// unknown options, the rest were read as flags only, so other readings
	// were not made.
	Truncated bool
}

// Has reports an option read, by its short or long name ("" for none).
func (r Reading) Has(short, long string) bool {
	_, ok := r.Last(short, long)
	return ok
}

// Last returns the last value of an option, by its short or long name.
func (r Reading) Last(short, long string) (Opt, bool) {
	for i := len(r.Opts) - 1; i >= 0; i-- {
		o := r.Opts[i]
		if o.Long && o.Name == long && long != "" || !o.Long && o.Name == short && short != "" {
			return o, true
		}
	}
	return Opt{}, false
}

// maxReadings bounds the readings an argv splits into: past it, further
// unknown options are read as flags only (each is still reported).
const maxReadings = 16

// Parse splits args (the words after the program's name) into its
// options and the command that follows, every way the grammar allows:
// one reading when every option is known, more when an option is not
// known (it may take the next word as its value, or not). known reports
// whether the word at an index is known before the line runs; nil means
// every word is; an unknown word ends the options (it could be the
// command).
func (sp *Spec) Parse(args []string, known func(int) bool) []Reading {
	p := parser{sp: sp, args: args, known: known}
	p.run(0, Reading{}, 0)
	if p.truncated {
		for i := range p.out {
			p.out[i].Truncated = true
		}
	}
	return p.out
}

type parser struct {
	sp        *Spec
	args      []string
	known     func(int) bool
	out       []Reading
	forks     int // branches taken, bounded by maxReadings
	truncated bool
}

// fork reports whether another branch may be taken.
func (p *parser) fork() bool {
	if p.forks >= maxReadings {
		p.truncated = true
		return false
	}
	p.forks++
	return true
}

func (p *parser) isKnown(i int) bool { return p.known == nil || p.known(i) }

// fork returns a copy of r to go on with on another branch.
func fork(r Reading) Reading {
	r.Opts = slices.Clone(r.Opts)
	r.Operands = slices.Clone(r.Operands)
	r.Unknown = slices.Clone(r.Unknown)
	return r
}

func (p *parser) emit(r Reading) {
	for _, o := range p.out {
		if o.Cmd == r.Cmd && o.Stopped == r.Stopped {
			return // the same split, found another way
		}
	}
	p.out = append(p.out, r)
}

// run reads options from word i on; ops counts the operands read.
func (p *parser) run(i int, r Reading, ops int) {
	sp, args := p.sp, p.args
	for i < len(args) {
		if !p.isKnown(i) {
			break
		}
		v := args[i]
		if v == "--" {
			i++
			if ops < sp.Operands {
				// The operands and the command follow.
				ops, i = p.operands(&r, i, ops)
			}
			r.Cmd = i
			p.emit(r)
			return
		}
		if v == "-" && sp.DashFlag {
			r.Opts = append(r.Opts, Opt{Name: "-", Index: i, ValueIndex: -1})
			i++
			continue
		}
		if strings.HasPrefix(v, "--") {
			next, stop, ok := p.long(&r, i)
			if stop {
				r.Stopped, r.Cmd = true, len(args)
				p.emit(r)
				return
			}
			if !ok {
				// Unknown: it may take the next word as its value, or not.
				if i+1 < len(args) && !strings.Contains(v, "=") && p.fork() {
					alt := fork(r)
					p.run(i+2, alt, ops)
				}
			}
			i = next
			continue
		}
		if len(v) > 1 && v[0] == '-' {
			if sp.Numeric && isDigits(v[1:]) {
				r.Opts = append(r.Opts, Opt{Name: v[1:], Index: i, ValueIndex: -1})
				i++
				continue
			}
			next, stop := p.short(&r, i, 1, ops)
			if next < 0 {
				return // the branches were emitted by short
			}
			if stop {
				r.Stopped, r.Cmd = true, len(args)
				p.emit(r)
				return
			}
			i = next
			continue
		}
		if sp.Assigns && strings.IndexByte(v, '=') > 0 {
			// env and sudo take any word with = as NAME=VALUE (putenv),
			// names a shell could not assign included (BASH_FUNC_f%%=).
			i++
			continue
		}
		if ops < sp.Operands {
			r.Operands = append(r.Operands, i)
			ops++
			i++
			if ops == sp.Operands && !sp.Permute {
				break
			}
			continue
		}
		break
	}
	if ops < sp.Operands {
		ops, i = p.operands(&r, i, ops)
	}
	r.Cmd = min(i, len(args))
	p.emit(r)
}

// operands takes the operands still missing from word i on.
func (p *parser) operands(r *Reading, i, ops int) (int, int) {
	for ops < p.sp.Operands && i < len(p.args) {
		r.Operands = append(r.Operands, i)
		ops++
		i++
	}
	return ops, i
}

// long reads the long option at word i; it returns the next word's index,
// whether the option stops the command, and whether it was known.
func (p *parser) long(r *Reading, i int) (next int, stop, ok bool) {
	sp, args := p.sp, p.args
	name, val, hasVal := strings.Cut(args[i][2:], "=")
	full, kind := sp.longKind(name)
	switch kind {
	case kindFlag, kindOptional:
		r.Opts = append(r.Opts, Opt{Name: full, Long: true, Value: val, HasValue: hasVal, Index: i, ValueIndex: -1})
		return i + 1, false, true
	case kindStop:
		r.Opts = append(r.Opts, Opt{Name: full, Long: true, Index: i, ValueIndex: -1})
		return i + 1, true, true
	case kindValued:
		if hasVal {
			r.Opts = append(r.Opts, Opt{Name: full, Long: true, Value: val, HasValue: true, Index: i, ValueIndex: -1})
			return i + 1, false, true
		}
		o := Opt{Name: full, Long: true, Index: i, ValueIndex: -1}
		if i+1 < len(args) {
			o.Value, o.HasValue, o.ValueIndex = args[i+1], true, i+1
		}
		r.Opts = append(r.Opts, o)
		return i + 2, false, true
	}
	r.Opts = append(r.Opts, Opt{Name: name, Long: true, Value: val, HasValue: hasVal, Index: i, ValueIndex: -1})
	if sp.LongAny {
		return i + 1, false, true
	}
	r.Unknown = append(r.Unknown, "--"+name)
	return i + 1, false, false
}

// short reads the bundle of short options at word i from byte j on. It
// returns the next word's index and whether an option stops the command;
// -1 when it went on itself on every branch.
func (p *parser) short(r *Reading, i, j, ops int) (int, bool) {
	sp, args := p.sp, p.args
	v := args[i]
	for ; j < len(v); j++ {
		c := v[j]
		name := string(c)
		switch {
		case strings.IndexByte(sp.Stop, c) >= 0:
			r.Opts = append(r.Opts, Opt{Name: name, Index: i, ValueIndex: -1})
			return i + 1, true
		case strings.IndexByte(sp.Valued, c) >= 0:
			o := Opt{Name: name, Index: i, ValueIndex: -1}
			if j+1 < len(v) {
				o.Value, o.HasValue = v[j+1:], true
				r.Opts = append(r.Opts, o)
				return i + 1, false
			}
			if i+1 < len(args) {
				o.Value, o.HasValue, o.ValueIndex = args[i+1], true, i+1
			}
			r.Opts = append(r.Opts, o)
			return i + 2, false
		case strings.IndexByte(sp.Optional, c) >= 0:
			o := Opt{Name: name, Index: i, ValueIndex: -1}
			if j+1 < len(v) {
				o.Value, o.HasValue = v[j+1:], true
			}
			r.Opts = append(r.Opts, o)
			return i + 1, false
		case strings.IndexByte(sp.Flags, c) >= 0:
			r.Opts = append(r.Opts, Opt{Name: name, Index: i, ValueIndex: -1})
		default:
			// Unknown: a flag (the bundle goes on), or an option taking
			// the rest of the word or, at its end, the next word.
			// Only the first unknown letter of a word takes the rest of
			// it, and only the last one the next word: a word of unknown
			// letters makes three readings, not one per letter.
			first := !unknownBefore(sp, v, j)
			r.Unknown = append(r.Unknown, "-"+name)
			r.Opts = append(r.Opts, Opt{Name: name, Index: i, ValueIndex: -1})
			switch {
			case j+1 < len(v) && first && p.fork():
				p.run(i+1, fork(*r), ops) // the rest is its value
			case j+1 == len(v) && i+1 < len(args) && p.fork():
				p.run(i+2, fork(*r), ops) // the next word is its value
			}
		}
	}
	return i + 1, false
}

// unknownBefore reports an unknown letter in the bundle v before byte j.
func unknownBefore(sp *Spec, v string, j int) bool {
	for k := 1; k < j; k++ {
		if strings.IndexByte(sp.Flags+sp.Valued+sp.Optional+sp.Stop, v[k]) < 0 {
			return true
		}
	}
	return false
}

type optKind int

const (
	kindUnknown optKind = iota
	kindFlag
	kindValued
	kindOptional
	kindStop
)

// exactKind finds a long option by its name alone, a help or version
// option (LongStop) first.
func (sp *Spec) exactKind(name string) optKind {
	switch {
	case slices.Contains(sp.LongStop, name):
		return kindStop
	case slices.Contains(sp.LongFlags, name):
		return kindFlag
	case slices.Contains(sp.LongValued, name):
		return kindValued
	case slices.Contains(sp.LongOptional, name):
		return kindOptional
	}
	return kindUnknown
}

// longKind finds a long option by its name or an unambiguous prefix of
// it, as getopt_long does.
func (sp *Spec) longKind(name string) (string, optKind) {
	lists := []struct {
		names []string
		kind  optKind
	}{{sp.LongFlags, kindFlag}, {sp.LongValued, kindValued}, {sp.LongOptional, kindOptional}, {sp.LongStop, kindStop}}
	for _, l := range lists {
		if slices.Contains(l.names, name) {
			return name, l.kind
		}
	}
	if name == "" {
		return name, kindUnknown
	}
	found, kind, n := "", kindUnknown, 0
	for _, l := range lists {
		for _, full := range l.names {
			if strings.HasPrefix(full, name) {
				found, kind = full, l.kind
				n++
			}
		}
	}
	if n != 1 {
		return name, kindUnknown
	}
	return found, kind
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// isAssign reports a NAME=VALUE word.
func isAssign(s string) bool {
	i := strings.IndexByte(s, '=')
	if i <= 0 {
		return false
	}
	for j, r := range s[:i] {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || j > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// IsAssign reports a NAME=VALUE word, as a shell reads one before a
// command.
func IsAssign(s string) bool { return isAssign(s) }
