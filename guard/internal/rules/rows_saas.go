package rules

import (
	"strings"
)

// Rows of the hosting, deployment and SaaS CLIs. Each verb was read from
// the CLI's own documentation: deleting a whole project, site, app,
// service, database or bucket is high; one object, secret or setting is
// medium.

var (
	herokuOpts = cli("ar", "app", "remote")
)

func saasRows() []Row {
	var (
		vercelOpts   = cli("tSAQT", "token", "scope", "local-config", "global-config", "cwd", "team")
		netlifyOpts  = cli("", "auth", "filter", "httpProxy", "httpProxyCertificateFilename", "site")
		wranglerOpts = cli("ce", "config", "env", "cwd", "env-file")
		fastlyOpts   = cli("ts", "token", "profile", "service-id", "service-name", "version")
		railwayOpts  = cli("pse", "project", "service", "environment", "2fa-code")
		stripeOpts   = cli("", "api-key", "project-name", "color", "config", "device-name", "log-level", "stripe-account")
		pdOpts       = cli("", "token", "profile")
		ldcliOpts    = cli("", "access-token", "base-uri", "config", "output", "project", "environment", "flag")
		circleciOpts = cli("", "token", "host", "org-id", "debug")
	)
	return []Row{
		{Name: "vercel_remove", Level: High, Progs: []string{"vercel", "vc"}, Opts: vercelOpts,
			Path:   "remove|rm, project|projects rm|remove",
			Why:    "{prog} {path} deletes the Vercel project or deployment {1+|named} with its deployments",
			Desc:   "vercel remove (rm) or vercel project rm deletes a project with every deployment, or a deployment",
			Hits:   []string{"vercel remove my-app --yes", "vercel rm my-app", "vc --token \"$VERCEL_TOKEN\" remove my-app", "vercel project rm my-app", "vercel --scope team rm web"},
			Misses: []string{"vercel ls", "vercel remove --help", "vercel deploy --prod", "vercel env ls"}},
		{Name: "vercel_delete", Level: Medium, Progs: []string{"vercel", "vc"}, Opts: vercelOpts,
			Path:   "env|domains|domain|dns|alias|aliases|certs|cert|secrets|secret rm|remove",
			Why:    "{prog} {path} deletes {1+|a setting} of the Vercel project",
			Desc:   "vercel env|domains|dns|alias|certs rm deletes a project's variable, domain, record or certificate",
			Hits:   []string{"vercel env rm API_KEY production", "vercel domains rm example.com", "vercel dns rm rec_123", "vercel alias rm my-alias.vercel.app"},
			Misses: []string{"vercel env add API_KEY", "vercel domains ls", "vercel env pull"}},
		{Name: "netlify_site_delete", Level: High, Progs: []string{"netlify", "ntl"}, Opts: netlifyOpts,
			Path:   "sites:delete",
			Why:    "netlify sites:delete deletes the Netlify site {1|of the current directory} with every deploy",
			Desc:   "netlify sites:delete deletes a site with every deploy",
			Hits:   []string{"netlify sites:delete abc123", "netlify sites:delete --force abc123", "ntl sites:delete abc"},
			Misses: []string{"netlify sites:list", "netlify sites:delete --help", "netlify deploy --prod"}},
		{Name: "netlify_delete", Level: Medium, Progs: []string{"netlify", "ntl"}, Opts: netlifyOpts,
			Path:   "env:unset|addons:delete|blobs:delete",
			Why:    "netlify {path} deletes {1|a setting} of the Netlify site",
			Desc:   "netlify env:unset, addons:delete or blobs:delete deletes a variable, add-on or blob of a site",
			Hits:   []string{"netlify env:unset API_KEY", "netlify addons:delete fauna", "netlify blobs:delete store key"},
			Misses: []string{"netlify env:set API_KEY x", "netlify env:list", "netlify blobs:get store key"}},
		{Name: "heroku_db_overwrite", Level: High, Progs: []string{"heroku"}, Opts: herokuOpts,
			Path:   "pg:backups:restore|pg:copy|pg:push",
			Why:    "heroku {path} overwrites the Heroku database {2|of the app} with other data",
			Desc:   "heroku pg:backups:restore, pg:copy or pg:push overwrites a database's every table",
			Hits:   []string{"heroku pg:backups:restore b101 DATABASE_URL --app web", "heroku pg:copy src::DATABASE_URL DATABASE_URL -a web", "heroku pg:push localdb DATABASE_URL"},
			Misses: []string{"heroku pg:backups:capture", "heroku pg:backups", "heroku pg:info"}},
		{Name: "heroku_stop", Level: Medium, Progs: []string{"heroku"}, Opts: herokuOpts,
			Path:   "ps:kill|ps:stop|pg:kill|pg:killall|maintenance:on|access:remove|certs:remove|webhooks:remove|drains:remove",
			Why:    "heroku {path} stops or removes {1|a part} of the running app",
			Desc:   "heroku ps:kill|ps:stop, pg:kill|pg:killall, maintenance:on or a *:remove stops a running app's dynos or queries or removes its access, certificates, hooks or drains",
			Hits:   []string{"heroku ps:kill web.1 -a web", "heroku pg:killall", "heroku maintenance:on --app web", "heroku access:remove bob@example.com"},
			Misses: []string{"heroku ps", "heroku maintenance:off", "heroku access"}},
		{Name: "scale_to_zero", Level: Medium, Progs: []string{"heroku", "fly", "flyctl"}, Opts: cli("ar", "app", "remote", "config", "process-group", "region"),
			Path: "ps:scale, scale count", When: []rowPred{anyArg(func(w Word) bool { return w.Value == "0" || strings.HasSuffix(w.Value, "=0") })},
			Why:    "{prog} {path} {1+} stops every dyno or machine of the process type: the app stops serving",
			Desc:   "heroku ps:scale TYPE=0 or fly scale count 0 stops every dyno or machine of a process type",
			Hits:   []string{"heroku ps:scale web=0 -a shop", "fly scale count 0 -a shop", "flyctl scale count web=0"},
			Misses: []string{"heroku ps:scale web=2", "fly scale count 3", "fly scale show"}},
		{Name: "firebase_delete_all", Level: High, Progs: []string{"firebase"}, Opts: withFlags(cli("P", "project", "token", "config", "database", "instance"), "rfy", "recursive", "all-collections", "force", "shallow"),
			Path: "firestore:delete, database:remove", When: []rowPred{func(m *rowMatch) bool {
				return m.path[0].Value == "database:remove" || has("all-collections", "recursive", "r")(m)
			}},
			Why:    "firebase {path} deletes {1|every collection} and everything under it",
			Desc:   "firebase firestore:delete --recursive or --all-collections, or database:remove, deletes a path of the database and everything under it",
			Hits:   []string{"firebase firestore:delete --all-collections --force", "firebase firestore:delete users -r -P prod", "firebase database:remove /users"},
			Misses: []string{"firebase firestore:delete users/u1", "firebase firestore:indexes", "firebase database:get /users"}},
		{Name: "firebase_delete", Level: Medium, Progs: []string{"firebase"}, Opts: withFlags(cli("P", "project", "token", "config", "database", "instance", "region"), "rfy", "recursive", "all-collections", "force", "shallow"),
			Path: "firestore:delete, functions:delete, hosting:disable, hosting:channel:delete", When: []rowPred{func(m *rowMatch) bool {
				return m.path[0].Value != "firestore:delete" || !has("all-collections", "recursive", "r")(m)
			}},
			Why:    "firebase {path} deletes or takes down {1+|it}",
			Desc:   "firebase firestore:delete of a document, functions:delete, hosting:disable or hosting:channel:delete deletes a document or function or takes the site down",
			Hits:   []string{"firebase firestore:delete users/u1", "firebase functions:delete sendMail --region us-central1", "firebase hosting:disable -f"},
			Misses: []string{"firebase deploy --only hosting", "firebase functions:list", "firebase hosting:channel:list"}},
		{Name: "wrangler_delete", Level: High, Progs: []string{"wrangler"}, Opts: wranglerOpts,
			Path:   "delete, d1|vectorize|hyperdrive|queues|queue delete, r2 bucket delete, kv namespace delete, kv:namespace delete, pages project delete",
			Why:    "wrangler {path} deletes {1/-namespace-id/-binding/-name|the Worker of the current project} and everything in it, for good",
			Desc:   "wrangler delete, d1|vectorize|queues delete, r2 bucket delete, kv namespace delete or pages project delete deletes a Worker, database, index, queue, bucket, namespace or Pages project",
			Hits:   []string{"wrangler delete", "wrangler delete my-worker --env prod", "wrangler d1 delete prod-db", "wrangler r2 bucket delete assets", "wrangler kv namespace delete --namespace-id 0f2a", "wrangler kv:namespace delete --binding CACHE", "wrangler pages project delete site"},
			Misses: []string{"wrangler deploy", "wrangler d1 list", "wrangler delete --help", "wrangler r2 bucket create assets", "wrangler kv namespace list"}},
		{Name: "wrangler_object_delete", Level: Medium, Progs: []string{"wrangler"}, Opts: wranglerOpts,
			Path:   "kv key delete, kv:key delete, kv bulk delete, kv:bulk delete, r2 object delete, secret delete, versions secret delete",
			Why:    "wrangler {path} deletes {1+|keys or objects}",
			Desc:   "wrangler kv key|bulk delete, r2 object delete or secret delete deletes keys, objects or a secret of a Worker",
			Hits:   []string{"wrangler kv key delete --binding CACHE user:1", "wrangler kv:key delete user:1 --namespace-id 0f2a", "wrangler r2 object delete assets/logo.png", "wrangler secret delete API_KEY"},
			Misses: []string{"wrangler kv key get user:1 --binding CACHE", "wrangler secret put API_KEY", "wrangler r2 object get assets/logo.png"}},
		{Name: "fastly_service_delete", Level: High, Progs: []string{"fastly"}, Opts: fastlyOpts,
			Path:   "service delete",
			Why:    "fastly service delete deletes the Fastly service {-service-id/-s|of the current project} with every version",
			Desc:   "fastly service delete deletes a service with every version and its configuration",
			Hits:   []string{"fastly service delete --service-id SU1Z0isxPaozGVKXdv0eY", "fastly service delete -s abc --force"},
			Misses: []string{"fastly service list", "fastly service describe -s abc", "fastly service delete --help"}},
		{Name: "fastly_purge_all", Level: Medium, Progs: []string{"fastly"}, Opts: fastlyOpts,
			Path: "purge", When: []rowPred{has("all")},
			Why:    "fastly purge --all empties the whole cache of the service: every request goes to the origin",
			Desc:   "fastly purge --all empties a service's whole cache",
			Hits:   []string{"fastly purge --all -s abc"},
			Misses: []string{"fastly purge --key article-1 -s abc", "fastly purge --url https://example.com/a"}},
		{Name: "railway_delete", Level: High, Progs: []string{"railway"}, Opts: railwayOpts,
			Path:   "delete|rm|remove, project|projects delete|rm|remove, environment|env delete|rm|remove, volume delete",
			Why:    "railway {path} deletes {-project/-p/-volume/1|the linked project} for good, with its services and data",
			Desc:   "railway delete (project delete), environment delete or volume delete deletes a project, environment or volume with its services and data",
			Hits:   []string{"railway delete --project my-project --yes", "railway rm -p old -y", "railway project delete --project old", "railway environment delete staging", "railway volume delete --volume data"},
			Misses: []string{"railway list", "railway up", "railway delete --help", "railway environment new staging"}},
		{Name: "railway_down", Level: Medium, Progs: []string{"railway"}, Opts: railwayOpts,
			Path:   "down, variables|variable delete",
			Why:    "railway {path} removes the latest deployment or a variable of the service",
			Desc:   "railway down removes a service's latest deployment; variables delete deletes a variable",
			Hits:   []string{"railway down --yes", "railway variables delete API_KEY"},
			Misses: []string{"railway variables", "railway up --detach"}},
		{Name: "stripe_delete", Level: Medium, Progs: []string{"stripe"}, Opts: stripeOpts,
			Path:   "* delete|cancel, delete",
			Why:    "stripe {path} deletes or cancels the Stripe object {1|named}",
			Desc:   "stripe RESOURCE delete|cancel (or stripe delete PATH) deletes a customer, product, plan or other object, or cancels a subscription",
			Hits:   []string{"stripe customers delete cus_123", "stripe subscriptions cancel sub_123 --live", "stripe delete /v1/customers/cus_123"},
			Misses: []string{"stripe customers list", "stripe listen --forward-to localhost:3000", "stripe customers create --email a@example.com"}},
		{Name: "pagerduty_change", Level: Medium, Progs: []string{"pd"}, Opts: pdOpts,
			Path:   "* delete, service|user disable, incident resolve|merge",
			Why:    "pd {path} deletes, disables or closes PagerDuty {1+|objects}",
			Desc:   "pd RESOURCE delete, service disable or incident resolve|merge deletes, disables or closes PagerDuty objects",
			Hits:   []string{"pd incident resolve --ids Q1", "pd service disable -n web", "pd ep delete -i P1"},
			Misses: []string{"pd incident list", "pd service list", "pd incident ack --ids Q1"}},
		{Name: "launchdarkly_project_delete", Level: High, Progs: []string{"ldcli"}, Opts: ldcliOpts,
			Path:   "projects|environments delete",
			Why:    "ldcli {path} deletes a LaunchDarkly {path} with every flag setting in it",
			Desc:   "ldcli projects|environments delete deletes a project or environment with its flags' settings",
			Hits:   []string{"ldcli projects delete --project old"},
			Misses: []string{"ldcli projects list", "ldcli flags delete --help"}},
		{Name: "launchdarkly_delete", Level: Medium, Progs: []string{"ldcli"}, Opts: ldcliOpts,
			Path:   "flags|segments|members|teams|webhooks|metrics|tokens|access-tokens|releases delete",
			Why:    "ldcli {path} deletes a LaunchDarkly object",
			Desc:   "ldcli flags|segments|members|... delete deletes a flag, segment, member or other object",
			Hits:   []string{"ldcli flags delete --project web --flag new-ui"},
			Misses: []string{"ldcli flags list --project web", "ldcli flags toggle-on --flag x"}},
		{Name: "circleci_delete", Level: Medium, Progs: []string{"circleci"}, Opts: circleciOpts,
			Path:   "context delete|remove-secret, runner resource-class|token|instance delete, * delete|remove|rm",
			Why:    "circleci {path} deletes {1+|it}: the pipelines that use it stop working",
			Desc:   "circleci context delete|remove-secret, runner resource-class|token delete or any other delete deletes a context (with its secrets), a secret, a runner or another object",
			Hits:   []string{"circleci context delete github org deploy-ctx", "circleci context remove-secret github org ctx AWS_KEY", "circleci namespace delete my-org"},
			Misses: []string{"circleci context list github org", "circleci config validate"}},
		{Name: "gitlab_runner_unregister", Level: Medium, Progs: []string{"gitlab-runner"}, Opts: cli("c", "config"),
			Path:   "unregister|uninstall",
			Why:    "gitlab-runner {path} unregisters runners or removes the runner service: the jobs that need them stop running",
			Desc:   "gitlab-runner unregister or uninstall removes runners from GitLab or the runner service",
			Hits:   []string{"gitlab-runner unregister --all-runners", "gitlab-runner unregister --name web", "sudo gitlab-runner uninstall"},
			Misses: []string{"gitlab-runner list", "gitlab-runner verify", "gitlab-runner register"}},
		{Name: "splunk_clean", Level: High, Progs: []string{"splunk"}, Goflags: true,
			Path:   "clean, remove index",
			Why:    "splunk {path} deletes indexed data for good: {1+|every index}",
			Desc:   "splunk clean eventdata|all|kvstore|userdata or remove index deletes indexed data, the KV store or users",
			Hits:   []string{"splunk clean eventdata -index main", "splunk clean all -f", "splunk remove index web"},
			Misses: []string{"splunk list index", "splunk start", "splunk search 'index=main'"}},
	}
}
