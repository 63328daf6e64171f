package allowlist

// Read-only forms of more service CLIs, added from the peers' suites and
// each checked against the tool's own reference: tailscale's status
// family, tcpdump reading a capture file, and helm's local chart checks.
// docker compose is not here: the project's .env may set DOCKER_HOST to
// an ssh:// host (ssh would run) and its include may fetch a project.

// tailscaleSpec returns tailscale with its status subcommands. tailscale
// reads its flags with Go's flag package; only the -- spellings are
// listed, and status --web (a web server) and --browser are refused.
func tailscaleSpec() Spec {
	sub := func(n, long string) Spec {
		return Spec{Name: n, Long: w(long + " help"), NoAbbrev: true, NoOperands: true}
	}
	status := sub("status", "json active peers self")
	status.Deny, status.Why = w("web browser listen"), map[string]string{"--web": "tailscale status --web starts a web server", "--browser": "tailscale status --browser starts a browser"}
	whois := sub("whois", "json")
	whois.NoOperands, whois.MaxOperands = false, 2
	return Spec{Name: "tailscale", Long: w("version help"), NoAbbrev: true, Subs: []Spec{
		status, sub("ip", "1 4 6"), sub("netcheck", "format= verbose"), sub("version", "daemon json upstream"), whois,
		{Name: "dns", NoAbbrev: true, Subs: []Spec{sub("status", "all")}},
		{Name: "exit-node", NoAbbrev: true, Subs: []Spec{sub("list", "filter=")}},
	}, Note: "status, ip, netcheck, version, whois, dns status, exit-node list; never status --web or --browser"}
}

// tcpdumpSpec returns tcpdump reading a capture file or listing its
// interfaces: never a live capture (-i), a written file (-w) or a
// rotation command (-z).
func tcpdumpSpec() Spec {
	return Spec{Name: "tcpdump", Short: "r:DnvqetlSxXAc:s:F:#", Long: w("number print help version"),
		Need: []string{"-r", "-D", "--version", "--help"},
		Why:  map[string]string{"-w": "tcpdump -w writes a capture file", "-z": "tcpdump -z runs a command on each file", "-i": "tcpdump -i captures live traffic"},
		Note: "-r FILE, -D or --version only; never -i, -w, -z, -C, -G"}
}

// helmMore returns helm's local checks: help, env, completion, lint,
// template and verify of a chart, dependency and plugin ls. template
// never takes --output-dir (it writes files), --post-renderer (a program
// runs) or --dependency-update (it downloads into the chart).
func helmMore() []Spec {
	values := "set= set-file= set-json= set-literal= set-string= values= kube-version= "
	lint := helmSub("lint", "f:", values+"quiet strict with-subcharts skip-schema-validation")
	template := helmSub("template", "f:g", values+"api-versions= include-crds skip-crds skip-tests no-hooks is-upgrade name-template= release-name show-only= validate generate-name description= disable-openapi-validation skip-schema-validation "+
		"ca-file= cert-file= devel insecure-skip-tls-verify keyring= plain-http repo= verify version= username=")
	template.Deny = append(template.Deny, "output-dir", "dependency-update", "post-renderer-args")
	template.Why = map[string]string{"--output-dir": "helm template --output-dir writes files", "--dependency-update": "helm template --dependency-update downloads into the chart",
		"--post-renderer": "helm --post-renderer runs a program", "--kubeconfig": helmWhy()["--kubeconfig"]}
	template.Check = checkHelmChart
	help := helmSub("help", "", "")
	env := helmSub("env", "", "")
	env.MaxOperands = 1
	completion := helmSub("completion", "", "no-descriptions")
	completion.MaxOperands = 1
	return []Spec{help, env, completion, lint, template, helmSub("verify", "", "keyring="),
		{Name: "dep", NoAbbrev: true, Subs: []Spec{helmSub("list", "", "max-col-width="), helmSub("ls", "", "max-col-width=")}},
		{Name: "plugin", NoAbbrev: true, Subs: []Spec{helmSub("list", "", ""), helmSub("ls", "", "")}}}
}
