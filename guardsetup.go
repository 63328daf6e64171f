package main

import (
	"io"
	"os"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/syntax"

	"guardsh/allowlist"

	"guardsh/guard"
	"guardsh/prompt"
	"guardsh/shell"
)

// guardFrom builds the Guard of settings already loaded: it is the single
// place a Guard is built. withAuto builds
// the allowlist too, so that verdicts say whether auto mode would run a
// line; a plain `guardsh -c` does not need it and starts faster without.
func guardFrom(st settings, withAuto bool) (*guard.Guard, error) {
	if !withAuto {
		if st.built != nil {
			return st.built, nil
		}
		return guard.New(st.opts...)
	}
	// The list is made the first time a line is safe enough to ask it.
	list := sync.OnceValue(func() *allowlist.List { return allowlist.New(allowSpecs(st.cfg.Allow)...) })
	opts := append(st.opts[:len(st.opts):len(st.opts)], guard.WithAuto(func(f *syntax.File) bool {
		ok, _ := list().Check(f)
		return ok
	}))
	return guard.New(opts...)
}

// allowSpecs turns the config's [[allow]] entries into allowlist specs: a
// flag "-x" or "--name" is allowed; written "-x=" or "--name=" it takes a
// value.
func allowSpecs(entries []guard.AllowEntry) []allowlist.Spec {
	var specs []allowlist.Spec
	for _, e := range entries {
		sp := allowlist.Spec{Name: e.Command}
		for _, f := range e.Flags {
			val := strings.HasSuffix(f, "=")
			f = strings.TrimSuffix(f, "=")
			switch {
			case strings.HasPrefix(f, "--"):
				if val {
					sp.Long = append(sp.Long, f[2:]+"=")
				} else {
					sp.Long = append(sp.Long, f[2:])
				}
			case strings.HasPrefix(f, "-") && len(f) == 2:
				sp.Short += f[1:]
				if val {
					sp.Short += ":"
				}
			}
		}
		specs = append(specs, sp)
	}
	return specs
}

// processState is what guardsh knows of the shell when it classifies a line
// outside a running interpreter (as --check does): the process environment
// and working directory. Positional parameters are unknown.
func processState() guard.State {
	dir, err := os.Getwd()
	if err != nil {
		dir = ""
	}
	return guard.State{Var: os.LookupEnv, Dir: dir, Exists: shell.Exists}
}

// newStyle returns how output written to w is decorated: colored by level
// on a terminal, NO_COLOR respected, with the config's `color` setting
// (auto, always, never) from settings already loaded.
func newStyle(st settings, w io.Writer) prompt.Style {
	return prompt.NewStyle(w, st.colorMode())
}
