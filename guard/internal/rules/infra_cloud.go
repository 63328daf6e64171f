package rules

// Cloud CLIs (aws, gcloud, az and the like) and repository deletes.

import (
	"slices"
	"strings"

	"guardsh/internal/argv"
)

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
		r := ReadOpts(args, &argv.Spec{Stop: "h", LongFlags: []string{"quiet", "async", "verbose", "log-http", "user-output-enabled", "no-user-output-enabled", "recursive", "all", "force", "continue-on-error", "delete-disks-all", "keep-disks-all", "no-async", "dry-run"}, LongStop: []string{"help", "version"}, UnknownLongValued: true, Exact: true})
		if r.Info || len(r.Operands) == 0 || r.Has("dry-run") {
			return "", false
		}
		ops := r.Operands
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
				if r.Has("r", "recursive") || r.Has("R", "") || infraCloudWildcard(ops[2:]) {
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
		// gsutil's global options before its command: -u PROJECT, -o OPT, -h
		// HEADER, -i ACCOUNT take a value.
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
		r := ReadOpts(args[i+1:], &argv.Spec{Valued: "Iexp", LongStop: []string{"help", "version"}, Exact: true})
		switch args[i].Value {
		case "rm", "del", "delete", "remove":
			if r.Has("r", "") || r.Has("R", "") || r.Has("a", "") && infraCloudWildcard(r.Operands) || infraCloudWildcard(r.Operands) {
				return "gsutil rm -r deletes every object under " + gitNames(r.Operands, "the given URLs"), true
			}
			return "gsutil rm deletes " + gitNames(r.Operands, "objects"), false
		case "rb":
			return "gsutil rb deletes the bucket " + gitNames(r.Operands, ""), r.Has("f", "")
		case "rsync":
			if r.Has("d", "") {
				return "gsutil rsync -d deletes destination files missing from the source", false
			}
		}
	case "az":
		var path []Word
		for i := 0; i < len(args); i++ {
			w := args[i]
			// az's command path comes before its options; global ones may precede
			// it.
			if strings.HasPrefix(w.Value, "-") {
				// az's global options may come before the command.
				if slices.Contains([]string{"--subscription", "--output", "-o", "--query"}, w.Value) && len(path) == 0 {
					i++
					continue
				}
				if slices.Contains([]string{"--only-show-errors", "--debug", "--verbose"}, w.Value) && len(path) == 0 ||
					len(path) == 0 && strings.Contains(w.Value, "=") {
					continue
				}
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
		if infraAzHigh(path) {
			return "az " + infraJoin(path) + " deletes it with all its data", true
		}
		for _, w := range path {
			if w.Value == "delete" || strings.HasPrefix(w.Value, "delete-") || w.Value == "purge" {
				return "az " + infraJoin(path) + " deletes a resource", false
			}
		}
	case "gh", "glab":
		r := ReadOpts(args, &argv.Spec{Valued: "RXHFfpqtj", Stop: "h", LongFlags: []string{"yes", "confirm", "paginate", "include", "silent", "verbose", "cleanup-tag", "all", "web", "json", "slurp"}, LongStop: []string{"help", "version"}, UnknownLongValued: true, Exact: true})
		if r.Info || len(r.Operands) < 2 {
			return "", false
		}
		if r.Operands[0].Value == "repo" && r.Operands[1].Value == "delete" {
			return "", false // repo_delete
		}
		if r.Operands[0].Value == "api" {
			if m, ok := r.Last("X", "method"); ok && strings.EqualFold(m.Value, "DELETE") {
				return name + " api DELETE deletes " + xoptShow(r.Operands[1]), false
			}
			return "", false
		}
		switch r.Operands[0].Value {
		case "alias", "extension", "ext", "config", "auth":
			return "", false // local settings
		}
		if v := r.Operands[1].Value; v == "delete" || v == "remove" {
			return name + " " + r.Operands[0].Value + " " + v + " deletes " + gitNames(r.Operands[2:], "it"), false
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
		r := ReadOpts(args, &argv.Spec{Valued: "tuo", Stop: "h", LongFlags: []string{"force", "trace", "verbose", "interactive", "dangerous"}, LongStop: []string{"help", "version"}, UnknownLongValued: true, Exact: true})
		if r.Info {
			return "", false
		}
		for i, w := range r.Operands {
			if i > 4 {
				break
			}
			if w.Value == "delete" || w.Value == "rm" || w.Value == "d" && i >= 2 {
				return "doctl " + infraJoin(r.Operands[:i+1]) + " deletes " + gitNames(r.Operands[i+1:], "a resource"), false
			}
		}
	case "fly", "flyctl":
		r := ReadOpts(args, &argv.Spec{Valued: "ac", Stop: "h", LongFlags: []string{"yes", "verbose", "json", "force"}, LongStop: []string{"help", "version"}, UnknownLongValued: true, Exact: true})
		if r.Info || len(r.Operands) == 0 {
			return "", false
		}
		if r.Operands[0].Value == "destroy" || len(r.Operands) > 1 && r.Operands[0].Value == "apps" && (r.Operands[1].Value == "destroy" || r.Operands[1].Value == "delete") {
			return "fly destroy deletes the app and its machines", true
		}
		if len(r.Operands) > 1 && slices.Contains([]string{"postgres", "pg", "mpg", "volumes", "volume", "vol", "redis", "storage", "tigris", "mysql"}, r.Operands[0].Value) &&
			(r.Operands[1].Value == "destroy" || r.Operands[1].Value == "delete") {
			return "fly " + infraJoin(r.Operands[:2]) + " deletes the database or volume with its data", true
		}
		for i, w := range r.Operands {
			if i > 3 {
				break
			}
			if w.Value == "destroy" || w.Value == "delete" || w.Value == "remove" {
				return "fly " + infraJoin(r.Operands[:i+1]) + " deletes a resource", false
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
		"qldb delete-ledger", "kinesis delete-stream", "secretsmanager delete-secret-force", "fsx delete-file-system",
		"rds delete-db-snapshot", "rds delete-db-cluster-snapshot", "ec2 delete-snapshot", "backup delete-recovery-point", "redshift delete-cluster-snapshot",
		"lightsail delete-instance-snapshot", "dynamodb delete-backup", "s3control delete-bucket":
		return true
	}
	return false
}

func infraAWS(args []Word) (string, bool) {
	r := ReadOpts(args, &argv.Spec{LongFlags: []string{"debug", "no-verify-ssl", "no-paginate", "no-sign-request", "no-cli-pager", "cli-auto-prompt", "no-cli-auto-prompt", "recursive", "force", "dryrun", "dry-run", "no-dry-run", "quiet", "only-show-errors", "no-progress", "exact-timestamps", "delete", "follow-symlinks", "no-follow-symlinks", "size-only", "skip-final-snapshot", "no-skip-final-snapshot", "delete-automated-backups", "no-delete-automated-backups", "force-delete-without-recovery", "bypass-governance-retention", "no-guess-mime-type", "ignore-glacier-warnings", "force-glacier-transfer", "human-readable", "summarize", "retain-resources", "force-delete", "no-force", "include-deleted"}, LongStop: []string{"help", "version"}, UnknownLongValued: true, Exact: true})
	if r.Info || len(r.Operands) < 2 || r.Has("dryrun", "dry-run") {
		return "", false
	}
	for _, w := range r.Operands {
		if w.Value == "help" {
			return "", false
		}
	}
	service, op := r.Operands[0].Value, r.Operands[1].Value
	rest := r.Operands[2:]
	switch service + " " + op {
	case "s3 rm":
		if r.Has("recursive") {
			return "aws s3 rm --recursive deletes every object under " + gitNames(rest, "the prefix"), true
		}
		return "aws s3 rm deletes " + gitNames(rest, "an object"), false
	case "s3 rb":
		if r.Has("force") {
			return "aws s3 rb --force deletes the bucket " + gitNames(rest, "") + " with every object in it", true
		}
		return "aws s3 rb deletes the bucket " + gitNames(rest, ""), false
	case "s3 sync":
		if r.Has("delete") {
			return "aws s3 sync --delete deletes destination files missing from the source", false
		}
		return "", false
	case "s3 mv":
		if r.Has("recursive") {
			return "aws s3 mv --recursive moves (deletes at the source) every object under " + gitNames(rest[:min(len(rest), 1)], "the prefix"), false
		}
		return "", false
	case "secretsmanager delete-secret":
		if r.Has("force-delete-without-recovery") {
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

// infraAzHigh reports an az command that deletes a whole store with its
// data: a storage account, a database or its server, a cluster, a vault,
// a disk. A virtual machine is not among them: az vm delete keeps its
// disks unless told otherwise.
func infraAzHigh(path []Word) bool {
	if len(path) < 2 || path[len(path)-1].Value != "delete" && path[len(path)-1].Value != "purge" {
		return false
	}
	switch infraJoin(path[:len(path)-1]) {
	case "storage account", "storage container", "storage share", "sql server", "sql db", "sql mi", "cosmosdb", "cosmosdb sql database", "cosmosdb mongodb database",
		"postgres server", "postgres flexible-server", "mysql server", "mysql flexible-server", "aks", "keyvault", "redis", "backup vault", "snapshot", "disk",
		"acr", "webapp", "functionapp", "servicebus namespace", "eventhubs namespace":
		return true
	}
	return false
}
