package rules

import (
	"strings"

	"guardsh/internal/argv"
)

// Rows ported from the infrastructure rules' code (infra_iac.go,
// infra_kube.go): Terraform's applies, Pulumi's up --yes, kubectl's drain
// and scale to zero. Their names, levels and reasons are the ones the code
// had.

// kubeOpts is kubectl's (and oc's) grammar: --dry-run takes its value
// attached, or none.
func kubeOpts() *argv.Spec {
	var flags []string
	for _, f := range infraKubeBool() {
		if f != "dry-run" && f != "help" && f != "v" {
			flags = append(flags, f)
		}
	}
	sp := withFlags(cli("nslfoLckpv", "namespace", "selector", "kubeconfig", "context", "cluster", "user", "server", "token", "output", "filename",
		"replicas", "current-replicas", "resource-version", "timeout", "grace-period", "pod-selector", "chunk-size", "field-selector"), "", flags...)
	sp.LongOptional = append(sp.LongOptional, "dry-run")
	return sp
}

// stops adds short options that only print help or the version (terraform
// -v) to a grammar.
func stops(short string, sp *argv.Spec) *argv.Spec {
	c := *sp
	c.Stop += short
	return &c
}

// goTrue returns a predicate: a Go-style boolean flag is set and not
// turned off by an attached false or 0 (-destroy=false).
func goTrue(name string) rowPred {
	return func(m *rowMatch) bool {
		o, ok := m.opt(name)
		return ok && !(o.HasValue && o.ValueIndex < 0 && (o.Value == "false" || o.Value == "0"))
	}
}

// not negates a predicate.
func not(p rowPred) rowPred { return func(m *rowMatch) bool { return !p(m) } }

// kubeNotDry: no --dry-run, or --dry-run=none (a dry run changes nothing).
func kubeNotDry(m *rowMatch) bool {
	o, ok := m.opt("dry-run")
	return !ok || o.HasValue && o.Value == "none"
}

func infraRows() []Row {
	var (
		terraformOpts = stops("v", withFlags(cli("", "var", "var-file", "target", "replace", "state", "state-out", "backup", "lock-timeout", "parallelism", "chdir", "out", "lock"),
			"", "auto-approve", "destroy", "refresh-only", "compact-warnings", "no-color", "json", "input", "refresh", "dry-run"))
		pulumiOpts = withFlags(cli("sCmtvcp", "stack", "cwd", "config", "config-file", "message", "target", "parallel", "color", "secrets-provider", "tracing"), "yfrj",
			"yes", "skip-preview", "debug", "diff", "refresh", "json", "preview-only", "non-interactive", "expect-no-changes", "force", "remove",
			"exclude-protected", "continue-on-error", "target-dependents", "logtostderr", "emoji", "fully-qualify-stack-names", "show-config", "show-replacement-steps",
			"show-sames", "show-reads", "suppress-outputs", "suppress-permalink", "suppress-progress", "disable-integrity-checking", "run-program", "strict", "verbose")
		kubectlRowOpts = kubeOpts()
	)
	return []Row{
		{Name: "kubectl_scale_zero", Level: Medium, Progs: infraKubectlProgs, Opts: kubectlRowOpts,
			Path: "scale, kubectl scale", When: []rowPred{kubeNotDry, func(m *rowMatch) bool {
				o, ok := m.opt("replicas")
				return ok && o.HasValue && o.Value != "" && strings.TrimLeft(o.Value, "0") == ""
			}},
			Why:    "kubectl scale --replicas=0 stops every pod of {1+|the workload}",
			Desc:   "kubectl scale --replicas=0 stops every pod of a workload",
			Hits:   []string{"kubectl scale deployment web --replicas=0", "kubectl scale --replicas 0 deploy/web -n prod", "oc scale dc/web --replicas=00", "k3s kubectl scale deploy web --replicas=0"},
			Misses: []string{"kubectl scale deployment web --replicas=3", "kubectl scale deploy web --replicas=0 --dry-run=client", "kubectl get deploy", "kubectl scale --help"}},
		{Name: "kubectl_drain", Level: Medium, Progs: infraKubectlProgs, Opts: kubectlRowOpts,
			Path: "drain, kubectl drain", When: []rowPred{kubeNotDry},
			Why:    "kubectl drain evicts every pod from {1+|the node}",
			Desc:   "kubectl drain evicts every pod from a node",
			Hits:   []string{"kubectl drain node-1 --ignore-daemonsets", "oc drain node-2 --force", "kubectl --context prod drain n1"},
			Misses: []string{"kubectl cordon node-1", "kubectl drain node-1 --dry-run=server", "kubectl drain --help"}},
		{Name: "terraform_apply_auto", Level: High, Progs: infraTerraformProgs, Opts: terraformOpts, Goflags: true,
			Path: "apply, run-all apply, run apply", When: []rowPred{goTrue("auto-approve"), not(goTrue("destroy"))},
			Why:    "{prog} apply -auto-approve changes infrastructure without asking",
			Desc:   "terraform/tofu apply -auto-approve changes infrastructure without showing the plan for approval",
			Hits:   []string{"terraform apply -auto-approve", "tofu apply --auto-approve -var x=1", "terraform -chdir=infra apply -auto-approve plan.tfplan", "terragrunt run-all apply -auto-approve"},
			Misses: []string{"terraform apply", "terraform apply -auto-approve=false", "terraform apply -destroy -auto-approve", "terraform plan -auto-approve"}},
		{Name: "terraform_apply", Level: Medium, Progs: infraTerraformProgs, Opts: terraformOpts, Goflags: true,
			Path: "apply, run-all apply, run apply", When: []rowPred{not(goTrue("auto-approve")), not(goTrue("destroy"))},
			Why:    "{prog} apply changes infrastructure",
			Desc:   "terraform/tofu apply changes infrastructure",
			Hits:   []string{"terraform apply", "tofu apply plan.tfplan", "terraform apply -auto-approve=false", "terragrunt run-all apply"},
			Misses: []string{"terraform plan", "terraform apply -auto-approve", "terraform apply -help", "terraform -v apply"}},
		{Name: "pulumi_up_auto", Level: Medium, Progs: infraPulumiProgs, Opts: pulumiOpts,
			Path: "up|update", When: []rowPred{has("y", "yes"), lacks("preview-only")},
			Why:    "pulumi up --yes changes infrastructure without asking",
			Desc:   "pulumi up --yes changes infrastructure without asking",
			Hits:   []string{"pulumi up --yes", "pulumi up -y -s prod", "pulumi update --yes --skip-preview"},
			Misses: []string{"pulumi up", "pulumi up --yes --preview-only", "pulumi preview", "pulumi up --yes=false"}},
	}
}
