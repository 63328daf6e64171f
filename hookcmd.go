package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"guardsh/guard"
	"guardsh/hook"
	"guardsh/shell"
)

// maxHookEvent bounds the hook event read from stdin: a larger one is
// denied, not read into memory.
const maxHookEvent = 4 << 20

// runAgent runs the coding-agent commands: --hook, --install-hook,
// --uninstall-hook, --doctor and --log.
func runAgent(o options, stdin io.Reader, stdout, stderr io.Writer) int {
	a := o.agent
	switch {
	case a.hook != "":
		return runHook(o, stdin, stdout, stderr)
	case a.install != "":
		return runInstallHook(o, a.install, true, stdout, stderr)
	case a.uninstall != "":
		return runInstallHook(o, a.uninstall, false, stdout, stderr)
	case a.doctor:
		return runDoctor(o, stdout, stderr)
	}
	return runLog(o, stdout, stderr)
}

// runHook answers one hook event of the agent --hook names: it reads the
// event on stdin and writes the agent's decision on stdout. It exits 0
// whatever the decision, which the answer carries; every failure is a
// deny with the reason (fail closed).
func runHook(o options, stdin io.Reader, stdout, stderr io.Writer) int {
	agent := o.agent.hook
	event, err := io.ReadAll(io.LimitReader(stdin, maxHookEvent+1))
	deny := func(reason string) int {
		fmt.Fprintln(stderr, reason)
		if _, err := stdout.Write(hook.DenyOutput(agent, reason)); err != nil {
			fmt.Fprintf(stderr, "guardsh: --hook: writing the answer: %v\n", err)
			return 1
		}
		return 0
	}
	switch {
	case err != nil:
		return deny(fmt.Sprintf("guardsh: cannot read the hook event: %v; refusing the command", err))
	case len(event) > maxHookEvent:
		return deny(fmt.Sprintf("guardsh: the hook event is larger than %d MiB; refusing the command (run it in smaller parts)", maxHookEvent>>20))
	case len(o.args) > 0:
		return deny(fmt.Sprintf("guardsh: --hook takes no arguments (got %q); refusing the command until the hook is fixed", o.args))
	}
	var allow guard.Level
	if o.agent.hookAllow != "" {
		if allow, err = guard.ParseLevel(o.agent.hookAllow); err != nil || allow >= guard.Blocked {
			return deny(fmt.Sprintf("guardsh: --hook-allow %q: want safe, info_leak, medium or high; refusing the command until the hook is fixed", o.agent.hookAllow))
		}
	}
	settings := loadSettings(o, stderr)
	g, err := guardFrom(settings, true)
	if err != nil {
		return deny(fmt.Sprintf("guardsh: %v; refusing the command", err))
	}
	self, err := os.Executable()
	if err != nil {
		self = "" // no rewrite: the static check only
	}
	classify := func(line, dir string) guard.Verdict {
		st := processState()
		st.Dir = dir
		env := st.Var
		st.Var = func(name string) (string, bool) {
			if name == "PWD" {
				return dir, true
			}
			return env(name)
		}
		v := g.Classify(line, st)
		v.Command = line
		return v
	}
	hopts := hook.Options{Guardsh: self, Allow: allow}
	if l := newLasting(settings); l != nil && l.allowed {
		hopts.Lasting = l.match
	}
	res := hook.Handle(agent, event, classify, hopts)
	if res.Decision != hook.None {
		if err := recordHook(settings, agent, res, stderr); err != nil && res.Decision != hook.Deny {
			return deny(fmt.Sprintf("guardsh: refused: the policy requires the audit log (audit = \"required\") and it cannot be written: %v", err))
		}
	}
	if _, err := stdout.Write(res.Output); err != nil {
		fmt.Fprintf(stderr, "guardsh: --hook: writing the answer: %v\n", err)
		return 1
	}
	return 0
}

// recordHook appends a hook's decision to the audit log. The error is
// non-nil only when the policy requires the log and it cannot be written.
func recordHook(st settings, agent string, res hook.Result, stderr io.Writer) error {
	_, audit, ok := openAudit(st, stderr, true)
	switch {
	case !ok:
		return errors.New("there is no audit log")
	case audit == nil:
		return nil
	}
	rec := shell.NewAuditRecord(res.Verdict, res.Command, false, "hook")
	rec.Time = time.Now().UTC()
	rec.Agent = agent
	rec.Dir = res.Dir
	switch res.Decision {
	case hook.Allow:
		rec.Decision = "run"
		if res.How != "" {
			rec.How = "hook: " + res.How
		}
	case hook.Ask:
		rec.Decision = "asked"
	default:
		rec.Decision = "refused"
		if res.Command == "" {
			rec.How = "hook: " + res.Reason
		}
	}
	if err := audit.write(rec); err != nil && audit.required {
		return err
	}
	return nil
}
