package rules

import (
	"strings"

	"guardsh/internal/argv"
)

// rowReading is one way of reading a command's words for a row: the
// options, in order, and the operands (the words that are not options).
type rowReading struct {
	opts    []argv.Opt
	pos     []Word
	stopped bool
}

// maxRowReadings bounds the readings of one command. Past it, readings
// of last resort are made: every option a flag, the operands the words not
// starting with -, from each of them on, so that a command with many
// options the grammar does not know still has its subcommand read
// wherever it is.
const maxRowReadings = 32

// rowReadings reads args (the words after the program's name) with the
// program's option grammar, options anywhere among the operands, as the
// CLIs with subcommands take them. An option the grammar does not know
// may take the next word or not: both readings are made. A word not known
// before the line runs may be an operand or expand to options (or to
// nothing): both readings are made too. After "--" every word is an
// operand. goflags reads -name as --name (Go's flag package).
func rowReadings(sp *argv.Spec, args []Word, goflags bool) []rowReading {
	strs := make([]string, len(args))
	for i, w := range args {
		strs[i] = w.Value
		if goflags && len(w.Value) > 2 && argv.IsShortBundle(w.Value) {
			// A Go-flag program: -name and --name are the same long
			// option.
			strs[i] = "-" + w.Value
		}
	}
	rr := rowReader{sp: sp, args: args, strs: strs}
	rr.run(0, rowReading{})
	if rr.truncated {
		// Some readings were not made: any word not starting with - may
		// be where the operands start.
		loose := rowLoose(args)
		for k := range loose.pos {
			rr.out = append(rr.out, rowReading{opts: loose.opts, pos: loose.pos[k:]})
		}
	}
	return rr.out
}

type rowReader struct {
	sp        *argv.Spec
	args      []Word
	strs      []string
	out       []rowReading
	truncated bool
}

func (rr *rowReader) emit(r rowReading) {
	if len(rr.out) >= maxRowReadings {
		rr.truncated = true
		return
	}
	rr.out = append(rr.out, r)
}

func (rr *rowReader) run(i int, r rowReading) {
	if len(rr.out) >= maxRowReadings {
		rr.truncated = true
		return
	}
	args := rr.args
	if i >= len(args) {
		rr.emit(r)
		return
	}
	// A word only known at run time, not starting with -: it may be an
	// operand, options, or nothing (below).
	if !args[i].Known && !strings.HasPrefix(args[i].Value, "-") {
		// It may be an operand, or options, or nothing.
		rr.run(i+1, rowReading{opts: r.opts, pos: append(rowClip(r.pos), args[i]), stopped: r.stopped})
		rr.run(i+1, rowReading{opts: r.opts, pos: rowClip(r.pos), stopped: r.stopped})
		return
	}
	// known tells argv which words it can read: a word only known at run
	// time that starts with - is still read as an option.
	known := func(j int) bool { return args[i+j].Known || strings.HasPrefix(args[i+j].Value, "-") }
	for _, rd := range rr.sp.Parse(rr.strs[i:], known) {
		rr.truncated = rr.truncated || rd.Truncated
		next := rowReading{opts: rowClip(r.opts), pos: rowClip(r.pos)}
		for _, o := range rd.Opts {
			o.Index += i
			if o.ValueIndex >= 0 {
				o.ValueIndex += i
			}
			next.opts = append(next.opts, o)
		}
		if rd.Stopped {
			next.stopped = true
			rr.emit(next)
			continue
		}
		at := i + rd.Cmd
		if at > i && rr.strs[at-1] == "--" && !valueAt(rd.Opts, at-1-i) {
			next.pos = append(next.pos, args[at:]...)
			rr.emit(next)
			continue
		}
		if at >= len(args) {
			rr.emit(next)
			continue
		}
		if at == i && rd.Cmd == 0 && len(rd.Opts) == 0 {
			// An operand.
			next.pos = append(next.pos, args[at])
			rr.run(at+1, next)
			continue
		}
		rr.run(at, next)
	}
}

// valueAt reports whether word j is the value of one of the options.
func valueAt(opts []argv.Opt, j int) bool {
	for _, o := range opts {
		if o.ValueIndex == j {
			return true
		}
	}
	return false
}

// rowClip returns s with no room to grow, so that appends copy.
func rowClip[T any](s []T) []T { return s[:len(s):len(s)] }

// rowLoose reads every word not starting with - as an operand and every
// option as a flag with no value.
func rowLoose(args []Word) rowReading {
	var r rowReading
	for i, w := range args {
		if argv.IsOption(w.Value) {
			name := strings.TrimLeft(w.Value, "-")
			name, _, _ = strings.Cut(name, "=")
			// rowLoose reads a program with no grammar: --NAME is long, -X short,
			// -XY a bundle read as a long name too (Go style).
			r.opts = append(r.opts, argv.Opt{Name: name, Long: strings.HasPrefix(w.Value, "--") || len(name) > 1, Index: i, ValueIndex: -1})
			continue
		}
		r.pos = append(r.pos, w)
	}
	return r
}
