package oneliner

// awk: print and getline piped to or from commands.

// awkStmtEnd returns the index of the token ending the awk statement
// starting at i.
func (p *parser) awkStmtEnd(i int) int {
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
func (p *parser) awkPrint(i int) int {
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
			if target.kind == 's' {
				// The printed text is the code of the command when it is a
				// shell: the caller knows which commands are shells.
				items := p.split(stmt[:k])
				var code []string
				for _, it := range items {
					v := p.eval(it)
					if v.kind != 's' || v.dyn {
						code = nil
						break
					}
					code = append(code, v.s)
				}
				p.a.add(Effect{Kind: Pipe, Text: target.s, Dynamic: target.dyn, Input: code})
				return end - 1
			}
			p.a.shell(target)
			return end - 1
		}
	}
	return end - 1
}

// awkKeywords end an operand when walking back from `| getline`.
var awkKeywords = map[string]bool{"if": true, "while": true, "for": true, "print": true, "printf": true,
	"return": true, "in": true, "else": true, "do": true, "getline": true}

// awkGetline looks at `"cmd" | getline`: the command before the pipe, a
// concatenation of strings, variables and parenthesized groups.
func (p *parser) awkGetline(i int) {
	start := i
	for k := i - 1; k >= 0; {
		t := p.toks[k]
		switch {
		case t.kind == itStr || t.kind == itIdent && !awkKeywords[t.text]:
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
			if o < 0 || o > 0 && p.toks[o-1].kind == itIdent && awkKeywords[p.toks[o-1].text] {
				break
			}
			start = o
			k = o - 1
			continue
		}
		break
	}
	if start == i {
		p.a.dyn(RunsDynamic)
		return
	}
	p.a.shell(p.concat(p.toks[start:i], ""))
}
