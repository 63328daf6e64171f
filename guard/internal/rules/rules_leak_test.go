package rules

import (
	"testing"
)

func TestLeakSecretName(t *testing.T) {
	for _, n := range []string{"AWS_SECRET_ACCESS_KEY", "AWS_ACCESS_KEY_ID", "AWS_SESSION_TOKEN", "GITHUB_TOKEN",
		"GH_TOKEN", "NPM_TOKEN", "OPENAI_API_KEY", "API_KEY", "APIKEY", "apiKey", "secretKey", "DB_PASSWORD",
		"DB_PASS", "PGPASSWORD", "MYSQL_PWD", "SSHPASS", "PRIVATE_KEY", "KEY", "TOKEN", "SECRET", "PASSWORD",
		"CREDENTIALS", "SLACK_BOT_TOKEN", "STRIPE_SECRET_KEY", "authToken", "client_secret", "KEY_ID", "GITHUB_PAT",
		"VAULT_TOKEN", "DOCKER_PASSWORD", "SECRET_KEY_BASE", "passphrase", "AZURE_CLIENT_SECRET", "JWT_SECRET",
		"ANTHROPIC_API_KEY", "HF_TOKEN", "GPG_PASSPHRASE", "REGISTRY_CREDS"} {
		if !leakSecretName(n) {
			t.Errorf("leakSecretName(%q) = false, want true", n)
		}
	}
	for _, n := range []string{"HOME", "PATH", "PWD", "OLDPWD", "USER", "SHELL", "KEYBOARD_LAYOUT", "TOKENIZERS_PARALLELISM",
		"LANG", "TERM", "EDITOR", "SSH_AUTH_SOCK", "XAUTHORITY", "HISTFILE", "MONKEY", "HOTKEY", "BYPASS_CACHE",
		"KEYTIMEOUT", "LESSKEY", "GNUPGHOME", "SECRET_DIR", "TOKEN_FILE", "PASSWORD_STORE_DIR", "KEY_PATH", "DISPLAY",
		"COMPASS_HOME", "1", "@", ""} {
		if leakSecretName(n) {
			t.Errorf("leakSecretName(%q) = true, want false", n)
		}
	}
}
