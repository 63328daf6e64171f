package rules

import (
	"guardsh/internal/argv"
)

// The dry runs of the mkfs family: mke2fs -n (mkfs.ext2|3|4) and
// mkfs.xfs -N show what they would do and write nothing. Their options are
// read with the programs' own grammars (mke2fs(8), mkfs.xfs(8)), options
// anywhere, so that a value that looks like -n (mke2fs -L -n) is a value;
// every reading must be a dry run.

var (
	mke2fsOpts = &argv.Spec{Flags: "cDFjnqSvK", Valued: "bCdeEgGiIJlLmMNoOrtTUz", Stop: "V"}
	mkxfsOpts  = &argv.Spec{Flags: "fKNq", Valued: "bdilLmnprsc", Stop: "V"}
	// mkfsOpts is the mkfs front end's: -t TYPE, then the type's options.
	mkfsOpts = &argv.Spec{Flags: "V", Valued: "t", LongValued: []string{"type"}}
)

// mkfsDryRun reports a mkfs command that only shows what it would do.
func mkfsDryRun(c *Command) bool {
	name := c.Name()
	args := c.Args[1:]
	if name == "mkfs" {
		// mkfs -t TYPE passes the rest to mkfs.TYPE.
		rs := mkfsOpts.Parse(WordValues(args))
		if len(rs) == 0 {
			return false
		}
		// Every reading has the same -t: it comes before the options
		// mkfs passes on.
		t, ok := rs[0].Last("t", "type")
		if !ok || !c.Args[1+t.Index].Known {
			return false
		}
		name = "mkfs." + t.Value
		next := t.Index + 1
		if t.ValueIndex >= 0 {
			next = t.ValueIndex + 1
		}
		args = args[min(next, len(args)):]
	}
	var sp *argv.Spec
	var flag string
	switch name {
	case "mke2fs", "mkfs.ext2", "mkfs.ext3", "mkfs.ext4":
		sp, flag = mke2fsOpts, "n"
	case "mkfs.xfs":
		sp, flag = mkxfsOpts, "N"
	default:
		return false
	}
	rs := rowReadings(sp, args, false)
	if len(rs) == 0 {
		return false
	}
	for _, r := range rs {
		m := rowMatch{c: c, opts: r.opts}
		if _, ok := m.opt(flag); !ok {
			return false
		}
	}
	return true
}
