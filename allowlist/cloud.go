package allowlist

import (
	"regexp"
	"slices"
	"strings"
	"sync"
)

// gcloud and az have thousands of commands; auto mode allows them by the
// shape of their names: list, list-*, describe (and get-iam-policy) under
// a known group path for gcloud, list, list-* and show for az. Groups and
// verbs that print a secret ask, and so do the flags that log the request
// with its credentials, read flags or tokens from files, or start a
// browser. aws is in aws.go.

// cloudWord is a group or command word of gcloud and az. It is compiled
// when first needed, not at start-up.
var cloudWord = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[a-z][a-z0-9-]*$`) })

// gcloudPaths are the command groups (their words joined by "/") a list,
// list-* or describe may follow. The whole path must be known: a word
// that is a group in one place may be a command in another (gcloud
// scheduler jobs run list would run a job named list, gcloud functions
// deploy list would deploy one).
var gcloudPaths = lazyWords(`iam compute/instances compute/disks compute/images compute/snapshots compute/networks compute/networks/subnets compute/firewall-rules compute/addresses compute/zones compute/regions compute/machine-types compute/instance-groups compute/instance-groups/managed compute/instance-groups/unmanaged compute/instance-templates compute/routers compute/routes compute/forwarding-rules compute/target-pools compute/backend-services compute/health-checks compute/ssl-certificates compute/url-maps compute/target-http-proxies compute/target-https-proxies compute/operations compute/project-info
projects organizations resource-manager/folders iam/service-accounts iam/service-accounts/keys iam/roles
container/clusters container/node-pools container/images container/operations
sql/instances sql/databases sql/users sql/backups sql/tiers sql/flags sql/operations
config config/configurations auth components services
functions run/services run/revisions run/jobs run/jobs/executions run/domain-mappings
app/services app/versions app/instances
logging/logs logging/sinks logging/metrics
pubsub/topics pubsub/subscriptions pubsub/snapshots pubsub/schemas
storage/buckets storage/objects
artifacts/repositories artifacts/docker/images artifacts/docker/tags artifacts/packages artifacts/versions artifacts/tags
dns/managed-zones dns/record-sets
billing/accounts billing/projects
kms/keyrings kms/keys kms/locations
builds builds/triggers scheduler/jobs tasks tasks/queues
redis/instances memcache/instances spanner/instances spanner/databases bigtable/instances
dataproc/clusters dataproc/jobs composer/environments source/repos deployment-manager/deployments
endpoints/services monitoring/dashboards monitoring/channels monitoring/policies workflows workflows/executions
eventarc/triggers api-gateway/apis api-gateway/gateways secrets secrets/versions
recommender/recommendations certificate-manager/certificates filestore/instances ai/models ai/endpoints
certificate-manager/trust-configs certificate-manager/maps certificate-manager/dns-authorizations certificate-manager/issuance-configs
network-security/server-tls-policies network-security/client-tls-policies network-security/gateway-security-policies network-security/authorization-policies network-security/address-groups
iap/web iap/tcp/tunnels iap/settings app`)

// gcloudReads are the gcloud commands (their words joined by "/") that
// only read, besides list and describe: a config property, log entries,
// the IAP settings. Their operands are a property name or a filter.
var gcloudReads = lazyWords("config/get config/get-value logging/read app/logs/read functions/logs/read run/services/logs/read iap/settings/get")

// gcloudDenied are gcloud flags auto mode refuses, with the reason.
var gcloudDenied = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"flags-file":                  "gcloud --flags-file reads flags from a file",
		"access-token-file":           "gcloud --access-token-file uses a token from a file",
		"log-http":                    "gcloud --log-http logs the requests with their credentials",
		"verbosity":                   "gcloud --verbosity may log the requests with their credentials",
		"credential-file-override":    "gcloud --credential-file-override uses other credentials",
		"impersonate-service-account": "gcloud --impersonate-service-account acts as another account",
	}
})

// gcloudValueFlags are the gcloud flags that take the next word as their
// value, before the command's verb.
var gcloudValueFlags = lazyWords("project account configuration format filter zone region limit page-size sort-by billing-project")

// refusedPrefix returns the reason for a flag that is, or abbreviates, a
// refused one.
func refusedPrefix(name string, denied map[string]string) string {
	for d, why := range denied {
		if name != "" && strings.HasPrefix(d, name) {
			return why
		}
	}
	return ""
}

// checkGcloud allows gcloud GROUP... list|list-*|describe|get-iam-policy.
func checkGcloud(c *Call) string {
	var words []string
	verb := false
	args := c.Args
	if len(args) >= 2 && args[0].Text == "storage" && args[1].Text == "ls" {
		return checkGcloudStorageLs(args[2:])
	}
	for i := 0; i < len(args); i++ {
		t := args[i].Text
		if name, ok := strings.CutPrefix(t, "--"); ok {
			name, _, hasEq := strings.Cut(name, "=")
			if why := refusedPrefix(name, gcloudDenied()); why != "" {
				return why
			}
			if name == "version" && len(args) == 1 {
				return ""
			}
			if !verb && !hasEq && contains(gcloudValueFlags(), name) {
				i++
			}
			continue
		}
		if verb {
			continue // an operand or a flag of the command
		}
		if strings.HasPrefix(t, "-") {
			if t != "-q" {
				return "gcloud " + t + " before the command is not allowed"
			}
			continue
		}
		if contains(gcloudReads(), strings.Join(append(gcloudTrack(words), t), "/")) {
			words = append(words, t)
			verb = true
			continue
		}
		if t == "describe" || t == "list" || strings.HasPrefix(t, "list-") || t == "get-iam-policy" {
			if !contains(gcloudPaths(), strings.Join(gcloudTrack(words), "/")) {
				return "`gcloud " + strings.Join(words, " ") + "` is not a known command group"
			}
			words = append(words, t)
			verb = true
			continue
		}
		words = append(words, t)
	}
	if len(words) == 1 && (words[0] == "info" || words[0] == "version") && len(args) == 1 {
		return "" // the configuration, account and paths in use; the components' versions
	}
	if !verb || len(words) < 2 {
		return "gcloud is only allowed for GROUP list, list-* and describe, info and storage ls"
	}
	return ""
}

// gcloudTrack returns a command path without its release track (alpha,
// beta, preview): the same groups are under every track.
func gcloudTrack(words []string) []string {
	if len(words) > 0 && (words[0] == "alpha" || words[0] == "beta" || words[0] == "preview") {
		return words[1:]
	}
	return words
}

// checkGcloudStorageLs allows gcloud storage ls with its listing flags.
func checkGcloudStorageLs(args []Arg) string {
	for _, a := range args {
		t := a.Text
		switch {
		case !strings.HasPrefix(t, "-"):
		case slices.Contains([]string{"-l", "-L", "-r", "-R", "-a", "-b", "-e", "-j", "--long", "--full", "--recursive", "--all-versions", "--buckets", "--etag", "--json", "--readable-sizes"}, t):
		default:
			return "gcloud storage ls " + t + " is not allowed"
		}
	}
	return ""
}

// azSecretWords in an az group or verb mean that it prints a secret:
// account keys (list-keys), credentials, app settings, connection
// strings, publishing profiles (they hold the deployment password).
var azSecretWords = lazyWords("key credential secret appsettings connection-string password token sas kv publish profile")

// azDenied are az flags auto mode refuses: --debug logs the bearer token,
// --open starts a browser, the others write files.
var azDenied = lazyWords("debug open file output-file destination dest download path")

// azActions are az command names that take operands (az config set
// KEY=VALUE) or change something: before list or show, such a word makes
// the verb an operand.
var azActions = lazyWords("set unset use add create delete update run start stop restart invoke deploy exec ssh connect import export upload download sync copy remove purge reset login logout upgrade find interactive rest wait")

// azGlobals are az's global flags, spelled in full: not abbreviations of
// a refused flag (--output is not --output-file).
var azGlobals = lazyWords("output only-show-errors query subscription verbose help")

// azGlobalValued are az's global flags with a value that may come before
// the command (az --subscription s vm list).
var azGlobalValued = lazyWords("subscription output query")

// azReadVerbs are az's read-only command names besides list, list-* and
// show: show-* and get-* (for what is not a secret: the secret words
// above still refuse show-connection-string or get-credentials), exists,
// a query of logs or work items, a policy summary, a blob's URL, a
// container's logs.
func azReadVerb(t string, words []string) bool {
	switch {
	case t == "list" || t == "show" || strings.HasPrefix(t, "list-") || strings.HasPrefix(t, "show-") || strings.HasPrefix(t, "get-"):
		return true
	case t == "exists" || t == "query" || t == "summarize" || t == "url" || t == "logs":
		return len(words) > 0
	case t == "tail":
		return len(words) > 0 && words[len(words)-1] == "log"
	}
	return false
}

// azVaultRead reports a path under keyvault secret or keyvault key that
// lists names and versions or shows a (public) key: no secret value.
func azVaultRead(words []string) bool {
	if len(words) < 2 || words[0] != "keyvault" || words[1] != "secret" && words[1] != "key" {
		return false
	}
	if len(words) == 2 {
		return true
	}
	return len(words) == 3 && (slices.Contains(w("list list-versions list-deleted get-versions"), words[2]) || words[1] == "key" && words[2] == "show")
}

// checkAz allows az GROUP... list|list-*|show (and the read verbs above),
// with the command's flags after it; the global --subscription, --query
// and --output may come before it.
func checkAz(c *Call) string {
	var words []string
	verb := false
	if len(c.Args) == 1 && c.Args[0].Text == "version" {
		return ""
	}
	if len(c.Args) == 3 && c.Args[0].Text == "devops" && c.Args[1].Text == "configure" && (c.Args[2].Text == "--list" || c.Args[2].Text == "-l") {
		return "" // the defaults in use
	}
	for i := 0; i < len(c.Args); i++ {
		a := c.Args[i]
		t := a.Text
		if len(words) == 0 && !verb {
			name, _, hasEq := strings.Cut(strings.TrimPrefix(t, "--"), "=")
			if strings.HasPrefix(t, "--") && contains(azGlobalValued(), name) || t == "-o" {
				if !hasEq || t == "-o" {
					i++
				}
				continue
			}
			if t == "--only-show-errors" {
				continue
			}
		}
		if name, ok := strings.CutPrefix(t, "--"); ok {
			name, _, _ = strings.Cut(name, "=")
			for _, d := range azDenied() {
				if name != "" && strings.HasPrefix(d, name) && !contains(azGlobals(), name) {
					return "az --" + name + " may log credentials, start a browser or write a file"
				}
			}
			if name == "version" && len(c.Args) == 1 {
				return ""
			}
			if !verb {
				return "az takes flags after the command"
			}
			continue
		}
		if verb {
			continue // a flag's value or a short flag
		}
		if !cloudWord().MatchString(t) {
			return "`az " + t + "` is not a command word"
		}
		if contains(azActions(), t) {
			return "`az " + strings.Join(append(words, t), " ") + "` is a command, not a group (its operand may be list)"
		}
		if azReadVerb(t, words) {
			verb = true
		}
		words = append(words, t)
		if t != "keyvault" && !azVaultRead(words) {
			for _, s := range azSecretWords() {
				if strings.Contains(t, s) {
					return "`az " + strings.Join(words, " ") + "` may print a secret"
				}
			}
		}
	}
	if len(words) >= 2 && words[0] == "keyvault" && (words[1] == "secret" || words[1] == "key") && !azVaultRead(words) {
		return "`az " + strings.Join(words, " ") + "` may print a secret"
	}
	if !verb || len(words) < 2 {
		return "az is only allowed for GROUP list, list-* and show"
	}
	return ""
}
