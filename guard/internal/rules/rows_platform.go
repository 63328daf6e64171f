package rules

import (
	"slices"
	"strings"
)

// Rows of the backend platforms, observability and secrets CLIs and the
// self-hosted tools that are not in rows_saas.go: Supabase, New Relic,
// Infisical, Kong's decK, GitLab's own maintenance commands, Heroku's
// remaining destructive verbs and LVM's device initialisation. Each verb
// was read from the CLI's documentation; the scale is that of
// docs/rules.md: a whole project, organisation or gateway configuration
// is high, a function, secret, object or record medium.

// supabaseRemote reports a Supabase command that acts on the linked
// project or a database named by URL, not the local stack.
func supabaseRemote(m *rowMatch) bool { return has("linked", "db-url")(m) }

func platformRows() []Row {
	var (
		supabaseOpts = withFlags(cli("op", "dns-resolver", "network-id", "output", "profile", "workdir", "project-ref", "db-url", "password", "schema", "file", "status", "version", "env-file", "org-id", "region", "id", "name"),
			"r", "debug", "experimental", "yes", "create-ticket", "linked", "local", "recursive", "no-backup", "no-seed", "dry-run", "include-all", "include-roles", "include-seed", "all")
		newrelicOpts  = cli("ap", "accountId", "profile", "format", "guid", "name", "id", "applicationId", "monitorId")
		infisicalOpts = cli("", "domain", "token", "env", "path", "projectId", "type", "name", "format", "output")
		deckOpts      = withFlags(cli("", "kong-addr", "headers", "ca-cert", "ca-cert-file", "tls-client-cert", "tls-client-key", "konnect-addr", "konnect-token", "konnect-control-plane-name", "workspace", "state", "select-tag", "parallelism", "config", "output-file"),
			"", "force", "skip-consumers", "all-workspaces", "tls-skip-verify", "no-color", "verbose", "json-output", "silence-events")
	)
	return []Row{
		{Name: "supabase_project_delete", Level: High, Progs: []string{"supabase"}, Opts: supabaseOpts,
			Path:   "projects|orgs delete",
			Why:    "supabase {path} deletes {1|the project or organisation} with its database, storage and functions, for good",
			Desc:   "supabase projects delete or orgs delete deletes a project (or an organisation) with its database, storage and functions",
			Hits:   []string{"supabase projects delete abcdefghijklmnop", "supabase orgs delete my-org", "supabase --workdir app projects delete ref1"},
			Misses: []string{"supabase projects list", "supabase orgs list", "supabase projects delete --help"}},
		{Name: "supabase_db_reset", Level: High, Progs: []string{"supabase"}, Opts: supabaseOpts,
			Path: "db reset", When: []rowPred{supabaseRemote},
			Why:    "supabase db reset {-db-url?of the database at {-db-url}|--linked} drops the remote database's every table and data and replays the migrations",
			Desc:   "supabase db reset --linked (or --db-url) recreates the remote database: every table and its data is dropped",
			Hits:   []string{"supabase db reset --linked", "supabase db reset --db-url postgres://u@db.example.com/postgres"},
			Misses: []string{"supabase db reset", "supabase db diff --linked", "supabase db dump --linked -f backup.sql"}},
		{Name: "supabase_delete", Level: Medium, Progs: []string{"supabase"}, Opts: supabaseOpts,
			Path: "db reset, functions delete, storage rm, secrets unset, branches delete, domains delete, vanity-subdomains delete, sso remove, migration down, stop",
			When: []rowPred{func(m *rowMatch) bool {
				switch m.path[0].Value {
				case "db":
					return !supabaseRemote(m)
				case "stop":
					return has("no-backup")(m)
				}
				return true
			}, dry},
			Why:    "supabase {path} deletes {1+|it}: {path} cannot be undone from the CLI",
			Desc:   "supabase db reset (of the local stack), functions delete, storage rm, secrets unset, branches|domains|vanity-subdomains delete, sso remove, migration down or stop --no-backup deletes a function, object, secret, branch, domain, provider, migration's changes or the local data",
			Hits:   []string{"supabase db reset", "supabase functions delete hello", "supabase storage rm -r ss:///bucket", "supabase secrets unset API_KEY", "supabase branches delete br_123", "supabase domains delete", "supabase sso remove 1234", "supabase migration down", "supabase stop --no-backup"},
			Misses: []string{"supabase stop", "supabase functions list", "supabase storage ls ss:///bucket", "supabase secrets list", "supabase db reset --linked", "supabase migration list"}},
		{Name: "newrelic_delete", Level: Medium, Progs: []string{"newrelic"}, Opts: newrelicOpts,
			Path:   "* delete, * * delete, * * * delete",
			Why:    "newrelic {path} deletes {1+/-guid/-id|the object} from the New Relic account",
			Desc:   "newrelic ... delete deletes an entity, application, workload, monitor, dashboard or other object of the account",
			Hits:   []string{"newrelic entity delete 123", "newrelic apm application delete 123", "newrelic workload delete --guid abc", "newrelic synthetics delete 123"},
			Misses: []string{"newrelic entity search --name web", "newrelic workload list", "newrelic apm application get --name web"}},
		{Name: "infisical_delete", Level: Medium, Progs: []string{"infisical"}, Opts: infisicalOpts,
			Path:   "secrets delete, secrets folders delete, dynamic-secrets delete, dynamic-secrets lease|leases delete",
			Why:    "infisical {path} deletes {1+|it} from the project's {-env|environment}",
			Desc:   "infisical secrets delete, secrets folders delete or dynamic-secrets (lease) delete deletes secrets, a folder with its secrets, or a dynamic secret's leases",
			Hits:   []string{"infisical secrets delete STRIPE_API_KEY DOMAIN", "infisical --domain=https://example.test secrets delete API_KEY", "infisical secrets folders delete --path=/apps --name=legacy", "infisical dynamic-secrets lease delete lease-id --env=prod"},
			Misses: []string{"infisical secrets get API_KEY --plain", "infisical secrets folders create --path=/apps --name=backend", "infisical secrets set API_KEY=new-value"}},
		{Name: "deck_reset", Level: High, Progs: []string{"deck"}, Opts: deckOpts,
			Path:   "reset, gateway reset",
			Why:    "deck {path} deletes every service, route, plugin, consumer and certificate of the Kong gateway",
			Desc:   "deck reset (gateway reset) deletes the whole configuration of a Kong gateway",
			Hits:   []string{"deck reset", "deck reset --force", "deck gateway reset --kong-addr http://kong:8001"},
			Misses: []string{"deck dump", "deck gateway diff kong.yaml", "deck reset --help"}},
		{Name: "deck_sync", Level: Medium, Progs: []string{"deck"}, Opts: deckOpts,
			Path:   "sync, gateway sync",
			Why:    "deck {path} makes the Kong gateway match the state file: entities missing from it{-select-tag? (among those tagged {-select-tag})} are deleted",
			Desc:   "deck sync (gateway sync) deletes the gateway's entities missing from the state file",
			Hits:   []string{"deck sync --select-tag production", "deck gateway sync --select-tag team-a kong.yaml", "deck sync -s kong.yaml"},
			Misses: []string{"deck diff --select-tag production", "deck gateway validate kong.yaml", "deck ping"}},
		{Name: "gitlab_restore", Level: High, Progs: []string{"gitlab-rake", "gitlab-backup"}, Opts: cli(""),
			Path:   "gitlab:backup:restore, restore, gitlab:db:drop_tables, db:drop, db:reset, gitlab:db:reset",
			Why:    "{prog} {path} replaces or drops the GitLab instance's database and repositories",
			Desc:   "gitlab-rake gitlab:backup:restore (gitlab-backup restore) overwrites the instance's database and repositories; db:drop, db:reset or gitlab:db:drop_tables deletes them",
			Hits:   []string{"gitlab-rake gitlab:backup:restore", "gitlab-backup restore BACKUP=1700000000_2024_01_01_16.0.0", "gitlab-rake gitlab:db:drop_tables"},
			Misses: []string{"gitlab-rake gitlab:backup:create", "gitlab-backup create", "gitlab-rake gitlab:check"}},
		{Name: "gitlab_rails_code", Level: Medium, Progs: []string{"gitlab-rails"}, Opts: cli("e", "environment"),
			Path:   "runner|console|c|dbconsole|db",
			Why:    "gitlab-rails {path} runs {1|code} inside GitLab with full access to its database: it can change or delete any project",
			Desc:   "gitlab-rails runner, console or dbconsole runs code or SQL inside the GitLab instance with full access to its data",
			Hits:   []string{`gitlab-rails runner "Project.destroy_all"`, "gitlab-rails console -e production", "gitlab-rails dbconsole"},
			Misses: []string{"gitlab-rails --help", "gitlab-rails --version"}},
		{Name: "heroku_remove", Level: Medium, Progs: []string{"heroku"}, Opts: herokuOpts,
			Path:   "clients:destroy|container:rm|members:remove|repo:reset|domains:clear|pipelines:destroy|spaces:destroy|keys:clear|authorizations:revoke",
			Why:    "heroku {path} deletes {1+|it}: an OAuth client, a process type's container, a team member, the app's build repository, its domains, a pipeline, a space, SSH keys or an authorization",
			Desc:   "heroku clients:destroy, container:rm, members:remove, repo:reset, domains:clear, pipelines|spaces:destroy, keys:clear or authorizations:revoke deletes a client, container, member, the build repository, domains, a pipeline, space, keys or a token",
			Hits:   []string{"heroku clients:destroy", "heroku container:rm web -a shop", "heroku members:remove bob@example.com --team acme", "heroku repo:reset -a shop", "heroku domains:clear -a shop"},
			Misses: []string{"heroku clients", "heroku container:push web", "heroku members", "heroku domains -a shop"}},
		{Name: "gh_actions_stop", Level: Medium, Progs: []string{"gh"}, Opts: ghOpts,
			Path:   "run cancel, workflow disable",
			Why:    "gh {path}{1? {1}} stops a running workflow or turns one off: builds, tests or deployments it runs stop",
			Desc:   "gh run cancel or gh workflow disable stops a running GitHub Actions run or turns a workflow off",
			Hits:   []string{"gh run cancel 456", "gh workflow disable 123", "gh -R owner/repo run cancel 7"},
			Misses: []string{"gh run list", "gh workflow enable 123", "gh run view 456"}},
		{Name: "ftp_delete", Level: Medium, Progs: []string{"curl"}, Opts: cli("XHdFTouUbcDKewmrzxAEQ", "quote", "request", "header", "data", "output", "user", "url", "config"),
			When: []rowPred{func(m *rowMatch) bool {
				for _, o := range m.opts {
					if o.Name == "Q" && !o.Long || o.Name == "quote" && o.Long {
						cmd, _, _ := strings.Cut(strings.TrimLeft(o.Value, "-+*"), " ")
						if slices.Contains([]string{"DELE", "RMD", "RM", "RMDIR", "XRMD"}, strings.ToUpper(cmd)) {
							return true
						}
					}
				}
				return false
			}},
			Why:    "curl -Q {-Q/-quote} deletes a file or directory on the FTP or SFTP server",
			Desc:   "curl -Q (--quote) with DELE, RMD (FTP) or rm, rmdir (SFTP) deletes files or directories on the server",
			Hits:   []string{"curl -Q 'DELE file.txt' ftp://example.com", "curl --quote 'RMD olddir' ftp://example.com", "curl -Q '-rm /srv/a.txt' sftp://host/"},
			Misses: []string{"curl -Q 'PWD' ftp://example.com", "curl -Q 'MKD newdir' ftp://example.com", "curl ftp://example.com/file.txt"}},
		{Name: "suspend", Level: Medium, Progs: []string{"systemctl", "loginctl"}, Opts: withFlags(cli("HMt", "host", "machine", "type", "state", "property", "check-inhibitors", "when"), "iq", "ignore-inhibitors", "quiet", "no-block", "no-wall", "force", "user", "system"),
			Path:   "suspend|hibernate|hybrid-sleep|suspend-then-hibernate|sleep",
			Why:    "{prog} {path} puts the machine to sleep: everything it serves stops until it is woken",
			Desc:   "systemctl (loginctl) suspend, hibernate, hybrid-sleep or suspend-then-hibernate puts the machine to sleep (pm-suspend, pm-hibernate too)",
			More:   []Row{{Progs: []string{"pm-suspend", "pm-hibernate", "pm-suspend-hybrid"}, Why: "{prog} puts the machine to sleep: everything it serves stops until it is woken"}},
			Hits:   []string{"systemctl suspend", "systemctl hibernate", "loginctl suspend", "pm-suspend"},
			Misses: []string{"systemctl status", "systemctl list-units --type=target", "systemctl suspend --help"}},
		{Name: "lvm_init_device", Level: High, Progs: []string{"pvcreate"}, Opts: cli("s", "metadatasize", "dataalignment", "uuid", "restorefile", "physicalextentsize", "maxlogicalvolumes", "maxphysicalvolumes", "config", "devices", "devicesfile"),
			When:   []rowPred{nargs(1), rowDevAfter(0)},
			Why:    "pvcreate writes an LVM label onto {1+}, erasing the start of what was on it",
			Desc:   "pvcreate, vgcreate or vgextend writes an LVM physical-volume label onto a device, erasing the file system or partition signature on it",
			More:   []Row{{Progs: []string{"vgcreate", "vgextend"}, When: []rowPred{nargs(2), rowDevAfter(1)}, Why: "{prog} {1} writes an LVM label onto {2+}, erasing the start of what was on them"}},
			Hits:   []string{"pvcreate /dev/sda1", "vgcreate vg0 /dev/sda1", "vgextend vg0 /dev/sdb1", "pvcreate -ff /dev/sdb"},
			Misses: []string{"pvcreate --help", "vgcreate --version", "pvs", "vgcreate vg0"}},
	}
}

// rowDevAfter returns a predicate: an operand from the i-th on names a
// device, or is only known at run time.
func rowDevAfter(i int) rowPred {
	return func(m *rowMatch) bool {
		for _, w := range m.ops[min(i, len(m.ops)):] {
			if strings.HasPrefix(w.Value, "/dev/") || !w.Known {
				return true
			}
		}
		return false
	}
}
