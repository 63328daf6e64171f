package guard

// Analysing SQL statements: drops, unbounded deletes and updates, always-true WHERE clauses.

import (
	"strings"
)

// sqlAnalyze returns the dangerous statements in SQL text.
func sqlAnalyze(s string, d sqlDialect) []sqlFinding {
	var out []sqlFinding
	for _, st := range sqlStatements(s, d) {
		out = append(out, sqlStmt(st, d, 0)...)
	}
	return out
}

// sqlIsWord reports whether t[i] is the keyword w.
func sqlIsWord(t []sqlTok, i int, w string) bool {
	return i >= 0 && i < len(t) && t[i].kind == 'w' && t[i].s == w
}

// sqlName reads an object name starting at t[i], skipping IF [NOT] EXISTS,
// ONLY and the like: "public.users", or "" when none.
func sqlName(t []sqlTok, i int) string {
	for i < len(t) && t[i].kind == 'w' {
		switch t[i].s {
		case "IF", "NOT", "EXISTS", "ONLY", "TABLE", "FROM", "LOW_PRIORITY", "QUICK", "IGNORE", "CONCURRENTLY":
			i++
			continue
		}
		break
	}
	var b strings.Builder
	for i < len(t) {
		switch t[i].kind {
		case 'w', 'i':
			if b.Len() > 0 && !strings.HasSuffix(b.String(), ".") {
				return strings.ReplaceAll(b.String(), Unknown, "…")
			}
			if t[i].kind == 'w' {
				b.WriteString(strings.ToLower(t[i].s))
			} else {
				b.WriteString(t[i].s)
			}
		case 'p':
			if t[i].s != "." {
				return strings.ReplaceAll(b.String(), Unknown, "…")
			}
			b.WriteByte('.')
		default:
			return strings.ReplaceAll(b.String(), Unknown, "…")
		}
		i++
	}
	return strings.ReplaceAll(b.String(), Unknown, "…")
}

// sqlWhere finds the WHERE of the statement part starting at t[i], at the
// same parenthesis depth; it returns its index or -1.
func sqlWhere(t []sqlTok, i int) int {
	depth := 0
	for ; i < len(t); i++ {
		if t[i].kind == 'p' {
			switch t[i].s {
			case "(":
				depth++
			case ")":
				depth--
				if depth < 0 {
					return -1
				}
			}
			continue
		}
		if depth == 0 && sqlIsWord(t, i, "WHERE") {
			return i
		}
	}
	return -1
}

// sqlAlwaysTrue reports a WHERE condition that matches every row:
// WHERE 1=1, WHERE TRUE, WHERE 1.
func sqlAlwaysTrue(t []sqlTok, w int) bool {
	rest := t[w+1:]
	end := len(rest)
	for k, tk := range rest {
		if tk.kind == 'w' && (tk.s == "AND" || tk.s == "LIMIT" || tk.s == "RETURNING" || tk.s == "ORDER") {
			end = k
			break
		}
	}
	rest = rest[:end]
	switch {
	case len(rest) == 1 && rest[0].kind == 'w' && (rest[0].s == "TRUE" || rest[0].s == "1"):
		return true
	case len(rest) == 3 && rest[1].kind == 'p' && rest[1].s == "=" && rest[0].kind == rest[2].kind && rest[0].s == rest[2].s && rest[0].kind != 'i' && rest[0].s != "":
		return true
	}
	return false
}

// sqlStmt classifies one statement. depth bounds the recursion into DO
// bodies and EXECUTE strings.
func sqlStmt(t []sqlTok, d sqlDialect, depth int) []sqlFinding {
	if len(t) == 0 || depth > 4 {
		return nil
	}
	if t[0].kind == '\\' {
		switch t[0].s {
		case "\\!", ".system", ".shell":
			return []sqlFinding{{sqlKindShell, t[0].s + " runs a shell command:" + strings.ReplaceAll(t[0].body, Unknown, "…")}}
		case "\\copy":
			if strings.Contains(strings.ToUpper(t[0].body), "PROGRAM") {
				return []sqlFinding{{sqlKindShell, "\\copy ... program runs a shell command"}}
			}
		case ".import", ".read", ".once", ".output", "\\o", "\\out", "\\g", "\\gx", "\\w", "\\write":
			// A file name starting with | is a command that reads or writes.
			if strings.HasPrefix(strings.TrimLeft(t[0].body, " \t'\""), "|") {
				return []sqlFinding{{sqlKindShell, t[0].s + " | runs a shell command"}}
			}
		}
		return nil
	}
	i := 0
	for i < len(t) && t[i].kind == 'p' && t[i].s == "(" {
		i++
	}
	if i >= len(t) || t[i].kind != 'w' {
		return nil
	}
	switch t[i].s {
	case "EXPLAIN":
		analyze := false
		for j := i + 1; j < len(t); j++ {
			if sqlIsWord(t, j, "ANALYZE") || sqlIsWord(t, j, "ANALYSE") {
				analyze = true
			}
			if analyze && t[j].kind == 'w' {
				switch t[j].s {
				case "DELETE", "UPDATE", "INSERT", "WITH", "MERGE":
					return sqlStmt(t[j:], d, depth)
				}
			}
		}
		return nil
	case "WITH", "DO", "BEGIN", "DECLARE", "CREATE":
		if t[i].s == "CREATE" && !(sqlIsWord(t, i+1, "RULE") || sqlIsWord(t, i+1, "TRIGGER")) {
			return nil
		}
		if t[i].s == "CREATE" {
			return nil // the body runs later, on an event
		}
		return sqlAnywhere(t[i+1:], d, depth)
	case "COPY":
		for j := i + 1; j < len(t); j++ {
			if sqlIsWord(t, j, "PROGRAM") {
				return []sqlFinding{{sqlKindShell, "COPY ... PROGRAM runs a shell command on the database server"}}
			}
		}
	case "SYSTEM":
		if d == sqlMySQL {
			return []sqlFinding{{sqlKindShell, "the mysql client's system command runs a shell command"}}
		}
	case "DROP":
		j := i + 1
		for sqlIsWord(t, j, "TEMPORARY") || sqlIsWord(t, j, "TEMP") {
			j++
		}
		if j >= len(t) || t[j].kind != 'w' {
			return nil
		}
		kind := t[j].s
		name := sqlName(t, j+1)
		switch kind {
		case "DATABASE", "SCHEMA", "KEYSPACE":
			return []sqlFinding{{sqlKindDrop, "DROP " + kind + " " + name + " deletes the " + strings.ToLower(kind) + " with all its data"}}
		case "TABLE", "OWNED":
			if kind == "OWNED" {
				return []sqlFinding{{sqlKindDrop, "DROP OWNED deletes every object the role owns"}}
			}
			return []sqlFinding{{sqlKindDrop, "DROP TABLE " + name + " deletes the table with all its rows"}}
		}
		return []sqlFinding{{sqlKindModify, "DROP " + kind + " " + name + " removes a database object"}}
	case "TRUNCATE":
		return []sqlFinding{{sqlKindDelete, "TRUNCATE " + sqlName(t, i+1) + " deletes every row"}}
	case "DELETE":
		from := i + 1
		for from < len(t) && !sqlIsWord(t, from, "FROM") && from < i+4 {
			from++
		}
		name := sqlName(t, from)
		w := sqlWhere(t, i+1)
		switch {
		case w < 0:
			return []sqlFinding{{sqlKindDelete, "DELETE FROM " + name + " without WHERE deletes every row"}}
		case sqlAlwaysTrue(t, w):
			return []sqlFinding{{sqlKindDelete, "DELETE FROM " + name + " with a WHERE that is always true deletes every row"}}
		}
		return []sqlFinding{{sqlKindModify, "DELETE FROM " + name + " deletes rows"}}
	case "UPDATE":
		name := sqlName(t, i+1)
		if w := sqlWhere(t, i+1); w < 0 || sqlAlwaysTrue(t, w) {
			return []sqlFinding{{sqlKindModify, "UPDATE " + name + " without a narrowing WHERE changes every row"}}
		}
		return []sqlFinding{{sqlKindModify, "UPDATE " + name + " changes rows"}}
	case "ALTER":
		what := ""
		if i+1 < len(t) && t[i+1].kind == 'w' {
			what = t[i+1].s + " "
		}
		return []sqlFinding{{sqlKindModify, "ALTER " + what + sqlName(t, i+2) + " changes the schema"}}
	case "RENAME":
		return []sqlFinding{{sqlKindModify, "RENAME changes the schema"}}
	}
	return nil
}

// sqlAnywhere classifies every data-changing statement nested in t: the
// statements of a DO block or a procedural body, the data-changing parts
// of a WITH query, and SQL run from strings by EXECUTE.
func sqlAnywhere(t []sqlTok, d sqlDialect, depth int) []sqlFinding {
	var out []sqlFinding
	for j := 0; j < len(t); j++ {
		tk := t[j]
		switch tk.kind {
		case '$':
			for _, st := range sqlStatements(tk.body, d) {
				out = append(out, sqlAnywhere(st, d, depth+1)...)
			}
		case 's':
			if depth > 0 || sqlIsWord(t, j-1, "EXECUTE") {
				for _, st := range sqlStatements(tk.s, d) {
					out = append(out, sqlStmt(st, d, depth+1)...)
				}
			}
		case 'w':
			if sqlIsWord(t, j-1, "ON") || sqlIsWord(t, j-1, "FOR") || sqlIsWord(t, j-1, "KEY") {
				continue
			}
			switch tk.s {
			case "DROP", "TRUNCATE", "DELETE", "UPDATE", "ALTER", "COPY":
				if tk.s == "DROP" && sqlIsWord(t, j-1, "ALTER") {
					continue
				}
				out = append(out, sqlStmt(t[j:], d, depth+1)...)
			}
		}
	}
	return out
}
