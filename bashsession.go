package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"

	"golang.org/x/sys/unix"
	"mvdan.cc/sh/v3/syntax"

	"guardsh/guard"
	"guardsh/shell"
	"guardsh/shell/supervise"
)

// A session on a pipe in bash: one long-lived bash, under the supervisor,
// runs the session's commands one at a time, so that its state (the
// directory, variables, functions, options, jobs) is bash's own and
// carries over. guardsh reads stdin as bash would (runSession's reader, a
// byte at a time: what a command reads from stdin is not taken from it),
// decides each complete command as it arrives, and hands bash the approved
// command on a socket (descriptor 4); bash runs it at its top level
// (eval, with the socket and the report socket closed for the command and
// what it starts) and reports on descriptor 5 the status, the directory,
// $$, the positional parameters, its variables (declare -p), its
// functions (declare -f) and its aliases (alias -p), which the decision
// of the next command is made with (Runner.SetOutsideState): a function
// or an alias an earlier command defined, or a file it sourced, is
// classified where the next command calls it (bashsession_defs.go).
// Only then does guardsh read the next command from stdin. A refused
// command is not sent: bash is told to take 126 as its status. The
// report only informs the static check; what bash runs is enforced by
// the supervisor, whatever the report says.

// Descriptors of the session's bash: the prelude (bashprelude.go), the
// commands, the reports.
const (
	sessionCmdFD    = 4
	sessionReportFD = 5
)

// sessionDriver is the loop the session's bash runs. Bash starts with
// -x off and __guardsh_x set when -x was asked for (the %s): its own
// commands run with -x off (or their trace goes to a closed descriptor)
// and the command's with it as the last command left it (under -x, the
// trace shows each command as an eval of it); $? at the start of a
// command is the last one's status.
//
// It turns enable off first, as the interactive bash executor does
// (shell.bashSetup): a builtin a command disabled would let a function of
// its name run in the loop.
//
// After each command it removes the functions named as the builtins it
// runs (sessionBuiltins, the second %s: shell.BashUnshadow, which also
// saves $? in __guardsh_s): one the command defined would otherwise run
// in the driver's loop, between commands, where nothing classifies it (a
// read that hands bash code of its own).
const sessionDriver = `enable -n enable; __guardsh_s=0 __guardsh_x=%s
while IFS= read -r -d '' __guardsh_p <&4 && IFS= read -r -d '' __guardsh_l <&4; do
	case $__guardsh_p in
	C*)
		GUARDSH_PARENT=${__guardsh_p#C}
		${__guardsh_x:+set -x}
		if { [ "$__guardsh_s" = 0 ] || (exit "$__guardsh_s"); } 2>&-; then
			eval "$__guardsh_l"
		else
			eval "$__guardsh_l"
		fi 4<&- 5>&-
		{
			%s
			case $- in *x*) __guardsh_x=1; set +x;; *) __guardsh_x=;; esac
		} 2>&-
		;;
	S*) __guardsh_s=${__guardsh_p#S} ;;
	*) __guardsh_s=126 ;;
	esac
	{ printf '%%s\0' "$__guardsh_s" "$PWD" "$$" "$#" "$@"; declare -p; printf '\0'; declare -f; printf '\0'; alias -p; printf '\0'; } >&5 2>&-
done
exit "$__guardsh_s"
`

// sessionBuiltins are the builtins sessionDriver runs.
var sessionBuiltins = []string{"read", "printf", "declare", "alias", "eval", "builtin", "set", "unset", "export", "test", "[", "exit"}

// sessionUnshadow is sessionDriver's removal of functions named as
// sessionBuiltins, indented as the driver's block.
// Made when first needed, not at every start of guardsh.
var sessionUnshadow = sync.OnceValue(func() string {
	return strings.ReplaceAll(strings.TrimSuffix(shell.BashUnshadow("__guardsh_", sessionBuiltins, false, ""), "\n"), "\n", "\n\t\t\t")
})

// sessionDecider lets the session change the level the supervisor's
// decisions are made at as each command is approved.
// A process a command left running is decided at that command's level
// (sessionlevel.go).
type sessionDecider struct {
	mu     sync.Mutex
	d      *decider
	levels levels
}

func (s *sessionDecider) Decide(ev *supervise.Event) supervise.Verdict {
	s.mu.Lock()
	defer s.mu.Unlock()
	if level, ok := s.levels.level(ev.Pid, s.d.bashPid); ok && level != s.d.approved {
		now := s.d.approved
		s.d.approved = level
		defer func() { s.d.approved = now }()
	}
	return s.d.Decide(ev)
}

func (s *sessionDecider) setApproved(level guard.Level) {
	s.mu.Lock()
	s.levels.next(level, s.d.bashPid)
	s.d.approved = level
	s.d.emptied = emptied{} // each command starts with nothing emptied
	s.mu.Unlock()
}

// sendFunc hands bash one record (kind "C" and GUARDSH_PARENT's value
// with a command to run; "R": the last command was refused) and reads its
// report; false when bash is gone.
type sendFunc func(kind, line string) (bashReport, bool)

// runBashSession starts the long-lived bash at path bash (bashReady found
// it) with standard input in, under the supervisor, and has loop hand it
// commands; loop returns -1 (bash's status is the exit status) or the
// status to exit with. With --cwd-fd, bash's last directory is written
// there at the end.
func runBashSession(b bashRun, bash string, in io.Reader, loop func(*sessionDecider, sendFunc) int) int {
	userEnv := os.Environ()
	env := bashEnv(userEnv)
	prelude := bashPrelude(b.o, b.r, userEnv, b.stderr)
	base := inheritedEnv(env, userEnv)
	env = setEnv(env, parentVar, b.settings.childVar(b.o.yes)(guard.Safe))
	o := b.o
	extra := make([]*os.File, 3)
	f, env, err := withPrelude(prelude, env, &o)
	if err != nil {
		fmt.Fprintf(b.stderr, "guardsh: %v\n", err)
		return 126
	}
	if f != nil {
		defer f.Close()
		extra[0] = f
	}
	cmdOurs, cmdTheirs, err := socketPair()
	if err != nil {
		fmt.Fprintf(b.stderr, "guardsh: %v\n", err)
		return 126
	}
	defer cmdOurs.Close()
	repOurs, repTheirs, err := socketPair()
	if err != nil {
		cmdTheirs.Close()
		fmt.Fprintf(b.stderr, "guardsh: %v\n", err)
		return 126
	}
	defer repOurs.Close()
	extra[sessionCmdFD-3], extra[sessionReportFD-3] = cmdTheirs, repTheirs

	trace := ""
	if xtrace(o.shellOpts) {
		trace = "1"
	}
	o.shellOpts = append(slices.Clone(o.shellOpts), "+x")
	cmd := exec.Command(bash, bashArgs(o, fmt.Sprintf(sessionDriver, trace, sessionUnshadow()), b.name, b.params)...)
	cmd.Env, cmd.ExtraFiles = env, extra
	cmd.Stdin, cmd.Stdout, cmd.Stderr = in, b.stdout, b.stderr
	b.sigs.wait()
	if b.r.Signaled() != nil {
		cmdTheirs.Close()
		repTheirs.Close()
		return 128 + signalNum(b.r.Signaled())
	}
	home, _ := os.UserHomeDir()
	dec := &sessionDecider{d: newDecider(b.g, b.r, cmd, guard.Safe, base, home)}
	sup, err := supervise.Start(cmd, supervise.Config{Decider: dec, MaxProcs: maxProcs, AllowInitial: true, Notice: noticer(b.stderr)})
	cmdTheirs.Close()
	repTheirs.Close()
	if err != nil {
		fmt.Fprintf(b.stderr, "guardsh: cannot start the supervisor: %v\n", err)
		return 126
	}
	done := b.track(cmd)
	reports := bufio.NewReader(repOurs)
	var vars varCache
	var defs sessionDefs
	var send sendFunc = func(kind, line string) (bashReport, bool) {
		if strings.ContainsRune(kind+line, 0) {
			// A NUL would end the record early, and bash would take
			// the rest for the next one: refused (the session's reader
			// drops them, as bash does).
			fmt.Fprintf(b.stderr, "guardsh: a command holding a NUL byte cannot be handed to bash: refused\n")
			kind, line = "R", ""
		}
		if _, err := fmt.Fprintf(cmdOurs, "%s\x00%s\x00", kind, line); err != nil {
			return bashReport{}, false
		}
		rep, err := readReport(reports)
		if err != nil {
			if !errors.Is(err, io.EOF) {
				// Not bash's report: the session cannot go on knowing
				// what bash is at.
				fmt.Fprintf(b.stderr, "guardsh: the session's bash: %v\n", err)
				cmd.Process.Signal(syscall.SIGTERM)
			}
			return bashReport{}, false
		}
		st := rep.state(vars.of(rep.decl))
		defs.update(rep.funcs, rep.aliases).into(&st)
		b.r.SetOutsideState(st)
		return rep, true
	}
	if fd := b.o.agent.cwdFD; fd > 0 {
		if f := cwdFile(fd); f != nil {
			defer func() {
				io.WriteString(f, b.r.Dir())
				f.Close()
			}()
		}
	}
	// The first report: bash's state before any command.
	status := -1
	if _, ok := send("R", ""); ok {
		status = loop(dec, send)
	}
	cmdOurs.Close() // the end of the commands: bash exits with the last status
	werr := cmd.Wait()
	done()
	sup.Close()
	if s := sup.Stats(); s.LimitHit {
		fmt.Fprintf(b.stderr, "guardsh: stopped a fork bomb: the line reached the process limit of %d\n", maxProcs)
	}
	if status >= 0 {
		return status
	}
	return bashStatus(werr, b.stderr)
}

// sessionLoop reads the session's commands and has bash run each
// approved one (send), until the input ends or bash exits (-1: bash's
// status is the session's), or until a syntax error ends it (2). Each
// command is decided as -c decides its string (Runner.Approve: a line a
// hook approved too, at the hook's level).
func (b bashRun) sessionLoop(in *os.File, dec *sessionDecider, send sendFunc) int {
	exit := -1
	one := func(src string) bool {
		line, level, status := b.r.Approve(src)
		switch {
		case status == 2:
			exit = 2 // a syntax error ends the session, as in bash
			return false
		case status >= 0:
			_, alive := send("R", "") // refused: $? is 126, the session goes on
			return alive && b.r.Signaled() == nil
		}
		if b.settings.runsOutside(b.g.Classify(line, b.r.State())) {
			// A user's sudo: in a bash of its own, outside the
			// supervisor, in the session's directory (bashexec.go).
			st := b.runChangingUser(line, level)
			_, alive := send("S"+strconv.Itoa(st), "")
			return alive && b.r.Signaled() == nil
		}
		dec.setApproved(level)
		_, alive := send("C"+b.settings.childVar(b.o.yes)(level), line)
		return alive && b.r.Signaled() == nil
	}
	rd := &lineReader{f: in, stderr: b.stderr}
	parser := syntax.NewParser(syntax.Variant(syntax.LangBash))
	for stmts, err := range parser.InteractiveSeq(rd) {
		if err != nil {
			fmt.Fprintf(b.stderr, "guardsh: %v\n", err)
			return 2
		}
		if parser.Incomplete() {
			continue
		}
		src := rd.take()
		if len(stmts) == 0 {
			continue
		}
		if !one(src) {
			return exit
		}
	}
	if src := rd.take(); strings.TrimSpace(src) != "" {
		one(src)
	}
	return exit
}

// runChangingUser runs a session's command that changes user (sudo, as a
// user) in a bash of its own outside the supervisor, in the session's
// directory, and returns its status: the session's state does not carry
// into it, nor out of it.
func (b bashRun) runChangingUser(line string, level guard.Level) int {
	bash, err := exec.LookPath("bash")
	if err != nil {
		fmt.Fprintf(b.stderr, "guardsh: %v\n", err)
		return 127
	}
	fmt.Fprintf(b.stderr, "guardsh: %s\n", outsideNote())
	env := setEnv(bashEnv(os.Environ()), parentVar, b.settings.childVar(b.o.yes)(level))
	cmd := exec.Command(bash, bashArgs(b.o, line, b.name, b.params)...)
	cmd.Env, cmd.Dir = env, b.r.Dir()
	cmd.Stdin, cmd.Stdout, cmd.Stderr = b.stdin, b.stdout, b.stderr
	if err := cmd.Start(); err != nil {
		fmt.Fprintf(b.stderr, "guardsh: %v\n", err)
		return 126
	}
	done := b.r.Track(cmd.Process)
	err = cmd.Wait()
	done()
	return bashStatus(err, b.stderr)
}

// oneCommand is the loop of a -c whose last directory an agent follows
// (--cwd-fd): the whole input, decided as -c decides it (decide), is the
// session's one command.
func (b bashRun) oneCommand(dec *sessionDecider, send sendFunc) int {
	line, level, status := b.decide()
	if status >= 0 {
		return status
	}
	dec.setApproved(level)
	send("C"+b.settings.childVar(b.o.yes)(level), line)
	return -1
}

// socketPair returns the two ends of a stream socket pair, close-on-exec
// (the child's end is passed with ExtraFiles). A socket, unlike a pipe,
// cannot be opened again through /proc/PID/fd.
func socketPair() (ours, theirs *os.File, err error) {
	fds, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_STREAM|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		return nil, nil, fmt.Errorf("a socket for bash: %w", err)
	}
	return os.NewFile(uintptr(fds[0]), "bash-session"), os.NewFile(uintptr(fds[1]), "bash-session"), nil
}

// noticer prints what the supervisor did on its own: a fork bomb stopped
// (once), a call refused because its arguments could not be read.
func noticer(stderr io.Writer) func(supervise.Notice) {
	var mu sync.Mutex
	said := false
	return func(n supervise.Notice) {
		if n.Syscall == "fork" {
			mu.Lock()
			defer mu.Unlock()
			if !said {
				said = true
				fmt.Fprintf(stderr, "guardsh: stopped a fork bomb: %s\n", n.Message)
			}
			return
		}
		fmt.Fprintf(stderr, "guardsh: supervisor: pid %d, %s: %s\n", n.Pid, n.Syscall, n.Message)
	}
}
