package rules

// Rows of the messaging, search and secrets tools, read from each tool's
// documentation: deleting a topic, stream, virtual host, index, vault or
// secrets engine (with every message, record or secret in it) is high;
// one queue, key, record or secret is medium.

func messagingRows() []Row {
	var (
		kafkaOpts   = withFlags(cli("", "bootstrap-server", "zookeeper", "topic", "command-config", "partitions", "replication-factor", "config", "group", "to-offset", "offset-json-file", "admin.config"), "", "delete", "list", "describe", "create", "alter", "if-exists", "execute", "dry-run", "all-groups", "all-topics", "to-earliest", "to-latest", "reset-offsets", "delete-offsets")
		rpkOpts     = cli("X", "config", "profile", "brokers", "user", "password", "sasl-mechanism")
		natsOpts    = cli("s", "server", "user", "password", "creds", "nkey", "context", "tlscert", "tlskey", "tlsca", "js-domain", "timeout")
		rabbitOpts  = cli("npqt", "node", "vhost", "timeout", "longnames")
		rabbitAdmin = cli("HPVuUpcNkS", "host", "port", "vhost", "username", "password", "base-uri", "config", "node", "format", "depth")
		algoliaOpts = cli("p", "profile", "application-id", "api-key", "admin-api-key")
	)
	return []Row{
		{Name: "kafka_topic_delete", Level: High, Progs: []string{"kafka-topics", "kafka-topics.sh"}, Opts: kafkaOpts,
			When:   []rowPred{has("delete")},
			Why:    "kafka-topics --delete deletes the topic {-topic|named} with every message in it",
			Desc:   "kafka-topics --delete deletes topics with their messages",
			Hits:   []string{"kafka-topics --bootstrap-server localhost:9092 --delete --topic orders", "kafka-topics.sh --delete --topic 'logs.*' --bootstrap-server b:9092"},
			Misses: []string{"kafka-topics --bootstrap-server localhost:9092 --list", "kafka-topics --describe --topic orders --bootstrap-server b:9092"}},
		{Name: "kafka_records_delete", Level: Medium, Progs: []string{"kafka-delete-records", "kafka-delete-records.sh", "kafka-consumer-groups", "kafka-consumer-groups.sh"}, Opts: kafkaOpts,
			When: []rowPred{func(m *rowMatch) bool {
				n := m.c.Name()
				if n == "kafka-delete-records" || n == "kafka-delete-records.sh" {
					return true
				}
				return has("delete", "delete-offsets")(m) || has("reset-offsets")(m) && has("execute")(m)
			}},
			Why:    "{prog} deletes records, consumer groups or their offsets",
			Desc:   "kafka-delete-records deletes records; kafka-consumer-groups --delete or --reset-offsets --execute deletes groups or moves their offsets",
			Hits:   []string{"kafka-delete-records --bootstrap-server b:9092 --offset-json-file del.json", "kafka-consumer-groups --bootstrap-server b:9092 --delete --group web", "kafka-consumer-groups --bootstrap-server b:9092 --group web --reset-offsets --to-earliest --topic t --execute"},
			Misses: []string{"kafka-consumer-groups --bootstrap-server b:9092 --list", "kafka-consumer-groups --bootstrap-server b:9092 --group web --reset-offsets --to-earliest --topic t --dry-run"}},
		{Name: "redpanda_topic_delete", Level: High, Progs: []string{"rpk"}, Opts: rpkOpts,
			Path:   "topic delete",
			Why:    "rpk topic delete deletes the topics {1+} with every message in them",
			Desc:   "rpk topic delete deletes topics with their messages",
			Hits:   []string{"rpk topic delete orders", "rpk -X brokers=b:9092 topic delete orders logs"},
			Misses: []string{"rpk topic list", "rpk topic create orders", "rpk topic consume orders"}},
		{Name: "redpanda_delete", Level: Medium, Progs: []string{"rpk"}, Opts: rpkOpts,
			Path:   "group delete, topic trim-prefix, acl delete, security acl delete, security user delete",
			Why:    "rpk {path} deletes {1+|it}",
			Desc:   "rpk group delete, topic trim-prefix or acl|user delete deletes a consumer group, a topic's oldest records, ACLs or a user",
			Hits:   []string{"rpk group delete web", "rpk topic trim-prefix orders --offset 100"},
			Misses: []string{"rpk group list", "rpk group describe web"}},
		{Name: "nats_stream_delete", Level: High, Progs: []string{"nats"}, Opts: natsOpts,
			Path:   "stream|str|s rm|delete|purge, kv|object|obj rm|del|delete",
			Why:    "nats {path} deletes the stream or bucket {1|named} with every message in it",
			Desc:   "nats stream rm|purge or kv|object rm deletes a JetStream stream's or bucket's every message",
			Hits:   []string{"nats stream rm ORDERS -f", "nats -s nats://n:4222 stream purge ORDERS", "nats kv rm CONFIG"},
			Misses: []string{"nats stream ls", "nats stream info ORDERS", "nats kv get CONFIG key"}},
		{Name: "nats_delete", Level: Medium, Progs: []string{"nats"}, Opts: natsOpts,
			Path:   "consumer|con|c rm|delete, stream|str|s rmm, kv del|purge",
			Why:    "nats {path} deletes {1+|it}",
			Desc:   "nats consumer rm, stream rmm or kv del|purge deletes a consumer, a message or a key",
			Hits:   []string{"nats consumer rm ORDERS worker", "nats kv del CONFIG key"},
			Misses: []string{"nats consumer ls ORDERS", "nats kv put CONFIG key v"}},
		{Name: "rabbitmq_reset", Level: High, Progs: []string{"rabbitmqctl"}, Opts: rabbitOpts,
			Path:   "reset|force_reset|delete_vhost",
			Why:    "rabbitmqctl {path} deletes {1|every virtual host, queue and message of the node}",
			Desc:   "rabbitmqctl reset|force_reset wipes the node; delete_vhost deletes a virtual host with its queues and messages",
			Hits:   []string{"rabbitmqctl reset", "rabbitmqctl -n rabbit@h force_reset", "rabbitmqctl delete_vhost /staging"},
			Misses: []string{"rabbitmqctl list_vhosts", "rabbitmqctl status", "rabbitmqctl add_vhost /staging"}},
		{Name: "rabbitmq_delete", Level: Medium, Progs: []string{"rabbitmqctl", "rabbitmqadmin"}, Opts: rabbitAdmin,
			Path:   "delete_queue|purge_queue|delete_user|clear_permissions|delete_shovel|clear_policy, delete|purge",
			Why:    "{prog} {path} deletes {1+|it}",
			Desc:   "rabbitmqctl delete_queue|purge_queue|delete_user, rabbitmqadmin delete|purge deletes a queue, its messages, a user or another object",
			Hits:   []string{"rabbitmqctl delete_queue orders", "rabbitmqctl purge_queue orders", "rabbitmqadmin delete queue name=orders", "rabbitmqadmin -H mq purge queue name=orders"},
			Misses: []string{"rabbitmqadmin list queues", "rabbitmqctl list_queues", "rabbitmqadmin declare queue name=orders"}},
		{Name: "algolia_index_delete", Level: High, Progs: []string{"algolia"}, Opts: algoliaOpts,
			Path:   "indices|index delete|clear",
			Why:    "algolia {path} deletes the index {1+|named} or every record in it",
			Desc:   "algolia indices delete|clear deletes an index or every record in it",
			Hits:   []string{"algolia indices delete products --confirm", "algolia indices clear products"},
			Misses: []string{"algolia indices list", "algolia search products --query x"}},
		{Name: "algolia_delete", Level: Medium, Progs: []string{"algolia"}, Opts: algoliaOpts,
			Path:   "objects|rules|synonyms|apikeys delete",
			Why:    "algolia {path} deletes {1+|them}",
			Desc:   "algolia objects|rules|synonyms|apikeys delete deletes records, rules, synonyms or API keys",
			Hits:   []string{"algolia objects delete products --object-ids 1,2"},
			Misses: []string{"algolia objects browse products"}},
	}
}

func secretRows() []Row {
	var (
		opOpts       = cli("", "account", "cache", "config", "encoding", "format", "session", "vault")
		dopplerOpts  = cli("pc", "project", "config", "token", "api-host", "configuration", "scope")
		vaultOptsAny = cli("")
	)
	return []Row{
		{Name: "vault_secrets_destroy", Level: High, Progs: []string{"vault", "bao"}, Opts: vaultOptsAny, Goflags: true,
			Path:   "kv metadata delete, secrets disable, auth disable",
			Why:    "vault {path} deletes {1|it} for good: every version of the secrets, or every secret of the mount",
			Desc:   "vault kv metadata delete deletes every version of a secret; secrets disable deletes a secrets engine with every secret in it; auth disable removes an auth method with its tokens",
			Hits:   []string{"vault kv metadata delete secret/app", "vault secrets disable kv", "vault -address=https://v:8200 secrets disable transit", "vault auth disable userpass"},
			Misses: []string{"vault secrets list", "vault kv get secret/app", "vault secrets enable kv"}},
		{Name: "vault_delete", Level: Medium, Progs: []string{"vault", "bao"}, Opts: vaultOptsAny, Goflags: true,
			Path:   "kv delete|destroy, delete, lease revoke, token revoke, policy delete",
			Why:    "vault {path} deletes or revokes {1+|it}",
			Desc:   "vault kv delete|destroy deletes versions of a secret (destroy for good); vault delete deletes at a path; lease|token revoke revokes credentials; policy delete deletes a policy",
			Hits:   []string{"vault kv destroy -versions=1,2 secret/app", "vault kv delete secret/app", "vault delete database/roles/ro", "vault lease revoke -prefix aws/", "vault policy delete deploy"},
			Misses: []string{"vault kv put secret/app k=v", "vault read database/roles/ro", "vault kv destroy -h"}},
		{Name: "onepassword_vault_delete", Level: High, Progs: []string{"op"}, Opts: opOpts,
			Path:   "vault delete",
			Why:    "op vault delete deletes the 1Password vault {1|named} with every item in it",
			Desc:   "op vault delete deletes a vault with every item in it",
			Hits:   []string{"op vault delete Old"},
			Misses: []string{"op vault list", "op vault get Old"}},
		{Name: "onepassword_delete", Level: Medium, Progs: []string{"op"}, Opts: opOpts,
			Path:   "item|document|user|group|connect delete, connect server|token delete",
			Why:    "op {path} deletes {1|it}",
			Desc:   "op item|document|user|group delete deletes an item (for good without --archive), a document, a user or a group",
			Hits:   []string{"op item delete 'AWS key'", "op document delete notes.txt --vault Private"},
			Misses: []string{"op item get 'AWS key'", "op item list"}},
		{Name: "doppler_project_delete", Level: High, Progs: []string{"doppler"}, Opts: dopplerOpts,
			Path:   "projects|environments|configs delete",
			Why:    "doppler {path} deletes {1|it} with every secret in it",
			Desc:   "doppler projects|environments|configs delete deletes a project, environment or config with every secret in it",
			Hits:   []string{"doppler projects delete backend -y", "doppler configs delete dev_old"},
			Misses: []string{"doppler projects", "doppler configs"}},
		{Name: "doppler_secrets_delete", Level: Medium, Progs: []string{"doppler"}, Opts: dopplerOpts,
			Path:   "secrets delete",
			Why:    "doppler secrets delete deletes the secrets {1+}",
			Desc:   "doppler secrets delete deletes secrets",
			Hits:   []string{"doppler secrets delete API_KEY -y", "doppler -p backend -c prd secrets delete API_KEY"},
			Misses: []string{"doppler secrets get API_KEY", "doppler secrets set API_KEY=x"}},
	}
}
