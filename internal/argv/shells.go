package argv

import (
	"path"
	"slices"
	"strings"
)

// codeMode says where a shell's -c finds its code.
type codeMode int

const (
	// codeOperand: the first operand after all the options (POSIX sh,
	// bash, zsh, ksh: `bash -c -e CODE NAME ARGS`); the next operand is $0.
	codeOperand codeMode = iota
	// codeValue: -c is an option that takes the code as its value, the
	// rest of the word or the next word (fish: `fish -c CODE ARGS`).
	codeValue
	// codeNext: the word after the one holding -c (csh, tcsh).
	codeNext
)

// shellGrammar is a shell's command line grammar.
type shellGrammar struct {
	flags  string // short options (with - or +) that take no value
	valued string // short options that take a value (-o NAME, -O NAME)
	// bundleNext: a valued option in a bundle takes the next word and the
	// bundle goes on (bash, dash: `-eo pipefail`, `-oe pipefail`); else
	// it takes the rest of the word or the next word (getopt).
	bundleNext bool
	plus       bool   // options may start with + (set +e)
	endOpts    string // short options that end the options (zsh, csh -b)
	code       codeMode
	// initCode are options whose value is code too (fish -C).
	initCode   string
	longInit   []string
	longCode   []string // long spellings of -c (fish --command)
	longFlags  []string
	longValued []string
	longStop   []string // --help, --version: nothing runs
	// longStopValued take a value, and nothing runs (guardsh --hook AGENT).
	longStopValued []string
	anyLongFlag    bool // every other long option is a flag (zsh's --OPTION_NAME)
	name0          bool // the word after -c's code is $0
	guardsh        bool
}

var (
	dashShell = shellGrammar{flags: "abCEefIilmnpsuVvx", valued: "o", bundleNext: true, plus: true, name0: true}
	bashShell = shellGrammar{
		flags: "abBCDeEfhHiklmnprPstTuvx", valued: "oO", bundleNext: true, plus: true, name0: true,
		longFlags: []string{"debug", "debugger", "dump-po-strings", "dump-strings", "login", "noediting", "noprofile", "norc",
			"posix", "pretty-print", "protected", "restricted", "verbose", "wordexp"},
		longValued: []string{"init-file", "rcfile"},
		longStop:   []string{"help", "version", "rpm-requires"},
	}
	zshShell = shellGrammar{
		flags: "0123456789abdefghijklmnpqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", valued: "o", plus: true, endOpts: "b", name0: true,
		longValued: []string{"emulate"}, longStop: []string{"help", "version"}, anyLongFlag: true,
	}
	kshShell  = shellGrammar{flags: "abBCDeEfGhHikmnprstuvx", valued: "oR", plus: true, name0: true, longStop: []string{"help", "version"}}
	mkshShell = shellGrammar{flags: "abCefhiklmnprsUuvXx", valued: "oT", plus: true, name0: true}
	yashShell = shellGrammar{
		flags: "abCefhilmnsuvxV", valued: "o", plus: true, name0: true,
		longFlags: []string{"cmdline", "stdin", "interactive", "login", "noprofile", "norcfile", "posix"}, longValued: []string{"profile", "rcfile"},
		longStop: []string{"help", "version"}, anyLongFlag: true,
	}
	fishShell = shellGrammar{
		flags: "hPilNnv", valued: "pdfDoC", code: codeValue, initCode: "C",
		longCode: []string{"command"}, longInit: []string{"init-command"},
		longFlags:  []string{"interactive", "login", "no-execute", "private", "no-config", "print-rusage-self", "print-debug-categories"},
		longValued: []string{"debug", "debug-output", "profile", "profile-startup", "features", "debug-stack-frames"},
		longStop:   []string{"help", "version"},
	}
	xonshShell = shellGrammar{flags: "ilV", valued: "D", code: codeValue, longCode: []string{"command"}, longFlags: []string{"interactive", "login", "no-rc", "no-script-cache", "cache-everything"}, longValued: []string{"rc", "shell-type"}, longStop: []string{"help", "version"}}
	cshShell   = shellGrammar{flags: "cdefFilmnqstvVxX", valued: "D", endOpts: "b", code: codeNext}
	// guardshShell is guardsh's own command line (flags.go in package main).
	guardshShell = shellGrammar{
		flags: "silyheuxfnvaCbmBH", valued: "oO", bundleNext: true, plus: true, name0: true, guardsh: true,
		longFlags:  []string{"login", "yes", "auto", "json", "executor", "project", "norc", "noprofile", "posix"},
		longValued: []string{"config", "approved", "cwd-fd", "hook-allow", "since", "level"},
		longStop:   []string{"dry-run", "check", "rules", "version", "help", "doctor", "log"},
		// --hook AGENT, --install-hook AGENT: nothing runs.
		longStopValued: []string{"hook", "install-hook", "uninstall-hook"},
	}
)

// shells maps every shell's name to its grammar.
var shells = map[string]*shellGrammar{
	"sh": &dashShell, "dash": &dashShell, "ash": &dashShell, "posh": &mkshShell,
	"bash": &bashShell, "rbash": &bashShell,
	"zsh": &zshShell, "ksh": &kshShell, "ksh93": &kshShell, "mksh": &mkshShell, "lksh": &mkshShell, "pdksh": &mkshShell, "oksh": &mkshShell,
	"yash": &yashShell, "fish": &fishShell, "csh": &cshShell, "tcsh": &cshShell, "bsd-csh": &cshShell, "xonsh": &xonshShell,
	"guardsh": &guardshShell,
}

// IsShell reports whether name (a program name or path) is a shell whose
// input is shell code: sh, bash, dash, zsh, ksh, mksh, yash, fish, csh,
// tcsh, rbash, guardsh and their like.
func IsShell(name string) bool {
	_, ok := shells[path.Base(name)]
	return ok
}

// IsPOSIXShell reports a shell whose code guardsh classifies as bash
// (every shell but fish, csh and xonsh, whose languages differ).
func IsPOSIXShell(name string) bool {
	g, ok := shells[path.Base(name)]
	return ok && g != &fishShell && g != &cshShell && g != &xonshShell
}

// Shells lists the names IsShell knows, sorted.
func Shells() []string {
	var out []string
	for n := range shells {
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}

// Code is a string a shell runs as code: args[Index][Offset:].
type Code struct {
	Index  int
	Offset int
}

// ShellCall is one reading of a shell's command line.
type ShellCall struct {
	// Codes are the strings run as code (-c CODE, fish -C CODE), in order;
	// empty when none.
	Codes []Code
	// Name0 is the index of $0 after -c's code, -1 when there is none.
	Name0 int
	// Params is the index of $1 (the first of the positional parameters);
	// len(args) when there are none.
	Params int
	// Script is the index of the script operand, -1 when there is none.
	Script int
	// Command reports -c: the shell runs a string, not a file or stdin
	// (Codes is empty when the string is missing).
	Command bool
	// Stdin reports that the shell reads its commands from standard input
	// (-s, or no -c and no script).
	Stdin bool
	// NoRun reports a command line that runs nothing (--help, --version,
	// guardsh --check).
	NoRun bool
	// Unknown lists the options the shell's grammar does not know.
	Unknown []string
	// Truncated reports that the readings were bounded (see Reading).
	Truncated bool
	// Opts are the options read (without their leading - or +; long ones
	// with --), and Values the values of those that take one, in order.
	Opts   []string
	Values []string
	// Long are the long options that take a value, with their values, in
	// order.
	Long []LongOpt
}

// LongOpt is a long option that takes a value, and its value.
type LongOpt struct {
	Name  string // without the leading --
	Value string
}

// LongValue returns the value of the last long option name (without
// --), and whether there is one.
func (c ShellCall) LongValue(name string) (string, bool) {
	for i := len(c.Long) - 1; i >= 0; i-- {
		if c.Long[i].Name == name {
			return c.Long[i].Value, true
		}
	}
	return "", false
}

// GuardshLongOption reports whether name (without --) is one of guardsh's
// own long options, and whether it takes a value. guardsh's own flag
// parser accepts no long option this grammar does not know, so that the
// static check reads a nested guardsh's command line as guardsh does.
func GuardshLongOption(name string) (known, valued bool) {
	g := &guardshShell
	switch {
	case slices.Contains(g.longValued, name), slices.Contains(g.longStopValued, name):
		return true, true
	case slices.Contains(g.longFlags, name), slices.Contains(g.longStop, name):
		return true, false
	}
	return false, false
}

// HasOpt reports an option among the call's options ("y", "--yes").
func (c ShellCall) HasOpt(names ...string) bool {
	for _, o := range c.Opts {
		if slices.Contains(names, o) {
			return true
		}
	}
	return false
}

// ParseShell reads a shell's command line (args are the words after its
// name) with that shell's grammar: every reading of it, one when every
// option is known. known reports whether a word is known before the line
// runs (nil: every word is); an unknown word ends the options. ok is false
// when name is not a shell.
func ParseShell(name string, args []string, known func(int) bool) (calls []ShellCall, ok bool) {
	g, ok := shells[path.Base(name)]
	if !ok {
		return nil, false
	}
	sp := shellParser{g: g, args: args, known: known}
	sp.run(0, ShellCall{Name0: -1, Script: -1}, false, false)
	if sp.truncated {
		for i := range sp.out {
			sp.out[i].Truncated = true
		}
	}
	return sp.out, true
}

type shellParser struct {
	g         *shellGrammar
	args      []string
	known     func(int) bool
	out       []ShellCall
	forks     int // branches taken, bounded by maxReadings
	truncated bool
}

// fork reports whether another branch may be taken.
func (p *shellParser) fork() bool {
	if p.forks >= maxReadings {
		p.truncated = true
		return false
	}
	p.forks++
	return true
}

func cloneCall(c ShellCall) ShellCall {
	c.Codes = slices.Clone(c.Codes)
	c.Unknown = slices.Clone(c.Unknown)
	c.Opts = slices.Clone(c.Opts)
	c.Values = slices.Clone(c.Values)
	c.Long = slices.Clone(c.Long)
	return c
}

// run reads options from word i on. hasC and stdin are -c and -s seen.
func (p *shellParser) run(i int, c ShellCall, hasC, stdin bool) {
	g, args := p.g, p.args
	for i < len(args) {
		if p.known != nil && !p.known(i) {
			// A word known only at run time ends the options here (a
			// script), or is options itself (`bash $opts -c CODE`): both.
			// After -c it is the code.
			if !hasC && p.fork() {
				p.run(i+1, cloneCall(c), hasC, stdin)
			}
			break
		}
		v := args[i]
		if v == "--" || v == "-" {
			i++
			break
		}
		if strings.HasPrefix(v, "--") {
			name, val, hasVal := strings.Cut(v[2:], "=")
			i++
			switch {
			case slices.Contains(g.longStop, name) || slices.Contains(g.longStopValued, name):
				c.NoRun = true
				c.Opts = append(c.Opts, "--"+name)
				if slices.Contains(g.longStopValued, name) {
					if !hasVal && i < len(args) {
						val = args[i]
					}
					c.Long = append(c.Long, LongOpt{Name: name, Value: val})
				}
				p.finish(len(args), c, hasC, stdin)
				return
			case slices.Contains(g.longCode, name) || slices.Contains(g.longInit, name):
				c.Opts = append(c.Opts, "--"+name)
				if hasVal {
					c.Codes = append(c.Codes, Code{Index: i - 1, Offset: len(v) - len(val)})
				} else if i < len(args) {
					c.Codes = append(c.Codes, Code{Index: i})
					i++
				}
				if slices.Contains(g.longCode, name) {
					hasC = true
				}
			case slices.Contains(g.longValued, name):
				c.Opts = append(c.Opts, "--"+name)
				if !hasVal && i < len(args) {
					val = args[i]
					i++
				}
				c.Values = append(c.Values, val)
				c.Long = append(c.Long, LongOpt{Name: name, Value: val})
			case slices.Contains(g.longFlags, name) || g.anyLongFlag:
				c.Opts = append(c.Opts, "--"+name)
			default:
				c.Unknown = append(c.Unknown, "--"+name)
				c.Opts = append(c.Opts, "--"+name)
				if !hasVal && i < len(args) && p.fork() {
					alt := cloneCall(c)
					p.run(i+1, alt, hasC, stdin) // it takes the next word
				}
			}
			continue
		}
		if len(v) < 2 || !(v[0] == '-' || v[0] == '+' && g.plus) {
			break
		}
		next, end := p.bundle(i, 1, i+1, &c, &hasC, &stdin)
		i = next
		if end {
			break
		}
	}
	p.finish(i, c, hasC, stdin)
}

// bundle reads the options in word i from byte j on; next is the index of
// the next word not yet taken as a value. It returns the next word's index
// and whether the options end there.
func (p *shellParser) bundle(i, j, next int, c *ShellCall, hasC, stdin *bool) (int, bool) {
	g, args := p.g, p.args
	v := args[i]
	for ; j < len(v); j++ {
		f := v[j]
		name := string(f)
		switch {
		case f == 'c' && v[0] == '-' && g.code == codeOperand:
			*hasC = true
			c.Opts = append(c.Opts, name)
		case f == 'c' && v[0] == '-' && g.code == codeNext:
			*hasC = true
			c.Opts = append(c.Opts, name)
			if next < len(args) {
				c.Codes = append(c.Codes, Code{Index: next})
				next++
			}
		case (f == 'c' || strings.IndexByte(g.initCode, f) >= 0) && v[0] == '-' && g.code == codeValue:
			if f == 'c' {
				*hasC = true
			}
			c.Opts = append(c.Opts, name)
			if j+1 < len(v) {
				c.Codes = append(c.Codes, Code{Index: i, Offset: j + 1})
			} else if next < len(args) {
				c.Codes = append(c.Codes, Code{Index: next})
				next++
			}
			return next, false
		case f == 's' && strings.IndexByte(g.flags, 's') >= 0:
			*stdin = v[0] == '-'
			c.Opts = append(c.Opts, name)
		case strings.IndexByte(g.endOpts, f) >= 0:
			c.Opts = append(c.Opts, name)
			return next, true
		case strings.IndexByte(g.valued, f) >= 0:
			c.Opts = append(c.Opts, name)
			val := ""
			if !g.bundleNext && j+1 < len(v) {
				c.Values = append(c.Values, v[j+1:])
				return next, false
			}
			if next < len(args) {
				val = args[next]
				next++
			}
			c.Values = append(c.Values, val)
			if !g.bundleNext {
				return next, false
			}
		case strings.IndexByte(g.flags, f) >= 0:
			c.Opts = append(c.Opts, name)
			if g.guardsh && f == 'h' {
				c.NoRun = true
			}
		default:
			// Not in the grammar: read as a flag here, and also as an
			// option that takes the next word (or the rest of the word).
			first := true
			for k := 1; k < j; k++ {
				if strings.IndexByte(g.flags+g.valued+g.endOpts+g.initCode+"c", v[k]) < 0 {
					first = false
				}
			}
			c.Unknown = append(c.Unknown, string(v[0])+name)
			c.Opts = append(c.Opts, name)
			if !first && j+1 < len(v) || !p.fork() {
				continue // only the first unknown letter, and the last, branch
			}
			alt := cloneCall(*c)
			h, st := *hasC, *stdin
			switch {
			case j+1 < len(v) && !g.bundleNext:
				p.run(next, alt, h, st) // the rest of the word is its value
			case next < len(args) && g.bundleNext:
				// It takes the next word; the bundle goes on.
				n2, end := p.bundle(i, j+1, next+1, &alt, &h, &st)
				if end {
					p.finish(n2, alt, h, st)
				} else {
					p.run(n2, alt, h, st)
				}
			case next < len(args) && j+1 == len(v):
				p.run(next+1, alt, h, st) // the next word is its value
			}
		}
	}
	return next, false
}

// finish completes a reading whose options end at word i.
func (p *shellParser) finish(i int, c ShellCall, hasC, stdin bool) {
	n := len(p.args)
	i = min(i, n)
	switch {
	case c.NoRun:
		c.Params = n
		if c.HasOpt("--check") || c.HasOpt("--dry-run") || c.HasOpt("--rules") {
			c.Codes = nil
		}
		if !p.g.guardsh {
			c.Codes = nil
		}
	case hasC && p.g.code == codeOperand:
		c.Command = true
		if i < n {
			c.Codes = append(c.Codes, Code{Index: i})
			i++
		}
		if i < n && p.g.name0 {
			c.Name0 = i
			i++
		}
		c.Params = i
	case hasC:
		c.Command = true
		c.Params = i
	case stdin || i >= n:
		c.Stdin = true
		c.Params = i
	default:
		c.Script = i
		c.Params = i + 1
	}
	for _, o := range p.out {
		if slices.Equal(o.Codes, c.Codes) && o.Script == c.Script && o.Stdin == c.Stdin && o.NoRun == c.NoRun {
			return
		}
	}
	p.out = append(p.out, c)
}

// GuardshLongOptions lists guardsh's own long options (without --).
func GuardshLongOptions() []string {
	g := &guardshShell
	return slices.Concat(g.longFlags, g.longValued, g.longStop, g.longStopValued)
}
