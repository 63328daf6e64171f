package main

import (
	"fmt"
	"io"
	"os"

	"golang.org/x/term"

	"guardsh/guard"
	"guardsh/shell"
)

// runInteractive is the interactive shell: the front end owns the
// terminal and runs approved lines in an executor (guardsh --executor) on
// a pty. Without a terminal (-i on a pipe) it reads commands from stdin.
func runInteractive(o options, stdin io.Reader, stdout, stderr io.Writer) int {
	in, okIn := stdin.(*os.File)
	out, okOut := stdout.(*os.File)
	if !okIn || !okOut || !term.IsTerminal(int(in.Fd())) || !term.IsTerminal(int(out.Fd())) {
		o.interact, o.stdin = false, true
		return runShell(o, stdin, stdout, stderr)
	}
	// The front end classifies every line (with the state the executor
	// reports) and reports the config's problems once; the executor
	// runs what was approved and checks each command again.
	st := loadSettings(o, stderr)
	if l := st.yesLimit(); o.yes && l < guard.High {
		// The front end answers for the whole line; it has no limit to
		// apply, so -y is off and the person at the terminal is asked.
		fmt.Fprintf(stderr, "guardsh: -y is off: the guardsh this one runs under approved only up to %s\n", l)
		o.yes = false
	}
	_, audit, ok := openAudit(st, stderr, false)
	if !ok {
		return 126
	}
	var record func(shell.AuditRecord)
	var required func(shell.AuditRecord) error
	switch {
	case audit == nil:
	case audit.required:
		required = audit.write
	default:
		record = audit.record
	}
	g, err := guardFrom(st, true)
	if err != nil {
		fmt.Fprintf(stderr, "guardsh: %v\n", err)
		return 2
	}
	exe, err := os.Executable()
	if err != nil {
		fmt.Fprintf(stderr, "guardsh: %v\n", err)
		return 1
	}
	historySize := 0
	if st.cfg.HistorySize != nil {
		// 0 keeps no history, as bash's HISTSIZE=0.
		if historySize = *st.cfg.HistorySize; historySize == 0 {
			historySize = -1
		}
	}
	home, _ := os.UserHomeDir()
	var lasting shell.Lasting
	if l := newLasting(st); l != nil {
		lasting = lastingShell{l}
	}
	bash, ok := interactiveBash(st, g, home, o.yes, stderr)
	if !ok {
		return 126
	}
	return shell.Interactive(shell.InteractiveConfig{
		Bash:         bash,
		Stdin:        in,
		Stdout:       out,
		Stderr:       stderr,
		Checker:      g,
		Executor:     append([]string{exe}, executorArgs(o)...),
		Yes:          o.yes,
		Auto:         o.auto,
		DryRun:       o.dryRun,
		Login:        o.login && !o.noProfile,
		NoRC:         o.noRC,
		Ask:          st.cfg.Ask,
		HistoryPath:  st.historyFile,
		HistorySize:  historySize,
		PromptFormat: st.cfg.Prompt,
		Style:        newStyle(st, stdout),
		Rules: func(w io.Writer) {
			if g, err := guard.New(st.opts...); err == nil {
				printRules(options{}, newStyle(st, w), w, g.Rules())
			}
		},
		Home:          home,
		Audit:         record,
		AuditRequired: required,
		Lasting:       lasting,
	})
}

// executorArgs are the executor's arguments: what of the command line it
// needs to build the same guard and runner.
func executorArgs(o options) []string {
	args := []string{"--executor"}
	if o.yes {
		args = append(args, "-y")
	}
	if o.configFile != "" {
		args = append(args, "--config", o.configFile)
	}
	for i := 0; i < len(o.shellOpts); i++ {
		a := o.shellOpts[i]
		args = append(args, a)
		if len(a) == 2 && a[1] == 'o' && i+1 < len(o.shellOpts) {
			i++
			args = append(args, o.shellOpts[i])
		}
	}
	return args
}
