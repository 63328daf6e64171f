package guard_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"guardsh/guard"
)

// rulesDocPath is the generated rule reference.
const rulesDocPath = "../docs/rules.md"

// TestRulesDoc fails when docs/rules.md is not what the built-in registry
// renders. GUARDSH_UPDATE_DOCS=1 rewrites it:
//
//	GUARDSH_UPDATE_DOCS=1 go test ./guard -run TestRulesDoc
func TestRulesDoc(t *testing.T) {
	g, err := guard.New()
	if err != nil {
		t.Fatal(err)
	}
	want := rulesDoc(g.Rules())
	if os.Getenv("GUARDSH_UPDATE_DOCS") != "" {
		if err := os.WriteFile(rulesDocPath, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, err := os.ReadFile(rulesDocPath)
	if err != nil {
		t.Fatalf("%v: run GUARDSH_UPDATE_DOCS=1 go test ./guard -run TestRulesDoc", err)
	}
	if string(got) != want {
		t.Errorf("%s is stale: run GUARDSH_UPDATE_DOCS=1 go test ./guard -run TestRulesDoc", rulesDocPath)
	}
}

// TestRulesDocCells checks the escaping of table cells.
func TestRulesDocCells(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", "—"},
		{"ls", "`ls`"},
		{"a | b", "`a \\| b`"},
		{":(){ :|:& };:", "`:(){ :\\|:& };:`"},
		{"echo `id`", "`` echo `id` ``"},
		{"echo ``", "``` echo `` ```"},
		{"`x`", "`` `x` ``"},
		{"a\nb", "`a b`"},
	} {
		if got := codeCell(c.in); got != c.want {
			t.Errorf("codeCell(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	for _, c := range []struct{ in, want string }{
		{"plain", "plain"},
		{"init 0|6", "init 0\\|6"},
		{"a\nb", "a b"},
		{"~/.ssh/id_*, *.pem", `\~/.ssh/id_\*, \*.pem`},
		{`psql \!`, `psql \\!`},
		{"a `x | y_*` b", "a `x \\| y_*` b"},
	} {
		if got := textCell(c.in); got != c.want {
			t.Errorf("textCell(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// levelIntro says what each level means for a line, at the head of its
// section.
var levelIntro = map[guard.Level]string{
	guard.Blocked:  "A line with one of these findings never runs: it can only be edited or cancelled, also under `-y`.",
	guard.High:     "Hard to undo. The default answer is no: without a terminal the line is refused (exit 126) unless `-y` was given.",
	guard.Medium:   "Changes or deletes things, usually recoverably. The default answer is no, as for high.",
	guard.InfoLeak: "Shows secrets on the screen or sends them on. The default answer is yes: the preview says so, and the line runs unless declined.",
	guard.Safe:     "Nothing to warn about.",
}

// rulesDoc renders the rules as docs/rules.md: one section per level, from
// blocked down, each a table of the rules of that level in registry order
// (which keeps each family of rules together).
func rulesDoc(rules []guard.Rule) string {
	var b strings.Builder
	b.WriteString(`# Built-in rules

<!-- Generated from the rule registry by guard/docs_test.go; do not edit.
     Regenerate with: GUARDSH_UPDATE_DOCS=1 go test ./guard -run TestRulesDoc -->

This file is generated from guardsh's rule registry (` + "`guard.New().Rules()`" + `)
by ` + "`guard/docs_test.go`" + `, and a test fails when it is stale. Regenerate it with

    GUARDSH_UPDATE_DOCS=1 go test ./guard -run TestRulesDoc

Every rule has a stable name, which findings, ` + "`--check --json`" + `, the
audit log and the config (` + "`disable`" + `, ` + "`[levels]`" + `) use, and a level. A line's
level is the highest level of any finding in it. ` + "`guardsh --rules`" + ` lists the
rules in force on your machine, with what your config and the system policy
changed; see [config.md](config.md) to disable a rule, change its level or
add patterns of your own. The example of each rule is a line it matches
(never run it).

Rules without a check of their own (` + "`parse_error`" + `, ` + "`fork_bomb`" + `,
` + "`pipe_to_shell`" + `, ` + "`too_deep`" + `, ...) are found by the walker, which reads the
structure of the whole line.

## The scale

Every family follows one scale, so that equal damage gets an equal level:

- **blocked**: destroys the machine or what it runs on, at once and beyond
  repair from inside it: the root file system, a disk or partition
  overwritten or formatted, the home directory or guardsh itself deleted, a
  fork bomb.
- **high**: deletes or overwrites something whole that cannot be got back:
  a directory tree (` + "`rm -rf`" + `, ` + "`find -delete`" + ` of everything), a repository,
  database, bucket, project, site, vault, secrets engine, topic, stream,
  index or backup repository; a release that can never be republished
  (` + "`npm unpublish`" + `); a secret made public (a private repository made
  public); a key slot of an encrypted volume.
- **medium**: changes or deletes a part, or something that can be
  recreated or undone: one file, object, secret, key, record, queue or
  snapshot; a tree inside the system's temporary directory; a deployment, a running process or service stopped; a
  network interface, route or firewall rule taken away; a version yanked
  or deprecated; an HTTP DELETE of one resource; a force flag that
  recreates resources.
- **info_leak**: shows secrets on the screen or sends them on.

A dry run (` + "`-n`" + `, ` + "`--dry-run`" + `), a help or version option, or a command
that cannot do what it names (no operand to delete) gets no finding.

The rules written as rows (` + "`guard/rows*.go`" + `: a program, a subcommand path,
option and operand predicates, a level and a reason, each with lines it
must hit and must not) are listed with the rules written as code.

`)
	byLevel := map[guard.Level][]guard.Rule{}
	for _, r := range rules {
		byLevel[r.Level] = append(byLevel[r.Level], r)
	}
	levels := guard.Levels()
	b.WriteString("| level | rules |\n|---|---:|\n")
	for i := len(levels) - 1; i >= 0; i-- {
		l := levels[i]
		if n := len(byLevel[l]); n > 0 {
			fmt.Fprintf(&b, "| [`%s`](#%s) | %d |\n", l, l, n)
		}
	}
	fmt.Fprintf(&b, "| all | %d |\n", len(rules))
	for i := len(levels) - 1; i >= 0; i-- {
		l := levels[i]
		rs := byLevel[l]
		if len(rs) == 0 {
			continue
		}
		fmt.Fprintf(&b, "\n## %s\n\n%s\n\n", l, levelIntro[l])
		b.WriteString("| rule | description | example |\n|---|---|---|\n")
		for _, r := range rs {
			fmt.Fprintf(&b, "| `%s` | %s | %s |\n", r.Name, textCell(r.Description), codeCell(r.Example))
		}
	}
	return b.String()
}

// textCell makes prose safe in a Markdown table cell: line breaks turned
// into spaces, and the characters that would start emphasis,
// strikethrough, HTML or an escape, or end the cell, escaped. Text in
// backticks is kept as a code span.
func textCell(s string) string {
	var b strings.Builder
	code := false
	for _, r := range oneLine(s) {
		switch {
		case r == '`':
			code = !code
		case r == '|':
			b.WriteByte('\\')
		case !code && strings.ContainsRune(`\*~<`, r):
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// oneLine turns line breaks into spaces.
func oneLine(s string) string { return strings.ReplaceAll(s, "\n", " ") }

// codeCell renders s as a code span in a table cell, with a fence of more
// backticks than s holds in a row, and "—" when s is empty.
func codeCell(s string) string {
	if s == "" {
		return "—"
	}
	s = strings.ReplaceAll(oneLine(s), "|", `\|`)
	run, longest := 0, 0
	for _, r := range s {
		if r == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	if longest == 0 {
		return "`" + s + "`"
	}
	fence := strings.Repeat("`", longest+1)
	return fence + " " + s + " " + fence
}
