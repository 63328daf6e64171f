package shell

import (
	"fmt"
	"io"
	"strconv"

	"guardsh/guard"
	"guardsh/prompt"
)

// Lasting is the store of answers that last as the interactive shell uses
// it: guardsh's main package implements it over its approvals file, and
// decides what may be approved; the shell only asks and shows.
type Lasting interface {
	// Match reports whether a stored approval covers v in dir, and the
	// audit log's words for it ("lasting approval 2 (...)").
	Match(v guard.Verdict, dir string) (how string, ok bool)
	// Offer is what a question about v in dir offers besides y / n / e.
	Offer(v guard.Verdict, dir string) prompt.Offer
	// Remember keeps the answer a (prompt.Always or prompt.AllowRule)
	// about v in dir and returns the line that says so.
	Remember(a prompt.Answer, v guard.Verdict, dir string) (string, error)
	// List prints the approvals, numbered from 1.
	List(w io.Writer) error
	// Forget removes approval n and returns the line that says so.
	Forget(n int) (string, error)
}

// lastingHow reports whether a stored approval covers v in the shell's
// directory, and how the audit log names it.
func (f *frontend) lastingHow(v guard.Verdict) (string, bool) {
	if f.cfg.Lasting == nil || v.Blocked {
		return "", false
	}
	return f.cfg.Lasting.Match(v, f.dir)
}

// questionLasting is question with the answers that last offered where
// they may be given; a and r keep the answer and run the line.
func (f *frontend) questionLasting(v guard.Verdict) prompt.Answer {
	if f.cfg.Lasting == nil {
		return f.question(v)
	}
	offer := f.cfg.Lasting.Offer(v, f.dir)
	f.tty.setOwner(ownerAsk)
	a, err := prompt.AskWith(ownedReader{f.tty, ownerAsk}, f.out, v, f.cfg.Style, offer)
	f.tty.setOwner(ownerNone)
	if err != nil {
		return prompt.No
	}
	if a == prompt.Always || a == prompt.AllowRule {
		msg, err := f.cfg.Lasting.Remember(a, v, f.dir)
		if err != nil {
			msg = fmt.Sprintf("guardsh: the answer is not kept: %v", err)
		}
		fmt.Fprintln(f.out, f.dim(msg))
		return prompt.Yes
	}
	return a
}

// slashLasting runs /approvals and /forget N.
func (f *frontend) slashLasting(name, arg string) {
	if f.cfg.Lasting == nil {
		fmt.Fprintln(f.errw, "guardsh: no answers that last here (no state directory)")
		return
	}
	if name == "/approvals" {
		if err := f.cfg.Lasting.List(f.out); err != nil {
			fmt.Fprintf(f.errw, "guardsh: %v\n", err)
		}
		return
	}
	n, err := strconv.Atoi(arg)
	if err != nil {
		fmt.Fprintln(f.errw, "usage: /forget N (the number /approvals shows)")
		return
	}
	msg, err := f.cfg.Lasting.Forget(n)
	if err != nil {
		fmt.Fprintf(f.errw, "guardsh: /forget: %v\n", err)
		return
	}
	fmt.Fprintln(f.out, msg)
}
