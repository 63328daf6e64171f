package guard

import (
	"strings"
	"testing"
)

// envSample is a value of each kind that makes later programs run code.
var envSample = map[envKind]string{
	envCommand: "mytool --flag", envTool: "sh -c mytool", envFile: "./hook.sh", envPrompt: "$(mytool)",
	envFunc: "() { mytool; }", envOptions: "--opt", envLibs: "./lib", envProgram: "/tmp/x", envFilter: "|mytool %s",
}

// TestEnvCodeRows assigns every variable of the table in every form
// (export, declare -x, typeset -x, readonly, local in a function, a bare
// assignment, X=... cmd, env X=... cmd), through the real Classify.
func TestEnvCodeRows(t *testing.T) {
	g := mustGuard(t)
	for _, r := range envCodeRows {
		name := strings.TrimSuffix(r.name, "*")
		switch r.name {
		case "BASH_FUNC_*":
			name = "BASH_FUNC_f%%"
		case "GIT_CONFIG_KEY_*":
			name = "GIT_CONFIG_KEY_0"
		}
		kv := name + "='" + envSample[r.kind] + "'"
		forms := []string{"export " + kv, "declare -x " + kv, "typeset -x " + kv, "readonly " + kv,
			"f() { local " + kv + "; }", kv, kv + " true", "env " + kv + " true", "export A=1 " + kv}
		if r.kind == envFunc {
			forms = []string{"env '" + name + "=" + envSample[r.kind] + "' bash -c true"}
		}
		for _, line := range forms {
			v := g.Classify(line, testState())
			if v.Level < High || !verdictHas(v, r.rule) {
				t.Errorf("Classify(%q): %v %v, want high %s", line, v.Level, v.Findings, r.rule)
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
		{"export PROMPT_COMMAND='rm -rf /'", Blocked, ruleRmRfRoot},
		{"PROMPT_COMMAND='rm -rf /'", Blocked, ruleRmRfRoot},
		{"declare -x PROMPT_COMMAND='rm -rf ~'", Blocked, ""},
		{"export PS1='$(rm -rf /)'", Blocked, ruleRmRfRoot},
		{"export PS1='\\u@\\h `rm -rf /` $ '", Blocked, ruleRmRfRoot},
		{"export PS4='+$(rm -rf /) '", Blocked, ruleRmRfRoot},
		{"export GIT_SSH_COMMAND='rm -rf /'", Blocked, ruleRmRfRoot},
		{"export GIT_SSH_COMMAND='ssh -i key'", High, ruleEnvCode},
		{"GIT_SSH_COMMAND='ssh -i ~/.ssh/deploy' git fetch", High, ruleEnvCode},
		{"env GIT_SSH_COMMAND='rm -rf /' git fetch", Blocked, ruleRmRfRoot},
		{"export EDITOR='sh -c \"rm -rf /\"'", Blocked, ruleRmRfRoot},
		{"export GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.pager GIT_CONFIG_VALUE_0='rm -rf /'", Blocked, ruleRmRfRoot},
		{"export GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=alias.x GIT_CONFIG_VALUE_0='!rm -rf /'", Blocked, ruleRmRfRoot},
		{"env 'BASH_FUNC_ls%%=() { rm -rf /; }' bash -c ls", Blocked, ruleRmRfRoot},
		{"export LESSOPEN='|rm -rf / %s'", Blocked, ruleRmRfRoot},
		{"export BASH_ENV=./hook.sh", High, ruleEnvCode},
		{"export ENV=$HOME/.shrc", High, ruleEnvCode},
		{"BASH_ENV=./hook.sh make", High, ruleEnvCode},
		{"export LD_PRELOAD=/tmp/hook.so", High, "ld_preload"},
		{"export LD_LIBRARY_PATH=./lib", High, "ld_preload"},
		{"export LD_LIBRARY_PATH=/tmp/lib:/usr/lib", High, "ld_preload"},
		{"export LD_LIBRARY_PATH=/usr/local/cuda/lib64:/opt/x/lib", Safe, ""},
		{"export NODE_OPTIONS='--require ./x.js'", High, ruleEnvCode},
		{"export PERL5OPT=-Mevil", High, ruleEnvCode},
		{"export RUBYOPT=-rx", High, ruleEnvCode},
		{"export PYTHONSTARTUP=~/x.py", High, ruleEnvCode},
		{"export SHELLOPTS=xtrace", High, ruleEnvCode},
		{"export BASHOPTS=extdebug", High, ruleEnvCode},
		{"export GIT_EXTERNAL_DIFF=./d.sh", High, ruleEnvCode},
		{"export PAGER='less; id'", High, ruleEnvCode},
		{"read -r x; export BASH_ENV=$x", High, ruleEnvCode},

		{"read -r BASH_ENV < f; export BASH_ENV", High, ruleEnvCode},
		{"export GIT_SSH_COMMAND", High, ruleEnvCode},
		{"declare -x PROMPT_COMMAND", High, ruleEnvCode},
		{"read -r NODE_OPTIONS", High, ruleEnvCode},

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
