package guard

import "strings"

// Rows of the container, cluster and deployment tools the peers' suites
// name that the other tables lack. Each verb was read from the tool's own
// reference: stopping what runs, or taking a secret, a network link or one
// asset away, is medium; deleting an application with every resource it
// owns, or its data, is high.

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

func deployRows() []row {
	return []row{
		{name: "container_stop", level: Medium, progs: []string{"docker", "podman", "nerdctl", "docker-compose", "podman-compose"}, opts: containerOpts,
			path: "stop|pause, container stop|pause, compose stop|pause, pod stop|pause", when: []rowPred{lacks("dry-run"), func(m *rowMatch) bool {
				// docker-compose stop takes no operand to stop everything.
				return len(m.ops) > 0 || strings.HasSuffix(m.c.Name(), "compose") || m.path[0].Value == "compose"
			}},
			why:    "{prog} {path} stops the running containers {1+|of the project}: what they serve is down until they are started again",
			desc:   "docker|podman|nerdctl stop or pause (also container stop, pod stop, compose stop) stops running containers",
			hits:   []string{"docker stop web", "docker stop $(docker ps -q)", "podman container stop db", "docker compose stop", "docker-compose stop api", "docker -H tcp://h:2375 stop web", "podman pod stop mypod"},
			misses: []string{"docker start web", "docker ps", "docker stop --help", "docker stop", "docker compose ps", "docker compose stop --dry-run"}},
		{name: "fly_secrets_unset", level: Medium, progs: []string{"fly", "flyctl"}, opts: withFlags(flyOpts, "", "stage", "detach"),
			path: "secrets unset", when: []rowPred{nargs(1)},
			why:    "{prog} secrets unset deletes the secrets {1+} of the Fly app and restarts its machines without them",
			desc:   "fly secrets unset deletes an app's secrets and redeploys it",
			hits:   []string{"fly secrets unset MY_SECRET", "flyctl secrets unset A B --app web", "fly -a web secrets unset KEY"},
			misses: []string{"fly secrets list", "fly secrets set A=b", "fly secrets unset --help"}},
		{name: "kapp_delete", level: High, progs: []string{"kapp"}, opts: withFlags(kappOpts, "y", "yes", "apply-ignored", "wait", "dangerous-allow-empty-list-of-resources"),
			path:   "delete, app-group delete",
			why:    "kapp {path} deletes the application {-app/-a|named} with every Kubernetes resource it owns",
			desc:   "kapp delete (or app-group delete) deletes an application and every resource it owns",
			hits:   []string{"kapp delete -a web", "kapp delete --app web -y -n prod", "kapp app-group delete -g apps"},
			misses: []string{"kapp list", "kapp inspect -a web", "kapp deploy -a web -f config/", "kapp delete --help"}},
		{name: "kamal_remove", level: High, progs: []string{"kamal"}, opts: withFlags(kamalOpts, "yq", "confirmed", "quiet", "verbose"),
			path:   "remove, accessory remove",
			why:    "kamal {path} removes {1|the app, its proxy and accessories} from every server, with the accessories' data directories",
			desc:   "kamal remove or kamal accessory remove takes the app or an accessory off every server, data directories included",
			hits:   []string{"kamal remove", "kamal remove -y -d production", "kamal accessory remove db"},
			misses: []string{"kamal deploy", "kamal version", "kamal remove --help", "kamal accessory boot db"}},
		{name: "kamal_stop", level: Medium, progs: []string{"kamal"}, opts: withFlags(kamalOpts, "yq", "confirmed", "quiet", "verbose"),
			path:   "app stop|remove, accessory stop, proxy stop|remove, traefik stop|remove",
			why:    "kamal {path} stops or removes {1|the app's containers} on the servers: the app is down until it is booted again",
			desc:   "kamal app stop|remove, accessory stop or proxy stop|remove stops the app, an accessory or the proxy on every server",
			hits:   []string{"kamal app stop", "kamal app remove -d staging", "kamal accessory stop redis", "kamal proxy stop"},
			misses: []string{"kamal app boot", "kamal app details", "kamal proxy boot"}},
		{name: "tailscale_down", level: Medium, progs: []string{"tailscale"}, opts: tailscaleOpts,
			path:   "down",
			why:    "tailscale down disconnects this machine from the tailnet: a session that reaches it through Tailscale is cut off",
			desc:   "tailscale down takes the machine off its tailnet",
			hits:   []string{"tailscale down", "sudo tailscale down --accept-risk=lose-ssh"},
			misses: []string{"tailscale up", "tailscale status", "tailscale down --help"}},
		{name: "gh_release_asset_delete", level: Medium, progs: []string{"gh"}, opts: ghOpts,
			path: "release delete-asset", when: []rowPred{nargs(1)},
			why:    "gh release delete-asset deletes the asset {2|named} of the release {1}: downloads of it break",
			desc:   "gh release delete-asset deletes a file attached to a release",
			hits:   []string{"gh release delete-asset v1.0.0 app.tar.gz", "gh -R o/r release delete-asset v2 a.zip -y"},
			misses: []string{"gh release view v1.0.0", "gh release upload v1.0.0 a.zip", "gh release delete-asset --help"}},
		{name: "helm_rollback_force", level: Medium, progs: []string{"helm"}, opts: helmRollback,
			path: "rollback", when: []rowPred{has("force"), lacks("dry-run")},
			why:    "helm rollback --force deletes and recreates the resources of the release {1}: their pods restart",
			desc:   "helm rollback --force replaces (deletes and recreates) a release's resources",
			hits:   []string{"helm rollback web 2 --force", "helm -n prod rollback --force web"},
			misses: []string{"helm rollback web 2", "helm rollback web 2 --force --dry-run", "helm history web"}},
		{name: "aws_stop", level: Medium, progs: []string{"aws"}, opts: awsRowOpts,
			path:   "ec2 stop-instances, rds stop-db-instance|stop-db-cluster",
			why:    "aws {path} stops {-instance-ids/-db-instance-identifier/-db-cluster-identifier|the instances}: what they serve is down until they are started",
			desc:   "aws ec2 stop-instances or rds stop-db-instance|stop-db-cluster stops running instances or databases",
			hits:   []string{"aws ec2 stop-instances --instance-ids i-123", "aws --region eu-west-1 rds stop-db-instance --db-instance-identifier db1"},
			misses: []string{"aws ec2 start-instances --instance-ids i-123", "aws ec2 describe-instances", "aws ec2 stop-instances --instance-ids i-1 --dry-run"},
			when:   []rowPred{lacks("dry-run")}},
		{name: "aws_s3_acl_public", level: High, progs: []string{"aws"}, opts: awsRowOpts,
			path: "s3api put-bucket-acl|put-object-acl", when: []rowPred{optIs([]string{"acl"}, "public-read", "public-read-write", "authenticated-read")},
			why:    "aws s3api {path} --acl {-acl} lets anyone read {-key/-bucket|it}: its data is published",
			desc:   "aws s3api put-bucket-acl or put-object-acl with a public canned ACL publishes a bucket's or object's data",
			hits:   []string{"aws s3api put-bucket-acl --bucket b --acl public-read", "aws s3api put-object-acl --bucket b --key k --acl public-read-write"},
			misses: []string{"aws s3api put-bucket-acl --bucket b --acl private", "aws s3api get-bucket-acl --bucket b"}},
		{name: "kubectl_taint_noexecute", level: Medium, progs: infraKubectlProgs, opts: kubeTaintOpts,
			path: "taint", when: []rowPred{anyArg(func(w Word) bool { return strings.HasSuffix(w.Value, ":NoExecute") })},
			why:    "kubectl taint … NoExecute evicts from the nodes {1+} every pod that does not tolerate the taint",
			desc:   "kubectl taint with the NoExecute effect evicts the pods running on the node",
			hits:   []string{"kubectl taint nodes node-1 key=val:NoExecute", "kubectl taint node n1 dedicated:NoExecute --overwrite"},
			misses: []string{"kubectl taint nodes node-1 key=val:NoSchedule", "kubectl taint nodes node-1 key=val:NoExecute-", "kubectl get nodes"}},
	}
}
