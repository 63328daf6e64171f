package hook

import (
	"fmt"
	"slices"
	"strings"

	"guardsh/guard"
)

// alternatives are safer ways to do what a rule refuses, by rule name.
var alternatives = map[string]string{
	"git_push_force":             "push with --force-with-lease, which refuses to overwrite work you have not seen",
	"git_reset_hard":             "run `git stash` first (or `git status` to see what would be lost), or reset without --hard",
	"git_clean_force":            "run `git clean -n` first to list what would be deleted",
	"git_checkout_discard":       "run `git stash` first to keep the changes",
	"git_restore":                "run `git stash` first to keep the changes",
	"git_stash_drop":             "leave the stash; `git stash list` shows it",
	"rm_rf_root":                 "name the directory to delete instead of / (e.g. ./build)",
	"rm_rf_system_dir":           "name the project's own directory instead of a system one",
	"rm_rf_home":                 "name the directory inside the home directory to delete, not the home directory itself",
	"rm_rf_wildcard":             "list the files first (`ls`), then delete them by name",
	"rm_rf":                      "delete without -f, or move the directory aside (`mv DIR DIR.old`)",
	"curl_pipe_sh":               "download the script to a file, read it, then run it",
	"curl_pipe_bash":             "download the script to a file, read it, then run it",
	"pipe_to_shell":              "write the commands to a file, read it, then run it",
	"download_pipe_shell":        "download the script to a file, read it, then run it",
	"chmod_777":                  "give only the permissions needed (e.g. chmod 755 or u+x)",
	"chmod_recursive_permissive": "give only the permissions needed, on the files that need them",
	"eval":                       "run the command itself instead of through eval",
	"sudo":                       "ask the person to run it with sudo themselves",
}

// reasonText is the reason an answer gives: the level, the rule, the part
// of the line, why, a safer alternative where there is one, and what would
// allow it, written for the model and the person.
func reasonText(v guard.Verdict, d Decision, ad adapter, opts Options) string {
	var b strings.Builder
	f, ok := v.Top()
	if !ok && len(v.Findings) > 0 {
		f, ok = v.Findings[0], true
	}
	switch d {
	case Allow:
		if !ok {
			fmt.Fprintf(&b, "guardsh: %s", v.Level)
		} else {
			fmt.Fprintf(&b, "guardsh: %s (%s): %s: %s", v.Level, f.Rule, oneLine(f.Text), f.Reason)
		}
		if v.Level == guard.InfoLeak {
			b.WriteString(". It shows or sends secrets; do not repeat them")
		}
		if ad.rewrite != nil && opts.Guardsh != "" {
			b.WriteString(". It runs under guardsh, which checks each command again as it runs")
		}
		return b.String()
	case Ask:
		b.WriteString("guardsh asks before this runs: ")
	default:
		b.WriteString("guardsh refused this command: ")
	}
	if ok {
		fmt.Fprintf(&b, "%s (rule %s): `%s`: %s.", v.Level, f.Rule, oneLine(f.Text), f.Reason)
	} else {
		fmt.Fprintf(&b, "%s.", v.Level)
	}
	if n := len(v.Findings) - 1; n > 0 {
		fmt.Fprintf(&b, " (%d more finding%s.)", n, plural(n))
	}
	if ok {
		if alt, has := alternatives[f.Rule]; has {
			fmt.Fprintf(&b, " Safer: %s.", alt)
		}
	}
	switch {
	case d == Ask:
		b.WriteString(" Approve it only if you meant it.")
	case v.Blocked || v.Level >= guard.Blocked:
		b.WriteString(" Blocked commands never run, whoever asks.")
	case slices.ContainsFunc(v.Findings, func(f guard.Finding) bool { return f.Level == v.Level && guard.SelfProtecting(f.Rule) }):
		fmt.Fprintf(&b, " %s cannot ask a person from a hook, and this changes what guards it: ask the user to run it themselves.", ad.name)
	default:
		fmt.Fprintf(&b, " %s cannot ask a person from a hook, so %s commands are refused here:"+
			" ask the user to run it themselves, or to allow %s commands with `guardsh --install-hook %s --hook-allow %s`.",
			ad.name, v.Level, v.Level, agentName(ad), v.Level)
	}
	if d != Ask {
		b.WriteString(" Do not retry another spelling of this command: guardsh classifies what a command does, not how it is written.")
	}
	return b.String()
}

// agentName is the name Handle knows ad by.
func agentName(ad adapter) string {
	for n, a := range adapters {
		if a.name == ad.name {
			return n
		}
	}
	return ad.name
}

// oneLine shows text on one line: a multi-line command's first line and
// how many more there are.
func oneLine(s string) string {
	first, rest, multi := strings.Cut(s, "\n")
	if !multi {
		return s
	}
	n := strings.Count(rest, "\n") + 1
	return fmt.Sprintf("%s … (%d more line%s)", first, n, plural(n))
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
