package main

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"

	"golang.org/x/sys/unix"

	"guardsh/guard"
	"guardsh/internal/regfile"
	"guardsh/shell/supervise"
)

// Which executor runs lines, whether bash and the supervisor are there to
// run them, and what guardsh says when they are not.

// bashExecutor reports whether the settings run lines in real bash: the
// default, unless the config or the policy chose executor =
// "interpreter" (a policy that requires the supervisor always runs bash).
func (s settings) bashExecutor() bool {
	return s.cfg.Executor != "interpreter" || s.superviseRequired()
}

// interactiveBashExecutor reports whether the interactive shell runs its
// lines in a long-lived bash under the supervisor: as -c does, by
// default, unless the config or the policy chose executor =
// "interpreter" (docs/interactive.md).
func (s settings) interactiveBashExecutor() bool { return s.bashExecutor() }

// superviseRequired reports whether the policy refuses to run a line
// without the supervisor.
func (s settings) superviseRequired() bool { return s.cfg.Supervise == "required" }

// executorLine describes the executor for --version and --doctor.
func (s settings) executorLine() string {
	if !s.bashExecutor() {
		return `guardsh's interpreter (executor = "interpreter"): static and run-time checks of the interpreter's own commands`
	}
	a := available()
	switch {
	case !a.OK && nestedSupervised(a):
		return "guardsh's interpreter, inside the tree of a guardsh whose supervisor checks it"
	case a.OK && s.cfg.Executor == "":
		return "bash under the supervisor (the default executor): every exec and destructive call of the tree is checked"
	case a.OK:
		return "bash under the supervisor (executor = \"bash\"): every exec and destructive call of the tree is checked"
	case s.superviseRequired():
		return fmt.Sprintf("bash, but the supervisor cannot run here (%s): the policy requires it, so no line runs", a.Reason)
	}
	return fmt.Sprintf("bash, but the supervisor cannot run here (%s): lines run in guardsh's interpreter", a.Reason)
}

// outsideNote says why a line that changes user runs outside the
// supervisor, where it runs (bashexec.go), where it is previewed
// (ttyasker.go, --dry-run) and in the docs' words. It is made when first
// needed, not at every start.
var outsideNote = sync.OnceValue(func() string {
	return fmt.Sprintf("the line changes user (%s), which cannot gain privileges under the supervisor (no_new_privs), so it runs outside it: what it runs was checked statically only, as written", strings.Join(guard.UserChangePrograms(), ", "))
})

// runsOutside reports whether the settings run the line v outside the
// supervisor, for a user's sudo: bash under the supervisor is the
// executor, the supervisor can run, and guardsh is not root.
func (s settings) runsOutside(v guard.Verdict) bool {
	return s.bashExecutor() && geteuid() != 0 && v.ChangesUser() && available().OK
}

// outsideNote is the note under a line's preview that it runs outside the
// supervisor, "" when it does not.
func (s settings) outsideNote(v guard.Verdict) string {
	if s.runsOutside(v) {
		return outsideNote()
	}
	return ""
}

// chooseInterp ends the fallback's one line: how to say that the
// interpreter is what is wanted.
const chooseInterp = "; said once (guardsh --doctor says it always); executor = \"interpreter\" in the config chooses the interpreter"

// sayFallback says msg, that lines run in the interpreter and why, once:
// the message said last is kept in $XDG_STATE_HOME/guardsh/fallback, and
// a guardsh that would say the same says nothing. A new reason is said
// again; so is every one when the file cannot be kept.
func sayFallback(s settings, stderr io.Writer, msg string) {
	if s.historyFile != "" {
		p := filepath.Join(filepath.Dir(s.historyFile), "fallback")
		if b, err := regfile.Read(p, 4096); err == nil && string(b) == msg+"\n" {
			return
		}
		if os.MkdirAll(filepath.Dir(p), 0o700) == nil {
			os.WriteFile(p, []byte(msg+"\n"), 0o600)
		}
	}
	fmt.Fprintln(stderr, msg)
}

// bashReady finds bash and says whether lines can run in it under the
// supervisor (ok); where not, it says so on stderr and returns ok false,
// for the interpreter to run them, or, under the policy's supervise =
// "required", a status to exit with (126), else -1.
func bashReady(s settings, stderr io.Writer) (bash string, ok bool, status int) {
	bash, err := exec.LookPath("bash")
	avail := available()
	switch {
	case err != nil && s.superviseRequired():
		fmt.Fprintf(stderr, "guardsh: refused: bash is not found (%v), and the policy requires the supervisor (supervise = \"required\")\n", err)
		return "", false, 126
	case err != nil:
		sayFallback(s, stderr, fmt.Sprintf("guardsh: bash is not found (%v): running in guardsh's interpreter%s", err, chooseInterp))
		return "", false, -1
	case !avail.OK && nestedSupervised(avail):
		// A guardsh run by a line of a supervised guardsh: the kernel
		// allows one listener in a filter chain, and the outer
		// supervisor already checks everything this tree does.
		return "", false, -1
	case !avail.OK && s.superviseRequired():
		fmt.Fprintf(stderr, "guardsh: refused: the supervisor cannot run here (%s), and the policy requires it (supervise = \"required\")\n", avail.Reason)
		return "", false, 126
	case !avail.OK:
		sayFallback(s, stderr, fmt.Sprintf("guardsh: the supervisor cannot run here (%s): running in guardsh's interpreter%s", avail.Reason, chooseInterp))
		return "", false, -1
	}
	return bash, true, -1
}

// nestedSupervised reports that the supervisor is unavailable because
// this guardsh already runs under one: it was started by a guardsh
// (GUARDSH_PARENT) and the kernel refuses a second listener (EBUSY).
func nestedSupervised(a supervise.Availability) bool {
	_, nested := os.LookupEnv(parentVar)
	return nested && strings.Contains(a.Reason, unix.EBUSY.Error())
}
