package shell

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// The bash executor (InteractiveConfig.Bash) is a long-lived interactive
// bash on the pty: `bash --norc --noprofile --noediting -i`, whose
// standard input is the front end's end of a socket pair carrying bash
// code, and whose descriptor 4 is a second socket pair, for its reports,
// and descriptor 5 a third, the bell it rings after each (bashexec_bell.go);
// descriptor 3 is the pty again. The front end writes bashSetup first,
// then for each approved line one line of code that holds the line as a
// quoted string and evals it at the top level of the shell (so declare,
// $@, break and return mean what they mean at bash's prompt), with the
// pty as standard input and the report socket and the bell closed: no program the line
// starts inherits a control descriptor (bash's saved copies are
// close-on-exec), and a socket cannot be reopened through /proc/PID/fd.
// Before bash's next prompt, PROMPT_COMMAND (read-only, the report's
// code itself) writes the output
// mark on the pty and the report on the report socket: the line's id, its
// status and PIPESTATUS, the directory, the positional parameters, and
// `declare -p`, `declare -f` and `alias -p`.

// bashSetup is the first code bash runs: enable off (a builtin a line
// disabled, with enable -n, is not found, and a function of its name
// then runs in guardsh's own code even where special builtins come
// first; enable -f loads native code into bash, where no exec is
// checked), the protocol's descriptors and
// functions, bash's own prompt and history off (the prompt is the front
// end's, and so is history expansion), and the report as PROMPT_COMMAND's
// text (read-only), not a function: `declare -f` would print a
// function's body in every report, a write of the report socket for
// each of its lines.
// It is made when first needed, not at every start of guardsh.
var bashSetup = sync.OnceValue(func() string {
	return `enable -n enable; set +H +o history; unset PS0; PS1= PS2=; export -n PS1 PS2; exec {__gs_w}>&4 4>&- {__gs_t}<&3 3<&- {__gs_b}>&5 5>&-; __gs_params=("$@"); __gs_n=0 __gs_last=-1; __gs_st() { return "$1"; }; declare -r PROMPT_COMMAND=` + singleQuote(bashReportCode()) + "\n"
})

// bashReportCode is the report PROMPT_COMMAND writes after each line.
// Between the mark and the report it waits (up to bashGoWait) for the
// front end's go-ahead, a space on its standard input, which the front
// end writes once the mark, so the line's output, is through its pump
// (bashSide.goAhead): the report (about a hundred writes, the most CPU of
// bash's per line) does not compete with the line's output for a CPU on
// its way to the screen. A go-ahead that comes after the wait (or for a
// line bash dropped) is a space before the next line's code: nothing.
// The ready report (line 0) does not wait.
//
// It starts with bashReportGuard, which writes the mark and waits, and
// ends by turning alias expansion back on when it was.
func bashReportCode() string {
	return bashReportGuard() + `if [[ $__gs_n == "$__gs_last" ]]; then printf 'guardsh-idle\0' >&"$__gs_w"; printf . >&"$__gs_b"; else __gs_last=$__gs_n; if [[ ${__gs_ps[0]-} == "$__gs_n" ]]; then __gs_s=${__gs_ps[1]}; __gs_p=${__gs_ps[*]:2}; else __gs_p=$__gs_s; fi; [[ -z $__gs_sh ]] || printf 'guardsh: removed the function(s)%s: they hid builtins that guardsh runs bash with\n' "$__gs_sh" >&"$__gs_t"; { printf '%s\0' guardsh-report "$__gs_n" "$__gs_s" "$__gs_p" "$PWD" "${#__gs_params[@]}" ${__gs_params[@]+"${__gs_params[@]}"}; declare -p; printf '\0'; declare -f; printf '\0'; alias -p; printf '\0end\0'; } >&"$__gs_w"; printf . >&"$__gs_b"; fi; [[ -z $__gs_ea ]] || shopt -s expand_aliases`
}

// bashMarkCode writes a line's mark on the pty and waits for the
// go-ahead (not after an idle prompt, when no line ran; no wait for the
// ready report): it runs in POSIX mode, with aliases expanded, once the
// functions of the builtins it runs are gone (bashReportGuard), so it
// names only quoted words and no reserved word.
const bashMarkCode = `\builtin test "$__gs_n" = "$__gs_last" || \printf '\e]7777;guardsh-done;%s\a' "$__gs_n" >&"$__gs_t"; \builtin test "$__gs_n" = "$__gs_last" || \builtin test "$__gs_n" = 0 || \read -r -N 1 -t ` + bashGoWait + ` __gs_go || \:`

// bashShadowable are the builtins the protocol's code runs that a
// function could hide: bashReportGuard removes functions of these names.
// (unset, export, set and eval are special builtins, which POSIX mode
// finds before functions, but a function of their name would still hide
// them outside it, where the run header calls eval.)
var bashShadowable = []string{"printf", "read", "declare", "alias", "eval", "builtin", "shopt", "unset", "export", "set"}

// bashMarkBuiltins are the builtins of bashShadowable that bashMarkCode
// runs.
var bashMarkBuiltins = []string{"printf", "read", "builtin"}

// bashReportGuard makes the rest of the report code run the builtins it
// names whatever the line defined (BashUnshadow, saying which functions
// it removed): a function named printf or read would otherwise run after
// every later line, between its mark and its report, where nothing
// classifies it. Then it turns alias expansion off until the report's
// end (an alias named printf, "{" or "[[" would match its code), once
// POSIX mode, which turns alias expansion back on as it ends, is over.
//
// The mark is written, and the go-ahead waited for, once the functions
// of the builtins that takes are gone, before the others are looked for:
// bash's writes of the line's output are carried to the front end by
// the kernel's pty worker, which is woken on bash's CPU and, when the
// other CPU is busy, waits until bash blocks; the whole check (ten
// builtins looked for, POSIX mode left) was between the output and that
// wait. So BashUnshadow's second line is made in two parts, with the
// mark between them: its first and third lines are the same for any
// names.
func bashReportGuard() string {
	var rest []string
	for _, n := range bashShadowable {
		if !slices.Contains(bashMarkBuiltins, n) {
			rest = append(rest, n)
		}
	}
	early := strings.Split(BashUnshadow(bashProtoPrefix, bashMarkBuiltins, true, bashUnshadowFailed), "\n")
	late := strings.Split(BashUnshadow(bashProtoPrefix, rest, true, bashUnshadowFailed), "\n")
	return early[0] + "\n" + early[1] + "\n" + bashMarkCode + "\n" + late[1] + "\n" + early[2] + "\n" +
		`__gs_p= __gs_ea=; \builtin shopt -q expand_aliases && __gs_ea=1; \builtin shopt -u expand_aliases` + "\n"
}

// bashUnshadowFailed is what bash sends before it exits when a function
// hiding a builtin cannot be removed (BashUnshadow): what no report is,
// so that the front end stops it as an executor that sent what it cannot
// take, and says so, rather than end the shell as a line's exit would.
const bashUnshadowFailed = `\trap guardsh-unshadow USR2; \trap -p USR2 >&"$__gs_w"; `

// unshadowFailedMark is how bashUnshadowFailed's text begins.
const unshadowFailedMark = "trap -- 'guardsh-unshadow'"

// bashGoWait is how long, in seconds, bash waits for the go-ahead before
// its report: only a mark that never reaches the front end (a program
// flushed the pty's output) makes it wait this long.
const bashGoWait = "0.5"

// singleQuote quotes s for bash as one word in single quotes.
func singleQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// bashRunHeader runs a line: %d is its id, %s the line as a $'...'
// string (bash reads its input ahead, so the line cannot follow as data).
// It starts with the start message, on the report socket without a bell:
// the front end is not woken while the line starts, and reads it with
// the line's report, or at once when Ctrl-C asks for it (belledReader.look).
const bashRunHeader = `\printf 'guardsh-start\0' >&"$__gs_w"; __gs_n=%d; __gs_line=%s; \eval -- "$__gs_line"$'\n''__gs_ps=("$__gs_n" "$?" "${PIPESTATUS[@]}") __gs_params=("$@")' <&"$__gs_t" {__gs_t}<&- {__gs_b}>&- {__gs_w}>&-` + "\n"

// ansiQuote quotes s as a bash $'...' string: every byte that is not
// printable ASCII, and the quote and backslash, as \xHH.
func ansiQuote(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 3)
	b.WriteString("$'")
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x20 && c < 0x7f && c != '\'' && c != '\\' {
			b.WriteByte(c)
			continue
		}
		fmt.Fprintf(&b, "\\x%02x", c)
	}
	b.WriteString("'")
	return b.String()
}

// bashProtoPrefix names what is the protocol's own in bash: variables and
// functions with it are not the shell's state.
const bashProtoPrefix = "__gs_"

// bashRunInput is what the front end writes to run line id: the header
// with the line, after the code that restores $? and, when the line reads
// it, PIPESTATUS. After a status of 0 nothing restores it: the line
// starts after the header's assignments, whose status is 0 (one function
// call less before its first command).
func bashRunInput(id uint64, line string, status int, pipe []int) (string, error) {
	if strings.IndexByte(line, 0) >= 0 {
		return "", errors.New("the line holds a NUL byte, which bash cannot hold")
	}
	pre := ""
	if status != 0 {
		pre = "__gs_st " + strconv.Itoa(status) + "\n"
	}
	if len(pipe) > 1 && strings.Contains(line, "PIPESTATUS") && pipe[len(pipe)-1] == status {
		// A pipeline of the statuses gives the line the last line's
		// PIPESTATUS (it forks, so only when the line reads it).
		parts := make([]string, len(pipe))
		for i, s := range pipe {
			parts[i] = "__gs_st " + strconv.Itoa(s)
		}
		pre = strings.Join(parts, " | ") + "\n"
	}
	return fmt.Sprintf(bashRunHeader, id, ansiQuote(pre+line)), nil
}

// bashReport is one report of the bash executor, as read and checked.
type bashReport struct {
	// Idle reports a prompt after no line: the line sent last was
	// dropped by bash before it began (Ctrl-C while bash read it).
	Idle bool
	// Start reports that bash read the line sent last and runs it.
	Start      bool
	ID         uint64
	Status     int
	PipeStatus []int
	Dir        string
	Params     []string
	Vars       string // declare -p
	Funcs      string // declare -f
	Aliases    string // alias -p
}

// Bounds of a report: what is larger is refused.
const (
	maxBashField  = 64 << 10
	maxBashParams = 1 << 16
)

// readBashReport reads one report and checks its form: every field
// there, numbers that are numbers, an absolute directory (whether it
// answers what the front end asked, replyCheck checks). An error means
// the report is not one, and the executor is stopped.
func readBashReport(r *bufio.Reader) (bashReport, error) {
	var rep bashReport
	total := 0
	field := func(max int) (string, error) {
		s, err := readNul(r, max)
		total += len(s)
		if err == nil && total > maxReply {
			err = errors.New("a report too long")
		}
		return s, err
	}
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s", errBadMessage, fmt.Sprintf(format, args...))
	}
	magic, err := field(64)
	if err != nil {
		return rep, err // io.EOF here: bash closed the socket between reports
	}
	// Past its first field, a report that ends is cut short.
	field0 := field
	field = func(max int) (string, error) {
		s, err := field0(max)
		if errors.Is(err, io.EOF) {
			err = fmt.Errorf("%w: a report cut short", errBadMessage)
		}
		return s, err
	}
	if magic == "guardsh-idle" || magic == "guardsh-start" {
		rep.Idle, rep.Start = magic == "guardsh-idle", magic == "guardsh-start"
		return rep, nil
	}
	if magic != "guardsh-report" {
		return rep, bad("a report that does not start as one (%q)", magic)
	}
	idText, err := field(32)
	if err != nil {
		return rep, err
	}
	if rep.ID, err = strconv.ParseUint(idText, 10, 64); err != nil {
		return rep, bad("a report with id %q", idText)
	}
	st, err := field(16)
	if err != nil {
		return rep, err
	}
	if rep.Status, err = strconv.Atoi(st); err != nil || rep.Status < 0 || rep.Status > 255 {
		return rep, bad("exit status %q", st)
	}
	ps, err := field(maxBashField)
	if err != nil {
		return rep, err
	}
	for _, w := range strings.Fields(ps) {
		n, err := strconv.Atoi(w)
		if err != nil || n < 0 || n > 255 {
			return rep, bad("PIPESTATUS %q", ps)
		}
		rep.PipeStatus = append(rep.PipeStatus, n)
	}
	if rep.Dir, err = field(maxBashField); err != nil {
		return rep, err
	}
	if !filepath.IsAbs(rep.Dir) {
		return rep, bad("a directory that is not absolute (%q)", rep.Dir)
	}
	np, err := field(16)
	if err != nil {
		return rep, err
	}
	n, err := strconv.Atoi(np)
	if err != nil || n < 0 || n > maxBashParams {
		return rep, bad("%q positional parameters", np)
	}
	rep.Params = make([]string, 0, n)
	for i := 0; i < n; i++ {
		p, err := field(maxReply)
		if err != nil {
			return rep, err
		}
		rep.Params = append(rep.Params, p)
	}
	for _, dst := range []*string{&rep.Vars, &rep.Funcs, &rep.Aliases} {
		if *dst, err = field(maxReply); err != nil {
			return rep, err
		}
	}
	end, err := field(8)
	if err != nil {
		return rep, err
	}
	if end != "end" {
		return rep, bad("a report that does not end as one")
	}
	return rep, nil
}

// readNul reads up to a NUL, which it drops; a field longer than max is
// an error.
func readNul(r *bufio.Reader, max int) (string, error) {
	var b strings.Builder
	for {
		frag, err := r.ReadSlice(0)
		if b.Len()+len(frag) > max+1 {
			return "", fmt.Errorf("%w: a report's field too long", errBadMessage)
		}
		b.Write(frag)
		switch {
		case err == nil:
			s := b.String()
			return s[:len(s)-1], nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case err == io.EOF && strings.HasPrefix(b.String(), unshadowFailedMark):
			return "", fmt.Errorf("%w: a function named as a builtin its protocol runs could not be removed (readonly -f)", errBadMessage)
		case err == io.EOF && b.Len() > 0:
			return "", fmt.Errorf("%w: a report cut short", errBadMessage)
		default:
			return "", err
		}
	}
}
