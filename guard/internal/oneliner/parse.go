package oneliner

// The call finder: constants, scanning, argument lists and receivers.

import (
	"strings"
)

// parser finds calls in a token list.
type parser struct {
	a     *analysis
	lang  Lang
	toks  []token
	depth int
	// consts are the variables assigned one literal string and nothing
	// else in the code (cmd = "rm -rf /"; os.system(cmd)).
	consts map[string]string
}

// collectConsts finds the variables assigned exactly one literal string.
func (p *parser) collectConsts() {
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

func (p *parser) punctAt(i int, s string) bool {
	return i >= 0 && i < len(p.toks) && p.toks[i].kind == itPunct && p.toks[i].text == s
}

func (p *parser) scan() {
	toks := p.toks
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch t.kind {
		case itCmd:
			p.a.shell(value{kind: 's', s: t.val, dyn: t.dyn})
		case itStr:
			if t.tagged && i > 0 && toks[i-1].kind == itIdent && toks[i-1].text == "$" {
				// Bun's and zx's shell: $`rm -rf ${dir}`.
				p.a.shell(value{kind: 's', s: t.val, dyn: t.dyn})
			}
		case itPunct:
			if p.lang == Awk && (t.text == "|" || t.text == "|&") && i+1 < len(toks) && toks[i+1].kind == itIdent && toks[i+1].text == "getline" {
				p.awkGetline(i)
			}
		case itIdent:
			if p.lang == Awk && (t.text == "print" || t.text == "printf") {
				i = p.awkPrint(i)
				continue
			}
			if p.punctAt(i+1, "(") {
				args, _ := p.parenArgs(i + 1)
				p.call(i, args)
				continue
			}
			if (p.lang == Ruby || p.lang == Perl) && bareCalls[t.text] && i+1 < len(toks) && p.bareArgStart(toks[i+1]) {
				args, _ := p.bareArgs(i + 1)
				p.call(i, args)
			}
		}
	}
}

// bareArgStart reports a token that can start the arguments of a call
// without parentheses.
func (p *parser) bareArgStart(t token) bool {
	switch t.kind {
	case itStr, itCmd, itList:
		return true
	case itIdent:
		return strings.HasPrefix(t.text, "$") || strings.HasPrefix(t.text, "@") || t.text == "glob"
	case itPunct:
		return t.text == "[" && p.lang == Ruby
	}
	return false
}

// parenArgs splits the arguments of the call whose `(` is at open. A
// trailing comma leaves an empty last argument.
func (p *parser) parenArgs(open int) ([][]token, int) {
	args, end := splitTop(p.toks, open+1, func(t token) bool {
		return t.kind == itPunct && (t.text == ")" || t.text == "]" || t.text == "}")
	})
	if end < len(p.toks) && len(args) > 0 && lastNonNL(p.toks[open+1:end]).text == "," {
		args = append(args, nil)
	}
	return args, end
}

// bareArgs splits the arguments of a call without parentheses, up to the
// end of the statement.
func (p *parser) bareArgs(start int) ([][]token, int) {
	return splitTop(p.toks, start, func(t token) bool {
		switch t.kind {
		case itNL:
			return true
		case itIdent:
			switch t.text {
			case "or", "and", "if", "unless", "while", "until", "do", "then", "end":
				return true
			}
		case itPunct:
			switch t.text {
			case ")", "]", "}", ";", "||", "&&":
				return true
			}
		}
		return false
	})
}

// splitTop splits toks from start at top-level commas, up to the first
// token at the top level that stop accepts (nil: none), whose index it
// returns (len(toks) when there is none). Newlines inside are skipped.
func splitTop(toks []token, start int, stop func(token) bool) (args [][]token, end int) {
	var cur []token
	depth := 0
	i := start
	for ; i < len(toks); i++ {
		t := toks[i]
		if depth == 0 && stop != nil && stop(t) {
			break
		}
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

// lastNonNL returns the last token of ts that is not a newline, the zero
// token when there is none.
func lastNonNL(ts []token) token {
	for i := len(ts) - 1; i >= 0; i-- {
		if ts[i].kind != itNL {
			return ts[i]
		}
	}
	return token{}
}

// receiver returns what the function named at i is called on: "" for a
// bare call, a dotted name ("os", "fs.promises"), the module a
// require/__import__ call loads, "Path()" for the result of a call (with
// that call's arguments), "?" for anything else.
func (p *parser) receiver(i int) (string, [][]token) {
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

// recvMatch reports whether recv is one of the receivers listed.
func recvMatch(recvs, recv string) bool {
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
