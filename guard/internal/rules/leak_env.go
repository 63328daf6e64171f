package rules

// Environment dumps: env, printenv, declare -x, ps e and /proc/PID/environ.

import (
	"path"
	"strings"

	"guardsh/internal/argv"
)

func leakEnvDump(c *Command) []Hit {
	if len(c.Args) == 0 || leakHelp(c) {
		return nil
	}
	args := c.Args[1:]
	switch c.Name() {
	case "env":
		// env with no command prints the environment; read with env's
		// grammar (internal/argv), every way an unknown option can be.
		strs := make([]string, len(args))
		for k, a := range args {
			strs[k] = a.Value
		}
		for _, r := range argv.Wrapper("env").Parse(strs, func(k int) bool { return args[k].Known }) {
			if r.Stopped || r.Cmd < len(args) || r.Has("i", "ignore-environment") || r.Has("-", "") || r.Has("S", "split-string") {
				return nil // a command (env is a wrapper here), or an empty environment
			}
		}
		return hit("env with nothing to run prints every environment variable, tokens and keys included")
	case "printenv":
		for _, a := range args {
			// printenv takes only flags (-0, --null); a word not starting with -
			// is a variable's name.
			if !a.Known || !strings.HasPrefix(a.Value, "-") {
				return nil
			}
		}
		return hit("printenv with no names prints every environment variable, tokens and keys included")
	case "export":
		for _, a := range args {
			// export is a shell builtin: -p lists, -f names functions, -n
			// unexports; its words are not getopt's.
			if !a.Known || !strings.HasPrefix(a.Value, "-") || strings.Contains(a.Value, "f") {
				return nil
			}
		}
		return hit("export with no names lists every exported variable with its value")
	case "declare", "typeset":
		for _, a := range args {
			// declare is a shell builtin: -p/-x/+x and the like, -f or -F about
			// functions; its words are not getopt's.
			if !a.Known || !strings.HasPrefix(a.Value, "-") && !strings.HasPrefix(a.Value, "+") || strings.ContainsAny(a.Value, "fF") {
				return nil
			}
		}
		return hit(c.Name() + " with no names prints every shell variable with its value, tokens and keys included")
	case "set":
		if len(args) == 0 {
			return hit("set with no arguments prints every shell variable with its value, tokens and keys included")
		}
	case "ps":
		return leakPsEnv(args)
	}
	return nil
}

// leakPsEnv finds ps's BSD option e, which adds each process's environment
// to its command line. It reads the words itself: ps mixes BSD options
// without a dash (ps aux, ps e) with UNIX ones (-e is every process),
// which no getopt grammar says.
func leakPsEnv(args []Word) []Hit {
	const valued = "-o -O -p -C -u -U -g -G -t -q -s -k --sort --format --pid --ppid --user --group --sid --tty --cols --rows"
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !a.Known {
			continue
		}
		v := a.Value
		// ps's options are BSD, UNIX and GNU at once (ps e, ps -e, ps --e): not
		// one getopt grammar.
		if strings.HasPrefix(v, "-") {
			if inFields(valued, v) {
				i++
			}
			continue
		}
		if v == "" || !strings.Contains(v, "e") {
			continue
		}
		bsd := true
		for j := 0; j < len(v); j++ {
			if strings.IndexByte("aAcCeEfgGhHjlLmMnrsStTuvwxXZ", v[j]) < 0 {
				bsd = false
				break
			}
		}
		if bsd {
			return hit("ps " + v + " shows the environment of each process, tokens and keys included")
		}
	}
	return nil
}

// leakMetaProgs only look at a file's metadata or name, never show its
// content.
var leakMetaProgs = map[string]bool{"ls": true, "stat": true, "test": true, "[": true, "[[": true, "file": true,
	"du": true, "wc": true, "touch": true, "chmod": true, "chown": true, "chgrp": true, "realpath": true,
	"readlink": true, "basename": true, "dirname": true, "namei": true, "lsattr": true, "getfacl": true,
	"md5sum": true, "sha1sum": true, "sha256sum": true, "sha512sum": true, "b2sum": true, "cksum": true,
	"exa": true, "eza": true, "tree": true, "find": true, "rm": true, "unlink": true, "shred": true, "ssh-keygen": true,
	"ssh-add": true, "echo": true, "printf": true, "source": true, ".": true}

// leakIsEnviron reports a /proc/PID/environ path.
func leakIsEnviron(c *Command, v string) bool {
	if !strings.Contains(v, "environ") {
		return false
	}
	p := leakResolve(c, v)
	return strings.HasPrefix(p, "/proc/") && path.Base(p) == "environ"
}

func leakProcEnviron(c *Command) []Hit {
	if !leakMentionsEnviron(c) {
		return nil // the fast path: leakIsEnviron needs "environ" in the word
	}
	name := c.Name()
	if leakMetaProgs[name] || len(c.Args) > 0 && name == "" {
		return nil
	}
	for _, r := range c.Redirects {
		if r.Op == "<" && leakIsEnviron(c, r.Target.Value) {
			return hit("reads " + leakDisplay(r.Target.Value) + ", a process's environment with its secrets")
		}
	}
	if len(c.Args) == 0 {
		return nil
	}
	for _, a := range c.Args[1:] {
		v := a.Value
		if i := strings.IndexByte(v, '='); i >= 0 && !strings.HasPrefix(v, "/") {
			v = v[i+1:]
		}
		if leakIsEnviron(c, v) {
			return hit(name + " reads " + leakDisplay(v) + ", a process's environment with its secrets")
		}
	}
	return nil
}

// leakMentionsEnviron reports whether an input redirect or an argument of
// c holds "environ", which every word leakIsEnviron accepts holds.
func leakMentionsEnviron(c *Command) bool {
	for _, r := range c.Redirects {
		if r.Op == "<" && strings.Contains(r.Target.Value, "environ") {
			return true
		}
	}
	for i := 1; i < len(c.Args); i++ {
		if strings.Contains(c.Args[i].Value, "environ") {
			return true
		}
	}
	return false
}
