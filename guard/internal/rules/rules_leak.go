package rules

import (
	"strings"

	"guardsh/internal/argv"
)

// Rule names of the leak family.
const (
	RuleEnvDump        = "env_dump"
	RuleProcEnviron    = "proc_environ"
	RuleSecretVar      = "secret_var"
	RuleReadSecretFile = "read_secret_file"
	RuleTokenCLI       = "token_cli"
)

// LeakRules returns the built-in rules of this family: commands that show
// secrets on screen (info_leak). Metadata (stat, wc, test -f, ls, public
// keys) is not a leak.
func LeakRules() []Builtin {
	return []Builtin{
		{Rule: Rule{Name: RuleEnvDump, Level: InfoLeak,
			Description: "prints every environment or shell variable, tokens and keys included: env or printenv with nothing to run or name, export -p, declare -x/-p, typeset -x, set with no arguments, ps e",
			Example:     "env"}, Check: leakEnvDump,
			Progs: []string{"env", "printenv", "export", "declare", "typeset", "set", "ps"}},
		{Rule: Rule{Name: RuleProcEnviron, Level: InfoLeak,
			Description: "reads a process's environment, secrets included, from /proc/PID/environ",
			Example:     "cat /proc/self/environ"}, Check: leakProcEnviron},
		{Rule: Rule{Name: RuleSecretVar, Level: InfoLeak,
			Description: "prints a variable whose name says it holds a secret (TOKEN, KEY, SECRET, PASS, PASSWORD, CREDENTIAL, PRIVATE) with echo, printf, printenv NAME, declare -p NAME or a here-string",
			Example:     "echo $AWS_SECRET_ACCESS_KEY"}, Check: leakSecretVar,
			Progs: netProgs([]map[string]bool{leakStdinPrinters}, "echo", "print", "printf", "printenv", "declare", "typeset")},
		{Rule: Rule{Name: RuleReadSecretFile, Level: InfoLeak,
			Description: "shows, copies or opens a file that holds secrets: private keys (~/.ssh/id_*, *.pem, *.key), .env files, cloud, registry and git credentials (~/.aws/credentials, ~/.kube/config, ~/.netrc, ~/.npmrc, ~/.docker/config.json, gh's hosts.yml...), /etc/shadow, shell history",
			Example:     "cat ~/.ssh/id_rsa"}, Check: leakReadSecretFile, Progs: leakReaderProgs()},
		{Rule: Rule{Name: RuleTokenCLI, Level: InfoLeak,
			Description: "asks a CLI to print a token, password or private key: gh auth token, gcloud auth print-access-token, aws configure get of a secret, aws sts get-session-token, kubectl get secret -o yaml, vault kv get, op read, pass show, security find-generic-password -w",
			Example:     "gh auth token"}, Check: leakTokenCLI,
			Progs: leakTokenProgs, Prefixes: []string{"docker-credential-"}},
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
		if argv.IsOption(v) {
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
			// A long option with its value attached: --NAME=VALUE.
			if v == o || strings.HasPrefix(v, o+"=") && strings.HasPrefix(o, "--") {
				return true
			}
		}
		if shorts != "" && argv.IsShortBundle(v) && strings.ContainsAny(v[1:], shorts) {
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
