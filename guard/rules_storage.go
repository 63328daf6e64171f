package guard

import "strings"

// The storage family: volume managers, RAID, ZFS and firmware tools that
// destroy what is stored, whatever the disk family's programs are.

// storageRules returns the built-in rules of this family.
func storageRules() []builtin {
	return []builtin{
		{Rule: Rule{Name: "storage_destroy", Level: Blocked,
			Description: "destroys a pool, volume group, RAID array or disk contents: zpool destroy, zfs destroy -r, lvremove, vgremove, pvremove, pvcreate -ff, mdadm --zero-superblock, badblocks -w, flashrom -w",
			Example:     "zpool destroy tank"},
			check: storageDestroy, progs: storageProgs},
		{Rule: Rule{Name: "storage_change", Level: High,
			Description: "removes a ZFS dataset or snapshot, or stops a RAID array (zfs destroy, mdadm --stop)",
			Example:     "zfs destroy tank/home@old"},
			check: storageChange, progs: storageProgs},
	}
}

// storageProgs are the programs the storage rules look at.
var storageProgs = []string{"zpool", "zfs", "lvremove", "vgremove", "pvremove", "pvcreate", "mdadm", "badblocks", "flashrom"}

// storageSub returns the first operand that is not an option.
func storageSub(args []Word) string {
	for _, a := range args {
		if !strings.HasPrefix(a.Value, "-") {
			return a.Value
		}
	}
	return ""
}

func storageHas(args []Word, flags ...string) bool {
	for _, a := range args {
		for _, f := range flags {
			if a.Value == f || strings.HasPrefix(f, "-") && !strings.HasPrefix(f, "--") && len(f) == 2 &&
				strings.HasPrefix(a.Value, "-") && !strings.HasPrefix(a.Value, "--") && strings.IndexByte(a.Value[1:], f[1]) >= 0 {
				return true
			}
		}
	}
	return false
}

func storageDestroy(c *Command) []Hit {
	if len(c.Args) < 2 || isHelp(c.Args[1:]) {
		return nil
	}
	args := c.Args[1:]
	switch c.Name() {
	case "zpool":
		if storageSub(args) == "destroy" {
			return hit("zpool destroy destroys a whole storage pool and every dataset in it")
		}
	case "zfs":
		if storageSub(args) == "destroy" && storageHas(args, "-r", "-R") {
			return hit("zfs destroy -r destroys a dataset with everything below it")
		}
	case "lvremove", "vgremove", "pvremove":
		if storageHas(args, "-h", "--help", "-?", "--version", "--test") {
			return nil // help, or a test run that changes no metadata
		}
		return hit(c.Name() + " removes LVM volumes and the data on them")
	case "pvcreate":
		if storageHas(args, "-ff") || storageHas(args, "--force") {
			return hit("pvcreate -ff overwrites a disk's existing volume metadata")
		}
	case "mdadm":
		if storageHas(args, "--zero-superblock") {
			return hit("mdadm --zero-superblock erases RAID metadata")
		}
	case "badblocks":
		if storageHas(args, "-w") {
			return hit("badblocks -w overwrites the whole disk with test patterns")
		}
	case "flashrom":
		if storageHas(args, "-w", "--write", "-E", "--erase") {
			return hit("flashrom writes or erases the firmware chip")
		}
	}
	return nil
}

func storageChange(c *Command) []Hit {
	if len(c.Args) < 2 || isHelp(c.Args[1:]) || storageDestroy(c) != nil {
		return nil
	}
	args := c.Args[1:]
	switch c.Name() {
	case "zfs":
		if storageSub(args) == "destroy" {
			return hit("zfs destroy removes a dataset or snapshot")
		}
	case "mdadm":
		if storageHas(args, "--stop", "-S") {
			return hit("mdadm --stop stops a RAID array")
		}
	}
	return nil
}
