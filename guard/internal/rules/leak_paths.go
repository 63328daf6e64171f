package rules

// Secret file paths: credentials, keys, .env files, shell history.

import (
	"path"
	"strings"
)

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
	{"/.gnupg/secring.gpg", whatGnuPGKeys},
}

// What leakSecretPath says of the private keys it knows by their place
// or name (not by a file name's extension: .key, .pem): the keys
// destroy_key protects from being lost (PrivateKey).
const (
	whatSSHKey    = "a private SSH key"
	whatHostKey   = "a private SSH host key"
	whatGnuPGKey  = "a GnuPG private key"
	whatGnuPGKeys = "GnuPG private keys"
)

// PrivateKey says which private key a path (absolute, cleaned) is, as the
// leak rules know it: an SSH key (id_* but not its .pub, ~/.ssh/identity),
// a host key of /etc/ssh, a GnuPG key (secring.gpg, private-keys-v1.d);
// "" for any other path. A file taken for a key by its extension only
// (.key, .pem, .p12: test fixtures, key stores that tools rewrite) is not
// one.
func PrivateKey(p string) string {
	// Every such key is named id_*, identity or ssh_host_*, or is under
	// .gnupg: the rest (most paths, at each call) is left at once.
	b := p[strings.LastIndexByte(p, '/')+1:]
	if !strings.HasPrefix(b, "id_") && b != "identity" && !strings.HasPrefix(b, "ssh_host_") && !strings.Contains(p, "/.gnupg/") {
		return ""
	}
	switch what := leakSecretPath(p); what {
	case whatSSHKey, whatHostKey, whatGnuPGKey, whatGnuPGKeys:
		return what
	}
	return ""
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
		return whatSSHKey
	case path.Base(dir) == ".ssh" && strings.HasPrefix(b, "id_") && !strings.HasSuffix(b, ".pub"):
		return whatSSHKey
	case dir == "/etc/ssh" && strings.HasPrefix(b, "ssh_host_") && strings.HasSuffix(b, "_key"):
		return whatHostKey
	case strings.Contains(p, "/.gnupg/private-keys-v1.d/"):
		return whatGnuPGKey
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
