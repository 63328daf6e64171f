package rules

// Printing a secret-looking variable ($GITHUB_TOKEN and the like).

import (
	"strings"
)

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
			length, names := false, false
			if text[j] == '{' {
				j++
				if j < len(text) && (text[j] == '#' || text[j] == '!') {
					length, names = text[j] == '#', text[j] == '!'
					j++
				}
			}
			k := j
			for k < len(text) && (text[k] == '_' || text[k] >= 'a' && text[k] <= 'z' || text[k] >= 'A' && text[k] <= 'Z' || k > j && text[k] >= '0' && text[k] <= '9') {
				k++
			}
			// ${#NAME} is only the length of the value; ${!NAME*} and
			// ${!NAME@} list variable names.
			if names && k < len(text) && (text[k] == '*' || text[k] == '@') && k+1 < len(text) && text[k+1] == '}' {
				continue
			}
			if k > j && !length && leakSecretName(text[j:k]) {
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
			// printenv NAME: a word not starting with - is a variable's name.
			if a.Known && !strings.HasPrefix(a.Value, "-") && leakSecretName(a.Value) {
				return hit("printenv prints " + a.Value + ", which by its name holds a secret")
			}
		}
	case "declare", "typeset":
		p := false
		for _, a := range args {
			// declare's and typeset's options (-p prints, also in a bundle):
			// shell builtins, whose words are not getopt's.
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
