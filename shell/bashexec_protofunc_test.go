package shell

import (
	"regexp"
	"testing"
)

// TestBashExecutorProtocolFunctions: a function named as a builtin the
// report code calls (read, printf, ...) is the line's code, never run
// outside a line: it would run after every line, between the mark and
// the report, unclassified. The report code removes it, and says so.
func TestBashExecutorProtocolFunctions(t *testing.T) {
	for _, name := range []string{"read", "printf", "declare", "alias", "builtin", "shopt", "unset", "export", "eval"} {
		t.Run(name, func(t *testing.T) {
			s := startBashShell(t)
			s.line(name + `() { echo "ran-unasked-$$" >/dev/tty; }`)
			s.expect(`removed the function\(s\) ` + name + `: they hid builtins`)
			s.prompt("")
			s.line("echo next-line")
			s.expect(`\r\nnext-line\r\n`)
			s.prompt("")
			if out := s.output(); regexp.MustCompile(`ran-unasked-[0-9]`).MatchString(out) {
				t.Errorf("a function %s ran after the line, unclassified:\n%q", name, out)
			}
		})
	}
}

// TestBashExecutorProtocolAliases: an alias named as a builtin or a
// reserved word the protocol's code uses is not expanded in it, and the
// shell's own aliases still work.
func TestBashExecutorProtocolAliases(t *testing.T) {
	s := startBashShell(t)
	for _, a := range []string{"printf", "read", "declare", "{", "[[", "if", "eval"} {
		s.line(`alias '` + a + `'='echo ran-unasked-alias-$$; '`)
		s.prompt("")
	}
	s.line("alias hi='echo hi-alias'")
	s.prompt("")
	s.line("hi; echo next-line")
	s.expect(`\r\nhi-alias\r\nnext-line\r\n`)
	s.prompt("")
	if out := s.output(); regexp.MustCompile(`ran-unasked-alias-[0-9]`).MatchString(out) {
		t.Errorf("an alias ran in the protocol's code:\n%q", out)
	}
}

// TestBashExecutorProtocolPosix: the report code's POSIX mode is not the
// shell's: set -o posix and POSIXLY_CORRECT stay as the lines left them.
func TestBashExecutorProtocolPosix(t *testing.T) {
	s := startBashShell(t)
	s.line(`[[ $SHELLOPTS == *posix* ]] && echo on-1 || echo off-1`)
	s.expect(`\r\noff-1\r\n`)
	s.prompt("")
	s.line("set -o posix")
	s.prompt("")
	s.line(`[[ $SHELLOPTS == *posix* ]] && echo on-2 || echo off-2; echo "[${POSIXLY_CORRECT-unset}]"`)
	s.expect(`\r\non-2\r\n\[y\]\r\n`) // bash sets it with the option
	s.prompt("")
	s.line("set +o posix; POSIXLY_CORRECT=kept")
	s.prompt("")
	s.line(`[[ $SHELLOPTS == *posix* ]] && echo on-3 || echo off-3; echo "[$POSIXLY_CORRECT]"`)
	s.expect(`\r\non-3\r\n\[kept\]\r\n`)
	s.prompt("")
	s.line("unset POSIXLY_CORRECT")
	s.prompt("")
	s.line(`[[ $SHELLOPTS == *posix* ]] && echo on-4 || echo off-4; echo "[${POSIXLY_CORRECT-unset}]"`)
	s.expect(`\r\noff-4\r\n\[unset\]\r\n`)
	s.prompt("")
}

// TestBashExecutorProtocolReadonlyFunction: a function named as a builtin
// the report code calls that cannot be removed (readonly -f) never runs
// in that code: bash exits, and the shell starts a new one and says so.
func TestBashExecutorProtocolReadonlyFunction(t *testing.T) {
	for _, name := range []string{"printf", "declare"} {
		t.Run(name, func(t *testing.T) {
			s := startBashShell(t)
			s.line(name + `() { echo "ran-unasked-$$" >/dev/tty; }; readonly -f ` + name)
			s.expect(`the executor was stopped: .*could not be removed \(readonly -f\)`)
			s.prompt("1")
			s.line("echo next-line")
			s.expect(`\r\nnext-line\r\n`)
			s.prompt("")
			if out := s.output(); regexp.MustCompile(`ran-unasked-[0-9]`).MatchString(out) {
				t.Errorf("a read-only function %s ran after the line, unclassified:\n%q", name, out)
			}
		})
	}
}

// TestBashExecutorProtocolEnable: enable is off in the bash executor: a
// builtin the report code runs cannot be disabled so that a function of
// its name runs there instead.
func TestBashExecutorProtocolEnable(t *testing.T) {
	s := startBashShell(t)
	s.line(`enable -n unset; unset() { echo "ran-unasked-$$" >/dev/tty; }`)
	s.expect(`enable: not found|command not found`)
	s.prompt("")
	s.line("echo next-line")
	s.expect(`\r\nnext-line\r\n`)
	s.prompt("")
	if out := s.output(); regexp.MustCompile(`ran-unasked-[0-9]`).MatchString(out) {
		t.Errorf("a function unset ran after the line, unclassified:\n%q", out)
	}
}
