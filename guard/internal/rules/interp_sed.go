package rules

// GNU sed running shell commands: the e command and the s///e flag. (Its
// w files are the file family's; sed -i too.)

import (
	"slices"
	"strings"

	"guardsh/guard/internal/sedscript"
	"guardsh/internal/argv"
)

// Rule names of sed's code.
const (
	RuleSedExecDynamic   = "sed_exec_dynamic"
	RuleSedScriptDynamic = "sed_script_dynamic"
)

// sedProgs are the names GNU sed runs under.
var sedProgs = []string{"sed", "gsed"}

// sedArgs is sed's command line, scanned as GNU getopt does.
type sedArgs struct {
	// scripts are the -e/--expression values, or the first operand.
	Scripts []Word
	// files are the -f/--file values: scripts read from files.
	Files []Word
	// operands are the input files (the script operand taken out).
	Operands               []Word
	InPlace, Sandbox, info bool
}

// sedSpec is GNU sed's option grammar: -i takes an attached backup
// suffix, -e, -f and -l a value.
var sedSpec = argv.Spec{
	Flags: "nErsuzb", Valued: "efl", Optional: "i",
	LongFlags: []string{"quiet", "silent", "debug", "posix", "regexp-extended", "separate", "sandbox", "unbuffered", "null-data",
		"zero-terminated", "follow-symlinks", "binary"},
	LongValued:   []string{"expression", "file", "line-length"},
	LongOptional: []string{"in-place"},
	LongStop:     []string{"help", "version"},
}

// sedScan reads sed's arguments (without the program name).
func sedScan(args []Word) sedArgs {
	f := ReadOpts(args, &sedSpec)
	a := sedArgs{info: f.Info}
	for _, o := range f.Opts {
		switch o.Name {
		case "i", "in-place":
			a.InPlace = true
		case "sandbox":
			a.Sandbox = true
		case "e", "expression":
			a.Scripts = append(a.Scripts, o.Val)
		case "f", "file":
			a.Files = append(a.Files, o.Val)
		}
	}
	ops := f.Operands
	if len(a.Scripts) == 0 && len(a.Files) == 0 && len(ops) > 0 {
		a.Scripts, ops = ops[:1], ops[1:]
	}
	a.Operands = ops
	return a
}

// sedScript returns the program of a sed command (its -e scripts joined
// by newlines, as sed reads them, and a script it reads on a known
// stdin) and whether sed runs any: not for --help, not under --sandbox,
// which refuses e, w and r.
func sedScript(c *Command) (sedscript.Program, bool) {
	if len(c.Args) < 2 || (c.Name() != "sed" && c.Name() != "gsed") {
		return sedscript.Program{}, false
	}
	a := sedScan(c.Args[1:])
	if a.info || a.Sandbox {
		return sedscript.Program{}, false
	}
	var parts []string
	for _, s := range a.Scripts {
		parts = append(parts, s.Value)
	}
	for _, f := range a.Files {
		// `sed -f -` reads its script on stdin; other files are read by
		// sed alone, as `bash script.sh` is.
		if c.Stdin != nil && (f.Value == "-" || IsStdinPath(f)) {
			parts = append(parts, c.Stdin.Value)
		}
	}
	if len(parts) == 0 {
		return sedscript.Program{}, false
	}
	return sedscript.Parse(strings.Join(parts, "\n")), true
}

// SedInner returns the shell commands a sed script runs that are known:
// `e COMMAND`, and s///e when every line becomes the same command.
func SedInner(c *Command) []Inner {
	prog, ok := sedScript(c)
	if !ok {
		return nil
	}
	var ins []Inner
	add := func(label, s string) {
		code := Word{Value: s, Known: !strings.Contains(s, Unknown)}
		ins = append(ins, Inner{Label: label, Code: &code})
	}
	for _, e := range prog.Execs {
		add(c.Name()+" e", e)
	}
	for _, s := range prog.SubstExecs {
		if cmd, ok := s.Command(); ok {
			add(c.Name()+" s///e", cmd)
		}
	}
	return ins
}

// sedExecDynamic: e without a command, or s///e whose command depends on
// the line, runs the input as shell commands.
func sedExecDynamic(c *Command) []Hit {
	prog, ok := sedScript(c)
	if !ok {
		return nil
	}
	name := c.Name()
	var hs []Hit
	if prog.ExecLine {
		hs = append(hs, Hit{Reason: name + " e without a command runs each line of its input as a shell command"})
	}
	for _, s := range prog.SubstExecs {
		if _, ok := s.Command(); !ok {
			hs = append(hs, Hit{Reason: name + " s/" + s.Regex + "/" + s.Repl + "/e runs each line it changes as a shell command, which depends on the input"})
			break
		}
	}
	return hs
}

// sedScriptDynamic: a script only known at run time where a command or a
// flag stands.
func sedScriptDynamic(c *Command) []Hit {
	prog, ok := sedScript(c)
	if !ok || !prog.Dynamic {
		return nil
	}
	return hit(c.Name() + " runs a script only known at run time, which could run shell commands (e) or write files (w)")
}

// sedWrites returns the files a sed command's script writes (w, W,
// s///w), without /dev/stdout and /dev/stderr, which sed writes itself.
func sedWrites(c *Command) []Word {
	return sedFiles(c, func(p sedscript.Program) []string { return p.Writes }, "/dev/stdout", "/dev/stderr")
}

// sedFiles returns the files of a sed command's script that files picks,
// but those in skip.
func sedFiles(c *Command, files func(sedscript.Program) []string, skip ...string) []Word {
	prog, ok := sedScript(c)
	if !ok {
		return nil
	}
	var ws []Word
	for _, f := range files(prog) {
		if f == "" || slices.Contains(skip, f) {
			continue
		}
		ws = append(ws, Word{Value: f, Known: !strings.Contains(f, Unknown)})
	}
	return ws
}

// sedReads returns the files a sed command's script reads into its output
// (r, R), without /dev/stdin.
func sedReads(c *Command) []Word {
	return sedFiles(c, func(p sedscript.Program) []string { return p.Reads }, "/dev/stdin")
}
