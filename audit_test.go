package main

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"guardsh/guard"
	"guardsh/shell"
)

// TestAppendRecord checks the hand-written encoder against encoding/json:
// the line decodes to the record, and matches what json.Marshal writes
// where the two agree on escaping.
func TestAppendRecord(t *testing.T) {
	when := time.Date(2026, 11, 30, 4, 5, 6, 789, time.UTC)
	commands := []string{
		"", "echo hi", "rm -rf /", `echo "quoted" \back\slash`, "a\nb\tc\rd",
		"\x00\x01\x1f\x7f", "héllo wörld ✓", "emoji 🙂", "line\u2028sep\u2029",
		"<html> & 'x'", "bad \xff\xfe utf8", "trailing \xe2\x82",
	}
	for _, c := range commands {
		for _, rec := range []shell.AuditRecord{
			{Time: when, Command: c, Level: guard.Safe, Decision: "run", How: "default"},
			{Time: when, Command: c, Level: guard.Blocked, Rule: "rm_rf_root", Decision: "refused", How: "blocked lines never run", RunTime: true, Dir: "/tmp/" + c},
		} {
			line := appendRecord(nil, rec)
			if !strings.HasSuffix(string(line), "}\n") || strings.Count(string(line), "\n") != 1 {
				t.Fatalf("%q: not one line: %q", c, line)
			}
			var got shell.AuditRecord
			if err := json.Unmarshal(line, &got); err != nil {
				t.Fatalf("%q: invalid JSON %q: %v", c, line, err)
			}
			want := rec
			want.Command = string([]rune(rec.Command)) // each invalid byte one U+FFFD
			want.Dir = string([]rune(rec.Dir))
			if got != want {
				t.Errorf("%q: decoded %+v, want %+v", c, got, want)
			}
			if strings.ContainsAny(c, "<>&\u2028\u2029") {
				// encoding/json escapes these too; this encoder need not.
				continue
			}
			std, err := json.Marshal(rec)
			if err != nil {
				t.Fatal(err)
			}
			if string(line) != string(std)+"\n" {
				t.Errorf("%q:\n got %s\nwant %s", c, line, std)
			}
		}
	}
}
