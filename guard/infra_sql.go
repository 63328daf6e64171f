package guard

// SQL database clients (psql, mysql, sqlite3 and the like): the SQL they run and what it does.

import (
	"strings"
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
		r := xoptParse(args, &xoptSpec{shortArg: "cdfFhLopPRTUve", longArg: []string{"command", "dbname", "file", "field-separator", "host", "log-file", "output", "port", "pset", "record-separator", "table-attr", "username", "variable", "set", "execute", "url", "certs-dir", "database", "user"}, helpShort: '?'})
		if r.help {
			return nil, 0, false
		}
		texts = r.all('c', "command", "execute")
		if name == "cockroach" {
			texts = append(texts, r.all('e', "execute")...)
		}
		if len(texts) == 0 {
			if f, ok := r.last('f', "file"); !ok || f.Value == "-" || isStdinPath(f) {
				stdin()
			}
		}
		return texts, sqlPostgres, true
	case "mysql", "mariadb", "mycli", "litecli", "mysqlsh":
		r := xoptParse(args, &xoptSpec{shortArg: "eDhPSuoO", shortOpt: "p", longArg: []string{"execute", "database", "host", "port", "socket", "user", "default-character-set", "defaults-file", "defaults-extra-file", "login-path", "init-command", "tee", "sql"}, helpShort: '?'})
		if r.help {
			return nil, 0, false
		}
		texts = r.all('e', "execute", "sql")
		if len(texts) == 0 {
			stdin()
		}
		d = sqlMySQL
		if name == "litecli" {
			d = sqlSQLite
		}
		return texts, d, true
	case "sqlite3", "sqlite", "duckdb", "spatialite":
		r := xoptParse(args, &xoptSpec{oneDash: true, longArg: []string{"cmd", "separator", "newline", "nullvalue", "init", "vfs", "mmap", "heap", "maxsize", "escape", "pagecache", "lookaside", "c", "s", "f"}})
		if r.help {
			return nil, 0, false
		}
		texts = r.all(0, "cmd", "c", "s")
		if len(r.args) > 1 {
			texts = append(texts, r.args[1:]...)
		} else if len(r.all(0, "c", "s")) == 0 {
			stdin()
		}
		return texts, sqlSQLite, true
	case "cqlsh", "clickhouse-client", "sqlcmd", "snowsql", "vsql", "bteq", "trino", "presto", "beeline", "impala-shell", "hive", "spark-sql":
		r := xoptParse(args, &xoptSpec{shortArg: "eqQfuhpPkSdUwinH", longArg: []string{"execute", "query", "file", "username", "user", "host", "port", "password", "keyspace", "database", "server"}})
		if r.help {
			return nil, 0, false
		}
		texts = r.all('e', "execute", "query")
		texts = append(texts, r.all('q', "")...)
		texts = append(texts, r.all('Q', "")...)
		if len(texts) == 0 {
			if f, ok := r.last('f', "file"); !ok || isStdinPath(f) {
				stdin()
			}
		}
		return texts, sqlPostgres, true
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
	var out []sqlFinding
	for _, t := range texts {
		out = append(out, sqlAnalyze(t.Value, d)...)
	}
	return out
}

// infraSQLHits returns the findings of one kind as hits, deduplicated.
func infraSQLHits(c *Command, kind sqlKind) []Hit {
	var hs []Hit
	for _, f := range infraSQLFindings(c) {
		if f.kind != kind {
			continue
		}
		dup := false
		for _, h := range hs {
			dup = dup || h.Reason == f.reason
		}
		if !dup {
			hs = append(hs, Hit{Reason: f.reason})
		}
	}
	return hs
}

func infraSQLDrop(c *Command) []Hit {
	switch c.Name() {
	case "dropdb":
		r := xoptParse(c.Args[1:], &xoptSpec{shortArg: "hpUd", longArg: []string{"host", "port", "username", "maintenance-db"}, helpShort: '?'})
		if r.help || len(r.args) == 0 {
			return nil
		}
		return hit("dropdb drops the database " + xoptShow(r.args[0]))
	case "mysqladmin", "mariadb-admin":
		r := xoptParse(c.Args[1:], &xoptSpec{shortArg: "hPSuc", shortOpt: "p", longArg: []string{"host", "port", "socket", "user", "count", "sleep"}, helpShort: '?'})
		for i, w := range r.args {
			if strings.EqualFold(w.Value, "drop") && !r.help {
				return hit("mysqladmin drop drops the database " + gitNames(r.args[i+1:min(i+2, len(r.args))], ""))
			}
		}
		return nil
	}
	return infraSQLHits(c, sqlKindDrop)
}

func infraSQLDelete(c *Command) []Hit { return infraSQLHits(c, sqlKindDelete) }
func infraSQLModify(c *Command) []Hit { return infraSQLHits(c, sqlKindModify) }
func infraSQLShell(c *Command) []Hit  { return infraSQLHits(c, sqlKindShell) }
