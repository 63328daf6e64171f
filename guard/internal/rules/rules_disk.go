package rules

import (
	"slices"
	"strings"

	"guardsh/internal/argv"
)

// The disk family: writing, formatting, wiping and partitioning block
// devices. Writing a disk device is blocked; other raw copies and shredding
// a device are high; formatting an image file is medium.

// Rule names of the disk family.
const (
	RuleDdIfDevice       = "dd_if_device"
	RuleDdOfDevice       = "dd_of_device"
	RuleDd               = "dd"
	RuleDdUnknown        = "dd_unknown"
	RuleMkfs             = "mkfs"
	RuleMkfsUnknown      = "mkfs_unknown"
	RuleMkfsImage        = "mkfs_image"
	RuleShredDevice      = "shred_device"
	RuleShred            = "shred"
	RuleRedirectToDevice = "redirect_to_device"
	RuleCopyToDevice     = "copy_to_device"
	RuleWipefs           = "wipefs"
	RuleBlkdiscard       = "blkdiscard"
	RuleSgdiskZap        = "sgdisk_zap"
	RulePartedRm         = "parted_rm"
	RuleLuksFormat       = "luks_format"
	RuleHdparmErase      = "hdparm_erase"
	RuleNvmeFormat       = "nvme_format"
	RuleFdisk            = "fdisk"
)

// DiskRules returns the built-in rules of this family.
func DiskRules() []Builtin {
	bs := fsFamily(diskFamilyHits, []Rule{
		{Name: RuleDdIfDevice, Level: High, Description: "dd reads a raw disk or memory device (if=/dev/sda, if=/dev/mem)", Example: "dd if=/dev/sda of=disk.img bs=4M"},
		{Name: RuleDdOfDevice, Level: Blocked, Description: "dd (or dcfldd, dc3dd) writes a disk device (of=/dev/sda), overwriting what is on it", Example: "dd if=/dev/zero of=/dev/sda bs=1M"},
		{Name: RuleDd, Level: Medium, Description: "dd writes raw bytes into the regular file of= names, replacing what it held (without of=, or with of=/dev/null, it only copies to standard output or discards)", Example: "dd if=/dev/zero of=./img bs=1M count=10"},
		{Name: RuleDdUnknown, Level: High, Description: "dd writes to an of= only known at run time, or to another file under /dev, which could be a disk", Example: "dd if=disk.img of=\"$1\" bs=4M"},
		{Name: RuleMkfs, Level: Blocked, Description: "makes a filesystem or swap (mkfs, mkfs.*, mke2fs, mkswap, ...) on a device, erasing it", Example: "mkfs.ext4 /dev/sdb1"},
		{Name: RuleMkfsUnknown, Level: High, Description: "makes a filesystem on a target only known at run time, which could be a disk", Example: "mkfs.ext4 \"$1\""},
		{Name: RuleMkfsImage, Level: Medium, Description: "makes a filesystem on, or partitions, a regular file (an image), not a device", Example: "mkfs.ext4 disk.img"},
		{Name: RuleShredDevice, Level: High, Description: "shred overwrites a disk device, or a target only known at run time that could be one", Example: "shred -n 1 /dev/sdb"},
		{Name: RuleShred, Level: Medium, Description: "shred overwrites files so they cannot be recovered", Example: "shred -u secret.txt"},
		{Name: RuleRedirectToDevice, Level: Blocked, Description: "a redirect writes a disk device (> /dev/sda), overwriting what is on it", Example: "cat disk.img > /dev/sda"},
		{Name: RuleCopyToDevice, Level: Blocked, Description: "cp, mv, tee, install or sed's w command, or an output file given as an option value or operand (tar -f, cpio -O, zip, sort -o, curl -o, wget -O, zstd -o, openssl -out, genisoimage -o, ddrescue, split, ...), write a disk device, overwriting what is on it", Example: "cp ubuntu.iso /dev/sdb"},
		{Name: RuleWipefs, Level: Blocked, Description: "wipefs -a or -o erases filesystem and partition-table signatures", Example: "wipefs -a /dev/sda"},
		{Name: RuleBlkdiscard, Level: Blocked, Description: "blkdiscard discards every block of a device", Example: "blkdiscard /dev/nvme0n1"},
		{Name: RuleSgdiskZap, Level: Blocked, Description: "sgdisk --zap-all, --zap or --clear destroys a partition table", Example: "sgdisk --zap-all /dev/sda"},
		{Name: RulePartedRm, Level: Blocked, Description: "removes partitions or writes a new empty partition table (parted rm, parted mklabel, sfdisk --delete)", Example: "parted -s /dev/sda rm 1"},
		{Name: RuleLuksFormat, Level: Blocked, Description: "cryptsetup luksFormat, luksErase or erase destroys what is on a device or its keys", Example: "cryptsetup luksFormat /dev/sdb1"},
		{Name: RuleHdparmErase, Level: Blocked, Description: "hdparm erases or overwrites a drive at the hardware level (--security-erase, --security-erase-enhanced, --write-sector, --trim-sector-ranges, --dco-restore, --fwdownload)", Example: "hdparm --security-erase p /dev/sda"},
		{Name: RuleNvmeFormat, Level: Blocked, Description: "nvme format or nvme sanitize erases an NVMe drive", Example: "nvme format /dev/nvme0n1"},
		{Name: RuleFdisk, Level: High, Description: "edits a partition table (fdisk, sfdisk, gdisk, cfdisk, sgdisk, parted) on a device; listing (-l) is safe", Example: "fdisk /dev/sda"},
	}, map[string][]string{
		// The programs diskFamilyHits gives each rule to. The redirect
		// and mkfs rules are missing: a redirect of any command writes a
		// device, and fsIsMkfs takes every mkfs.* and newfs_* name.
		RuleDdIfDevice:   diskDdProgs,
		RuleDdOfDevice:   diskDdProgs,
		RuleDdUnknown:    diskDdProgs,
		RuleDd:           diskDdProgs,
		RuleShredDevice:  {"shred"},
		RuleShred:        {"shred"},
		RuleCopyToDevice: progUnion([]string{"cp", "mv", "install", "tee", "sed", "gsed"}, outputProgs()),
		RuleWipefs:       {"wipefs"},
		RuleBlkdiscard:   {"blkdiscard"},
		RuleSgdiskZap:    {"sgdisk"},
		RulePartedRm:     {"parted", "sfdisk"},
		RuleLuksFormat:   {"cryptsetup"},
		RuleHdparmErase:  {"hdparm"},
		RuleNvmeFormat:   {"nvme"},
		RuleFdisk:        diskPartitioners,
	})
	bs = dispatchOn(bs, func(b *Builtin) { b.Redirects = true }, RuleRedirectToDevice)
	bs = dispatchOn(bs, func(b *Builtin) { b.Progs, b.Prefixes = diskMkfsNames, diskMkfsPrefixes }, RuleMkfs, RuleMkfsUnknown)
	return dispatchOn(bs, func(b *Builtin) {
		b.Progs, b.Prefixes = append(append([]string(nil), diskMkfsNames...), diskPartitioners...), diskMkfsPrefixes
	}, RuleMkfsImage)
}

// diskPartitioners are the partition table editors partitionHits reads.
var diskPartitioners = []string{"sgdisk", "parted", "fdisk", "sfdisk", "gdisk", "cfdisk", "cgdisk"}

// diskMkfsNames and diskMkfsPrefixes are the names fsIsMkfs takes.
var (
	diskMkfsNames    = []string{"mkfs", "mke2fs", "mkswap", "mkdosfs", "mkntfs", "mkexfatfs", "mkudffs", "mkreiserfs", "mkfatfs", "newfs", "mkfs.btrfs"}
	diskMkfsPrefixes = []string{"mkfs.", "newfs_"}
)

// diskDdProgs are the programs ddHits reads: dd and its forensic forks.
var diskDdProgs = []string{"dd", "dcfldd", "dc3dd"}

// fsIsDevice reports whether p (clean and absolute) is a device under /dev
// that writing to would destroy data: anything under /dev but the
// harmless ones (null, zero, the terminals, /dev/fd/N, /dev/tcp/...).
func fsIsDevice(p string) bool {
	rest, ok := strings.CutPrefix(p, "/dev/")
	if !ok || rest == "" {
		return false
	}
	first, _, nested := strings.Cut(rest, "/")
	if nested {
		switch first {
		case "pts", "pty", "fd", "shm", "mqueue", "hugepages", "tcp", "udp", "snd", "input", "dri", "bus", "net",
			"usb", "char", "v4l", "serial", "vfio", "dma_heap", "cpu", "lp":
			return false
		}
		return true // disk/by-id/..., mapper/..., block/..., md/..., an LVM volume
	}
	switch first {
	case "null", "zero", "full", "random", "urandom", "stdin", "stdout", "stderr", "tty", "console",
		"ptmx", "kmsg", "log", "dsp", "audio", "mixer", "rtc", "rtc0", "initctl":
		return false
	}
	for _, pre := range [...]string{"tty", "pts", "lp", "video", "hidraw", "uinput", "cu."} {
		if strings.HasPrefix(first, pre) {
			return false
		}
	}
	return true
}

// fsDevicePath resolves w and reports whether it names a device.
func fsDevicePath(c *Command, w Word) (string, bool) {
	if v := w.Value; !strings.Contains(v, "/.") && !strings.Contains(v, "..") && !strings.Contains(v, "//") {
		// Most words cannot be under /dev: skip resolving them.
		if strings.HasPrefix(v, "/") && !strings.HasPrefix(v, "/dev") ||
			v != "" && v[0] != '/' && v[0] != '~' && v[0] != '$' && !strings.HasPrefix(c.Dir, "/dev") {
			return "", false
		}
	}
	p := fsResolve(c, w)
	return p.Abs, p.Abs != "" && fsIsDevice(p.Abs)
}

// fsWrites reports whether a redirect opens a file for writing, as opposed
// to duplicating a descriptor (>&2, 2>&1, >&-).
func fsWrites(r Redirect) bool {
	if !r.Write {
		return false
	}
	if r.Op == ">&" || r.Op == "<&" {
		v := strings.TrimSuffix(r.Target.Value, "-")
		if strings.Trim(v, "0123456789") == "" {
			return false
		}
	}
	return true
}

// fsIsMkfs reports a program that makes a filesystem or swap.
func fsIsMkfs(name string) bool {
	if slices.Contains(diskMkfsNames, name) {
		return true
	}
	for _, p := range diskMkfsPrefixes {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

// diskFamilyHits returns every hit of the disk family on c.
func diskFamilyHits(c *Command) []fsNamedHit {
	var hs []fsNamedHit
	for _, r := range c.Redirects {
		if !fsWrites(r) {
			continue
		}
		if p, ok := fsDevicePath(c, r.Target); ok {
			hs = fsAdd(hs, RuleRedirectToDevice, "a redirect writes the device "+p+", overwriting what is on it")
		}
	}
	name := c.Name()
	if name == "" {
		return hs
	}
	switch {
	case slices.Contains(diskDdProgs, name):
		return ddHits(c, hs)
	case fsIsMkfs(name):
		return mkfsHits(c, hs)
	}
	switch name {
	case "shred":
		return shredHits(c, hs)
	case "cp", "mv", "install", "tee", "sed", "gsed":
		return copyDeviceHits(c, hs)
	case "wipefs":
		a := ReadOpts(c.Args[1:], &argv.Spec{Valued: "Oot", LongFlags: []string{"all", "backup", "force", "noheadings", "json", "no-act", "parsable", "quiet", "lock"}, LongValued: []string{"output", "offset", "types"}, LongStop: []string{"help", "version"}})
		if a.Info || a.Has("h", "V", "n", "no-act") {
			return hs
		}
		if a.Has("a", "all", "o", "offset") || a.unknownOpt {
			return fsAdd(hs, RuleWipefs, "wipefs erases the filesystem signatures of "+fsShowList(a.Operands))
		}
	case "blkdiscard":
		a := ReadOpts(c.Args[1:], &argv.Spec{Valued: "ols", LongFlags: []string{"force", "secure", "zeroout", "verbose", "quiet"}, LongValued: []string{"offset", "length", "step"}, LongStop: []string{"help", "version"}})
		if !a.Info && !a.Has("h", "V") && len(a.Operands) > 0 {
			return fsAdd(hs, RuleBlkdiscard, "blkdiscard discards every block of "+fsShowList(a.Operands))
		}
	case "sgdisk":
		return sgdiskHits(c, hs)
	case "parted":
		return partedHits(c, hs)
	case "cryptsetup":
		if fsInfoOnly(c) {
			return hs
		}
		for _, w := range c.Args[1:] {
			switch strings.ToLower(w.Value) {
			case "luksformat", "lukserase", "erase":
				return fsAdd(hs, RuleLuksFormat, "cryptsetup "+w.Value+" destroys what is on the device or its keys")
			}
		}
	case "hdparm":
		for _, w := range c.Args[1:] {
			for _, o := range [...]string{"--security-erase", "--write-sector", "--trim-sector-ranges", "--dco-restore", "--fwdownload", "--make-bad-sector"} {
				if strings.HasPrefix(w.Value, o) {
					return fsAdd(hs, RuleHdparmErase, "hdparm "+o+" erases or overwrites the drive")
				}
			}
		}
	case "nvme":
		switch v := c.Arg(1).Value; v {
		case "format", "sanitize":
			if !fsInfoOnly(c) {
				return fsAdd(hs, RuleNvmeFormat, "nvme "+v+" erases the drive")
			}
		}
	case "fdisk", "sfdisk", "gdisk", "cfdisk", "cgdisk":
		return fdiskHits(c, hs)
	}
	// The programs of the outputs table (tar -f, sort -o, curl -o, ...).
	for _, o := range outputContentFiles(c) {
		if p, ok := fsDevicePath(c, o.w); ok && !o.dir {
			return fsAdd(hs, RuleCopyToDevice, o.how+" the device "+p+", overwriting what is on it")
		}
	}
	return hs
}

// fsInfoOnly reports a --help or --version anywhere in the arguments.
func fsInfoOnly(c *Command) bool {
	for _, w := range c.Args[1:] {
		switch w.Value {
		case "--help", "--version", "-h", "-V", "--usage", "help":
			return true
		}
	}
	return false
}

// ddHits handles dd's operand=value arguments. Only what dd writes can
// destroy data: without of= it copies its input to standard output, like
// cat, and of=/dev/null only throws the bytes away. dc3dd also writes
// hof=, ofs= and hofs=.
func ddHits(c *Command, hs []fsNamedHit) []fsNamedHit {
	var in Word
	var outs []Word
	hasIn := false
	name := c.Name()
	for _, w := range c.Args[1:] {
		v := w.Value
		switch {
		case v == "--help" || v == "--version":
			return hs
		case strings.HasPrefix(v, "if="):
			in, hasIn = fsPart(w, v[3:]), true
		case strings.HasPrefix(v, "of="):
			outs = append(outs, fsPart(w, v[3:]))
		case name == "dc3dd" && (strings.HasPrefix(v, "hof=") || strings.HasPrefix(v, "ofs=")):
			outs = append(outs, fsPart(w, v[4:]))
		case name == "dc3dd" && strings.HasPrefix(v, "hofs="):
			outs = append(outs, fsPart(w, v[5:]))
		}
	}
	for _, out := range outs {
		if p, ok := fsDevicePath(c, out); ok {
			return fsAdd(hs, RuleDdOfDevice, name+" writes the device "+p+", overwriting what is on it")
		}
	}
	if hasIn {
		if p, ok := fsDevicePath(c, in); ok {
			return fsAdd(hs, RuleDdIfDevice, name+" reads the raw device "+p)
		}
	}
	for _, out := range outs {
		if !ddDiscards(c, out) && (!out.Known || strings.HasPrefix(fsResolve(c, out).Abs, "/dev/")) {
			return fsAdd(hs, RuleDdUnknown, name+" writes raw bytes to "+fsShow(out)+", which could be a disk")
		}
	}
	for _, out := range outs {
		if !ddDiscards(c, out) {
			return fsAdd(hs, RuleDd, name+" writes raw bytes into the file "+fsShow(out))
		}
	}
	return hs
}

// ddDiscards reports an output that keeps nothing: /dev/null and its
// kin, or the terminal and the standard streams.
func ddDiscards(c *Command, w Word) bool {
	if !w.Known {
		return false
	}
	switch fsResolve(c, w).Abs {
	case "/dev/null", "/dev/zero", "/dev/full", "/dev/stdout", "/dev/stderr", "/dev/tty", "/dev/fd/1", "/dev/fd/2":
		return true
	}
	return false
}

// mkfsHits handles the mkfs family: the device decides.
func mkfsHits(c *Command, hs []fsNamedHit) []fsNamedHit {
	if mkfsDryRun(c) {
		return hs
	}
	var unknown, image string
	for _, w := range c.Args[1:] {
		v := w.Value
		switch {
		case v == "--help" || v == "--version" || v == "-V" && len(c.Args) == 2:
			return hs
		// mkfs's options are skipped: a valued option's value in the next
		// word is then read as a device too, which fails closed.
		case strings.HasPrefix(v, "-"):
			continue
		case strings.Contains(v, Unknown):
			if unknown == "" {
				unknown = fsShow(w)
			}
			continue
		}
		if p, ok := fsDevicePath(c, w); ok {
			return fsAdd(hs, RuleMkfs, c.Name()+" formats the device "+p+", erasing it")
		}
		if strings.Trim(v, "0123456789kKmMgGtT") != "" {
			image = v
		}
	}
	switch {
	case unknown != "":
		return fsAdd(hs, RuleMkfsUnknown, c.Name()+" formats "+unknown+", which is only known at run time and could be a disk")
	case image != "":
		return fsAdd(hs, RuleMkfsImage, c.Name()+" formats the file "+image)
	}
	return hs
}

var shredSpec = argv.Spec{Valued: "ns", LongFlags: []string{"force", "remove", "verbose", "exact", "zero"}, LongValued: []string{"iterations", "random-source", "size"}, LongStop: []string{"help", "version"}}

// shredHits handles shred: a device is high, files are medium.
func shredHits(c *Command, hs []fsNamedHit) []fsNamedHit {
	a := ReadOpts(c.Args[1:], &shredSpec)
	if a.Info {
		return hs
	}
	for _, w := range a.Operands {
		if p, ok := fsDevicePath(c, w); ok {
			return fsAdd(hs, RuleShredDevice, "shred overwrites the device "+p)
		}
		if !w.Known {
			return fsAdd(hs, RuleShredDevice, "shred overwrites "+fsShow(w)+", which is only known at run time and could be a disk")
		}
	}
	if len(a.Operands) == 0 {
		return hs
	}
	return fsAdd(hs, RuleShred, "shred overwrites "+fsShowList(a.Operands)+" beyond recovery")
}

// copyDeviceHits handles cp, mv, install, tee and sed writing a device;
// the other programs that do are rows of the outputs table.
func copyDeviceHits(c *Command, hs []fsNamedHit) []fsNamedHit {
	var dests []Word
	switch c.Name() {
	case "tee":
		a := ReadOpts(c.Args[1:], &argv.Spec{LongFlags: []string{"append", "ignore-interrupts", "output-error"}, LongStop: []string{"help", "version"}})
		dests = a.Operands
	case "sed", "gsed":
		dests = sedWrites(c) // w FILE, s///w FILE
	default:
		a := ReadOpts(c.Args[1:], &fsCpSpec)
		if a.Info {
			return hs
		}
		if t, ok := a.Arg("t", "target-directory"); ok {
			dests = []Word{t}
		} else if len(a.Operands) >= 2 {
			dests = a.Operands[len(a.Operands)-1:]
		}
	}
	for _, w := range dests {
		if p, ok := fsDevicePath(c, w); ok {
			return fsAdd(hs, RuleCopyToDevice, c.Name()+" writes the device "+p+", overwriting what is on it")
		}
	}
	return hs
}

// fsCpSpec covers the options of cp, mv and install that take arguments.
var fsCpSpec = argv.Spec{Valued: "tSmog", LongFlags: []string{"backup", "no-target-directory"}, LongValued: []string{"target-directory", "suffix", "mode", "owner", "group", "strip-program"}, LongStop: []string{"help", "version"}}

// sgdiskHits handles sgdisk: zapping is blocked, other changes high, and
// printing safe.
func sgdiskHits(c *Command, hs []fsNamedHit) []fsNamedHit {
	changes := false
	for _, w := range c.Args[1:] {
		v := w.Value
		if !argv.IsOption(v) {
			continue
		}
		name := v[1:2]
		// sgdisk's long options, --NAME[=VALUE], read beside the short letters.
		if strings.HasPrefix(v, "--") {
			name, _, _ = strings.Cut(v[2:], "=")
		}
		switch name {
		case "Z", "z", "o", "zap-all", "zap", "clear":
			return fsAdd(hs, RuleSgdiskZap, "sgdisk "+v+" destroys the partition table")
		case "P", "pretend", "V", "version", "?", "help", "usage":
			return hs
		case "p", "print", "i", "info", "v", "verify", "O", "print-mbr", "L", "list-types", "b", "backup":
			// -b FILE saves the partition table to FILE, leaving the disk as is.
		default:
			changes = true
		}
	}
	if changes {
		return fsAdd(hs, RuleFdisk, "sgdisk changes the partition table")
	}
	return hs
}

// partedHits handles parted DEVICE [COMMAND...].
func partedHits(c *Command, hs []fsNamedHit) []fsNamedHit {
	a := ReadOpts(c.Args[1:], &argv.Spec{Valued: "a", LongFlags: []string{"script", "machine", "fix", "list", "pretend-input-tty", "json"}, LongValued: []string{"align"}, LongStop: []string{"help", "version"}})
	if a.Info || a.Has("h", "v", "l") {
		return hs
	}
	if len(a.Operands) == 0 {
		return fsAdd(hs, RuleFdisk, "parted edits the partition table of the first disk interactively")
	}
	dev := fsShow(a.Operands[0])
	cmds := a.Operands[1:]
	if len(cmds) == 0 {
		return fsAdd(hs, RuleFdisk, "parted edits the partition table of "+dev+" interactively")
	}
	changes := false
	for _, w := range cmds {
		switch strings.ToLower(w.Value) {
		case "rm", "mklabel", "mktable":
			return fsAdd(hs, RulePartedRm, "parted "+w.Value+" on "+dev+" removes partitions")
		case "mkpart", "mkpartfs", "resizepart", "resize", "rescue", "set", "toggle", "name", "move", "cp", "disk_set", "disk_toggle", "type":
			changes = true
		}
	}
	if changes {
		return fsAdd(hs, RuleFdisk, "parted changes the partition table of "+dev)
	}
	return hs
}

// fdiskHits handles fdisk, sfdisk, gdisk, cfdisk and cgdisk.
func fdiskHits(c *Command, hs []fsNamedHit) []fsNamedHit {
	a := ReadOpts(c.Args[1:], &argv.Spec{Valued: "bCHSwWoOtN", LongFlags: []string{"delete", "dump", "json", "list", "list-free", "show-size", "show-geometry", "verify", "no-act", "list-types"}, LongValued: []string{"sector-size", "wipe", "wipe-partitions", "output", "type", "label", "label-nested", "backup-file"}, LongStop: []string{"help", "version"}})
	if a.Info || a.Has("l", "list", "h", "V", "v", "d", "dump", "J", "json", "s", "show-size", "g", "show-geometry",
		"F", "list-free", "T", "list-types", "no-act", "verify") && !a.Has("delete") ||
		a.Has("n") && c.Name() == "sfdisk" { // fdisk's -n (--noauto-pt) still edits
		return hs
	}
	name := c.Name()
	if name == "sfdisk" && a.Has("delete") {
		if len(a.Operands) > 1 {
			return fsAdd(hs, RulePartedRm, "sfdisk --delete removes partition "+fsShowList(a.Operands[1:])+" of "+fsShow(a.Operands[0]))
		}
		return fsAdd(hs, RulePartedRm, "sfdisk --delete removes every partition of "+fsShowList(a.Operands))
	}
	if len(a.Operands) == 0 {
		if name == "cfdisk" || name == "cgdisk" {
			return fsAdd(hs, RuleFdisk, name+" edits the partition table of the first disk")
		}
		return hs
	}
	w := a.Operands[0]
	p := fsResolve(c, w)
	if p.Abs != "" && !fsIsDevice(p.Abs) {
		return fsAdd(hs, RuleMkfsImage, name+" partitions the file "+fsShow(w))
	}
	return fsAdd(hs, RuleFdisk, name+" edits the partition table of "+fsShow(w))
}
