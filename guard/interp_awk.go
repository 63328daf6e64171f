package guard

// awk: print and getline piped to or from commands.

import (
	"strings"
)

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
