package rules

import (
	"path"
	"strings"

	"guardsh/internal/argv"
)

// Rows of the operations CLIs measured against the peers' suites: the
// journal's vacuum, a swarm manager leaving by force, archiving a hosted
// repository or deleting its deploy keys, Kafka's ACLs and topic configs, an AWS
// secret overwritten, a subscription removed, Jenkins' CLI deletes, and a
// DELETE of a whole search index. Each verb was read from the program's
// own documentation.

var (
	// journalctlOpts is journalctl(1)'s grammar, as far as the vacuum
	// options need: the options that take a value (-b takes an optional
	// one, and is left to be read both ways).
	journalctlOpts = &argv.Spec{
		Flags: "afrekxqmNFhl", Valued: "nuDpoMSUtIgcT", Stop: "h",
		LongValued: []string{"lines", "unit", "user-unit", "directory", "priority", "output", "since", "until", "identifier", "grep", "cursor",
			"after-cursor", "cursor-file", "file", "root", "image", "namespace", "machine", "facility", "output-fields", "field",
			"vacuum-size", "vacuum-time", "vacuum-files"},
		LongFlags: []string{"rotate", "flush", "sync", "relinquish-var", "smart-relinquish-var", "disk-usage", "list-boots", "follow", "reverse", "no-pager",
			"no-tail", "utc", "merge", "system", "user", "catalog", "quiet", "dmesg", "pager-end", "all", "no-hostname", "list-fields", "verify", "header",
			"update-catalog", "list-catalog", "dump-catalog", "full", "no-full", "show-cursor", "list-namespaces", "list-invocation", "invocation"},
		LongStop: []string{"help", "version"},
	}
	ghOpts = withFlags(cli("R", "repo", "hostname"), "y", "yes", "confirm")
)

func opsRows() []Row {
	var (
		dockerGlobalOpts = cli("Hcl", "host", "context", "config", "log-level", "tlscacert", "tlscert", "tlskey")
		awsOpts          = withFlags(cli("", "region", "profile", "output", "query", "endpoint-url", "cli-input-json", "cli-input-yaml", "color", "ca-bundle",
			"cli-read-timeout", "cli-connect-timeout", "secret-id", "secret-string", "secret-binary", "kms-key-id", "description", "client-request-token",
			"version-stages", "subscription-arn"), "", "debug", "no-verify-ssl", "no-paginate", "no-sign-request", "no-cli-pager")
		kafkaAdminOpts = withFlags(cli("", "bootstrap-server", "zookeeper", "topic", "group", "command-config", "entity-type", "entity-name", "entity-default",
			"add-config", "delete-config", "allow-principal", "deny-principal", "operation", "cluster", "transactional-id", "resource-pattern-type"),
			"", "remove", "add", "list", "alter", "describe", "force")
		// noHelp is a predicate: no operand is the word help (aws ... help).
		noHelp = func(m *rowMatch) bool { return !anyArg(is("help"))(m) }
	)
	return []Row{
		{Name: "journal_vacuum", Level: Medium, Progs: []string{"journalctl"}, Opts: journalctlOpts,
			When:   []rowPred{has("vacuum-size", "vacuum-time", "vacuum-files")},
			Why:    "journalctl --vacuum-* deletes archived journal files: the logs in them are gone",
			Desc:   "journalctl --vacuum-size, --vacuum-time or --vacuum-files deletes archived journal files",
			Hits:   []string{"journalctl --vacuum-time=1d", "journalctl --vacuum-size 500M", "journalctl --rotate --vacuum-files=5", "sudo journalctl -u nginx --vacuum-time=2weeks"},
			Misses: []string{"journalctl --rotate", "journalctl -u nginx -f", "journalctl --disk-usage", "journalctl -g vacuum-time"}},
		{Name: "swarm_leave_force", Level: Medium, Progs: []string{"docker"}, Opts: withFlags(dockerGlobalOpts, "f", "force"),
			Path: "swarm leave", When: []rowPred{has("force", "f")},
			Why:    "docker swarm leave --force takes the node out of the swarm even as a manager: the swarm may lose its quorum and every service with it",
			Desc:   "docker swarm leave --force takes a manager out of its swarm, which may lose its quorum",
			Hits:   []string{"docker swarm leave --force", "docker -H tcp://m1:2376 swarm leave -f"},
			Misses: []string{"docker swarm leave", "docker swarm init", "docker swarm leave --help"}},
		{Name: "repo_archive", Level: Medium, Progs: []string{"gh", "glab"}, Opts: ghOpts,
			Path:   "repo archive",
			Why:    "{prog} repo archive makes the repository {1|of the current directory} read-only: no one can push, open issues or comment until it is unarchived",
			Desc:   "gh repo archive (glab repo archive) makes a hosted repository read-only for everyone",
			Hits:   []string{"gh repo archive owner/repo --yes", "gh repo archive -y", "glab repo archive my/group"},
			Misses: []string{"gh repo unarchive owner/repo", "gh repo view owner/repo", "gh repo archive --help"}},
		{Name: "repo_key_delete", Level: Medium, Progs: []string{"gh"}, Opts: ghOpts,
			Path:   "repo deploy-key delete",
			Why:    "gh repo deploy-key delete deletes the deploy key {1|named}: the machines that clone or push with it stop working",
			Desc:   "gh repo deploy-key delete deletes a repository's deploy key",
			Hits:   []string{"gh repo deploy-key delete 5678", "gh -R owner/repo repo deploy-key delete 12"},
			Misses: []string{"gh repo deploy-key list", "gh repo deploy-key add key.pub"}},
		{Name: "kafka_acl_config_delete", Level: Medium, Progs: []string{"kafka-acls", "kafka-acls.sh", "kafka-configs", "kafka-configs.sh"}, Opts: kafkaAdminOpts,
			When: []rowPred{func(m *rowMatch) bool {
				if strings.HasPrefix(m.c.Name(), "kafka-acls") {
					return has("remove")(m)
				}
				return has("alter")(m) && has("delete-config")(m)
			}},
			Why:    "{prog} removes {-delete-config|access rules}: the clients or topics that relied on it change at once",
			Desc:   "kafka-acls --remove removes access rules; kafka-configs --alter --delete-config removes a topic's or broker's setting",
			Hits:   []string{"kafka-acls --bootstrap-server b:9092 --remove --topic payments --operation All", "kafka-configs --bootstrap-server b:9092 --alter --delete-config retention.ms --entity-type topics --entity-name logs"},
			Misses: []string{"kafka-acls --bootstrap-server b:9092 --list", "kafka-configs --bootstrap-server b:9092 --describe --entity-type topics", "kafka-configs --bootstrap-server b:9092 --alter --add-config retention.ms=1 --entity-type topics --entity-name t"}},
		{Name: "aws_secret_overwrite", Level: Medium, Progs: []string{"aws"}, Opts: awsOpts,
			Path: "secretsmanager put-secret-value|update-secret", When: []rowPred{noHelp, func(m *rowMatch) bool {
				return m.path[1].Value == "put-secret-value" || has("secret-string", "secret-binary", "kms-key-id")(m)
			}},
			Why:    "aws secretsmanager {path} replaces the value of the secret {-secret-id|named}: what reads it gets the new one at once",
			Desc:   "aws secretsmanager put-secret-value, or update-secret with a new value or key, replaces a secret's current value",
			Hits:   []string{"aws secretsmanager put-secret-value --secret-id prod/db --secret-string '{\"k\":\"v\"}'", "aws secretsmanager update-secret --secret-id prod/db --secret-binary fileb://x.bin", "aws --region us-east-1 secretsmanager update-secret --secret-id s --kms-key-id alias/k"},
			Misses: []string{"aws secretsmanager update-secret --secret-id s --description 'rotated'", "aws secretsmanager describe-secret --secret-id s", "aws secretsmanager put-secret-value help"}},
		{Name: "aws_unsubscribe", Level: Medium, Progs: []string{"aws"}, Opts: awsOpts,
			Path: "sns unsubscribe", When: []rowPred{noHelp},
			Why:    "aws sns unsubscribe removes the subscription {-subscription-arn|named}: its endpoint gets no more messages",
			Desc:   "aws sns unsubscribe removes a topic's subscription",
			Hits:   []string{"aws sns unsubscribe --subscription-arn arn:aws:sns:us-east-1:1:alerts:abcd"},
			Misses: []string{"aws sns list-subscriptions", "aws sns subscribe --topic-arn t --protocol email", "aws sns unsubscribe help"}},
		{Name: "jenkins_delete", Level: Medium, Progs: []string{"java"}, Opts: &rowNoOpts,
			When:   []rowPred{jenkinsDelete},
			Why:    "the Jenkins CLI deletes jobs, nodes, views, builds or credentials on the server",
			Desc:   "java -jar jenkins-cli.jar delete-job|delete-node|delete-view|delete-builds|delete-credentials deletes on a Jenkins server",
			Hits:   []string{"java -jar jenkins-cli.jar -s http://jenkins.local/ delete-job deploy-prod", "java -jar /opt/jenkins-cli.jar -s http://j/ -auth @creds delete-node agent-1"},
			Misses: []string{"java -jar jenkins-cli.jar -s http://j/ list-jobs", "java -jar app.jar delete-job x", "java -jar jenkins-cli.jar help delete-job"}},
		{Name: "http_delete_index", Level: High, Progs: []string{"curl"}, Opts: curlOpts,
			When:   []rowPred{curlDelete, deleteIndex},
			Why:    "curl -X DELETE of {1+/-url} deletes a whole search index with every document in it",
			Desc:   "an HTTP DELETE of a whole search index (Elasticsearch or OpenSearch INDEX or _data_stream/NAME, Meilisearch or Algolia indexes/NAME) deletes every document in it",
			Hits:   []string{"curl -X DELETE 'http://localhost:9200/logs-2024'", "curl -XDELETE https://search.example.com:9243/logs-2024-01,logs-2024-02", "curl -X DELETE 'https://opensearch.local/sample-index?ignore_unavailable=true'", "curl -X DELETE localhost:9200/_data_stream/logs-app", "curl -X DELETE 'http://localhost:7700/indexes/movies'", "curl -X DELETE 'https://APPID-dsn.algolia.net/1/indexes/products'"},
			Misses: []string{"curl -X DELETE localhost:9200/logs/_doc/1", "curl -X DELETE localhost:9200/_snapshot/repo/snap_1", "curl -X GET localhost:9200/logs-2024", "curl -X DELETE https://api.example.com/users", "curl -X DELETE localhost:9200/_all"}},
	}
}

// jenkinsDelete reports java -jar jenkins-cli.jar with a delete command.
func jenkinsDelete(m *rowMatch) bool {
	args := m.c.Args
	for i := 1; i+1 < len(args); i++ {
		if args[i].Value != "-jar" {
			continue
		}
		if path.Base(args[i+1].Value) != "jenkins-cli.jar" {
			return false
		}
		for _, a := range args[i+2:] {
			switch a.Value {
			case "help":
				return false
			case "delete-job", "delete-node", "delete-view", "delete-builds", "delete-credentials", "delete-credentials-domain":
				return true
			}
		}
		return false
	}
	return false
}

// deleteIndex reports a request whose URL names a whole search index.
func deleteIndex(m *rowMatch) bool {
	for _, u := range rowURLs(m) {
		if searchIndexURL(u) {
			return true
		}
	}
	return false
}

// searchIndexURL reports a URL of a whole index: one path segment (or
// _data_stream/NAME) on an Elasticsearch or OpenSearch host (port 9200 or
// 9243, or a host named so), or indexes/NAME (Meilisearch, Algolia).
func searchIndexURL(u string) bool {
	if _, rest, ok := strings.Cut(u, "://"); ok {
		u = rest
	}
	u, _, _ = strings.Cut(u, "?")
	u, _, _ = strings.Cut(u, "#")
	host, p, _ := strings.Cut(u, "/")
	segs := strings.Split(strings.Trim(p, "/"), "/")
	switch {
	case len(segs) == 2 && segs[0] == "indexes" && segs[1] != "",
		len(segs) == 3 && segs[0] == "1" && segs[1] == "indexes" && segs[2] != "":
		return true
	}
	h := strings.ToLower(host)
	if !strings.HasSuffix(h, ":9200") && !strings.HasSuffix(h, ":9243") && !strings.Contains(h, "elastic") && !strings.Contains(h, "opensearch") {
		return false
	}
	switch {
	case len(segs) == 1:
		return segs[0] != "" && !strings.HasPrefix(segs[0], "_") && segs[0] != "*"
	case len(segs) == 2:
		return segs[0] == "_data_stream" && segs[1] != ""
	}
	return false
}
