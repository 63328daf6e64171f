package allowlist

import (
	"regexp"
	"strings"
	"sync"
)

// aws has thousands of operations; auto mode allows them by the shape of
// their names: describe-*, list-* and get-*. Names that print a secret
// (tokens, keys, passwords, credentials, secret values) or write a
// download to a file ask, and so do the flags that send the request
// elsewhere or over unchecked TLS, read its input from a file, or log it
// with its credentials.

// awsGlobalsWithValue are the aws global options that take a value.
var awsGlobalsWithValue = lazyWords("output query profile region color cli-read-timeout cli-connect-timeout cli-binary-format")

// awsGlobalBools are the aws global options that take none.
var awsGlobalBools = lazyWords("no-paginate no-sign-request no-cli-pager no-cli-auto-prompt")

// awsDenied are aws options auto mode refuses, with the reason. aws
// (argparse) takes a unique abbreviation of any of them too.
var awsDenied = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"endpoint-url":          "aws --endpoint-url sends the signed request, with its session token, elsewhere",
		"debug":                 "aws --debug logs the request with its credentials",
		"cli-input-json":        "aws --cli-input-json reads the request from a file",
		"cli-input-yaml":        "aws --cli-input-yaml reads the request from a file",
		"cli-auto-prompt":       "aws --cli-auto-prompt is interactive",
		"with-decryption":       "aws --with-decryption prints decrypted secrets",
		"generate-cli-skeleton": "aws --generate-cli-skeleton is not a query",
		"no-verify-ssl":         "aws --no-verify-ssl lets anyone on the way read the signed request and its session token",
		"ca-bundle":             "aws --ca-bundle lets another authority vouch for the endpoint",
		"unmask":                "aws logs --unmask prints the data CloudWatch masks (keys, tokens)",
		"with-secret":           "aws --with-secret prints the connection's secret",
		"include-value":         "aws --include-value prints the API key",
		"include-values":        "aws --include-values prints the API keys",
	}
})

// awsSecretOps are read operations whose answer holds plaintext secrets:
// a function's or task's environment variables, launch templates' user
// data.
var awsSecretOps = lazyWords("lambda/get-function lambda/list-functions ec2/describe-launch-template-versions ecs/describe-task-definition")

// awsSecretWords in a get-* operation's name mean that it prints a secret
// (get-secret-value, get-login-password, get-session-token...) or writes
// a download to an output file (get-object, get-job-output, get-media...).
var awsSecretWords = lazyWords("secret password token credential login access key session decrypt auth object media clip asset tile block chunk output export sdk shadow content read-set reference frame profile configuration download")

// awsOperation matches the read-only operation names. It is compiled
// when first needed, not at start-up.
var awsOperation = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(describe|list|get)-[a-z0-9-]+$`)
})

// checkAws allows aws SERVICE describe-*|list-*|get-* (but names that
// print secrets or write files), aws s3 ls, aws configure list and
// list-profiles, and aws --version.
func checkAws(c *Call) string {
	var words []string
	extra := "" // why an operand after the operation asks
	args := c.Args
	for i := 0; i < len(args); i++ {
		t := args[i].Text
		if strings.HasPrefix(t, "file://") || strings.HasPrefix(t, "fileb://") {
			return "aws reads " + quoteArg(t) + " as a parameter"
		}
		if name, ok := strings.CutPrefix(t, "--"); ok {
			name, _, hasEq := strings.Cut(name, "=")
			if name == "" {
				return "aws does not take --"
			}
			for d, why := range awsDenied() {
				if strings.HasPrefix(d, name) {
					return why
				}
			}
			switch {
			case name == "version" && len(args) == 1:
				return ""
			case contains(awsGlobalBools(), name):
				if hasEq {
					return "aws --" + name + " takes no value"
				}
			case contains(awsGlobalsWithValue(), name) || len(words) >= 2:
				if name == "attribute" && strings.HasPrefix(strings.ToLower(awsValue(args, i, t)), "userdata") {
					return "aws --attribute userData prints the instance's user data, secrets too"
				}
				if !hasEq && i+1 >= len(args) && contains(awsGlobalsWithValue(), name) {
					return "aws --" + name + " needs a value"
				}
				// A service flag's value is the next word, unless that is
				// a flag (the service flag was a boolean one).
				if !hasEq && i+1 < len(args) && !strings.HasPrefix(args[i+1].Text, "--") {
					i++
					if strings.HasPrefix(args[i].Text, "file://") || strings.HasPrefix(args[i].Text, "fileb://") {
						return "aws reads " + quoteArg(args[i].Text) + " as a parameter"
					}
				}
			default:
				return "unknown flag --" + name + " for aws"
			}
			continue
		}
		if strings.HasPrefix(t, "-") {
			return "unknown flag " + t + " for aws"
		}
		if t == "help" {
			return "aws help starts a pager"
		}
		if len(words) < 2 {
			words = append(words, t)
			continue
		}
		if len(words) == 2 && words[0] == "s3" && words[1] == "ls" {
			words = append(words, t) // the one S3 URI of s3 ls
			continue
		}
		if extra == "" {
			extra = "aws " + strings.Join(words, " ") + " takes no operand here (it may be an output file)"
		}
	}
	if len(words) < 2 {
		return "aws needs a service and an operation"
	}
	svc, op := words[0], words[1]
	switch {
	case svc == "s3":
		if op == "ls" {
			return ""
		}
		return "`aws s3 " + op + "` is not a known read-only command (only s3 ls)"
	case svc == "configure":
		if op == "list" || op == "list-profiles" {
			return ""
		}
		return "`aws configure " + op + "` may print or change credentials"
	case !awsOperation().MatchString(op):
		return "`aws " + svc + " " + op + "` is not a describe-, list- or get- operation"
	case contains(awsSecretOps(), svc+"/"+op):
		return "`aws " + svc + " " + op + "` prints environment variables or user data, secrets too"
	case strings.HasPrefix(op, "get-"):
		for _, s := range awsSecretWords() {
			if strings.Contains(op, s) {
				return "`aws " + svc + " " + op + "` may print a secret or write a file"
			}
		}
	}
	return extra
}

// awsValue returns the value of the flag at args[i] (spelled t): after
// '=' or in the next word.
func awsValue(args []Arg, i int, t string) string {
	if _, v, ok := strings.Cut(t, "="); ok {
		return v
	}
	if i+1 < len(args) {
		return args[i+1].Text
	}
	return ""
}
