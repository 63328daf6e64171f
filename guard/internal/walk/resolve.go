package walk

import (
	"errors"
	"io"
	"strconv"
	"strings"

	"guardsh/guard/internal/rules"
	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// value is what the walker knows of a variable assigned on the line.
type value struct {
	s     string
	known bool
	// job reports $! of a job the line started; param a positional
	// parameter where a function is defined (`local f=$1`).
	job, param bool
}

// scope holds what the walker knows while it walks one script: variables
// assigned so far, the working directory, positional parameters.
type scope struct {
	st     State
	vars   map[string]value
	dir    string
	params []Word
	// paramsKnown reports that params are all the positional parameters.
	paramsKnown bool
	// definition reports the walk of a function's body where it is
	// defined, with parameters that stand for the calls made elsewhere.
	definition bool
	r          *resolver
	// homeVal caches home() until HOME is assigned.
	homeVal string
	homeOK  bool
}

func (s *scope) clone() *scope {
	c := *s
	c.r = nil
	if s.vars != nil {
		c.vars = make(map[string]value, len(s.vars))
		for k, v := range s.vars {
			c.vars[k] = v
		}
	}
	return &c
}

// resolver returns the scope's word resolver.
func (s *scope) resolver() *resolver {
	if s.r == nil {
		s.r = newResolver(s)
	}
	return s.r
}

func (s *scope) set(name string, v value) {
	if s.vars == nil {
		s.vars = map[string]value{}
	}
	s.vars[name] = v
	if name == "HOME" {
		s.homeOK = false
	}
}

// home returns $HOME as the line has it, "" when unknown.
func (s *scope) home() string {
	if s.homeOK {
		return s.homeVal
	}
	h := ""
	if v, ok := s.vars["HOME"]; ok {
		if v.known {
			h = v.s
		}
	} else {
		h, _ = lookupVar(s.st, "HOME")
	}
	s.homeVal, s.homeOK = h, true
	return h
}

// environ adapts a scope to expand.Environ. Unknown values come back as the
// Unknown marker so that expansion keeps going and the word is not Known.
type environ struct{ s *scope }

func strVar(v string) expand.Variable {
	return expand.Variable{Set: true, Kind: expand.String, Str: v}
}

func (e environ) Get(name string) expand.Variable {
	s := e.s
	switch name {
	case "#":
		if s.paramsKnown {
			return strVar(strconv.Itoa(len(s.params)))
		}
		return strVar(Unknown)
	case "@", "*":
		if !s.paramsKnown {
			return strVar(Unknown)
		}
		vs := make([]string, len(s.params))
		for i, p := range s.params {
			vs[i] = p.Value
		}
		return expand.Variable{Set: true, Kind: expand.Indexed, List: vs}
	case "$":
		// The shell's process id, where the state knows it (the run-time
		// check, guardsh -c): digits, nothing else.
		if v, ok := lookupVar(s.st, "$"); ok && v != "" && strings.Trim(v, "0123456789") == "" {
			return strVar(v)
		}
		return strVar(Unknown)
	case rules.UnknownVar, "?", "!", "-", "PPID", "RANDOM", "SRANDOM", "LINENO", "SECONDS", "BASHPID", "EPOCHSECONDS", "EPOCHREALTIME", "REPLY", "OPTARG", "OPTIND", "BASH_REMATCH", "PIPESTATUS", "FUNCNAME":
		return strVar(Unknown)
	case "0":
		return strVar("guardsh")
	case "IFS":
		if v, ok := s.vars[name]; ok {
			if !v.known {
				return strVar(Unknown)
			}
			return strVar(v.s)
		}
		// The shell sets IFS itself; the environment does not.
		return strVar(" \t\n")
	}
	if n, err := strconv.Atoi(name); err == nil && n > 0 {
		if n <= len(s.params) {
			return strVar(s.params[n-1].Value)
		}
		if s.paramsKnown {
			return expand.Variable{}
		}
		return strVar(Unknown)
	}
	if strings.HasPrefix(name, "HOME ") { // ~user
		return strVar(Unknown)
	}
	if v, ok := s.vars[name]; ok {
		if !v.known {
			return strVar(Unknown)
		}
		return strVar(v.s)
	}
	if v, ok := lookupVar(s.st, name); ok {
		return strVar(v)
	}
	return expand.Variable{}
}

func (e environ) Each(func(name string, vr expand.Variable) bool) {}

// resolver expands words statically.
type resolver struct {
	cfg expand.Config
}

func newResolver(s *scope) *resolver {
	r := &resolver{}
	r.cfg.Env = environ{s}
	r.cfg.CmdSubst = func(w io.Writer, _ *syntax.CmdSubst) error {
		_, err := io.WriteString(w, Unknown)
		return err
	}
	r.cfg.ProcSubst = func(*syntax.ProcSubst) (string, error) { return "/dev/fd/63", nil }
	return r
}

// simpleLit returns the value of a word that needs no expansion at all.
func simpleLit(w *syntax.Word) (string, bool) {
	if len(w.Parts) != 1 {
		return "", false
	}
	switch p := w.Parts[0].(type) {
	case *syntax.Lit:
		for i := 0; i < len(p.Value); i++ {
			switch p.Value[i] {
			case '\\', '{', '~':
				return "", false
			}
		}
		return p.Value, true
	case *syntax.SglQuoted:
		if p.Dollar {
			return "", false
		}
		return p.Value, true
	case *syntax.DblQuoted:
		if len(p.Parts) == 0 {
			return "", true
		}
		if len(p.Parts) == 1 {
			if l, ok := p.Parts[0].(*syntax.Lit); ok && !strings.ContainsRune(l.Value, '\\') {
				return l.Value, true
			}
		}
	}
	return "", false
}

// wordInfo returns what the word holds beyond its value: unquoted glob
// characters, the names of parameters, substitutions.
func wordInfo(w *syntax.Word) (glob bool, vars []string, subst bool) {
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			if litHasGlob(p.Value) {
				glob = true
			}
		case *syntax.ExtGlob:
			glob = true
		}
	}
	syntax.Walk(w, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.ParamExp:
			// ${#x} is x's length and ${!x*} the names starting with x:
			// neither puts x's value in the word.
			if n.Param != nil && !n.Length && n.Names == 0 {
				vars = append(vars, n.Param.Value)
			}
		case *syntax.CmdSubst, *syntax.ProcSubst:
			subst = true
			return false
		}
		return true
	})
	return glob, vars, subst
}

func litHasGlob(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '*', '?', '[':
			return true
		}
	}
	return false
}

// fields expands a command word into the fields the shell would pass, as
// far as they can be known. A plain word needs no resolver.
func (s *scope) fields(w *syntax.Word) []Word {
	if v, ok := simpleLit(w); ok {
		return []Word{{Value: v, Known: true, Glob: wordGlobOnly(w)}}
	}
	return s.resolver().fields(w)
}

// appendFields appends the fields of w to dst, without an intermediate
// slice for a plain word.
func (s *scope) appendFields(dst []Word, w *syntax.Word) []Word {
	if len(w.Parts) == 1 {
		if l, ok := w.Parts[0].(*syntax.Lit); ok {
			// The common case, in one pass: a plain unquoted word.
			var k uint8
			for i := 0; i < len(l.Value); i++ {
				k |= litBytes[l.Value[i]]
			}
			if k&litSpecial == 0 {
				return append(dst, Word{Value: l.Value, Known: true, Glob: k&litGlob != 0})
			}
		}
	}
	if v, ok := simpleLit(w); ok {
		return append(dst, Word{Value: v, Known: true, Glob: wordGlobOnly(w)})
	}
	return append(dst, s.resolver().fields(w)...)
}

// litBytes classifies the bytes of an unquoted literal for appendFields:
// litSpecial needs the expander (an escape, a brace, a tilde), litGlob is
// a glob character.
var litBytes = [256]uint8{'\\': litSpecial, '{': litSpecial, '~': litSpecial, '*': litGlob, '?': litGlob, '[': litGlob}

const (
	litSpecial = 1 << iota
	litGlob
)

// literal expands a word without field splitting; see resolver.literal.
func (s *scope) literal(w *syntax.Word) Word {
	if w == nil {
		return Word{Known: true}
	}
	if v, ok := simpleLit(w); ok {
		return Word{Value: v, Known: true, Glob: wordGlobOnly(w)}
	}
	return s.resolver().literal(w)
}

// fields expands a command word into the fields the shell would pass.
func (r *resolver) fields(w *syntax.Word) []Word {
	if v, ok := simpleLit(w); ok {
		return []Word{{Value: v, Known: true, Glob: wordGlobOnly(w)}}
	}
	glob, vars, subst := wordInfo(w)
	if braceCount(w) > maxBraceFields {
		// Expanding it would cost more than it tells: could be anything.
		return []Word{{Value: Unknown, Glob: glob, Vars: vars, Subst: subst}}
	}
	fs, err := safeFields(&r.cfg, w)
	if err != nil {
		return []Word{{Value: Unknown, Glob: glob, Vars: vars, Subst: subst}}
	}
	out := make([]Word, 0, len(fs))
	for _, f := range fs {
		out = append(out, Word{Value: f, Known: !strings.Contains(f, Unknown), Glob: glob, Vars: vars, Subst: subst})
	}
	return out
}

func wordGlobOnly(w *syntax.Word) bool {
	if l, ok := w.Parts[0].(*syntax.Lit); ok {
		return litHasGlob(l.Value)
	}
	return false
}

// literal expands a word the way a redirect target or assignment value is
// expanded: no field splitting, no globbing.
func (r *resolver) literal(w *syntax.Word) Word {
	if w == nil {
		return Word{Known: true}
	}
	if v, ok := simpleLit(w); ok {
		return Word{Value: v, Known: true, Glob: wordGlobOnly(w)}
	}
	glob, vars, subst := wordInfo(w)
	v, err := safeExpand(expand.Literal, &r.cfg, w)
	if err != nil {
		return Word{Value: Unknown, Glob: glob, Vars: vars, Subst: subst}
	}
	return Word{Value: v, Known: !strings.Contains(v, Unknown), Glob: glob, Vars: vars, Subst: subst}
}

// document expands a here-document body.
func (r *resolver) document(w *syntax.Word, quoted bool) Word {
	if w == nil {
		return Word{Known: true}
	}
	if quoted {
		var sb strings.Builder
		for _, p := range w.Parts {
			if l, ok := p.(*syntax.Lit); ok {
				sb.WriteString(l.Value)
			}
		}
		return Word{Value: sb.String(), Known: true}
	}
	_, vars, subst := wordInfo(w)
	v, err := safeExpand(expand.Document, &r.cfg, w)
	if err != nil {
		return Word{Value: Unknown, Vars: vars, Subst: subst}
	}
	return Word{Value: v, Known: !strings.Contains(v, Unknown), Vars: vars, Subst: subst}
}

// maxBraceFields bounds the fields one word's brace expansion may make.
const maxBraceFields = 4096

// braceCount returns how many fields the brace expansions of w make, as
// far as counting them goes; it stops counting past maxBraceFields.
func braceCount(w *syntax.Word) int {
	hasBrace := false
	for _, p := range w.Parts {
		if l, ok := p.(*syntax.Lit); ok && strings.IndexByte(l.Value, '{') >= 0 {
			hasBrace = true
		}
	}
	if !hasBrace {
		return 1
	}
	cp := *w
	if !syntax.SplitBraces(&cp) {
		return 1
	}
	return partsCount(cp.Parts)
}

func partsCount(parts []syntax.WordPart) int {
	n := 1
	for _, p := range parts {
		be, ok := p.(*syntax.BraceExp)
		if !ok {
			continue
		}
		k := 0
		if be.Sequence {
			k = seqCount(be.Elems)
		} else {
			for _, e := range be.Elems {
				k += partsCount(e.Parts)
			}
		}
		if k < 1 {
			k = 1
		}
		n *= k
		if n > maxBraceFields {
			return maxBraceFields + 1
		}
	}
	return n
}

// seqCount returns the length of a {x..y[..incr]} sequence.
func seqCount(elems []*syntax.Word) int {
	if len(elems) < 2 {
		return 1
	}
	a, b := elems[0].Lit(), elems[1].Lit()
	from, err1 := strconv.Atoi(a)
	to, err2 := strconv.Atoi(b)
	if err1 != nil || err2 != nil {
		if len(a) == 1 && len(b) == 1 {
			from, to = int(a[0]), int(b[0])
		} else {
			return 1
		}
	}
	step := 1
	if len(elems) > 2 {
		if s, err := strconv.Atoi(elems[2].Lit()); err == nil && s != 0 {
			step = s
		}
	}
	if step < 0 {
		step = -step
	}
	d := to - from
	if d < 0 {
		d = -d
	}
	return d/step + 1
}

// errExpandPanic reports a word the expander panicked on (it does on some
// odd parameter expansions the parser accepts): the word is unknown.
var errExpandPanic = errors.New("the expander failed on this word")

// safeFields is expand.Fields that turns a panic into an error.
func safeFields(cfg *expand.Config, w *syntax.Word) (fs []string, err error) {
	defer func() {
		if recover() != nil {
			fs, err = nil, errExpandPanic
		}
	}()
	return expand.Fields(cfg, w)
}

// safeExpand calls an expand function, turning a panic into an error.
func safeExpand(f func(*expand.Config, *syntax.Word) (string, error), cfg *expand.Config, w *syntax.Word) (s string, err error) {
	defer func() {
		if recover() != nil {
			s, err = "", errExpandPanic
		}
	}()
	return f(cfg, w)
}
