package shell

import (
	"sort"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"guardsh/guard"
)

// With the bash executor, a line may call a function or use an alias that
// bash holds from an earlier line (or from a file it sourced), which the
// line itself does not show. The front end classifies such a line a
// second time: its aliases expanded as bash expands them (the first word
// of a command), after the definitions of the functions it calls (and of
// those they call), with each function's body classified at its calls,
// with their arguments (State.CallsChecked). The line's verdict is the
// higher of the two, with the findings of both.

// maxDefs bounds how many definitions one line's check takes in.
const maxDefs = 64

// classifyWithDefs raises v, the verdict of line as written, with what
// the functions and aliases it uses do. file is line's parse (nil: none).
func classifyWithDefs(c Checker, defs *bashDefs, line string, file *syntax.File, st guard.State, v guard.Verdict) guard.Verdict {
	if defs == nil || file == nil || len(defs.funcs) == 0 && len(defs.aliases) == 0 {
		return v
	}
	expanded, aliased := expandAliases(line, file, defs.aliases)
	if aliased {
		var err error
		if file, err = parseBash(expanded, "", "aliases"); err != nil || file == nil {
			file = nil
		}
	}
	var used []string
	if file != nil {
		used = calledFuncs(file, defs)
	}
	if !aliased && len(used) == 0 {
		return v
	}
	var src strings.Builder
	for _, name := range used {
		src.WriteString(defs.funcs[name])
		src.WriteString("\n")
	}
	src.WriteString(expanded)
	st.CallsChecked = true
	w := c.Classify(src.String(), st)
	return mergeVerdicts(v, w)
}

// mergeVerdicts is v raised by w: the higher level, v's findings and
// those of w that v does not have.
func mergeVerdicts(v, w guard.Verdict) guard.Verdict {
	seen := map[[2]string]bool{}
	for _, f := range v.Findings {
		seen[[2]string{f.Rule, f.Text}] = true
	}
	v.Findings = append([]guard.Finding{}, v.Findings...)
	for _, f := range w.Findings {
		if !seen[[2]string{f.Rule, f.Text}] {
			v.Findings = append(v.Findings, f)
		}
	}
	if w.Level > v.Level {
		v.Level = w.Level
	}
	v.Blocked = v.Blocked || w.Blocked
	// What a definition does is not what auto mode's allowlist saw.
	v.Auto = false
	return v
}

// expandAliases expands the aliases of the first word of each command of
// file, as bash does (again in the text an alias gives, each alias once),
// and reports whether it expanded one.
func expandAliases(line string, file *syntax.File, aliases map[string]string) (string, bool) {
	if len(aliases) == 0 {
		return line, false
	}
	type edit struct {
		start, end int
		text       string
	}
	var edits []edit
	syntax.Walk(file, func(n syntax.Node) bool {
		c, ok := n.(*syntax.CallExpr)
		if !ok || len(c.Args) == 0 {
			return true
		}
		w := c.Args[0]
		name := w.Lit()
		text, ok := aliases[name]
		if !ok || name == "" {
			return true
		}
		seen := map[string]bool{name: true}
		for i := 0; i < 8; i++ {
			first, rest, _ := strings.Cut(strings.TrimLeft(text, " \t"), " ")
			next, ok := aliases[first]
			if !ok || seen[first] {
				break
			}
			seen[first] = true
			text = next
			if rest != "" {
				text += " " + rest
			}
		}
		start, end := int(w.Pos().Offset()), int(w.End().Offset())
		if start >= 0 && end <= len(line) && start < end {
			edits = append(edits, edit{start, end, text})
		}
		return true
	})
	if len(edits) == 0 {
		return line, false
	}
	sort.Slice(edits, func(i, j int) bool { return edits[i].start > edits[j].start })
	out := line
	last := len(line) + 1
	for _, e := range edits {
		if e.end > last {
			continue // inside a word already replaced
		}
		out = out[:e.start] + e.text + out[e.end:]
		last = e.start
	}
	return out, true
}

// calledFuncs lists the known functions file calls, and those their
// bodies call, in a stable order, up to maxDefs.
func calledFuncs(file *syntax.File, defs *bashDefs) []string {
	seen := map[string]bool{}
	var order []string
	var visit func(n syntax.Node)
	visit = func(n syntax.Node) {
		syntax.Walk(n, func(n syntax.Node) bool {
			c, ok := n.(*syntax.CallExpr)
			if !ok {
				return true
			}
			for _, w := range c.Args {
				// Any word that names a function may call it (command f,
				// xargs f, trap f): take it in.
				name := w.Lit()
				body, ok := defs.funcs[name]
				if !ok || seen[name] || len(order) >= maxDefs {
					continue
				}
				seen[name] = true
				order = append(order, name)
				if f, err := parseBash(body, "", "defs"); err == nil && f != nil {
					visit(f)
				}
			}
			return true
		})
	}
	visit(file)
	return order
}
