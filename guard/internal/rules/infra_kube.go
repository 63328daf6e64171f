package rules

// Kubernetes and Helm: deletes, scale to zero, drains, uninstalls.

import (
	"slices"
	"strings"

	"guardsh/internal/argv"
)

// ---- Kubernetes, Helm ----

func infraKubeBool() []string {
	return []string{"all", "all-namespaces", "force", "now", "wait", "recursive", "ignore-not-found", "insecure-skip-tls-verify", "match-server-version",
		"warnings-as-errors", "help", "interactive", "ignore-daemonsets", "delete-emptydir-data", "delete-local-data", "disable-eviction", "show-labels", "watch", "watch-only",
		"no-headers", "overwrite", "local", "record", "dry-run", "prune", "server-side", "force-conflicts", "validate", "stdin", "tty", "quiet", "wait-for-jobs", "atomic",
		"keep-history", "no-hooks", "debug", "allow-missing-template-keys", "show-managed-fields", "cascade", "raw", "v", "ignore-errors"}
}

// infraKubectl parses a kubectl (or oc) command: its verb and operands.
func infraKubectl(c *Command) (verb string, r Opts, ok bool) {
	if !slices.Contains(infraKubectlProgs, c.Name()) {
		return "", r, false
	}
	args := c.Args[1:]
	if c.Name() == "k3s" {
		if len(args) == 0 || args[0].Value != "kubectl" {
			return "", r, false
		}
		args = args[1:]
	}
	r = ReadOpts(args, &argv.Spec{Valued: "nslfoLckpv", Stop: "h", LongFlags: infraKubeBool(), LongStop: []string{"help", "version"}, UnknownLongValued: true, Exact: true})
	if r.Info || len(r.Operands) == 0 || !r.Operands[0].Known {
		return "", r, false
	}
	// --dry-run=none and the old --dry-run=false run for real.
	if w, ok := r.Last("dry-run"); ok && w.Value != "none" && w.Value != "false" || r.Has("dry-run") && !ok {
		return "", r, false
	}
	return r.Operands[0].Value, r, true
}

// infraKubeAllKind reports a resource type whose deletion takes everything
// inside it: namespaces, OpenShift projects, custom resource definitions.
func infraKubeAllKind(v string) string {
	for _, part := range strings.Split(v, ",") {
		kind, _, _ := strings.Cut(part, "/")
		kind = strings.ToLower(kind)
		if i := strings.IndexByte(kind, '.'); i >= 0 {
			kind = kind[:i]
		}
		switch kind {
		case "namespace", "namespaces", "ns", "project", "projects":
			return "namespace"
		case "crd", "crds", "customresourcedefinition", "customresourcedefinitions":
			return "custom resource definition"
		}
	}
	return ""
}

// infraKubeDeleteAll returns the reason a kubectl delete is a bulk one.
func infraKubeDeleteAll(r *Opts) string {
	ops := r.Operands[1:]
	if len(ops) > 0 {
		if k := infraKubeAllKind(ops[0].Value); k != "" {
			return "deletes the " + k + " " + xoptList(ops[1:]) + " and everything in it"
		}
	}
	if r.Has("A", "all-namespaces") {
		return "deletes " + gitNames(ops, "resources") + " in every namespace"
	}
	if r.Has("all") {
		return "deletes every " + gitNames(ops, "resource") + " in the namespace"
	}
	return ""
}

func infraKubectlDeleteAll(c *Command) []Hit {
	verb, r, ok := infraKubectl(c)
	if !ok || verb != "delete" {
		return nil
	}
	if why := infraKubeDeleteAll(&r); why != "" {
		return hit("kubectl delete " + why)
	}
	return nil
}

func infraKubectlDelete(c *Command) []Hit {
	verb, r, ok := infraKubectl(c)
	if !ok {
		return nil
	}
	switch verb {
	case "delete":
		if infraKubeDeleteAll(&r) != "" {
			return nil
		}
		if f, ok := r.Last("f", "filename"); ok {
			return hit("kubectl delete removes the resources in " + xoptShow(f))
		}
		what := infraJoin(r.Operands[1:])
		if what == "" {
			what = "resources"
		}
		return hit("kubectl delete removes " + what)
	case "replace":
		if r.Has("force") {
			return hit("kubectl replace --force deletes and recreates resources")
		}
	case "apply":
		if r.Has("prune") {
			return hit("kubectl apply --prune deletes resources missing from the manifests")
		}
	}
	return nil
}
