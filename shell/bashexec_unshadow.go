package shell

import "strings"

// BashUnshadow returns bash code that makes the code after it run bash's
// own builtins names, whatever the code before it defined: it removes
// the functions of those names (one a line or a session's command
// defined would otherwise run in guardsh's own code, where nothing
// classifies it). prefix starts the names of the variables it sets: its
// first command saves $? in prefix+"s". With detect, prefix+"sh" holds
// " NAME" for each function it removed, to say so; detect needs an
// interactive bash (a special builtin that fails in POSIX mode ends a
// non-interactive one). onFail, "" or code ending in "; " that runs only
// special builtins, runs before bash exits when a function cannot be
// removed (a shell that runs bash says why with it).
//
// The code is three lines. In PROMPT_COMMAND, which bash parses a line
// at a time, each line is read with what the one before set; in a loop
// parsed once, the same commands behave the same way as they run:
//
//  1. $? and the POSIX settings are saved, and POSIX mode is entered by
//     an assignment to POSIXLY_CORRECT (no command, so nothing a line
//     defined can stand in for it): in POSIX mode the special builtins
//     (unset, export) are found before any function.
//  2. With detect, which of names are functions (export -f fails for a
//     name that is not one; its complaint goes nowhere: 2>&- closes its
//     standard error); then those functions are removed. Command names
//     are quoted, which no alias matches. When one cannot be (a
//     read-only function), bash exits with status 125: nothing of it
//     runs in guardsh's code.
//  3. POSIX mode back to what it was (set -o posix sets POSIXLY_CORRECT
//     too, as bash does), with builtin now bash's own, and no reserved
//     word, which an alias could match.
//
// What it leaves: a trap on DEBUG runs before each of these commands, as
// before every command of the shell (the line that set it was
// classified, its code with it), and a read-only POSIXLY_CORRECT keeps
// POSIX mode from being entered by the assignment (line 2 then runs
// unset as a function of that name, if one was defined).
func BashUnshadow(prefix string, names []string, detect bool, onFail string) string {
	v := func(s string) string { return prefix + s }
	var b strings.Builder
	b.WriteString(v("s") + "=$? " + v("sh") + "= " + v("po") + "=$SHELLOPTS " + v("pv") + "=${POSIXLY_CORRECT-} " + v("pb") + "=${POSIXLY_CORRECT+1} POSIXLY_CORRECT=y\n")
	if detect {
		for _, n := range names {
			b.WriteString(`\export -f ` + n + ` 2>&- && ` + v("sh") + `+=" ` + n + `"; `)
		}
	}
	// A function that cannot be removed (readonly -f) would run here,
	// unclassified, after every later line: bash exits instead (exit is
	// and eval are special builtins, found before any function in POSIX
	// mode; exit said twice, since the first only warns when jobs are
	// stopped), and the shell that runs it starts a new one.
	b.WriteString(`\unset -f ` + strings.Join(names, " ") + ` || \eval ` + singleQuote(onFail+`\exit 125; \exit 125`) + "\n")
	b.WriteString(v("pt") + "=:$" + v("po") + `:; \builtin test -n "$` + v("pb") + `" && POSIXLY_CORRECT=$` + v("pv") + ` || \unset POSIXLY_CORRECT; \builtin test "${` + v("pt") + `#*:posix:}" = "$` + v("pt") + `" || \builtin set -o posix` + "\n")
	return b.String()
}
