package rules

import (
	"testing"

	"guardsh/internal/argv"
)

func TestReadOptsGetopt(t *testing.T) {
	sp := &argv.Spec{Valued: "o", LongValued: []string{"repo"}, LongFlags: []string{"force", "force-with-lease", "delete"}, LongStop: []string{"help", "version"}}
	r := ReadOpts(Lits("-fo", "x", "a", "--repo=r", "--del", "--", "-f"), sp)
	if !r.Has("f") || !r.Has("delete") || r.Dd != 1 || len(r.Operands) != 2 || r.Operands[1].Value != "-f" {
		t.Errorf("parse: %+v", r)
	}
	if w, ok := r.Last("o"); !ok || w.Value != "x" {
		t.Errorf("-o value: %v %v", w, ok)
	}
	if w, ok := r.Last("repo"); !ok || w.Value != "r" {
		t.Errorf("--repo value: %v %v", w, ok)
	}
	// An ambiguous abbreviation matches nothing.
	r = ReadOpts(Lits("--forc"), sp)
	if r.Has("force", "force-with-lease") {
		t.Errorf("--forc matched: %+v", r)
	}
	// posix stops at the first operand.
	r = ReadOpts(Lits("-f", "cmd", "-x"), &argv.Spec{LongStop: []string{"help", "version"}, Exact: true, Posix: true})
	if len(r.Operands) != 2 || r.Has("x") {
		t.Errorf("posix: %+v", r)
	}
	// One-dash long options and help.
	r = ReadOpts(Lits("-auto-approve=false", "-var", "a=b", "-help"), &argv.Spec{LongValued: []string{"var"}, LongStop: []string{"help", "version", "h"}, Exact: true, GoFlags: true})
	if !r.Info || len(r.Operands) != 0 {
		t.Errorf("oneDash: %+v", r)
	}
	// Optional attached values.
	r = ReadOpts(Lits("-psecret", "db"), &argv.Spec{Valued: "e", Optional: "p", LongStop: []string{"help", "version"}, Exact: true})
	if r.Has("e") || len(r.Operands) != 1 {
		t.Errorf("shortOpt: %+v", r)
	}
}

func TestReadOptsGNU(t *testing.T) {
	a := ReadOpts(Lits("-rfv", "x", "--interactive=never", "--rec", "--", "-y"), &rmSpec)
	if !a.Has("r") || !a.Has("f") || !a.Has("v") || !a.Has("recursive") || !a.Has("interactive") {
		t.Errorf("options %+v", a.Opts)
	}
	if len(a.Operands) != 2 || a.Operands[0].Value != "x" || a.Operands[1].Value != "-y" {
		t.Errorf("operands %+v", a.Operands)
	}
	a = ReadOpts(Lits("-tdir", "a", "-S", ".bak", "b", "--target-directory", "d2"), &mvSpec)
	if w, ok := a.Arg("t", "target-directory"); !ok || w.Value != "d2" {
		t.Errorf("target %v %v", w, ok)
	}
	if w, _ := a.Arg("S"); w.Value != ".bak" {
		t.Errorf("suffix %v", w)
	}
	if len(a.Operands) != 2 {
		t.Errorf("operands %+v", a.Operands)
	}
	// --v is ambiguous between --verbose and --version: not info.
	if a := ReadOpts(Lits("--v", "x"), &rmSpec); a.Info {
		t.Errorf("--v taken for --version")
	}
}
