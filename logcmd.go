package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"
	"strings"
	"time"

	"guardsh/guard"
	"guardsh/prompt"
	"guardsh/shell"
)

// runLog prints the audit log: every decision, or those of the last
// --since DURATION and at or above --level LEVEL; with --json the
// records themselves, one a line.
func runLog(o options, stdout, stderr io.Writer) int {
	if len(o.args) > 0 {
		fmt.Fprintf(stderr, "guardsh: --log takes no arguments\n%s", usageLine)
		return 2
	}
	var since time.Time
	if o.agent.since != "" {
		d, err := parseSince(o.agent.since)
		if err != nil {
			fmt.Fprintf(stderr, "guardsh: --since %q: want a duration such as 30m, 12h or 7d\n", o.agent.since)
			return 2
		}
		since = time.Now().Add(-d)
	}
	minLevel := guard.Safe
	if o.agent.level != "" {
		l, err := guard.ParseLevel(o.agent.level)
		if err != nil {
			fmt.Fprintf(stderr, "guardsh: --level: %v\n", err)
			return 2
		}
		minLevel = l
	}
	st := loadSettings(o, io.Discard)
	if st.auditFile == "" {
		fmt.Fprintln(stderr, "guardsh: --log: no audit log (no home directory)")
		return 1
	}
	f, err := os.Open(st.auditFile)
	if errors.Is(err, fs.ErrNotExist) {
		fmt.Fprintf(stderr, "guardsh: no audit log yet at %s\n", st.auditFile)
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "guardsh: --log: %v\n", err)
		return 1
	}
	defer f.Close()
	bw := bufio.NewWriter(stdout)
	style := newStyle(st, stdout)
	bad := 0
	err = eachLine(f, func(line string) error {
		var r shell.AuditRecord
		if json.Unmarshal([]byte(line), &r) != nil {
			bad++
			return nil
		}
		if r.Time.Before(since) || r.Level < minLevel {
			return nil
		}
		if o.json {
			bw.WriteString(line)
			bw.WriteByte('\n')
			return nil
		}
		bw.WriteString(formatRecord(r, style))
		return nil
	})
	if ferr := bw.Flush(); err == nil {
		err = ferr
	}
	if bad > 0 {
		fmt.Fprintf(stderr, "guardsh: --log: %d line(s) of %s are not audit records\n", bad, st.auditFile)
	}
	if err != nil {
		fmt.Fprintf(stderr, "guardsh: --log: %v\n", err)
		return 1
	}
	return 0
}

// formatRecord is one record for a person: when, what was decided, the
// level and rule, who decided (and from which agent), where, and the
// command.
func formatRecord(r shell.AuditRecord, style prompt.Style) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s  %-7s  %s", r.Time.Local().Format("2006-01-02 15:04:05"), r.Decision, style.Level(r.Level, r.Level.String()))
	if r.Rule != "" {
		fmt.Fprintf(&b, " (%s)", r.Rule)
	}
	who := r.How
	if r.Agent != "" {
		who += ", " + r.Agent
	}
	if r.RunTime {
		who += ", at run time"
	}
	fmt.Fprintf(&b, "  [%s]", who)
	if r.Dir != "" {
		fmt.Fprintf(&b, "  in %s", prompt.Show(r.Dir))
	}
	fmt.Fprintf(&b, "\n    %s\n", prompt.Show(r.Command))
	return b.String()
}

// parseSince parses a duration as time.ParseDuration does, and days
// written Nd.
func parseSince(s string) (time.Duration, error) {
	if n, ok := strings.CutSuffix(s, "d"); ok {
		days, err := strconv.Atoi(n)
		if err != nil || days < 0 {
			return 0, errors.New("bad number of days")
		}
		return time.Duration(days) * 24 * time.Hour, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d < 0 {
		return 0, errors.New("bad duration")
	}
	return d, nil
}
