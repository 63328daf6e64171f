package rules

// SQL database clients (psql, mysql, sqlite3 and the like): the SQL they run and what it does.

import (
	"strings"

	"guardsh/internal/argv"
)

// ---- databases ----

// infraSQLTexts returns the SQL a database client command runs, and its
// dialect. ok is false when c is no SQL client (or only prints help).
func infraSQLTexts(c *Command) (texts []Word, d sqlDialect, ok bool) {
	name := c.Name()
	if name == "" {
		return nil, 0, false
	}
	args := c.Args[1:]
	stdin := func() {
		if c.Stdin != nil {
			texts = append(texts, *c.Stdin)
		}
	}
	switch name {
	case "psql", "usql", "cockroach", "yb-ysql", "ysqlsh":
		if name == "cockroach" {
			if len(args) == 0 || args[0].Value != "sql" {
				return nil, 0, false
			}
			args = args[1:]
		}
		r := ReadOpts(args, &argv.Spec{Valued: "cdfFhLopPRTUve", Stop: "?", LongValued: []string{"command", "dbname", "file", "field-separator", "host", "log-file", "output", "port", "pset", "record-separator", "table-attr", "username", "variable", "set", "execute", "url", "certs-dir", "database", "user"}, LongStop: []string{"help", "version"}, Exact: true})
		if r.Info {
			return nil, 0, false
		}
		texts = r.All("c", "command", "execute")
		if name == "cockroach" {
			texts = append(texts, r.All("e", "execute")...)
		}
		if len(texts) == 0 {
			if f, ok := r.Last("f", "file"); !ok || f.Value == "-" || IsStdinPath(f) {
				stdin()
			}
		}
		return texts, sqlPostgres, true
	case "mysql", "mariadb", "mycli", "litecli", "mysqlsh":
		r := ReadOpts(args, &argv.Spec{Valued: "eDhPSuoO", Optional: "p", Stop: "?", LongValued: []string{"execute", "database", "host", "port", "socket", "user", "default-character-set", "defaults-file", "defaults-extra-file", "login-path", "init-command", "tee", "sql"}, LongStop: []string{"help", "version"}, Exact: true})
		if r.Info {
			return nil, 0, false
		}
		texts = r.All("e", "execute", "sql")
		if len(texts) == 0 {
			stdin()
		}
		d = sqlMySQL
		if name == "litecli" {
			d = sqlSQLite
		}
		return texts, d, true
	case "sqlite3", "sqlite", "duckdb", "spatialite":
		r := ReadOpts(args, &sqliteSpec)
		if r.Info {
			return nil, 0, false
		}
		texts = r.All("cmd", "c", "s")
		if len(r.Operands) > 1 {
			texts = append(texts, r.Operands[1:]...)
		} else if len(r.All("c", "s")) == 0 {
			stdin()
		}
		return texts, sqlSQLite, true
	case "cqlsh", "clickhouse-client", "sqlcmd", "snowsql", "vsql", "bteq", "trino", "presto", "beeline", "impala-shell", "hive", "spark-sql":
		r := ReadOpts(args, &argv.Spec{Valued: "eqQfuhpPkSdUwinH", LongValued: []string{"execute", "query", "file", "username", "user", "host", "port", "password", "keyspace", "database", "server"}, LongStop: []string{"help", "version"}, Exact: true})
		if r.Info {
			return nil, 0, false
		}
		texts = r.All("e", "execute", "query")
		texts = append(texts, r.All("q", "")...)
		texts = append(texts, r.All("Q", "")...)
		if len(texts) == 0 {
			if f, ok := r.Last("f", "file"); !ok || IsStdinPath(f) {
				stdin()
			}
		}
		return texts, sqlPostgres, true
	case "sqlite-utils":
		// sqlite-utils query DB SQL, or sqlite-utils DB SQL (query is the
		// default command when the first operand is a database file).
		r := ReadOpts(args, &argv.Spec{Valued: "p", LongValued: []string{"param", "attach", "load-extension", "functions", "fmt"}, LongStop: []string{"help", "version"}, Exact: true})
		if r.Info || len(r.Operands) < 2 {
			return nil, 0, false
		}
		switch sub := r.Operands[0].Value; {
		case sub == "query" && len(r.Operands) >= 3:
			return r.Operands[2:3], sqlSQLite, true
		case strings.ContainsAny(sub, "./"):
			return r.Operands[1:2], sqlSQLite, true
		}
		return nil, 0, false
	case "bq":
		// bq [global flags] query [flags] SQL...: absl flags, --name=value
		// or --name value; every operand after query is read as SQL (a
		// table name or a flag's value is no statement). --dry_run runs
		// nothing.
		for i, a := range args {
			if a.Value == "query" {
				var texts []Word
				for _, w := range args[i+1:] {
					switch {
					case w.Value == "--dry_run" || w.Value == "--dry_run=true" || w.Value == "-n":
						return nil, 0, false
					// The tool's options before its statement (bq query [FLAGS]
					// SQL): the statement is the first word not an option.
					case !strings.HasPrefix(w.Value, "-"):
						texts = append(texts, w)
					}
				}
				if len(texts) == 0 {
					stdin()
					return texts, sqlPostgres, true
				}
				return texts, sqlPostgres, true
			}
		}
	case "clickhouse":
		if len(args) > 0 && args[0].Value == "client" {
			c2 := *c
			c2.Args = append([]Word{Lit("clickhouse-client")}, args[1:]...)
			return infraSQLTexts(&c2)
		}
	}
	return nil, 0, false
}

// infraSQLFindings classifies every SQL text of the command.
func infraSQLFindings(c *Command) []sqlFinding {
	texts, d, ok := infraSQLTexts(c)
	if !ok {
		return nil
	}
	readOnly := sqliteReadOnly(c, texts)
	var out []sqlFinding
	for _, t := range texts {
		for _, f := range sqlAnalyze(t.Value, d) {
			if readOnly && f.Kind != sqlKindShell {
				continue // the database is opened read-only: the change fails
			}
			out = append(out, f)
		}
	}
	return out
}

// sqliteSpec is the option grammar of the SQLite shells (sqlite3(1)).
var sqliteSpec = argv.Spec{LongValued: []string{"cmd", "separator", "newline", "nullvalue", "init", "vfs", "mmap", "heap", "maxsize", "escape", "pagecache", "lookaside", "c", "s", "f"}, LongStop: []string{"help", "version", "h"}, Exact: true, GoFlags: true}

// sqliteReadOnly reports an SQLite shell that opens its database
// read-only (sqlite3 -readonly, duckdb -readonly), so that no statement
// can change it, nor an attached database (opened with the same flags);
// .open, which opens another database writable, ends it.
func sqliteReadOnly(c *Command, texts []Word) bool {
	switch c.Name() {
	case "sqlite3", "sqlite", "duckdb", "spatialite":
	default:
		return false
	}
	if r := ReadOpts(c.Args[1:], &sqliteSpec); !r.Has("readonly") {
		return false
	}
	for _, t := range texts {
		if !t.Known || strings.Contains(strings.ToLower(t.Value), ".open") {
			return false
		}
	}
	return true
}

// infraSQLHits returns the findings of one kind as hits, deduplicated.
func infraSQLHits(c *Command, kind sqlKind) []Hit {
	var hs []Hit
	for _, f := range infraSQLFindings(c) {
		if f.Kind != kind {
			continue
		}
		dup := false
		for _, h := range hs {
			dup = dup || h.Reason == f.Reason
		}
		if !dup {
			hs = append(hs, Hit{Reason: f.Reason})
		}
	}
	return hs
}

func infraSQLDrop(c *Command) []Hit {
	switch c.Name() {
	case "dropdb":
		r := ReadOpts(c.Args[1:], &argv.Spec{Valued: "hpUd", Stop: "?", LongValued: []string{"host", "port", "username", "maintenance-db"}, LongStop: []string{"help", "version"}, Exact: true})
		if r.Info || len(r.Operands) == 0 {
			return nil
		}
		return hit("dropdb drops the database " + xoptShow(r.Operands[0]))
	case "mysqladmin", "mariadb-admin":
		r := ReadOpts(c.Args[1:], &argv.Spec{Valued: "hPSuc", Optional: "p", Stop: "?", LongValued: []string{"host", "port", "socket", "user", "count", "sleep"}, LongStop: []string{"help", "version"}, Exact: true})
		for i, w := range r.Operands {
			if strings.EqualFold(w.Value, "drop") && !r.Info {
				return hit("mysqladmin drop drops the database " + gitNames(r.Operands[i+1:min(i+2, len(r.Operands))], ""))
			}
		}
		return nil
	}
	if h := infraToolDrop(c); h != nil {
		return h
	}
	return infraSQLHits(c, sqlKindDrop)
}

// infraToolDrop handles the database commands of frameworks and migration
// tools that drop a whole database (or drop and recreate it), and
// sqlite-utils' table and view drops.
func infraToolDrop(c *Command) []Hit {
	switch c.Name() {
	case "rails", "rake", "sqlx", "diesel", "dotnet", "sqlite-utils":
	default:
		return nil
	}
	var ops []string // the operands, without options
	for _, w := range c.Args[1:] {
		// The words of a migration tool (rails db:drop, rake, diesel ...):
		// its tasks are the operands; no option of theirs names a task.
		if !strings.HasPrefix(w.Value, "-") {
			ops = append(ops, w.Value)
		}
		if w.Value == "--help" || w.Value == "-h" || w.Value == "--version" {
			return nil
		}
	}
	at := func(i int) string {
		if i < len(ops) {
			return ops[i]
		}
		return ""
	}
	switch name := c.Name(); name {
	case "rails", "rake":
		for _, op := range ops {
			switch op {
			case "db:drop", "db:drop:all", "db:reset", "db:purge", "db:purge:all":
				return hit(name + " " + op + " drops the application's database")
			}
		}
	case "sqlx", "diesel":
		if sub := at(0); (sub == "database" || sub == "db") && (at(1) == "drop" || at(1) == "reset") {
			return hit(name + " database " + at(1) + " drops the database")
		}
	case "dotnet":
		if at(0) == "ef" && at(1) == "database" && at(2) == "drop" {
			return hit("dotnet ef database drop drops the database")
		}
	case "sqlite-utils":
		switch at(0) {
		case "drop-table", "drop-view":
			return hit("sqlite-utils " + at(0) + " drops " + at(2) + " from " + at(1))
		}
	}
	return nil
}

func infraSQLDelete(c *Command) []Hit { return infraSQLHits(c, sqlKindDelete) }
func infraSQLModify(c *Command) []Hit { return infraSQLHits(c, sqlKindModify) }
func infraSQLShell(c *Command) []Hit  { return infraSQLHits(c, sqlKindShell) }
