package shell

import (
	"time"

	"guardsh/guard"
)

// AuditRecord is one decision guardsh made about a line or, at run time,
// about a command: what it was, its level and rule, and whether it ran.
// Written as JSON, one object a line, it is the audit log.
type AuditRecord struct {
	Time    time.Time   `json:"time"`
	Command string      `json:"command"`
	Level   guard.Level `json:"level"`
	// Rule is the rule behind the level, "" for a safe line.
	Rule string `json:"rule,omitempty"`
	// Decision is "run" or "refused".
	Decision string `json:"decision"`
	// How says who decided: "default" (the level's default answer),
	// "asked", "yes" (-y), "auto" (auto mode), "blocked", "no terminal",
	// "declined".
	How string `json:"how"`
	// RunTime reports a decision of the run-time check.
	RunTime bool   `json:"runtime,omitempty"`
	Dir     string `json:"dir,omitempty"`
	// Agent names the coding agent whose hook made the decision
	// (guardsh --hook AGENT), "" for the shell's own.
	Agent string `json:"agent,omitempty"`
}

// NewAuditRecord fills in a record for verdict v of command.
func NewAuditRecord(v guard.Verdict, command string, run bool, how string) AuditRecord {
	rec := AuditRecord{Time: time.Now().UTC(), Command: command, Level: v.Level, Decision: "refused", How: how}
	if run {
		rec.Decision = "run"
	}
	if f, ok := v.Top(); ok {
		rec.Rule = f.Rule
	}
	return rec
}

// WithAudit has every decision the runner makes reported to audit: each
// line before it runs, and each command the run-time check asks about or
// refuses.
func WithAudit(audit func(AuditRecord)) Option {
	return func(r *Runner) error { r.audit = audit; return nil }
}

// record reports a decision, when an audit function is set.
func (r *Runner) record(rec AuditRecord) {
	if r.audit == nil {
		return
	}
	if rec.Dir == "" {
		rec.Dir = r.Dir()
	}
	r.audit(rec)
}

// outcomeHow says who decided a line's outcome.
func (r *Runner) outcomeHow(o Outcome) string {
	switch {
	case o.Refusal != nil:
		return o.Refusal.Hint
	case o.Verdict.Level.DefaultYes():
		return "default"
	case r.pol.yes:
		return "yes"
	}
	return "asked"
}
