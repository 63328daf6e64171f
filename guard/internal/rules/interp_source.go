package rules

// Finding a one-liner's code and operands in its command line, language by language (python -c, node -e, perl -e, php -r, awk, lua -e).

import (
	"strings"

	"guardsh/internal/argv"
)

// The grammars of the interpreters whose options getopt reads. python's
// -c and -m end the options (the words after them are sys.argv); lua and
// awk stop at their first operand (the script, or awk's program).
var (
	pythonSpec = argv.Spec{Flags: "bBdEhiIOPqsSuvVxR3tU", Valued: "cmWXQ", Last: "cm", LongValued: []string{"check-hash-based-pycs"}, Exact: true, Posix: true}
	// denoEvalSpec is deno eval's: its long options that take the next
	// word (--ext ts); the others take theirs attached, if any.
	denoEvalSpec = argv.Spec{Flags: "pqr", Valued: "cL", LongValued: []string{"ext", "import-map", "cert", "config", "seed", "location", "preload", "log-level"}, Posix: true}
	luaSpec      = argv.Spec{Flags: "ivEW", Valued: "el", Posix: true}
	// awkSpec is gawk's, mawk's and busybox's: an option it does not know
	// ends its word (BWK awk's -safe), so that no letter of it is taken
	// for -f and the program missed.
	awkSpec = argv.Spec{
		Flags: "bcCgMnNOrsStVyh", Valued: "fvFeEilW", Optional: "dDoLp", UnknownEnds: true,
		LongFlags: []string{"characters-as-bytes", "traditional", "copyright", "gen-pot", "help", "bignum", "use-lc-numeric",
			"non-decimal-data", "optimize", "no-optimize", "posix", "re-interval", "no-sandbox", "sandbox", "lint-old", "version", "csv"},
		LongValued:   []string{"file", "source", "exec", "include", "load", "assign", "field-separator"},
		LongOptional: []string{"lint", "dump-variables", "debug", "pretty-print", "profile"},
		Posix:        true,
	}
)

// interpSource is the inline code of a one-liner: the words holding it
// joined (perl -e A -e B), and the option that gave it.
type interpSource struct {
	Word
	flag string
	// argv are the operands after the code: sys.argv[1:], @ARGV, ARGV.
	Argv []Word
}

func (s *interpSource) add(w Word, flag string) {
	if s.flag == "" {
		s.flag = flag
		s.Word = w
		return
	}
	s.Value += "\n" + w.Value
	s.Known = s.Known && w.Known
	s.Vars = append(s.Vars, w.Vars...)
	s.Subst = s.Subst || w.Subst
}

// InterpCode returns the language and the inline code of an interpreter
// one-liner; ok is false when the command runs no inline code (a script
// file, a module, stdin, --help).
func InterpCode(c *Command) (InterpLang, interpSource, bool) {
	name := c.Name()
	lang := InterpProgLang(name)
	if lang == InterpNone || len(c.Args) < 2 {
		return InterpNone, interpSource{}, false
	}
	args := c.Args[1:]
	var src interpSource
	switch {
	case lang == InterpPython:
		src = interpPythonCode(args)
	case lang == InterpJS && name == "deno":
		src = interpDenoCode(args)
	case lang == InterpJS:
		src = interpNodeCode(args)
	case lang == InterpPerl || lang == InterpRuby:
		src = interpPerlCode(args, lang)
	case lang == InterpPHP:
		src = interpPHPCode(args)
	case lang == interpAwk:
		src = interpAwkCode(args)
	case lang == InterpLua:
		src = interpLuaCode(args)
	}
	if src.flag == "" {
		return InterpNone, interpSource{}, false
	}
	return lang, src, true
}

// interpNext returns args[i] and whether there is one.
func interpNext(args []Word, i int) (Word, bool) {
	if i < len(args) {
		return args[i], true
	}
	return Word{}, false
}

func interpPythonCode(args []Word) interpSource {
	var src interpSource
	s := argv.Getopt(&pythonSpec, args, WordText)
	for _, o := range s.Opts {
		if o.Name != "c" || o.Long || !o.HasValue {
			continue
		}
		src.add(OptWord(args, o), "-c")
		src.Argv = args[max(o.Index, o.ValueIndex)+1:]
	}
	return src
}

// interpNodeCode reads node's options by hand: node's parser is no getopt
// (-pe and -ep are aliases of -p -e, no other letters bundle).
func interpNodeCode(args []Word) interpSource {
	var src interpSource
	withArg := map[string]bool{"-r": true, "--require": true, "--import": true, "--loader": true,
		"--experimental-loader": true, "-C": true, "--conditions": true, "--title": true, "--input-type": true,
		"--env-file": true, "--cwd": true}
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.Value
		if !a.Known || v == "--" || !argv.IsOption(v) {
			return src
		}
		switch {
		case v == "-e" || v == "--eval" || v == "-p" || v == "--print" || v == "-pe" || v == "-ep":
			if w, ok := interpNext(args, i+1); ok {
				src.add(w, v)
				src.Argv = args[i+2:]
			}
			return src
		case strings.HasPrefix(v, "--eval=") || strings.HasPrefix(v, "--print="):
			k, code, _ := strings.Cut(v, "=")
			src.add(Lit(code), k)
			src.Argv = args[i+1:]
			return src
		case withArg[v]:
			i++
		}
	}
	return src
}

// interpDenoCode: `deno eval [opts] CODE`.
func interpDenoCode(args []Word) interpSource {
	var src interpSource
	if len(args) == 0 || !args[0].Known || args[0].Value != "eval" {
		return src
	}
	s := argv.Getopt(&denoEvalSpec, args[1:], WordText)
	if len(s.Operands) > 0 {
		src.add(args[1+s.Operands[0]], "eval")
	}
	return src
}

// interpPerlCode handles perl's and ruby's clustered switches: -lne CODE,
// -e CODE (several), -MMod, -I dir. It reads them by hand: -l and -0 take
// an optional number and the cluster goes on (-l0ne), which no getopt
// grammar says.
func interpPerlCode(args []Word, lang InterpLang) interpSource {
	var src interpSource
	// Switches whose value is the rest of the cluster, or the next word
	// when the cluster ends with them.
	restArg, nextArg := "MmIxiFCdD", "I"
	if lang == InterpRuby {
		restArg, nextArg = "rIEFCiKTWx", "rIEC"
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.Value
		if !a.Known || v == "--" || !argv.IsOption(v) {
			if v == "--" && a.Known {
				i++
			}
			if src.flag != "" && i <= len(args) {
				src.Argv = args[i:]
			}
			return src
		}
		// perl's and ruby's -e/-E CODE, attached or not, and their long options:
		// the syntax is not getopt (perl -pie is -p -i e).
		if strings.HasPrefix(v, "--") {
			continue
		}
	cluster:
		for j := 1; j < len(v); j++ {
			ch := v[j]
			switch {
			case ch == 'e' || (ch == 'E' && lang == InterpPerl):
				if j+1 < len(v) {
					src.add(Lit(v[j+1:]), "-e")
				} else if w, ok := interpNext(args, i+1); ok {
					src.add(w, "-e")
					i++
				}
				break cluster
			case strings.IndexByte(restArg, ch) >= 0:
				if j+1 == len(v) && strings.IndexByte(nextArg, ch) >= 0 {
					i++
				}
				break cluster
			case ch == 'l' || ch == '0':
				for j+1 < len(v) && (v[j+1] >= '0' && v[j+1] <= '9' || v[j+1] == 'x' || v[j+1] >= 'a' && v[j+1] <= 'f' && ch == '0') {
					j++
				}
			}
		}
	}
	return src
}

// interpPHPCode reads php's options by hand: php takes each option as a
// word of its own (-r CODE, -d KEY=VALUE), with no bundles.
func interpPHPCode(args []Word) interpSource {
	var src interpSource
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.Value
		// php's options are words of their own (see above); - alone is
		// taken as one here, unlike getopt, so the words after it are read.
		if !a.Known || v == "--" || !strings.HasPrefix(v, "-") {
			return src
		}
		switch v {
		case "-r", "--run", "-B", "--process-begin", "-R", "--process-code", "-E", "--process-end":
			if w, ok := interpNext(args, i+1); ok {
				src.add(w, v)
				i++
			}
		case "-f", "--file":
			return src
		case "-d", "-c", "-z", "--define", "--php-ini", "--zend-extension":
			i++
		}
	}
	return src
}

func interpAwkCode(args []Word) interpSource {
	var src interpSource
	s := argv.Getopt(&awkSpec, args, WordText)
	fromFile := false
	for _, o := range s.Opts {
		switch {
		case (o.Name == "e" || o.Name == "source") && o.HasValue:
			src.add(OptWord(args, o), "program")
		case o.Name == "f" || o.Name == "file" || o.Name == "E" || o.Name == "exec":
			fromFile = true
		}
	}
	if !fromFile && src.flag == "" && len(s.Operands) > 0 {
		// The program is the first operand.
		src.add(args[s.Operands[0]], "program")
	}
	return src
}

func interpLuaCode(args []Word) interpSource {
	var src interpSource
	s := argv.Getopt(&luaSpec, args, WordText)
	for _, o := range s.Opts {
		if o.Name == "e" && o.HasValue {
			src.add(OptWord(args, o), "-e")
		}
	}
	return src
}
