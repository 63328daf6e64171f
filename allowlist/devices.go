package allowlist

import (
	"path"
	"strings"
)

// Auto mode never reads device nodes or the kernel's memory: `cat
// /dev/sda` reads a disk, `cat /dev/zero` never ends, `head /proc/kcore`
// reads kernel memory. It decides by path, never by looking at the file
// (the package does no I/O): every /dev name but the few it can reason
// about, and the kernel files below, ask. A glob or a relative path that
// could reach them asks too.

// devReadable are the device names auto mode may read: empty input, or its
// own standard input.
var devReadable = []string{"null", "stdin", "fd/0"}

// kernelFiles are path patterns (path.Match, one pattern component per
// path component; a trailing "/**" takes everything below) of the files
// that expose kernel or process memory, or block reading them.
var kernelFiles = []string{
	"/proc/kcore", "/proc/kmsg", "/proc/kmem", "/proc/mem",
	"/proc/*/mem", "/proc/*/pagemap", "/proc/*/environ", "/proc/*/fd/**", "/proc/*/map_files/**",
	"/proc/*/task/*/mem", "/proc/*/task/*/environ", "/proc/*/task/*/fd/**",
	"/sys/firmware/**", "/sys/kernel/debug/**", "/sys/kernel/security/**", "/sys/kernel/tracing/**",
}

// patternFirst are the programs whose first operand is a pattern, not a
// file, unless -e or -f gives it.
var patternFirst = []string{"grep", "egrep", "fgrep", "rg", "zgrep"}

// deviceCall returns why a call reads a device or kernel memory: any of
// its operands or flag values but a search pattern (grep /dev/sda).
func deviceCall(c *Call) string {
	ops := c.Operands
	if slicesHas(patternFirst, c.Name) && len(ops) > 0 && !c.Has("-e", "--regexp", "-f", "--file") {
		ops = ops[1:]
	}
	for _, a := range ops {
		if r := device(a); r != "" {
			return r
		}
	}
	for _, o := range c.Opts {
		if !o.HasValue || (o.Name == "-e" || o.Name == "--regexp") && slicesHas(patternFirst, c.Name) {
			continue
		}
		if r := device(Arg{Text: o.Value}); r != "" {
			return r
		}
	}
	return ""
}

// device returns why an argument names (or, as a glob or a relative path,
// may name) a device node or a kernel memory file, or "". Option values
// (--file=/dev/sda) count: the text is also read after each '='.
func device(a Arg) string {
	texts := []string{a.Text}
	for t := a.Text; ; {
		i := strings.IndexByte(t, '=')
		if i < 0 {
			break
		}
		t = t[i+1:]
		texts = append(texts, t)
	}
	for _, t := range texts {
		if strings.HasPrefix(t, "-") && t == a.Text && !strings.Contains(t, "/") {
			continue // a flag
		}
		if devicePath(t, a.Glob) {
			return quoteArg(a.Text) + " may be a device or kernel memory, which auto mode does not read"
		}
	}
	return ""
}

// devicePath reports a path auto mode may not read: under /dev (but the
// harmless names), one of kernelFiles, or a glob or a path climbing with
// ".." that could be one.
func devicePath(p string, glob bool) bool {
	if strings.HasPrefix(p, "-") {
		// An attached short option value: -f/dev/sda.
		if i := strings.IndexAny(p, "/~."); i > 0 {
			p = p[i:]
		}
	}
	if strings.HasPrefix(p, "~") {
		return false // a home directory is not /dev
	}
	if !strings.HasPrefix(p, "/") {
		// A relative path reaches /dev only by climbing out with "..".
		comps := strings.Split(p, "/")
		i := 0
		for i < len(comps) && (comps[i] == ".." || comps[i] == "." || comps[i] == "") {
			i++
		}
		if i == 0 || !slicesHas(comps[:i], "..") {
			return false
		}
		p = "/" + strings.Join(comps[i:], "/")
	}
	comps := strings.Split(path.Clean(p), "/")[1:]
	if len(comps) == 0 || comps[0] == "" {
		return false
	}
	if glob && strings.ContainsAny(comps[0], "*?[") {
		return true // /d*/sda, /*/kcore
	}
	if comps[0] == "dev" {
		rest := strings.Join(comps[1:], "/")
		if rest == "" {
			return false // the directory itself
		}
		if glob && strings.ContainsAny(rest, "*?[") {
			return true
		}
		return !slicesHas(devReadable, rest)
	}
	for _, k := range kernelFiles {
		if kernelMatch(k, comps, glob) {
			return true
		}
	}
	return false
}

// kernelMatch reports whether path components (of a glob, when glob is
// set) match, or could match, a pattern of kernelFiles.
func kernelMatch(pattern string, comps []string, glob bool) bool {
	pc := strings.Split(pattern, "/")[1:]
	for i, q := range pc {
		if q == "**" {
			return len(comps) >= i
		}
		if i >= len(comps) {
			return false
		}
		c := comps[i]
		if glob && strings.ContainsAny(c, "*?[") {
			continue // a glob component could be anything
		}
		if ok, _ := path.Match(q, c); !ok {
			return false
		}
	}
	return len(comps) == len(pc)
}

func slicesHas(l []string, s string) bool {
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}

// DeviceDir reports a working directory in which auto mode cannot judge
// relative names by their path (`cat sda` in /dev): /dev, /proc, /sys and
// what is below them. A line run there is never auto.
func DeviceDir(dir string) bool {
	c := path.Clean("/" + dir)
	for _, d := range [...]string{"/dev", "/proc", "/sys"} {
		if c == d || strings.HasPrefix(c, d+"/") {
			return true
		}
	}
	return false
}
