package rules

// Rows of the verbs of az and gcloud other than delete (which
// infra_cloud.go reads): stopping a machine, an app or a cluster,
// replacing access keys, removing a record, a member or an owner,
// destroying a secret's or a key's version, and making a storage
// container public. Each was read from the CLI reference (learn.microsoft
// .com/cli/azure, cloud.google.com/sdk/gcloud/reference); the scale is
// that of docs/rules.md.

var (
	azGroupsStop = "webapp|functionapp|aks|container|spring|logicapp"
)

func cloudVerbRows() []Row {
	var (
		// bqOpts is bq's grammar: absl flags, global ones before the command.
		bqOpts = withFlags(cli("", "project_id", "location", "format", "dataset_id", "destination_table", "max_time_travel_hours", "expiration",
			"default_table_expiration", "default_partition_expiration", "schema", "source_format", "parameter", "job_id", "api", "apilog", "bigqueryrc", "headless"),
			"frdtmn", "force", "recursive", "dataset", "table", "model", "replace", "noreplace", "transfer_config", "reservation", "capacity_commitment",
			"reservation_assignment", "connection", "dry_run", "use_legacy_sql", "nouse_legacy_sql", "sync", "nosync", "quiet")
		// bqConfig reports a bq rm of a configuration object (a transfer, a
		// reservation or a connection), not of data.
		bqConfig = has("transfer_config", "reservation", "capacity_commitment", "reservation_assignment", "connection")
		azOpts   = withFlags(cli("gnos", "subscription", "output", "query", "resource-group", "name", "ids", "vnet-name", "zone-name", "nsg-name", "account-name",
			"account-key", "connection-string", "sas-token", "container-name", "public-access", "key", "key-kind", "key-type", "key-name", "group", "member-id",
			"id", "record-set-name", "ipv4-address", "ipv6-address", "location", "cluster-name", "namespace-name", "auth-mode", "slot", "server", "resource",
			"assignee", "role", "scope", "kind", "cname", "exchange", "ptrdname", "value", "owner-object-id", "display-name", "years", "end-date", "cert", "append", "service-name"),
			"", "yes", "no-wait", "debug", "verbose", "only-show-errors", "force", "skip-shutdown")
		gcloudOpts = withFlags(cli("", "project", "account", "configuration", "format", "filter", "zone", "region", "location", "keyring", "key", "secret",
			"impersonate-service-account", "billing-project", "verbosity", "flags-file", "trace-token", "service", "limit", "sort-by", "page-size", "instance"),
			"q", "quiet", "async", "discard-local-ssd", "no-discard-local-ssd", "log-http", "user-output-enabled", "no-user-output-enabled", "all")
	)
	return []Row{
		{Name: "bq_rm", Level: High, Progs: []string{"bq"}, Opts: bqOpts,
			Path: "rm", When: []rowPred{func(m *rowMatch) bool { return !bqConfig(m) }},
			Why:    "bq rm deletes {1|the table or dataset}{-r? with every table, view and routine in it} from BigQuery; only a table's last days of time travel can bring it back",
			Desc:   "bq rm deletes a BigQuery table, view, model or (with -r) a dataset with everything in it",
			Hits:   []string{"bq rm -f mydataset.mytable", "bq rm -r -f myproject:mydataset", "bq --location=US rm -d ds"},
			Misses: []string{"bq ls myproject:mydataset", "bq rm --transfer_config projects/p/locations/us/transferConfigs/abc", "bq rm --help"}},
		{Name: "bq_remove_config", Level: Medium, Progs: []string{"bq"}, Opts: bqOpts,
			Path: "rm, cancel", When: []rowPred{func(m *rowMatch) bool { return m.path[0].Value == "cancel" || bqConfig(m) }},
			Why:    "bq {path}{1? {1}} stops a running job or deletes a scheduled transfer, reservation or connection",
			Desc:   "bq rm --transfer_config|--reservation|--capacity_commitment|--connection deletes a scheduled query, capacity or connection; bq cancel stops a running job",
			Hits:   []string{"bq rm --transfer_config projects/p/locations/us/transferConfigs/abc", "bq rm --reservation --location=US my-reservation", "bq cancel bqjob_r1234_0001"},
			Misses: []string{"bq show --transfer_config projects/p/locations/us/transferConfigs/abc", "bq ls -j"}},
		{Name: "bq_overwrite", Level: High, Progs: []string{"bq"}, Opts: bqOpts,
			Path: "load, query, cp, mk", When: []rowPred{lacks("dry_run", "n"), func(m *rowMatch) bool {
				if v := m.path[0].Value; v == "load" || v == "query" {
					return has("replace")(m)
				}
				return has("f", "force")(m)
			}},
			Why:    "bq {path} {-replace?--replace|-f} replaces the destination table {-destination_table/1|named} and every row in it",
			Desc:   "bq load|query --replace, cp -f or mk -f overwrites a whole BigQuery table",
			Hits:   []string{"bq load --replace mydataset.mytable gs://bucket/data.csv", "bq query --replace --destination_table mydataset.t 'SELECT 1'", "bq cp -f mydataset.src mydataset.dst", "bq mk -f -t mydataset.mytable schema.json"},
			Misses: []string{"bq load --noreplace mydataset.mytable gs://bucket/data.csv", "bq cp mydataset.src mydataset.dst", "bq query --replace=false 'SELECT 1'", "bq mk mydataset"}},
		{Name: "bq_retention", Level: Medium, Progs: []string{"bq"}, Opts: bqOpts,
			Path: "update", When: []rowPred{has("max_time_travel_hours", "expiration", "default_table_expiration", "default_partition_expiration")},
			Why:    "bq update of {last|the dataset}'s expiration or time-travel window deletes tables or partitions later, or the history that could restore them",
			Desc:   "bq update --expiration|--default_table_expiration|--default_partition_expiration|--max_time_travel_hours schedules deletion or shortens the recovery window",
			Hits:   []string{"bq update --max_time_travel_hours=48 mydataset", "bq update --expiration 3600 mydataset.mytable"},
			Misses: []string{"bq update --description 'x' mydataset", "bq show mydataset"}},
		{Name: "az_stop", Level: Medium, Progs: []string{"az"}, Opts: azOpts,
			Path:   "vm|vmss stop|deallocate|generalize, " + azGroupsStop + " stop, postgres|mysql flexible-server|server stop, webapp deployment slot stop, ml compute stop, sql vm stop",
			Why:    "az {path} stops {-name/-n/1|it}: the machine, app or cluster stops serving",
			Desc:   "az vm stop|deallocate|generalize (generalize for good), or stop of a scale set, web or function app, AKS cluster, container group or database server, stops what serves",
			Hits:   []string{"az vm stop --name myvm -g mygroup", "az vm deallocate --name myvm -g mygroup", "az vm generalize --name myvm -g mygroup", "az aks stop --name mycluster -g mygroup", "az webapp stop --name myapp -g mygroup", "az container stop --name c -g g", "az postgres flexible-server stop -n db -g g"},
			Misses: []string{"az vm start --name myvm -g mygroup", "az vm show --name stop -g g", "az aks show --name mycluster -g mygroup", "az vm stop --help"}},
		{Name: "az_key_renew", Level: Medium, Progs: []string{"az"}, Opts: azOpts,
			Path:   "storage account keys renew, cosmosdb keys regenerate, redis regenerate-keys|regenerate-key, search admin-key renew, cognitiveservices account keys regenerate, servicebus|eventhubs|relay namespace authorization-rule keys renew, servicebus queue|topic authorization-rule keys renew, eventhubs eventhub authorization-rule keys renew, ad sp|app credential reset, acr credential renew, signalr|webpubsub key regenerate, maps account keys renew, batch account keys renew, iot hub policy renew-key",
			Why:    "az {path} replaces the keys or credentials of {-name/-account-name/-n/-id|the resource}: every client using the old ones loses access",
			Desc:   "az ... keys renew|regenerate, redis regenerate-keys, ad sp|app credential reset or acr credential renew replaces access keys or credentials; what uses the old ones stops working",
			Hits:   []string{"az storage account keys renew --account-name myaccount -g mygroup --key primary", "az cosmosdb keys regenerate --name myaccount -g mygroup --key-kind primary", "az redis regenerate-keys --name myredis -g mygroup --key-type Primary", "az ad sp credential reset --id spid"},
			Misses: []string{"az storage account keys list --account-name a", "az cosmosdb keys list --name a -g g", "az ad sp credential list --id spid", "az ad sp show --id spid"}},
		{Name: "az_remove", Level: Medium, Progs: []string{"az"}, Opts: azOpts,
			Path:   "network dns record-set * remove-record, network private-dns record-set * remove-record, ad group member|owner remove, ad app|sp owner remove, keyvault delete-policy, webapp|functionapp config access-restriction remove, webapp config ssl unbind",
			Why:    "az {path} removes {-record-set-name/-member-id/-owner-object-id/-name/-n|it}: what it served or the access it gave is gone",
			Desc:   "az network dns record-set ... remove-record, ad group member|owner remove, keyvault delete-policy or an access restriction's remove deletes a DNS record, a member or owner, or a vault's access policy",
			Hits:   []string{"az network dns record-set a remove-record --zone-name mydomain.com -g mygroup --record-set-name www --ipv4-address 1.2.3.4", "az ad group member remove --group mygroup --member-id userid", "az keyvault delete-policy --name v --object-id o"},
			Misses: []string{"az network dns record-set a add-record --zone-name z -g g --record-set-name www --ipv4-address 1.2.3.4", "az ad group member list --group mygroup", "az ad group member add --group g --member-id u"}},
		{Name: "az_storage_public", Level: High, Progs: []string{"az"}, Opts: azOpts,
			Path: "storage container set-permission", When: []rowPred{optIs([]string{"public-access"}, "blob", "container")},
			Why:    "az storage container set-permission --public-access {-public-access} makes the container {-name/-n|named} readable by anyone on the internet",
			Desc:   "az storage container set-permission --public-access blob|container publishes a storage container's data",
			Hits:   []string{"az storage container set-permission --name mycontainer --account-name myaccount --public-access blob", "az storage container set-permission -n c --public-access container"},
			Misses: []string{"az storage container set-permission --name c --public-access off", "az storage container show-permission --name c"}},
		{Name: "gcloud_stop", Level: Medium, Progs: []string{"gcloud"}, Opts: gcloudOpts,
			Path:   "compute instances stop|suspend, alpha|beta compute instances stop|suspend, app versions stop, alpha|beta app versions stop, dataproc clusters stop, notebooks instances stop, workbench instances stop, workstations stop",
			Why:    "gcloud {path} stops {1+|it}: the machine or service stops serving",
			Desc:   "gcloud compute instances stop|suspend, app versions stop, dataproc clusters stop, notebooks|workbench instances stop or workstations stop stops running machines or services",
			Hits:   []string{"gcloud compute instances stop my-instance", "gcloud --project p compute instances suspend vm1 --zone us-central1-a", "gcloud beta compute instances stop vm1", "gcloud app versions stop v1"},
			Misses: []string{"gcloud compute instances start my-instance", "gcloud compute instances describe stop", "gcloud compute instances list"}},
		{Name: "gcloud_key_destroy", Level: High, Progs: []string{"gcloud"}, Opts: gcloudOpts,
			Path:   "kms keys versions destroy, alpha|beta kms keys versions destroy",
			Why:    "gcloud {path} destroys version {1|of the key}: whatever it encrypted can never be decrypted again",
			Desc:   "gcloud kms keys versions destroy destroys a key version; the data it encrypted is lost",
			Hits:   []string{"gcloud kms keys versions destroy 1 --key k --keyring r --location global"},
			Misses: []string{"gcloud kms keys versions list --key k --keyring r --location global", "gcloud kms keys versions restore 1 --key k --keyring r --location global"}},
		{Name: "gcloud_destroy", Level: Medium, Progs: []string{"gcloud"}, Opts: gcloudOpts,
			Path:   "secrets versions destroy|disable, alpha|beta secrets versions destroy|disable, kms keys versions disable, services disable, iam service-accounts disable, iam service-accounts keys disable, scheduler jobs pause",
			Why:    "gcloud {path} destroys or turns off {1+|it}: what uses it stops working",
			Desc:   "gcloud secrets versions destroy|disable, kms keys versions disable, services disable or iam service-accounts (keys) disable destroys a secret's version or turns off a key, an API or an account",
			Hits:   []string{"gcloud secrets versions destroy 1 --secret=my-secret", "gcloud services disable compute.googleapis.com", "gcloud iam service-accounts disable sa@p.iam.gserviceaccount.com"},
			Misses: []string{"gcloud secrets versions list my-secret", "gcloud services enable compute.googleapis.com", "gcloud secrets versions access 1 --secret=s"}},
	}
}
