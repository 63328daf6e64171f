package allowlist

import (
	"regexp"
	"strings"
	"sync"
)

var (
	jqNoValue  = lazyWords("null-input raw-input slurp raw-output raw-output0 join-output ascii-output compact-output tab sort-keys color-output monochrome-output exit-status seq stream stream-errors unbuffered args jsonargs help version build-configuration")
	jqOneValue = lazyWords("indent")
	jqTwoValue = lazyWords("arg argjson slurpfile rawfile")
)

// jqWhy explains jq's flags that auto mode refuses.
var jqWhy = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"from-file":    "jq -f reads a filter auto mode cannot check",
		"f":            "jq -f reads a filter auto mode cannot check",
		"library-path": "jq -L loads modules auto mode cannot check",
		"L":            "jq -L loads modules auto mode cannot check",
	}
})

// jqEnv finds filters that read the environment or load modules: the env
// builtin (not a field called .env), $ENV, import and include.
// It is compiled when first needed, not at start-up.
var jqEnv = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(^|[^A-Za-z0-9_$.])env([^A-Za-z0-9_]|$)|\$(\s|#[^\n]*)*ENV|\$__prog|(^|[^A-Za-z0-9_$.])(import|include)([^A-Za-z0-9_]|$)`)
})

// checkJq reads jq's command line: flags (bundled short ones too, and
// flags that take two values), then the filter, then files.
func checkJq(c *Call) string {
	args := c.Args
	filter := false
	for i := 0; i < len(args); i++ {
		t := args[i].Text
		switch {
		case t == "-" || !strings.HasPrefix(t, "-"):
			if !filter {
				filter = true
				if jqEnv().MatchString(t) {
					return "the jq filter may read the environment or load modules"
				}
			}
		case strings.HasPrefix(t, "--"):
			name := t[2:]
			switch {
			case contains(jqNoValue(), name):
			case contains(jqOneValue(), name):
				i++
			case contains(jqTwoValue(), name):
				i += 2
			default:
				if r, ok := jqWhy()[name]; ok {
					return r
				}
				return "unknown flag " + t + " for jq"
			}
			if i >= len(args) {
				return "jq " + t + " needs a value"
			}
		default:
			for _, r := range t[1:] {
				if r, ok := jqWhy()[string(r)]; ok {
					return r
				}
				if !strings.ContainsRune("nrjacseSCMRhV", r) {
					return "unknown flag -" + string(r) + " for jq"
				}
			}
		}
	}
	return ""
}
