package shell

import (
	"io"
	"os"

	"guardsh/prompt"
)

// InteractiveConfig configures an interactive shell: the front end that
// owns the terminal and starts the executor.
type InteractiveConfig struct {
	// Stdin and Stdout are the terminal; Stderr is where guardsh's own
	// errors go (the terminal too, usually).
	Stdin  *os.File
	Stdout *os.File
	Stderr io.Writer
	// Checker classifies every line, with the state the executor
	// reports; required. The executor's own checks at run time are its
	// own.
	Checker Checker
	// Executor is the command that starts an executor (guardsh
	// --executor ...), run on a new pty with the control channel on
	// descriptors 3 and 4. ExecutorEnv is its environment (nil: the
	// process's).
	Executor    []string
	ExecutorEnv []string
	// Bash, when set, runs the approved lines in a long-lived real bash
	// on the pty instead (see BashConfig); Executor is then not used.
	Bash *BashConfig
	// Yes answers yes to every question but blocked (-y); Auto starts in
	// auto mode (--auto); DryRun starts in dry-run (--dry-run).
	Yes, Auto, DryRun bool
	// Login reads ~/.profile before ~/.guardshrc.
	Login bool
	// NoRC skips ~/.guardshrc (--norc).
	NoRC bool
	// Ask is "always" (every line is shown and asked about) or "risky"
	// (a line with no finding runs without a question; the default).
	Ask string
	// Audit, when set, receives every decision about a line.
	Audit func(AuditRecord)
	// AuditRequired, when set, is Audit for a log that must be written: a
	// line whose decision to run it returns an error is refused.
	AuditRequired func(AuditRecord) error
	// AutoSafe reports whether auto mode runs a line without a question;
	// nil trusts the verdict's Auto field.
	AutoSafe func(line string) bool
	// HistoryPath is the history file ("" keeps no history file);
	// HistorySize how many entries are kept: 0 is DefaultHistorySize, and
	// a negative size keeps none, as bash's HISTSIZE=0 (the config's
	// history_size = 0): the file is neither read nor written, Up and
	// Ctrl-R find nothing, and !! and Alt-. have no previous line.
	HistoryPath string
	HistorySize int
	// PromptFormat is the prompt (see FormatPrompt); "" is
	// DefaultPromptFormat. GUARDSH_PROMPT set in the shell overrides it.
	PromptFormat string
	// Style decorates previews and questions.
	Style prompt.Style
	// Rules lists the rules in force, for /rules.
	Rules func(w io.Writer)
	// Home is the home directory for the rc files; "" is $HOME.
	Home string
	// Lasting, when set, is the store of answers that last: a line it
	// approves runs without a question, a question offers a and r where
	// they may be given, and /approvals and /forget N show and edit it.
	Lasting Lasting
}

// ask settings.
const (
	AskAlways = "always"
	AskRisky  = "risky"
)

// Interactive runs an interactive shell until exit or end of input, and
// returns the exit status.
func Interactive(cfg InteractiveConfig) int {
	raiseProcs()
	f, err := newFrontend(cfg)
	if err != nil {
		errw := cfg.Stderr
		if errw == nil {
			errw = os.Stderr
		}
		io.WriteString(errw, "guardsh: "+err.Error()+"\n")
		return 1
	}
	defer f.close()
	return f.loop()
}
