package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"guardsh/guard"
	"guardsh/shell"
)

// The log kept open between records follows its path: a log moved away
// (rotated) or removed is opened again, and every record is on the file
// the path names when it is written.
func TestAuditLogFollowsThePath(t *testing.T) {
	p := filepath.Join(t.TempDir(), "state", "audit.jsonl")
	a := &auditLog{path: p, stderr: io.Discard}
	rec := func(c string) shell.AuditRecord {
		return shell.AuditRecord{Time: time.Now(), Command: c, Level: guard.Safe, Decision: "run", How: "default"}
	}
	read := func(p string) string {
		b, _ := os.ReadFile(p)
		return string(b)
	}
	for _, c := range []string{"echo one", "echo two"} {
		if err := a.write(rec(c)); err != nil {
			t.Fatal(err)
		}
	}
	if got := read(p); strings.Count(got, "\n") != 2 || !strings.Contains(got, "echo two") {
		t.Fatalf("log:\n%s", got)
	}
	if err := os.Rename(p, p+".1"); err != nil {
		t.Fatal(err)
	}
	a.write(rec("echo three"))
	if got := read(p); strings.Count(got, "\n") != 1 || !strings.Contains(got, "echo three") {
		t.Fatalf("log after the rotation:\n%s", got)
	}
	if got := read(p + ".1"); strings.Contains(got, "echo three") {
		t.Fatalf("a record went to the rotated log:\n%s", got)
	}
	os.Remove(p)
	a.write(rec("echo four"))
	if got := read(p); !strings.Contains(got, "echo four") {
		t.Fatalf("log after its removal:\n%s", got)
	}
}
