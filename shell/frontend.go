package shell

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"os/user"
	"path/filepath"
	"strings"
	"sync"
	"syscall"

	"github.com/creack/pty"
	"golang.org/x/term"
	"mvdan.cc/sh/v3/syntax"

	"guardsh/guard"
	"guardsh/internal/lineedit"
	"guardsh/internal/regfile"
	"guardsh/prompt"
)

// frontend is the interactive shell's side that owns the terminal.
type frontend struct {
	cfg  InteractiveConfig
	in   *os.File
	out  *os.File
	errw io.Writer
	tty  *ttyInput
	ed   *lineedit.Editor
	hist *History
	comp *Completer

	mu   sync.Mutex // guards exe and quitSig for the signal handler
	exe  *executorProc
	sigs chan os.Signal
	// modes is the real terminal's modes, restored on every way out.
	modes *termModes
	// quit is closed when SIGTERM or SIGHUP (quitSig) ends the shell.
	quit    chan struct{}
	quitSig syscall.Signal

	status  int
	dir     string
	vars    map[string]string // the shell's variables, as the executor reported them
	params  []string          // its positional parameters
	names   map[string]bool   // functions and aliases defined so far
	auto    bool
	dry     bool
	user    string
	host    string
	toggled bool // Shift+Tab changed the mode during this read
	// lastLine is the previous history entry (for Alt-. and !!);
	// editNext asks for the entered line to go to the editor first
	// (Ctrl-X Ctrl-E).
	lastLine string
	editNext bool
	// later makes the history and audit writes off the line's way.
	later laterWrites
	// pre is the statement at the prompt as it was last parsed and
	// classified while typed, typed the lines of it entered before
	// (preclass); stateGen counts the changes of the state a line is
	// classified with (dir, vars, params).
	pre      *preclass
	typed    []string
	stateGen uint64
}

func newFrontend(cfg InteractiveConfig) (*frontend, error) {
	if cfg.Stdin == nil {
		cfg.Stdin = os.Stdin
	}
	if cfg.Stdout == nil {
		cfg.Stdout = os.Stdout
	}
	if cfg.Stderr == nil {
		cfg.Stderr = cfg.Stdout
	}
	if cfg.Ask == "" {
		cfg.Ask = AskRisky
	}
	if cfg.PromptFormat == "" {
		cfg.PromptFormat = DefaultPromptFormat
	}
	if cfg.ExecutorEnv == nil {
		cfg.ExecutorEnv = os.Environ()
	}
	if cfg.Checker == nil {
		return nil, errors.New("the interactive shell needs a checker")
	}
	f := &frontend{cfg: cfg, in: cfg.Stdin, out: cfg.Stdout, errw: cfg.Stderr,
		auto: cfg.Auto, dry: cfg.DryRun, names: map[string]bool{}, vars: map[string]string{}}
	// The front end's descriptors (the pty master, the control channel)
	// are not reachable through /proc by the programs the shell runs.
	notDumpable()
	f.dir, _ = os.Getwd()
	// Until the executor says otherwise, its variables are the
	// environment's.
	for _, kv := range cfg.ExecutorEnv {
		if k, v, ok := strings.Cut(kv, "="); ok {
			f.vars[k] = v
		}
	}
	f.user = envOf(cfg.ExecutorEnv, "USER")
	if f.user == "" {
		if u, err := user.Current(); err == nil {
			f.user = u.Username
		}
	}
	f.host, _ = os.Hostname()

	var err error
	if f.tty, err = newTTYInput(f.in); err != nil {
		return nil, err
	}
	f.modes = newTermModes(f.in)
	f.quit = make(chan struct{})

	// Signals that would stop or kill the front end: it never takes them
	// from the keyboard (the terminal is raw while anything runs), and
	// catching them (not ignoring them) leaves them at their defaults in
	// the programs started later. SIGTERM and SIGHUP end the shell, the
	// terminal restored (SIGHUP stays ignored when guardsh was started
	// with it ignored, under nohup).
	f.sigs = make(chan os.Signal, 8)
	signal.Notify(f.sigs, syscall.SIGINT, syscall.SIGQUIT, syscall.SIGTSTP, syscall.SIGTTIN, syscall.SIGTTOU, syscall.SIGWINCH, syscall.SIGTERM)
	if !signal.Ignored(syscall.SIGHUP) {
		signal.Notify(f.sigs, syscall.SIGHUP)
	}
	go f.signals()

	histPath := cfg.HistoryPath
	if cfg.HistorySize < 0 {
		histPath = ""
	}
	hist, entries, err := OpenHistory(histPath, cfg.HistorySize)
	if err != nil {
		fmt.Fprintf(f.errw, "guardsh: %v\n", err)
	}
	f.hist = hist

	// The executor starts while the editor is set up.
	if err := f.startExecutor(); err != nil {
		return nil, err
	}

	f.comp = &Completer{State: f.completionState}
	f.ed = f.newEditor(historyLimit(cfg.HistorySize, hist))
	// The editor keeps the entries as they are (a full slice: what it
	// adds does not write into the array).
	f.ed.SetHistory(entries[:len(entries):len(entries)])
	if len(entries) > 0 {
		f.lastLine = entries[len(entries)-1]
	}
	f.attachScreen(f.exe)
	return f, nil
}

func (f *frontend) close() {
	f.settle()
	f.releaseSignals()
	// The editor's reader may wait for its turn: end it first.
	f.tty.close()
	if f.exe != nil {
		f.exe.stop()
	}
	// Whatever changed the terminal's modes, it leaves as it came.
	f.modes.restoreOrig()
}

// releaseSignals stops the front end's catching of its signals. When
// SIGTERM or SIGHUP ends the shell, that signal stays caught (and is
// dropped) until the process exits with 128+n: it can come again, as a
// question's raw mode (prompt.MakeRaw) passes on the one it caught too
// once it restored the terminal, and uncaught it would kill the shell on
// its way out.
func (f *frontend) releaseSignals() {
	f.mu.Lock()
	sig := f.quitSig
	f.mu.Unlock()
	if sig != 0 {
		signal.Notify(make(chan os.Signal, 1), sig)
	}
	signal.Stop(f.sigs)
}

// signals handles the front end's signals: SIGWINCH resizes the pty;
// SIGTERM and SIGHUP end the shell; the others are dropped.
func (f *frontend) signals() {
	for sig := range f.sigs {
		switch sig {
		case syscall.SIGWINCH:
			f.mu.Lock()
			if f.exe != nil {
				pty.InheritSize(f.in, f.exe.pty)
			}
			f.mu.Unlock()
			if f.ed != nil {
				f.ed.Resize()
			}
		case syscall.SIGTERM, syscall.SIGHUP:
			f.terminate(sig.(syscall.Signal))
		}
	}
}

// screen is where the pty's output goes.
func (f *frontend) screen() io.Writer {
	if f.ed != nil {
		return f.ed
	}
	return f.out
}

// attachScreen sends e's output to the screen between lines: through the
// line editor, which redraws its prompt after it, each piece ended at the
// end of its line.
func (f *frontend) attachScreen(e *executorProc) {
	e.pump.width = f.width
	e.pump.setDst(f.screen(), f.ed != nil)
}

// width is the terminal's width.
func (f *frontend) width() int {
	if w, _, err := term.GetSize(int(f.out.Fd())); err == nil && w > 0 {
		return w
	}
	return 80
}

// startExecutor starts a new executor in the shell's directory.
func (f *frontend) startExecutor() error {
	if _, quit := f.quitStatus(); quit {
		return errQuit
	}
	var e *executorProc
	var err error
	if f.cfg.Bash != nil {
		e, err = f.startBashExecutor(f.dir, f.screen())
	} else {
		e, err = startExecutor(f.cfg.Executor, f.cfg.ExecutorEnv, f.dir, f.in, f.screen())
	}
	if err != nil {
		return err
	}
	e.quit = f.quit
	f.attachScreen(e)
	f.mu.Lock()
	f.exe = e
	f.mu.Unlock()
	return nil
}

// ready waits for the executor and takes its state.
func (f *frontend) ready() error {
	r, err := f.exe.waitReady()
	if err != nil {
		return err
	}
	if f.exe.ready == r && r.Vars != nil {
		f.takeState(r)
		r.Vars = nil
	}
	return nil
}

// takeState takes the shell's state from the executor's ready or done
// message.
func (f *frontend) takeState(r *reply) {
	f.stateGen++
	if r.Dir != "" {
		f.dir = r.Dir
	}
	if r.Vars != nil {
		f.vars = r.Vars
		f.params = r.Params
	}
}

// state is the shell's state for classifying a line: the executor's, as
// it last reported it.
func (f *frontend) state() guard.State {
	return guard.State{Dir: f.dir, Var: guard.MapVars(f.vars), Params: append([]string{}, f.params...), ParamsKnown: true, Exists: Exists, Source: SourceText}
}

// restartExecutor replaces a dead executor and says what was lost.
func (f *frontend) restartExecutor() error {
	old := f.exe
	if _, quit := f.quitStatus(); quit {
		old.stop()
		return errQuit
	}
	why := old.death()
	old.stop()
	if bad := old.badMessage(); bad != nil {
		fmt.Fprintf(f.errw, "guardsh: the executor was stopped: it sent %v; starting a new one: the shell's variables, functions, aliases and background jobs were lost\n", bad)
	} else {
		fmt.Fprintf(f.errw, "guardsh: the executor died (%s); starting a new one: the shell's variables, functions, aliases and background jobs were lost\n", why)
	}
	f.names = map[string]bool{}
	if err := f.startExecutor(); err != nil {
		return err
	}
	return f.ready()
}

// loop reads, decides and runs lines until exit.
func (f *frontend) loop() int {
	// Without rc files the first prompt does not wait for the executor:
	// it is waited for when the first line is classified.
	if f.hasRCFiles() {
		if !f.ensureReady() {
			return 1
		}
		if code, exited := f.runRCFiles(); exited {
			return code
		}
	}
	defer f.settle()
	prefill := ""
	for {
		f.settle()
		line, file, err := f.readStatement(prefill)
		prefill = ""
		if code, quit := f.quitStatus(); quit {
			return code
		}
		if err == io.EOF {
			return f.status
		}
		if err != nil {
			continue // Ctrl-C: a fresh prompt
		}
		if strings.TrimSpace(line) == "" {
			continue
		}
		if _, _, slash := ParseSlash(line); !slash {
			expanded, changed, err := ExpandHistory(line, f.lastLine)
			if err != nil {
				// As in bash: nothing runs, $? stays.
				fmt.Fprintf(f.errw, "guardsh: %v\n", err)
				continue
			}
			if changed {
				// As bash shows it: the line that is checked and run.
				fmt.Fprintln(f.out, expanded)
				line, file = expanded, nil
			}
		}
		if f.cfg.HistorySize >= 0 {
			f.lastLine = line
		}
		if f.cfg.HistorySize >= 0 {
			f.ed.AddHistory(line)
		}
		entry := line
		f.later.add(func() error { return f.hist.Append(entry) })
		if name, arg, ok := ParseSlash(line); ok {
			f.slash(name, arg)
			continue
		}
		edited, code, exited := f.handle(line, file, false)
		if code, quit := f.quitStatus(); quit {
			return code
		}
		if exited {
			return code
		}
		prefill = edited
	}
}

// readStatement reads one complete statement: lines are added under the
// secondary prompt while the input is incomplete. file is the statement's
// parse when one was made (nil for a line from the editor, a slash
// command, a syntax error).
func (f *frontend) readStatement(prefill string) (stmt string, file *syntax.File, err error) {
	var lines []string
	for {
		p := "> "
		if len(lines) == 0 {
			p = f.promptString()
		}
		f.toggled = false
		f.typed = lines
		f.tty.setOwner(ownerReadline)
		line, err := f.ed.ReadLine(p, prefill)
		prefill = ""
		f.tty.setOwner(ownerNone)
		if err == lineedit.ErrInterrupt {
			return "", nil, err
		}
		if err == io.EOF {
			if len(lines) > 0 {
				fmt.Fprintln(f.errw, "guardsh: unexpected end of input")
				return "", nil, lineedit.ErrInterrupt
			}
			return "", nil, io.EOF
		}
		if err != nil {
			return "", nil, err
		}
		lines = append(lines, line)
		full := strings.Join(lines, "\n")
		if f.editNext {
			f.editNext = false
			edited, err := f.editInEditor(full)
			if err != nil {
				fmt.Fprintf(f.errw, "guardsh: %v\n", err)
				return "", nil, lineedit.ErrInterrupt
			}
			// Shown as it comes back: this is the line checked.
			fmt.Fprintln(f.out, edited)
			return edited, nil, nil
		}
		if len(lines) == 1 && strings.TrimSpace(full) == "" {
			return "", nil, nil
		}
		if _, _, ok := ParseSlash(full); ok && len(lines) == 1 {
			return full, nil, nil
		}
		if p := f.pre; p != nil && p.line == full {
			// Parsed while it was typed (see preclass).
			return full, p.file, nil
		}
		if file, incomplete := parseStatement(full); !incomplete {
			return full, file, nil
		}
	}
}

// Incomplete reports whether src is a statement that does not end yet: an
// unclosed quote or bracket, a trailing |, && or ||, a backslash at the
// end, a here-document whose end is not there.
func Incomplete(src string) bool {
	_, incomplete := parseStatement(src)
	return incomplete
}

// historyLimit is the line editor's history size: -1 keeps none.
func historyLimit(size int, h *History) int {
	if size < 0 {
		return -1
	}
	return h.Size()
}

// promptString renders the prompt.
func (f *frontend) promptString() string {
	format := f.cfg.PromptFormat
	if p := f.vars["GUARDSH_PROMPT"]; p != "" {
		format = p
	}
	var modes []string
	if f.auto {
		modes = append(modes, "auto")
	}
	if f.dry {
		modes = append(modes, "dry-run")
	}
	if f.cfg.Yes {
		modes = append(modes, "yes")
	}
	u := f.user
	if v := f.vars["USER"]; v != "" {
		u = v
	}
	return FormatPrompt(format, PromptInfo{
		User: u, Host: f.host, Dir: f.dir, Home: f.vars["HOME"],
		Status: f.status, Mode: modes, Root: os.Geteuid() == 0, Color: f.cfg.Style.Color,
	})
}

// completionState is what the completer needs.
func (f *frontend) completionState() CompletionState {
	names := make([]string, 0, len(f.names))
	for n := range f.names {
		names = append(names, n)
	}
	if f.exe != nil && f.exe.bash != nil {
		names = append(names, f.exe.bash.defs.Load().names()...)
	}
	vars := make([]string, 0, len(f.vars))
	for v := range f.vars {
		vars = append(vars, v)
	}
	return CompletionState{Dir: f.dir, Path: f.vars["PATH"], Home: f.vars["HOME"], Names: names, Vars: vars}
}

// ensureReady waits for the executor to be up, starting a new one if it
// died; false means none can be started.
func (f *frontend) ensureReady() bool {
	if f.exe.ready != nil {
		return true
	}
	err := f.ready()
	if errors.Is(err, errExecutorGone) {
		err = f.restartExecutor()
	}
	if err != nil {
		if !errors.Is(err, errQuit) {
			fmt.Fprintf(f.errw, "guardsh: %v\n", err)
		}
		return false
	}
	return true
}

// classify classifies a line with the executor's state. The front end
// classifies: no verdict it shows or acts on comes from the executor.
// *file is the line's parse, or nil: with a checker that classifies a
// parse (ParsedChecker) the line is parsed here, once, and *file is set
// for what else reads it (noteNames).
func (f *frontend) classify(line string, file **syntax.File) (guard.Verdict, error) {
	if !f.ensureReady() {
		return guard.Verdict{}, errExecutorGone
	}
	// The verdict made while the line was typed, when it is the one this
	// would make (see preclass).
	if v, pf, ok := f.takePreclass(line, *file); ok {
		*file = pf
		return v, nil
	}
	return f.verdict(line, file, f.state), nil
}

// verdict classifies line (its parse *file, or nil: see classify) with
// the shell's state as state gives it.
func (f *frontend) verdict(line string, file **syntax.File, state func() guard.State) guard.Verdict {
	pc, ok := f.cfg.Checker.(ParsedChecker)
	if !ok {
		return f.withBashDefs(line, *file, f.cfg.Checker.Classify(line, state()), state)
	}
	if *file == nil {
		if *file, _ = parseBash(line, "", "classify"); *file == nil {
			return f.cfg.Checker.Classify(line, state()) // its parse error
		}
	}
	return f.withBashDefs(line, *file, pc.ClassifyParsed(*file, line, state()), state)
}

// withBashDefs raises v with the functions and aliases the bash executor
// holds that line uses (classifyWithDefs).
func (f *frontend) withBashDefs(line string, file *syntax.File, v guard.Verdict, state func() guard.State) guard.Verdict {
	if f.exe == nil || f.exe.bash == nil {
		return v
	}
	if file == nil {
		file, _ = parseBash(line, "", "classify")
	}
	return classifyWithDefs(f.cfg.Checker, f.exe.bash.defs.Load(), line, file, state(), v)
}

// classifyRetry classifies, restarting a dead executor once.
func (f *frontend) classifyRetry(line string, file **syntax.File) (guard.Verdict, bool) {
	v, err := f.classify(line, file)
	if err == nil {
		return v, true
	}
	if err := f.restartExecutor(); err != nil {
		if !errors.Is(err, errQuit) {
			fmt.Fprintf(f.errw, "guardsh: %v\n", err)
		}
		return v, false
	}
	v, err = f.classify(line, file)
	return v, err == nil
}

// handle decides about one complete line and runs it when approved. It
// returns the line to edit when the answer was e, and the exit status
// when the line ended the shell. file is the line's parse, or nil; rc
// reports a line of an rc file. The
// decision is the one of every mode (decideStep), with the interactive
// shell's rules (lineRules).
func (f *frontend) handle(line string, file *syntax.File, rc bool) (edit string, code int, exited bool) {
	v, ok := f.classifyRetry(line, &file)
	if !ok {
		f.status = 1
		return "", 0, false
	}
	if f.dry {
		prompt.Preview(f.out, v, f.cfg.Style)
		f.previewNote(line, v)
		fmt.Fprintf(f.out, "%s\n", f.dim("dry-run: nothing runs"))
		return "", 0, false
	}
	s := decideStep(v, line, f.lineRules(line, rc), frontAsker{f}.Ask)
	switch s.Decision {
	case Edit:
		return s.Line, 0, false
	case No:
		if !s.Asked {
			prompt.Preview(f.out, v, f.cfg.Style)
		}
		fmt.Fprintln(f.errw, s.Refusal.Error())
		f.audit(v, line, false, s.Refusal.Hint)
		f.status = 126
		return "", 0, false
	}
	if s.noted() && !(rc && s.How == "yes") {
		fmt.Fprintln(f.out, f.dim(prompt.Summary(v)+" ("+s.How+")"))
	}
	if !f.audit(v, line, true, s.How) {
		fmt.Fprintln(f.errw, (&Refusal{Verdict: v, What: line, Hint: HintAudit}).Error())
		f.status = 126
		return "", 0, false
	}
	code, exited = f.runApproved(line, file, v, s.Auto)
	// For completion; after the line, which does not wait for it.
	f.noteNames(line, file)
	return "", code, exited
}

// lineRules are the interactive shell's rules for deciding about line:
// -y first (the front end has no limit of a parent's: main turns -y off
// under one), then auto mode, then the ask setting (an rc file's line is
// asked about as a script's, and its blocked line is refused without a
// question), then the lasting approvals (not for rc files).
func (f *frontend) lineRules(line string, rc bool) lineRules {
	r := lineRules{policy: policy{asker: frontAsker{f}, yes: f.cfg.Yes}, yesFirst: true, blockedRefused: rc}
	if f.auto {
		r.auto = func(v guard.Verdict) bool { return f.autoSafe(line, v) }
	}
	if !rc {
		r.asking = askAllLines
		if f.cfg.Ask == AskRisky {
			r.asking = askRisky
		}
		r.lasting = f.lastingHow
	}
	return r
}

// frontAsker asks the interactive shell's questions about a whole line
// on the terminal: the preview, then y / n / e (with the answers that
// last, but not about a blocked line). Edit gives back the line itself:
// it is edited at the next prompt.
type frontAsker struct{ f *frontend }

func (a frontAsker) Ask(q Question) (Decision, string, error) {
	f := a.f
	prompt.Preview(f.out, q.Verdict, f.cfg.Style)
	f.previewNote(q.Line, q.Verdict)
	var ans prompt.Answer
	if q.Verdict.Blocked {
		ans = f.question(q.Verdict)
	} else {
		ans = f.questionLasting(q.Verdict)
	}
	switch ans {
	case prompt.Yes:
		return Yes, "", nil
	case prompt.Edit:
		return Edit, q.Line, nil
	}
	return No, "", nil
}

func (f *frontend) autoSafe(line string, v guard.Verdict) bool {
	if f.cfg.AutoSafe != nil {
		return f.cfg.AutoSafe(line)
	}
	return v.Auto
}

// question asks y / n / e about v on the terminal; Ctrl-C is no.
func (f *frontend) question(v guard.Verdict) prompt.Answer {
	f.tty.setOwner(ownerAsk)
	defer f.tty.setOwner(ownerNone)
	a, err := prompt.Ask(ownedReader{f.tty, ownerAsk}, f.out, v, f.cfg.Style)
	if err != nil {
		return prompt.No
	}
	return a
}

func (f *frontend) dim(s string) string {
	if !f.cfg.Style.Color {
		return s
	}
	return "\x1b[2m" + s + "\x1b[0m"
}

// noteNames remembers the functions and aliases a line defines, for
// completion; file is its parse, or nil.
func (f *frontend) noteNames(line string, file *syntax.File) {
	if file == nil {
		var err error
		if file, err = parseBash(line, "", "names"); err != nil {
			return
		}
	}
	syntax.Walk(file, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.FuncDecl:
			f.names[n.Name.Value] = true
		case *syntax.CallExpr:
			if len(n.Args) > 1 && n.Args[0].Lit() == "alias" {
				for _, w := range n.Args[1:] {
					if name, _, ok := strings.Cut(w.Lit(), "="); ok && name != "" {
						f.names[name] = true
					}
				}
			}
		}
		return true
	})
}

// rcFiles lists the rc files an interactive shell reads: ~/.profile for a
// login shell, then ~/.guardshrc.
func (f *frontend) rcFiles() []string {
	home := f.cfg.Home
	if home == "" {
		home = f.vars["HOME"]
	}
	if home == "" {
		return nil
	}
	var files []string
	if f.cfg.Login {
		files = append(files, filepath.Join(home, ".profile"))
	}
	if f.cfg.NoRC {
		return files
	}
	return append(files, filepath.Join(home, ".guardshrc"))
}

func (f *frontend) hasRCFiles() bool {
	for _, p := range f.rcFiles() {
		if _, err := os.Stat(p); err == nil {
			return true
		}
	}
	return false
}

// maxRCBytes bounds an rc file: a larger one is an error.
const maxRCBytes = 1 << 20

// runRCFiles runs the rc files, each statement checked like a script's.
// One that is not a regular file (a FIFO would hang the start) or is too
// large is reported and skipped.
func (f *frontend) runRCFiles() (int, bool) {
	for _, path := range f.rcFiles() {
		src, err := regfile.Read(path, maxRCBytes)
		if err != nil {
			if !errors.Is(err, fs.ErrNotExist) {
				fmt.Fprintf(f.errw, "guardsh: %v (nothing of it runs)\n", err)
			}
			continue
		}
		for _, stmt := range splitStatements(path, string(src), f.errw) {
			if _, code, exited := f.handle(stmt, nil, true); exited {
				return code, true
			}
		}
	}
	return 0, false
}

// splitStatements returns the top-level statements of a file as source
// text, so that each is checked on its own.
func splitStatements(name, src string, errw io.Writer) []string {
	file, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(src), name)
	if err != nil {
		fmt.Fprintf(errw, "guardsh: %v (nothing of it runs)\n", err)
		return nil
	}
	pr := syntax.NewPrinter()
	var out []string
	for _, st := range file.Stmts {
		var b strings.Builder
		if err := pr.Print(&b, st); err != nil {
			continue
		}
		out = append(out, b.String())
	}
	return out
}

func envOf(env []string, name string) string {
	v, _ := lookupEnv(env, name)
	return v
}

func lookupEnv(env []string, name string) (string, bool) {
	for i := len(env) - 1; i >= 0; i-- {
		if v, ok := strings.CutPrefix(env[i], name+"="); ok {
			return v, true
		}
	}
	return "", false
}

// audit reports a decision about a line to the configured audit log.
func (f *frontend) audit(v guard.Verdict, line string, run bool, how string) bool {
	if f.cfg.Audit == nil && f.cfg.AuditRequired == nil {
		return true
	}
	rec := NewAuditRecord(v, line, run, how)
	rec.Dir = f.dir
	if f.cfg.AuditRequired == nil {
		// Written once the line is done or has run a while (see
		// laterWrites).
		f.later.add(func() error { f.cfg.Audit(rec); return nil })
		return true
	}
	if f.cfg.Audit != nil {
		f.cfg.Audit(rec)
	}
	return f.cfg.AuditRequired(rec) == nil
}

// settle waits for the history and audit writes of the lines so far and
// says what failed.
func (f *frontend) settle() {
	for _, err := range f.later.wait() {
		fmt.Fprintf(f.errw, "guardsh: %v\n", err)
	}
}
