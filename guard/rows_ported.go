package guard

import (
	"slices"

	"guardsh/internal/argv"
)

// Rows ported from code: helm's uninstall (helm_uninstall, with
// helmfile's destroy as a second case), git reset --hard
// (git_reset_hard) and crontab -r (crontab_remove). Their names, levels
// and reasons are the ones the code had.

// helmRowOpts is helm's grammar: -n NAMESPACE and the long options that
// take a value; the flags are Kubernetes' (infraKubeBool).
func helmRowOpts() *argv.Spec {
	var flags []string
	for _, f := range infraKubeBool() {
		if f != "help" && f != "v" {
			flags = append(flags, f)
		}
	}
	return withFlags(cli("n", "namespace", "kube-context", "kubeconfig", "kube-apiserver", "kube-as-user", "kube-as-group", "kube-token",
		"kube-ca-file", "timeout", "description", "registry-config", "repository-config", "repository-cache", "burst-limit", "qps"), "", flags...)
}

// gitResetModes are git reset's modes; the last one given counts.
var gitResetModes = []string{"hard", "soft", "mixed", "merge", "keep"}

func portedRows() []row {
	gitReset := gitRowOpts("", []string{"pathspec-from-file"}, "qpN", append(slices.Clone(gitResetModes),
		"quiet", "no-quiet", "recurse-submodules", "no-recurse-submodules", "patch", "intent-to-add", "no-refresh", "refresh", "pathspec-file-nul")...)
	return []row{
		{name: "helm_uninstall", level: Medium, progs: []string{"helm"}, opts: helmRowOpts(),
			path: "uninstall|delete|del|un", when: []rowPred{lacks("dry-run")},
			why: "helm uninstall removes the release {1+} and its resources",
			more: []row{{progs: []string{"helmfile"},
				opts: withFlags(cli("befilnc", "environment", "file", "selector", "namespace", "kube-context", "state-values-set", "state-values-file", "chart", "helm-binary", "log-level", "args", "concurrency"),
					"q", "debug", "quiet", "interactive", "no-color", "allow-no-matching-release", "enable-live-output", "skip-deps", "skip-charts", "purge", "include-transitive-needs"),
				path: "destroy|delete",
				why:  "helmfile {path} uninstalls every release of the helmfile, with its resources"}},
			desc: "helm uninstall (delete) removes a release and its resources; helmfile destroy removes every release of a helmfile",
			hits: []string{"helm uninstall web", "helm delete web", "helm -n prod uninstall web", "helm uninstall web -n prod --keep-history",
				"helmfile destroy", "helmfile -e prod destroy", "helmfile --file helmfile.yaml delete"},
			misses: []string{"helm uninstall web --dry-run", "helm install web ./chart", "helm upgrade --install web ./chart", "helm list -A",
				"helm uninstall --help", "helmfile apply", "helmfile diff", "helmfile destroy --help"}},
		{name: "git_reset_hard", level: Medium, progs: gitProgs, opts: gitReset,
			path: "reset", when: []rowPred{lastIs(gitResetModes, "hard")},
			why: "git reset --hard throws away uncommitted changes{1? and moves the branch to {1}}",
			more: []row{{path: "reset", when: []rowPred{lastIs(gitResetModes, "merge")},
				why: "git reset --merge throws away uncommitted changes{1? and moves the branch to {1}}"}},
			desc: "git reset --hard or --merge throws away uncommitted changes",
			hits: []string{"git reset --hard HEAD~1", "git reset --hard", "git reset --merge", "git reset --har", "git reset -q --hard", "git reset HEAD~1 --hard",
				"git -C /tmp/repo reset --hard", "git -c core.pager=cat reset --hard", "git --no-pager reset --hard", "git --git-dir=/x/.git reset --hard",
				"git --work-tree /x reset --hard", "/usr/bin/git reset --hard origin/main"},
			misses: []string{"git reset --soft HEAD~1", "git reset --hard --soft", "git reset", "git reset HEAD file.txt", "git reset --mixed HEAD~1",
				"git reset -- file.txt", "git reset --keep HEAD~1", "git reset --hard --help", "git reset -h", "git reset-hard"}},
		{name: "crontab_remove", level: Medium, progs: sysCrontabProgs,
			opts: &argv.Spec{Flags: "lreisTVn", Valued: "ucx", LongStop: []string{"help", "version"}},
			when: []rowPred{has("r")},
			why:  "crontab -r removes {-u?{-u}'s|the user's} crontab",
			more: []row{{when: []rowPred{func(m *rowMatch) bool { return len(m.ops) == 1 && m.ops[0].Value == "/dev/null" }},
				why: "replaces the crontab with an empty one"}},
			desc:   "removes the user's crontab",
			hits:   []string{"crontab -r", "crontab -ri", "crontab -ir", "crontab -u bob -r", "crontab -r -u bob", "crontab /dev/null"},
			misses: []string{"crontab -l", "crontab -l -u bob", "crontab -e", "crontab mycron.txt", "crontab -", "crontab -V", "crontab", "crontab --help", "crontab /dev/null x"}},
	}
}

// portedRow returns the rule of the ported row name for its family's
// list: the row keeps the place its code had among the rules, and so the
// order findings are reported in.
func portedRow(name string) builtin {
	for _, r := range portedRows() {
		if r.name == name {
			return r.builtin()
		}
	}
	panic("guard: no ported row " + name)
}

// allRowTables returns every row table: the listed ones and the ported
// rows, which their families list.
func allRowTables() [][]row { return append(rowTables(), portedRows()) }
