package shell

import (
	"maps"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Most of a `declare -p` report is the same from one line to the next:
// bash's own variables, the environment's. The front end reads it one
// statement at a time and parses only the statements it did not see in
// the last report, keeping what each declared.

// declCache maps each statement of the last report read to what it
// declared.
type declCache map[string]declared

// declared is what one statement of `declare -p` sets and exports.
type declared struct {
	vars, exported map[string]string
}

// read reads text as bashVarsExported does, parsing only the statements
// not in c, and returns the cache for the next report. Where the text does
// not split into statements that each parse, it is read whole.
func (c declCache) read(text string) (vars, exported map[string]string, next declCache) {
	stmts, ok := splitDecls(text)
	if !ok {
		vars, exported = bashVarsExported(text)
		return vars, exported, nil
	}
	next = make(declCache, len(stmts))
	vars, exported = make(map[string]string, len(stmts)), map[string]string{}
	parser := syntax.NewParser(syntax.Variant(syntax.LangBash))
	for _, st := range stmts {
		d, seen := c[st]
		if !seen {
			if d, seen = next[st]; !seen {
				f, err := parser.Parse(strings.NewReader(st), "declare -p")
				if err != nil || len(f.Stmts) == 0 {
					vars, exported = bashVarsExported(text)
					return vars, exported, nil
				}
				d = declared{vars: map[string]string{}, exported: map[string]string{}}
				for _, s := range f.Stmts {
					if dc, ok := s.Cmd.(*syntax.DeclClause); ok {
						declStmt(dc, bashProtoPrefix, d.vars, d.exported)
					}
				}
			}
		}
		next[st] = d
		maps.Copy(vars, d.vars)
		maps.Copy(exported, d.exported)
	}
	return vars, exported, next
}

// splitDecls splits the text of `declare -p` into its statements, each
// ending at a newline outside quotes ('...', "...", $'...', with
// backslash escapes outside single quotes). ok is false for text that
// does not end a statement at its end. A wrong split cannot change what
// is read: a piece that is not whole statements fails to parse, and the
// text is then read whole.
func splitDecls(text string) (stmts []string, ok bool) {
	start, quote := 0, byte(0)
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case quote == '\'':
			if c == '\'' {
				quote = 0
			}
		case quote != 0: // " or $' (written as '$')
			switch {
			case c == '\\':
				i++
			case quote == '"' && c == '"', quote == '$' && c == '\'':
				quote = 0
			}
		case c == '\\':
			i++
		case c == '"':
			quote = '"'
		case c == '\'':
			quote = '\''
			if i > 0 && text[i-1] == '$' {
				quote = '$'
			}
		case c == '\n':
			if s := text[start : i+1]; strings.TrimSpace(s) != "" {
				stmts = append(stmts, s)
			}
			start = i + 1
		}
	}
	if quote != 0 || strings.TrimSpace(text[start:]) != "" {
		return nil, false
	}
	return stmts, true
}
