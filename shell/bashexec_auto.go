package shell

import (
	"sort"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"guardsh/allowlist"
)

// bashAutoLine is the code that runs a line auto mode approved in the bash
// executor: in a subshell (such a line is one pipeline of read-only
// programs, which changes no state of the shell's), whose environment is
// allowlist.AutoEnv's of the shell's variables (git cannot page or run a
// hook, pagers are cat, code-loading variables are gone), with $? the
// status the line starts with.
func bashAutoLine(line string, vars map[string]string, status int) string {
	in := make([]string, 0, len(vars))
	for k, v := range vars {
		in = append(in, k+"="+v)
	}
	sort.Strings(in)
	out := allowlist.AutoEnv(in)
	kept := make(map[string]string, len(out))
	for _, kv := range out {
		if k, v, ok := strings.Cut(kv, "="); ok {
			kept[k] = v
		}
	}
	var gone []string
	for _, kv := range in {
		k, _, _ := strings.Cut(kv, "=")
		if _, ok := kept[k]; !ok && syntax.ValidName(k) {
			gone = append(gone, k)
		}
	}
	var b strings.Builder
	b.WriteString("(")
	if len(gone) > 0 {
		// Out of the environment (a read-only one is left as it is).
		b.WriteString(" { export -n " + strings.Join(gone, " ") + "; unset -v " + strings.Join(gone, " ") + "; } 2>/dev/null;")
	}
	for _, kv := range out {
		k, v, _ := strings.Cut(kv, "=")
		if old, ok := vars[k]; (ok && old == v) || !syntax.ValidName(k) {
			continue
		}
		q, err := syntax.Quote(v, syntax.LangBash)
		if err != nil {
			continue
		}
		b.WriteString(" export " + k + "=" + q + ";")
	}
	b.WriteString(" __gs_st " + strconv.Itoa(status) + "\n" + line + "\n)")
	return b.String()
}
