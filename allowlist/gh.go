package allowlist

import (
	"slices"
	"strings"
	"sync"
)

// gh reads its flags with pflag (long flags in full only). Only viewing
// and listing subcommands are allowed, never --web (it starts a browser),
// never `auth token` or `auth status -t` (they print the token). A --jq
// filter is held to jq's rule: no env, $ENV, import or include.

// ghWhy explains gh's flags that auto mode refuses.
var ghWhy = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"-w":           "gh --web starts a browser",
		"--web":        "gh --web starts a browser",
		"-f":           "gh api -f sends fields, which makes the request a POST",
		"-F":           "gh api -F sends fields, which makes the request a POST",
		"--raw-field":  "gh api --raw-field makes the request a POST",
		"--field":      "gh api --field makes the request a POST",
		"--input":      "gh api --input sends a file as the request body",
		"--hostname":   "gh --hostname sends the token to another host",
		"--verbose":    "gh api --verbose prints the request, headers too",
		"-t":           "gh auth status -t prints the token",
		"--show-token": "gh auth status --show-token prints the token",
	}
})

// ghSub returns a gh subcommand spec; out adds the JSON output flags.
func ghSub(name, short, long string, out bool) Spec {
	s := Spec{Name: name, Short: short + "R:", Long: w(long + " repo= help"), Deny: w("web"), Why: ghWhy(), NoAbbrev: true,
		Check: checkGhJq}
	if out {
		s.Short += "q:t:"
		s.Long = append(s.Long, "json=", "jq=", "template=")
	}
	return s
}

// checkGhJq refuses a --jq filter that reads the environment.
func checkGhJq(c *Call) string {
	for _, v := range c.Values("-q", "--jq") {
		if jqEnv().MatchString(v) {
			return "the gh --jq filter may read the environment"
		}
	}
	return ""
}

// ghSpec returns gh with its read-only subcommands.
func ghSpec() Spec {
	group := func(name string, subs ...Spec) Spec {
		return Spec{Name: name, NoAbbrev: true, Subs: subs, Why: ghWhy()}
	}
	listFlags := "app= assignee= author= label= limit= search= state="
	pr := group("pr",
		ghSub("view", "c", "comments", true),
		ghSub("list", "a:A:B:dH:l:L:S:s:", listFlags+" base= draft head=", true),
		ghSub("diff", "", "color= name-only patch", false),
		ghSub("checks", "i:", "fail-fast interval= required watch", true),
		ghSub("status", "c", "conflict-status", true),
	)
	issue := group("issue",
		ghSub("view", "c", "comments", true),
		ghSub("list", "a:A:l:L:m:S:s:", listFlags+" mention= milestone=", true),
		ghSub("status", "", "", true),
	)
	repoList := ghSub("list", "l:L:", "archived fork language= limit= no-archived source topic= visibility=", true)
	repoList.MaxOperands = 1
	repoView := ghSub("view", "b:", "branch=", true)
	for _, s := range []*Spec{&repoView, &repoList} { // the repository is an operand here
		s.Short = strings.Replace(s.Short, "R:", "", 1)
		s.Long = slices.DeleteFunc(s.Long, func(l string) bool { return l == "repo=" })
	}
	repo := group("repo", repoView, repoList)
	run := group("run",
		ghSub("view", "a:j:v", "attempt= exit-status job= log log-failed verbose", true),
		ghSub("list", "ab:c:e:L:s:u:w:", "all branch= commit= created= event= limit= status= user= workflow=", true),
	)
	// In run list, -w is --workflow, not --web.
	run.Subs[1].Deny = nil
	release := group("release",
		ghSub("view", "", "", true),
		ghSub("list", "L:O:", "exclude-drafts exclude-pre-releases limit= order=", true),
	)
	workflow := group("workflow",
		ghSub("list", "aL:", "all limit=", true),
		ghSub("view", "r:y", "ref= yaml", false),
	)
	searchCommon := "archived created language= limit= match= order= owner= sort= updated= visibility= "
	searchIssues := searchCommon + "app= assignee= author= closed= commenter= comments= include-prs interactions= involves= label= locked mentions= milestone= no-assignee no-label no-milestone no-project project= reactions= state= team-mentions="
	search := group("search",
		ghSub("issues", "L:", searchIssues, true),
		ghSub("prs", "B:H:L:", searchIssues+" base= checks= draft head= merged merged-at= review= review-requested= reviewed-by=", true),
		ghSub("repos", "L:", searchCommon+"followers= forks= good-first-issues= help-wanted-issues= include-forks= license= number-topics= size= stars= topic=", true),
		ghSub("code", "L:", "extension= filename= language= limit= match= owner= size=", true),
		ghSub("commits", "L:", "author= author-date= author-email= author-name= committer= committer-date= committer-email= committer-name= hash= limit= merge order= owner= parent= sort= tree= visibility=", true),
	)
	label := group("label", ghSub("list", "L:S:", "limit= order= search= sort=", true))
	secretList := ghSub("list", "ae:o:u", "app= env= org= user", true)
	secret := group("secret", secretList)
	variable := group("variable", ghSub("list", "e:o:", "env= org=", true))
	cache := group("cache", ghSub("list", "k:L:O:r:S:", "key= limit= order= ref= sort=", true))
	ruleset := group("ruleset", ghSub("list", "L:o:p", "limit= org= parents", false), ghSub("view", "o:p", "org= parents", false))
	gist := group("gist", ghSub("list", "L:", "filter= include-content limit= public secret", false), ghSub("view", "f:r", "filename= files raw", false))
	for i := range gist.Subs { // gists belong to no repository
		gist.Subs[i].Short = strings.Replace(gist.Subs[i].Short, "R:", "", 1)
		gist.Subs[i].Long = slices.DeleteFunc(gist.Subs[i].Long, func(l string) bool { return l == "repo=" })
	}
	local := func(name string) Spec { // a list of local settings, no repository
		return group(name, Spec{Name: "list", Long: w("help"), NoAbbrev: true, NoOperands: true})
	}
	authStatus := Spec{Name: "status", Short: "a", Long: w("active help"), Deny: w("show-token hostname"), Why: ghWhy(), NoAbbrev: true, NoOperands: true}
	auth := group("auth", authStatus)
	status := Spec{Name: "status", Short: "e:o:", Long: w("exclude= org= help"), NoAbbrev: true, NoOperands: true}
	api := Spec{Name: "api", Short: "X:H:ip:q:t:", Long: w("method= header= include paginate slurp silent preview= jq= template= cache= help"),
		Deny: w("raw-field field input hostname verbose"), Why: ghWhy(), NoAbbrev: true, MaxOperands: 1, Check: checkGhAPI,
		Note: "GET only: no -X other than GET, no -f/-F/--input, no --hostname, headers only Accept:, no graphql, no full URL"}
	moreRun, moreRelease, moreVariable, more := ghMore()
	run.Subs, release.Subs, variable.Subs = append(run.Subs, moreRun...), append(release.Subs, moreRelease...), append(variable.Subs, moreVariable...)
	return Spec{Name: "gh", Short: "R:", Long: w("repo= version help"), NoAbbrev: true, Subs: append([]Spec{pr, issue, repo, run, release, workflow, auth, status, api,
		search, label, secret, variable, cache, ruleset, gist, local("alias"), local("ssh-key"), local("gpg-key")}, more...),
		Bare: true,
		Note: "pr view/list/diff/checks/status, issue view/list/status, repo view/list, run view/list, release view/list, workflow list/view, search, label/secret/variable/cache/ruleset/gist/extension/alias/ssh-key/gpg-key list, ruleset/gist view, auth status, status, api (GET); never --web, auth token, -t/--show-token"}
}

// checkGhAPI allows gh api GET requests of a path on the host gh logs in to.
func checkGhAPI(c *Call) string {
	if r := checkGhJq(c); r != "" {
		return r
	}
	for _, m := range c.Values("-X", "--method") {
		if m != "GET" {
			return "gh api -X " + m + " is not a GET"
		}
	}
	for _, h := range c.Values("-H", "--header") {
		name, _, _ := strings.Cut(h, ":")
		if !strings.EqualFold(strings.TrimSpace(name), "accept") {
			return "gh api with a header other than Accept may change the request"
		}
	}
	if len(c.Operands) != 1 {
		return "gh api needs one endpoint"
	}
	e := c.Operands[0].Text
	switch {
	case e == "graphql" || strings.HasPrefix(e, "graphql?"):
		return "gh api graphql is a POST"
	case strings.Contains(e, "://"):
		return "gh api with a full URL may reach another host"
	}
	return ""
}
