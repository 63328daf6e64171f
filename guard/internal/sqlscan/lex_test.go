package sqlscan

import (
	"strings"
	"testing"
)

// show writes statements as "KIND:TEXT" tokens, statements split by " | ".
func show(stmts [][]Token) string {
	var ss []string
	for _, st := range stmts {
		var ts []string
		for _, t := range st {
			s := string(rune(t.Kind)) + ":" + t.Text
			if t.Body != "" {
				s += "{" + t.Body + "}"
			}
			ts = append(ts, s)
		}
		ss = append(ss, strings.Join(ts, " "))
	}
	return strings.Join(ss, " | ")
}

// TestStatements checks the tokenizer's statements, quoting and comments
// by dialect.
func TestStatements(t *testing.T) {
	for _, tt := range []struct {
		sql  string
		d    Dialect
		want string
	}{
		{"", Postgres, ""},
		{"drop table t", Postgres, "w:DROP w:TABLE w:T"},
		{"SELECT 1; DELETE FROM t", Postgres, "w:SELECT w:1 | w:DELETE w:FROM w:T"},
		{"SELECT 'a;b'", Postgres, "w:SELECT s:a;b"},
		{"SELECT 'it''s'", Postgres, "w:SELECT s:it's"},
		{"SELECT 'a\\'; x", Postgres, `w:SELECT s:a\ | w:X`},
		{"SELECT 'a\\'; x'", MySQL, "w:SELECT s:a'; x"},
		{"SELECT E'a\\'b'", Postgres, "w:SELECT s:a'b"},
		{`SELECT "x"`, Postgres, "w:SELECT i:x"},
		{`SELECT "x"`, MySQL, "w:SELECT s:x"},
		{"SELECT `x`", MySQL, "w:SELECT i:x"},
		{"SELECT [my t]", SQLite, "w:SELECT i:my t"},
		{"SELECT 1 # ; DROP", MySQL, "w:SELECT w:1"},
		{"SELECT 1 -- ; DROP", Postgres, "w:SELECT w:1"},
		{"/* a /* b */ DROP */ SELECT", Postgres, "w:SELECT"},
		{"/* a /* b */ DROP */ SELECT", MySQL, "w:DROP p:* p:/ w:SELECT"},
		{"DO $x$ DROP; $x$", Postgres, "w:DO $:{ DROP; }"},
		{"SELECT $1", Postgres, "w:SELECT w:$1"},
		{"\\! ls -l\nSELECT 1", Postgres, `\:\!{ ls -l} | w:SELECT w:1`},
		{"SELECT 1 \\g", Postgres, "w:SELECT w:1"},
		{".system ls\nSELECT 1", SQLite, `\:.system{ ls} | w:SELECT w:1`},
		{"SELECT a.b", SQLite, "w:SELECT w:A p:. w:B"},
		{"'unterminated; DROP", Postgres, "s:unterminated; DROP"},
		{"DROP TABLE [my t", SQLite, "w:DROP w:TABLE i:my t"},
		{"SELECT [", SQLite, "w:SELECT i:"},
	} {
		if got := show(Statements(tt.sql, tt.d)); got != tt.want {
			t.Errorf("Statements(%q, %d) = %q, want %q", tt.sql, tt.d, got, tt.want)
		}
	}
}

// FuzzStatements checks that the tokenizer never panics or loops, in any
// dialect.
func FuzzStatements(f *testing.F) {
	for _, s := range []string{"DROP TABLE t", "SELECT 'a''b'", "DO $x$ DELETE $x$", "[a", "\\! ls", ".system x", "/* /* */"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for d := Postgres; d <= SQLite; d++ {
			for _, st := range Statements(s, d) {
				Name(st, 0)
				if w := Where(st, 0); w >= 0 {
					AlwaysTrue(st, w)
				}
			}
		}
	})
}

// TestParts checks the reading of names and WHERE clauses.
func TestParts(t *testing.T) {
	for _, tt := range []struct {
		sql        string
		name       string // the name after the first word
		where      bool
		alwaysTrue bool
	}{
		{"DROP TABLE IF EXISTS public.Users", "public.users", false, false},
		{`DROP TABLE "My T"`, "My T", false, false},
		{"DELETE FROM t WHERE id = 1", "t", true, false},
		{"DELETE FROM t WHERE 1=1", "t", true, true},
		{"DELETE FROM t WHERE TRUE", "t", true, true},
		{"DELETE FROM t WHERE 'a' = 'a' LIMIT 1", "t", true, true},
		{`DELETE FROM t WHERE "a" = "a"`, "t", true, false},
		{"DELETE FROM t WHERE 1 = 1 AND x = 2", "t", true, true},
		{"UPDATE t SET a = (SELECT b FROM u WHERE c)", "t", false, false},
		{"TRUNCATE", "", false, false},
	} {
		st := Statements(tt.sql, Postgres)[0]
		if got := Name(st, 1); got != tt.name {
			t.Errorf("Name(%q) = %q, want %q", tt.sql, got, tt.name)
		}
		w := Where(st, 1)
		if (w >= 0) != tt.where {
			t.Errorf("Where(%q) = %d, want found=%v", tt.sql, w, tt.where)
		}
		if w >= 0 && AlwaysTrue(st, w) != tt.alwaysTrue {
			t.Errorf("AlwaysTrue(%q) = %v, want %v", tt.sql, !tt.alwaysTrue, tt.alwaysTrue)
		}
	}
}
