package rules

import (
	"strings"
)

// Rows of the container, cluster and deployment tools the peers' suites
// name that the other tables lack. Each verb was read from the tool's own
// reference: stopping what runs, or taking a secret, a network link or one
// asset away, is medium; deleting an application with every resource it
// owns, or its data, is high.

func deployRows() []Row {
	var (
		// containerOpts are docker's, podman's and nerdctl's global options
		// and those of stop and compose stop that take a value.
		containerOpts = withFlags(cli("Htsfp", "host", "context", "config", "log-level", "tlscacert", "tlscert", "tlskey", "time", "timeout", "signal", "file", "project-name", "profile", "env-file", "project-directory", "url", "connection", "root", "runroot"), "", "dry-run")
		flyOpts       = cli("ac", "app", "config", "access-token", "org", "region")
		kappOpts      = cli("anf", "app", "namespace", "filter", "kubeconfig", "kubeconfig-context", "kubeconfig-yaml", "wait-timeout", "wait-check-interval")
		kamalOpts     = cli("cdhrp", "config-file", "destination", "hosts", "roles", "primary", "version", "skip-hooks")
		tailscaleOpts = cli("", "socket", "reason")
		kubeTaintOpts = withFlags(cli("nlo", "namespace", "selector", "output", "context", "kubeconfig", "server", "cluster", "user", "token", "field-manager", "template"), "A", "all", "overwrite", "validate")
		awsRowOpts    = cli("", "profile", "region", "output", "endpoint-url", "query", "ca-bundle", "cli-read-timeout", "cli-connect-timeout", "color", "cli-binary-format", "instance-ids", "db-instance-identifier", "db-cluster-identifier", "bucket", "key", "acl")
		helmRollback  = withFlags(cli("n", "namespace", "kube-context", "kubeconfig", "timeout", "history-max"), "", "force", "wait", "wait-for-jobs", "no-hooks", "recreate-pods", "cleanup-on-fail", "dry-run", "debug")
	)
	return []Row{
		{Name: "container_stop", Level: Medium, Progs: []string{"docker", "podman", "nerdctl", "docker-compose", "podman-compose"}, Opts: containerOpts,
			Path: "stop|pause, container stop|pause, compose stop|pause, pod stop|pause", When: []rowPred{lacks("dry-run"), func(m *rowMatch) bool {
				// docker-compose stop takes no operand to stop everything.
				return len(m.ops) > 0 || strings.HasSuffix(m.c.Name(), "compose") || m.path[0].Value == "compose"
			}},
			Why:    "{prog} {path} stops the running containers {1+|of the project}: what they serve is down until they are started again",
			Desc:   "docker|podman|nerdctl stop or pause (also container stop, pod stop, compose stop) stops running containers",
			Hits:   []string{"docker stop web", "docker stop $(docker ps -q)", "podman container stop db", "docker compose stop", "docker-compose stop api", "docker -H tcp://h:2375 stop web", "podman pod stop mypod"},
			Misses: []string{"docker start web", "docker ps", "docker stop --help", "docker stop", "docker compose ps", "docker compose stop --dry-run"}},
		{Name: "fly_secrets_unset", Level: Medium, Progs: []string{"fly", "flyctl"}, Opts: withFlags(flyOpts, "", "stage", "detach"),
			Path: "secrets unset", When: []rowPred{nargs(1)},
			Why:    "{prog} secrets unset deletes the secrets {1+} of the Fly app and restarts its machines without them",
			Desc:   "fly secrets unset deletes an app's secrets and redeploys it",
			Hits:   []string{"fly secrets unset MY_SECRET", "flyctl secrets unset A B --app web", "fly -a web secrets unset KEY"},
			Misses: []string{"fly secrets list", "fly secrets set A=b", "fly secrets unset --help"}},
		{Name: "kapp_delete", Level: High, Progs: []string{"kapp"}, Opts: withFlags(kappOpts, "y", "yes", "apply-ignored", "wait", "dangerous-allow-empty-list-of-resources"),
			Path:   "delete, app-group delete",
			Why:    "kapp {path} deletes the application {-app/-a|named} with every Kubernetes resource it owns",
			Desc:   "kapp delete (or app-group delete) deletes an application and every resource it owns",
			Hits:   []string{"kapp delete -a web", "kapp delete --app web -y -n prod", "kapp app-group delete -g apps"},
			Misses: []string{"kapp list", "kapp inspect -a web", "kapp deploy -a web -f config/", "kapp delete --help"}},
		{Name: "kamal_remove", Level: High, Progs: []string{"kamal"}, Opts: withFlags(kamalOpts, "yq", "confirmed", "quiet", "verbose"),
			Path:   "remove, accessory remove",
			Why:    "kamal {path} removes {1|the app, its proxy and accessories} from every server, with the accessories' data directories",
			Desc:   "kamal remove or kamal accessory remove takes the app or an accessory off every server, data directories included",
			Hits:   []string{"kamal remove", "kamal remove -y -d production", "kamal accessory remove db"},
			Misses: []string{"kamal deploy", "kamal version", "kamal remove --help", "kamal accessory boot db"}},
		{Name: "kamal_stop", Level: Medium, Progs: []string{"kamal"}, Opts: withFlags(kamalOpts, "yq", "confirmed", "quiet", "verbose"),
			Path:   "app stop|remove, accessory stop, proxy stop|remove, traefik stop|remove",
			Why:    "kamal {path} stops or removes {1|the app's containers} on the servers: the app is down until it is booted again",
			Desc:   "kamal app stop|remove, accessory stop or proxy stop|remove stops the app, an accessory or the proxy on every server",
			Hits:   []string{"kamal app stop", "kamal app remove -d staging", "kamal accessory stop redis", "kamal proxy stop"},
			Misses: []string{"kamal app boot", "kamal app details", "kamal proxy boot"}},
		{Name: "tailscale_down", Level: Medium, Progs: []string{"tailscale"}, Opts: tailscaleOpts,
			Path:   "down",
			Why:    "tailscale down disconnects this machine from the tailnet: a session that reaches it through Tailscale is cut off",
			Desc:   "tailscale down takes the machine off its tailnet",
			Hits:   []string{"tailscale down", "sudo tailscale down --accept-risk=lose-ssh"},
			Misses: []string{"tailscale up", "tailscale status", "tailscale down --help"}},
		{Name: "gh_release_asset_delete", Level: Medium, Progs: []string{"gh"}, Opts: ghOpts,
			Path: "release delete-asset", When: []rowPred{nargs(1)},
			Why:    "gh release delete-asset deletes the asset {2|named} of the release {1}: downloads of it break",
			Desc:   "gh release delete-asset deletes a file attached to a release",
			Hits:   []string{"gh release delete-asset v1.0.0 app.tar.gz", "gh -R o/r release delete-asset v2 a.zip -y"},
			Misses: []string{"gh release view v1.0.0", "gh release upload v1.0.0 a.zip", "gh release delete-asset --help"}},
		{Name: "helm_rollback_force", Level: Medium, Progs: []string{"helm"}, Opts: helmRollback,
			Path: "rollback", When: []rowPred{has("force"), lacks("dry-run")},
			Why:    "helm rollback --force deletes and recreates the resources of the release {1}: their pods restart",
			Desc:   "helm rollback --force replaces (deletes and recreates) a release's resources",
			Hits:   []string{"helm rollback web 2 --force", "helm -n prod rollback --force web"},
			Misses: []string{"helm rollback web 2", "helm rollback web 2 --force --dry-run", "helm history web"}},
		{Name: "aws_stop", Level: Medium, Progs: []string{"aws"}, Opts: awsRowOpts,
			Path:   "ec2 stop-instances, rds stop-db-instance|stop-db-cluster",
			Why:    "aws {path} stops {-instance-ids/-db-instance-identifier/-db-cluster-identifier|the instances}: what they serve is down until they are started",
			Desc:   "aws ec2 stop-instances or rds stop-db-instance|stop-db-cluster stops running instances or databases",
			Hits:   []string{"aws ec2 stop-instances --instance-ids i-123", "aws --region eu-west-1 rds stop-db-instance --db-instance-identifier db1"},
			Misses: []string{"aws ec2 start-instances --instance-ids i-123", "aws ec2 describe-instances", "aws ec2 stop-instances --instance-ids i-1 --dry-run"},
			When:   []rowPred{lacks("dry-run")}},
		{Name: "aws_s3_acl_public", Level: High, Progs: []string{"aws"}, Opts: awsRowOpts,
			Path: "s3api put-bucket-acl|put-object-acl", When: []rowPred{optIs([]string{"acl"}, "public-read", "public-read-write", "authenticated-read")},
			Why:    "aws s3api {path} --acl {-acl} lets anyone read {-key/-bucket|it}: its data is published",
			Desc:   "aws s3api put-bucket-acl or put-object-acl with a public canned ACL publishes a bucket's or object's data",
			Hits:   []string{"aws s3api put-bucket-acl --bucket b --acl public-read", "aws s3api put-object-acl --bucket b --key k --acl public-read-write"},
			Misses: []string{"aws s3api put-bucket-acl --bucket b --acl private", "aws s3api get-bucket-acl --bucket b"}},
		{Name: "kubectl_taint_noexecute", Level: Medium, Progs: infraKubectlProgs, Opts: kubeTaintOpts,
			Path: "taint", When: []rowPred{anyArg(func(w Word) bool { return strings.HasSuffix(w.Value, ":NoExecute") })},
			Why:    "kubectl taint … NoExecute evicts from the nodes {1+} every pod that does not tolerate the taint",
			Desc:   "kubectl taint with the NoExecute effect evicts the pods running on the node",
			Hits:   []string{"kubectl taint nodes node-1 key=val:NoExecute", "kubectl taint node n1 dedicated:NoExecute --overwrite"},
			Misses: []string{"kubectl taint nodes node-1 key=val:NoSchedule", "kubectl taint nodes node-1 key=val:NoExecute-", "kubectl get nodes"}},
	}
}
