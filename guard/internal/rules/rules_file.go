package rules

import (
	"path"
	"strings"

	"guardsh/internal/argv"
)

// The file family: emptying files, writing the account and sudo databases
// and other system files, and appending to shell startup files. Writes
// reach a file by a redirect, tee, cp, mv, install, dd of=, sed -i or
// truncate; writes to devices belong to the disk family.

// Rule names of the file family.
const (
	RuleTruncateFile    = "truncate_file"
	RuleWriteSystemFile = "write_system_file"
	RuleWriteEtc        = "write_etc"
	RuleAppendRc        = "append_rc"
	RuleRedirectUnknown = "redirect_unknown"
)

// FileRules returns the built-in rules of this family.
func FileRules() []Builtin {
	bs := fsFamily(fileFamilyHits, []Rule{
		{Name: RuleTruncateFile, Level: Medium, Description: "empties or resizes a file: a redirect that only empties its target (`> f`, `: > f`, `true > f`, `cat /dev/null > f`, `echo -n > f`), `truncate`, `cp /dev/null f`, `install /dev/null f`. A command writing its output to a new or old file (`ls > out.txt`) is ordinary shell use and is not flagged", Example: ": > app.log"},
		{Name: RuleWriteSystemFile, Level: High, Description: "writes, empties or deletes /etc/passwd, /etc/shadow, /etc/group, /etc/gshadow, /etc/sudoers or /etc/sudoers.d/*, by a redirect, tee, cp, mv, install, dd of=, sed -i or sed's w command, truncate, rm or shred", Example: "echo 'x ALL=(ALL) NOPASSWD: ALL' >> /etc/sudoers"},
		{Name: RuleWriteEtc, Level: Medium, Description: "writes a system file under /etc, /boot, /usr, /bin, /sbin, /lib, /proc/sys or /sys, by a redirect, tee, cp, mv, install, dd of=, sed -i or sed's w command, or truncate", Example: "echo '127.0.0.1 dev' | sudo tee -a /etc/hosts"},
		{Name: RuleAppendRc, Level: Medium, Description: "writes or appends to a shell startup file (~/.bashrc, ~/.zshrc, ~/.profile, ~/.bash_profile, ~/.bash_aliases, ~/.zprofile, fish's config.fish), a session's (~/.xprofile, ~/.xsessionrc, ~/.pam_environment, an autostart entry, a systemd user unit, an environment.d file) or ssh's (~/.ssh/authorized_keys, rc, config, environment), which run code or grant logins later", Example: "echo 'export PATH=$PATH:~/bin' >> ~/.bashrc"},
		{Name: RuleRedirectUnknown, Level: Medium, Description: "a redirect, tee or sed's w command writes a file whose name is only known at run time", Example: "read -r f; echo hi >> \"$f\""},
		keyRule, // rules_keys.go
	}, nil)
	// Every rule of the family can come from a redirect of any command, or
	// from the programs fileFamilyHits reads: one list, made once for the
	// six (it is read only).
	progs := progUnion(fileProgs, outputProgs())
	return dispatchOn(bs, func(b *Builtin) { b.Progs, b.Redirects = progs, true },
		RuleTruncateFile, RuleWriteSystemFile, RuleWriteEtc, RuleAppendRc, RuleRedirectUnknown, RuleDestroyKey)
}

// fileProgs are the programs fileFamilyHits looks at besides redirects.
var fileProgs = []string{"tee", "cp", "mv", "install", "dd", "dcfldd", "dc3dd", "sed", "gsed", "truncate", "rm", "unlink", "shred", "less", "ssh-keygen"}

// fileFamilyHits returns every hit of the file family on c.
func fileFamilyHits(c *Command) []fsNamedHit {
	var hs []fsNamedHit
	empties, emptiesKnown := false, false
	for _, r := range c.Redirects {
		if !fsWrites(r) {
			continue
		}
		if !emptiesKnown {
			empties, emptiesKnown = fileEmpties(c), true
		}
		how := "a redirect overwrites"
		if !r.Truncate {
			how = "a redirect appends to"
		}
		hs = fileWrite(c, hs, r.Target, how, r.Truncate && empties, true)
	}
	name := c.Name()
	if len(c.Args) < 2 {
		return hs
	}
	switch name {
	case "tee":
		a := ReadOpts(c.Args[1:], &argv.Spec{LongFlags: []string{"append", "ignore-interrupts", "output-error"}, LongStop: []string{"help", "version"}})
		how := "tee overwrites"
		if a.Has("a", "append") {
			how = "tee appends to"
		}
		for _, w := range a.Operands {
			hs = fileWrite(c, hs, w, how, false, true)
		}
	case "cp", "mv", "install":
		hs = fileCopyHits(c, hs)
	case "dd", "dcfldd", "dc3dd":
		for _, w := range c.Args[1:] {
			if strings.HasPrefix(w.Value, "of=") {
				hs = fileWrite(c, hs, fsPart(w, w.Value[3:]), "dd overwrites", false, false)
			}
		}
	case "sed", "gsed":
		for _, w := range sedInPlace(c.Args[1:]) {
			hs = fileWrite(c, hs, w, "sed -i edits", false, false)
		}
		for _, w := range sedWrites(c) {
			hs = fileWrite(c, hs, w, "sed w writes", false, true)
		}
	case "less":
		for _, w := range lessLogFiles(c.Args[1:]) {
			hs = fileWrite(c, hs, w, "less -o writes its input to", false, true)
		}
	case "truncate":
		a := ReadOpts(c.Args[1:], &argv.Spec{Valued: "rs", LongFlags: []string{"no-create", "io-blocks"}, LongValued: []string{"reference", "size"}, LongStop: []string{"help", "version"}})
		if a.Info {
			break
		}
		size, _ := a.Arg("s", "size")
		how := "truncate resizes"
		if strings.TrimLeft(size.Value, "0") == "" && size.Known {
			how = "truncate empties"
		}
		for _, w := range a.Operands {
			hs = fileWrite(c, hs, w, how, true, false)
		}
	default:
		// The programs of the outputs table (tar -f, sort -o, curl -o, ...).
		for _, o := range outputContentFiles(c) {
			w := o.w
			if o.dir && w.Known && !w.Glob {
				// What lands in the directory: any name in it.
				w = fsPart(w, strings.TrimRight(w.Value, "/")+"/*")
				w.Glob = true
			}
			hs = fileWrite(c, hs, w, o.how, false, false)
		}
	case "rm", "unlink", "shred":
		spec := &rmSpec
		if name == "shred" {
			spec = &shredSpec
		}
		a := ReadOpts(c.Args[1:], spec)
		for _, w := range a.Operands {
			if p := fsResolve(c, w); p.Abs != "" && FileIsAccountDB(p.Abs) {
				hs = fsAdd(hs, RuleWriteSystemFile, name+" deletes "+p.Abs+", which controls who can log in and use sudo")
			}
		}
		hs = keyRemoveHits(c, hs, name, &a)
	case "ssh-keygen":
		hs = keygenHits(c, hs)
	}
	if name == "ln" || name == "link" {
		hs = keyLinkHits(c, hs) // rules_keys.go
	}
	return hs
}

// FileRunTimeOpen is the Via of the Command the run-time write check
// (Guard.CheckWrite) builds: it only knows a file is opened, not by which
// command, so it never counts as emptying one.
const FileRunTimeOpen = "open"

// fileEmpties reports a command whose output, redirected to a file,
// leaves it empty: a statement that is only redirects (`> f`), :, true,
// false, cat /dev/null, echo -n, printf with an empty format. The
// redirects of a compound command (`{ a; b; } > f`, `for ...; done > f`)
// come with no Args too, but its Text does not start with a redirect.
func fileEmpties(c *Command) bool {
	if len(c.Args) == 0 {
		if n := len(c.Via); n > 0 && c.Via[n-1] == FileRunTimeOpen {
			return false
		}
		t := strings.TrimLeft(c.Text, " \t")
		return t == "" || strings.IndexByte("<>&0123456789", t[0]) >= 0
	}
	switch c.Name() {
	case ":", "true", "false":
		return true
	case "cat":
		for _, w := range c.Args[1:] {
			if w.Value != "/dev/null" {
				return false
			}
		}
		return len(c.Args) > 1
	case "echo":
		for _, w := range c.Args[1:] {
			if len(w.Value) < 2 || w.Value[0] != '-' || strings.Trim(w.Value[1:], "neE") != "" {
				return false
			}
		}
		return true
	case "printf":
		return len(c.Args) == 2 && c.Args[1].Known && c.Args[1].Value == ""
	}
	return false
}

// fileWrite adds the hits of writing the file w: how says who writes
// ("tee appends to"); empties reports that the write leaves the file
// empty; unknown reports whether a target only known at run time is worth
// a hit of its own (redirects and tee).
func fileWrite(c *Command, hs []fsNamedHit, w Word, how string, empties, unknown bool) []fsNamedHit {
	p := fsResolve(c, w)
	if p.Abs == "" || p.glob {
		v := w.Value
		if p.Abs != "" {
			v = p.Abs
		}
		if w.Known && !p.glob {
			// A relative name in a directory only known at run time.
			if fileIsRc(v) {
				return fsAdd(hs, RuleAppendRc, how+" "+v+", a shell startup file")
			}
			if empties {
				return fsAdd(hs, RuleTruncateFile, fileEmptiesReason(how, v))
			}
			return hs
		}
		// The known start of the name may still say where it is.
		if i := strings.IndexAny(v, "*?["+Unknown); i >= 0 {
			v = v[:i]
		}
		if j := strings.LastIndexByte(v, '/'); j > 0 && v[0] == '/' {
			dir := path.Clean(v[:j])
			switch {
			case dir == "/etc/sudoers.d" || strings.HasPrefix(dir, "/etc/sudoers.d/"):
				return fsAdd(hs, RuleWriteSystemFile, how+" a file in /etc/sudoers.d, which controls who can use sudo")
			case FileIsSystem(dir + "/x"):
				return fsAdd(hs, RuleWriteEtc, how+" a file in "+dir+", a system directory")
			}
		}
		switch {
		case empties:
			return fsAdd(hs, RuleTruncateFile, fileEmptiesReason(how, fsShow(w))+", a file only known at run time")
		case unknown && !(w.Subst && w.Value == Unknown):
			// A word that is one substitution is most often a process
			// substitution (tee >(wc -c), > >(tee log)): a pipe, not a file.
			return fsAdd(hs, RuleRedirectUnknown, how+" "+fsShow(w)+", a file only known at run time")
		}
		return hs
	}
	abs := p.Abs
	switch {
	case abs == "/dev" || strings.HasPrefix(abs, "/dev/"):
		// Devices are the disk family's; /dev/null and the like are harmless.
	case FileIsAccountDB(abs):
		hs = fsAdd(hs, RuleWriteSystemFile, how+" "+abs+", which controls who can log in and use sudo")
	case FileIsSystem(abs):
		hs = fsAdd(hs, RuleWriteEtc, how+" "+abs+", a system file")
	case fileIsRc(abs):
		hs = fsAdd(hs, RuleAppendRc, how+" "+fileShowHome(abs, c)+fileRcWhat(abs))
	case empties:
		hs = fsAdd(hs, RuleTruncateFile, fileEmptiesReason(how, fsShow(w)))
	}
	return keyWrite(c, hs, abs, how)
}

func fileEmptiesReason(how, what string) string {
	if strings.HasPrefix(how, "truncate") || strings.HasPrefix(how, "cp") {
		return how + " " + what
	}
	return "empties " + what
}

// fileShowHome writes a path under the home directory with ~.
func fileShowHome(abs string, c *Command) string {
	h := fsHome(c)
	if rest, ok := strings.CutPrefix(abs, h+"/"); ok {
		return "~/" + rest
	}
	return abs
}

// FileIsAccountDB reports the files that decide who can log in and use
// sudo.
func FileIsAccountDB(p string) bool {
	switch p {
	case "/etc/passwd", "/etc/shadow", "/etc/group", "/etc/gshadow", "/etc/sudoers", "/etc/master.passwd":
		return true
	}
	return strings.HasPrefix(p, "/etc/sudoers.d/")
}

// FileIsSystem reports a file under a system directory.
func FileIsSystem(p string) bool {
	for _, d := range [...]string{"/etc/", "/boot/", "/usr/", "/bin/", "/sbin/", "/lib/", "/lib32/", "/lib64/", "/libx32/", "/proc/sys/", "/sys/"} {
		if strings.HasPrefix(p, d) {
			return true
		}
	}
	return p == "/proc/sysrq-trigger"
}

// fileRcWhat says what a file fileIsRc takes is, for a reason.
func fileRcWhat(p string) string {
	base := p[strings.LastIndexByte(p, '/')+1:]
	switch {
	case fileInSsh(p) && base == "config":
		return ", whose ProxyCommand and LocalCommand ssh runs when it connects"
	case fileInSsh(p) && base == "environment":
		return ", which sets the environment of ssh logins"
	case fileInSsh(p) && base == "rc":
		return ", which ssh runs at every login"
	case fileInSsh(p):
		return ", which says who may log in by ssh"
	case base == ".pam_environment":
		return ", which sets the environment of every login"
	case fileAtLogin(p) || strings.HasPrefix(base, ".x") || strings.HasPrefix(base, ".X"):
		return ", which runs when a session starts"
	case strings.Contains(p, ".config/fish/completions/"):
		return ", code fish runs when it completes that command"
	case strings.Contains(p, ".config/fish/functions/"):
		return ", a fish function, run when it is called"
	}
	return ", a shell startup file that runs when a shell starts"
}

// fileIsRc reports a shell startup file, an ssh file that grants logins
// or runs commands, or a file that runs code or sets the environment when
// a session starts (red team: ~/.bash_aliases, which Debian's ~/.bashrc
// sources, the X session scripts, ~/.pam_environment, autostart entries
// and systemd user units were written without a finding).
func fileIsRc(p string) bool {
	base := p[strings.LastIndexByte(p, '/')+1:]
	switch base {
	case ".bashrc", ".bash_profile", ".bash_login", ".bash_logout", ".profile", ".zshrc", ".zshenv", ".zprofile",
		".zlogin", ".zlogout", ".kshrc", ".mkshrc", ".cshrc", ".tcshrc", ".login", ".bash_aliases",
		".xinitrc", ".xsession", ".xsessionrc", ".xprofile", ".Xsession", ".pam_environment":
		return true
	case "authorized_keys", "authorized_keys2", "rc", "config", "environment":
		return fileInSsh(p)
	}
	if fileAtLogin(p) {
		return true
	}
	if strings.HasSuffix(base, ".fish") {
		return strings.Contains(p, ".config/fish/")
	}
	return false
}

// fileCopyHits handles cp, mv and install: the destination, and what
// lands in it when it is a directory.
func fileCopyHits(c *Command, hs []fsNamedHit) []fsNamedHit {
	a := ReadOpts(c.Args[1:], &fsCpSpec)
	if a.Info {
		return hs
	}
	name := c.Name()
	how := name + " overwrites"
	if name == "install" && a.Has("d", "directory") {
		for _, w := range a.Operands {
			hs = fileWrite(c, hs, w, "install creates", false, false)
		}
		return hs
	}
	srcs := a.Operands
	var dest Word
	if t, ok := a.Arg("t", "target-directory"); ok {
		dest = t
	} else if len(srcs) >= 2 {
		dest, srcs = srcs[len(srcs)-1], srcs[:len(srcs)-1]
	} else {
		return hs
	}
	if name == "cp" && a.Has("l", "link") {
		hs = keyLinkSrcs(c, hs, srcs, a.Has("r", "R", "a", "recursive", "archive")) // rules_keys.go
	}
	if name == "mv" {
		hs = keyMoveHits(c, hs, srcs)
		if a.Has("exchange") && dest.Known {
			// mv --exchange swaps the names: the destination is moved
			// to the source's place as well.
			hs = keyMoveHits(c, hs, []Word{dest})
		}
	}
	_, isDir := a.Arg("t", "target-directory")
	isDir = isDir || strings.HasSuffix(dest.Value, "/")
	var direct []fsNamedHit
	if !isDir && len(srcs) == 1 {
		emptied := (name == "cp" || name == "install") && srcs[0].Value == "/dev/null"
		if emptied {
			how = name + " /dev/null empties"
		}
		direct = fileWrite(c, nil, dest, how, emptied, false)
	}
	// The destination may be a directory: what lands in it.
	var into []fsNamedHit
	if dp := fsResolve(c, dest); dp.Abs != "" && !dp.glob {
		for _, s := range srcs {
			v := strings.TrimRight(s.Value, "/")
			base := v[strings.LastIndexByte(v, '/')+1:]
			if base == "" || strings.Contains(base, Unknown) || base == "." || base == ".." {
				continue
			}
			if into = fileWrite(c, nil, Lit(path.Join(dp.Abs, base)), how, false, false); len(into) > 0 {
				break
			}
		}
	}
	switch {
	case len(direct) == 0, fsHasRule(into, RuleWriteSystemFile) && !fsHasRule(direct, RuleWriteSystemFile):
		return append(hs, into...)
	}
	return append(hs, direct...)
}

// sedInPlace returns the files sed -i would edit, none without -i.
func sedInPlace(args []Word) []Word {
	a := sedScan(args)
	if !a.InPlace || a.info {
		return nil
	}
	return a.Operands
}

// fileInSsh reports a file directly in an .ssh directory.
func fileInSsh(p string) bool {
	dir := p[:strings.LastIndexByte(p, '/')+1]
	return dir == ".ssh/" || strings.HasSuffix(dir, "/.ssh/")
}

// fileAtLogin reports a file the desktop or systemd reads at login to
// start programs or set their environment: an autostart entry, a systemd
// user unit (or a link to one in a .wants directory), an environment.d
// file.
func fileAtLogin(p string) bool {
	for _, d := range [...]string{".config/autostart/", ".config/systemd/user/", ".config/environment.d/"} {
		if i := strings.Index(p, d); i == 0 || i > 0 && p[i-1] == '/' {
			return len(p) > i+len(d)
		}
	}
	return false
}
