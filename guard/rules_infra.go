package guard

import (
	"path"
	"slices"
	"strings"
)

// infraRules returns the built-in rules about infrastructure tools:
// containers, Kubernetes, Helm, Terraform/OpenTofu, Pulumi, database
// clients and cloud CLIs.
func infraRules() []builtin {
	return []builtin{
		{Rule: Rule{Name: "docker_remove", Level: Medium, Description: "removes, prunes or kills containers, images, volumes or networks (docker, podman, nerdctl, compose down -v)", Example: "docker system prune -a"}, check: infraDockerRemove, progs: infraContainerProgs},
		{Rule: Rule{Name: "docker_privileged", Level: High, Description: "runs a container that can take over the host: --privileged, --pid=host, --cap-add=ALL|SYS_ADMIN, or a bind mount of /, a system directory or the docker socket", Example: "docker run --privileged -v /:/host alpine"}, check: infraDockerPrivileged, progs: infraContainerProgs},
		{Rule: Rule{Name: "kubectl_delete", Level: Medium, Description: "kubectl delete (or replace --force, apply --prune) deletes Kubernetes resources", Example: "kubectl delete pod web-0"}, check: infraKubectlDelete, progs: infraKubectlProgs},
		{Rule: Rule{Name: "kubectl_delete_namespace", Level: High, Description: "kubectl delete of a namespace, of CRDs, or with --all / --all-namespaces deletes everything in it", Example: "kubectl delete namespace prod"}, check: infraKubectlDeleteAll, progs: infraKubectlProgs},
		{Rule: Rule{Name: "kubectl_scale_zero", Level: Medium, Description: "kubectl scale --replicas=0 stops every pod of a workload", Example: "kubectl scale deployment web --replicas=0"}, check: infraKubectlScaleZero, progs: infraKubectlProgs},
		{Rule: Rule{Name: "kubectl_drain", Level: Medium, Description: "kubectl drain evicts every pod from a node", Example: "kubectl drain node-1 --ignore-daemonsets"}, check: infraKubectlDrain, progs: infraKubectlProgs},
		{Rule: Rule{Name: "helm_uninstall", Level: Medium, Description: "helm uninstall (delete) removes a release and its resources", Example: "helm uninstall web"}, check: infraHelmUninstall, progs: infraHelmProgs},
		{Rule: Rule{Name: "terraform_destroy", Level: High, Description: "terraform/tofu destroy (or apply -destroy) deletes the managed infrastructure", Example: "terraform destroy"}, check: infraTerraformDestroy, progs: infraTerraformProgs},
		{Rule: Rule{Name: "terraform_apply_auto", Level: High, Description: "terraform/tofu apply -auto-approve changes infrastructure without showing the plan for approval", Example: "terraform apply -auto-approve"}, check: infraTerraformApplyAuto, progs: infraTerraformProgs},
		{Rule: Rule{Name: "terraform_apply", Level: Medium, Description: "terraform/tofu apply changes infrastructure", Example: "terraform apply"}, check: infraTerraformApply, progs: infraTerraformProgs},
		{Rule: Rule{Name: "terraform_state_rm", Level: Medium, Description: "terraform state rm|push edits the state: resources are forgotten or the state is overwritten", Example: "terraform state rm aws_instance.web"}, check: infraTerraformState, progs: infraTerraformProgs},
		{Rule: Rule{Name: "pulumi_destroy", Level: High, Description: "pulumi destroy deletes every resource of a stack", Example: "pulumi destroy --yes"}, check: infraPulumiDestroy, progs: infraPulumiProgs},
		{Rule: Rule{Name: "pulumi_up_auto", Level: Medium, Description: "pulumi up --yes changes infrastructure without asking", Example: "pulumi up --yes"}, check: infraPulumiUp, progs: infraPulumiProgs},
		{Rule: Rule{Name: "sql_drop", Level: High, Description: "drops a database, schema or table (DROP, dropdb, mysqladmin drop) through a database client", Example: "psql -c 'DROP TABLE users'"}, check: infraSQLDrop, progs: infraSQLDropProgs},
		{Rule: Rule{Name: "sql_delete", Level: High, Description: "empties a table: TRUNCATE, or DELETE without WHERE", Example: "mysql -e 'DELETE FROM users'"}, check: infraSQLDelete, progs: infraSQLProgs},
		{Rule: Rule{Name: "sql_modify", Level: Medium, Description: "changes data or schema: DELETE with WHERE, UPDATE, ALTER, DROP of an index, view or other object", Example: "psql -c \"UPDATE users SET admin = true WHERE id = 1\""}, check: infraSQLModify, progs: infraSQLProgs},
		{Rule: Rule{Name: "sql_shell_escape", Level: High, Description: "a database client or server runs a shell command: psql \\!, COPY ... PROGRAM, mysql system, sqlite3 .system", Example: "psql -c \"COPY t TO PROGRAM 'sh -c id'\""}, check: infraSQLShell, progs: infraSQLProgs},
		{Rule: Rule{Name: "mongo_drop", Level: High, Description: "drops a MongoDB database or collection, or deletes every document: dropDatabase(), .drop(), deleteMany({})", Example: "mongosh --eval 'db.dropDatabase()'"}, check: infraMongoDrop, progs: infraMongoProgs},
		{Rule: Rule{Name: "mongo_modify", Level: Medium, Description: "deletes or updates MongoDB documents matching a filter", Example: "mongosh --eval 'db.users.deleteMany({active: false})'"}, check: infraMongoModify, progs: infraMongoProgs},
		{Rule: Rule{Name: "redis_flush", Level: High, Description: "redis FLUSHALL or FLUSHDB deletes every key", Example: "redis-cli FLUSHALL"}, check: infraRedisFlush, progs: infraRedisProgs},
		{Rule: Rule{Name: "redis_delete", Level: Medium, Description: "redis DEL or UNLINK deletes keys", Example: "redis-cli DEL session:1"}, check: infraRedisDelete, progs: infraRedisProgs},
		{Rule: Rule{Name: "cloud_delete", Level: Medium, Description: "a cloud CLI deletes a resource: aws s3 rm, aws ... delete-*, az ... delete, doctl ... delete, gh ... delete, gsutil rm", Example: "aws s3 rm s3://bucket/key"}, check: infraCloudDelete, progs: infraCloudProgs},
		{Rule: Rule{Name: "cloud_delete_bulk", Level: High, Description: "a cloud CLI deletes much or something hard to recreate: aws s3 rm --recursive, s3 rb --force, ec2 terminate-instances, rds delete-db-*, cloudformation delete-stack, gcloud ... delete, gsutil rm -r, az group delete, heroku apps:destroy", Example: "aws s3 rm s3://bucket --recursive"}, check: infraCloudDeleteBulk, progs: infraCloudProgs},
		{Rule: Rule{Name: "repo_delete", Level: High, Description: "deletes a hosted git repository: gh repo delete, glab repo delete", Example: "gh repo delete owner/repo --yes"}, check: infraRepoDelete, progs: infraRepoProgs},
	}
}

// The programs each check reads, for builtin.progs. The checks test
// c.Name() against these lists, or (the SQL clients and cloud CLIs) switch
// on the same names.
var (
	infraDockerProgs    = []string{"docker", "podman", "nerdctl", "finch", "lima-nerdctl"}
	infraComposeProgs   = []string{"docker-compose", "podman-compose"}
	infraContainerProgs = slices.Concat(infraDockerProgs, infraComposeProgs)
	infraKubectlProgs   = []string{"kubectl", "oc", "microk8s.kubectl", "k3s"}
	infraHelmProgs      = []string{"helm"}
	infraTerraformProgs = []string{"terraform", "tofu", "terragrunt", "opentofu"}
	infraPulumiProgs    = []string{"pulumi"}
	// infraSQLProgs are the cases of infraSQLTexts' switch.
	infraSQLProgs = []string{"psql", "usql", "cockroach", "yb-ysql", "ysqlsh",
		"mysql", "mariadb", "mycli", "litecli", "mysqlsh",
		"sqlite3", "sqlite", "duckdb", "spatialite",
		"cqlsh", "clickhouse-client", "sqlcmd", "snowsql", "vsql", "bteq", "trino", "presto", "beeline", "impala-shell", "hive", "spark-sql",
		"clickhouse"}
	// infraSQLDropProgs adds the cases of infraSQLDrop's switch.
	infraSQLDropProgs = slices.Concat(infraSQLProgs, []string{"dropdb", "mysqladmin", "mariadb-admin"})
	infraMongoProgs   = []string{"mongosh", "mongo"}
	infraRedisProgs   = []string{"redis-cli", "valkey-cli", "keydb-cli"}
	// infraCloudProgs are the cases of infraCloud's switch.
	infraCloudProgs = []string{"aws", "gcloud", "gsutil", "az", "gh", "glab", "heroku", "doctl", "fly", "flyctl"}
	infraRepoProgs  = []string{"gh", "glab"}
)

// ---- containers ----

// infraDockerGlobal parses a container CLI's own options (before the
// subcommand).
func infraDockerGlobalArgs() []string {
	return []string{"config", "context", "host", "log-level", "tlscacert", "tlscert", "tlskey",
		"connection", "url", "root", "runroot", "storage-driver", "storage-opt", "cgroup-manager", "conmon", "events-backend", "hooks-dir", "identity", "imagestore", "module",
		"network-cmd-path", "network-config-dir", "runtime", "runtime-flag", "ssh", "tmpdir", "volumepath", "namespace", "address", "snapshotter", "cni-path", "cni-netconfpath", "data-root", "hosts-dir", "cgroup-manager",
		"file", "project-name", "profile", "env-file", "project-directory", "ansi", "progress", "parallel"}
}

// infraContainerCLI reports a container CLI and whether it is compose.
func infraContainerCLI(name string) (ok, compose bool) {
	if slices.Contains(infraComposeProgs, name) {
		return true, true
	}
	return slices.Contains(infraDockerProgs, name), false
}

// infraDockerPath returns a container CLI's command path ("container",
// "rm") and the words after it.
func infraDockerPath(c *Command) (cmd []string, rest []Word, compose bool) {
	ok, compose := infraContainerCLI(c.Name())
	if !ok {
		return nil, nil, false
	}
	args := c.Args[1:]
	i := 0
	for i < len(args) && len(cmd) < 3 {
		v := args[i].Value
		if len(v) > 1 && v[0] == '-' {
			if v == "--help" || v == "-h" || v == "--version" || v == "-v" && len(cmd) == 0 {
				return nil, nil, false
			}
			if !strings.Contains(v, "=") && (v == "-H" || v == "-c" || v == "-l" || v == "-f" || v == "-p" || v == "-n" || v == "-a" ||
				strings.HasPrefix(v, "--") && xoptIn(infraDockerGlobalArgs(), v[2:])) {
				i++
			}
			i++
			continue
		}
		if !args[i].Known {
			return nil, nil, false
		}
		cmd = append(cmd, v)
		i++
		if v == "compose" {
			compose = true
			continue
		}
		if len(cmd) == 1 && !compose && infraDockerGroup(v) || compose && len(cmd) == 0 {
			continue
		}
		break
	}
	rest = args[i:]
	if sysHasHelp(rest) {
		return nil, nil, false
	}
	for _, w := range rest {
		if w.Value == "-h" {
			return nil, nil, false
		}
	}
	return cmd, rest, compose
}

// infraDockerGroup reports a management command that takes a subcommand.
func infraDockerGroup(v string) bool {
	switch v {
	case "container", "image", "volume", "network", "system", "builder", "buildx", "plugin", "secret", "config", "service", "stack", "node", "context", "manifest", "swarm", "pod", "machine", "trust", "checkpoint":
		return true
	}
	return false
}

// xoptIn reports whether s is in list.
func xoptIn(list []string, s string) bool {
	for _, l := range list {
		if l == s {
			return true
		}
	}
	return false
}

func infraDockerRemove(c *Command) []Hit {
	cmd, rest, compose := infraDockerPath(c)
	if len(cmd) == 0 {
		return nil
	}
	tool := c.Name()
	if compose {
		verb := cmd[len(cmd)-1]
		r := xoptParse(rest, &xoptSpec{longArg: []string{"rmi", "timeout", "signal"}, shortArg: "ts"})
		switch verb {
		case "down":
			if r.has('v', "volumes") {
				return hit("compose down -v deletes the project's volumes and their data")
			}
			if w, ok := r.last(0, "rmi"); ok {
				return hit("compose down --rmi " + xoptShow(w) + " removes the project's images")
			}
		case "rm":
			return hit("compose rm removes the project's stopped containers")
		case "kill":
			return hit("compose kill kills the project's containers")
		}
		return nil
	}
	verb := cmd[len(cmd)-1]
	group := ""
	if len(cmd) > 1 {
		group = cmd[0]
	}
	r := xoptParse(rest, &xoptSpec{shortArg: "st", longArg: []string{"filter", "signal", "time"}})
	what := xoptList(r.args)
	switch {
	case verb == "rm" && group == "" || (verb == "rm" || verb == "remove") && group == "container":
		if r.has('v', "volumes") {
			return hit(tool + " rm -v removes containers and their anonymous volumes: " + what)
		}
		return hit(tool + " rm removes containers: " + what)
	case verb == "rmi" && group == "" || (verb == "rm" || verb == "remove") && group == "image":
		return hit(tool + " removes images: " + what)
	case verb == "kill" && (group == "" || group == "container" || group == "pod"):
		return hit(tool + " kill kills containers: " + what)
	case verb == "prune" && group != "":
		extra := ""
		if r.has(0, "volumes") {
			extra = ", volumes included"
		}
		if r.has('a', "all") {
			extra += ", every unused image included"
		}
		return hit(tool + " " + group + " prune removes unused " + group + " data" + extra)
	case verb == "reset" && group == "system":
		return hit(tool + " system reset removes every container, image and volume")
	case (verb == "rm" || verb == "remove") && group != "":
		return hit(tool + " " + group + " rm removes " + group + "s: " + what)
	}
	return nil
}

// infraSensitiveMount reports a host path whose bind mount hands the host
// to the container.
func infraSensitiveMount(src string) bool {
	if src == "" || src[0] != '/' {
		return false
	}
	src = path.Clean(src)
	switch src {
	case "/", "/etc", "/root", "/boot", "/dev", "/proc", "/sys", "/usr", "/var", "/bin", "/sbin", "/lib", "/lib64", "/home", "/run",
		"/var/run/docker.sock", "/run/docker.sock", "/run/containerd/containerd.sock", "/var/run/crio/crio.sock", "/run/podman/podman.sock", "/etc/shadow", "/etc/sudoers":
		return true
	}
	return false
}

func infraDockerPrivileged(c *Command) []Hit {
	cmd, rest, compose := infraDockerPath(c)
	if compose || len(cmd) == 0 {
		return nil
	}
	verb := cmd[len(cmd)-1]
	if !(verb == "run" || verb == "create" || verb == "exec") || len(cmd) > 1 && cmd[0] != "container" {
		return nil
	}
	r := xoptParse(rest, &xoptSpec{posix: true, shortArg: "acehlmpuvw", longArgDefault: true,
		longBool: []string{"detach", "interactive", "tty", "rm", "privileged", "publish-all", "init", "read-only", "no-healthcheck", "oom-kill-disable", "sig-proxy", "quiet",
			"disable-content-trust", "use-api-socket", "replace", "rmi", "no-hosts", "http-proxy", "tls-verify", "passwd", "help"}})
	for _, o := range r.opts {
		switch {
		case o.long == "privileged" && o.val.Value != "false":
			return hit(tool(c) + " " + verb + " --privileged gives the container full access to the host")
		case o.long == "pid" && o.val.Value == "host":
			return hit(tool(c) + " " + verb + " --pid=host lets the container see and signal every host process")
		case o.long == "cap-add" && (strings.EqualFold(o.val.Value, "ALL") || strings.EqualFold(strings.TrimPrefix(strings.ToUpper(o.val.Value), "CAP_"), "SYS_ADMIN")):
			return hit(tool(c) + " " + verb + " --cap-add=" + xoptShow(o.val) + " gives the container root powers over the host")
		case o.short == 'v' || o.long == "volume":
			src, _, _ := strings.Cut(o.val.Value, ":")
			if infraSensitiveMount(src) {
				return hit(tool(c) + " " + verb + " mounts the host's " + path.Clean(src) + " into the container")
			}
		case o.long == "mount":
			src := ""
			for _, kv := range strings.Split(o.val.Value, ",") {
				k, v, _ := strings.Cut(kv, "=")
				if k == "source" || k == "src" {
					src = v
				}
			}
			if infraSensitiveMount(src) {
				return hit(tool(c) + " " + verb + " mounts the host's " + path.Clean(src) + " into the container")
			}
		}
	}
	return nil
}

// tool returns the command's program name for a reason.
func tool(c *Command) string { return c.Name() }

// ---- Kubernetes, Helm ----

func infraKubeBool() []string {
	return []string{"all", "all-namespaces", "force", "now", "wait", "recursive", "ignore-not-found", "insecure-skip-tls-verify", "match-server-version",
		"warnings-as-errors", "help", "interactive", "ignore-daemonsets", "delete-emptydir-data", "delete-local-data", "disable-eviction", "show-labels", "watch", "watch-only",
		"no-headers", "overwrite", "local", "record", "dry-run", "prune", "server-side", "force-conflicts", "validate", "stdin", "tty", "quiet", "wait-for-jobs", "atomic",
		"keep-history", "no-hooks", "debug", "allow-missing-template-keys", "show-managed-fields", "cascade", "raw", "v", "ignore-errors"}
}

// infraKubectl parses a kubectl (or oc) command: its verb and operands.
func infraKubectl(c *Command) (verb string, r xoptRes, ok bool) {
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
	r = xoptParse(args, &xoptSpec{shortArg: "nslfoLckpv", longArgDefault: true, longBool: infraKubeBool(), helpShort: 'h'})
	if r.help || len(r.args) == 0 || !r.args[0].Known {
		return "", r, false
	}
	if w, ok := r.last(0, "dry-run"); ok && w.Value != "none" || r.has(0, "dry-run") && !ok {
		return "", r, false
	}
	return r.args[0].Value, r, true
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
func infraKubeDeleteAll(r *xoptRes) string {
	ops := r.args[1:]
	if len(ops) > 0 {
		if k := infraKubeAllKind(ops[0].Value); k != "" {
			return "deletes the " + k + " " + xoptList(ops[1:]) + " and everything in it"
		}
	}
	if r.has('A', "all-namespaces") {
		return "deletes " + gitNames(ops, "resources") + " in every namespace"
	}
	if r.has(0, "all") {
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
		if f, ok := r.last('f', "filename"); ok {
			return hit("kubectl delete removes the resources in " + xoptShow(f))
		}
		what := infraJoin(r.args[1:])
		if what == "" {
			what = "resources"
		}
		return hit("kubectl delete removes " + what)
	case "replace":
		if r.has(0, "force") {
			return hit("kubectl replace --force deletes and recreates resources")
		}
	case "apply":
		if r.has(0, "prune") {
			return hit("kubectl apply --prune deletes resources missing from the manifests")
		}
	}
	return nil
}

func infraKubectlScaleZero(c *Command) []Hit {
	verb, r, ok := infraKubectl(c)
	if !ok || verb != "scale" {
		return nil
	}
	if w, ok := r.last(0, "replicas"); ok && strings.TrimLeft(w.Value, "0") == "" && w.Value != "" {
		return hit("kubectl scale --replicas=0 stops every pod of " + gitNames(r.args[1:], "the workload"))
	}
	return nil
}

func infraKubectlDrain(c *Command) []Hit {
	verb, r, ok := infraKubectl(c)
	if !ok || verb != "drain" {
		return nil
	}
	return hit("kubectl drain evicts every pod from " + gitNames(r.args[1:], "the node"))
}

func infraHelmUninstall(c *Command) []Hit {
	if !slices.Contains(infraHelmProgs, c.Name()) {
		return nil
	}
	r := xoptParse(c.Args[1:], &xoptSpec{shortArg: "n", longArgDefault: true, longBool: infraKubeBool(), helpShort: 'h'})
	if r.help || len(r.args) == 0 || r.has(0, "dry-run") {
		return nil
	}
	switch r.args[0].Value {
	case "uninstall", "delete", "del", "un":
		return hit("helm uninstall removes the release " + gitNames(r.args[1:], "") + " and its resources")
	}
	return nil
}

// ---- Terraform, OpenTofu, Pulumi ----

// infraTerraform returns terraform's (tofu's, terragrunt's) subcommand and
// its parsed options.
func infraTerraform(c *Command) (sub string, r xoptRes, ok bool) {
	n := c.Name()
	if !slices.Contains(infraTerraformProgs, n) {
		return "", r, false
	}
	args := c.Args[1:]
	i := 0
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
		for len(args) > 0 && strings.HasPrefix(args[0].Value, "-") {
			args = args[1:]
		}
		if len(args) == 0 {
			return "", r, false
		}
		sub, args = args[0].Value, args[1:]
	}
	r = xoptParse(args, &xoptSpec{oneDash: true, longArg: []string{"var", "var-file", "target", "replace", "state", "state-out", "backup", "lock-timeout", "parallelism", "chdir", "out", "lock"}})
	if r.help {
		return "", r, false
	}
	return sub, r, true
}

// infraFlagTrue reports a Go-style boolean flag that is set and not =false.
func infraFlagTrue(r *xoptRes, name string) bool {
	for _, o := range r.opts {
		if o.long == name && (!o.hasVal || o.val.Value != "false" && o.val.Value != "0") {
			return true
		}
	}
	return false
}

func infraTerraformDestroy(c *Command) []Hit {
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

func infraTerraformApplyAuto(c *Command) []Hit {
	sub, r, ok := infraTerraform(c)
	if !ok || sub != "apply" || infraFlagTrue(&r, "destroy") {
		return nil
	}
	if infraFlagTrue(&r, "auto-approve") {
		return hit(c.Name() + " apply -auto-approve changes infrastructure without asking")
	}
	return nil
}

func infraTerraformApply(c *Command) []Hit {
	sub, r, ok := infraTerraform(c)
	if !ok || sub != "apply" || infraFlagTrue(&r, "destroy") || infraFlagTrue(&r, "auto-approve") {
		return nil
	}
	return hit(c.Name() + " apply changes infrastructure")
}

func infraTerraformState(c *Command) []Hit {
	sub, r, ok := infraTerraform(c)
	if !ok || sub != "state" || len(r.args) == 0 || infraFlagTrue(&r, "dry-run") {
		return nil
	}
	switch r.args[0].Value {
	case "rm":
		return hit(c.Name() + " state rm forgets " + gitNames(r.args[1:], "resources") + ": they are no longer managed")
	case "push":
		return hit(c.Name() + " state push overwrites the remote state")
	}
	return nil
}

// infraPulumi returns pulumi's subcommand and parsed options.
func infraPulumi(c *Command) (string, xoptRes, bool) {
	if !slices.Contains(infraPulumiProgs, c.Name()) {
		return "", xoptRes{}, false
	}
	r := xoptParse(c.Args[1:], &xoptSpec{shortArg: "sCmtvcp", longArgDefault: true, helpShort: 'h',
		longBool: []string{"yes", "skip-preview", "debug", "diff", "help", "refresh", "json", "preview-only", "non-interactive", "expect-no-changes", "force", "remove",
			"exclude-protected", "continue-on-error", "target-dependents", "logtostderr", "emoji", "fully-qualify-stack-names", "show-config", "show-replacement-steps",
			"show-sames", "show-reads", "suppress-outputs", "suppress-permalink", "suppress-progress", "disable-integrity-checking", "run-program", "strict", "verbose"}})
	if r.help || len(r.args) == 0 {
		return "", r, false
	}
	return r.args[0].Value, r, true
}

func infraPulumiDestroy(c *Command) []Hit {
	sub, r, ok := infraPulumi(c)
	if !ok {
		return nil
	}
	switch {
	case (sub == "destroy" || sub == "down") && !r.has(0, "preview-only"):
		return hit("pulumi destroy deletes every resource of the stack")
	case sub == "stack" && len(r.args) > 1 && r.args[1].Value == "rm" && r.has('f', "force"):
		return hit("pulumi stack rm --force deletes the stack even with resources left")
	}
	return nil
}

func infraPulumiUp(c *Command) []Hit {
	sub, r, ok := infraPulumi(c)
	if !ok || sub != "up" && sub != "update" {
		return nil
	}
	if r.has('y', "yes") && !r.has(0, "preview-only") {
		return hit("pulumi up --yes changes infrastructure without asking")
	}
	return nil
}

// ---- databases ----

// infraSQLTexts returns the SQL a database client command runs, and its
// dialect. ok is false when c is no SQL client (or only prints help).
func infraSQLTexts(c *Command) (texts []Word, d sqlDialect, ok bool) {
	name := c.Name()
	if name == "" {
		return nil, 0, false
	}
	args := c.Args[1:]
	stdin := func() {
		if c.Stdin != nil {
			texts = append(texts, *c.Stdin)
		}
	}
	switch name {
	case "psql", "usql", "cockroach", "yb-ysql", "ysqlsh":
		if name == "cockroach" {
			if len(args) == 0 || args[0].Value != "sql" {
				return nil, 0, false
			}
			args = args[1:]
		}
		r := xoptParse(args, &xoptSpec{shortArg: "cdfFhLopPRTUve", longArg: []string{"command", "dbname", "file", "field-separator", "host", "log-file", "output", "port", "pset", "record-separator", "table-attr", "username", "variable", "set", "execute", "url", "certs-dir", "database", "user"}, helpShort: '?'})
		if r.help {
			return nil, 0, false
		}
		texts = r.all('c', "command", "execute")
		if name == "cockroach" {
			texts = append(texts, r.all('e', "execute")...)
		}
		if len(texts) == 0 {
			if f, ok := r.last('f', "file"); !ok || f.Value == "-" {
				stdin()
			}
		}
		return texts, sqlPostgres, true
	case "mysql", "mariadb", "mycli", "litecli", "mysqlsh":
		r := xoptParse(args, &xoptSpec{shortArg: "eDhPSuoO", shortOpt: "p", longArg: []string{"execute", "database", "host", "port", "socket", "user", "default-character-set", "defaults-file", "defaults-extra-file", "login-path", "init-command", "tee", "sql"}, helpShort: '?'})
		if r.help {
			return nil, 0, false
		}
		texts = r.all('e', "execute", "sql")
		if len(texts) == 0 {
			stdin()
		}
		d = sqlMySQL
		if name == "litecli" {
			d = sqlSQLite
		}
		return texts, d, true
	case "sqlite3", "sqlite", "duckdb", "spatialite":
		r := xoptParse(args, &xoptSpec{oneDash: true, longArg: []string{"cmd", "separator", "newline", "nullvalue", "init", "vfs", "mmap", "heap", "maxsize", "escape", "pagecache", "lookaside", "c", "s", "f"}})
		if r.help {
			return nil, 0, false
		}
		texts = r.all(0, "cmd", "c", "s")
		if len(r.args) > 1 {
			texts = append(texts, r.args[1:]...)
		} else if len(r.all(0, "c", "s")) == 0 {
			stdin()
		}
		return texts, sqlSQLite, true
	case "cqlsh", "clickhouse-client", "sqlcmd", "snowsql", "vsql", "bteq", "trino", "presto", "beeline", "impala-shell", "hive", "spark-sql":
		r := xoptParse(args, &xoptSpec{shortArg: "eqQfuhpPkSdUwinH", longArg: []string{"execute", "query", "file", "username", "user", "host", "port", "password", "keyspace", "database", "server"}})
		if r.help {
			return nil, 0, false
		}
		texts = r.all('e', "execute", "query")
		texts = append(texts, r.all('q', "")...)
		texts = append(texts, r.all('Q', "")...)
		if len(texts) == 0 {
			if _, ok := r.last('f', "file"); !ok {
				stdin()
			}
		}
		return texts, sqlPostgres, true
	case "clickhouse":
		if len(args) > 0 && args[0].Value == "client" {
			c2 := *c
			c2.Args = append([]Word{Lit("clickhouse-client")}, args[1:]...)
			return infraSQLTexts(&c2)
		}
	}
	return nil, 0, false
}

// infraSQLFindings classifies every SQL text of the command.
func infraSQLFindings(c *Command) []sqlFinding {
	texts, d, ok := infraSQLTexts(c)
	if !ok {
		return nil
	}
	var out []sqlFinding
	for _, t := range texts {
		out = append(out, sqlAnalyze(t.Value, d)...)
	}
	return out
}

// infraSQLHits returns the findings of one kind as hits, deduplicated.
func infraSQLHits(c *Command, kind sqlKind) []Hit {
	var hs []Hit
	for _, f := range infraSQLFindings(c) {
		if f.kind != kind {
			continue
		}
		dup := false
		for _, h := range hs {
			dup = dup || h.Reason == f.reason
		}
		if !dup {
			hs = append(hs, Hit{Reason: f.reason})
		}
	}
	return hs
}

func infraSQLDrop(c *Command) []Hit {
	switch c.Name() {
	case "dropdb":
		r := xoptParse(c.Args[1:], &xoptSpec{shortArg: "hpUd", longArg: []string{"host", "port", "username", "maintenance-db"}, helpShort: '?'})
		if r.help || len(r.args) == 0 {
			return nil
		}
		return hit("dropdb drops the database " + xoptShow(r.args[0]))
	case "mysqladmin", "mariadb-admin":
		r := xoptParse(c.Args[1:], &xoptSpec{shortArg: "hPSuc", shortOpt: "p", longArg: []string{"host", "port", "socket", "user", "count", "sleep"}, helpShort: '?'})
		for i, w := range r.args {
			if strings.EqualFold(w.Value, "drop") && !r.help {
				return hit("mysqladmin drop drops the database " + gitNames(r.args[i+1:min(i+2, len(r.args))], ""))
			}
		}
		return nil
	}
	return infraSQLHits(c, sqlKindDrop)
}

func infraSQLDelete(c *Command) []Hit { return infraSQLHits(c, sqlKindDelete) }
func infraSQLModify(c *Command) []Hit { return infraSQLHits(c, sqlKindModify) }
func infraSQLShell(c *Command) []Hit  { return infraSQLHits(c, sqlKindShell) }

// infraMongoTexts returns the JavaScript a mongo shell command runs.
func infraMongoTexts(c *Command) []Word {
	if !slices.Contains(infraMongoProgs, c.Name()) {
		return nil
	}
	r := xoptParse(c.Args[1:], &xoptSpec{shortArg: "upf", longArgDefault: true, helpShort: 'h',
		longBool: []string{"norc", "quiet", "shell", "nodb", "verbose", "help", "version", "tls", "ssl", "tlsAllowInvalidCertificates", "tlsAllowInvalidHostnames", "ipv6", "retryWrites", "json", "build-info"}})
	if r.help {
		return nil
	}
	texts := r.all(0, "eval")
	if len(texts) == 0 && c.Stdin != nil {
		texts = append(texts, *c.Stdin)
	}
	return texts
}

func infraMongoDrop(c *Command) []Hit {
	for _, t := range infraMongoTexts(c) {
		if why, high := mongoAnalyze(t.Value); high {
			return hit(why)
		}
	}
	return nil
}

func infraMongoModify(c *Command) []Hit {
	for _, t := range infraMongoTexts(c) {
		if why, high := mongoAnalyze(t.Value); why != "" && !high {
			return hit(why)
		} else if high {
			return nil
		}
	}
	return nil
}

// mongoAnalyze finds destructive calls in mongo shell JavaScript, outside
// string literals and comments.
func mongoAnalyze(js string) (reason string, high bool) {
	code := jsCode(js)
	switch {
	case strings.Contains(code, ".dropDatabase("):
		return "drops a MongoDB database (dropDatabase)", true
	case strings.Contains(code, ".drop("):
		return "drops a MongoDB collection (.drop())", true
	case strings.Contains(code, ".deleteMany({})"), strings.Contains(code, ".remove({})"), strings.Contains(code, ".deleteMany()"), strings.Contains(code, ".remove()"):
		return "deletes every document of a MongoDB collection", true
	case strings.Contains(code, ".dropAllUsers("), strings.Contains(code, ".dropAllRoles("):
		return "drops every MongoDB user or role", true
	}
	for _, f := range []string{".deleteMany(", ".deleteOne(", ".remove(", ".findOneAndDelete(", ".updateMany(", ".updateOne(", ".replaceOne(", ".findOneAndUpdate(", ".findOneAndReplace(", ".bulkWrite(", ".dropIndex(", ".dropIndexes(", ".dropUser(", ".renameCollection("} {
		if strings.Contains(code, f) {
			return "changes MongoDB data: " + f[1:len(f)-1] + "()", false
		}
	}
	return "", false
}

// jsCode returns JavaScript with whitespace, comments and the contents of
// string literals removed ("" stands for each literal).
func jsCode(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r':
		case ch == '/' && i+1 < len(s) && s[i+1] == '/':
			for i < len(s) && s[i] != '\n' {
				i++
			}
		case ch == '/' && i+1 < len(s) && s[i+1] == '*':
			end := strings.Index(s[i+2:], "*/")
			if end < 0 {
				i = len(s)
			} else {
				i += end + 3
			}
		case ch == '"' || ch == '\'' || ch == '`':
			for i++; i < len(s) && s[i] != ch; i++ {
				if s[i] == '\\' {
					i++
				}
			}
			b.WriteString(`""`)
		default:
			b.WriteByte(ch)
		}
	}
	return b.String()
}

// infraRedisCommands returns the commands a redis-cli line runs, each as
// its words.
func infraRedisCommands(c *Command) [][]string {
	if !slices.Contains(infraRedisProgs, c.Name()) {
		return nil
	}
	args := c.Args[1:]
	i := 0
	for ; i < len(args); i++ {
		v := args[i].Value
		if len(v) < 2 || v[0] != '-' {
			break
		}
		switch v {
		case "--help", "--version", "-v":
			return nil
		case "-h", "-p", "-s", "-a", "-u", "-n", "-r", "-i", "-d", "-D", "-t", "--user", "--pass", "--sni", "--cacert", "--cacertdir", "--cert", "--key", "--tls-ciphers", "--tls-ciphersuites",
			"--rdb", "--functions-rdb", "--pipe-timeout", "--memkeys-samples", "--pattern", "--quoted-pattern", "--count", "--eval", "--intrinsic-latency", "--show-pushes", "--lru-test", "--cluster", "--latency-dist", "--keystats-samples", "--top":
			i++
		}
	}
	var out [][]string
	if i < len(args) {
		var words []string
		for _, w := range args[i:] {
			words = append(words, w.Value)
		}
		out = append(out, words)
	} else if c.Stdin != nil {
		for _, line := range strings.Split(c.Stdin.Value, "\n") {
			if f := strings.Fields(line); len(f) > 0 {
				out = append(out, f)
			}
		}
	}
	return out
}

func infraRedisFlush(c *Command) []Hit {
	for _, cmd := range infraRedisCommands(c) {
		switch up := strings.ToUpper(cmd[0]); up {
		case "FLUSHALL":
			return hit("redis FLUSHALL deletes every key of every database")
		case "FLUSHDB":
			return hit("redis FLUSHDB deletes every key of the database")
		}
	}
	return nil
}

func infraRedisDelete(c *Command) []Hit {
	for _, cmd := range infraRedisCommands(c) {
		switch up := strings.ToUpper(cmd[0]); up {
		case "DEL", "UNLINK", "GETDEL":
			return hit("redis " + up + " deletes keys: " + strings.Join(cmd[1:min(len(cmd), 5)], ", "))
		}
	}
	return nil
}

// ---- cloud CLIs ----

// infraCloud classifies a cloud CLI command: the reason, and whether it is
// a bulk (high) delete. reason is "" when the command deletes nothing.
func infraCloud(c *Command) (reason string, bulk bool) {
	name := c.Name()
	if name == "" {
		return "", false
	}
	args := c.Args[1:]
	switch name {
	case "aws":
		return infraAWS(args)
	case "gcloud":
		r := xoptParse(args, &xoptSpec{shortArg: "", longArgDefault: true, helpShort: 'h',
			longBool: []string{"quiet", "async", "verbose", "log-http", "user-output-enabled", "no-user-output-enabled", "recursive", "all", "help", "force", "continue-on-error", "delete-disks-all", "keep-disks-all", "no-async", "dry-run"}})
		if r.help || len(r.args) == 0 || r.has(0, "dry-run") {
			return "", false
		}
		ops := r.args
		for _, w := range ops {
			if w.Value == "help" {
				return "", false
			}
		}
		switch ops[0].Value {
		case "config", "components", "auth", "topic", "help", "info", "init", "version":
			return "", false
		case "storage":
			if len(ops) > 1 && ops[1].Value == "rm" {
				if r.has('r', "recursive") || r.has('R', "") || infraCloudWildcard(ops[2:]) {
					return "gcloud storage rm -r deletes every object under " + gitNames(ops[2:], "the given URLs"), true
				}
				return "gcloud storage rm deletes " + gitNames(ops[2:], "objects"), false
			}
		}
		for i, w := range ops {
			if i > 5 {
				break
			}
			if w.Value == "delete" {
				return "gcloud " + infraJoin(ops[:i+1]) + " deletes " + gitNames(ops[i+1:], "a resource"), true
			}
		}
	case "gsutil":
		i := 0
		for i < len(args) && strings.HasPrefix(args[i].Value, "-") {
			switch args[i].Value {
			case "-u", "-o", "-h", "-i":
				i++
			case "--help", "--version", "-v":
				return "", false
			}
			i++
		}
		if i >= len(args) {
			return "", false
		}
		r := xoptParse(args[i+1:], &xoptSpec{shortArg: "Iexp"})
		switch args[i].Value {
		case "rm", "del", "delete", "remove":
			if r.has('r', "") || r.has('R', "") || r.has('a', "") && infraCloudWildcard(r.args) || infraCloudWildcard(r.args) {
				return "gsutil rm -r deletes every object under " + gitNames(r.args, "the given URLs"), true
			}
			return "gsutil rm deletes " + gitNames(r.args, "objects"), false
		case "rb":
			return "gsutil rb deletes the bucket " + gitNames(r.args, ""), r.has('f', "")
		case "rsync":
			if r.has('d', "") {
				return "gsutil rsync -d deletes destination files missing from the source", false
			}
		}
	case "az":
		var path []Word
		for _, w := range args {
			if strings.HasPrefix(w.Value, "-") {
				break
			}
			path = append(path, w)
		}
		if sysHasHelp(args) {
			return "", false
		}
		for _, w := range args {
			if w.Value == "-h" {
				return "", false
			}
		}
		if len(path) >= 2 && path[0].Value == "group" && path[1].Value == "delete" {
			return "az group delete deletes the resource group and every resource in it", true
		}
		for _, w := range path {
			if w.Value == "delete" || strings.HasPrefix(w.Value, "delete-") || w.Value == "purge" {
				return "az " + infraJoin(path) + " deletes a resource", false
			}
		}
	case "gh", "glab":
		r := xoptParse(args, &xoptSpec{shortArg: "RXHFfpqtj", longArgDefault: true, helpShort: 'h',
			longBool: []string{"yes", "confirm", "help", "paginate", "include", "silent", "verbose", "cleanup-tag", "all", "web", "json", "slurp"}})
		if r.help || len(r.args) < 2 {
			return "", false
		}
		if r.args[0].Value == "repo" && r.args[1].Value == "delete" {
			return "", false // repo_delete
		}
		if r.args[0].Value == "api" {
			if m, ok := r.last('X', "method"); ok && strings.EqualFold(m.Value, "DELETE") {
				return name + " api DELETE deletes " + xoptShow(r.args[1]), false
			}
			return "", false
		}
		switch r.args[0].Value {
		case "alias", "extension", "ext", "config", "auth":
			return "", false // local settings
		}
		if v := r.args[1].Value; v == "delete" || v == "remove" {
			return name + " " + r.args[0].Value + " " + v + " deletes " + gitNames(r.args[2:], "it"), false
		}
	case "heroku":
		if len(args) == 0 || sysHasHelp(args) {
			return "", false
		}
		switch args[0].Value {
		case "apps:destroy", "destroy":
			return "heroku apps:destroy deletes the app with its add-ons and data", true
		case "pg:reset":
			return "heroku pg:reset deletes every table of the database", true
		case "addons:destroy", "addons:remove", "pg:backups:delete", "domains:remove", "config:unset", "releases:rollback":
			return "heroku " + args[0].Value + " deletes or changes app resources", false
		}
	case "doctl":
		r := xoptParse(args, &xoptSpec{shortArg: "tuo", longArgDefault: true, helpShort: 'h', longBool: []string{"force", "help", "trace", "verbose", "interactive", "dangerous"}})
		if r.help {
			return "", false
		}
		for i, w := range r.args {
			if i > 4 {
				break
			}
			if w.Value == "delete" || w.Value == "rm" || w.Value == "d" && i >= 2 {
				return "doctl " + infraJoin(r.args[:i+1]) + " deletes " + gitNames(r.args[i+1:], "a resource"), false
			}
		}
	case "fly", "flyctl":
		r := xoptParse(args, &xoptSpec{shortArg: "ac", longArgDefault: true, helpShort: 'h', longBool: []string{"yes", "help", "verbose", "json", "force"}})
		if r.help || len(r.args) == 0 {
			return "", false
		}
		if r.args[0].Value == "destroy" || len(r.args) > 1 && r.args[0].Value == "apps" && (r.args[1].Value == "destroy" || r.args[1].Value == "delete") {
			return "fly destroy deletes the app and its machines", true
		}
		for i, w := range r.args {
			if i > 3 {
				break
			}
			if w.Value == "destroy" || w.Value == "delete" || w.Value == "remove" {
				return "fly " + infraJoin(r.args[:i+1]) + " deletes a resource", false
			}
		}
	}
	return "", false
}

// infraJoin joins command path words with spaces.
func infraJoin(ws []Word) string {
	var b strings.Builder
	for i, w := range ws {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(xoptShow(w))
	}
	return b.String()
}

// infraCloudWildcard reports an object URL with a wildcard that matches
// many objects (gs://bucket/**).
func infraCloudWildcard(ws []Word) bool {
	for _, w := range ws {
		if strings.Contains(w.Value, "://") && strings.HasSuffix(w.Value, "*") {
			return true
		}
	}
	return false
}

// infraAWSHighOps are AWS operations that destroy a whole resource with
// its data.
func infraAWSHighOp(service, op string) bool {
	if strings.HasPrefix(op, "terminate-") {
		return true
	}
	switch service + " " + op {
	case "rds delete-db-instance", "rds delete-db-cluster", "rds delete-global-cluster", "cloudformation delete-stack", "dynamodb delete-table", "eks delete-cluster",
		"ecs delete-cluster", "redshift delete-cluster", "efs delete-file-system", "ec2 delete-volume", "codecommit delete-repository", "kms schedule-key-deletion",
		"elasticache delete-replication-group", "elasticache delete-cache-cluster", "opensearch delete-domain", "es delete-elasticsearch-domain", "docdb delete-db-cluster",
		"neptune delete-db-cluster", "s3api delete-bucket", "route53 delete-hosted-zone", "organizations delete-organization", "backup delete-backup-vault", "glacier delete-vault",
		"cloudformation delete-stack-set", "lightsail delete-instance", "lightsail delete-relational-database", "memorydb delete-cluster", "timestream-write delete-database",
		"qldb delete-ledger", "kinesis delete-stream", "secretsmanager delete-secret-force", "fsx delete-file-system":
		return true
	}
	return false
}

func infraAWS(args []Word) (string, bool) {
	r := xoptParse(args, &xoptSpec{longArgDefault: true,
		longBool: []string{"debug", "no-verify-ssl", "no-paginate", "no-sign-request", "no-cli-pager", "cli-auto-prompt", "no-cli-auto-prompt", "recursive", "force", "dryrun",
			"dry-run", "no-dry-run", "quiet", "only-show-errors", "no-progress", "exact-timestamps", "delete", "follow-symlinks", "no-follow-symlinks", "size-only",
			"skip-final-snapshot", "no-skip-final-snapshot", "delete-automated-backups", "no-delete-automated-backups", "force-delete-without-recovery",
			"bypass-governance-retention", "no-guess-mime-type", "ignore-glacier-warnings", "force-glacier-transfer", "human-readable", "summarize", "help", "version",
			"retain-resources", "force-delete", "no-force", "include-deleted"}})
	if r.help || len(r.args) < 2 || r.has(0, "dryrun", "dry-run") {
		return "", false
	}
	for _, w := range r.args {
		if w.Value == "help" {
			return "", false
		}
	}
	service, op := r.args[0].Value, r.args[1].Value
	rest := r.args[2:]
	switch service + " " + op {
	case "s3 rm":
		if r.has(0, "recursive") {
			return "aws s3 rm --recursive deletes every object under " + gitNames(rest, "the prefix"), true
		}
		return "aws s3 rm deletes " + gitNames(rest, "an object"), false
	case "s3 rb":
		if r.has(0, "force") {
			return "aws s3 rb --force deletes the bucket " + gitNames(rest, "") + " with every object in it", true
		}
		return "aws s3 rb deletes the bucket " + gitNames(rest, ""), false
	case "s3 sync":
		if r.has(0, "delete") {
			return "aws s3 sync --delete deletes destination files missing from the source", false
		}
		return "", false
	case "s3 mv":
		if r.has(0, "recursive") {
			return "aws s3 mv --recursive moves (deletes at the source) every object under " + gitNames(rest[:min(len(rest), 1)], "the prefix"), false
		}
		return "", false
	case "secretsmanager delete-secret":
		if r.has(0, "force-delete-without-recovery") {
			return "aws secretsmanager delete-secret --force-delete-without-recovery deletes the secret for good", true
		}
	}
	if infraAWSHighOp(service, op) {
		return "aws " + service + " " + op + " deletes " + infraAWSWhat(service, op), true
	}
	if strings.HasPrefix(op, "delete-") || strings.HasPrefix(op, "remove-") || strings.HasPrefix(op, "deregister-") || strings.HasPrefix(op, "purge-") {
		return "aws " + service + " " + op + " deletes a resource", false
	}
	return "", false
}

func infraAWSWhat(service, op string) string {
	switch {
	case strings.HasPrefix(op, "terminate-"):
		return "(terminates) " + strings.TrimPrefix(op, "terminate-") + " for good"
	case op == "schedule-key-deletion":
		return "a KMS key and everything encrypted with it"
	}
	return strings.TrimPrefix(op, "delete-") + " with its data"
}

func infraCloudDelete(c *Command) []Hit {
	if why, bulk := infraCloud(c); why != "" && !bulk {
		return hit(why)
	}
	return nil
}

func infraCloudDeleteBulk(c *Command) []Hit {
	if why, bulk := infraCloud(c); why != "" && bulk {
		return hit(why)
	}
	return nil
}

func infraRepoDelete(c *Command) []Hit {
	if !slices.Contains(infraRepoProgs, c.Name()) {
		return nil
	}
	r := xoptParse(c.Args[1:], &xoptSpec{shortArg: "R", longArgDefault: true, helpShort: 'h', longBool: []string{"yes", "confirm", "help"}})
	if r.help || len(r.args) < 2 || r.args[0].Value != "repo" || r.args[1].Value != "delete" {
		return nil
	}
	return hit(c.Name() + " repo delete deletes the hosted repository " + gitNames(r.args[2:], "of the current directory") + " with its issues and history")
}

// ---- a small SQL tokenizer ----

// sqlDialect selects the quoting rules of the SQL tokenizer.
type sqlDialect int

const (
	sqlPostgres sqlDialect = iota
	sqlMySQL
	sqlSQLite
)

// sqlKind is the rule a SQL finding belongs to.
type sqlKind int

const (
	sqlKindDrop sqlKind = iota + 1
	sqlKindDelete
	sqlKindModify
	sqlKindShell
)

// sqlFinding is one dangerous SQL statement.
type sqlFinding struct {
	kind   sqlKind
	reason string
}

// sqlTok is one SQL token.
type sqlTok struct {
	// kind is 'w' for a word (s upper-cased), 'i' for a quoted identifier,
	// 's' for a string literal, '$' for a dollar-quoted body, 'p' for
	// punctuation, '\\' for a client meta-command (psql \x, sqlite3 .x)
	// with the rest of its line in body.
	kind byte
	s    string
	body string
}

func sqlWordByte(ch byte) bool {
	return ch == '_' || ch == '$' || ch >= '0' && ch <= '9' || ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || ch >= 0x80
}

// sqlQuoted scans a quoted literal starting at s[i] (the quote) and returns
// its content and the index after it. A doubled quote stands for one;
// backslash escapes when bs.
func sqlQuoted(s string, i int, q byte, bs bool) (string, int) {
	var b strings.Builder
	j := i + 1
	for j < len(s) {
		ch := s[j]
		if bs && ch == '\\' && j+1 < len(s) {
			b.WriteByte(s[j+1])
			j += 2
			continue
		}
		if ch == q {
			if j+1 < len(s) && s[j+1] == q {
				b.WriteByte(q)
				j += 2
				continue
			}
			return b.String(), j + 1
		}
		b.WriteByte(ch)
		j++
	}
	return b.String(), j
}

// sqlRestOfLine returns s[i:] up to the end of the line and the index of
// the newline (or len(s)).
func sqlRestOfLine(s string, i int) (string, int) {
	j := strings.IndexByte(s[i:], '\n')
	if j < 0 {
		return s[i:], len(s)
	}
	return s[i : i+j], i + j
}

// sqlStatements splits SQL text into statements of tokens, skipping
// comments and keeping string literals and quoted identifiers apart from
// keywords.
func sqlStatements(s string, d sqlDialect) [][]sqlTok {
	var stmts [][]sqlTok
	var cur []sqlTok
	flush := func() {
		if len(cur) > 0 {
			stmts = append(stmts, cur)
			cur = nil
		}
	}
	lineStart := true
	for i := 0; i < len(s); {
		ch := s[i]
		wasLineStart := lineStart
		lineStart = false
		switch {
		case ch == '\n':
			lineStart = true
			i++
		case ch == ' ' || ch == '\t' || ch == '\r' || ch == '\f':
			lineStart = wasLineStart
			i++
		case ch == '-' && i+1 < len(s) && s[i+1] == '-', ch == '#' && d == sqlMySQL:
			_, i = sqlRestOfLine(s, i)
		case ch == '/' && i+1 < len(s) && s[i+1] == '*':
			depth := 0
			for i < len(s) {
				if strings.HasPrefix(s[i:], "/*") {
					depth++
					i += 2
				} else if strings.HasPrefix(s[i:], "*/") {
					depth--
					i += 2
					if depth == 0 || d != sqlPostgres {
						break
					}
				} else {
					i++
				}
			}
		case ch == ';':
			flush()
			i++
		case ch == '\\' && d != sqlSQLite:
			j := i + 1
			for j < len(s) && (sqlWordByte(s[j]) || s[j] == '!') && s[j] != '$' {
				j++
			}
			name := strings.ToLower(s[i:j])
			var rest string
			rest, i = sqlRestOfLine(s, j)
			if name == "\\g" || name == "\\gx" || name == "\\G" {
				flush()
				continue
			}
			flush()
			stmts = append(stmts, []sqlTok{{kind: '\\', s: name, body: rest}})
		case ch == '.' && d == sqlSQLite && wasLineStart && len(cur) == 0:
			j := i + 1
			for j < len(s) && sqlWordByte(s[j]) {
				j++
			}
			name := strings.ToLower(s[i:j])
			var rest string
			rest, i = sqlRestOfLine(s, j)
			stmts = append(stmts, []sqlTok{{kind: '\\', s: name, body: rest}})
		case ch == '\'':
			bs := d == sqlMySQL
			if n := len(cur); n > 0 && i > 0 && (s[i-1] == 'E' || s[i-1] == 'e') && cur[n-1].kind == 'w' && cur[n-1].s == "E" {
				bs = true
				cur = cur[:n-1]
			}
			var lit string
			lit, i = sqlQuoted(s, i, '\'', bs)
			cur = append(cur, sqlTok{kind: 's', s: lit})
		case ch == '"':
			var lit string
			lit, i = sqlQuoted(s, i, '"', d == sqlMySQL)
			kind := byte('i')
			if d == sqlMySQL {
				kind = 's'
			}
			cur = append(cur, sqlTok{kind: kind, s: lit})
		case ch == '`' && d != sqlPostgres:
			var lit string
			lit, i = sqlQuoted(s, i, '`', false)
			cur = append(cur, sqlTok{kind: 'i', s: lit})
		case ch == '[' && d == sqlSQLite:
			j := strings.IndexByte(s[i:], ']')
			if j < 0 {
				j = len(s) - i - 1
			}
			cur = append(cur, sqlTok{kind: 'i', s: s[i+1 : i+j]})
			i += j + 1
		case ch == '$' && d == sqlPostgres && i+1 < len(s) && (s[i+1] == '$' || s[i+1] >= 'A' && (s[i+1] < '0' || s[i+1] > '9') && sqlWordByte(s[i+1])):
			j := i + 1
			for j < len(s) && s[j] != '$' && sqlWordByte(s[j]) {
				j++
			}
			if j >= len(s) || s[j] != '$' {
				cur = append(cur, sqlTok{kind: 'w', s: strings.ToUpper(s[i:j])})
				i = j
				continue
			}
			tag := s[i : j+1]
			end := strings.Index(s[j+1:], tag)
			if end < 0 {
				cur = append(cur, sqlTok{kind: '$', body: s[j+1:]})
				i = len(s)
			} else {
				cur = append(cur, sqlTok{kind: '$', body: s[j+1 : j+1+end]})
				i = j + 1 + end + len(tag)
			}
		case sqlWordByte(ch):
			j := i
			for j < len(s) && sqlWordByte(s[j]) {
				j++
			}
			cur = append(cur, sqlTok{kind: 'w', s: strings.ToUpper(s[i:j])})
			i = j
		default:
			cur = append(cur, sqlTok{kind: 'p', s: s[i : i+1]})
			i++
		}
	}
	flush()
	return stmts
}

// sqlAnalyze returns the dangerous statements in SQL text.
func sqlAnalyze(s string, d sqlDialect) []sqlFinding {
	var out []sqlFinding
	for _, st := range sqlStatements(s, d) {
		out = append(out, sqlStmt(st, d, 0)...)
	}
	return out
}

// sqlIsWord reports whether t[i] is the keyword w.
func sqlIsWord(t []sqlTok, i int, w string) bool {
	return i >= 0 && i < len(t) && t[i].kind == 'w' && t[i].s == w
}

// sqlName reads an object name starting at t[i], skipping IF [NOT] EXISTS,
// ONLY and the like: "public.users", or "" when none.
func sqlName(t []sqlTok, i int) string {
	for i < len(t) && t[i].kind == 'w' {
		switch t[i].s {
		case "IF", "NOT", "EXISTS", "ONLY", "TABLE", "FROM", "LOW_PRIORITY", "QUICK", "IGNORE", "CONCURRENTLY":
			i++
			continue
		}
		break
	}
	var b strings.Builder
	for i < len(t) {
		switch t[i].kind {
		case 'w', 'i':
			if b.Len() > 0 && !strings.HasSuffix(b.String(), ".") {
				return strings.ReplaceAll(b.String(), Unknown, "…")
			}
			if t[i].kind == 'w' {
				b.WriteString(strings.ToLower(t[i].s))
			} else {
				b.WriteString(t[i].s)
			}
		case 'p':
			if t[i].s != "." {
				return strings.ReplaceAll(b.String(), Unknown, "…")
			}
			b.WriteByte('.')
		default:
			return strings.ReplaceAll(b.String(), Unknown, "…")
		}
		i++
	}
	return strings.ReplaceAll(b.String(), Unknown, "…")
}

// sqlWhere finds the WHERE of the statement part starting at t[i], at the
// same parenthesis depth; it returns its index or -1.
func sqlWhere(t []sqlTok, i int) int {
	depth := 0
	for ; i < len(t); i++ {
		if t[i].kind == 'p' {
			switch t[i].s {
			case "(":
				depth++
			case ")":
				depth--
				if depth < 0 {
					return -1
				}
			}
			continue
		}
		if depth == 0 && sqlIsWord(t, i, "WHERE") {
			return i
		}
	}
	return -1
}

// sqlAlwaysTrue reports a WHERE condition that matches every row:
// WHERE 1=1, WHERE TRUE, WHERE 1.
func sqlAlwaysTrue(t []sqlTok, w int) bool {
	rest := t[w+1:]
	end := len(rest)
	for k, tk := range rest {
		if tk.kind == 'w' && (tk.s == "AND" || tk.s == "LIMIT" || tk.s == "RETURNING" || tk.s == "ORDER") {
			end = k
			break
		}
	}
	rest = rest[:end]
	switch {
	case len(rest) == 1 && rest[0].kind == 'w' && (rest[0].s == "TRUE" || rest[0].s == "1"):
		return true
	case len(rest) == 3 && rest[1].kind == 'p' && rest[1].s == "=" && rest[0].kind == rest[2].kind && rest[0].s == rest[2].s && rest[0].kind != 'i' && rest[0].s != "":
		return true
	}
	return false
}

// sqlStmt classifies one statement. depth bounds the recursion into DO
// bodies and EXECUTE strings.
func sqlStmt(t []sqlTok, d sqlDialect, depth int) []sqlFinding {
	if len(t) == 0 || depth > 4 {
		return nil
	}
	if t[0].kind == '\\' {
		switch t[0].s {
		case "\\!", ".system", ".shell":
			return []sqlFinding{{sqlKindShell, t[0].s + " runs a shell command:" + strings.ReplaceAll(t[0].body, Unknown, "…")}}
		case "\\copy":
			if strings.Contains(strings.ToUpper(t[0].body), "PROGRAM") {
				return []sqlFinding{{sqlKindShell, "\\copy ... program runs a shell command"}}
			}
		case ".import", ".read":
			if strings.HasPrefix(strings.TrimLeft(t[0].body, " \t'\""), "|") {
				return []sqlFinding{{sqlKindShell, t[0].s + " | runs a shell command"}}
			}
		}
		return nil
	}
	i := 0
	for i < len(t) && t[i].kind == 'p' && t[i].s == "(" {
		i++
	}
	if i >= len(t) || t[i].kind != 'w' {
		return nil
	}
	switch t[i].s {
	case "EXPLAIN":
		analyze := false
		for j := i + 1; j < len(t); j++ {
			if sqlIsWord(t, j, "ANALYZE") || sqlIsWord(t, j, "ANALYSE") {
				analyze = true
			}
			if analyze && t[j].kind == 'w' {
				switch t[j].s {
				case "DELETE", "UPDATE", "INSERT", "WITH", "MERGE":
					return sqlStmt(t[j:], d, depth)
				}
			}
		}
		return nil
	case "WITH", "DO", "BEGIN", "DECLARE", "CREATE":
		if t[i].s == "CREATE" && !(sqlIsWord(t, i+1, "RULE") || sqlIsWord(t, i+1, "TRIGGER")) {
			return nil
		}
		if t[i].s == "CREATE" {
			return nil // the body runs later, on an event
		}
		return sqlAnywhere(t[i+1:], d, depth)
	case "COPY":
		for j := i + 1; j < len(t); j++ {
			if sqlIsWord(t, j, "PROGRAM") {
				return []sqlFinding{{sqlKindShell, "COPY ... PROGRAM runs a shell command on the database server"}}
			}
		}
	case "SYSTEM":
		if d == sqlMySQL {
			return []sqlFinding{{sqlKindShell, "the mysql client's system command runs a shell command"}}
		}
	case "DROP":
		j := i + 1
		for sqlIsWord(t, j, "TEMPORARY") || sqlIsWord(t, j, "TEMP") {
			j++
		}
		if j >= len(t) || t[j].kind != 'w' {
			return nil
		}
		kind := t[j].s
		name := sqlName(t, j+1)
		switch kind {
		case "DATABASE", "SCHEMA", "KEYSPACE":
			return []sqlFinding{{sqlKindDrop, "DROP " + kind + " " + name + " deletes the " + strings.ToLower(kind) + " with all its data"}}
		case "TABLE", "OWNED":
			if kind == "OWNED" {
				return []sqlFinding{{sqlKindDrop, "DROP OWNED deletes every object the role owns"}}
			}
			return []sqlFinding{{sqlKindDrop, "DROP TABLE " + name + " deletes the table with all its rows"}}
		}
		return []sqlFinding{{sqlKindModify, "DROP " + kind + " " + name + " removes a database object"}}
	case "TRUNCATE":
		return []sqlFinding{{sqlKindDelete, "TRUNCATE " + sqlName(t, i+1) + " deletes every row"}}
	case "DELETE":
		from := i + 1
		for from < len(t) && !sqlIsWord(t, from, "FROM") && from < i+4 {
			from++
		}
		name := sqlName(t, from)
		w := sqlWhere(t, i+1)
		switch {
		case w < 0:
			return []sqlFinding{{sqlKindDelete, "DELETE FROM " + name + " without WHERE deletes every row"}}
		case sqlAlwaysTrue(t, w):
			return []sqlFinding{{sqlKindDelete, "DELETE FROM " + name + " with a WHERE that is always true deletes every row"}}
		}
		return []sqlFinding{{sqlKindModify, "DELETE FROM " + name + " deletes rows"}}
	case "UPDATE":
		name := sqlName(t, i+1)
		if w := sqlWhere(t, i+1); w < 0 || sqlAlwaysTrue(t, w) {
			return []sqlFinding{{sqlKindModify, "UPDATE " + name + " without a narrowing WHERE changes every row"}}
		}
		return []sqlFinding{{sqlKindModify, "UPDATE " + name + " changes rows"}}
	case "ALTER":
		what := ""
		if i+1 < len(t) && t[i+1].kind == 'w' {
			what = t[i+1].s + " "
		}
		return []sqlFinding{{sqlKindModify, "ALTER " + what + sqlName(t, i+2) + " changes the schema"}}
	case "RENAME":
		return []sqlFinding{{sqlKindModify, "RENAME changes the schema"}}
	}
	return nil
}

// sqlAnywhere classifies every data-changing statement nested in t: the
// statements of a DO block or a procedural body, the data-changing parts
// of a WITH query, and SQL run from strings by EXECUTE.
func sqlAnywhere(t []sqlTok, d sqlDialect, depth int) []sqlFinding {
	var out []sqlFinding
	for j := 0; j < len(t); j++ {
		tk := t[j]
		switch tk.kind {
		case '$':
			for _, st := range sqlStatements(tk.body, d) {
				out = append(out, sqlAnywhere(st, d, depth+1)...)
			}
		case 's':
			if depth > 0 || sqlIsWord(t, j-1, "EXECUTE") {
				for _, st := range sqlStatements(tk.s, d) {
					out = append(out, sqlStmt(st, d, depth+1)...)
				}
			}
		case 'w':
			if sqlIsWord(t, j-1, "ON") || sqlIsWord(t, j-1, "FOR") || sqlIsWord(t, j-1, "KEY") {
				continue
			}
			switch tk.s {
			case "DROP", "TRUNCATE", "DELETE", "UPDATE", "ALTER", "COPY":
				if tk.s == "DROP" && sqlIsWord(t, j-1, "ALTER") {
					continue
				}
				out = append(out, sqlStmt(t[j:], d, depth+1)...)
			}
		}
	}
	return out
}
