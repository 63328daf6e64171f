package shell

import (
	"bytes"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"

	"guardsh/guard"
)

// shellDefs are the functions and aliases the shell has defined, as far as
// guardsh sees them: the functions of the lines, of the files sourced and
// of the code of each eval (a shell snapshot's `eval "$(echo B64 | base64
// -d)"` among them), and the aliases each `alias` call sets. The
// classifier reads them (guard.State's Funcs and Aliases), so that a line
// or an eval calling one is classified as what it runs. They are noted
// when a definition is read, not when it runs: a function defined in a
// branch not taken still counts (a name that is never really defined only
// makes a line look more dangerous, never less), and every command is
// checked again as it runs whatever is known here.
type shellDefs struct {
	mu      sync.Mutex
	funcs   map[string]string // name -> `name() { ... }`
	aliases map[string]string // name -> value
}

// noteFile records the functions f defines.
func (d *shellDefs) noteFile(f *syntax.File) {
	syntax.Walk(f, func(n syntax.Node) bool {
		fd, ok := n.(*syntax.FuncDecl)
		if !ok || fd.Name == nil {
			return true
		}
		var b bytes.Buffer
		if err := syntax.NewPrinter().Print(&b, fd); err != nil {
			return true
		}
		d.mu.Lock()
		if d.funcs == nil {
			d.funcs = map[string]string{}
		}
		d.funcs[fd.Name.Value] = b.String()
		d.mu.Unlock()
		return true
	})
}

// noteCall records what a command about to run defines or removes: the
// functions of an eval's code, the aliases of alias, unalias, unset -f.
func (d *shellDefs) noteCall(args []string) {
	if len(args) < 2 {
		return
	}
	switch args[0] {
	case "eval":
		code := strings.Join(args[1:], " ")
		if !strings.Contains(code, "(") && !strings.Contains(code, "function") {
			return // defines no function
		}
		if f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(code), ""); err == nil {
			d.noteFile(f)
		}
	case "alias":
		d.mu.Lock()
		defer d.mu.Unlock()
		for _, a := range args[1:] {
			name, value, ok := strings.Cut(a, "=")
			if !ok || name == "" || strings.HasPrefix(name, "-") {
				continue
			}
			if d.aliases == nil {
				d.aliases = map[string]string{}
			}
			d.aliases[name] = value
		}
	case "unalias":
		d.mu.Lock()
		defer d.mu.Unlock()
		for _, a := range args[1:] {
			if a == "-a" {
				clear(d.aliases)
			}
			delete(d.aliases, a)
		}
	case "unset":
		if args[1] != "-f" {
			return
		}
		d.mu.Lock()
		defer d.mu.Unlock()
		for _, a := range args[2:] {
			delete(d.funcs, a)
		}
	}
}

// into makes st know the functions and aliases.
func (d *shellDefs) into(st *guard.State) {
	st.Funcs = func(name string) (string, bool) {
		d.mu.Lock()
		defer d.mu.Unlock()
		def, ok := d.funcs[name]
		return def, ok
	}
	st.Aliases = func(name string) (string, bool) {
		d.mu.Lock()
		defer d.mu.Unlock()
		v, ok := d.aliases[name]
		return v, ok
	}
}

// NoteDefs records what code the shell runs before the lines it decides
// defines, for their classification (guard.State's Funcs and Aliases):
// bash's startup files, as the prelude gives them to bash. Its functions
// count wherever it defines them; its aliases where a statement of its
// own is an alias command of literal words, and so does the code of such
// an eval. Code that does not parse defines nothing.
func (r *Runner) NoteDefs(code string) {
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(code), "")
	if err != nil {
		return
	}
	r.defs.noteFile(f)
	for _, st := range f.Stmts {
		x, ok := st.Cmd.(*syntax.CallExpr)
		if !ok || len(x.Assigns) > 0 {
			continue
		}
		args := make([]string, 0, len(x.Args))
		for _, wd := range x.Args {
			if !quotedOnly(wd) {
				args = nil
				break
			}
			fs, err := expand.Fields(&expand.Config{}, wd) // no ReadDir: no glob
			if err != nil || len(fs) != 1 {
				args = nil
				break
			}
			args = append(args, fs[0])
		}
		if len(args) > 0 {
			r.defs.noteCall(args)
		}
	}
}

// quotedOnly reports a word of literal text only, quoted or not ('a b',
// "a b", a\ b), whose value is known before it runs.
func quotedOnly(wd *syntax.Word) bool {
	for _, p := range wd.Parts {
		switch p := p.(type) {
		case *syntax.Lit, *syntax.SglQuoted:
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				if _, ok := q.(*syntax.Lit); !ok {
					return false
				}
			}
		default:
			return false
		}
	}
	return true
}
