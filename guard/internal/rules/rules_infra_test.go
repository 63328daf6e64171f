package rules

import (
	"testing"
)

func TestSQLAnalyze(t *testing.T) {
	tests := []struct {
		sql  string
		d    sqlDialect
		want []sqlKind
	}{
		{"DROP TABLE t", sqlPostgres, []sqlKind{sqlKindDrop}},
		{"drop table t; drop database d", sqlPostgres, []sqlKind{sqlKindDrop, sqlKindDrop}},
		{"SELECT 'DROP TABLE x'", sqlPostgres, nil},
		{"SELECT 'it''s'; DROP TABLE x", sqlPostgres, []sqlKind{sqlKindDrop}},
		// In MySQL a backslash escapes the quote; in PostgreSQL it does not.
		{"SELECT 'it\\'s'; DROP TABLE x", sqlMySQL, []sqlKind{sqlKindDrop}},
		{"SELECT 'a\\'; DROP TABLE x; --'", sqlPostgres, []sqlKind{sqlKindDrop}},
		{"SELECT 'a\\'; DROP TABLE x; --'", sqlMySQL, nil},
		{"SELECT E'a\\'; DROP TABLE x; --'", sqlPostgres, nil},
		{"SELECT \"DROP TABLE x\"", sqlMySQL, nil},
		{"SELECT `drop` FROM t", sqlMySQL, nil},
		{"SELECT 1 # ; DROP TABLE x", sqlMySQL, nil},
		{"/* a /* nested */ DROP TABLE x */ SELECT 1", sqlPostgres, nil},
		{"SELECT $tag$; DROP TABLE x;$tag$", sqlPostgres, nil},
		{"SELECT $1; DELETE FROM t", sqlPostgres, []sqlKind{sqlKindDelete}},
		{"DO $$ BEGIN DROP TABLE t; END $$", sqlPostgres, []sqlKind{sqlKindDrop}},
		{"DO $body$ BEGIN EXECUTE 'TRUNCATE ' || quote_ident(t); END $body$", sqlPostgres, []sqlKind{sqlKindDelete}},
		{"DO $$ BEGIN IF x THEN DELETE FROM t WHERE id = 1; END IF; END $$", sqlPostgres, []sqlKind{sqlKindModify}},
		{"WITH x AS (SELECT 1) UPDATE t SET a = 1 WHERE b = 2", sqlPostgres, []sqlKind{sqlKindModify}},
		{"WITH x AS (SELECT * FROM t FOR UPDATE) SELECT 1", sqlPostgres, nil},
		{"DELETE FROM t WHERE a = 1 AND 1 = 1", sqlPostgres, []sqlKind{sqlKindModify}},
		{"DELETE FROM t WHERE 'a' = 'a'", sqlPostgres, []sqlKind{sqlKindDelete}},
		{"DELETE t1 FROM t1 JOIN t2 ON t1.id = t2.id WHERE t2.x = 1", sqlMySQL, []sqlKind{sqlKindModify}},
		{"DELETE FROM t LIMIT 10", sqlMySQL, []sqlKind{sqlKindDelete}},
		{"DROP TEMPORARY TABLE tmp", sqlMySQL, []sqlKind{sqlKindDrop}},
		{"DROP TABLE [my table]", sqlSQLite, []sqlKind{sqlKindDrop}},
		{".system ls\nSELECT 1", sqlSQLite, []sqlKind{sqlKindShell}},
		{"SELECT 1\n.tables", sqlSQLite, nil},
		{".import '|curl x' t", sqlSQLite, []sqlKind{sqlKindShell}},
		{"\\copy t to program 'gzip > x.gz'", sqlPostgres, []sqlKind{sqlKindShell}},
		{"\\! ls", sqlMySQL, []sqlKind{sqlKindShell}},
		{"\\dt\nSELECT 1", sqlPostgres, nil},
		{"CREATE TRIGGER tr AFTER INSERT ON t BEGIN DELETE FROM u; END", sqlSQLite, nil},
		{"COPY t FROM PROGRAM 'curl x'", sqlPostgres, []sqlKind{sqlKindShell}},
		{"COPY t FROM '/tmp/x.csv'", sqlPostgres, nil},
		{"DROP TABLE " + Unknown, sqlPostgres, []sqlKind{sqlKindDrop}},
		{"", sqlPostgres, nil},
		{"'unterminated DROP TABLE x", sqlPostgres, nil},
		{"$$ unterminated; DROP TABLE x", sqlPostgres, nil},
		{"/* unterminated DROP TABLE x", sqlPostgres, nil},
	}
	for _, tc := range tests {
		got := sqlAnalyze(tc.sql, tc.d)
		var kinds []sqlKind
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
	hs := infraSQLDrop(c)
	if len(hs) != 1 || hs[0].Reason != "DROP TABLE public.users deletes the table with all its rows" {
		t.Errorf("reason: %v", hs)
	}
	c = &Command{Args: []Word{Lit("psql"), Lit("-c"), {Value: "DELETE FROM " + Unknown}}}
	hs = infraSQLDelete(c)
	if len(hs) != 1 || hs[0].Reason != "DELETE FROM … without WHERE deletes every row" {
		t.Errorf("reason: %v", hs)
	}
}
