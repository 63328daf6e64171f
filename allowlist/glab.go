package allowlist

import (
	"strings"
	"sync"
)

// glab (GitLab's CLI) reads its flags with pflag, as gh does: long flags
// in full only. Auto mode runs the listing and viewing subcommands of
// repositories, merge requests, issues and releases, and api GET
// requests; never --web (it starts a browser). GLAB_PAGER is cat (see
// env.go). kong and deck are allowed for their version and help only.

// glabWhy explains glab's flags that auto mode refuses.
var glabWhy = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"-w":          "glab --web starts a browser",
		"--web":       "glab --web starts a browser",
		"-f":          "glab api -f sends fields, which makes the request a POST",
		"-F":          "glab api -F sends fields, which makes the request a POST",
		"--raw-field": "glab api --raw-field makes the request a POST",
		"--field":     "glab api --field makes the request a POST",
		"--input":     "glab api --input sends a file as the request body",
		"--hostname":  "glab api --hostname sends the token to another host",
	}
})

// glabSub returns a glab subcommand spec that takes the global -R.
func glabSub(name, short, long string) Spec {
	return Spec{Name: name, Short: short + "R:", Long: w(long + " repo= help"), Deny: w("web"), Why: glabWhy(), NoAbbrev: true}
}

// glabSpec returns glab with its read-only subcommands.
func glabSpec() Spec {
	group := func(name string, subs ...Spec) Spec {
		return Spec{Name: name, NoAbbrev: true, Subs: subs, Why: glabWhy()}
	}
	pages := " page= per-page= output="
	mrList := "all assignee= author= closed draft label= not-label= merged milestone= reviewer= source-branch= target-branch= search= group=" + pages
	issueList := "all assignee= author= closed confidential label= not-label= milestone= search= group= issue-type=" + pages
	repoList := Spec{Name: "list", Short: "ag:mo:s:p:P:F:u:", Long: w("all group= include-subgroups archived member mine order= sort= starred user=" + pages + " help"), NoAbbrev: true, MaxOperands: 0, NoOperands: true}
	repoView := Spec{Name: "view", Short: "b:F:", Long: w("branch= output= help"), Deny: w("web"), Why: glabWhy(), NoAbbrev: true, MaxOperands: 1}
	api := Spec{Name: "api", Short: "X:H:i", Long: w("method= header= include paginate silent help"), Deny: w("raw-field field input hostname"), Why: glabWhy(),
		NoAbbrev: true, MaxOperands: 1, Check: checkGlabAPI}
	return Spec{Name: "glab", Short: "R:", Long: w("repo= version help"), NoAbbrev: true, Bare: true,
		Subs: []Spec{
			group("repo", repoList, repoView),
			group("mr", glabSub("list", "Aa:cdl:Mm:r:s:t:g:p:P:F:", mrList), glabSub("view", "cp:P:sF:", "comments system-logs"+pages), glabSub("diff", "", "color= raw")),
			group("issue", glabSub("list", "Aa:cCl:m:g:t:p:P:F:", issueList), glabSub("view", "cp:P:sF:", "comments system-logs"+pages)),
			group("release", glabSub("list", "p:P:", "page= per-page="), glabSub("view", "", "")),
			api,
		},
		Note: "repo list|view, mr list|view|diff, issue list|view, release list|view, api (GET); never --web"}
}

// checkGlabAPI allows glab api GET requests of a path on the host glab
// logs in to: gh's rule, the same flags.
func checkGlabAPI(c *Call) string {
	return strings.Replace(checkGhAPI(c), "gh api", "glab api", 1)
}

// kongSpecs are Kong's and decK's version and help queries.
func kongSpecs() []Spec {
	return []Spec{
		{Name: "kong", Raw: true, Check: exactly("version", "--version", "-v", "help", "--help"), Note: "version and help only"},
		{Name: "deck", Raw: true, Check: exactly("version", "--version", "help", "--help"), Note: "version and help only"},
	}
}
