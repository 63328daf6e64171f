package rules

// Infrastructure as code: Terraform, OpenTofu and Pulumi destroys, auto-approved applies and state edits.

import (
	"slices"
	"strings"

	"guardsh/internal/argv"
)

// ---- Terraform, OpenTofu, Pulumi ----

// infraTerraform returns terraform's (tofu's, terragrunt's) subcommand and
// its parsed options.
func infraTerraform(c *Command) (sub string, r Opts, ok bool) {
	n := c.Name()
	if !slices.Contains(infraTerraformProgs, n) {
		return "", r, false
	}
	args := c.Args[1:]
	i := 0
	// terraform's global options (Go flag style, -chdir=DIR, every value attached)
	// come before the subcommand.
	for i < len(args) && strings.HasPrefix(args[i].Value, "-") {
		switch strings.TrimLeft(args[i].Value, "-") {
		case "help", "h", "version", "v":
			return "", r, false
		}
		i++
	}
	if i >= len(args) || !args[i].Known {
		return "", r, false
	}
	sub = args[i].Value
	args = args[i+1:]
	if n == "terragrunt" && (sub == "run-all" || sub == "run") {
		// terragrunt run-all's own options before the terraform subcommand, all
		// flags or attached values.
		for len(args) > 0 && strings.HasPrefix(args[0].Value, "-") {
			args = args[1:]
		}
		if len(args) == 0 {
			return "", r, false
		}
		sub, args = args[0].Value, args[1:]
	}
	r = ReadOpts(args, &argv.Spec{LongValued: []string{"var", "var-file", "target", "replace", "state", "state-out", "backup", "lock-timeout", "parallelism", "chdir", "out", "lock"}, LongStop: []string{"help", "version", "h"}, Exact: true, GoFlags: true})
	if r.Info {
		return "", r, false
	}
	return sub, r, true
}

// infraFlagTrue reports a Go-style boolean flag that is set and not =false.
func infraFlagTrue(r *Opts, name string) bool {
	for _, o := range r.Opts {
		if o.Long && o.Name == name && (!o.HasValue || o.Val.Value != "false" && o.Val.Value != "0") {
			return true
		}
	}
	return false
}

func infraTerraformDestroy(c *Command) []Hit {
	if c.Name() == "cdk" {
		return infraCdkDestroy(c)
	}
	sub, r, ok := infraTerraform(c)
	if !ok {
		return nil
	}
	if sub == "destroy" || sub == "apply" && infraFlagTrue(&r, "destroy") {
		if infraFlagTrue(&r, "auto-approve") {
			return hit(c.Name() + " destroy deletes the managed infrastructure, without asking")
		}
		return hit(c.Name() + " destroy deletes the managed infrastructure")
	}
	return nil
}

func infraTerraformState(c *Command) []Hit {
	sub, r, ok := infraTerraform(c)
	if !ok || sub != "state" || len(r.Operands) == 0 || infraFlagTrue(&r, "dry-run") {
		return nil
	}
	switch r.Operands[0].Value {
	case "rm":
		return hit(c.Name() + " state rm forgets " + gitNames(r.Operands[1:], "resources") + ": they are no longer managed")
	case "push":
		return hit(c.Name() + " state push overwrites the remote state")
	}
	return nil
}

// infraPulumi returns pulumi's subcommand and parsed options.
func infraPulumi(c *Command) (string, Opts, bool) {
	if !slices.Contains(infraPulumiProgs, c.Name()) {
		return "", Opts{}, false
	}
	r := ReadOpts(c.Args[1:], &argv.Spec{Valued: "sCmtvcp", Stop: "h", LongFlags: []string{"yes", "skip-preview", "debug", "diff", "refresh", "json", "preview-only", "non-interactive", "expect-no-changes", "force", "remove", "exclude-protected", "continue-on-error", "target-dependents", "logtostderr", "emoji", "fully-qualify-stack-names", "show-config", "show-replacement-steps", "show-sames", "show-reads", "suppress-outputs", "suppress-permalink", "suppress-progress", "disable-integrity-checking", "run-program", "strict", "verbose"}, LongStop: []string{"help", "version"}, UnknownLongValued: true, Exact: true})
	if r.Info || len(r.Operands) == 0 {
		return "", r, false
	}
	return r.Operands[0].Value, r, true
}

func infraPulumiDestroy(c *Command) []Hit {
	sub, r, ok := infraPulumi(c)
	if !ok {
		return nil
	}
	switch {
	case (sub == "destroy" || sub == "down") && !r.Has("preview-only"):
		return hit("pulumi destroy deletes every resource of the stack")
	case sub == "stack" && len(r.Operands) > 1 && r.Operands[1].Value == "rm" && r.Has("f", "force"):
		return hit("pulumi stack rm --force deletes the stack even with resources left")
	}
	return nil
}

// infraCdkDestroy: `cdk destroy [STACKS...]` deletes the stacks and their
// resources (asking first unless -f/--force).
func infraCdkDestroy(c *Command) []Hit {
	r := ReadOpts(c.Args[1:], &argv.Spec{Valued: "acpro", Stop: "h", LongFlags: []string{"force", "all", "exclusively", "verbose", "debug", "json", "strict", "ci", "no-color", "staging", "lookups", "ignore-errors", "trace"}, LongStop: []string{"help", "version"}, UnknownLongValued: true, Exact: true})
	if r.Info || len(r.Operands) == 0 || r.Operands[0].Value != "destroy" {
		return nil
	}
	what := "the app's stack"
	if r.Has("all") {
		what = "every stack of the app"
	}
	if len(r.Operands) > 1 {
		what = "the stacks " + gitNames(r.Operands[1:], "")
	}
	if r.Has("f", "force") {
		return hit("cdk destroy deletes " + what + " and every resource in them, without asking")
	}
	return hit("cdk destroy deletes " + what + " and every resource in them")
}
