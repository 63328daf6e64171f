package guard

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Rule names of the interpreter family.
const ruleInterpDynamic = "interp_exec_dynamic"

// interpRules returns the built-in rules of this family. The commands an
// interpreter one-liner runs with literal arguments are not rules of their
// own: interpScripts hands them to the walker, which classifies them as
// lines.
func interpRules() []builtin {
	return []builtin{
		{Rule: Rule{Name: ruleInterpDynamic, Level: Medium,
			Description: "an interpreter one-liner (python -c, node -e, perl -e, ruby -e, php -r, awk) runs a command, deletes a path or evaluates code built at run time, which the static check cannot see",
			Example:     `python3 -c 'import os, sys; os.system(sys.argv[1])'`},
			check: interpDynamicCheck},
	}
}

// interpScripts returns the shell command lines an interpreter one-liner
// (python -c, node -e, perl -e, ruby -e, awk with system()) would run, as
// lines for the walker to classify: a string handed to os.system is
// returned as it is; shutil.rmtree('/x') comes back as "rm -rf '/x'".
func interpScripts(c *Command) []string {
	lang, code, ok := interpCode(c)
	if !ok || !interpHasCode(code) {
		return nil
	}
	a := interpAnalysis{operands: code.argv}
	a.run(lang, code.Value, 0)
	return a.lines
}

func interpDynamicCheck(c *Command) []Hit {
	lang, code, ok := interpCode(c)
	if !ok {
		return nil
	}
	name := c.Name()
	if !interpHasCode(code) {
		return hit(name + " runs " + lang.String() + " code that is only known at run time")
	}
	a := interpAnalysis{operands: code.argv}
	a.run(lang, code.Value, 0)
	var hs []Hit
	for _, d := range a.dynamic {
		hs = append(hs, Hit{Reason: d + " from inside " + name + " " + code.flag})
	}
	return hs
}

// interpHasCode reports code with something known in it: not only a
// substitution or an unknown variable.
func interpHasCode(code interpSource) bool {
	return strings.TrimSpace(strings.ReplaceAll(code.Value, Unknown, "")) != "" || code.Value == ""
}

// interpLang is the language of an interpreter one-liner.
type interpLang uint8

const (
	interpNone interpLang = iota
	interpPython
	interpJS
	interpPerl
	interpRuby
	interpPHP
	interpAwk
	interpLua
)

func (l interpLang) String() string {
	switch l {
	case interpPython:
		return "python"
	case interpJS:
		return "javascript"
	case interpPerl:
		return "perl"
	case interpRuby:
		return "ruby"
	case interpPHP:
		return "php"
	case interpAwk:
		return "awk"
	case interpLua:
		return "lua"
	}
	return ""
}

// interpProgLang returns the language a program name runs.
func interpProgLang(name string) interpLang {
	switch name {
	case "python", "python2", "python3", "pypy", "pypy3":
		return interpPython
	case "node", "nodejs", "deno", "bun":
		return interpJS
	case "perl":
		return interpPerl
	case "ruby", "jruby", "truffleruby":
		return interpRuby
	case "php":
		return interpPHP
	case "awk", "gawk", "mawk", "nawk":
		return interpAwk
	case "lua", "luajit":
		return interpLua
	}
	switch {
	case strings.HasPrefix(name, "python2.") || strings.HasPrefix(name, "python3."):
		return interpPython
	case strings.HasPrefix(name, "perl5"):
		return interpPerl
	case strings.HasPrefix(name, "php") && interpDigitsDots(name[3:]):
		return interpPHP
	case strings.HasPrefix(name, "lua") && interpDigitsDots(name[3:]):
		return interpLua
	}
	return interpNone
}

func interpDigitsDots(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if (s[i] < '0' || s[i] > '9') && s[i] != '.' {
			return false
		}
	}
	return true
}

// interpSource is the inline code of a one-liner: the words holding it
// joined (perl -e A -e B), and the option that gave it.
type interpSource struct {
	Word
	flag string
	// argv are the operands after the code: sys.argv[1:], @ARGV, ARGV.
	argv []Word
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

// interpCode returns the language and the inline code of an interpreter
// one-liner; ok is false when the command runs no inline code (a script
// file, a module, stdin, --help).
func interpCode(c *Command) (interpLang, interpSource, bool) {
	name := c.Name()
	lang := interpProgLang(name)
	if lang == interpNone || len(c.Args) < 2 {
		return interpNone, interpSource{}, false
	}
	args := c.Args[1:]
	var src interpSource
	switch {
	case lang == interpPython:
		src = interpPythonCode(args)
	case lang == interpJS && name == "deno":
		src = interpDenoCode(args)
	case lang == interpJS:
		src = interpNodeCode(args)
	case lang == interpPerl || lang == interpRuby:
		src = interpPerlCode(args, lang)
	case lang == interpPHP:
		src = interpPHPCode(args)
	case lang == interpAwk:
		src = interpAwkCode(args)
	case lang == interpLua:
		src = interpLuaCode(args)
	}
	if src.flag == "" {
		return interpNone, interpSource{}, false
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
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.Value
		if !a.Known || v == "-" || v == "--" || !strings.HasPrefix(v, "-") {
			return src
		}
		if strings.HasPrefix(v, "--") {
			if v == "--check-hash-based-pycs" {
				i++
			}
			continue
		}
		for j := 1; j < len(v); j++ {
			switch v[j] {
			case 'c':
				if j+1 < len(v) {
					src.add(Lit(v[j+1:]), "-c")
					src.argv = args[i+1:]
				} else if w, ok := interpNext(args, i+1); ok {
					src.add(w, "-c")
					src.argv = args[i+2:]
				}
				return src
			case 'm':
				return src
			case 'W', 'X', 'Q':
				if j+1 == len(v) {
					i++
				}
				j = len(v)
			}
		}
	}
	return src
}

func interpNodeCode(args []Word) interpSource {
	var src interpSource
	withArg := map[string]bool{"-r": true, "--require": true, "--import": true, "--loader": true,
		"--experimental-loader": true, "-C": true, "--conditions": true, "--title": true, "--input-type": true,
		"--env-file": true, "--cwd": true}
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.Value
		if !a.Known || v == "-" || v == "--" || !strings.HasPrefix(v, "-") {
			return src
		}
		switch {
		case v == "-e" || v == "--eval" || v == "-p" || v == "--print" || v == "-pe" || v == "-ep":
			if w, ok := interpNext(args, i+1); ok {
				src.add(w, v)
				src.argv = args[i+2:]
			}
			return src
		case strings.HasPrefix(v, "--eval=") || strings.HasPrefix(v, "--print="):
			k, code, _ := strings.Cut(v, "=")
			src.add(Lit(code), k)
			src.argv = args[i+1:]
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
	for _, a := range args[1:] {
		if a.Known && strings.HasPrefix(a.Value, "-") {
			continue
		}
		src.add(a, "eval")
		return src
	}
	return src
}

// interpPerlCode handles perl's and ruby's clustered switches: -lne CODE,
// -e CODE (several), -MMod, -I dir.
func interpPerlCode(args []Word, lang interpLang) interpSource {
	var src interpSource
	// Switches whose value is the rest of the cluster, or the next word
	// when the cluster ends with them.
	restArg, nextArg := "MmIxiFCdD", "I"
	if lang == interpRuby {
		restArg, nextArg = "rIEFCiKTWx", "rIEC"
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.Value
		if !a.Known || v == "-" || v == "--" || !strings.HasPrefix(v, "-") {
			if v == "--" && a.Known {
				i++
			}
			if src.flag != "" && i <= len(args) {
				src.argv = args[i:]
			}
			return src
		}
		if strings.HasPrefix(v, "--") {
			continue
		}
	cluster:
		for j := 1; j < len(v); j++ {
			ch := v[j]
			switch {
			case ch == 'e' || (ch == 'E' && lang == interpPerl):
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

func interpPHPCode(args []Word) interpSource {
	var src interpSource
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.Value
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
	fromFile := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.Value
		if !a.Known || v == "-" || !strings.HasPrefix(v, "-") {
			if !fromFile && src.flag == "" {
				src.add(a, "program")
			}
			return src
		}
		if v == "--" {
			if w, ok := interpNext(args, i+1); ok && !fromFile && src.flag == "" {
				src.add(w, "program")
			}
			return src
		}
		switch {
		case v == "-e" || v == "--source":
			if w, ok := interpNext(args, i+1); ok {
				src.add(w, "program")
				i++
			}
		case strings.HasPrefix(v, "--source="):
			src.add(Lit(strings.TrimPrefix(v, "--source=")), "program")
		case v == "-f" || v == "--file" || v == "-E" || v == "--exec":
			fromFile = true
			i++
		case strings.HasPrefix(v, "--file=") || strings.HasPrefix(v, "--exec=") || (strings.HasPrefix(v, "-f") && !strings.HasPrefix(v, "--")):
			fromFile = true
		case v == "-F" || v == "-v" || v == "-i" || v == "-l" || v == "-W" || v == "--include" || v == "--load" || v == "--assign" || v == "--field-separator":
			i++
		}
	}
	return src
}

func interpLuaCode(args []Word) interpSource {
	var src interpSource
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.Value
		if !a.Known || v == "-" || v == "--" || !strings.HasPrefix(v, "-") {
			return src
		}
		switch {
		case v == "-e":
			if w, ok := interpNext(args, i+1); ok {
				src.add(w, "-e")
				i++
			}
		case strings.HasPrefix(v, "-e"):
			src.add(Lit(v[2:]), "-e")
		case v == "-l":
			i++
		}
	}
	return src
}

// interpShellText turns a command string found in code into a shell line:
// a part only known at run time becomes a substitution, which the walker
// treats as "could be anything".
func interpShellText(s string) string {
	return strings.ReplaceAll(s, Unknown, `"$(:)"`)
}

// interpParses reports a shell line that parses as bash.
func interpParses(line string) bool {
	_, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(line), "")
	return err == nil
}

// interpQuote quotes one word of a command for a shell line.
func interpQuote(s string) string {
	parts := strings.Split(s, Unknown)
	var b strings.Builder
	for i, p := range parts {
		if i > 0 {
			b.WriteString(`"$(:)"`)
		}
		if p != "" || len(parts) == 1 {
			b.WriteByte('\'')
			b.WriteString(strings.ReplaceAll(p, "'", `'\''`))
			b.WriteByte('\'')
		}
	}
	return b.String()
}

// interpArgv renders an argument vector as a shell line.
func interpArgv(argv []string) string {
	q := make([]string, len(argv))
	for i, a := range argv {
		q[i] = interpQuote(a)
	}
	return strings.Join(q, " ")
}

// Token kinds of the one-liner lexer.
const (
	itIdent = 'i' // identifier, number or variable ($x, @a)
	itStr   = 's' // string literal; val is its text
	itCmd   = 'x' // command string: `...`, qx(...), %x(...)
	itList  = 'w' // word list: qw(...), %w(...)
	itPunct = 'p' // operator or bracket
	itNL    = 'n' // newline: a statement end in some languages
)

// itok is one token of a one-liner.
type itok struct {
	kind byte
	// text is an identifier's or operator's text.
	text string
	// val is a string's value; parts only known at run time are Unknown.
	val string
	// dyn reports a string with parts only known at run time.
	dyn  bool
	list []string
	// tagged reports a string written right after an identifier: a
	// JavaScript tagged template ($`rm -rf x`).
	tagged bool
}

// interpLexer splits one-liner code into tokens, for the languages the
// interpreter family reads. It knows each language's strings, comments and
// regular expressions well enough to tell data from calls, nothing more.
type interpLexer struct {
	lang interpLang
	src  string
	i    int
	toks []itok
}

func interpLex(lang interpLang, src string) []itok {
	l := &interpLexer{lang: lang, src: src}
	l.run()
	return l.toks
}

func interpIdentByte(b byte) bool {
	return b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b >= 0x80
}

// interpRegexAfter are keywords after which `/` starts a regular expression.
var interpRegexAfter = map[string]bool{"if": true, "unless": true, "and": true, "or": true, "not": true,
	"return": true, "split": true, "grep": true, "map": true, "when": true, "while": true, "until": true,
	"print": true, "printf": true, "typeof": true, "case": true, "in": true}

// expectOperand reports whether the next token starts an operand, which
// decides what `/` and `%` mean.
func (l *interpLexer) expectOperand() bool {
	if len(l.toks) == 0 {
		return true
	}
	t := l.toks[len(l.toks)-1]
	switch t.kind {
	case itNL:
		return true
	case itPunct:
		return t.text != ")" && t.text != "]" && (t.text != "}" || l.lang == interpAwk)
	case itIdent:
		return interpRegexAfter[t.text]
	}
	return false
}

func (l *interpLexer) emit(t itok) {
	if t.kind == itStr || t.kind == itCmd {
		t.dyn = t.dyn || strings.Contains(t.val, Unknown)
	}
	l.toks = append(l.toks, t)
}

func (l *interpLexer) skipLine() {
	for l.i < len(l.src) && l.src[l.i] != '\n' {
		l.i++
	}
}

func (l *interpLexer) skipBlockComment(end string) {
	if j := strings.Index(l.src[l.i:], end); j >= 0 {
		l.i += j + len(end)
		return
	}
	l.i = len(l.src)
}

func (l *interpLexer) run() {
	src := l.src
	for l.i < len(src) {
		ch := src[l.i]
		rest := src[l.i:]
		switch {
		case ch == '\n':
			l.emit(itok{kind: itNL})
			l.i++
		case ch == ' ' || ch == '\t' || ch == '\r' || ch == '\f':
			l.i++
		case ch == '#' && (l.lang == interpPython || l.lang == interpRuby || l.lang == interpPerl || l.lang == interpAwk || l.lang == interpPHP):
			l.skipLine()
		case (l.lang == interpJS || l.lang == interpPHP) && strings.HasPrefix(rest, "//"):
			l.skipLine()
		case (l.lang == interpJS || l.lang == interpPHP) && strings.HasPrefix(rest, "/*"):
			l.i += 2
			l.skipBlockComment("*/")
		case l.lang == interpLua && strings.HasPrefix(rest, "--[["):
			l.skipBlockComment("]]")
		case l.lang == interpLua && strings.HasPrefix(rest, "--"):
			l.skipLine()
		case l.lang == interpLua && (strings.HasPrefix(rest, "[[") || strings.HasPrefix(rest, "[=")) && l.expectOperand():
			l.luaLong()
		case ch == '\'' || ch == '"':
			l.str(ch, "")
		case ch == '`':
			l.backtick()
		case ch == '/' && l.lang != interpPython && l.lang != interpPHP && l.lang != interpLua && l.expectOperand():
			l.regex()
		case ch == '%' && l.lang == interpRuby && (l.expectOperand() || l.spacedOperand()) && l.rubyPercent():
		case ch == '$' || ch == '@' || interpIdentByte(ch):
			l.ident()
		default:
			l.punct()
		}
	}
}

// spacedOperand reports Ruby's `puts %x{ls}`: after an identifier, a
// space before and none after the operator make it start an operand.
func (l *interpLexer) spacedOperand() bool {
	n := len(l.toks)
	return n > 0 && l.toks[n-1].kind == itIdent && l.i > 0 && l.src[l.i-1] == ' ' &&
		l.i+1 < len(l.src) && l.src[l.i+1] != ' ' && l.src[l.i+1] != '='
}

// punct emits an operator, joining the two-character ones.
func (l *interpLexer) punct() {
	if l.i+1 < len(l.src) {
		switch l.src[l.i : l.i+2] {
		case "::", "->", "=>", "==", "!=", "<=", ">=", "&&", "||", "|&", "=~", "!~", "**", "..", ">>", "<<", "+=", "-=", ".=":
			l.emit(itok{kind: itPunct, text: l.src[l.i : l.i+2]})
			l.i += 2
			return
		}
	}
	l.emit(itok{kind: itPunct, text: l.src[l.i : l.i+1]})
	l.i++
}

// ident lexes an identifier, a number or a variable, and what may follow
// it directly: a prefixed Python string (f"..."), a Perl quote-like
// operator (qx{...}), a tagged template.
func (l *interpLexer) ident() {
	src := l.src
	start := l.i
	j := l.i
	for j < len(src) && (src[j] == '$' || src[j] == '@') && j-start < 2 {
		j++
	}
	if j > start {
		switch {
		case j < len(src) && interpIdentByte(src[j]):
		case j < len(src) && src[j] == '#' && l.lang == interpPerl:
			j++
		case j < len(src) && l.lang == interpPerl && strings.IndexByte("!@$&;,./\\0_<>[]^", src[j]) >= 0 && src[j] != '[':
			j++
			l.emit(itok{kind: itIdent, text: src[start:j]})
			l.i = j
			return
		}
	}
	for j < len(src) && interpIdentByte(src[j]) {
		j++
	}
	if l.lang == interpRuby && j < len(src) && (src[j] == '?' || src[j] == '!') && (j+1 >= len(src) || src[j+1] != '=') && j > start && src[start] != '$' {
		j++
	}
	word := src[start:j]
	l.i = j
	if word == "" {
		l.punct()
		return
	}
	if j < len(src) && (src[j] == '\'' || src[j] == '"') && l.lang == interpPython && len(word) <= 2 && strings.Trim(word, "rRbBuUfF") == "" {
		l.str(src[j], strings.ToLower(word))
		return
	}
	if l.lang == interpPerl && l.perlQuote(word) {
		return
	}
	l.emit(itok{kind: itIdent, text: word})
	if l.lang == interpJS && j < len(src) && src[j] == '`' {
		l.backtick()
		l.toks[len(l.toks)-1].tagged = true
	}
}

// str lexes a quoted string starting at l.i; prefix holds Python string
// prefix letters (r, f, b, u).
func (l *interpLexer) str(q byte, prefix string) {
	src := l.src
	l.i++
	triple := false
	if l.lang == interpPython && strings.HasPrefix(src[l.i:], string([]byte{q, q})) {
		triple = true
		l.i += 2
	}
	raw := strings.Contains(prefix, "r") || (q == '\'' && (l.lang == interpPerl || l.lang == interpRuby || l.lang == interpPHP))
	interp := ""
	switch {
	case strings.Contains(prefix, "f"):
		interp = "{"
	case q == '"' && (l.lang == interpPerl || l.lang == interpPHP):
		interp = "$"
	case q == '"' && l.lang == interpRuby:
		interp = "#"
	}
	var b strings.Builder
	dyn := false
	for l.i < len(src) {
		c := src[l.i]
		if triple && strings.HasPrefix(src[l.i:], string([]byte{q, q, q})) {
			l.i += 3
			break
		}
		if !triple && c == q {
			l.i++
			break
		}
		if !triple && c == '\n' && l.lang == interpPython {
			break
		}
		if c == '\\' && l.i+1 < len(src) {
			if raw {
				n := src[l.i+1]
				if n == q || n == '\\' {
					if l.lang != interpPython {
						b.WriteByte(n)
					} else {
						b.WriteByte(c)
						b.WriteByte(n)
					}
					l.i += 2
					continue
				}
				b.WriteByte(c)
				l.i++
				continue
			}
			l.escape(&b)
			continue
		}
		if interp != "" && l.interpolation(&b, interp) {
			dyn = true
			continue
		}
		b.WriteByte(c)
		l.i++
	}
	l.emit(itok{kind: itStr, val: b.String(), dyn: dyn})
}

// escape decodes a backslash escape at l.i into b.
func (l *interpLexer) escape(b *strings.Builder) {
	n := l.src[l.i+1]
	l.i += 2
	switch n {
	case 'n':
		b.WriteByte('\n')
	case 't':
		b.WriteByte('\t')
	case 'r':
		b.WriteByte('\r')
	case '0':
		b.WriteByte(0)
	case '\n':
	case 'x':
		if l.i+2 <= len(l.src) {
			if v, ok := interpHex(l.src[l.i : l.i+2]); ok {
				b.WriteByte(v)
				l.i += 2
				return
			}
		}
		b.WriteByte('x')
	default:
		if l.lang == interpPython && !strings.ContainsRune("\\'\"abfv", rune(n)) {
			b.WriteByte('\\')
		}
		b.WriteByte(n)
	}
}

func interpHex(s string) (byte, bool) {
	var v byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			v = v*16 + c - '0'
		case c >= 'a' && c <= 'f':
			v = v*16 + c - 'a' + 10
		case c >= 'A' && c <= 'F':
			v = v*16 + c - 'A' + 10
		default:
			return 0, false
		}
	}
	return v, true
}

// interpolation recognises a run-time part of a string at l.i in the
// style given ("{" Python f-strings, "${" templates, "#" Ruby, "$" Perl and
// PHP), skips it and writes Unknown in its place.
func (l *interpLexer) interpolation(b *strings.Builder, style string) bool {
	src := l.src
	rest := src[l.i:]
	switch style {
	case "{":
		if strings.HasPrefix(rest, "{{") || strings.HasPrefix(rest, "}}") {
			b.WriteByte(rest[0])
			l.i += 2
			return false
		}
		if rest[0] == '{' {
			l.i = interpCloseBrace(src, l.i+1)
			b.WriteString(Unknown)
			return true
		}
	case "${":
		if strings.HasPrefix(rest, "${") {
			l.i = interpCloseBrace(src, l.i+2)
			b.WriteString(Unknown)
			return true
		}
	case "#":
		if strings.HasPrefix(rest, "#{") {
			l.i = interpCloseBrace(src, l.i+2)
			b.WriteString(Unknown)
			return true
		}
		if len(rest) > 2 && rest[0] == '#' && (rest[1] == '@' || rest[1] == '$') && interpIdentByte(rest[2]) {
			l.i += 2
			for l.i < len(src) && interpIdentByte(src[l.i]) {
				l.i++
			}
			b.WriteString(Unknown)
			return true
		}
	case "$":
		if strings.HasPrefix(rest, "{$") && l.lang == interpPHP {
			l.i = interpCloseBrace(src, l.i+1)
			b.WriteString(Unknown)
			return true
		}
		if len(rest) > 1 && (rest[0] == '$' || rest[0] == '@' && l.lang == interpPerl) && (interpIdentByte(rest[1]) || rest[1] == '{' || rest[1] == ':') {
			l.i++
			if src[l.i] == '{' {
				l.i = interpCloseBrace(src, l.i+1)
			} else {
				for l.i < len(src) && (interpIdentByte(src[l.i]) || src[l.i] == ':') {
					l.i++
				}
			}
			// Subscripts and method arrows: $x[1], $h{k}, $o->{k}, $o->p.
			for l.i < len(src) {
				switch {
				case src[l.i] == '[':
					l.i = interpCloseBracket(src, l.i+1, '[', ']')
				case src[l.i] == '{' && l.lang == interpPerl:
					l.i = interpCloseBrace(src, l.i+1)
				case strings.HasPrefix(src[l.i:], "->") && l.i+2 < len(src) && (src[l.i+2] == '[' || src[l.i+2] == '{' || interpIdentByte(src[l.i+2])):
					l.i += 2
					for l.i < len(src) && interpIdentByte(src[l.i]) {
						l.i++
					}
				default:
					b.WriteString(Unknown)
					return true
				}
			}
			b.WriteString(Unknown)
			return true
		}
	}
	return false
}

// interpCloseBrace returns the index after the `}` closing a brace opened
// just before i, skipping nested braces and quoted strings.
func interpCloseBrace(src string, i int) int {
	return interpCloseBracket(src, i, '{', '}')
}

func interpCloseBracket(src string, i int, open, close byte) int {
	depth := 1
	for i < len(src) {
		c := src[i]
		switch {
		case c == '\\':
			i++
		case c == open:
			depth++
		case c == close:
			depth--
			if depth == 0 {
				return i + 1
			}
		case c == '\'' || c == '"':
			j := i + 1
			for j < len(src) && src[j] != c {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			i = j
		}
		i++
	}
	return len(src)
}

// backtick lexes `...`: a command in Perl, Ruby and PHP, a template
// literal in JavaScript.
func (l *interpLexer) backtick() {
	src := l.src
	l.i++
	style := "$"
	switch l.lang {
	case interpJS:
		style = "${"
	case interpRuby:
		style = "#"
	}
	var b strings.Builder
	dyn := false
	for l.i < len(src) && src[l.i] != '`' {
		if src[l.i] == '\\' && l.i+1 < len(src) {
			l.escape(&b)
			continue
		}
		if l.interpolation(&b, style) {
			dyn = true
			continue
		}
		b.WriteByte(src[l.i])
		l.i++
	}
	l.i++
	kind := byte(itCmd)
	if l.lang == interpJS {
		kind = itStr
	}
	l.emit(itok{kind: kind, val: b.String(), dyn: dyn})
}

// regex skips a regular expression literal /.../flags.
func (l *interpLexer) regex() {
	src := l.src
	j := l.i + 1
	class := false
	for j < len(src) {
		c := src[j]
		if c == '\n' {
			l.punct()
			return
		}
		if c == '\\' {
			j += 2
			continue
		}
		if c == '[' {
			class = true
		} else if c == ']' {
			class = false
		} else if c == '/' && !class {
			break
		}
		j++
	}
	j++
	for j < len(src) && src[j] >= 'a' && src[j] <= 'z' {
		j++
	}
	if j > len(src) {
		j = len(src)
	}
	l.emit(itok{kind: itIdent, text: "/re/"})
	l.i = j
}

// delimited reads text between delimiters starting at l.i (the opening
// one), bracket pairs nesting, and returns it raw.
func (l *interpLexer) delimited() string {
	src := l.src
	open := src[l.i]
	close := open
	switch open {
	case '(':
		close = ')'
	case '[':
		close = ']'
	case '{':
		close = '}'
	case '<':
		close = '>'
	}
	l.i++
	start := l.i
	depth := 1
	for l.i < len(src) {
		c := src[l.i]
		if c == '\\' {
			l.i += 2
			continue
		}
		if c == close && open != close {
			depth--
			if depth == 0 {
				break
			}
		} else if c == open && open != close {
			depth++
		} else if c == close {
			break
		}
		l.i++
	}
	end := l.i
	if end > len(src) {
		end = len(src)
	}
	l.i = end + 1
	return src[start:end]
}

// quoted decodes delimited text as a string: interpolated in style (""
// for none), with escapes unless raw.
func (l *interpLexer) quoted(text, style string, raw bool) (string, bool) {
	sub := &interpLexer{lang: l.lang, src: text}
	var b strings.Builder
	dyn := false
	for sub.i < len(text) {
		if text[sub.i] == '\\' && sub.i+1 < len(text) {
			if raw {
				b.WriteByte(text[sub.i+1])
				sub.i += 2
				continue
			}
			sub.escape(&b)
			continue
		}
		if style != "" && sub.interpolation(&b, style) {
			dyn = true
			continue
		}
		b.WriteByte(text[sub.i])
		sub.i++
	}
	return b.String(), dyn
}

func interpDelimOK(c byte) bool {
	return !interpIdentByte(c) && strings.IndexByte(" \t\n=,;)}]>$@", c) < 0
}

// perlQuote lexes Perl's quote-like operators: q qq qx qw, and skips
// m s tr y qr.
func (l *interpLexer) perlQuote(word string) bool {
	switch word {
	case "q", "qq", "qx", "qw", "m", "s", "tr", "y", "qr":
	default:
		return false
	}
	j := l.i
	for j < len(l.src) && (l.src[j] == ' ' || l.src[j] == '\t') {
		j++
	}
	if j >= len(l.src) || !interpDelimOK(l.src[j]) || (j > l.i && l.src[j] == '#') {
		return false
	}
	l.i = j
	text := l.delimited()
	switch word {
	case "q":
		v, _ := l.quoted(text, "", true)
		l.emit(itok{kind: itStr, val: v})
	case "qq":
		v, dyn := l.quoted(text, "$", false)
		l.emit(itok{kind: itStr, val: v, dyn: dyn})
	case "qx":
		v, dyn := l.quoted(text, "$", false)
		l.emit(itok{kind: itCmd, val: v, dyn: dyn})
	case "qw":
		l.emit(itok{kind: itList, list: strings.Fields(text)})
	case "s", "tr", "y":
		// A second part: s/a/b/ shares the delimiter, s{a}{b} has its own.
		if open := l.src[j]; open == '(' || open == '[' || open == '{' || open == '<' {
			for l.i < len(l.src) && (l.src[l.i] == ' ' || l.src[l.i] == '\t') {
				l.i++
			}
			if l.i < len(l.src) {
				l.delimited()
			}
		} else {
			l.i--
			l.delimited()
		}
		fallthrough
	default:
		for l.i < len(l.src) && l.src[l.i] >= 'a' && l.src[l.i] <= 'z' {
			l.i++
		}
		l.emit(itok{kind: itIdent, text: "/re/"})
	}
	return true
}

// rubyPercent lexes Ruby's %-literals: %q() %Q() %() %w() %W() %x() %i().
func (l *interpLexer) rubyPercent() bool {
	src := l.src
	j := l.i + 1
	typ := byte('Q')
	if j < len(src) && strings.IndexByte("qQwWxiIsr", src[j]) >= 0 && j+1 < len(src) && interpDelimOK(src[j+1]) {
		typ = src[j]
		j++
	}
	if j >= len(src) || !interpDelimOK(src[j]) || src[j] == '=' {
		return false
	}
	l.i = j
	text := l.delimited()
	switch typ {
	case 'q':
		v, _ := l.quoted(text, "", true)
		l.emit(itok{kind: itStr, val: v})
	case 'Q':
		v, dyn := l.quoted(text, "#", false)
		l.emit(itok{kind: itStr, val: v, dyn: dyn})
	case 'x':
		v, dyn := l.quoted(text, "#", false)
		l.emit(itok{kind: itCmd, val: v, dyn: dyn})
	case 'w', 'W':
		l.emit(itok{kind: itList, list: strings.Fields(text)})
	default:
		l.emit(itok{kind: itIdent, text: "%" + string(typ)})
	}
	return true
}

// luaLong lexes a Lua long string [[...]] or [==[...]==].
func (l *interpLexer) luaLong() {
	src := l.src
	j := l.i + 1
	level := 0
	for j < len(src) && src[j] == '=' {
		level++
		j++
	}
	if j >= len(src) || src[j] != '[' {
		l.punct()
		return
	}
	end := "]" + strings.Repeat("=", level) + "]"
	body := src[j+1:]
	k := strings.Index(body, end)
	if k < 0 {
		l.emit(itok{kind: itStr, val: body})
		l.i = len(src)
		return
	}
	l.emit(itok{kind: itStr, val: body[:k]})
	l.i = j + 1 + k + len(end)
}

// interpAnalysis collects what a one-liner would run: shell lines for the
// walker, and the reasons for interp_exec_dynamic.
type interpAnalysis struct {
	lines   []string
	dynamic []string
	// operands are the one-liner's operands, for sys.argv[N] and the like.
	operands []Word
}

// interpMaxDepth bounds eval("...") inside eval inside a one-liner.
const interpMaxDepth = 4

func (a *interpAnalysis) run(lang interpLang, code string, depth int) {
	if depth > interpMaxDepth {
		a.dyn("evaluates code nested deeper than guardsh follows")
		return
	}
	p := &interpParser{a: a, lang: lang, toks: interpLex(lang, code), depth: depth}
	p.collectConsts()
	p.scan()
}

func (a *interpAnalysis) line(s string) {
	for _, l := range a.lines {
		if l == s {
			return
		}
	}
	a.lines = append(a.lines, s)
}

func (a *interpAnalysis) dyn(reason string) {
	for _, d := range a.dynamic {
		if d == reason {
			return
		}
	}
	a.dynamic = append(a.dynamic, reason)
}

// Reasons of interp_exec_dynamic.
const (
	interpDynRun    = "runs a command built at run time"
	interpDynDelete = "deletes a path built at run time"
	interpDynEval   = "evaluates code built at run time"
	interpDynFeed   = "feeds text built at run time to a shell"
)

// shell records a command string found in code.
func (a *interpAnalysis) shell(v interpVal) {
	switch v.kind {
	case 's':
		if strings.TrimSpace(strings.ReplaceAll(v.s, Unknown, "")) != "" {
			line := interpShellText(v.s)
			// A string with run-time parts can stop parsing once they are
			// replaced ("${" $1 "}"): then only the dynamic finding stays.
			if !v.dyn || interpParses(line) {
				a.line(line)
			}
		}
		if v.dyn {
			a.dyn(interpDynRun)
		}
	case 'l':
		a.argv(v.list, v.dyn)
	default:
		a.dyn(interpDynRun)
	}
}

func (a *interpAnalysis) argv(argv []string, dyn bool) {
	if len(argv) > 0 {
		a.line(interpArgv(argv))
	}
	if dyn || len(argv) == 0 {
		a.dyn(interpDynRun)
	}
}

// remove records a deletion of paths by cmd ("rm -rf", "rmdir").
func (a *interpAnalysis) remove(cmd string, paths []interpVal) {
	var ps []string
	dyn := len(paths) == 0
	for _, v := range paths {
		switch v.kind {
		case 's':
			ps = append(ps, v.s)
			dyn = dyn || v.dyn
		case 'l':
			ps = append(ps, v.list...)
			dyn = dyn || v.dyn
		default:
			ps = append(ps, Unknown)
			dyn = true
		}
	}
	if len(ps) > 0 {
		a.line(cmd + " " + interpArgv(ps))
	}
	if dyn {
		a.dyn(interpDynDelete)
	}
}

// write records opening a file for writing: op is ">" or ">>".
func (a *interpAnalysis) write(op string, v interpVal) {
	if v.kind != 's' || strings.ReplaceAll(v.s, Unknown, "") == "" {
		return
	}
	switch v.s {
	case "/dev/stdout", "/dev/stderr", "/dev/null", "-", "/dev/tty":
		return
	}
	a.line(": " + op + " " + interpQuote(v.s))
}

// interpVal is the value of one argument of a call.
type interpVal struct {
	// kind: 's' a string (parts only known at run time are Unknown), 'l' a
	// list of strings, 'k' a keyword argument, 'o' an object or hash, 'x'
	// anything else.
	kind byte
	s    string
	dyn  bool
	list []string
	// key is a keyword argument's name; sub its value.
	key string
	sub *interpVal
	obj map[string]interpVal
	// raw is the argument's text, for true/false flags.
	raw string
}

var interpOther = interpVal{kind: 'x', s: Unknown, dyn: true}

// interpFn describes a function the family knows: what it does and the
// receivers it is called on ("-" for a bare call, "*" for any, "Path()"
// for the result of a call to Path).
type interpFn struct {
	kind  byte
	recvs string
	// arg is the rm flags, or the redirect operator of a write.
	arg string
}

// Kinds of interpFn.
const (
	fnShell     = iota + 1 // runs a command string, or argv given as a list or as arguments
	fnProgArgs             // program, then a list of arguments
	fnOsExec               // os.exec*/os.spawn*: path, arg0, args...
	fnRm                   // deletes its arguments, with rm flags in arg
	fnRmdir                // removes directories
	fnNodeRm               // fs.rmSync(path, {recursive, force})
	fnNodeRmdir            // fs.rmdirSync(path, {recursive})
	fnWrite                // writes the file named by its first argument
	fnOpen                 // open(path, mode)
	fnPerlOpen             // open(FH, "cmd |"), open(FH, "-|", cmd), open(FH, ">", f)
	fnEval                 // evaluates a string as code
	fnDenoRun              // Deno.run({cmd: [...]})
	fnDenoCmd              // new Deno.Command(prog, {args: [...]})
)

// interpFns lists, per language and function name, what the call does.
var interpFns = map[interpLang]map[string][]interpFn{
	interpPython: {
		"system":          {{kind: fnShell, recvs: "*"}},
		"popen":           {{kind: fnShell, recvs: "- os posix"}},
		"getoutput":       {{kind: fnShell, recvs: "- subprocess sp commands"}},
		"getstatusoutput": {{kind: fnShell, recvs: "- subprocess sp commands"}},
		"run":             {{kind: fnShell, recvs: "subprocess sp"}},
		"call":            {{kind: fnShell, recvs: "subprocess sp"}},
		"check_call":      {{kind: fnShell, recvs: "subprocess sp"}},
		"check_output":    {{kind: fnShell, recvs: "- subprocess sp"}},
		"Popen":           {{kind: fnShell, recvs: "- subprocess sp"}},
		"rmtree":          {{kind: fnRm, recvs: "*", arg: "-rf"}},
		"remove":          {{kind: fnRm, recvs: "os posix"}},
		"unlink":          {{kind: fnRm, recvs: "os posix Path()"}},
		"rmdir":           {{kind: fnRmdir, recvs: "os posix Path()"}},
		"removedirs":      {{kind: fnRmdir, recvs: "os"}},
		"execl":           {{kind: fnOsExec, recvs: "os posix"}},
		"execle":          {{kind: fnOsExec, recvs: "os posix"}},
		"execlp":          {{kind: fnOsExec, recvs: "os posix"}},
		"execlpe":         {{kind: fnOsExec, recvs: "os posix"}},
		"execv":           {{kind: fnOsExec, recvs: "os posix"}},
		"execve":          {{kind: fnOsExec, recvs: "os posix"}},
		"execvp":          {{kind: fnOsExec, recvs: "os posix"}},
		"execvpe":         {{kind: fnOsExec, recvs: "os posix"}},
		"spawnl":          {{kind: fnOsExec, recvs: "os"}},
		"spawnle":         {{kind: fnOsExec, recvs: "os"}},
		"spawnlp":         {{kind: fnOsExec, recvs: "os"}},
		"spawnlpe":        {{kind: fnOsExec, recvs: "os"}},
		"spawnv":          {{kind: fnOsExec, recvs: "os"}},
		"spawnve":         {{kind: fnOsExec, recvs: "os"}},
		"spawnvp":         {{kind: fnOsExec, recvs: "os"}},
		"spawnvpe":        {{kind: fnOsExec, recvs: "os"}},
		"posix_spawn":     {{kind: fnOsExec, recvs: "os"}},
		"posix_spawnp":    {{kind: fnOsExec, recvs: "os"}},
		"write_text":      {{kind: fnWrite, recvs: "Path()", arg: ">"}},
		"write_bytes":     {{kind: fnWrite, recvs: "Path()", arg: ">"}},
		"open":            {{kind: fnOpen, recvs: "- io builtins"}},
		"exec":            {{kind: fnEval, recvs: "-"}},
		"eval":            {{kind: fnEval, recvs: "-"}},
	},
	interpJS: {
		"execSync":          {{kind: fnShell, recvs: "*"}},
		"exec":              {{kind: fnShell, recvs: "- child_process cp childProcess proc"}},
		"execFileSync":      {{kind: fnProgArgs, recvs: "*"}},
		"execFile":          {{kind: fnProgArgs, recvs: "- child_process cp childProcess proc"}},
		"spawnSync":         {{kind: fnProgArgs, recvs: "*"}},
		"spawn":             {{kind: fnProgArgs, recvs: "- child_process cp childProcess proc Bun"}},
		"rmSync":            {{kind: fnNodeRm, recvs: "*"}},
		"rm":                {{kind: fnNodeRm, recvs: "fs fsp fs.promises promises fs/promises"}},
		"removeSync":        {{kind: fnNodeRm, recvs: "Deno fse fs-extra"}},
		"remove":            {{kind: fnNodeRm, recvs: "Deno"}, {kind: fnRm, recvs: "fse fs-extra", arg: "-rf"}},
		"rmdirSync":         {{kind: fnNodeRmdir, recvs: "*"}},
		"rmdir":             {{kind: fnNodeRmdir, recvs: "fs fsp fs.promises promises fs/promises"}},
		"unlinkSync":        {{kind: fnRm, recvs: "*"}},
		"unlink":            {{kind: fnRm, recvs: "fs fsp fs.promises promises fs/promises"}},
		"writeFileSync":     {{kind: fnWrite, recvs: "*", arg: ">"}},
		"writeFile":         {{kind: fnWrite, recvs: "fs fsp fs.promises promises fs/promises", arg: ">"}},
		"appendFileSync":    {{kind: fnWrite, recvs: "*", arg: ">>"}},
		"writeTextFile":     {{kind: fnWrite, recvs: "Deno", arg: ">"}},
		"writeTextFileSync": {{kind: fnWrite, recvs: "Deno", arg: ">"}},
		"run":               {{kind: fnDenoRun, recvs: "Deno"}},
		"Command":           {{kind: fnDenoCmd, recvs: "Deno"}},
		"eval":              {{kind: fnEval, recvs: "-"}},
	},
	interpRuby: {
		"system":              {{kind: fnShell, recvs: "- Kernel"}},
		"exec":                {{kind: fnShell, recvs: "- Kernel Process"}},
		"spawn":               {{kind: fnShell, recvs: "- Kernel Process"}},
		"popen":               {{kind: fnShell, recvs: "IO"}},
		"popen2":              {{kind: fnShell, recvs: "Open3"}},
		"popen2e":             {{kind: fnShell, recvs: "Open3"}},
		"popen3":              {{kind: fnShell, recvs: "Open3"}},
		"capture2":            {{kind: fnShell, recvs: "Open3"}},
		"capture2e":           {{kind: fnShell, recvs: "Open3"}},
		"capture3":            {{kind: fnShell, recvs: "Open3"}},
		"rm_rf":               {{kind: fnRm, recvs: "- FileUtils", arg: "-rf"}},
		"rmtree":              {{kind: fnRm, recvs: "- FileUtils", arg: "-rf"}},
		"rm_r":                {{kind: fnRm, recvs: "- FileUtils", arg: "-r"}},
		"remove_dir":          {{kind: fnRm, recvs: "FileUtils", arg: "-r"}},
		"remove_entry":        {{kind: fnRm, recvs: "FileUtils", arg: "-r"}},
		"remove_entry_secure": {{kind: fnRm, recvs: "FileUtils", arg: "-r"}},
		"rm":                  {{kind: fnRm, recvs: "FileUtils"}},
		"remove":              {{kind: fnRm, recvs: "FileUtils"}},
		"remove_file":         {{kind: fnRm, recvs: "FileUtils"}},
		"rm_f":                {{kind: fnRm, recvs: "FileUtils", arg: "-f"}},
		"safe_unlink":         {{kind: fnRm, recvs: "FileUtils", arg: "-f"}},
		"rmdir":               {{kind: fnRmdir, recvs: "FileUtils Dir"}},
		"delete":              {{kind: fnRm, recvs: "File"}, {kind: fnRmdir, recvs: "Dir"}},
		"unlink":              {{kind: fnRm, recvs: "File"}, {kind: fnRmdir, recvs: "Dir"}},
		"write":               {{kind: fnWrite, recvs: "File IO", arg: ">"}},
		"binwrite":            {{kind: fnWrite, recvs: "File IO", arg: ">"}},
		"open":                {{kind: fnOpen, recvs: "File"}},
		"eval":                {{kind: fnEval, recvs: "- Kernel"}},
	},
	interpPerl: {
		"system":      {{kind: fnShell, recvs: "-"}},
		"exec":        {{kind: fnShell, recvs: "-"}},
		"unlink":      {{kind: fnRm, recvs: "-"}},
		"rmdir":       {{kind: fnRmdir, recvs: "-"}},
		"rmtree":      {{kind: fnRm, recvs: "- File::Path", arg: "-rf"}},
		"remove_tree": {{kind: fnRm, recvs: "- File::Path", arg: "-rf"}},
		"open":        {{kind: fnPerlOpen, recvs: "-"}},
		"eval":        {{kind: fnEval, recvs: "-"}},
	},
	interpPHP: {
		"system":            {{kind: fnShell, recvs: "-"}},
		"exec":              {{kind: fnShell, recvs: "-"}},
		"shell_exec":        {{kind: fnShell, recvs: "-"}},
		"passthru":          {{kind: fnShell, recvs: "-"}},
		"popen":             {{kind: fnShell, recvs: "-"}},
		"proc_open":         {{kind: fnShell, recvs: "-"}},
		"unlink":            {{kind: fnRm, recvs: "-"}},
		"rmdir":             {{kind: fnRmdir, recvs: "-"}},
		"file_put_contents": {{kind: fnWrite, recvs: "-", arg: ">"}},
		"eval":              {{kind: fnEval, recvs: "-"}},
	},
	interpAwk: {
		"system": {{kind: fnShell, recvs: "-"}},
	},
	interpLua: {
		"execute": {{kind: fnShell, recvs: "os"}},
		"popen":   {{kind: fnShell, recvs: "io"}},
		"remove":  {{kind: fnRm, recvs: "os"}},
	},
}

// interpBareCalls are the functions Ruby and Perl call without parentheses
// (system "rm -rf x").
var interpBareCalls = map[string]bool{"system": true, "exec": true, "spawn": true, "unlink": true,
	"rmdir": true, "rmtree": true, "remove_tree": true, "rm_rf": true, "rm_r": true, "rm": true,
	"rm_f": true, "open": true, "eval": true}

// interpParser finds calls in a token list.
type interpParser struct {
	a     *interpAnalysis
	lang  interpLang
	toks  []itok
	depth int
	// consts are the variables assigned one literal string and nothing
	// else in the code (cmd = "rm -rf /"; os.system(cmd)).
	consts map[string]string
}

// collectConsts finds the variables assigned exactly one literal string.
func (p *interpParser) collectConsts() {
	toks := p.toks
	var bad map[string]bool
	for i := 0; i+1 < len(toks); i++ {
		t := toks[i]
		if t.kind != itIdent || toks[i+1].kind != itPunct {
			continue
		}
		if p.punctAt(i-1, ".") || p.punctAt(i-1, "->") || p.punctAt(i-1, "::") {
			continue
		}
		switch toks[i+1].text {
		case "=":
		case "+=", "-=", ".=":
			if bad == nil {
				bad = map[string]bool{}
			}
			bad[t.text] = true
			continue
		default:
			continue
		}
		j := i + 2
		literal := j < len(toks) && toks[j].kind == itStr && !toks[j].dyn &&
			(j+1 == len(toks) || toks[j+1].kind == itNL || p.punctAt(j+1, ";") || p.punctAt(j+1, "}") || p.punctAt(j+1, ","))
		if old, seen := p.consts[t.text]; !literal || seen && old != toks[j].val {
			if bad == nil {
				bad = map[string]bool{}
			}
			bad[t.text] = true
			continue
		}
		if p.consts == nil {
			p.consts = map[string]string{}
		}
		p.consts[t.text] = toks[j].val
	}
	for n := range bad {
		delete(p.consts, n)
	}
}

func (p *interpParser) punctAt(i int, s string) bool {
	return i >= 0 && i < len(p.toks) && p.toks[i].kind == itPunct && p.toks[i].text == s
}

func (p *interpParser) scan() {
	toks := p.toks
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch t.kind {
		case itCmd:
			p.a.shell(interpVal{kind: 's', s: t.val, dyn: t.dyn})
		case itStr:
			if t.tagged && i > 0 && toks[i-1].kind == itIdent && toks[i-1].text == "$" {
				// Bun's and zx's shell: $`rm -rf ${dir}`.
				p.a.shell(interpVal{kind: 's', s: t.val, dyn: t.dyn})
			}
		case itPunct:
			if p.lang == interpAwk && (t.text == "|" || t.text == "|&") && i+1 < len(toks) && toks[i+1].kind == itIdent && toks[i+1].text == "getline" {
				p.awkGetline(i)
			}
		case itIdent:
			if p.lang == interpAwk && (t.text == "print" || t.text == "printf") {
				i = p.awkPrint(i)
				continue
			}
			if p.punctAt(i+1, "(") {
				args, _ := p.parenArgs(i + 1)
				p.call(i, args)
				continue
			}
			if (p.lang == interpRuby || p.lang == interpPerl) && interpBareCalls[t.text] && i+1 < len(toks) && p.bareArgStart(toks[i+1]) {
				args, _ := p.bareArgs(i + 1)
				p.call(i, args)
			}
		}
	}
}

// bareArgStart reports a token that can start the arguments of a call
// without parentheses.
func (p *interpParser) bareArgStart(t itok) bool {
	switch t.kind {
	case itStr, itCmd, itList:
		return true
	case itIdent:
		return strings.HasPrefix(t.text, "$") || strings.HasPrefix(t.text, "@") || t.text == "glob"
	case itPunct:
		return t.text == "[" && p.lang == interpRuby
	}
	return false
}

// parenArgs splits the arguments of the call whose `(` is at open.
func (p *interpParser) parenArgs(open int) ([][]itok, int) {
	var args [][]itok
	var cur []itok
	depth := 0
	i := open + 1
	for ; i < len(p.toks); i++ {
		t := p.toks[i]
		if t.kind == itNL {
			continue
		}
		if t.kind == itPunct {
			switch t.text {
			case "(", "[", "{":
				depth++
			case ")", "]", "}":
				if depth == 0 {
					if len(cur) > 0 || len(args) > 0 {
						args = append(args, cur)
					}
					return args, i
				}
				depth--
			case ",":
				if depth == 0 {
					args = append(args, cur)
					cur = nil
					continue
				}
			}
		}
		cur = append(cur, t)
	}
	if len(cur) > 0 {
		args = append(args, cur)
	}
	return args, i
}

// bareArgs splits the arguments of a call without parentheses, up to the
// end of the statement.
func (p *interpParser) bareArgs(start int) ([][]itok, int) {
	var args [][]itok
	var cur []itok
	depth := 0
	i := start
loop:
	for ; i < len(p.toks); i++ {
		t := p.toks[i]
		switch t.kind {
		case itNL:
			if depth == 0 {
				break loop
			}
			continue
		case itIdent:
			if depth == 0 {
				switch t.text {
				case "or", "and", "if", "unless", "while", "until", "do", "then", "end":
					break loop
				}
			}
		case itPunct:
			switch t.text {
			case "(", "[", "{":
				depth++
			case ")", "]", "}":
				if depth == 0 {
					break loop
				}
				depth--
			case ";", "||", "&&":
				if depth == 0 {
					break loop
				}
			case ",":
				if depth == 0 {
					args = append(args, cur)
					cur = nil
					continue
				}
			}
		}
		cur = append(cur, t)
	}
	if len(cur) > 0 {
		args = append(args, cur)
	}
	return args, i
}

// receiver returns what the function named at i is called on: "" for a
// bare call, a dotted name ("os", "fs.promises"), the module a
// require/__import__ call loads, "Path()" for the result of a call (with
// that call's arguments), "?" for anything else.
func (p *interpParser) receiver(i int) (string, [][]itok) {
	if !(p.punctAt(i-1, ".") || p.punctAt(i-1, "::") || p.punctAt(i-1, "->")) {
		return "", nil
	}
	j := i - 2
	if j < 0 {
		return "?", nil
	}
	t := p.toks[j]
	switch {
	case t.kind == itIdent:
		name := t.text
		for j >= 2 && (p.punctAt(j-1, ".") || p.punctAt(j-1, "::")) && p.toks[j-2].kind == itIdent {
			sep := "."
			if p.punctAt(j-1, "::") {
				sep = "::"
			}
			name = p.toks[j-2].text + sep + name
			j -= 2
		}
		return name, nil
	case p.punctAt(j, ")"):
		depth := 0
		k := j
		for ; k >= 0; k-- {
			if p.punctAt(k, ")") {
				depth++
			} else if p.punctAt(k, "(") {
				depth--
				if depth == 0 {
					break
				}
			}
		}
		if k <= 0 || p.toks[k-1].kind != itIdent {
			return "?", nil
		}
		callee := p.toks[k-1].text
		args, _ := p.parenArgs(k)
		switch callee {
		case "require", "__import__", "import_module":
			if len(args) > 0 {
				if v := p.eval(args[0]); v.kind == 's' && !v.dyn {
					return strings.TrimPrefix(v.s, "node:"), nil
				}
			}
			return "?", nil
		}
		return callee + "()", args
	}
	return "?", nil
}

// interpRecvMatch reports whether recv is one of the receivers listed.
func interpRecvMatch(recvs, recv string) bool {
	for _, r := range strings.Fields(recvs) {
		switch {
		case r == "*" && recv != "?":
			return true
		case r == "-" && recv == "":
			return true
		case r == recv:
			return true
		case strings.HasSuffix(r, "()") && recv != "" && (recv == r || strings.HasSuffix(recv, "."+r)):
			return true
		}
	}
	return false
}

// call looks at a call of the function named at i with its arguments.
func (p *interpParser) call(i int, argToks [][]itok) {
	fns := interpFns[p.lang][p.toks[i].text]
	if len(fns) == 0 {
		return
	}
	recv, recvArgs := p.receiver(i)
	var fn *interpFn
	for k := range fns {
		if interpRecvMatch(fns[k].recvs, recv) {
			fn = &fns[k]
			break
		}
	}
	if fn == nil {
		return
	}
	args := make([]interpVal, len(argToks))
	for k, ts := range argToks {
		args[k] = p.eval(ts)
	}
	if strings.HasSuffix(recv, "Path()") {
		// Path("/x").unlink(): the path is the receiver's argument.
		args = nil
		for _, ts := range recvArgs {
			args = append(args, p.eval(ts))
		}
	}
	pos := interpPositional(args)
	a := p.a
	switch fn.kind {
	case fnShell:
		switch {
		case len(pos) == 0:
			if len(args) == 0 {
				a.dyn(interpDynRun)
			}
		case len(pos) > 1 && (p.lang == interpRuby || p.lang == interpPerl) && pos[0].kind == 's':
			var argv []string
			dyn := false
			for _, v := range pos {
				if v.kind == 'l' {
					argv = append(argv, v.list...)
				} else {
					argv = append(argv, v.s)
				}
				dyn = dyn || v.dyn
			}
			a.argv(argv, dyn)
		default:
			a.shell(pos[0])
		}
	case fnProgArgs:
		switch {
		case len(pos) == 0:
			a.dyn(interpDynRun)
		case len(pos) > 1 && pos[0].kind == 's' && pos[1].kind == 'l':
			a.argv(append([]string{pos[0].s}, pos[1].list...), pos[0].dyn || pos[1].dyn)
		default:
			a.shell(pos[0])
		}
	case fnOsExec:
		var strs []string
		dyn := false
		for _, v := range pos {
			switch v.kind {
			case 's':
				strs = append(strs, v.s)
				dyn = dyn || v.dyn
			case 'l':
				strs = append(strs, v.list...)
				dyn = dyn || v.dyn
			}
		}
		if len(strs) > 2 {
			strs = append(strs[:1], strs[2:]...)
		} else if len(strs) > 1 {
			strs = strs[:1]
		}
		a.argv(strs, dyn)
	case fnRm:
		cmd := "rm"
		if fn.arg != "" {
			cmd += " " + fn.arg
		}
		a.remove(cmd, pos)
	case fnRmdir:
		a.remove("rmdir", pos)
	case fnNodeRm, fnNodeRmdir:
		var target []interpVal
		if len(pos) > 0 {
			target = pos[:1]
		}
		recursive, force := false, false
		for _, v := range args {
			if v.kind == 'o' {
				recursive = recursive || v.obj["recursive"].raw == "true"
				force = force || v.obj["force"].raw == "true"
			}
		}
		switch {
		case recursive:
			a.remove("rm -rf", target)
		case fn.kind == fnNodeRmdir:
			a.remove("rmdir", target)
		case force:
			a.remove("rm -f", target)
		default:
			a.remove("rm", target)
		}
	case fnWrite:
		if len(pos) > 0 {
			a.write(fn.arg, pos[0])
		}
	case fnOpen:
		if len(pos) == 0 {
			return
		}
		mode := ""
		if len(pos) > 1 && pos[1].kind == 's' {
			mode = pos[1].s
		}
		for _, v := range args {
			if v.kind == 'k' && v.key == "mode" && v.sub != nil && v.sub.kind == 's' {
				mode = v.sub.s
			}
		}
		switch {
		case strings.Contains(mode, "w"):
			a.write(">", pos[0])
		case strings.Contains(mode, "a"):
			a.write(">>", pos[0])
		}
	case fnPerlOpen:
		p.perlOpen(pos)
	case fnEval:
		if len(pos) == 0 || pos[0].kind == 'o' {
			return
		}
		if pos[0].kind != 's' || pos[0].dyn {
			a.dyn(interpDynEval)
			return
		}
		a.run(p.lang, pos[0].s, p.depth+1)
	case fnDenoRun:
		for _, v := range args {
			if v.kind == 'o' {
				if cmd, ok := v.obj["cmd"]; ok {
					a.shell(cmd)
					return
				}
			}
		}
		a.dyn(interpDynRun)
	case fnDenoCmd:
		if len(pos) == 0 || pos[0].kind != 's' {
			a.dyn(interpDynRun)
			return
		}
		argv := []string{pos[0].s}
		dyn := pos[0].dyn
		for _, v := range args {
			if v.kind == 'o' {
				if l, ok := v.obj["args"]; ok {
					if l.kind == 'l' {
						argv = append(argv, l.list...)
						dyn = dyn || l.dyn
					} else {
						dyn = true
					}
				}
			}
		}
		a.argv(argv, dyn)
	}
}

// interpPositional drops keyword arguments and option objects.
func interpPositional(args []interpVal) []interpVal {
	var pos []interpVal
	for _, v := range args {
		if v.kind != 'k' && v.kind != 'o' {
			pos = append(pos, v)
		}
	}
	return pos
}

// perlOpen: open(FH, "cmd |"), open(FH, "| cmd"), open(FH, "-|", @cmd),
// open(FH, ">", $file), open(FH, ">file").
func (p *interpParser) perlOpen(pos []interpVal) {
	a := p.a
	if len(pos) >= 3 && pos[1].kind == 's' {
		switch strings.TrimSpace(pos[1].s) {
		case "|-", "-|":
			if len(pos) == 3 {
				a.shell(pos[2])
				return
			}
			var argv []string
			dyn := false
			for _, v := range pos[2:] {
				argv = append(argv, v.s)
				dyn = dyn || v.dyn
			}
			a.argv(argv, dyn)
		case ">", "+>", ">:raw", ">:utf8", ">:encoding(UTF-8)":
			a.write(">", pos[2])
		case ">>", "+>>":
			a.write(">>", pos[2])
		}
		return
	}
	if len(pos) != 2 || pos[1].kind != 's' {
		return
	}
	spec := strings.TrimSpace(pos[1].s)
	v := pos[1]
	switch {
	case strings.HasPrefix(spec, "|"):
		v.s = strings.TrimSpace(spec[1:])
		a.shell(v)
	case strings.HasSuffix(spec, "|"):
		v.s = strings.TrimSpace(spec[:len(spec)-1])
		a.shell(v)
	case strings.HasPrefix(spec, ">>") || strings.HasPrefix(spec, "+>>"):
		v.s = strings.TrimSpace(strings.TrimLeft(spec, "+>"))
		a.write(">>", v)
	case strings.HasPrefix(spec, ">") || strings.HasPrefix(spec, "+>"):
		v.s = strings.TrimSpace(strings.TrimLeft(spec, "+>"))
		a.write(">", v)
	}
}

// interpConcat reports whether t joins two strings in the language.
func (p *interpParser) concatOp(t itok) bool {
	if t.kind != itPunct {
		return false
	}
	switch p.lang {
	case interpPython, interpJS, interpRuby:
		return t.text == "+"
	case interpPerl, interpPHP:
		return t.text == "."
	case interpLua:
		return t.text == ".."
	}
	return false
}

// eval evaluates one argument's tokens.
func (p *interpParser) eval(ts []itok) interpVal {
	for len(ts) > 0 && ts[0].kind == itNL {
		ts = ts[1:]
	}
	if len(ts) == 0 {
		return interpOther
	}
	raw := interpRaw(ts)
	first, last := ts[0], ts[len(ts)-1]
	// Keyword arguments: shell=True (Python), mode: "w" (Ruby).
	if first.kind == itIdent && len(ts) >= 2 && ts[1].kind == itPunct &&
		(ts[1].text == "=" && p.lang == interpPython || ts[1].text == ":" && p.lang == interpRuby) {
		sub := p.eval(ts[2:])
		return interpVal{kind: 'k', key: first.text, sub: &sub, raw: raw}
	}
	if first.kind == itList && len(ts) == 1 {
		return interpVal{kind: 'l', list: first.list, raw: raw}
	}
	if first.kind == itPunct && first.text == "{" && last.kind == itPunct && last.text == "}" {
		return p.object(ts[1:len(ts)-1], raw)
	}
	if first.kind == itPunct && first.text == "[" && last.kind == itPunct && last.text == "]" && p.closes(ts, 0) == len(ts)-1 {
		v := interpVal{kind: 'l', raw: raw}
		for _, el := range p.split(ts[1 : len(ts)-1]) {
			e := p.eval(el)
			if e.kind == 's' {
				v.list = append(v.list, e.s)
			} else {
				v.list = append(v.list, Unknown)
			}
			v.dyn = v.dyn || e.dyn
		}
		return v
	}
	return p.concat(ts, raw)
}

// closes returns the index of the bracket closing the one at i.
func (p *interpParser) closes(ts []itok, i int) int {
	depth := 0
	for j := i; j < len(ts); j++ {
		if ts[j].kind != itPunct {
			continue
		}
		switch ts[j].text {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return len(ts)
}

// split splits tokens at top-level commas.
func (p *interpParser) split(ts []itok) [][]itok {
	var out [][]itok
	var cur []itok
	depth := 0
	for _, t := range ts {
		if t.kind == itNL {
			continue
		}
		if t.kind == itPunct {
			switch t.text {
			case "(", "[", "{":
				depth++
			case ")", "]", "}":
				depth--
			case ",":
				if depth == 0 {
					out = append(out, cur)
					cur = nil
					continue
				}
			}
		}
		cur = append(cur, t)
	}
	if len(cur) > 0 {
		out = append(out, cur)
	}
	return out
}

// object evaluates the inside of {key: value, ...} or {key => value}.
func (p *interpParser) object(ts []itok, raw string) interpVal {
	v := interpVal{kind: 'o', obj: map[string]interpVal{}, raw: raw}
	for _, pair := range p.split(ts) {
		if len(pair) < 2 {
			continue
		}
		key := ""
		switch pair[0].kind {
		case itIdent:
			key = pair[0].text
		case itStr:
			key = pair[0].val
		default:
			continue
		}
		if pair[1].kind != itPunct || (pair[1].text != ":" && pair[1].text != "=>") {
			continue
		}
		v.obj[key] = p.eval(pair[2:])
	}
	return v
}

// concat evaluates a string expression: operands joined by the language's
// concatenation (or juxtaposed strings). Operands that are not string
// literals stand for Unknown; anything else makes the whole value unknown.
func (p *interpParser) concat(ts []itok, raw string) interpVal {
	var b strings.Builder
	strs, dyn := 0, false
	i := 0
	for i < len(ts) {
		// One operand.
		t := ts[i]
		switch {
		case t.kind == itStr:
			b.WriteString(t.val)
			strs++
			dyn = dyn || t.dyn
			i++
		case t.kind == itIdent:
			if v, n, ok := p.argvRef(ts, i); ok {
				b.WriteString(v)
				if strings.Contains(v, Unknown) {
					dyn = true
				} else {
					strs++
				}
				i += n
				break
			}
			i++
			if v, ok := p.consts[t.text]; ok && (i == len(ts) || !p.postfix(ts[i])) {
				b.WriteString(v)
				strs++
				break
			}
			for i < len(ts) {
				if ts[i].kind == itPunct && (ts[i].text == "." && p.lang != interpPerl && p.lang != interpPHP || ts[i].text == "::" || ts[i].text == "->") && i+1 < len(ts) && ts[i+1].kind == itIdent {
					i += 2
					continue
				}
				if ts[i].kind == itPunct && (ts[i].text == "(" || ts[i].text == "[" || ts[i].text == "{" && p.lang == interpPerl) {
					i = p.closes(ts, i) + 1
					continue
				}
				break
			}
			b.WriteString(Unknown)
			dyn = true
		case t.kind == itPunct && t.text == "(":
			end := p.closes(ts, i)
			if end >= len(ts) {
				return interpVal{kind: 'x', s: Unknown, dyn: true, raw: raw}
			}
			inner := p.concat(ts[i+1:end], "")
			b.WriteString(inner.s)
			if inner.kind == 's' {
				strs++
			}
			dyn = dyn || inner.dyn
			i = end + 1
		default:
			return interpVal{kind: 'x', s: Unknown, dyn: true, raw: raw}
		}
		if i >= len(ts) {
			break
		}
		// What joins it to the next one.
		switch n := ts[i]; {
		case p.concatOp(n):
			i++
			if i >= len(ts) {
				return interpVal{kind: 'x', s: Unknown, dyn: true, raw: raw}
			}
		case p.lang == interpAwk && (n.kind == itStr || n.kind == itIdent || n.kind == itPunct && n.text == "("):
		case (p.lang == interpPython || p.lang == interpRuby) && n.kind == itStr && t.kind == itStr:
		default:
			return interpVal{kind: 'x', s: Unknown, dyn: true, raw: raw}
		}
	}
	if strs == 0 {
		return interpVal{kind: 'x', s: Unknown, dyn: true, raw: raw}
	}
	return interpVal{kind: 's', s: b.String(), dyn: dyn || strings.Contains(b.String(), Unknown), raw: raw}
}

// argvRef resolves a reference to one of the one-liner's operands at
// ts[k] (sys.argv[1], process.argv[1], $ARGV[0], ARGV[0]): its value and
// the number of tokens it spans.
func (p *interpParser) argvRef(ts []itok, k int) (string, int, bool) {
	at := func(j int, kind byte, text string) bool {
		return k+j < len(ts) && ts[k+j].kind == kind && ts[k+j].text == text
	}
	var n, base int
	switch {
	case p.lang == interpPython && at(0, itIdent, "sys") && at(1, itPunct, ".") && at(2, itIdent, "argv") && at(3, itPunct, "["):
		n, base = 4, 1
	case p.lang == interpJS && at(0, itIdent, "process") && at(1, itPunct, ".") && at(2, itIdent, "argv") && at(3, itPunct, "["):
		n, base = 4, 1
	case p.lang == interpPerl && at(0, itIdent, "$ARGV") && at(1, itPunct, "["):
		n, base = 2, 0
	case p.lang == interpRuby && at(0, itIdent, "ARGV") && at(1, itPunct, "["):
		n, base = 2, 0
	default:
		return "", 0, false
	}
	if k+n+1 >= len(ts) || ts[k+n].kind != itIdent || !at(n+1, itPunct, "]") {
		return "", 0, false
	}
	idx := 0
	for _, ch := range ts[k+n].text {
		if ch < '0' || ch > '9' || idx > 1000 {
			return "", 0, false
		}
		idx = idx*10 + int(ch-'0')
	}
	idx -= base
	if idx < 0 || idx >= len(p.a.operands) {
		return "", 0, false
	}
	w := p.a.operands[idx]
	v := w.Value
	if !w.Known && !strings.Contains(v, Unknown) {
		v = Unknown
	}
	return v, n + 2, true
}

// postfix reports a token that continues an operand: an attribute, a call,
// an index.
func (p *interpParser) postfix(t itok) bool {
	if t.kind != itPunct {
		return false
	}
	switch t.text {
	case "::", "->", "(", "[":
		return true
	case ".":
		return p.lang != interpPerl && p.lang != interpPHP
	case "{":
		return p.lang == interpPerl
	}
	return false
}

// interpRaw joins tokens' text, for flags such as `recursive: true`.
func interpRaw(ts []itok) string {
	if len(ts) == 1 && ts[0].kind == itIdent {
		return ts[0].text
	}
	var b strings.Builder
	for _, t := range ts {
		switch t.kind {
		case itIdent, itPunct:
			b.WriteString(t.text)
		case itStr:
			b.WriteString(t.val)
		}
	}
	return b.String()
}

// awkStmtEnd returns the index of the token ending the awk statement
// starting at i.
func (p *interpParser) awkStmtEnd(i int) int {
	depth := 0
	for ; i < len(p.toks); i++ {
		t := p.toks[i]
		if t.kind == itNL && depth == 0 {
			return i
		}
		if t.kind != itPunct {
			continue
		}
		switch t.text {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			if depth == 0 {
				return i
			}
			depth--
		case ";":
			if depth == 0 {
				return i
			}
		}
	}
	return i
}

// awkPrint looks at `print ITEMS | "cmd"`, `print ITEMS > "file"`; it
// returns the index of the statement's last token.
func (p *interpParser) awkPrint(i int) int {
	end := p.awkStmtEnd(i + 1)
	stmt := p.toks[i+1 : end]
	depth := 0
	for k, t := range stmt {
		if t.kind != itPunct {
			continue
		}
		switch t.text {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth--
		case "|", "|&", ">", ">>":
			if depth != 0 {
				continue
			}
			target := p.eval(stmt[k+1:])
			if t.text == ">" || t.text == ">>" {
				p.a.write(t.text, target)
				return end - 1
			}
			if target.kind == 's' && interpIsShellCmd(target.s) {
				// The printed text is the shell's code.
				items := p.split(stmt[:k])
				var code []string
				known := len(items) > 0
				for _, it := range items {
					v := p.eval(it)
					if v.kind != 's' || v.dyn {
						known = false
						break
					}
					code = append(code, v.s)
				}
				if known {
					p.a.line(strings.Join(code, " "))
				} else {
					p.a.dyn(interpDynFeed)
				}
				return end - 1
			}
			p.a.shell(target)
			return end - 1
		}
	}
	return end - 1
}

// interpAwkKeywords end an operand when walking back from `| getline`.
var interpAwkKeywords = map[string]bool{"if": true, "while": true, "for": true, "print": true, "printf": true,
	"return": true, "in": true, "else": true, "do": true, "getline": true}

// awkGetline looks at `"cmd" | getline`: the command before the pipe, a
// concatenation of strings, variables and parenthesized groups.
func (p *interpParser) awkGetline(i int) {
	start := i
	for k := i - 1; k >= 0; {
		t := p.toks[k]
		switch {
		case t.kind == itStr || t.kind == itIdent && !interpAwkKeywords[t.text]:
			start = k
			k--
			continue
		case p.punctAt(k, ")"):
			depth, o := 0, k
			for ; o >= 0; o-- {
				if p.punctAt(o, ")") {
					depth++
				} else if p.punctAt(o, "(") {
					depth--
					if depth == 0 {
						break
					}
				}
			}
			if o < 0 || o > 0 && p.toks[o-1].kind == itIdent && interpAwkKeywords[p.toks[o-1].text] {
				break
			}
			start = o
			k = o - 1
			continue
		}
		break
	}
	if start == i {
		p.a.dyn(interpDynRun)
		return
	}
	p.a.shell(p.concat(p.toks[start:i], ""))
}

// interpIsShellCmd reports a command string that is a shell reading its
// code from stdin: "sh", "/bin/bash", "sh -s".
func interpIsShellCmd(s string) bool {
	f := strings.Fields(s)
	if len(f) == 0 {
		return false
	}
	n := f[0]
	if k := strings.LastIndexByte(n, '/'); k >= 0 {
		n = n[k+1:]
	}
	switch n {
	case "sh", "bash", "zsh", "dash", "ksh", "ash", "mksh", "fish":
	default:
		return false
	}
	for _, a := range f[1:] {
		if a == "-c" || !strings.HasPrefix(a, "-") {
			return false
		}
	}
	return true
}
