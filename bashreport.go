package main

import (
	"bufio"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"guardsh/guard"
	"guardsh/shell"
)

// The report a session's bash writes after each command (bashsession.go)
// and what the check of the next command learns from it.

// bashReport is what the session's bash says after each command.
type bashReport struct {
	status int
	dir    string
	pid    string
	params []string
	// decl is declare -p's text, read into variables only when the
	// check asks for one (vars).
	decl string
}

// varCache reads declare -p's text into variables once for each text:
// the text of the report before is most often the same but for $_,
// PIPESTATUS and the driver's own variables, which change with every
// command and are left out (the driver's own commands set $_).
type varCache struct {
	key  string
	vars func() map[string]string
}

// of returns the variables of declare -p's text, read when first asked.
func (c *varCache) of(text string) func() map[string]string {
	var key strings.Builder
	for line := range strings.Lines(text) {
		if flags, rest, ok := strings.Cut(line, " "); ok && strings.HasPrefix(flags, "declare") {
			if _, decl, ok := strings.Cut(rest, " "); ok && (strings.HasPrefix(decl, "_=") || strings.HasPrefix(decl, "PIPESTATUS=") || strings.HasPrefix(decl, "__guardsh_")) {
				continue
			}
		}
		key.WriteString(line)
	}
	if c.vars == nil || c.key != key.String() {
		c.key = key.String()
		c.vars = sync.OnceValue(func() map[string]string {
			vars := declaredVars(text)
			delete(vars, "_")
			delete(vars, "PIPESTATUS")
			return vars
		})
	}
	return c.vars
}

// state is the report as the guard's state, with its variables.
func (r bashReport) state(vars func() map[string]string) guard.State {
	pid := r.pid
	return guard.State{Dir: r.dir, Params: r.params, ParamsKnown: true, Var: func(name string) (string, bool) {
		if name == "$" {
			return pid, true
		}
		v, ok := vars()[name]
		return v, ok
	}}
}

// readReport reads one report: the status, $PWD, $$, $#, the parameters
// and declare -p's text, each ended by a NUL byte. What does not look as
// bash writes it is an error.
func readReport(rd *bufio.Reader) (bashReport, error) {
	field := func() (string, error) {
		s, err := rd.ReadString(0)
		if err != nil {
			return "", err
		}
		return s[:len(s)-1], nil
	}
	var rep bashReport
	st, err := field()
	if err != nil {
		return rep, err
	}
	if rep.status, err = strconv.Atoi(st); err != nil || rep.status < 0 || rep.status > 255 {
		return rep, fmt.Errorf("bad status %q in bash's report", st)
	}
	if rep.dir, err = field(); err != nil {
		return rep, err
	}
	if !filepath.IsAbs(rep.dir) {
		return rep, fmt.Errorf("bad directory %q in bash's report", rep.dir)
	}
	if rep.pid, err = field(); err != nil {
		return rep, err
	}
	n, err := field()
	if err != nil {
		return rep, err
	}
	count, err := strconv.Atoi(n)
	if err != nil || count < 0 {
		return rep, fmt.Errorf("bad parameter count %q in bash's report", n)
	}
	for range count {
		p, err := field()
		if err != nil {
			return rep, err
		}
		rep.params = append(rep.params, p)
	}
	if rep.decl, err = field(); err != nil {
		return rep, err
	}
	return rep, nil
}

// declaredVars reads declare -p's text: every variable that is set, an
// array as its first element; the driver's own (__guardsh_) left out.
func declaredVars(text string) map[string]string { return shell.DeclaredVars(text, "__guardsh_") }
