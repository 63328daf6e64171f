package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"guardsh/guard"
	"guardsh/internal/regfile"
	"guardsh/shell"
)

// bashDefaultPath is the PATH bash gives itself when its environment has
// none (DEFAULT_PATH_VALUE in bash's config-top.h), as a shell variable,
// not exported.
const bashDefaultPath = "/usr/local/bin:/usr/local/sbin:/usr/bin:/usr/sbin:/bin:/sbin:."

// interpBashVersion is $BASH_VERSION in guardsh's interpreter: the bash
// release mvdan.cc/sh v3.14 follows (its tests compare with bash 5.3),
// marked as guardsh's. Scripts that test for bash ([ -n "$BASH_VERSION" ],
// ${BASH_VERSION%%.*} >= 4) take the bash syntax the interpreter parses;
// real bash (executor = "bash") has its own.
const interpBashVersion = "5.3.0(1)-guardsh"

// maxProfileBytes bounds a profile file: a larger one is an error.
const maxProfileBytes = 1 << 20

// startup prepares the interpreter the way bash prepares itself before
// the commands of -c, a script or stdin: bash's default PATH when the
// environment has none, $BASH_VERSION, the -O / +O shell options, and for
// a login shell (-l) the profile files, each statement checked as a
// line of its own is. exited reports that guardsh ends here, with status:
// an option the interpreter does not have (2), or an exit in a profile.
func startup(o options, r *shell.Runner, stderr io.Writer) (status int, exited bool) {
	ctx := context.Background()
	var setup []string
	if _, ok := os.LookupEnv("PATH"); !ok {
		setup = append(setup, "PATH="+shellQuote(bashDefaultPath))
	}
	setup = append(setup, "BASH_VERSION="+shellQuote(interpBashVersion))
	// Guardsh's own lines, not the user's: nothing to decide, and not
	// traced under -x (bash traces none of its setting up).
	run := func(line string) (int, error) { return r.RunApproved(ctx, line, guard.Safe) }
	trace := xtrace(o.shellOpts)
	if trace {
		run("{ set +x; } 2>/dev/null")
	}
	for _, line := range setup {
		if st, err := run(line); err != nil || st != 0 {
			fmt.Fprintf(stderr, "guardsh: setting up the shell: %v\n", err)
			return 2, true
		}
	}
	for i := 0; i+1 < len(o.shopts); i += 2 {
		flag, name := o.shopts[i], o.shopts[i+1]
		set := "-s"
		if flag == "+O" {
			set = "-u"
		}
		if st, err := run("shopt " + set + " " + name + " 2>/dev/null"); err != nil || st != 0 {
			fmt.Fprintf(stderr, "guardsh: %s %s: the interpreter has no shell option %s (bash's invalid shell option name); with executor = \"bash\" bash takes it\n", flag, name, name)
			return 2, true
		}
	}
	if trace {
		run("set -x")
	}
	if !o.login || o.noProfile {
		return 0, false
	}
	for _, path := range loginProfiles() {
		if st, exited := runProfile(r, path, stderr); exited {
			return st, true
		}
	}
	return 0, false
}

// loginProfiles are the files a login bash reads before its commands:
// /etc/profile, then the first of ~/.bash_profile, ~/.bash_login and
// ~/.profile that exists.
func loginProfiles() []string {
	files := []string{"/etc/profile"}
	home := os.Getenv("HOME")
	if home == "" {
		return files
	}
	for _, name := range []string{".bash_profile", ".bash_login", ".profile"} {
		p := filepath.Join(home, name)
		if _, err := os.Stat(p); err == nil {
			return append(files, p)
		}
	}
	return files
}

// runProfile runs one profile file a statement at a time, each decided
// and checked as a line of -c is (a refused statement prints its line and
// the rest goes on, as in the interactive shell's rc files). A file that
// is not there is skipped; one that is not a regular file, too large or
// does not parse is reported, and nothing of it runs.
func runProfile(r *shell.Runner, path string, stderr io.Writer) (status int, exited bool) {
	for _, st := range startupStatements(path, stderr) {
		line, level, status := r.Approve(st)
		if status >= 0 {
			continue // refused: the message is printed
		}
		status, err := r.RunApproved(context.Background(), line, level)
		if errors.Is(err, context.Canceled) || r.Exited() {
			return status, true
		}
	}
	return 0, false
}

// startupStatements reads a startup file (a profile, $BASH_ENV) and
// returns its statements, each as a line to decide. A file that is not
// there has none; one that is not a regular file, too large or does not
// parse is reported, and has none.
func startupStatements(path string, stderr io.Writer) []string {
	src, err := regfile.Read(path, maxProfileBytes)
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) {
			fmt.Fprintf(stderr, "guardsh: %v (nothing of it runs)\n", err)
		}
		return nil
	}
	file, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(string(src)), path)
	if err != nil {
		fmt.Fprintf(stderr, "guardsh: %v (nothing of it runs)\n", err)
		return nil
	}
	pr := syntax.NewPrinter()
	var stmts []string
	for _, st := range file.Stmts {
		var b strings.Builder
		if pr.Print(&b, st) == nil {
			stmts = append(stmts, b.String())
		}
	}
	return stmts
}

// xtrace reports whether the shell options turn -x on (the last of -x,
// +x, -o xtrace, +o xtrace counts).
func xtrace(opts []string) bool {
	on := false
	for i := 0; i < len(opts); i++ {
		switch o := opts[i]; {
		case o == "-x" || o == "+x":
			on = o[0] == '-'
		case (o == "-o" || o == "+o") && i+1 < len(opts):
			if opts[i+1] == "xtrace" {
				on = o[0] == '-'
			}
			i++
		}
	}
	return on
}

// validOptName reports a word that can be a shopt option's name.
func validOptName(s string) bool {
	return s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyz0123456789_") == ""
}

// shellQuote single-quotes s for the shell.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
