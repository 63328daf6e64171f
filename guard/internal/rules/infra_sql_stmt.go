package rules

// Analysing SQL statements: drops, unbounded deletes and updates, always-true WHERE clauses.

import (
	"strings"

	"guardsh/guard/internal/sqlscan"
)

// sqlDialect and its values are sqlscan's, under the names guard's SQL
// rules give them.
type sqlDialect = sqlscan.Dialect

const (
	sqlPostgres = sqlscan.Postgres
	sqlMySQL    = sqlscan.MySQL
	sqlSQLite   = sqlscan.SQLite
)

// sqlKind is the rule a SQL finding belongs to.
type sqlKind int

const (
	sqlKindDrop sqlKind = iota + 1
	sqlKindDelete
	sqlKindModify
	sqlKindShell
)

// sqlFinding is one dangerous SQL statement.
type sqlFinding struct {
	Kind   sqlKind
	Reason string
}

// sqlName is the name of the object at t[i], with run-time parts shown
// as "…".
func sqlName(t []sqlscan.Token, i int) string {
	return strings.ReplaceAll(sqlscan.Name(t, i), Unknown, "…")
}

// sqlAnalyze returns the dangerous statements in SQL text.
func sqlAnalyze(s string, d sqlDialect) []sqlFinding {
	var out []sqlFinding
	for _, st := range sqlscan.Statements(s, d) {
		out = append(out, sqlStmt(st, d, 0)...)
	}
	return out
}

// sqlStmt classifies one statement. depth bounds the recursion into DO
// bodies and EXECUTE strings.
func sqlStmt(t []sqlscan.Token, d sqlDialect, depth int) []sqlFinding {
	if len(t) == 0 || depth > 4 {
		return nil
	}
	if t[0].Kind == sqlscan.Meta {
		switch t[0].Text {
		case "\\!", ".system", ".shell":
			return []sqlFinding{{sqlKindShell, t[0].Text + " runs a shell command:" + strings.ReplaceAll(t[0].Body, Unknown, "…")}}
		case "\\copy":
			if strings.Contains(strings.ToUpper(t[0].Body), "PROGRAM") {
				return []sqlFinding{{sqlKindShell, "\\copy ... program runs a shell command"}}
			}
		case ".import", ".read", ".once", ".output", "\\o", "\\out", "\\g", "\\gx", "\\w", "\\write":
			// A file name starting with | is a command that reads or writes.
			if strings.HasPrefix(strings.TrimLeft(t[0].Body, " \t'\""), "|") {
				return []sqlFinding{{sqlKindShell, t[0].Text + " | runs a shell command"}}
			}
		}
		return nil
	}
	i := 0
	for i < len(t) && t[i].Kind == sqlscan.Punct && t[i].Text == "(" {
		i++
	}
	if i >= len(t) || t[i].Kind != sqlscan.Word {
		return nil
	}
	switch t[i].Text {
	case "EXPLAIN":
		analyze := false
		for j := i + 1; j < len(t); j++ {
			if sqlscan.IsWord(t, j, "ANALYZE") || sqlscan.IsWord(t, j, "ANALYSE") {
				analyze = true
			}
			if analyze && t[j].Kind == sqlscan.Word {
				switch t[j].Text {
				case "DELETE", "UPDATE", "INSERT", "WITH", "MERGE":
					return sqlStmt(t[j:], d, depth)
				}
			}
		}
		return nil
	case "WITH", "DO", "BEGIN", "DECLARE", "CREATE":
		if t[i].Text == "CREATE" && !(sqlscan.IsWord(t, i+1, "RULE") || sqlscan.IsWord(t, i+1, "TRIGGER")) {
			return nil
		}
		if t[i].Text == "CREATE" {
			return nil // the body runs later, on an event
		}
		return sqlAnywhere(t[i+1:], d, depth)
	case "COPY":
		for j := i + 1; j < len(t); j++ {
			if sqlscan.IsWord(t, j, "PROGRAM") {
				return []sqlFinding{{sqlKindShell, "COPY ... PROGRAM runs a shell command on the database server"}}
			}
		}
	case "SYSTEM":
		if d == sqlMySQL {
			return []sqlFinding{{sqlKindShell, "the mysql client's system command runs a shell command"}}
		}
	case "DROP":
		j := i + 1
		for sqlscan.IsWord(t, j, "TEMPORARY") || sqlscan.IsWord(t, j, "TEMP") {
			j++
		}
		if j >= len(t) || t[j].Kind != sqlscan.Word {
			return nil
		}
		kind := t[j].Text
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
		for from < len(t) && !sqlscan.IsWord(t, from, "FROM") && from < i+4 {
			from++
		}
		name := sqlName(t, from)
		w := sqlscan.Where(t, i+1)
		switch {
		case w < 0:
			return []sqlFinding{{sqlKindDelete, "DELETE FROM " + name + " without WHERE deletes every row"}}
		case sqlscan.AlwaysTrue(t, w):
			return []sqlFinding{{sqlKindDelete, "DELETE FROM " + name + " with a WHERE that is always true deletes every row"}}
		}
		return []sqlFinding{{sqlKindModify, "DELETE FROM " + name + " deletes rows"}}
	case "UPDATE":
		name := sqlName(t, i+1)
		if w := sqlscan.Where(t, i+1); w < 0 || sqlscan.AlwaysTrue(t, w) {
			return []sqlFinding{{sqlKindModify, "UPDATE " + name + " without a narrowing WHERE changes every row"}}
		}
		return []sqlFinding{{sqlKindModify, "UPDATE " + name + " changes rows"}}
	case "ALTER":
		what := ""
		if i+1 < len(t) && t[i+1].Kind == sqlscan.Word {
			what = t[i+1].Text + " "
		}
		return []sqlFinding{{sqlKindModify, "ALTER " + what + sqlName(t, i+2) + " changes the schema"}}
	case "RENAME":
		return []sqlFinding{{sqlKindModify, "RENAME changes the schema"}}
	case "GRANT", "REVOKE":
		return []sqlFinding{{sqlKindModify, t[i].Text + " changes who may read or change the data"}}
	}
	return nil
}

// sqlAnywhere classifies every data-changing statement nested in t: the
// statements of a DO block or a procedural body, the data-changing parts
// of a WITH query, and SQL run from strings by EXECUTE.
func sqlAnywhere(t []sqlscan.Token, d sqlDialect, depth int) []sqlFinding {
	var out []sqlFinding
	for j := 0; j < len(t); j++ {
		tk := t[j]
		switch tk.Kind {
		case sqlscan.Dollar:
			for _, st := range sqlscan.Statements(tk.Body, d) {
				out = append(out, sqlAnywhere(st, d, depth+1)...)
			}
		case sqlscan.String:
			if depth > 0 || sqlscan.IsWord(t, j-1, "EXECUTE") {
				for _, st := range sqlscan.Statements(tk.Text, d) {
					out = append(out, sqlStmt(st, d, depth+1)...)
				}
			}
		case sqlscan.Word:
			if sqlscan.IsWord(t, j-1, "ON") || sqlscan.IsWord(t, j-1, "FOR") || sqlscan.IsWord(t, j-1, "KEY") {
				continue
			}
			switch tk.Text {
			case "DROP", "TRUNCATE", "DELETE", "UPDATE", "ALTER", "COPY":
				if tk.Text == "DROP" && sqlscan.IsWord(t, j-1, "ALTER") {
					continue
				}
				out = append(out, sqlStmt(t[j:], d, depth+1)...)
			}
		}
	}
	return out
}
