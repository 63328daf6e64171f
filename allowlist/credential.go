package allowlist

import (
	"path"
	"slices"
	"strings"
)

// secretDirs hold credentials as a whole: any path in them, or the
// directory itself (a recursive search would read it), is a credential.
var secretDirs = []string{".aws", ".kube", ".gnupg", ".docker", ".password-store", ".azure", "gcloud"}

// secretFiles are base names of files that hold secrets.
var secretFiles = []string{
	".netrc", "_netrc", ".git-credentials", ".pgpass", ".npmrc", ".pypirc",
	".my.cnf", ".boto", ".s3cfg", ".vault-token", "credentials",
	"shadow", "shadow-", "gshadow", "gshadow-", "environ", "master.key",
	".bash_history", ".zsh_history", ".sh_history", ".history", ".python_history",
	".psql_history", ".mysql_history", ".node_repl_history", ".sqlite_history",
	".lesshst", "fish_history", ".rediscli_history", ".irb_history",
}

// keyPrefixes start the base names of SSH private keys.
var keyPrefixes = []string{"id_rsa", "id_dsa", "id_ecdsa", "id_ed25519", "id_xmss"}

// keySuffixes end the base names of files that usually hold private keys.
var keySuffixes = []string{".key", ".pem", ".p12", ".pfx", ".jks", ".keystore", ".ppk"}

// sshPublic are the files in ~/.ssh that hold no secret.
var sshPublic = []string{"known_hosts", "known_hosts.old", "authorized_keys", "config"}

// envExamples are the .env files meant to be committed.
var envExamples = []string{".example", ".sample", ".template", ".dist", ".defaults"}

// secretSamples are names a glob is matched against: if a glob could
// name one of them, it could name a credential.
var secretSamples = []string{
	".ssh", "id_rsa", "id_ed25519", "id_ecdsa", "id_dsa", ".env", ".env.local",
	"prod.env", "server.key", "key.pem", "cert.p12", ".aws", ".kube", ".gnupg",
	".docker", ".config", "gh", "hosts.yml", ".netrc", ".git-credentials",
	".pgpass", ".npmrc", ".pypirc", "credentials", "shadow", "gshadow", "environ",
	".bash_history", ".zsh_history", ".history", "proc", "etc", "self", "1",
	"guardsh", "history", ".password-store", "gcloud", "fish_history",
}

// credential returns why an argument names (or, as a glob, may name) a
// file that holds credentials, or "".
func credential(a Arg) string {
	if a.Glob {
		return globCredential(a.Text)
	}
	if isCredential(a.Text) {
		return quoteArg(a.Text) + " may hold credentials"
	}
	return ""
}

// isCredential reports whether a path names a credential file. It looks
// at path components only, so it also catches `HEAD:.env`, `--file=.env`.
func isCredential(p string) bool {
	p = strings.ReplaceAll(p, "=", "/")
	p = strings.ReplaceAll(p, ":", "/")
	comps := strings.Split(p, "/")
	comps = slices.DeleteFunc(comps, func(c string) bool { return c == "" || c == "." })
	for i, c := range comps {
		last := i == len(comps)-1
		switch {
		case slices.Contains(secretDirs, c):
			return true
		case c == ".ssh":
			if last {
				return true
			}
			n := comps[i+1]
			if !strings.HasSuffix(n, ".pub") && !slices.Contains(sshPublic, n) {
				return true
			}
		case c == "gh" && !last && comps[i+1] == "hosts.yml":
			return true
		case c == "guardsh" && !last && (comps[i+1] == "history" || comps[i+1] == "audit.jsonl"):
			return true
		}
		if slices.Contains(secretFiles, c) {
			return true
		}
		if isEnvFile(c) {
			return true
		}
		for _, k := range keyPrefixes {
			if strings.HasPrefix(c, k) && !strings.HasSuffix(c, ".pub") {
				return true
			}
		}
		for _, k := range keySuffixes {
			if strings.HasSuffix(c, k) && len(c) > len(k) {
				return true
			}
		}
	}
	return false
}

// checkRecursive refuses a recursive search (grep -r, rg) of a directory
// that holds credential directories: a home directory, /, /root, /home,
// /etc, /proc.
func checkRecursive(c *Call) string {
	recursive := c.Name == "rg" || c.Has("-r", "-R", "--recursive", "--dereference-recursive")
	for _, d := range c.Values("-d", "--directories") {
		recursive = recursive || d == "recurse"
	}
	if !recursive {
		return ""
	}
	for _, o := range c.Operands {
		if homeish(o.Text) {
			return "a recursive search of " + quoteArg(o.Text) + " reads credential files"
		}
	}
	return ""
}

// homeish reports a directory that holds home directories or system
// secrets.
func homeish(p string) bool {
	if strings.HasPrefix(p, "~") {
		i := strings.IndexByte(p, '/')
		if i < 0 {
			return true // ~ or ~user
		}
		rest := strings.Trim(p[i:], "/")
		return rest == "" || rest == "."
	}
	if !strings.HasPrefix(p, "/") {
		return false
	}
	c := path.Clean(p)
	switch c {
	case "/", "/root", "/home", "/etc", "/proc", "/var", "/run", "/Users":
		return true
	}
	return path.Dir(c) == "/home" || path.Dir(c) == "/Users"
}

// isEnvFile reports whether a base name is a dotenv file: .env, .env.local,
// prod.env, but not .env.example.
func isEnvFile(b string) bool {
	switch {
	case b == ".env":
		return true
	case strings.HasPrefix(b, ".env."):
		for _, e := range envExamples {
			if strings.HasSuffix(b, e) {
				return false
			}
		}
		return true
	case strings.HasSuffix(b, ".env") && len(b) > len(".env"):
		return true
	}
	return false
}

// globCredential returns why a glob may expand to a credential path: each
// component with a glob character is tried against sample secret names,
// and the path made of them is checked.
func globCredential(pat string) string {
	if isCredential(pat) {
		return quoteArg(pat) + " may hold credentials"
	}
	comps := strings.Split(pat, "/")
	cands := [][]string{nil}
	for _, c := range comps {
		var alts []string
		if strings.ContainsAny(c, "*?[") {
			gp := strings.ReplaceAll(c, "[!", "[^")
			for _, s := range secretSamples {
				if ok, err := path.Match(gp, s); ok || err != nil {
					alts = append(alts, s)
				}
			}
		}
		alts = append(alts, c)
		var next [][]string
		for _, cand := range cands {
			for _, a := range alts {
				next = append(next, append(slices.Clone(cand), a))
			}
		}
		if len(next) > 4096 {
			return "the glob " + quoteArg(pat) + " may name credentials"
		}
		cands = next
	}
	for _, cand := range cands {
		if isCredential(strings.Join(cand, "/")) {
			return "the glob " + quoteArg(pat) + " may name credentials"
		}
	}
	return ""
}
