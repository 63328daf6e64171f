package main

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"golang.org/x/sys/unix"

	"guardsh/shell"
)

// The startup files real bash would read before the line (with -l the
// profiles, /etc/profile and ~/.profile or ~/.bash_profile; and the file
// $BASH_ENV names) are read by guardsh instead, each statement decided as
// a line of its own, as the interpreter does (startup.go): a refused
// statement prints its refusal and is left out. What was approved is the
// prelude, which bash runs before the line from a descriptor guardsh
// hands it as $BASH_ENV (bash runs that file before -c's string, after
// its options are set): bash never reads the files themselves, so what
// runs is what was checked. The prelude begins by giving $BASH_ENV back
// its value, closing its descriptor and, for --posix, turning POSIX mode
// on (bash reads no $BASH_ENV in it).

// preludeFD is the descriptor bash reads the prelude from: the first of
// cmd.ExtraFiles.
const preludeFD = 3

// bashPrelude returns the prelude for the options and the environment
// env (guardsh's own), "" when bash needs none: no -l, or --noprofile,
// and no $BASH_ENV.
func bashPrelude(o options, r *shell.Runner, env []string, stderr io.Writer) string {
	bashEnvValue, hasBashEnv := lookupEnv(env, "BASH_ENV")
	var files []string
	if o.login && !o.noProfile {
		files = loginProfiles()
	}
	if hasBashEnv && bashEnvValue != "" && !o.posix {
		files = append(files, bashEnvValue)
	}
	if len(files) == 0 && !hasBashEnv {
		return ""
	}
	// guardsh's own lines first (bash read the whole file already), not
	// traced under -x: $BASH_ENV as it was, so that a bash the startup
	// files start does not read the prelude again, and its descriptor
	// closed.
	var b strings.Builder
	b.WriteString("{ ")
	if hasBashEnv {
		b.WriteString("BASH_ENV=" + shellQuote(bashEnvValue) + "; ")
	} else {
		b.WriteString("unset BASH_ENV; ")
	}
	fmt.Fprintf(&b, "exec %d<&-; ", preludeFD)
	if o.posix {
		b.WriteString("set -o posix; ")
	}
	b.WriteString("} 2>&-\n")
	for _, f := range files {
		for _, st := range startupStatements(f, stderr) {
			if line, _, status := r.Approve(st); status < 0 {
				b.WriteString(line)
				b.WriteByte('\n')
				// What it defines is known to the line (bash runs the
				// prelude before it).
				r.NoteDefs(line)
			}
		}
	}
	return b.String()
}

// preludeFile is a file holding the prelude, unlinked (a memfd): what
// bash reads is what guardsh wrote.
func preludeFile(text string) (*os.File, error) {
	fd, err := unix.MemfdCreate("guardsh-prelude", unix.MFD_CLOEXEC)
	if err != nil {
		return nil, fmt.Errorf("the startup files: %w", err)
	}
	f := os.NewFile(uintptr(fd), "guardsh-prelude")
	if _, err := io.WriteString(f, text); err != nil {
		f.Close()
		return nil, fmt.Errorf("the startup files: %w", err)
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		f.Close()
		return nil, fmt.Errorf("the startup files: %w", err)
	}
	return f, nil
}

// inheritedEnv is what a supervised tree inherits from guardsh, which is
// not the line's doing (decider.lineEnv): env, the environment bash gets,
// with the user's $BASH_ENV that the prelude gives back.
func inheritedEnv(env, userEnv []string) []string {
	base := slices.Clone(env)
	if v, ok := lookupEnv(userEnv, "BASH_ENV"); ok {
		base = setEnv(base, "BASH_ENV", v)
	}
	return base
}

// withPrelude hands bash the approved prelude (none when it is ""): the
// file it is read from, to pass as descriptor preludeFD, and env with
// $BASH_ENV naming it. POSIX mode is turned on by the prelude, not by
// bash's option: bash reads no $BASH_ENV in POSIX mode.
func withPrelude(prelude string, env []string, o *options) (*os.File, []string, error) {
	if prelude == "" {
		return nil, env, nil
	}
	f, err := preludeFile(prelude)
	if err != nil {
		return nil, env, err
	}
	o.posix = false
	return f, setEnv(env, "BASH_ENV", fmt.Sprintf("/dev/fd/%d", preludeFD)), nil
}

// lookupEnv is name's value in env and whether it is set there.
func lookupEnv(env []string, name string) (string, bool) {
	for i := len(env) - 1; i >= 0; i-- {
		if v, ok := strings.CutPrefix(env[i], name+"="); ok {
			return v, true
		}
	}
	return "", false
}
