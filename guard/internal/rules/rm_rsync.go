package rules

// rsync deleting files: --delete (and its timings, --del,
// --delete-excluded, --delete-missing-args) deletes what is not in the
// source from the directories it synchronizes; --remove-source-files
// deletes the source files it copied. What is deleted decides the level,
// as rm's targets do.

import (
	"path"
	"strings"

	"guardsh/internal/argv"
)

// Rule names of rsync's deletions, in the rm family.
const (
	RuleRsyncDeleteProtected = "rsync_delete_protected"
	RuleRsyncDeleteRemote    = "rsync_delete_remote"
	RuleRsyncDeleteUnknown   = "rsync_delete_unknown"
	RuleRsyncDelete          = "rsync_delete"
)

// rsyncRules are the rm family's rules about rsync.
var rsyncRules = []Rule{
	{Name: RuleRsyncDeleteProtected, Level: Blocked, Description: "rsync --delete (--del, --delete-before/-during/-delay/-after/-excluded) synchronizes the filesystem root, a top-level system directory or the home directory (or one that holds it), deleting everything in it that is not in the source; or --remove-source-files takes the files of one away", Example: "rsync -a --delete ./empty/ /"},
	{Name: RuleRsyncDeleteRemote, Level: High, Description: "rsync --delete or --remove-source-files deletes files on another machine (host:/path, host::module, rsync://)", Example: "rsync -a --delete ./site/ web1:/srv/www/"},
	{Name: RuleRsyncDeleteUnknown, Level: High, Description: "rsync --delete synchronizes a directory only known at run time, deleting what is not in the source from it", Example: "rsync -a --delete ./site/ \"$(cat target)\""},
	{Name: RuleRsyncDelete, Level: Medium, Description: "rsync --delete deletes the files of a local destination that are not in the source; --remove-source-files deletes the source files it copied", Example: "rsync -a --delete ./site/ ./public/"},
}

var rsyncSpec = argv.Spec{Valued: "eBfTM@", LongFlags: []string{"delete", "del", "delete-before", "delete-during", "delete-delay", "delete-after", "delete-excluded", "delete-missing-args", "remove-source-files", "remove-sent-files", "dry-run", "list-only", "relative", "recursive", "archive"}, LongValued: []string{"rsh", "rsync-path", "exclude", "include", "exclude-from", "include-from", "files-from", "filter", "temp-dir", "compare-dest", "copy-dest", "link-dest", "backup-dir", "suffix", "chmod", "chown", "usermap", "groupmap", "log-file", "log-file-format", "out-format", "log-format", "partial-dir", "password-file", "port", "sockopts", "timeout", "contimeout", "bwlimit", "max-size", "min-size", "max-delete", "max-alloc", "block-size", "modify-window", "compress-choice", "zc", "compress-level", "zl", "skip-compress", "checksum-choice", "cc", "checksum-seed", "iconv", "write-batch", "only-write-batch", "read-batch", "protocol", "address", "config", "dparam", "info", "debug", "stderr", "remote-option", "outbuf", "stop-after", "stop-at", "time-limit", "early-input", "copy-as"}, LongStop: []string{"help", "version"}}

// rsyncHits returns the hits of rsync's deletions on c.
func rsyncHits(c *Command) []fsNamedHit {
	a := ReadOpts(c.Args[1:], &rsyncSpec)
	if a.Info || a.Has("n", "dry-run", "list-only") || len(a.Operands) < 2 {
		return nil
	}
	del := a.Has("delete", "del", "delete-before", "delete-during", "delete-delay", "delete-after",
		"delete-excluded", "delete-missing-args")
	if m, ok := a.Arg("max-delete"); ok && m.Known && strings.TrimLeft(m.Value, "0") == "" && m.Value != "" {
		del = false // --max-delete=0 only warns
	}
	remove := a.Has("remove-source-files", "remove-sent-files") // the old name is still taken
	if !del && !remove {
		return nil
	}
	srcs, dst := a.Operands[:len(a.Operands)-1], a.Operands[len(a.Operands)-1]
	relative := a.Has("R", "relative")
	var hs []fsNamedHit
	if del {
		hs = rsyncDeleteHits(c, hs, srcs, dst, relative)
	}
	if remove {
		hs = rsyncRemoveHits(c, hs, srcs)
	}
	return hs
}

// rsyncDeleteHits: --delete deletes, in each directory it synchronizes,
// what is not in the source: the destination itself for a source ending
// in / (its contents are copied), else the directory named after the
// source inside it.
func rsyncDeleteHits(c *Command, hs []fsNamedHit, srcs []Word, dst Word, relative bool) []fsNamedHit {
	if host, ok := rsyncRemote(dst); ok {
		return fsAdd(hs, RuleRsyncDeleteRemote, "rsync --delete deletes what is not in the source from "+fsShow(dst)+", on "+host)
	}
	if !dst.Known {
		return fsAdd(hs, RuleRsyncDeleteUnknown, "rsync --delete deletes what is not in the source from "+fsShow(dst)+", a destination only known at run time")
	}
	home := fsHome(c)
	first := ""
	for _, s := range srcs {
		scope, exact := rsyncScope(s, dst.Value, relative)
		k, what := fsClassify(fsResolve(c, Word{Value: scope, Known: true, Glob: dst.Glob}), home)
		switch {
		case k == fsRoot || k == fsSystem || k == fsHomeDir:
			if exact {
				return fsAdd(hs, RuleRsyncDeleteProtected, "rsync --delete deletes what is not in "+fsShow(s)+" from "+what)
			}
			// The source only known at run time may end in /: the
			// destination itself is synchronized.
			return fsAdd(hs, RuleRsyncDeleteUnknown, "rsync --delete may delete what is not in "+fsShow(s)+", a source only known at run time, from "+what)
		case k == fsUnknownPath:
			return fsAdd(hs, RuleRsyncDeleteUnknown, "rsync --delete deletes what is not in the source from "+scope+", a directory only known at run time")
		}
		if first == "" {
			first = "rsync --delete deletes what is not in " + fsShow(s) + " from " + scope
		}
	}
	if len(srcs) > 1 {
		first = "rsync --delete deletes what is not in the source from the directories it synchronizes in " + fsShow(dst)
	}
	return fsAdd(hs, RuleRsyncDelete, first)
}

// rsyncScope returns the directory --delete works in for the source s
// copied to dst; exact is false when s is only known at run time, and
// dst itself is returned (the worst case: s could end in /).
func rsyncScope(s Word, dst string, relative bool) (scope string, exact bool) {
	if !s.Known {
		return dst, false
	}
	p := s.Value
	if _, ok := rsyncRemote(s); ok {
		p = p[strings.IndexByte(p, ':')+1:]
		p = strings.TrimPrefix(p, ":") // host::module/path
	}
	if relative {
		// -R keeps the source's path: up to a /./ marker, or all of it.
		if i := strings.Index(p, "/./"); i >= 0 {
			p = p[i+3:]
		}
		return path.Join(dst, strings.TrimPrefix(p, "/")), true
	}
	if p == "" || strings.HasSuffix(p, "/") || p == "." || p == ".." || strings.HasSuffix(p, "/.") || strings.HasSuffix(p, "/..") {
		return dst, true
	}
	return path.Join(dst, path.Base(p)), true
}

// rsyncRemoveHits: --remove-source-files deletes each source's files
// once they are copied.
func rsyncRemoveHits(c *Command, hs []fsNamedHit, srcs []Word) []fsNamedHit {
	home := fsHome(c)
	for _, s := range srcs {
		if host, ok := rsyncRemote(s); ok {
			return fsAdd(hs, RuleRsyncDeleteRemote, "rsync --remove-source-files deletes the files it copies from "+fsShow(s)+", on "+host)
		}
		k, what := fsClassify(fsResolve(c, s), home)
		if k == fsRoot || k == fsSystem || k == fsHomeDir {
			return fsAdd(hs, RuleRsyncDeleteProtected, "rsync --remove-source-files deletes the files it copies from "+what)
		}
	}
	return fsAdd(hs, RuleRsyncDelete, "rsync --remove-source-files deletes the files it copies from "+fsShowList(srcs))
}

// rsyncRemote reports an rsync operand on another machine (host:path,
// user@host:path, host::module, rsync://host/module) and names the host.
// A colon after a slash is part of a local name (./a:b).
func rsyncRemote(w Word) (host string, ok bool) {
	v := w.Value
	if i := strings.Index(v, Unknown); i >= 0 {
		v = v[:i]
	}
	if rest, ok := strings.CutPrefix(v, "rsync://"); ok {
		h, _, _ := strings.Cut(rest, "/")
		return h, true
	}
	i := strings.IndexByte(v, ':')
	if strings.HasPrefix(v, "[") {
		// [::1]:path, [user@fe80::1]:path
		if j := strings.Index(v, "]:"); j > 0 && strings.IndexByte(v[:j], '/') < 0 {
			i = j + 1
		}
	}
	if i <= 0 || strings.IndexByte(v[:i], '/') >= 0 {
		return "", false
	}
	return v[:i], true
}
