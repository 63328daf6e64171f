package oneliner

import "sync"

// The call table: the functions that run, remove or write, per language.

// value is the value of one argument of a call.
type value struct {
	// kind: 's' a string (parts only known at run time are Unknown), 'l' a
	// list of strings, 'k' a keyword argument, 'o' an object or hash, 'x'
	// anything else.
	kind byte
	s    string
	dyn  bool
	list []string
	// key is a keyword argument's name; sub its value.
	key string
	sub *value
	obj map[string]value
	// raw is the argument's text, for true/false flags.
	raw string
}

var other = value{kind: 'x', s: Unknown, dyn: true}

// fnSpec describes a function the family knows: what it does and the
// receivers it is called on ("-" for a bare call, "*" for any, "Path()"
// for the result of a call to Path).
type fnSpec struct {
	kind  byte
	recvs string
	// arg is the rm flags, or the redirect operator of a write.
	arg string
}

// Kinds of fnSpec.
const (
	fnShell     = iota + 1 // runs a command string, or argv given as a list or as arguments
	fnProgArgs             // program, then a list of arguments
	fnOsExec               // os.exec*/os.spawn*: path, arg0, args...
	fnRm                   // deletes its arguments, with rm flags in arg
	fnRmdir                // removes directories
	fnNodeRm               // fs.rmSync(path, {recursive, force})
	fnNodeRmdir            // fs.rmdirSync(path, {recursive})
	fnWrite                // writes the file named by its first argument
	fnOpen                 // open(path, mode)
	fnPerlOpen             // open(FH, "cmd |"), open(FH, "-|", cmd), open(FH, ">", f)
	fnEval                 // evaluates a string as code
	fnDenoRun              // Deno.run({cmd: [...]})
	fnDenoCmd              // new Deno.Command(prog, {args: [...]})
)

// fnTable lists, per language and function name, what the call does:
// made at the first call of a one-liner, not at every start.
var fnTable = sync.OnceValue(func() map[Lang]map[string][]fnSpec {
	return map[Lang]map[string][]fnSpec{
		Python: {
			"system":          {{kind: fnShell, recvs: "*"}},
			"popen":           {{kind: fnShell, recvs: "- os posix"}},
			"getoutput":       {{kind: fnShell, recvs: "- subprocess sp commands"}},
			"getstatusoutput": {{kind: fnShell, recvs: "- subprocess sp commands"}},
			"run":             {{kind: fnShell, recvs: "subprocess sp"}},
			"call":            {{kind: fnShell, recvs: "subprocess sp"}},
			"check_call":      {{kind: fnShell, recvs: "subprocess sp"}},
			"check_output":    {{kind: fnShell, recvs: "- subprocess sp"}},
			"Popen":           {{kind: fnShell, recvs: "- subprocess sp"}},
			"rmtree":          {{kind: fnRm, recvs: "*", arg: "-rf"}},
			"remove":          {{kind: fnRm, recvs: "os posix"}},
			"unlink":          {{kind: fnRm, recvs: "os posix Path()"}},
			"rmdir":           {{kind: fnRmdir, recvs: "os posix Path()"}},
			"removedirs":      {{kind: fnRmdir, recvs: "os"}},
			"execl":           {{kind: fnOsExec, recvs: "os posix"}},
			"execle":          {{kind: fnOsExec, recvs: "os posix"}},
			"execlp":          {{kind: fnOsExec, recvs: "os posix"}},
			"execlpe":         {{kind: fnOsExec, recvs: "os posix"}},
			"execv":           {{kind: fnOsExec, recvs: "os posix"}},
			"execve":          {{kind: fnOsExec, recvs: "os posix"}},
			"execvp":          {{kind: fnOsExec, recvs: "os posix"}},
			"execvpe":         {{kind: fnOsExec, recvs: "os posix"}},
			"spawnl":          {{kind: fnOsExec, recvs: "os"}},
			"spawnle":         {{kind: fnOsExec, recvs: "os"}},
			"spawnlp":         {{kind: fnOsExec, recvs: "os"}},
			"spawnlpe":        {{kind: fnOsExec, recvs: "os"}},
			"spawnv":          {{kind: fnOsExec, recvs: "os"}},
			"spawnve":         {{kind: fnOsExec, recvs: "os"}},
			"spawnvp":         {{kind: fnOsExec, recvs: "os"}},
			"spawnvpe":        {{kind: fnOsExec, recvs: "os"}},
			"posix_spawn":     {{kind: fnOsExec, recvs: "os"}},
			"posix_spawnp":    {{kind: fnOsExec, recvs: "os"}},
			"write_text":      {{kind: fnWrite, recvs: "Path()", arg: ">"}},
			"write_bytes":     {{kind: fnWrite, recvs: "Path()", arg: ">"}},
			"open":            {{kind: fnOpen, recvs: "- io builtins"}},
			"exec":            {{kind: fnEval, recvs: "-"}},
			"eval":            {{kind: fnEval, recvs: "-"}},
		},
		JS: {
			"execSync":          {{kind: fnShell, recvs: "*"}},
			"exec":              {{kind: fnShell, recvs: "- child_process cp childProcess proc"}},
			"execFileSync":      {{kind: fnProgArgs, recvs: "*"}},
			"execFile":          {{kind: fnProgArgs, recvs: "- child_process cp childProcess proc"}},
			"spawnSync":         {{kind: fnProgArgs, recvs: "*"}},
			"spawn":             {{kind: fnProgArgs, recvs: "- child_process cp childProcess proc Bun"}},
			"rmSync":            {{kind: fnNodeRm, recvs: "*"}},
			"rm":                {{kind: fnNodeRm, recvs: "fs fsp fs.promises promises fs/promises"}},
			"removeSync":        {{kind: fnNodeRm, recvs: "Deno fse fs-extra"}},
			"remove":            {{kind: fnNodeRm, recvs: "Deno"}, {kind: fnRm, recvs: "fse fs-extra", arg: "-rf"}},
			"rmdirSync":         {{kind: fnNodeRmdir, recvs: "*"}},
			"rmdir":             {{kind: fnNodeRmdir, recvs: "fs fsp fs.promises promises fs/promises"}},
			"unlinkSync":        {{kind: fnRm, recvs: "*"}},
			"unlink":            {{kind: fnRm, recvs: "fs fsp fs.promises promises fs/promises"}},
			"writeFileSync":     {{kind: fnWrite, recvs: "*", arg: ">"}},
			"writeFile":         {{kind: fnWrite, recvs: "fs fsp fs.promises promises fs/promises", arg: ">"}},
			"appendFileSync":    {{kind: fnWrite, recvs: "*", arg: ">>"}},
			"writeTextFile":     {{kind: fnWrite, recvs: "Deno", arg: ">"}},
			"writeTextFileSync": {{kind: fnWrite, recvs: "Deno", arg: ">"}},
			"run":               {{kind: fnDenoRun, recvs: "Deno"}},
			"Command":           {{kind: fnDenoCmd, recvs: "Deno"}},
			"eval":              {{kind: fnEval, recvs: "-"}},
		},
		Ruby: {
			"system":              {{kind: fnShell, recvs: "- Kernel"}},
			"exec":                {{kind: fnShell, recvs: "- Kernel Process"}},
			"spawn":               {{kind: fnShell, recvs: "- Kernel Process"}},
			"popen":               {{kind: fnShell, recvs: "IO"}},
			"popen2":              {{kind: fnShell, recvs: "Open3"}},
			"popen2e":             {{kind: fnShell, recvs: "Open3"}},
			"popen3":              {{kind: fnShell, recvs: "Open3"}},
			"capture2":            {{kind: fnShell, recvs: "Open3"}},
			"capture2e":           {{kind: fnShell, recvs: "Open3"}},
			"capture3":            {{kind: fnShell, recvs: "Open3"}},
			"rm_rf":               {{kind: fnRm, recvs: "- FileUtils", arg: "-rf"}},
			"rmtree":              {{kind: fnRm, recvs: "- FileUtils", arg: "-rf"}},
			"rm_r":                {{kind: fnRm, recvs: "- FileUtils", arg: "-r"}},
			"remove_dir":          {{kind: fnRm, recvs: "FileUtils", arg: "-r"}},
			"remove_entry":        {{kind: fnRm, recvs: "FileUtils", arg: "-r"}},
			"remove_entry_secure": {{kind: fnRm, recvs: "FileUtils", arg: "-r"}},
			"rm":                  {{kind: fnRm, recvs: "FileUtils"}},
			"remove":              {{kind: fnRm, recvs: "FileUtils"}},
			"remove_file":         {{kind: fnRm, recvs: "FileUtils"}},
			"rm_f":                {{kind: fnRm, recvs: "FileUtils", arg: "-f"}},
			"safe_unlink":         {{kind: fnRm, recvs: "FileUtils", arg: "-f"}},
			"rmdir":               {{kind: fnRmdir, recvs: "FileUtils Dir"}},
			"delete":              {{kind: fnRm, recvs: "File"}, {kind: fnRmdir, recvs: "Dir"}},
			"unlink":              {{kind: fnRm, recvs: "File"}, {kind: fnRmdir, recvs: "Dir"}},
			"write":               {{kind: fnWrite, recvs: "File IO", arg: ">"}},
			"binwrite":            {{kind: fnWrite, recvs: "File IO", arg: ">"}},
			"open":                {{kind: fnOpen, recvs: "File"}},
			"eval":                {{kind: fnEval, recvs: "- Kernel"}},
		},
		Perl: {
			"system":      {{kind: fnShell, recvs: "-"}},
			"exec":        {{kind: fnShell, recvs: "-"}},
			"unlink":      {{kind: fnRm, recvs: "-"}},
			"rmdir":       {{kind: fnRmdir, recvs: "-"}},
			"rmtree":      {{kind: fnRm, recvs: "- File::Path", arg: "-rf"}},
			"remove_tree": {{kind: fnRm, recvs: "- File::Path", arg: "-rf"}},
			"open":        {{kind: fnPerlOpen, recvs: "-"}},
			"eval":        {{kind: fnEval, recvs: "-"}},
		},
		PHP: {
			"system":            {{kind: fnShell, recvs: "-"}},
			"exec":              {{kind: fnShell, recvs: "-"}},
			"shell_exec":        {{kind: fnShell, recvs: "-"}},
			"passthru":          {{kind: fnShell, recvs: "-"}},
			"popen":             {{kind: fnShell, recvs: "-"}},
			"proc_open":         {{kind: fnShell, recvs: "-"}},
			"unlink":            {{kind: fnRm, recvs: "-"}},
			"rmdir":             {{kind: fnRmdir, recvs: "-"}},
			"file_put_contents": {{kind: fnWrite, recvs: "-", arg: ">"}},
			"eval":              {{kind: fnEval, recvs: "-"}},
		},
		Awk: {
			"system": {{kind: fnShell, recvs: "-"}},
		},
		Lua: {
			"execute": {{kind: fnShell, recvs: "os"}},
			"popen":   {{kind: fnShell, recvs: "io"}},
			"remove":  {{kind: fnRm, recvs: "os"}},
		},
	}
})

// bareCalls are the functions Ruby and Perl call without parentheses
// (system "rm -rf x").
var bareCalls = map[string]bool{"system": true, "exec": true, "spawn": true, "unlink": true,
	"rmdir": true, "rmtree": true, "remove_tree": true, "rm_rf": true, "rm_r": true, "rm": true,
	"rm_f": true, "open": true, "eval": true}
