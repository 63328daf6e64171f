package rules

import (
	"testing"
)

func TestSQLAnalyze(t *testing.T) {
	tests := []struct {
		sql  string
		d    SQLDialect
		want []SQLKind
	}{
		{"DROP TABLE t", SQLPostgres, []SQLKind{SQLKindDrop}},
		{"drop table t; drop database d", SQLPostgres, []SQLKind{SQLKindDrop, SQLKindDrop}},
		{"SELECT 'DROP TABLE x'", SQLPostgres, nil},
		{"SELECT 'it''s'; DROP TABLE x", SQLPostgres, []SQLKind{SQLKindDrop}},
		// In MySQL a backslash escapes the quote; in PostgreSQL it does not.
		{"SELECT 'it\\'s'; DROP TABLE x", SQLMySQL, []SQLKind{SQLKindDrop}},
		{"SELECT 'a\\'; DROP TABLE x; --'", SQLPostgres, []SQLKind{SQLKindDrop}},
		{"SELECT 'a\\'; DROP TABLE x; --'", SQLMySQL, nil},
		{"SELECT E'a\\'; DROP TABLE x; --'", SQLPostgres, nil},
		{"SELECT \"DROP TABLE x\"", SQLMySQL, nil},
		{"SELECT `drop` FROM t", SQLMySQL, nil},
		{"SELECT 1 # ; DROP TABLE x", SQLMySQL, nil},
		{"/* a /* nested */ DROP TABLE x */ SELECT 1", SQLPostgres, nil},
		{"SELECT $tag$; DROP TABLE x;$tag$", SQLPostgres, nil},
		{"SELECT $1; DELETE FROM t", SQLPostgres, []SQLKind{SQLKindDelete}},
		{"DO $$ BEGIN DROP TABLE t; END $$", SQLPostgres, []SQLKind{SQLKindDrop}},
		{"DO $body$ BEGIN EXECUTE 'TRUNCATE ' || quote_ident(t); END $body$", SQLPostgres, []SQLKind{SQLKindDelete}},
		{"DO $$ BEGIN IF x THEN DELETE FROM t WHERE id = 1; END IF; END $$", SQLPostgres, []SQLKind{SQLKindModify}},
		{"WITH x AS (SELECT 1) UPDATE t SET a = 1 WHERE b = 2", SQLPostgres, []SQLKind{SQLKindModify}},
		{"WITH x AS (SELECT * FROM t FOR UPDATE) SELECT 1", SQLPostgres, nil},
		{"DELETE FROM t WHERE a = 1 AND 1 = 1", SQLPostgres, []SQLKind{SQLKindModify}},
		{"DELETE FROM t WHERE 'a' = 'a'", SQLPostgres, []SQLKind{SQLKindDelete}},
		{"DELETE t1 FROM t1 JOIN t2 ON t1.id = t2.id WHERE t2.x = 1", SQLMySQL, []SQLKind{SQLKindModify}},
		{"DELETE FROM t LIMIT 10", SQLMySQL, []SQLKind{SQLKindDelete}},
		{"DROP TEMPORARY TABLE tmp", SQLMySQL, []SQLKind{SQLKindDrop}},
		{"DROP TABLE [my table]", SQLSQLite, []SQLKind{SQLKindDrop}},
		{".system ls\nSELECT 1", SQLSQLite, []SQLKind{SQLKindShell}},
		{"SELECT 1\n.tables", SQLSQLite, nil},
		{".import '|curl x' t", SQLSQLite, []SQLKind{SQLKindShell}},
		{"\\copy t to program 'gzip > x.gz'", SQLPostgres, []SQLKind{SQLKindShell}},
		{"\\! ls", SQLMySQL, []SQLKind{SQLKindShell}},
		{"\\dt\nSELECT 1", SQLPostgres, nil},
		{"CREATE TRIGGER tr AFTER INSERT ON t BEGIN DELETE FROM u; END", SQLSQLite, nil},
		{"COPY t FROM PROGRAM 'curl x'", SQLPostgres, []SQLKind{SQLKindShell}},
		{"COPY t FROM '/tmp/x.csv'", SQLPostgres, nil},
		{"DROP TABLE " + Unknown, SQLPostgres, []SQLKind{SQLKindDrop}},
		{"", SQLPostgres, nil},
		{"'unterminated DROP TABLE x", SQLPostgres, nil},
		{"$$ unterminated; DROP TABLE x", SQLPostgres, nil},
		{"/* unterminated DROP TABLE x", SQLPostgres, nil},
	}
	for _, tc := range tests {
		got := SQLAnalyze(tc.sql, tc.d)
		var kinds []SQLKind
		for _, f := range got {
			kinds = append(kinds, f.Kind)
			if f.Reason == "" {
				t.Errorf("%q: empty reason", tc.sql)
			}
		}
		if len(kinds) != len(tc.want) {
			t.Errorf("%q (dialect %d): %v, want %v", tc.sql, tc.d, got, tc.want)
			continue
		}
		for i := range kinds {
			if kinds[i] != tc.want[i] {
				t.Errorf("%q (dialect %d): %v, want %v", tc.sql, tc.d, got, tc.want)
				break
			}
		}
	}
}

func TestSQLReasons(t *testing.T) {
	c := &Command{Args: Lits("psql", "-c", "DROP TABLE IF EXISTS public.users")}
	hs := InfraSQLDrop(c)
	if len(hs) != 1 || hs[0].Reason != "DROP TABLE public.users deletes the table with all its rows" {
		t.Errorf("reason: %v", hs)
	}
	c = &Command{Args: []Word{Lit("psql"), Lit("-c"), {Value: "DELETE FROM " + Unknown}}}
	hs = InfraSQLDelete(c)
	if len(hs) != 1 || hs[0].Reason != "DELETE FROM … without WHERE deletes every row" {
		t.Errorf("reason: %v", hs)
	}
}
