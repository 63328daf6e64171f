package shell

import (
	"fmt"

	"guardsh/guard"
)

// gate decides about a call the supervisor stopped in the bash
// executor's tree, as the run-time check decides about a command: a
// blocked one is refused; one above the level of the line that runs is
// asked about on the terminal (an exec, while a line runs: the front end
// asks as it asks the interpreter executor's questions), and refused when
// it cannot be asked (a file effect, or nothing runs: a background job
// between lines); -y approves what it approves. A refusal is printed and,
// with what had to be decided, recorded in the audit log.
func (b *bashSide) gate(v guard.Verdict, what, command string) bool {
	b.mu.Lock()
	level, running := b.level, b.running != 0
	b.mu.Unlock()
	return b.decide(v, what, command, level, running && command != "")
}

// jobGate is the gate of a call of a process that an earlier line,
// approved at level, left running (a background job): decided at that
// line's level, whichever line runs now, and refused above it, not asked
// about (a question would be taken for one of the line that runs).
func (b *bashSide) jobGate(level guard.Level) BashGate {
	return func(v guard.Verdict, what, command string) bool {
		return b.decide(v, what, command, level, false)
	}
}

// decide decides about a call at level, asking about an exec above it on
// the terminal when ask is set.
func (b *bashSide) decide(v guard.Verdict, what, command string, level guard.Level, canAsk bool) bool {
	b.mu.Lock()
	dir := b.cwd
	b.mu.Unlock()
	p := policy{yes: b.f.cfg.Yes}
	if canAsk {
		p.asker = bashAsker{b, command}
	}
	ask := func(q Question) (Decision, string, error) { return p.asker.Ask(q) }
	ref := p.decideRunTime(v, what, level, ask)
	if ref != nil && !v.Blocked && p.asker == nil {
		ref.Hint = fmt.Sprintf("the line was approved at %s, and guardsh cannot ask about this call", level)
	}
	if ref != nil {
		fmt.Fprintf(b.f.errw, "\r%s\r\n", ref.Error())
	}
	if v.Level > level && !v.Level.DefaultYes() || v.Blocked {
		rec := NewAuditRecord(v, what, ref == nil, p.runTimeHow(v, ref))
		rec.RunTime = true
		rec.Dir = dir
		if b.f.cfg.Audit != nil {
			b.f.cfg.Audit(rec)
		}
		if b.f.cfg.AuditRequired != nil && b.f.cfg.AuditRequired(rec) != nil && ref == nil {
			fmt.Fprintf(b.f.errw, "\r%s\r\n", (&Refusal{Verdict: v, What: what, Hint: HintAudit}).Error())
			return false
		}
	}
	return ref == nil
}

// bashAsker asks a run-time question through the front end's run loop,
// which holds the pty's output back and asks on the terminal.
type bashAsker struct {
	b       *bashSide
	command string
}

func (a bashAsker) Ask(q Question) (Decision, string, error) {
	b := a.b
	ch := make(chan Decision, 1)
	b.mu.Lock()
	b.nextAsk++
	id := b.nextAsk
	b.asks[id] = ch
	b.mu.Unlock()
	if !b.deliver(reply{Op: opAsk, ID: id, Verdict: toWire(q.Verdict), Line: a.command, RunTime: true}) {
		b.mu.Lock()
		delete(b.asks, id)
		b.mu.Unlock()
		return No, "", fmt.Errorf("no line runs")
	}
	d, ok := <-ch
	if !ok {
		return No, "", fmt.Errorf("the shell is ending")
	}
	return d, "", nil
}
