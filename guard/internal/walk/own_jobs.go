package walk

import (
	"strings"

	"guardsh/guard/internal/rules"
	"mvdan.cc/sh/v3/syntax"
)

// The line's own jobs: `sleep 30 & kill "$!"` signals a job the line
// started, and so do `kill %1` and `kill $(jobs -p)` after it; `kill -USR1
// $$` the script itself. None reaches another process,
// so the kill rule leaves them alone; `kill 1`, `kill -9 -1` and a pid
// from anywhere else keep their levels.

// ownKill reports a kill command whose every target is the line's own
// job or the shell itself. sc and words are the command's scope and words
// as written (nil at run time); bg reports that the line started a background job
// before the command.
func ownKill(c *Command, st State, sc *scope, words []*syntax.Word, bg bool) bool {
	if c.Name() != "kill" {
		return false
	}
	_, pids, list := rules.SysKillArgs(c.Args[1:])
	if list || len(pids) == 0 {
		return false
	}
	jobsOnly := len(words) > 1
	for _, wd := range words[min(1, len(words)):] {
		if wordSubst(wd) && !isJobsSubst(wd) {
			jobsOnly = false
		}
	}
	self, _ := lookupVar(st, "$")
	for _, p := range pids {
		switch {
		case p.Known && self != "" && p.Value == self:
		case p.Known && (isJobSpec(p.Value) || isInterpJob(p.Value)) && (bg || sc == nil):
			// A job of the line's (at run time: one guardsh's kill cannot
			// signal, as its jobs are no processes). A jobspec alone, in
			// an interactive line, is a job of an earlier line: asked.
		case !p.Known && p.Value == Unknown && len(p.Vars) == 1 && p.Vars[0] == "!" && bg:
		case !p.Known && p.Value == Unknown && len(p.Vars) == 1 && p.Vars[0] == "$":
		case !p.Known && p.Value == Unknown && len(p.Vars) == 1 && sc != nil && sc.vars[p.Vars[0]].job:
		case !p.Known && p.Value == Unknown && p.Subst && len(p.Vars) == 0 && jobsOnly && bg:
		default:
			return false
		}
	}
	return true
}

// isJobSpec reports a jobspec (%1, %%, %+, %-, %name): it names one of
// the shell's own jobs, and only the shell's kill takes it.
func isJobSpec(s string) bool {
	return len(s) > 1 && s[0] == '%' && !strings.ContainsAny(s, " \t\n")
}

// isInterpJob reports what $! holds in guardsh's interpreter, whose
// background jobs are no processes of their own ("g1"): no process id.
func isInterpJob(s string) bool {
	return len(s) > 1 && s[0] == 'g' && strings.Trim(s[1:], "0123456789") == ""
}

// wordSubst reports a word with a command or process substitution.
func wordSubst(wd *syntax.Word) bool {
	found := false
	syntax.Walk(wd, func(n syntax.Node) bool {
		switch n.(type) {
		case *syntax.CmdSubst, *syntax.ProcSubst:
			found = true
		}
		return !found
	})
	return found
}

// isJobsSubst reports `$(jobs -p)` (also -pr, -ps): the process ids of
// the shell's own jobs.
func isJobsSubst(wd *syntax.Word) bool {
	part := wd.Parts
	if len(part) == 1 {
		if dq, ok := part[0].(*syntax.DblQuoted); ok {
			part = dq.Parts
		}
	}
	if len(part) != 1 {
		return false
	}
	cs, ok := part[0].(*syntax.CmdSubst)
	if !ok || len(cs.Stmts) != 1 || len(cs.Stmts[0].Redirs) > 0 || cs.Stmts[0].Background {
		return false
	}
	call, ok := cs.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(call.Assigns) > 0 || len(call.Args) != 2 || call.Args[0].Lit() != "jobs" {
		return false
	}
	switch call.Args[1].Lit() {
	case "-p", "-pr", "-ps", "-rp", "-sp":
		return true
	}
	return false
}
