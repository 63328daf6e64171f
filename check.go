package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"guardsh/guard"
	"guardsh/prompt"
)

// runCheck classifies each command argument (each one line), or each line
// of stdin when there are none, and runs nothing. With --json it prints one
// verdict object per line; without, the preview of each. It exits 0 when
// every verdict was produced, blocked lines included, 2 on a usage error
// and 1 when it cannot read its input or write its output.
func runCheck(o options, stdin io.Reader, stdout, stderr io.Writer) int {
	settings := loadSettings(o, stderr)
	g, err := guardFrom(settings, true)
	if err != nil {
		fmt.Fprintf(stderr, "guardsh: %v\n", err)
		return 2
	}
	st := processState()
	emit := checkPrinter(o, newStyle(settings, stdout), stdout)
	classify := func(line string) error {
		v := g.Classify(line, st)
		v.Command = line
		if v.Findings == nil {
			v.Findings = []guard.Finding{}
		}
		return emit(v)
	}
	if len(o.args) > 0 {
		for _, line := range o.args {
			if err := classify(line); err != nil {
				fmt.Fprintf(stderr, "guardsh: --check: %v\n", err)
				return 1
			}
		}
		return 0
	}
	if err := eachLine(stdin, classify); err != nil {
		fmt.Fprintf(stderr, "guardsh: --check: %v\n", err)
		return 1
	}
	return 0
}

// checkPrinter returns the function that prints one verdict of --check:
// the JSON object on one line, or the preview (the command shown first
// when it has no findings, whose preview does not repeat it; a blank line
// between verdicts).
func checkPrinter(o options, style prompt.Style, w io.Writer) func(guard.Verdict) error {
	if o.json {
		enc := json.NewEncoder(w)
		enc.SetEscapeHTML(false)
		return func(v guard.Verdict) error {
			if err := enc.Encode(v); err != nil {
				return fmt.Errorf("writing the verdict: %w", err)
			}
			return nil
		}
	}
	n := 0
	return func(v guard.Verdict) error {
		var b strings.Builder
		if n > 0 {
			b.WriteByte('\n')
		}
		n++
		if len(v.Findings) == 0 {
			b.WriteString(prompt.Show(v.Command))
			b.WriteByte('\n')
		}
		prompt.Preview(&b, v, style)
		if _, err := io.WriteString(w, b.String()); err != nil {
			return fmt.Errorf("writing the preview: %w", err)
		}
		return nil
	}
}

// eachLine calls fn with each line of r, without its line end ("\n" or
// "\r\n"); a last line without a newline counts, an empty input has no
// lines. Lines may be of any length.
func eachLine(r io.Reader, fn func(string) error) error {
	br := bufio.NewReader(r)
	for {
		line, err := br.ReadString('\n')
		if len(line) > 0 {
			line = strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r")
			if ferr := fn(line); ferr != nil {
				return ferr
			}
		}
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("reading stdin: %w", err)
		}
	}
}

// runRules lists every rule, disabled ones included: name, level, origin,
// description and marks for rules the configuration disabled or gave
// another level. With --json it prints one object per rule and line.
func runRules(o options, stdout, stderr io.Writer) int {
	if len(o.args) > 0 {
		fmt.Fprintf(stderr, "guardsh: --rules takes no arguments\n%s", usageLine)
		return 2
	}
	settings := loadSettings(o, stderr)
	g, err := guardFrom(settings, false)
	if err != nil {
		fmt.Fprintf(stderr, "guardsh: %v\n", err)
		return 2
	}
	rules := g.Rules()
	if err := printRules(o, newStyle(settings, stdout), stdout, rules); err != nil {
		fmt.Fprintf(stderr, "guardsh: --rules: %v\n", err)
		return 1
	}
	return 0
}

func printRules(o options, style prompt.Style, w io.Writer, rules []guard.Rule) error {
	bw := bufio.NewWriter(w)
	if o.json {
		enc := json.NewEncoder(bw)
		enc.SetEscapeHTML(false)
		for _, r := range rules {
			if err := enc.Encode(r); err != nil {
				return err
			}
		}
		return bw.Flush()
	}
	nameW, originW := 0, 0
	for _, r := range rules {
		nameW = max(nameW, len(r.Name))
		originW = max(originW, len(r.Origin))
	}
	levelW := len("info_leak")
	for _, r := range rules {
		level := r.Level.String()
		fmt.Fprintf(bw, "%-*s  %s%s  %-*s  %s%s\n", nameW, r.Name,
			style.Level(r.Level, level), strings.Repeat(" ", max(levelW-len(level), 0)),
			originW, r.Origin, r.Description, ruleMarks(r))
	}
	return bw.Flush()
}

// ruleMarks notes what the configuration changed about a rule.
func ruleMarks(r guard.Rule) string {
	var marks []string
	if r.Disabled {
		marks = append(marks, "disabled")
	}
	if r.Overridden {
		marks = append(marks, "level changed from "+r.DefaultLevel.String())
	}
	if len(marks) == 0 {
		return ""
	}
	return " (" + strings.Join(marks, ", ") + ")"
}
