package oneliner

// Turning a found call into effects; Perl's open.

import (
	"strings"
)

// call looks at a call of the function named at i with its arguments.
func (p *parser) call(i int, argToks [][]token) {
	fns := fnTable()[p.lang][p.toks[i].text]
	if len(fns) == 0 {
		return
	}
	recv, recvArgs := p.receiver(i)
	var fn *fnSpec
	for k := range fns {
		if recvMatch(fns[k].recvs, recv) {
			fn = &fns[k]
			break
		}
	}
	if fn == nil {
		return
	}
	args := make([]value, len(argToks))
	for k, ts := range argToks {
		args[k] = p.eval(ts)
	}
	if strings.HasSuffix(recv, "Path()") {
		// Path("/x").unlink(): the path is the receiver's argument.
		args = nil
		for _, ts := range recvArgs {
			args = append(args, p.eval(ts))
		}
	}
	pos := positional(args)
	a := p.a
	switch fn.kind {
	case fnShell:
		switch {
		case len(pos) == 0:
			if len(args) == 0 {
				a.dyn(RunsDynamic)
			}
		case len(pos) > 1 && (p.lang == Ruby || p.lang == Perl) && pos[0].kind == 's':
			var argv []string
			dyn := false
			for _, v := range pos {
				if v.kind == 'l' {
					argv = append(argv, v.list...)
				} else {
					argv = append(argv, v.s)
				}
				dyn = dyn || v.dyn
			}
			a.argv(argv, dyn)
		default:
			a.shell(pos[0])
		}
	case fnProgArgs:
		switch {
		case len(pos) == 0:
			a.dyn(RunsDynamic)
		case len(pos) > 1 && pos[0].kind == 's' && pos[1].kind == 'l':
			a.argv(append([]string{pos[0].s}, pos[1].list...), pos[0].dyn || pos[1].dyn)
		default:
			a.shell(pos[0])
		}
	case fnOsExec:
		var strs []string
		dyn := false
		for _, v := range pos {
			switch v.kind {
			case 's':
				strs = append(strs, v.s)
				dyn = dyn || v.dyn
			case 'l':
				strs = append(strs, v.list...)
				dyn = dyn || v.dyn
			}
		}
		if len(strs) > 2 {
			strs = append(strs[:1], strs[2:]...)
		} else if len(strs) > 1 {
			strs = strs[:1]
		}
		a.argv(strs, dyn)
	case fnRm:
		cmd := "rm"
		if fn.arg != "" {
			cmd += " " + fn.arg
		}
		a.remove(cmd, pos)
	case fnRmdir:
		a.remove("rmdir", pos)
	case fnNodeRm, fnNodeRmdir:
		var target []value
		if len(pos) > 0 {
			target = pos[:1]
		}
		recursive, force := false, false
		for _, v := range args {
			if v.kind == 'o' {
				recursive = recursive || v.obj["recursive"].raw == "true"
				force = force || v.obj["force"].raw == "true"
			}
		}
		switch {
		case recursive:
			a.remove("rm -rf", target)
		case fn.kind == fnNodeRmdir:
			a.remove("rmdir", target)
		case force:
			a.remove("rm -f", target)
		default:
			a.remove("rm", target)
		}
	case fnWrite:
		if len(pos) > 0 {
			a.write(fn.arg, pos[0])
		}
	case fnOpen:
		if len(pos) == 0 {
			return
		}
		mode := ""
		if len(pos) > 1 && pos[1].kind == 's' {
			mode = pos[1].s
		}
		for _, v := range args {
			if v.kind == 'k' && v.key == "mode" && v.sub != nil && v.sub.kind == 's' {
				mode = v.sub.s
			}
		}
		switch {
		case strings.Contains(mode, "w"):
			a.write(">", pos[0])
		case strings.Contains(mode, "a"):
			a.write(">>", pos[0])
		}
	case fnPerlOpen:
		p.perlOpen(pos)
	case fnEval:
		if len(pos) == 0 || pos[0].kind == 'o' {
			return
		}
		if pos[0].kind != 's' || pos[0].dyn {
			a.dyn(EvalsDynamic)
			return
		}
		a.run(p.lang, pos[0].s, p.depth+1)
	case fnDenoRun:
		for _, v := range args {
			if v.kind == 'o' {
				if cmd, ok := v.obj["cmd"]; ok {
					a.shell(cmd)
					return
				}
			}
		}
		a.dyn(RunsDynamic)
	case fnDenoCmd:
		if len(pos) == 0 || pos[0].kind != 's' {
			a.dyn(RunsDynamic)
			return
		}
		argv := []string{pos[0].s}
		dyn := pos[0].dyn
		for _, v := range args {
			if v.kind == 'o' {
				if l, ok := v.obj["args"]; ok {
					if l.kind == 'l' {
						argv = append(argv, l.list...)
						dyn = dyn || l.dyn
					} else {
						dyn = true
					}
				}
			}
		}
		a.argv(argv, dyn)
	}
}

// positional drops keyword arguments and option objects.
func positional(args []value) []value {
	var pos []value
	for _, v := range args {
		if v.kind != 'k' && v.kind != 'o' {
			pos = append(pos, v)
		}
	}
	return pos
}

// perlOpen: open(FH, "cmd |"), open(FH, "| cmd"), open(FH, "-|", @cmd),
// open(FH, ">", $file), open(FH, ">file").
func (p *parser) perlOpen(pos []value) {
	a := p.a
	if len(pos) >= 3 && pos[1].kind == 's' {
		switch strings.TrimSpace(pos[1].s) {
		case "|-", "-|":
			if len(pos) == 3 {
				a.shell(pos[2])
				return
			}
			var argv []string
			dyn := false
			for _, v := range pos[2:] {
				argv = append(argv, v.s)
				dyn = dyn || v.dyn
			}
			a.argv(argv, dyn)
		case ">", "+>", ">:raw", ">:utf8", ">:encoding(UTF-8)":
			a.write(">", pos[2])
		case ">>", "+>>":
			a.write(">>", pos[2])
		}
		return
	}
	if len(pos) != 2 || pos[1].kind != 's' {
		return
	}
	spec := strings.TrimSpace(pos[1].s)
	v := pos[1]
	switch {
	case strings.HasPrefix(spec, "|"):
		v.s = strings.TrimSpace(spec[1:])
		a.shell(v)
	case strings.HasSuffix(spec, "|"):
		v.s = strings.TrimSpace(spec[:len(spec)-1])
		a.shell(v)
	case strings.HasPrefix(spec, ">>") || strings.HasPrefix(spec, "+>>"):
		v.s = strings.TrimSpace(strings.TrimLeft(spec, "+>"))
		a.write(">>", v)
	case strings.HasPrefix(spec, ">") || strings.HasPrefix(spec, "+>"):
		v.s = strings.TrimSpace(strings.TrimLeft(spec, "+>"))
		a.write(">", v)
	}
}
