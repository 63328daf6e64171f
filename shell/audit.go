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
	// "declined", "lasting approval N: ..." (an answer that lasts).
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

// WithAuditRequired is WithAudit for a log that must be written: audit
// returns an error when it could not record a decision, and a decision to
// run that was not recorded becomes a refusal (HintAudit). Nothing runs
// unrecorded.
func WithAuditRequired(audit func(AuditRecord) error) Option {
	return func(r *Runner) error { r.auditRequired = audit; return nil }
}

// HintAudit refuses what could not be recorded in a required audit log.
const HintAudit = "the policy requires the audit log (audit = \"required\") and it cannot be written"

// record reports a decision, when an audit function is set. It returns
// false when a required log could not record it.
func (r *Runner) record(rec AuditRecord) bool {
	if r.audit == nil && r.auditRequired == nil {
		return true
	}
	if rec.Dir == "" {
		rec.Dir = r.Dir()
	}
	if r.audit != nil {
		r.audit(rec)
	}
	return r.auditRequired == nil || r.auditRequired(rec) == nil
}

// outcomeHow says who decided a line's outcome.
func (r *Runner) outcomeHow(o Outcome) string {
	switch {
	case o.Refusal != nil:
		return o.Refusal.Hint
	case o.How != "":
		return o.How
	case o.Verdict.Level.DefaultYes():
		return "default"
	case r.pol.yesFor(o.Verdict):
		return "yes"
	}
	return "asked"
}
