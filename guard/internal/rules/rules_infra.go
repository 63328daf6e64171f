package rules

import (
	"slices"
)

// InfraRules returns the built-in rules about infrastructure tools:
// containers, Kubernetes, Helm, Terraform/OpenTofu, Pulumi, database
// clients and cloud CLIs.
func InfraRules() []Builtin {
	return []Builtin{
		portedRow("docker_remove"),
		{Rule: Rule{Name: "docker_privileged", Level: High, Description: "runs a container that can take over the host: --privileged, --pid=host, --cap-add=ALL|SYS_ADMIN, or a bind mount of /, a system directory or the docker socket", Example: "docker run --privileged -v /:/host alpine"}, Check: infraDockerPrivileged, Progs: infraContainerProgs},
		{Rule: Rule{Name: "kubectl_delete", Level: Medium, Description: "kubectl delete (or replace --force, apply --prune) deletes Kubernetes resources", Example: "kubectl delete pod web-0"}, Check: infraKubectlDelete, Progs: infraKubectlProgs},
		{Rule: Rule{Name: "kubectl_delete_namespace", Level: High, Description: "kubectl delete of a namespace, of CRDs, or with --all / --all-namespaces deletes everything in it", Example: "kubectl delete namespace prod"}, Check: infraKubectlDeleteAll, Progs: infraKubectlProgs},
		portedRow("helm_uninstall"),
		{Rule: Rule{Name: "terraform_destroy", Level: High, Description: "terraform/tofu destroy (or apply -destroy), or cdk destroy, deletes the managed infrastructure", Example: "terraform destroy"}, Check: infraTerraformDestroy, Progs: slices.Concat(infraTerraformProgs, []string{"cdk"})},
		{Rule: Rule{Name: "terraform_state_rm", Level: Medium, Description: "terraform state rm|push edits the state: resources are forgotten or the state is overwritten", Example: "terraform state rm aws_instance.web"}, Check: infraTerraformState, Progs: infraTerraformProgs},
		{Rule: Rule{Name: "pulumi_destroy", Level: High, Description: "pulumi destroy deletes every resource of a stack", Example: "pulumi destroy --yes"}, Check: infraPulumiDestroy, Progs: infraPulumiProgs},
		{Rule: Rule{Name: "sql_drop", Level: High, Description: "drops a database, schema or table (DROP, dropdb, mysqladmin drop) through a database client; rails db:drop|reset, sqlx and diesel database drop|reset, dotnet ef database drop, sqlite-utils drop-table", Example: "psql -c 'DROP TABLE users'"}, Check: infraSQLDrop, Progs: infraSQLDropProgs},
		{Rule: Rule{Name: "sql_delete", Level: High, Description: "empties a table: TRUNCATE, or DELETE without WHERE", Example: "mysql -e 'DELETE FROM users'"}, Check: infraSQLDelete, Progs: infraSQLProgs},
		{Rule: Rule{Name: "sql_modify", Level: Medium, Description: "changes data, schema or privileges: DELETE with WHERE, UPDATE, ALTER, DROP of an index, view or other object, GRANT, REVOKE", Example: "psql -c \"UPDATE users SET admin = true WHERE id = 1\""}, Check: infraSQLModify, Progs: infraSQLProgs},
		{Rule: Rule{Name: "sql_shell_escape", Level: High, Description: "a database client or server runs a shell command: psql \\!, COPY ... PROGRAM, mysql system, sqlite3 .system", Example: "psql -c \"COPY t TO PROGRAM 'sh -c id'\""}, Check: infraSQLShell, Progs: infraSQLProgs},
		{Rule: Rule{Name: "mongo_drop", Level: High, Description: "drops a MongoDB database or collection, or deletes every document: dropDatabase(), .drop(), deleteMany({})", Example: "mongosh --eval 'db.dropDatabase()'"}, Check: infraMongoDrop, Progs: infraMongoProgs},
		{Rule: Rule{Name: "mongo_modify", Level: Medium, Description: "deletes or updates MongoDB documents matching a filter", Example: "mongosh --eval 'db.users.deleteMany({active: false})'"}, Check: infraMongoModify, Progs: infraMongoProgs},
		{Rule: Rule{Name: "redis_flush", Level: High, Description: "redis FLUSHALL or FLUSHDB deletes every key", Example: "redis-cli FLUSHALL"}, Check: infraRedisFlush, Progs: infraRedisProgs},
		{Rule: Rule{Name: "redis_delete", Level: Medium, Description: "redis DEL or UNLINK deletes keys", Example: "redis-cli DEL session:1"}, Check: infraRedisDelete, Progs: infraRedisProgs},
		{Rule: Rule{Name: "cloud_delete", Level: Medium, Description: "a cloud CLI deletes a resource: aws s3 rm, aws ... delete-*, az ... delete, doctl ... delete, gh ... delete, gsutil rm", Example: "aws s3 rm s3://bucket/key"}, Check: infraCloudDelete, Progs: infraCloudProgs},
		{Rule: Rule{Name: "cloud_delete_bulk", Level: High, Description: "a cloud CLI deletes much or something hard to recreate: aws s3 rm --recursive, s3 rb --force, ec2 terminate-instances, rds delete-db-* (snapshots too), cloudformation delete-stack, gcloud ... delete, gsutil rm -r, az group|storage account|sql db delete, heroku apps:destroy, fly postgres|volumes destroy", Example: "aws s3 rm s3://bucket --recursive"}, Check: infraCloudDeleteBulk, Progs: infraCloudProgs},
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
	infraTerraformProgs = []string{"terraform", "tofu", "terragrunt", "opentofu"}
	infraPulumiProgs    = []string{"pulumi"}
	// infraSQLProgs are the cases of infraSQLTexts' switch.
	infraSQLProgs = []string{"psql", "usql", "cockroach", "yb-ysql", "ysqlsh",
		"mysql", "mariadb", "mycli", "litecli", "mysqlsh",
		"sqlite3", "sqlite", "duckdb", "spatialite", "sqlite-utils",
		"cqlsh", "clickhouse-client", "sqlcmd", "snowsql", "vsql", "bteq", "trino", "presto", "beeline", "impala-shell", "hive", "spark-sql",
		"clickhouse", "bq"}
	// infraSQLDropProgs adds the cases of infraSQLDrop's switch.
	infraSQLDropProgs = slices.Concat(infraSQLProgs, []string{"dropdb", "mysqladmin", "mariadb-admin", "rails", "rake", "sqlx", "diesel", "dotnet"})
	infraMongoProgs   = []string{"mongosh", "mongo"}
	infraRedisProgs   = []string{"redis-cli", "valkey-cli", "keydb-cli"}
	// infraCloudProgs are the cases of infraCloud's switch.
	infraCloudProgs = []string{"aws", "gcloud", "gsutil", "az", "gh", "glab", "heroku", "doctl", "fly", "flyctl"}
)

// xoptIn reports whether s is in list.
func xoptIn(list []string, s string) bool {
	for _, l := range list {
		if l == s {
			return true
		}
	}
	return false
}

// tool returns the command's program name for a reason.
func tool(c *Command) string { return c.Name() }
