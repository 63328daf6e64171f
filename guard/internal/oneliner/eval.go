package oneliner

// Evaluating call arguments: strings, concatenation, lists, objects and argv references.

import (
	"strings"
)

// interpConcat reports whether t joins two strings in the language.
func (p *parser) concatOp(t token) bool {
	if t.kind != itPunct {
		return false
	}
	switch p.lang {
	case Python, JS, Ruby:
		return t.text == "+"
	case Perl, PHP:
		return t.text == "."
	case Lua:
		return t.text == ".."
	}
	return false
}

// eval evaluates one argument's tokens.
func (p *parser) eval(ts []token) value {
	for len(ts) > 0 && ts[0].kind == itNL {
		ts = ts[1:]
	}
	if len(ts) == 0 {
		return other
	}
	raw := rawText(ts)
	first, last := ts[0], ts[len(ts)-1]
	// Keyword arguments: shell=True (Python), mode: "w" (Ruby).
	if first.kind == itIdent && len(ts) >= 2 && ts[1].kind == itPunct &&
		(ts[1].text == "=" && p.lang == Python || ts[1].text == ":" && p.lang == Ruby) {
		sub := p.eval(ts[2:])
		return value{kind: 'k', key: first.text, sub: &sub, raw: raw}
	}
	if first.kind == itList && len(ts) == 1 {
		return value{kind: 'l', list: first.list, raw: raw}
	}
	if first.kind == itPunct && first.text == "{" && last.kind == itPunct && last.text == "}" {
		return p.object(ts[1:len(ts)-1], raw)
	}
	if first.kind == itPunct && first.text == "[" && last.kind == itPunct && last.text == "]" && p.closes(ts, 0) == len(ts)-1 {
		v := value{kind: 'l', raw: raw}
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
func (p *parser) closes(ts []token, i int) int {
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
func (p *parser) split(ts []token) [][]token {
	args, _ := splitTop(ts, 0, nil)
	return args
}

// object evaluates the inside of {key: value, ...} or {key => value}.
func (p *parser) object(ts []token, raw string) value {
	v := value{kind: 'o', obj: map[string]value{}, raw: raw}
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
func (p *parser) concat(ts []token, raw string) value {
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
				if ts[i].kind == itPunct && (ts[i].text == "." && p.lang != Perl && p.lang != PHP || ts[i].text == "::" || ts[i].text == "->") && i+1 < len(ts) && ts[i+1].kind == itIdent {
					i += 2
					continue
				}
				if ts[i].kind == itPunct && (ts[i].text == "(" || ts[i].text == "[" || ts[i].text == "{" && p.lang == Perl) {
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
				return value{kind: 'x', s: Unknown, dyn: true, raw: raw}
			}
			inner := p.concat(ts[i+1:end], "")
			b.WriteString(inner.s)
			if inner.kind == 's' {
				strs++
			}
			dyn = dyn || inner.dyn
			i = end + 1
		default:
			return value{kind: 'x', s: Unknown, dyn: true, raw: raw}
		}
		if i >= len(ts) {
			break
		}
		// What joins it to the next one.
		switch n := ts[i]; {
		case p.concatOp(n):
			i++
			if i >= len(ts) {
				return value{kind: 'x', s: Unknown, dyn: true, raw: raw}
			}
		case p.lang == Awk && (n.kind == itStr || n.kind == itIdent || n.kind == itPunct && n.text == "("):
		case (p.lang == Python || p.lang == Ruby) && n.kind == itStr && t.kind == itStr:
		default:
			return value{kind: 'x', s: Unknown, dyn: true, raw: raw}
		}
	}
	if strs == 0 {
		return value{kind: 'x', s: Unknown, dyn: true, raw: raw}
	}
	return value{kind: 's', s: b.String(), dyn: dyn || strings.Contains(b.String(), Unknown), raw: raw}
}

// argvRef resolves a reference to one of the one-liner's operands at
// ts[k] (sys.argv[1], process.argv[1], $ARGV[0], ARGV[0]): its value and
// the number of tokens it spans.
func (p *parser) argvRef(ts []token, k int) (string, int, bool) {
	at := func(j int, kind byte, text string) bool {
		return k+j < len(ts) && ts[k+j].kind == kind && ts[k+j].text == text
	}
	var n, base int
	switch {
	case p.lang == Python && at(0, itIdent, "sys") && at(1, itPunct, ".") && at(2, itIdent, "argv") && at(3, itPunct, "["):
		n, base = 4, 1
	case p.lang == JS && at(0, itIdent, "process") && at(1, itPunct, ".") && at(2, itIdent, "argv") && at(3, itPunct, "["):
		n, base = 4, 1
	case p.lang == Perl && at(0, itIdent, "$ARGV") && at(1, itPunct, "["):
		n, base = 2, 0
	case p.lang == Ruby && at(0, itIdent, "ARGV") && at(1, itPunct, "["):
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
func (p *parser) postfix(t token) bool {
	if t.kind != itPunct {
		return false
	}
	switch t.text {
	case "::", "->", "(", "[":
		return true
	case ".":
		return p.lang != Perl && p.lang != PHP
	case "{":
		return p.lang == Perl
	}
	return false
}

// rawText joins tokens' text, for flags such as `recursive: true`.
func rawText(ts []token) string {
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
