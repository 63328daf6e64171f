package main

import (
	"os/exec"
	"strings"
	"testing"
)

// TestLayers checks the house rules about imports with go list: the
// packages that decide (guard and all under it, allowlist, the option
// grammar, the config reader) start no process, open no terminal and run
// no shell code; guard knows no TOML (internal/config reads it); and
// nothing of the module but shell and main runs code; guard/plan imports
// the standard library only; and the rules never import the walker.
func TestLayers(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go is not on PATH")
	}
	list := func(args ...string) map[string][]string {
		t.Helper()
		out, err := exec.Command(gobin, append([]string{"list", "-f", "{{.ImportPath}} {{join .Imports \" \"}}"}, args...)...).Output()
		if err != nil {
			t.Fatalf("go list %v: %v", args, err)
		}
		m := map[string][]string{}
		for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			f := strings.Fields(l)
			m[f[0]] = f[1:]
		}
		return m
	}
	pure := []string{"./guard/...", "./allowlist", "./internal/argv", "./internal/config"}
	// What the pure packages may not import themselves: processes, files,
	// terminals and the shell interpreter.
	direct := []string{"os", "os/exec", "syscall", "github.com/creack/pty", "golang.org/x/term", "golang.org/x/sys/unix",
		"mvdan.cc/sh/v3/interp"}
	for pkg, imps := range list(pure...) {
		for _, imp := range imps {
			for _, bad := range direct {
				if imp == bad {
					t.Errorf("%s imports %s", pkg, imp)
				}
			}
		}
	}
	// Nor anywhere below them (mvdan.cc/sh's expand imports os/exec for
	// its own helpers, which the guard never calls).
	deps := list(append([]string{"-deps"}, pure...)...)
	for _, bad := range []string{"github.com/creack/pty", "golang.org/x/term", "mvdan.cc/sh/v3/interp", "guardsh/shell", "guardsh/prompt"} {
		if _, ok := deps[bad]; ok {
			t.Errorf("a package of %v depends on %s", pure, bad)
		}
	}
	for pkg := range list("-deps", "./guard") {
		if strings.Contains(pkg, "toml") {
			t.Errorf("guard depends on %s: the config is internal/config's to read", pkg)
		}
	}
	// plan, the vocabulary the walker and the rules share, is the
	// standard library's only.
	for pkg, imps := range list("./guard/plan") {
		for _, imp := range imps {
			if first, _, _ := strings.Cut(imp, "/"); strings.Contains(first, ".") || first == "guardsh" {
				t.Errorf("%s imports %s: plan is the standard library's only", pkg, imp)
			}
		}
	}
	// The rules never reach the walker, nor the façade above it: where a
	// rule finds an inner command it names it (rules.Inner) for the
	// walker to classify.
	for pkg := range list("-deps", "./guard/internal/rules") {
		if pkg == "guardsh/guard" || pkg == "guardsh/guard/internal/walk" {
			t.Errorf("guard/internal/rules depends on %s: rules never imports walk", pkg)
		}
	}
	// guard's own packages do not import the config reader either.
	for pkg, imps := range list("./guard/...", "./allowlist", "./internal/argv") {
		for _, imp := range imps {
			if imp == "guardsh/internal/config" {
				t.Errorf("%s imports %s", pkg, imp)
			}
		}
	}
}
