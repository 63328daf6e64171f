package allowlist

import (
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// Arg is one argument as the program would receive it: quotes removed and
// escapes applied. Only words that are plain literals become Args.
type Arg struct {
	// Text is the argument's text.
	Text string
	// Glob reports an unquoted *, ? or [ that the shell would expand into
	// file names, so Text is a pattern and not the argument itself.
	Glob bool
	// Tilde reports a leading unquoted ~, which the shell expands to a home
	// directory: the argument is then an absolute path.
	Tilde bool
}

// maxBraceWords limits how many words one brace expansion may produce
// before the line asks.
const maxBraceWords = 64

// literalArgs returns the arguments a word becomes, or a reason why the
// word is not a plain literal. A word with a brace expansion becomes
// several arguments, as it would at run time.
func literalArgs(w *syntax.Word) ([]Arg, string) {
	if r := nonLiteral(w.Parts); r != "" {
		return nil, r
	}
	word := *w // SplitBraces replaces the parts slice
	if !syntax.SplitBraces(&word) {
		a, r := decode(word.Parts)
		if r != "" {
			return nil, r
		}
		return []Arg{a}, ""
	}
	var args []Arg
	for bw, err := range expand.BracesSeq(nil, &word) {
		if err != nil || len(args) >= maxBraceWords {
			return nil, "the brace expansion is too large"
		}
		a, r := decode(bw.Parts)
		if r != "" {
			return nil, r
		}
		args = append(args, a)
	}
	return args, ""
}

// nonLiteral returns why word parts are not plain literal text, or "".
func nonLiteral(parts []syntax.WordPart) string {
	for _, p := range parts {
		switch p := p.(type) {
		case *syntax.Lit, *syntax.SglQuoted:
		case *syntax.DblQuoted:
			if p.Dollar {
				return `$"..." is a translated string`
			}
			if r := nonLiteral(p.Parts); r != "" {
				return r
			}
		case *syntax.ParamExp:
			return "a variable is expanded"
		case *syntax.CmdSubst:
			return "a command substitution runs a command"
		case *syntax.ArithmExp:
			return "an arithmetic expansion is evaluated"
		case *syntax.ProcSubst:
			return "a process substitution runs a command"
		case *syntax.ExtGlob:
			return "an extended glob matches file names"
		default:
			return "a word is not a plain literal"
		}
	}
	return ""
}

// decode joins literal word parts into an Arg, applying quote removal.
func decode(parts []syntax.WordPart) (Arg, string) {
	var a Arg
	var sb strings.Builder
	for i, p := range parts {
		switch p := p.(type) {
		case *syntax.Lit:
			s := p.Value
			if i == 0 && strings.HasPrefix(s, "~") {
				a.Tilde = true
			}
			for j := 0; j < len(s); j++ {
				c := s[j]
				switch {
				case c == '\\' && j+1 < len(s):
					j++
					if s[j] != '\n' {
						sb.WriteByte(s[j])
					}
				case c == '*' || c == '?' || c == '[':
					a.Glob = true
					sb.WriteByte(c)
				default:
					sb.WriteByte(c)
				}
			}
		case *syntax.SglQuoted:
			if !p.Dollar {
				sb.WriteString(p.Value)
				break
			}
			s, ok := ansiC(p.Value)
			if !ok {
				return a, "a $'...' string uses an escape auto mode does not decode"
			}
			sb.WriteString(s)
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				s := q.(*syntax.Lit).Value // nonLiteral checked
				for j := 0; j < len(s); j++ {
					c := s[j]
					if c == '\\' && j+1 < len(s) {
						switch s[j+1] {
						case '\\', '$', '`', '"':
							j++
							c = s[j]
						case '\n':
							j++
							continue
						}
					}
					sb.WriteByte(c)
				}
			}
		}
	}
	a.Text = sb.String()
	return a, ""
}

// ansiC decodes the simple escapes of a $'...' string. It reports false for
// escapes it does not handle (octal, hex, unicode, control characters).
func ansiC(s string) (string, bool) {
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' {
			sb.WriteByte(c)
			continue
		}
		i++
		if i >= len(s) {
			return "", false
		}
		switch s[i] {
		case 'n':
			sb.WriteByte('\n')
		case 't':
			sb.WriteByte('\t')
		case 'r':
			sb.WriteByte('\r')
		case 'a':
			sb.WriteByte('\a')
		case 'b':
			sb.WriteByte('\b')
		case 'f':
			sb.WriteByte('\f')
		case 'v':
			sb.WriteByte('\v')
		case 'e', 'E':
			sb.WriteByte(0x1b)
		case '\\', '\'', '"', '?':
			sb.WriteByte(s[i])
		default:
			return "", false
		}
	}
	return sb.String(), true
}

// pathDirs are the directories a program may be named from: the usual PATH.
var pathDirs = []string{"/bin/", "/usr/bin/", "/usr/local/bin/", "/sbin/", "/usr/sbin/"}

// programName returns the name a command word runs, or a reason why the
// word does not name a program from PATH.
func programName(w *syntax.Word) (string, string) {
	if len(w.Parts) != 1 {
		return "", "the command name is spelled with quotes or expansions"
	}
	lit, ok := w.Parts[0].(*syntax.Lit)
	if !ok {
		return "", "the command name is quoted"
	}
	s := lit.Value
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 0x80:
			return "", "the command name has non-ASCII characters"
		case c == '\\':
			return "", "the command name has an escape in it"
		case c == '*' || c == '?' || c == '~' || c == '{' || c == '=':
			return "", "the command name is expanded by the shell"
		}
	}
	if !strings.Contains(s, "/") {
		return s, ""
	}
	for _, d := range pathDirs {
		if name, ok := strings.CutPrefix(s, d); ok && name != "" && !strings.Contains(name, "/") && name != "." && name != ".." {
			return name, ""
		}
	}
	return "", "`" + s + "` is not a program from PATH"
}
