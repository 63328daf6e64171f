package rules

// Token CLIs that print credentials: gh, aws, kubectl, vault, pass and more.

import (
	"strings"
	"sync"
)

// The valued flags of the token CLIs, made the first time one is checked.
var (
	leakKubeValued = leakFlagSetOnce("-n --namespace --context --kubeconfig --cluster --user -l --selector -o --output --field-selector -c --container -s --server --token --as --as-group --request-timeout --sort-by --template -L --label-columns --chunk-size")
	leakAwsValued  = leakFlagSetOnce("--profile --region --output --endpoint-url --query --color --ca-bundle --cli-read-timeout --cli-connect-timeout --cli-binary-format")
	leakGhValued   = leakFlagSetOnce("-R --repo -h --hostname")
	leakGitValued  = leakFlagSetOnce("-C -c --git-dir --work-tree --namespace")
)

// leakFlagSetOnce is leakFlagSet(s), made at its first use.
func leakFlagSetOnce(s string) func() map[string]bool {
	return sync.OnceValue(func() map[string]bool { return leakFlagSet(s) })
}

func leakTokenCLI(c *Command) []Hit {
	if len(c.Args) == 0 || leakHelp(c) {
		return nil
	}
	name := c.Name()
	args := c.Args[1:]
	say := func(what string) []Hit { return hit(what) }
	switch name {
	case "gh", "glab":
		ops := leakOperands(args, leakGhValued())
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
		return leakAws(leakOperands(args, leakAwsValued()), args)
	case "kubectl", "oc":
		return leakKube(name, leakOperands(args, leakKubeValued()), args)
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
		if ops := leakOperands(args, leakGitValued()); leakSeq(ops, "credential", "fill") {
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
