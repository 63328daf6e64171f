package allowlist

import (
	"strings"
)

// ps mixes three syntaxes (procps-ng): UNIX flags after '-' (-ef: every
// process, full format), BSD flags without a dash (aux) and GNU long
// flags. Only the BSD 'e' modifier prints each process's environment;
// UNIX -e selects every process and is fine. A format (-o, o, --format)
// naming the environment asks too.
const (
	psUnix      = "AadefFHjlLMNTwxyZcmrVh"
	psUnixValue = "CGgoOpqstuUn"
	psBSD       = "acfhjlmrsSTuvxXwHLgnVA"
	psBSDValue  = "OopqtUk"
)

var psLong = lazyWords("forest headers no-headers noheaders cumulative deselect help version info")

var psLongValue = lazyWords("pid ppid sid tty user User group Group sort cols columns width lines rows format quick-pid")

// checkPs checks ps's arguments.
func checkPs(c *Call) string {
	args := c.Args
	for i := 0; i < len(args); i++ {
		t := args[i].Text
		next := func() (string, bool) {
			if i+1 >= len(args) {
				return "", false
			}
			i++
			return args[i].Text, true
		}
		switch {
		case strings.HasPrefix(t, "--"):
			name, val, hasEq := strings.Cut(t[2:], "=")
			switch {
			case contains(psLong(), name) && !hasEq:
			case contains(psLongValue(), name):
				if !hasEq {
					var ok bool
					if val, ok = next(); !ok {
						return "ps --" + name + " needs a value"
					}
				}
				if r := psFormat(name, val); r != "" {
					return r
				}
			default:
				return "unknown flag " + t + " for ps"
			}
		case strings.HasPrefix(t, "-"):
			if r := psLetters("-", t[1:], psUnix, psUnixValue, next); r != "" {
				return r
			}
		case isPidList(t):
		default:
			if r := psLetters("", t, psBSD, psBSDValue, next); r != "" {
				return r
			}
		}
	}
	return ""
}

// psLetters checks one word of bundled ps flags.
func psLetters(dash, word, plain, valued string, next func() (string, bool)) string {
	for j, r := range word {
		switch {
		case dash == "" && r == 'e':
			return "ps e prints each process's environment"
		case strings.ContainsRune(plain, r):
		case strings.ContainsRune(valued, r):
			val := word[j+1:]
			if val == "" {
				var ok bool
				if val, ok = next(); !ok {
					return "ps " + dash + string(r) + " needs a value"
				}
			}
			return psFormat(string(r), val)
		default:
			return "unknown flag " + dash + string(r) + " for ps"
		}
	}
	return ""
}

// psFormat refuses output formats that may name the environment.
func psFormat(flag, val string) string {
	switch flag {
	case "o", "O", "format":
		if strings.Contains(strings.ToLower(val), "env") {
			return "a ps format may print the environment"
		}
	}
	return ""
}

// isPidList reports a word of process IDs (ps 123, ps 1,2).
func isPidList(t string) bool {
	for _, p := range strings.Split(t, ",") {
		if !isNum(p) {
			return false
		}
	}
	return true
}

// contains reports whether list holds s.
func contains(list []string, s string) bool {
	for _, l := range list {
		if l == s {
			return true
		}
	}
	return false
}
