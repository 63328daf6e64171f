package walk

import (
	"encoding/base64"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// decodedEval returns the code of `eval "$(echo 'B64' | base64 -d)"`, the
// form in which shell snapshots (Claude Code's among them) restore each
// function: the input is a literal, so what eval gets is known before the
// line runs, and it is classified as that code instead of as code only
// known at run time. Only this exact shape is read: one double-quoted
// substitution of `echo LITERAL | base64 -d` (or --decode, -D), the
// literal of base64's alphabet, echo and base64 not functions of the
// line. The run-time check still classifies the string eval really gets
// (should base64 on PATH or an alias print something else).
func (w *walker) decodedEval(x *syntax.CallExpr) (string, bool) {
	if len(x.Args) != 2 || len(x.Assigns) != 0 {
		return "", false
	}
	if v, ok := simpleLit(x.Args[0]); !ok || v != "eval" {
		return "", false
	}
	if _, ok := w.funcs["echo"]; ok {
		return "", false
	}
	if _, ok := w.funcs["base64"]; ok {
		return "", false
	}
	if len(x.Args[1].Parts) != 1 {
		return "", false
	}
	dq, ok := x.Args[1].Parts[0].(*syntax.DblQuoted)
	if !ok || dq.Dollar || len(dq.Parts) != 1 {
		return "", false
	}
	cs, ok := dq.Parts[0].(*syntax.CmdSubst)
	if !ok || len(cs.Stmts) != 1 {
		return "", false
	}
	st := cs.Stmts[0]
	pipe, ok := st.Cmd.(*syntax.BinaryCmd)
	if !ok || pipe.Op != syntax.Pipe || st.Negated || st.Background || len(st.Redirs) != 0 {
		return "", false
	}
	echo, ok := plainCall(pipe.X)
	if !ok || len(echo) != 2 || echo[0] != "echo" {
		return "", false
	}
	dec, ok := plainCall(pipe.Y)
	if !ok || len(dec) != 2 || dec[0] != "base64" || (dec[1] != "-d" && dec[1] != "--decode" && dec[1] != "-D") {
		return "", false
	}
	b64 := strings.NewReplacer("\n", "", "\r", "").Replace(echo[1])
	if b64 == "" || strings.Trim(b64, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=") != "" {
		return "", false
	}
	code, err := base64.StdEncoding.DecodeString(b64)
	if err != nil {
		return "", false
	}
	// A command substitution drops the trailing newlines.
	return strings.TrimRight(string(code), "\n"), true
}

// plainCall returns the words of a statement that is a simple command of
// literal words only, without assignments or redirects.
func plainCall(st *syntax.Stmt) ([]string, bool) {
	x, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(x.Assigns) != 0 || len(st.Redirs) != 0 || st.Negated || st.Background {
		return nil, false
	}
	out := make([]string, len(x.Args))
	for i, wd := range x.Args {
		v, ok := simpleLit(wd)
		if !ok {
			return nil, false
		}
		out[i] = v
	}
	return out, true
}
