package main

import (
	"io"
	"os"

	"guardsh/guard"
	"guardsh/prompt"
)

// newGuard builds the Guard every mode classifies with. It is the single
// place a Guard is built: the config file and the system policy are applied
// here.
func newGuard(o options) (*guard.Guard, error) {
	w := io.Writer(os.Stderr)
	if o.executor {
		w = io.Discard // the front end has reported the problems
	}
	return guard.New(loadSettings(o, w).opts...)
}

// processState is what guardsh knows of the shell when it classifies a line
// outside a running interpreter (as --check does): the process environment
// and working directory. Positional parameters are unknown.
func processState() guard.State {
	dir, err := os.Getwd()
	if err != nil {
		dir = ""
	}
	return guard.State{Var: os.LookupEnv, Dir: dir}
}

// newStyle returns how output written to w is decorated: colored by level
// on a terminal, NO_COLOR respected. The config's `color` setting (auto,
// always, never) is applied here.
func newStyle(o options, w io.Writer) prompt.Style {
	return prompt.NewStyle(w, loadSettings(o, io.Discard).colorMode())
}
