package guard

import (
	"path"
	"sort"
	"strings"
)

// Rule names of the leak family.
const (
	ruleEnvDump        = "env_dump"
	ruleProcEnviron    = "proc_environ"
	ruleSecretVar      = "secret_var"
	ruleReadSecretFile = "read_secret_file"
	ruleTokenCLI       = "token_cli"
)

// leakRules returns the built-in rules of this family: commands that show
// secrets on screen (info_leak). Metadata (stat, wc, test -f, ls, public
// keys) is not a leak.
func leakRules() []builtin {
	return []builtin{
		{Rule: Rule{Name: ruleEnvDump, Level: InfoLeak,
			Description: "prints every environment or shell variable, tokens and keys included: env or printenv with nothing to run or name, export -p, declare -x/-p, typeset -x, set with no arguments, ps e",
			Example:     "env"}, check: leakEnvDump,
			progs: []string{"env", "printenv", "export", "declare", "typeset", "set", "ps"}},
		{Rule: Rule{Name: ruleProcEnviron, Level: InfoLeak,
			Description: "reads a process's environment, secrets included, from /proc/PID/environ",
			Example:     "cat /proc/self/environ"}, check: leakProcEnviron},
		{Rule: Rule{Name: ruleSecretVar, Level: InfoLeak,
			Description: "prints a variable whose name says it holds a secret (TOKEN, KEY, SECRET, PASS, PASSWORD, CREDENTIAL, PRIVATE) with echo, printf, printenv NAME, declare -p NAME or a here-string",
			Example:     "echo $AWS_SECRET_ACCESS_KEY"}, check: leakSecretVar,
			progs: netProgs([]map[string]bool{leakStdinPrinters}, "echo", "print", "printf", "printenv", "declare", "typeset")},
		{Rule: Rule{Name: ruleReadSecretFile, Level: InfoLeak,
			Description: "shows, copies or opens a file that holds secrets: private keys (~/.ssh/id_*, *.pem, *.key), .env files, cloud, registry and git credentials (~/.aws/credentials, ~/.kube/config, ~/.netrc, ~/.npmrc, ~/.docker/config.json, gh's hosts.yml...), /etc/shadow, shell history",
			Example:     "cat ~/.ssh/id_rsa"}, check: leakReadSecretFile, progs: leakReaderProgs()},
		{Rule: Rule{Name: ruleTokenCLI, Level: InfoLeak,
			Description: "asks a CLI to print a token, password or private key: gh auth token, gcloud auth print-access-token, aws configure get of a secret, aws sts get-session-token, kubectl get secret -o yaml, vault kv get, op read, pass show, security find-generic-password -w",
			Example:     "gh auth token"}, check: leakTokenCLI,
			progs: leakTokenProgs, prefixes: []string{"docker-credential-"}},
	}
}

// leakHelp reports a command that only asks for help or a version.
func leakHelp(c *Command) bool {
	for _, a := range c.Args[1:] {
		if a.Known && (a.Value == "--help" || a.Value == "--version") {
			return true
		}
	}
	return false
}

// leakDisplay renders a word's value for a reason.
func leakDisplay(v string) string {
	return strings.ReplaceAll(v, Unknown, "…")
}

// leakAssign reports a NAME=VALUE word.
func leakAssign(s string) bool {
	i := strings.IndexByte(s, '=')
	if i <= 0 {
		return false
	}
	for j := 0; j < i; j++ {
		b := s[j]
		if !(b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || j > 0 && b >= '0' && b <= '9') {
			return false
		}
	}
	return true
}

func leakEnvDump(c *Command) []Hit {
	if len(c.Args) == 0 || leakHelp(c) {
		return nil
	}
	args := c.Args[1:]
	switch c.Name() {
	case "env":
		ignore := false
		for i := 0; i < len(args); i++ {
			a := args[i]
			v := a.Value
			if !a.Known {
				return nil
			}
			switch {
			case v == "--":
				if i+1 < len(args) {
					return nil
				}
			case v == "-" || v == "-i" || v == "--ignore-environment":
				ignore = true
			case v == "-u" || v == "--unset" || v == "-C" || v == "--chdir":
				i++
			case strings.HasPrefix(v, "--split-string") || strings.HasPrefix(v, "-S"):
				return nil
			case strings.HasPrefix(v, "--"):
			case strings.HasPrefix(v, "-") && len(v) > 1:
				if strings.ContainsAny(v, "S") {
					return nil
				}
				if strings.Contains(v, "i") {
					ignore = true
				}
				if last := v[len(v)-1]; last == 'u' || last == 'C' {
					i++
				}
			case leakAssign(v):
			default:
				return nil // a command: env is a wrapper here
			}
		}
		if ignore {
			return nil
		}
		return hit("env with nothing to run prints every environment variable, tokens and keys included")
	case "printenv":
		for _, a := range args {
			if !a.Known || !strings.HasPrefix(a.Value, "-") {
				return nil
			}
		}
		return hit("printenv with no names prints every environment variable, tokens and keys included")
	case "export":
		for _, a := range args {
			if !a.Known || !strings.HasPrefix(a.Value, "-") || strings.Contains(a.Value, "f") {
				return nil
			}
		}
		return hit("export with no names lists every exported variable with its value")
	case "declare", "typeset":
		for _, a := range args {
			if !a.Known || !strings.HasPrefix(a.Value, "-") && !strings.HasPrefix(a.Value, "+") || strings.ContainsAny(a.Value, "fF") {
				return nil
			}
		}
		return hit(c.Name() + " with no names prints every shell variable with its value, tokens and keys included")
	case "set":
		if len(args) == 0 {
			return hit("set with no arguments prints every shell variable with its value, tokens and keys included")
		}
	case "ps":
		return leakPsEnv(args)
	}
	return nil
}

// leakPsEnv finds ps's BSD option e, which adds each process's environment
// to its command line.
func leakPsEnv(args []Word) []Hit {
	valued := map[string]bool{"-o": true, "-O": true, "-p": true, "-C": true, "-u": true, "-U": true, "-g": true,
		"-G": true, "-t": true, "-q": true, "-s": true, "-k": true, "--sort": true, "--format": true, "--pid": true,
		"--ppid": true, "--user": true, "--group": true, "--sid": true, "--tty": true, "--cols": true, "--rows": true}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !a.Known {
			continue
		}
		v := a.Value
		if strings.HasPrefix(v, "-") {
			if valued[v] {
				i++
			}
			continue
		}
		if v == "" || !strings.Contains(v, "e") {
			continue
		}
		bsd := true
		for j := 0; j < len(v); j++ {
			if strings.IndexByte("aAcCeEfgGhHjlLmMnrsStTuvwxXZ", v[j]) < 0 {
				bsd = false
				break
			}
		}
		if bsd {
			return hit("ps " + v + " shows the environment of each process, tokens and keys included")
		}
	}
	return nil
}

// leakMetaProgs only look at a file's metadata or name, never show its
// content.
var leakMetaProgs = map[string]bool{"ls": true, "stat": true, "test": true, "[": true, "[[": true, "file": true,
	"du": true, "wc": true, "touch": true, "chmod": true, "chown": true, "chgrp": true, "realpath": true,
	"readlink": true, "basename": true, "dirname": true, "namei": true, "lsattr": true, "getfacl": true,
	"md5sum": true, "sha1sum": true, "sha256sum": true, "sha512sum": true, "b2sum": true, "cksum": true,
	"exa": true, "eza": true, "tree": true, "find": true, "rm": true, "unlink": true, "shred": true, "ssh-keygen": true,
	"ssh-add": true, "echo": true, "printf": true, "source": true, ".": true}

// leakIsEnviron reports a /proc/PID/environ path.
func leakIsEnviron(c *Command, v string) bool {
	if !strings.Contains(v, "environ") {
		return false
	}
	p := leakResolve(c, v)
	return strings.HasPrefix(p, "/proc/") && path.Base(p) == "environ"
}

func leakProcEnviron(c *Command) []Hit {
	if !leakMentionsEnviron(c) {
		return nil // the fast path: leakIsEnviron needs "environ" in the word
	}
	name := c.Name()
	if leakMetaProgs[name] || len(c.Args) > 0 && name == "" {
		return nil
	}
	for _, r := range c.Redirects {
		if r.Op == "<" && leakIsEnviron(c, r.Target.Value) {
			return hit("reads " + leakDisplay(r.Target.Value) + ", a process's environment with its secrets")
		}
	}
	if len(c.Args) == 0 {
		return nil
	}
	for _, a := range c.Args[1:] {
		v := a.Value
		if i := strings.IndexByte(v, '='); i >= 0 && !strings.HasPrefix(v, "/") {
			v = v[i+1:]
		}
		if leakIsEnviron(c, v) {
			return hit(name + " reads " + leakDisplay(v) + ", a process's environment with its secrets")
		}
	}
	return nil
}

// leakMentionsEnviron reports whether an input redirect or an argument of
// c holds "environ", which every word leakIsEnviron accepts holds.
func leakMentionsEnviron(c *Command) bool {
	for _, r := range c.Redirects {
		if r.Op == "<" && strings.Contains(r.Target.Value, "environ") {
			return true
		}
	}
	for i := 1; i < len(c.Args); i++ {
		if strings.Contains(c.Args[i].Value, "environ") {
			return true
		}
	}
	return false
}

// leakSecretName reports a variable name that says it holds a secret:
// TOKEN, KEY, SECRET, PASS, PASSWORD, CREDENTIAL or PRIVATE as a part of
// the name (GITHUB_TOKEN, OPENAI_API_KEY, apiKey), not inside another word
// (KEYBOARD_LAYOUT, TOKENIZERS_PARALLELISM, PWD).
func leakSecretName(n string) bool {
	u := strings.ToUpper(n)
	parts := strings.FieldsFunc(u, func(r rune) bool { return r == '_' || r == '-' || r == '.' })
	if len(parts) == 0 {
		return false
	}
	switch parts[len(parts)-1] {
	case "DIR", "PATH", "FILE", "FILES", "HOME", "SOCK", "SOCKET", "LEN", "LENGTH", "SIZE":
		return false
	}
	for _, p := range parts {
		switch p {
		case "KEY", "KEYS", "TOKEN", "TOKENS", "SECRET", "SECRETS", "PASS", "PASSWD", "PASSWORD", "PASSWORDS",
			"PASSPHRASE", "CREDENTIAL", "CREDENTIALS", "CREDS", "PRIVATE", "APIKEY", "PAT":
			return true
		case "PWD":
			if len(parts) > 1 {
				return true
			}
		}
		for _, suf := range []string{"TOKEN", "SECRET", "PASSWORD", "PASSWD", "PASSPHRASE", "APIKEY", "ACCESSKEY",
			"SECRETKEY", "PRIVATEKEY", "CREDENTIALS", "CREDENTIAL", "AUTHKEY", "PASS"} {
			if strings.HasSuffix(p, suf) && p != "BYPASS" && p != "COMPASS" && p != "SURPASS" {
				return true
			}
		}
		for _, pre := range []string{"SECRET", "PASSWORD", "PASSWD", "CREDENTIAL"} {
			if strings.HasPrefix(p, pre) {
				return true
			}
		}
	}
	return false
}

// leakSecretVars returns the secret-looking variables expanded in a word.
func leakSecretVars(w Word) string {
	for _, v := range w.Vars {
		if leakSecretName(v) {
			return v
		}
	}
	return ""
}

// leakTextVar returns a secret-looking variable that the command's text
// expands ($NAME, ${NAME...}) outside single quotes. The walker drops an
// unquoted variable that is unset from the words, so the text is where
// `echo $API_KEY` is still seen.
func leakTextVar(text string) string {
	inDouble := false
	for i := 0; i < len(text); i++ {
		switch ch := text[i]; {
		case ch == '\\':
			i++
		case ch == '"':
			inDouble = !inDouble
		case ch == '\'' && !inDouble:
			if j := strings.IndexByte(text[i+1:], '\''); j >= 0 {
				i += j + 1
			} else {
				return ""
			}
		case ch == '$' && i+1 < len(text):
			j := i + 1
			if text[j] == '{' {
				j++
				if j < len(text) && (text[j] == '#' || text[j] == '!') {
					j++
				}
			}
			k := j
			for k < len(text) && (text[k] == '_' || text[k] >= 'a' && text[k] <= 'z' || text[k] >= 'A' && text[k] <= 'Z' || k > j && text[k] >= '0' && text[k] <= '9') {
				k++
			}
			if k > j && leakSecretName(text[j:k]) {
				return text[j:k]
			}
		}
	}
	return ""
}

// leakStdinPrinters show what they read on stdin.
var leakStdinPrinters = map[string]bool{"cat": true, "tac": true, "less": true, "more": true, "most": true,
	"head": true, "tail": true, "base64": true, "base32": true, "xxd": true, "od": true, "hexdump": true,
	"hd": true, "strings": true, "rev": true, "nl": true, "fold": true, "tee": true, "xclip": true, "xsel": true,
	"pbcopy": true, "wl-copy": true, "bat": true, "batcat": true}

func leakSecretVar(c *Command) []Hit {
	if len(c.Args) == 0 {
		return nil
	}
	name := c.Name()
	args := c.Args[1:]
	switch name {
	case "echo", "print":
		for _, a := range args {
			if v := leakSecretVars(a); v != "" {
				return hit(name + " prints $" + v + ", which by its name holds a secret")
			}
		}
		if v := leakTextVar(c.Text); v != "" {
			return hit(name + " prints $" + v + ", which by its name holds a secret")
		}
	case "printf":
		if len(args) > 0 && args[0].Known && strings.HasPrefix(args[0].Value, "-v") {
			return nil // assigns to a variable
		}
		for _, a := range args {
			if v := leakSecretVars(a); v != "" {
				return hit("printf prints $" + v + ", which by its name holds a secret")
			}
		}
		if v := leakTextVar(c.Text); v != "" && !strings.Contains(c.Text, "-v") {
			return hit("printf prints $" + v + ", which by its name holds a secret")
		}
	case "printenv":
		for _, a := range args {
			if a.Known && !strings.HasPrefix(a.Value, "-") && leakSecretName(a.Value) {
				return hit("printenv prints " + a.Value + ", which by its name holds a secret")
			}
		}
	case "declare", "typeset":
		p := false
		for _, a := range args {
			if a.Known && strings.HasPrefix(a.Value, "-") {
				p = p || strings.Contains(a.Value, "p")
				continue
			}
			if p && a.Known && leakSecretName(a.Value) {
				return hit(name + " -p prints " + a.Value + ", which by its name holds a secret")
			}
		}
	}
	if leakStdinPrinters[name] {
		if c.Stdin != nil {
			if v := leakSecretVars(*c.Stdin); v != "" {
				return hit(name + " prints $" + v + ", which by its name holds a secret")
			}
		}
		for _, r := range c.Redirects {
			if r.Op == "<<<" {
				if v := leakSecretVars(r.Target); v != "" {
					return hit(name + " prints $" + v + ", which by its name holds a secret")
				}
			}
		}
	}
	return nil
}

// leakResolve makes a path absolute and clean: ~ is the home directory,
// relative paths start at the working directory; what cannot be known is
// Unknown.
func leakResolve(c *Command, v string) string {
	switch {
	case v == "~" || strings.HasPrefix(v, "~/"):
		if c.Home != "" {
			v = c.Home + v[1:]
		} else {
			v = Unknown + v[1:]
		}
	case strings.HasPrefix(v, "~"):
		if i := strings.IndexByte(v, '/'); i >= 0 {
			v = "/home/" + Unknown + v[i:]
		}
	}
	if !strings.HasPrefix(v, "/") {
		if c.Dir != "" {
			v = c.Dir + "/" + v
		} else {
			v = "/" + Unknown + "/" + v
		}
	}
	return path.Clean(v)
}

// leakSecretFiles are files that hold secrets, by the end of their path.
var leakSecretFiles = []struct{ suffix, what string }{
	{"/.aws/credentials", "AWS credentials"},
	{"/.kube/config", "a Kubernetes config with cluster credentials"},
	{"/.docker/config.json", "Docker registry credentials"},
	{"/.config/gh/hosts.yml", "the GitHub CLI's token"},
	{"/.config/hub", "the hub CLI's GitHub token"},
	{"/.config/glab-cli/config.yml", "the GitLab CLI's token"},
	{"/.git-credentials", "saved git passwords"},
	{"/.config/git/credentials", "saved git passwords"},
	{"/.netrc", "saved login passwords (.netrc)"},
	{"/_netrc", "saved login passwords (.netrc)"},
	{"/.npmrc", "npm registry tokens"},
	{"/.yarnrc.yml", "yarn registry tokens"},
	{"/.pypirc", "PyPI upload tokens"},
	{"/.pgpass", "PostgreSQL passwords"},
	{"/.my.cnf", "MySQL passwords"},
	{"/.vault-token", "a Vault token"},
	{"/.terraform.d/credentials.tfrc.json", "Terraform Cloud tokens"},
	{"/.cargo/credentials", "crates.io tokens"},
	{"/.cargo/credentials.toml", "crates.io tokens"},
	{"/.gem/credentials", "RubyGems API keys"},
	{"/.config/gcloud/credentials.db", "Google Cloud credentials"},
	{"/.config/gcloud/access_tokens.db", "Google Cloud tokens"},
	{"/.config/gcloud/application_default_credentials.json", "Google Cloud credentials"},
	{"/.azure/accessTokens.json", "Azure tokens"},
	{"/.azure/msal_token_cache.json", "Azure tokens"},
	{"/.gnupg/secring.gpg", "GnuPG private keys"},
}

// leakHistoryFiles are shell and REPL history files, which often hold
// typed passwords and tokens.
var leakHistoryFiles = map[string]bool{".bash_history": true, ".zsh_history": true, ".zhistory": true,
	".histfile": true, ".sh_history": true, ".ash_history": true, ".ksh_history": true, ".history": true,
	"fish_history": true, ".python_history": true, ".psql_history": true, ".mysql_history": true,
	".sqlite_history": true, ".node_repl_history": true, ".rediscli_history": true, ".irb_history": true,
	".dbshell": true, ".mongosh_history": true}

// leakKeyNames are the file names ssh-keygen gives private keys.
var leakKeyNames = map[string]bool{"id_rsa": true, "id_dsa": true, "id_ecdsa": true, "id_ed25519": true,
	"id_ecdsa_sk": true, "id_ed25519_sk": true, "id_xmss": true, "identity": true}

// leakEnvTemplates are the suffixes of .env files that hold no secrets.
var leakEnvTemplates = map[string]bool{"example": true, "examples": true, "sample": true, "template": true,
	"tmpl": true, "tpl": true, "dist": true, "defaults": true, "schema": true}

// leakSecretPath says what secret a resolved path holds, "" when none.
func leakSecretPath(p string) string {
	b := path.Base(p)
	dir := path.Dir(p)
	switch {
	case b == ".env" || b == ".envrc":
		return "an environment file, which usually holds secrets"
	case strings.HasPrefix(b, ".env."):
		for _, part := range strings.Split(strings.ToLower(b[5:]), ".") {
			if leakEnvTemplates[part] {
				return ""
			}
		}
		return "an environment file, which usually holds secrets"
	case leakKeyNames[b] && (b != "identity" || path.Base(dir) == ".ssh"):
		return "a private SSH key"
	case path.Base(dir) == ".ssh" && strings.HasPrefix(b, "id_") && !strings.HasSuffix(b, ".pub"):
		return "a private SSH key"
	case dir == "/etc/ssh" && strings.HasPrefix(b, "ssh_host_") && strings.HasSuffix(b, "_key"):
		return "a private SSH host key"
	case strings.Contains(p, "/.gnupg/private-keys-v1.d/"):
		return "a GnuPG private key"
	case leakHistoryFiles[b]:
		return "a history file, which often holds typed passwords and tokens"
	case b == ".ssh" || b == ".gnupg":
		return "a directory of private keys"
	case b == ".aws" || b == ".kube" || strings.HasSuffix(p, "/.config/gcloud"):
		return "a directory of cloud credentials"
	}
	switch p {
	case "/etc/shadow", "/etc/gshadow", "/etc/shadow-", "/etc/gshadow-", "/etc/master.passwd", "/etc/security/opasswd":
		return "the system's password hashes"
	}
	for _, f := range leakSecretFiles {
		if strings.HasSuffix(p, f.suffix) {
			return f.what
		}
	}
	switch strings.ToLower(path.Ext(b)) {
	case ".key", ".p12", ".pfx", ".ppk", ".jks", ".keystore", ".p8":
		return "a private key or key store"
	case ".pem":
		lb := strings.ToLower(b)
		if strings.Contains(lb, "cert") || strings.Contains(lb, "chain") || strings.Contains(lb, "bundle") ||
			strings.Contains(lb, "pub") || strings.HasPrefix(lb, "ca") || strings.HasPrefix(dir, "/etc/ssl/certs") ||
			strings.HasPrefix(dir, "/usr/share/ca-certificates") || strings.HasPrefix(dir, "/etc/pki/ca-trust") {
			return ""
		}
		return "a private key or key store"
	}
	return ""
}

// leakGlobCandidates are names tried against a glob's last element.
var leakGlobCandidates = []string{".env", ".env.local", ".env.production", ".envrc", ".netrc", ".npmrc",
	".pgpass", ".git-credentials", ".bash_history", ".zsh_history", "x.pem", "x.key"}

// leakSecretWord says what secret a word names as a file, "" when none;
// shown is the path as a person reads it.
func leakSecretWord(c *Command, w Word) (what, shown string) {
	v := w.Value
	if v == "" || strings.Trim(v, Unknown) == "" {
		return "", ""
	}
	p := leakResolve(c, v)
	shown = leakDisplay(v)
	if !w.Glob || !strings.ContainsAny(path.Base(p), "*?[") {
		return leakSecretPath(p), shown
	}
	dir, pat := path.Dir(p), path.Base(p)
	onlyWild := strings.Trim(pat, "*?") == ""
	var cands []string
	switch path.Base(dir) {
	case ".ssh":
		cands = []string{"id_rsa", "id_ed25519", "id_ecdsa"}
	case ".aws":
		cands = []string{"credentials"}
	case ".kube":
		cands = []string{"config"}
	case ".docker":
		cands = []string{"config.json"}
	}
	if !onlyWild {
		cands = append(cands, leakGlobCandidates...)
	}
	for _, cand := range cands {
		if strings.HasPrefix(cand, ".") && !strings.HasPrefix(pat, ".") {
			continue // * does not match dot files
		}
		if ok, err := path.Match(pat, cand); ok && err == nil {
			if what := leakSecretPath(dir + "/" + cand); what != "" {
				return what, shown
			}
		}
	}
	return "", ""
}

// leakReader describes how a program reads files: which operands are files.
type leakReader struct {
	verb string
	// firstNotFile: the first operand is a pattern, script or filter,
	// unless one of patOpts gives it.
	firstNotFile bool
	patOpts      string // options that give the pattern ("-e -f")
	valued       string // options that take a separate value
	quiet        string // options under which nothing of the content is shown
	// sources: all operands but the last are read (cp).
	sources bool
	// stdinOnly: operands are not files read (tee writes them, tr's are
	// sets); only an input redirect is read.
	stdinOnly bool
}

var (
	leakPrinter = &leakReader{verb: "shows"}
	leakHead    = &leakReader{verb: "shows", valued: "-n -c --lines --bytes -s --sleep-interval --pid"}
	leakWrap    = &leakReader{verb: "shows", valued: "-w --wrap --width -l -s -c -g -A -j -N -t -k -o -S -T -d -f -b"}
	leakStdin   = &leakReader{verb: "reads", stdinOnly: true}
	leakEditor  = &leakReader{verb: "opens"}
	leakGrep    = &leakReader{verb: "prints lines of", firstNotFile: true, patOpts: "-e -f --regexp --file",
		valued: "-e -f -m -A -B -C -d -D --regexp --file --max-count --context --after-context --before-context -g -t -T -M -j --glob --type --type-not --max-columns --threads",
		quiet:  "-q -c -l -L --quiet --silent --count --files-with-matches --files-without-match --files-with-match"}
	leakSed = &leakReader{verb: "prints", firstNotFile: true, patOpts: "-e -f --expression --file", valued: "-e -f -l --expression --file --line-length",
		quiet: "-i --in-place"}
	leakAwk  = &leakReader{verb: "prints", firstNotFile: true, patOpts: "-f -e --file --source", valued: "-F -v -f -e -i -l -W --field-separator --assign --file --source --include --load"}
	leakJq   = &leakReader{verb: "prints", firstNotFile: true, patOpts: "-f --from-file", valued: "-f --from-file --indent --arg --argjson --slurpfile --rawfile"}
	leakCp   = &leakReader{verb: "copies", sources: true, valued: "-t -S --target-directory --suffix"}
	leakDiff = &leakReader{verb: "shows", valued: "-U -C -W -I -x -X --label --width --ignore-matching-lines"}
)

// leakReaders lists the programs that show, open or copy a file's content.
var leakReaders = map[string]*leakReader{
	"cat": leakPrinter, "tac": leakPrinter, "less": leakPrinter, "more": leakPrinter, "most": leakPrinter,
	"pg": leakPrinter, "head": leakHead, "tail": leakHead, "bat": leakPrinter, "batcat": leakPrinter,
	"nl": leakPrinter, "strings": leakPrinter, "xxd": leakWrap, "hexdump": leakWrap, "hd": leakWrap,
	"od": leakWrap, "base64": leakWrap, "base32": leakWrap, "basenc": leakWrap, "uuencode": leakPrinter,
	"sort": leakWrap, "uniq": leakWrap, "cut": leakWrap, "paste": leakWrap, "column": leakWrap,
	"fold": leakWrap, "fmt": leakWrap, "pr": leakPrinter, "rev": leakPrinter, "expand": leakPrinter,
	"iconv": leakWrap, "zcat": leakPrinter, "view": leakPrinter, "xclip": leakPrinter, "xsel": leakStdin,
	"wl-copy": leakStdin, "pbcopy": leakStdin, "tr": leakStdin, "tee": leakStdin, "dd": leakStdin,
	"diff": leakDiff, "sdiff": leakDiff, "vimdiff": leakDiff, "comm": leakDiff, "join": leakDiff,
	"vim": leakEditor, "vi": leakEditor, "nvim": leakEditor, "nano": leakEditor, "pico": leakEditor,
	"emacs": leakEditor, "emacsclient": leakEditor, "code": leakEditor, "codium": leakEditor, "subl": leakEditor,
	"micro": leakEditor, "gedit": leakEditor, "kate": leakEditor, "mousepad": leakEditor, "joe": leakEditor,
	"mcedit": leakEditor, "ne": leakEditor, "ed": leakEditor, "ex": leakEditor, "hx": leakEditor, "helix": leakEditor,
	"grep": leakGrep, "egrep": leakGrep, "fgrep": leakGrep, "rg": leakGrep, "ag": leakGrep, "ack": leakGrep,
	"zgrep": leakGrep, "sed": leakSed, "awk": leakAwk, "gawk": leakAwk, "mawk": leakAwk, "nawk": leakAwk,
	"jq": leakJq, "gojq": leakJq, "yq": leakJq, "cp": leakCp,
}

// leakReaderProgs lists the programs of leakReaders, for builtin.progs.
func leakReaderProgs() []string {
	ps := make([]string, 0, len(leakReaders))
	for k := range leakReaders {
		ps = append(ps, k)
	}
	sort.Strings(ps)
	return ps
}

// leakFields returns the words that are files to rd, as far as options go.
func (rd *leakReader) files(args []Word) (files []Word, quiet bool) {
	has := func(list, v string) bool {
		for _, f := range strings.Fields(list) {
			if f == v {
				return true
			}
		}
		return false
	}
	patGiven, target := false, false
	var ops []Word
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.Value
		if a.Known && v == "--" {
			ops = append(ops, args[i+1:]...)
			break
		}
		if !a.Known || !strings.HasPrefix(v, "-") || v == "-" {
			ops = append(ops, a)
			continue
		}
		name, _, hasVal := strings.Cut(v, "=")
		if has(rd.quiet, name) {
			quiet = true
		}
		if has(rd.patOpts, name) || len(name) > 2 && !strings.HasPrefix(name, "--") && has(rd.patOpts, name[:2]) {
			patGiven = true
		}
		if name == "-t" || name == "--target-directory" {
			target = rd.sources
		}
		if has(rd.valued, name) && !hasVal {
			if name == "--arg" || name == "--argjson" || name == "--slurpfile" || name == "--rawfile" {
				i++
			}
			i++
		}
		if !strings.HasPrefix(v, "--") && len(v) > 2 && rd == leakGrep {
			// Bundled flags: -rn, -qi; a quiet letter anywhere counts.
			if strings.ContainsAny(v[1:], "qclL") && !strings.ContainsAny(v[1:], "ABCmefdDgtTMj0123456789") {
				quiet = true
			}
		}
	}
	if rd.firstNotFile && !patGiven && len(ops) > 0 {
		ops = ops[1:]
	}
	if rd == leakJq && len(ops) > 0 && ops[0].Known {
		switch ops[0].Value {
		case "e", "eval", "ea", "eval-all":
			ops = ops[1:]
		}
	}
	if rd.sources && !target && len(ops) > 0 {
		ops = ops[:len(ops)-1]
	}
	return ops, quiet
}

func leakReadSecretFile(c *Command) []Hit {
	if len(c.Args) == 0 || leakHelp(c) {
		return nil
	}
	name := c.Name()
	rd := leakReaders[name]
	if rd == nil {
		return nil
	}
	files, quiet := rd.files(c.Args[1:])
	if quiet {
		return nil
	}
	if rd.stdinOnly {
		files = nil
	}
	if name == "dd" {
		for _, a := range c.Args[1:] {
			if strings.HasPrefix(a.Value, "if=") {
				w := a
				w.Value = a.Value[3:]
				files = append(files, w)
			}
		}
	}
	for _, r := range c.Redirects {
		if r.Op == "<" {
			files = append(files, r.Target)
		}
	}
	for _, f := range files {
		if what, shown := leakSecretWord(c, f); what != "" {
			return hit(name + " " + rd.verb + " " + shown + ": " + what)
		}
	}
	return nil
}

// leakOperands returns a command's operands after skipping options and the
// values of those in valued; unknown words are Unknown.
func leakOperands(args []Word, valued map[string]bool) []string {
	var ops []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !a.Known {
			ops = append(ops, Unknown)
			continue
		}
		v := a.Value
		if v == "--" {
			for _, b := range args[i+1:] {
				ops = append(ops, b.Value)
			}
			break
		}
		if strings.HasPrefix(v, "-") && len(v) > 1 {
			if valued[v] {
				i++
			}
			continue
		}
		ops = append(ops, v)
	}
	return ops
}

// leakHasOpt reports an option among args: exactly one of opts, or a short
// option letter of shorts bundled in a word (-gw).
func leakHasOpt(args []Word, shorts string, opts ...string) bool {
	for _, a := range args {
		if !a.Known {
			continue
		}
		v := a.Value
		for _, o := range opts {
			if v == o || strings.HasPrefix(v, o+"=") && strings.HasPrefix(o, "--") {
				return true
			}
		}
		if shorts != "" && len(v) > 1 && v[0] == '-' && v[1] != '-' && strings.ContainsAny(v[1:], shorts) {
			return true
		}
	}
	return false
}

// leakSeq reports that ops starts with the given words.
func leakSeq(ops []string, words ...string) bool {
	if len(ops) < len(words) {
		return false
	}
	for i, w := range words {
		if ops[i] != w {
			return false
		}
	}
	return true
}

func leakFlagSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, f := range strings.Fields(s) {
		m[f] = true
	}
	return m
}

var (
	leakKubeValued = leakFlagSet("-n --namespace --context --kubeconfig --cluster --user -l --selector -o --output --field-selector -c --container -s --server --token --as --as-group --request-timeout --sort-by --template -L --label-columns --chunk-size")
	leakAwsValued  = leakFlagSet("--profile --region --output --endpoint-url --query --color --ca-bundle --cli-read-timeout --cli-connect-timeout --cli-binary-format")
	leakGhValued   = leakFlagSet("-R --repo -h --hostname")
	leakGitValued  = leakFlagSet("-C -c --git-dir --work-tree --namespace")
)

func leakTokenCLI(c *Command) []Hit {
	if len(c.Args) == 0 || leakHelp(c) {
		return nil
	}
	name := c.Name()
	args := c.Args[1:]
	say := func(what string) []Hit { return hit(what) }
	switch name {
	case "gh", "glab":
		ops := leakOperands(args, leakGhValued)
		if leakSeq(ops, "auth", "token") {
			return say(name + " auth token prints the CLI's access token")
		}
		if leakSeq(ops, "auth", "status") && leakHasOpt(args, "t", "--show-token") {
			return say(name + " auth status --show-token prints the CLI's access token")
		}
	case "gcloud":
		ops := leakOperands(args, leakFlagSet("--project --account --configuration --impersonate-service-account --format --verbosity"))
		for i := range ops {
			if ops[i] == "auth" && i+1 < len(ops) {
				next := ops[i+1]
				if next == "application-default" && i+2 < len(ops) {
					next = ops[i+2]
				}
				if next == "print-access-token" || next == "print-identity-token" {
					return say("gcloud auth " + next + " prints a Google Cloud token")
				}
			}
			if leakSeq(ops[i:], "config", "config-helper") {
				return say("gcloud config config-helper prints a Google Cloud access token")
			}
		}
	case "aws":
		return leakAws(leakOperands(args, leakAwsValued), args)
	case "kubectl", "oc":
		return leakKube(name, leakOperands(args, leakKubeValued), args)
	case "vault":
		ops := leakOperands(args, nil)
		switch {
		case leakSeq(ops, "kv", "get"):
			return say("vault kv get prints the secret's values")
		case leakSeq(ops, "read"):
			return say("vault read prints the secret's values")
		case leakSeq(ops, "print", "token"):
			return say("vault print token prints the Vault token")
		case leakSeq(ops, "token", "create"):
			return say("vault token create prints a new Vault token")
		}
	case "op":
		ops := leakOperands(args, leakFlagSet("--account --vault --fields --format --session"))
		switch {
		case leakSeq(ops, "read"):
			return say("op read prints a 1Password secret")
		case leakSeq(ops, "item", "get") && leakHasOpt(args, "", "--reveal"):
			return say("op item get --reveal prints 1Password secrets")
		}
	case "pass", "gopass":
		ops := leakOperands(args, nil)
		if len(ops) == 0 {
			return nil
		}
		switch ops[0] {
		case "otp":
			if len(ops) > 1 && (ops[1] == "insert" || ops[1] == "append" || ops[1] == "validate") {
				return nil
			}
			return say(name + " otp prints one-time codes from stored secrets")
		case "show", "grep", "cat":
			return say(name + " " + ops[0] + " prints stored passwords")
		case "init", "ls", "list", "find", "search", "insert", "add", "edit", "generate", "rm", "remove", "delete",
			"mv", "rename", "cp", "copy", "git", "help", "version", "sync", "setup", "config", "audit", "fsck",
			"mounts", "new", "create", "templates", "recipients", "alias", "clone", "completion", "convert",
			"fscopy", "fsmove", "history", "hist", "link", "merge", "pwgen", "rcs", "unclip", "update", "age", "env":
			return nil
		}
		return say(name + " " + leakDisplay(ops[0]) + " prints the stored password")
	case "security":
		ops := leakOperands(args, leakFlagSet("-a -s -c -C -D -j -l -r -t -k -d"))
		if len(ops) > 0 && (ops[0] == "find-generic-password" || ops[0] == "find-internet-password") && leakHasOpt(args, "wg") {
			return say("security " + ops[0] + " -w prints a keychain password")
		}
		if len(ops) > 0 && ops[0] == "dump-keychain" && leakHasOpt(args, "d") {
			return say("security dump-keychain -d prints the keychain's secrets")
		}
	case "heroku":
		if ops := leakOperands(args, nil); leakSeq(ops, "auth:token") {
			return say("heroku auth:token prints the Heroku API token")
		}
	case "az":
		if ops := leakOperands(args, leakFlagSet("--subscription --resource --scope --tenant -o --output --query")); leakSeq(ops, "account", "get-access-token") {
			return say("az account get-access-token prints an Azure token")
		}
	case "bw":
		if ops := leakOperands(args, nil); len(ops) > 1 && ops[0] == "get" && (ops[1] == "password" || ops[1] == "item" || ops[1] == "notes" || ops[1] == "totp") {
			return say("bw get " + ops[1] + " prints a Bitwarden secret")
		}
	case "lpass":
		if ops := leakOperands(args, nil); leakSeq(ops, "show") {
			return say("lpass show prints a LastPass secret")
		}
	case "gpg", "gpg2":
		if leakHasOpt(args, "", "--export-secret-keys", "--export-secret-key", "--export-secret-subkeys") {
			return say(name + " --export-secret-keys prints private keys")
		}
	case "git":
		if ops := leakOperands(args, leakGitValued); leakSeq(ops, "credential", "fill") {
			return say("git credential fill prints a saved password")
		}
	}
	if strings.HasPrefix(name, "docker-credential-") {
		if ops := leakOperands(args, nil); leakSeq(ops, "get") {
			return say(name + " get prints a registry password")
		}
	}
	return nil
}

func leakAws(ops []string, args []Word) []Hit {
	if len(ops) < 2 {
		return nil
	}
	svc, op := ops[0], ops[1]
	switch svc {
	case "configure":
		if op == "get" && len(ops) > 2 {
			k := strings.ToLower(ops[2])
			if strings.Contains(k, "secret") || strings.Contains(k, "token") || ops[2] == Unknown {
				return hit("aws configure get " + leakDisplay(ops[2]) + " prints an AWS secret")
			}
		}
		if op == "export-credentials" {
			return hit("aws configure export-credentials prints AWS credentials")
		}
	case "sts":
		switch op {
		case "get-session-token", "assume-role", "get-federation-token", "assume-role-with-web-identity", "assume-role-with-saml":
			return hit("aws sts " + op + " prints temporary AWS credentials")
		}
	case "ecr", "ecr-public":
		if op == "get-login-password" || op == "get-authorization-token" {
			return hit("aws " + svc + " " + op + " prints a registry password")
		}
	case "codeartifact":
		if op == "get-authorization-token" {
			return hit("aws codeartifact get-authorization-token prints a repository token")
		}
	case "secretsmanager":
		if op == "get-secret-value" || op == "batch-get-secret-value" {
			return hit("aws secretsmanager " + op + " prints a secret's value")
		}
	case "ssm":
		if strings.HasPrefix(op, "get-parameter") && leakHasOpt(args, "", "--with-decryption") {
			return hit("aws ssm " + op + " --with-decryption prints secret parameters")
		}
	case "iam":
		if op == "create-access-key" {
			return hit("aws iam create-access-key prints a new secret access key")
		}
	}
	return nil
}

func leakKube(name string, ops []string, args []Word) []Hit {
	switch {
	case leakSeq(ops, "config", "view"):
		if leakHasOpt(args, "", "--raw", "--flatten") {
			return hit(name + " config view --raw prints cluster credentials")
		}
	case leakSeq(ops, "create", "token"):
		return hit(name + " create token prints a service account token")
	case len(ops) > 1 && ops[0] == "get":
		secret := false
		for _, r := range strings.Split(ops[1], ",") {
			r = strings.ToLower(r)
			if i := strings.IndexByte(r, '/'); i >= 0 {
				r = r[:i]
			}
			if r == "secret" || r == "secrets" || r == "secret.v1" || r == Unknown {
				secret = true
			}
		}
		if !secret {
			return nil
		}
		out := ""
		for i := 0; i < len(args); i++ {
			a := args[i]
			if !a.Known {
				continue
			}
			v := a.Value
			switch {
			case v == "-o" || v == "--output":
				if i+1 < len(args) {
					out = args[i+1].Value
				}
			case strings.HasPrefix(v, "--output="):
				out = v[len("--output="):]
			case strings.HasPrefix(v, "-o"):
				out = strings.TrimPrefix(v[2:], "=")
			case v == "--template" || strings.HasPrefix(v, "--template="):
				out = "go-template"
			}
		}
		if out != "" && out != "wide" && out != "name" {
			return hit(name + " get secret -o " + leakDisplay(out) + " prints the secret's values")
		}
	}
	return nil
}

// leakTokenProgs are the programs leakTokenCLI looks at (besides the
// docker-credential-* helpers).
var leakTokenProgs = []string{"gh", "glab", "gcloud", "aws", "kubectl", "oc", "vault", "op", "pass", "gopass",
	"security", "heroku", "az", "bw", "lpass", "gpg", "gpg2", "git"}
