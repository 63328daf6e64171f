package guard

import (
	"strings"
	"testing"

	"guardsh/guard/internal/rules"
)

// envSample is a value of each kind that makes later programs run code.
var envSample = map[rules.EnvKind]string{
	rules.EnvCommand: "mytool --flag", rules.EnvTool: "sh -c mytool", rules.EnvFile: "./hook.sh", rules.EnvPrompt: "$(mytool)",
	rules.EnvFunc: "() { mytool; }", rules.EnvOptions: "--opt", rules.EnvLibs: "./lib", rules.EnvProgram: "/tmp/x", rules.EnvFilter: "|mytool %s",
}

// TestEnvCodeRows assigns every variable of the table in every form
// (export, declare -x, typeset -x, readonly, local in a function, a bare
// assignment, X=... cmd, env X=... cmd), through the real Classify.
func TestEnvCodeRows(t *testing.T) {
	g := mustGuard(t)
	for _, r := range rules.EnvCodeRows {
		name := strings.TrimSuffix(r.Name, "*")
		switch r.Name {
		case "BASH_FUNC_*":
			name = "BASH_FUNC_f%%"
		case "GIT_CONFIG_KEY_*":
			name = "GIT_CONFIG_KEY_0"
		}
		kv := name + "='" + envSample[r.Kind] + "'"
		forms := []string{"export " + kv, "declare -x " + kv, "typeset -x " + kv, "readonly " + kv,
			"f() { local " + kv + "; }", kv, kv + " true", "env " + kv + " true", "export A=1 " + kv}
		if r.Kind == rules.EnvFunc {
			forms = []string{"env '" + name + "=" + envSample[r.Kind] + "' bash -c true"}
		}
		for _, line := range forms {
			v := g.Classify(line, testState())
			if v.Level < High || !verdictHas(v, r.Rule) {
				t.Errorf("Classify(%q): %v %v, want high %s", line, v.Level, v.Findings, r.Rule)
			}
		}
	}
}

func verdictHas(v Verdict, rule string) bool {
	for _, f := range v.Findings {
		if f.Rule == rule {
			return true
		}
	}
	return false
}

// TestEnvCodeClassified checks that the code a variable holds is
// classified as what it is, and the harmless neighbours stay as they were.
func TestEnvCodeClassified(t *testing.T) {
	classifyRuleCases(t, []testRuleCase{
		{"export PROMPT_COMMAND='rm -rf /'", Blocked, rules.RuleRmRfRoot},
		{"PROMPT_COMMAND='rm -rf /'", Blocked, rules.RuleRmRfRoot},
		{"declare -x PROMPT_COMMAND='rm -rf ~'", Blocked, ""},
		{"export PS1='$(rm -rf /)'", Blocked, rules.RuleRmRfRoot},
		{"export PS1='\\u@\\h `rm -rf /` $ '", Blocked, rules.RuleRmRfRoot},
		{"export PS4='+$(rm -rf /) '", Blocked, rules.RuleRmRfRoot},
		{"export GIT_SSH_COMMAND='rm -rf /'", Blocked, rules.RuleRmRfRoot},
		{"export GIT_SSH_COMMAND='ssh -i key'", High, rules.RuleEnvCode},
		{"GIT_SSH_COMMAND='ssh -i ~/.ssh/deploy' git fetch", High, rules.RuleEnvCode},
		{"env GIT_SSH_COMMAND='rm -rf /' git fetch", Blocked, rules.RuleRmRfRoot},
		{"export EDITOR='sh -c \"rm -rf /\"'", Blocked, rules.RuleRmRfRoot},
		{"export GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.pager GIT_CONFIG_VALUE_0='rm -rf /'", Blocked, rules.RuleRmRfRoot},
		{"export GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=alias.x GIT_CONFIG_VALUE_0='!rm -rf /'", Blocked, rules.RuleRmRfRoot},
		{"env 'BASH_FUNC_ls%%=() { rm -rf /; }' bash -c ls", Blocked, rules.RuleRmRfRoot},
		{"export LESSOPEN='|rm -rf / %s'", Blocked, rules.RuleRmRfRoot},
		{"export BASH_ENV=./hook.sh", High, rules.RuleEnvCode},
		{"export ENV=$HOME/.shrc", High, rules.RuleEnvCode},
		{"BASH_ENV=./hook.sh make", High, rules.RuleEnvCode},
		{"export LD_PRELOAD=/tmp/hook.so", High, "ld_preload"},
		{"export LD_LIBRARY_PATH=./lib", High, "ld_preload"},
		{"export LD_LIBRARY_PATH=/tmp/lib:/usr/lib", High, "ld_preload"},
		{"export LD_LIBRARY_PATH=/usr/local/cuda/lib64:/opt/x/lib", Safe, ""},
		{"export NODE_OPTIONS='--require ./x.js'", High, rules.RuleEnvCode},
		{"export PERL5OPT=-Mevil", High, rules.RuleEnvCode},
		{"export RUBYOPT=-rx", High, rules.RuleEnvCode},
		{"export PYTHONSTARTUP=~/x.py", High, rules.RuleEnvCode},
		{"export SHELLOPTS=xtrace", High, rules.RuleEnvCode},
		{"export BASHOPTS=extdebug", High, rules.RuleEnvCode},
		{"export GIT_EXTERNAL_DIFF=./d.sh", High, rules.RuleEnvCode},
		{"export PAGER='less; id'", High, rules.RuleEnvCode},
		{"read -r x; export BASH_ENV=$x", High, rules.RuleEnvCode},

		{"read -r BASH_ENV < f; export BASH_ENV", High, rules.RuleEnvCode},
		{"export GIT_SSH_COMMAND", High, rules.RuleEnvCode},
		{"declare -x PROMPT_COMMAND", High, rules.RuleEnvCode},
		{"read -r NODE_OPTIONS", High, rules.RuleEnvCode},

		// The harmless neighbours.
		{"export PS1 PAGER EDITOR", Safe, ""},
		{"declare PROMPT_COMMAND", Safe, ""},
		{"read -r line", Safe, ""},
		{"export PS1='\\u@\\h$ '", Safe, ""},
		{"PS1='[\\w]\\$ '", Safe, ""},
		{"export PS2='> '", Safe, ""},
		{"LANG=C sort f", Safe, ""},
		{"export LANG=C.UTF-8", Safe, ""},
		{"export PATH=$PATH:~/bin", Safe, ""},
		{"PAGER=cat git log", Safe, ""},
		{"GIT_PAGER=cat git log", Safe, ""},
		{"GIT_PAGER= git log", Safe, ""},
		{"export EDITOR=vim", Safe, ""},
		{"export VISUAL='code --wait'", Safe, ""},
		{"export MANPAGER='less -R'", Safe, ""},
		{"EDITOR=nano crontab -e", Safe, ""},
		{"export LESSOPEN='| /usr/bin/lesspipe %s'", Safe, ""},
		{"export PYTHONPATH=src", Safe, ""},
		{"PYTHONPATH=. python3 -m pytest", Safe, ""},
		{"export PERL5LIB=lib", Safe, ""},
		{"export NODE_OPTIONS=", Safe, ""},
		{"export -n BASH_ENV", Safe, ""},
		{"unset BASH_ENV LD_PRELOAD", Safe, ""},
		{"echo BASH_ENV=./hook.sh", Safe, ""},
		{"echo \"$PROMPT_COMMAND\"", Safe, ""},
		{"export GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0_X=1", Safe, ""},
		{"export PS3='pick: '", Safe, ""},
	})
}
