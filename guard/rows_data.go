package guard

// Rows of the messaging, search and secrets tools, read from each tool's
// documentation: deleting a topic, stream, virtual host, index, vault or
// secrets engine (with every message, record or secret in it) is high;
// one queue, key, record or secret is medium.

var (
	kafkaOpts    = withFlags(cli("", "bootstrap-server", "zookeeper", "topic", "command-config", "partitions", "replication-factor", "config", "group", "to-offset", "offset-json-file", "admin.config"), "", "delete", "list", "describe", "create", "alter", "if-exists", "execute", "dry-run", "all-groups", "all-topics", "to-earliest", "to-latest", "reset-offsets", "delete-offsets")
	rpkOpts      = cli("X", "config", "profile", "brokers", "user", "password", "sasl-mechanism")
	natsOpts     = cli("s", "server", "user", "password", "creds", "nkey", "context", "tlscert", "tlskey", "tlsca", "js-domain", "timeout")
	rabbitOpts   = cli("npqt", "node", "vhost", "timeout", "longnames")
	rabbitAdmin  = cli("HPVuUpcNkS", "host", "port", "vhost", "username", "password", "base-uri", "config", "node", "format", "depth")
	algoliaOpts  = cli("p", "profile", "application-id", "api-key", "admin-api-key")
	opOpts       = cli("", "account", "cache", "config", "encoding", "format", "session", "vault")
	dopplerOpts  = cli("pc", "project", "config", "token", "api-host", "configuration", "scope")
	vaultOptsAny = cli("")
)

func messagingRows() []row {
	return []row{
		{name: "kafka_topic_delete", level: High, progs: []string{"kafka-topics", "kafka-topics.sh"}, opts: kafkaOpts,
			when:   []rowPred{has("delete")},
			why:    "kafka-topics --delete deletes the topic {-topic|named} with every message in it",
			desc:   "kafka-topics --delete deletes topics with their messages",
			hits:   []string{"kafka-topics --bootstrap-server localhost:9092 --delete --topic orders", "kafka-topics.sh --delete --topic 'logs.*' --bootstrap-server b:9092"},
			misses: []string{"kafka-topics --bootstrap-server localhost:9092 --list", "kafka-topics --describe --topic orders --bootstrap-server b:9092"}},
		{name: "kafka_records_delete", level: Medium, progs: []string{"kafka-delete-records", "kafka-delete-records.sh", "kafka-consumer-groups", "kafka-consumer-groups.sh"}, opts: kafkaOpts,
			when: []rowPred{func(m *rowMatch) bool {
				n := m.c.Name()
				if n == "kafka-delete-records" || n == "kafka-delete-records.sh" {
					return true
				}
				return has("delete", "delete-offsets")(m) || has("reset-offsets")(m) && has("execute")(m)
			}},
			why:    "{prog} deletes records, consumer groups or their offsets",
			desc:   "kafka-delete-records deletes records; kafka-consumer-groups --delete or --reset-offsets --execute deletes groups or moves their offsets",
			hits:   []string{"kafka-delete-records --bootstrap-server b:9092 --offset-json-file del.json", "kafka-consumer-groups --bootstrap-server b:9092 --delete --group web", "kafka-consumer-groups --bootstrap-server b:9092 --group web --reset-offsets --to-earliest --topic t --execute"},
			misses: []string{"kafka-consumer-groups --bootstrap-server b:9092 --list", "kafka-consumer-groups --bootstrap-server b:9092 --group web --reset-offsets --to-earliest --topic t --dry-run"}},
		{name: "redpanda_topic_delete", level: High, progs: []string{"rpk"}, opts: rpkOpts,
			path:   "topic delete",
			why:    "rpk topic delete deletes the topics {1+} with every message in them",
			desc:   "rpk topic delete deletes topics with their messages",
			hits:   []string{"rpk topic delete orders", "rpk -X brokers=b:9092 topic delete orders logs"},
			misses: []string{"rpk topic list", "rpk topic create orders", "rpk topic consume orders"}},
		{name: "redpanda_delete", level: Medium, progs: []string{"rpk"}, opts: rpkOpts,
			path:   "group delete, topic trim-prefix, acl delete, security acl delete, security user delete",
			why:    "rpk {path} deletes {1+|it}",
			desc:   "rpk group delete, topic trim-prefix or acl|user delete deletes a consumer group, a topic's oldest records, ACLs or a user",
			hits:   []string{"rpk group delete web", "rpk topic trim-prefix orders --offset 100"},
			misses: []string{"rpk group list", "rpk group describe web"}},
		{name: "nats_stream_delete", level: High, progs: []string{"nats"}, opts: natsOpts,
			path:   "stream|str|s rm|delete|purge, kv|object|obj rm|del|delete",
			why:    "nats {path} deletes the stream or bucket {1|named} with every message in it",
			desc:   "nats stream rm|purge or kv|object rm deletes a JetStream stream's or bucket's every message",
			hits:   []string{"nats stream rm ORDERS -f", "nats -s nats://n:4222 stream purge ORDERS", "nats kv rm CONFIG"},
			misses: []string{"nats stream ls", "nats stream info ORDERS", "nats kv get CONFIG key"}},
		{name: "nats_delete", level: Medium, progs: []string{"nats"}, opts: natsOpts,
			path:   "consumer|con|c rm|delete, stream|str|s rmm, kv del|purge",
			why:    "nats {path} deletes {1+|it}",
			desc:   "nats consumer rm, stream rmm or kv del|purge deletes a consumer, a message or a key",
			hits:   []string{"nats consumer rm ORDERS worker", "nats kv del CONFIG key"},
			misses: []string{"nats consumer ls ORDERS", "nats kv put CONFIG key v"}},
		{name: "rabbitmq_reset", level: High, progs: []string{"rabbitmqctl"}, opts: rabbitOpts,
			path:   "reset|force_reset|delete_vhost",
			why:    "rabbitmqctl {path} deletes {1|every virtual host, queue and message of the node}",
			desc:   "rabbitmqctl reset|force_reset wipes the node; delete_vhost deletes a virtual host with its queues and messages",
			hits:   []string{"rabbitmqctl reset", "rabbitmqctl -n rabbit@h force_reset", "rabbitmqctl delete_vhost /staging"},
			misses: []string{"rabbitmqctl list_vhosts", "rabbitmqctl status", "rabbitmqctl add_vhost /staging"}},
		{name: "rabbitmq_delete", level: Medium, progs: []string{"rabbitmqctl", "rabbitmqadmin"}, opts: rabbitAdmin,
			path:   "delete_queue|purge_queue|delete_user|clear_permissions|delete_shovel|clear_policy, delete|purge",
			why:    "{prog} {path} deletes {1+|it}",
			desc:   "rabbitmqctl delete_queue|purge_queue|delete_user, rabbitmqadmin delete|purge deletes a queue, its messages, a user or another object",
			hits:   []string{"rabbitmqctl delete_queue orders", "rabbitmqctl purge_queue orders", "rabbitmqadmin delete queue name=orders", "rabbitmqadmin -H mq purge queue name=orders"},
			misses: []string{"rabbitmqadmin list queues", "rabbitmqctl list_queues", "rabbitmqadmin declare queue name=orders"}},
		{name: "algolia_index_delete", level: High, progs: []string{"algolia"}, opts: algoliaOpts,
			path:   "indices|index delete|clear",
			why:    "algolia {path} deletes the index {1+|named} or every record in it",
			desc:   "algolia indices delete|clear deletes an index or every record in it",
			hits:   []string{"algolia indices delete products --confirm", "algolia indices clear products"},
			misses: []string{"algolia indices list", "algolia search products --query x"}},
		{name: "algolia_delete", level: Medium, progs: []string{"algolia"}, opts: algoliaOpts,
			path:   "objects|rules|synonyms|apikeys delete",
			why:    "algolia {path} deletes {1+|them}",
			desc:   "algolia objects|rules|synonyms|apikeys delete deletes records, rules, synonyms or API keys",
			hits:   []string{"algolia objects delete products --object-ids 1,2"},
			misses: []string{"algolia objects browse products"}},
	}
}

func secretRows() []row {
	return []row{
		{name: "vault_secrets_destroy", level: High, progs: []string{"vault", "bao"}, opts: vaultOptsAny, goflags: true,
			path:   "kv metadata delete, secrets disable, auth disable",
			why:    "vault {path} deletes {1|it} for good: every version of the secrets, or every secret of the mount",
			desc:   "vault kv metadata delete deletes every version of a secret; secrets disable deletes a secrets engine with every secret in it; auth disable removes an auth method with its tokens",
			hits:   []string{"vault kv metadata delete secret/app", "vault secrets disable kv", "vault -address=https://v:8200 secrets disable transit", "vault auth disable userpass"},
			misses: []string{"vault secrets list", "vault kv get secret/app", "vault secrets enable kv"}},
		{name: "vault_delete", level: Medium, progs: []string{"vault", "bao"}, opts: vaultOptsAny, goflags: true,
			path:   "kv delete|destroy, delete, lease revoke, token revoke, policy delete",
			why:    "vault {path} deletes or revokes {1+|it}",
			desc:   "vault kv delete|destroy deletes versions of a secret (destroy for good); vault delete deletes at a path; lease|token revoke revokes credentials; policy delete deletes a policy",
			hits:   []string{"vault kv destroy -versions=1,2 secret/app", "vault kv delete secret/app", "vault delete database/roles/ro", "vault lease revoke -prefix aws/", "vault policy delete deploy"},
			misses: []string{"vault kv put secret/app k=v", "vault read database/roles/ro", "vault kv destroy -h"}},
		{name: "onepassword_vault_delete", level: High, progs: []string{"op"}, opts: opOpts,
			path:   "vault delete",
			why:    "op vault delete deletes the 1Password vault {1|named} with every item in it",
			desc:   "op vault delete deletes a vault with every item in it",
			hits:   []string{"op vault delete Old"},
			misses: []string{"op vault list", "op vault get Old"}},
		{name: "onepassword_delete", level: Medium, progs: []string{"op"}, opts: opOpts,
			path:   "item|document|user|group|connect delete, connect server|token delete",
			why:    "op {path} deletes {1|it}",
			desc:   "op item|document|user|group delete deletes an item (for good without --archive), a document, a user or a group",
			hits:   []string{"op item delete 'AWS key'", "op document delete notes.txt --vault Private"},
			misses: []string{"op item get 'AWS key'", "op item list"}},
		{name: "doppler_project_delete", level: High, progs: []string{"doppler"}, opts: dopplerOpts,
			path:   "projects|environments|configs delete",
			why:    "doppler {path} deletes {1|it} with every secret in it",
			desc:   "doppler projects|environments|configs delete deletes a project, environment or config with every secret in it",
			hits:   []string{"doppler projects delete backend -y", "doppler configs delete dev_old"},
			misses: []string{"doppler projects", "doppler configs"}},
		{name: "doppler_secrets_delete", level: Medium, progs: []string{"doppler"}, opts: dopplerOpts,
			path:   "secrets delete",
			why:    "doppler secrets delete deletes the secrets {1+}",
			desc:   "doppler secrets delete deletes secrets",
			hits:   []string{"doppler secrets delete API_KEY -y", "doppler -p backend -c prd secrets delete API_KEY"},
			misses: []string{"doppler secrets get API_KEY", "doppler secrets set API_KEY=x"}},
	}
}
