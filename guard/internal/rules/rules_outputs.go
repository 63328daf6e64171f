package rules

import (
	"maps"
	"slices"
	"strings"
	"sync"

	"guardsh/internal/argv"
)

// The outputs table: for each program that writes files named by an option
// value or an operand (tar -f, sort -o, curl -o, zip's archive, ...), which
// words name them. Every output it finds goes through the checks a
// redirect's target gets: a disk device is blocked (copy_to_device), the
// account databases, system files and shell startup files are the file
// family's (fileWrite), and guardsh's own files are guardsh_self's.
//
// tee, cp, install, dd, sed, truncate and less have grammars of their own
// in the file and disk families and are not rows here.

// outOperands says which operands of a program it writes.
type outOperands uint8

const (
	outNoOperand     outOperands = iota
	outAllOperands               // every operand (touch, mkfifo, gzip without -c)
	outLastOperand               // the last of two or more (mv, ln, rsync, mksquashfs)
	outFirstOperand              // the first (zip's archive, 7z's after its command)
	outSecondOperand             // the second (ddrescue in out, uniq in out, split in prefix)
)

// outRow describes how one program names the files it writes.
type outRow struct {
	// spec lists the options that take a value, so that the operands are
	// found; outs are those of them (short letters, long names) whose
	// value is a file or directory written.
	spec argv.Spec
	outs []string
	// dirs are the outs whose value is a directory the program writes
	// into (tar -C, unzip -d); dirOperands says the written operands are
	// directories (cpio -p).
	dirs        []string
	dirOperands bool
	// operands says which operands are written.
	operands outOperands
	// readsRest reports that the words that are not outputs are only read
	// (cp's sources, tar -c's members): guardsh_self lets them name
	// guardsh's files. ln's targets are not: a link gives one of guardsh's
	// files a name under which any program may write it.
	readsRest bool
	// adjust, when set, changes the row for one command line: tar writes
	// its -f archive only when creating, gzip -c writes no operand.
	adjust func(a *Opts, r *outRow)
	// singleDash reports long options spelled with one dash (openssl
	// -out, genisoimage -o): outs are matched as whole words.
	singleDash bool
	// meta reports a program that creates or changes files without
	// writing content into them (touch, mkfifo): only guardsh_self reads
	// its row.
	meta bool
}

// outputRows is the outputs table, by program name, made the first time a
// command may write (guardsh_self, the file and disk families).
var outputRows = sync.OnceValue(func() map[string]outRow {
	return map[string]outRow{
		"tar":    {spec: tarOutSpec, dirs: tarDirs, adjust: tarOutputs, readsRest: true},
		"bsdtar": {spec: tarOutSpec, dirs: tarDirs, adjust: tarOutputs, readsRest: true},
		"gtar":   {spec: tarOutSpec, dirs: tarDirs, adjust: tarOutputs, readsRest: true},
		"cpio": {spec: argv.Spec{Valued: "OFEHIMRC", LongValued: []string{"file", "pattern-file", "format", "io-size", "message", "owner", "block-size"}, LongStop: []string{"help", "version"}},
			outs: []string{"O", "F", "file"}, adjust: cpioOutputs, readsRest: true},
		"zip":   {spec: argv.Spec{Valued: "bntxiOs", LongValued: []string{"output-file", "temp-path", "suffixes", "exclude", "include"}, LongStop: []string{"help", "version"}}, outs: []string{"O", "output-file"}, operands: outFirstOperand, readsRest: true},
		"7z":    {operands: outSecondOperand, adjust: sevenZipOutputs, readsRest: true},
		"7za":   {operands: outSecondOperand, adjust: sevenZipOutputs, readsRest: true},
		"7zr":   {operands: outSecondOperand, adjust: sevenZipOutputs, readsRest: true},
		"sort":  {spec: argv.Spec{Valued: "koStT", LongValued: []string{"output", "key", "buffer-size", "field-separator", "temporary-directory", "files0-from", "random-source", "batch-size", "parallel", "compress-program"}, LongStop: []string{"help", "version"}}, outs: []string{"o", "output"}, readsRest: true},
		"shuf":  {spec: argv.Spec{Valued: "ionr", LongValued: []string{"output", "input-range", "head-count", "random-source"}, LongStop: []string{"help", "version"}}, outs: []string{"o", "output"}, readsRest: true},
		"split": {spec: argv.Spec{Valued: "abClnt", LongValued: []string{"suffix-length", "additional-suffix", "bytes", "line-bytes", "lines", "number", "separator", "filter"}, LongStop: []string{"help", "version"}}, operands: outSecondOperand, readsRest: true},
		"uniq":  {spec: argv.Spec{Valued: "fsw", LongValued: []string{"skip-fields", "skip-chars", "check-chars"}, LongStop: []string{"help", "version"}}, operands: outSecondOperand, readsRest: true},
		"iconv": {spec: argv.Spec{Valued: "oft", LongValued: []string{"output", "from-code", "to-code"}, LongStop: []string{"help", "version"}}, outs: []string{"o", "output"}, readsRest: true},
		"pv":    {spec: argv.Spec{Valued: "oLsNiwHDBdAFx", LongValued: []string{"output", "rate-limit", "size", "name", "interval", "width", "height", "delay-start", "buffer-size", "watchfd", "format", "store-and-forward", "pidfile"}, LongStop: []string{"help", "version"}}, outs: []string{"o", "output", "pidfile"}, readsRest: true},
		"wget": {spec: argv.Spec{Valued: "OoaPiBetTwlADRUQ", LongValued: []string{"output-document", "output-file", "append-output", "directory-prefix", "input-file", "base", "execute", "timeout", "tries", "wait", "level", "accept", "reject", "domains", "user-agent", "quota", "save-cookies", "load-cookies", "post-data", "post-file", "header", "user", "password"}, LongStop: []string{"help", "version"}},
			outs: []string{"O", "output-document", "o", "output-file", "a", "append-output", "P", "directory-prefix", "save-cookies"}, dirs: []string{"P", "directory-prefix"}, readsRest: true},
		"curl": {spec: argv.Spec{Valued: "oDcbdeEFHKuUxXAmrwTyYzCQ", LongValued: []string{"output", "dump-header", "cookie-jar", "trace", "trace-ascii", "stderr", "libcurl", "etag-save", "hsts", "alt-svc", "output-dir", "cookie", "data", "data-binary", "data-raw", "data-urlencode", "form", "header", "user", "proxy", "request", "user-agent", "referer", "upload-file", "config", "max-time", "connect-timeout", "write-out", "cacert", "cert", "key"}, LongStop: []string{"help", "version"}},
			outs: []string{"o", "output", "D", "dump-header", "c", "cookie-jar", "trace", "trace-ascii", "stderr", "libcurl", "etag-save", "output-dir"}, dirs: []string{"output-dir"}, readsRest: true},
		"mksquashfs":  {spec: argv.Spec{LongStop: []string{"help", "version"}}, operands: outLastOperand, readsRest: true},
		"genisoimage": {outs: []string{"-o", "-output"}, singleDash: true, readsRest: true},
		"mkisofs":     {outs: []string{"-o", "-output"}, singleDash: true, readsRest: true},
		"xorrisofs":   {outs: []string{"-o", "-output"}, singleDash: true, readsRest: true},
		"xorriso":     {outs: []string{"-outdev", "-dev"}, singleDash: true, readsRest: true},
		"openssl":     {outs: []string{"-out", "-keyout"}, singleDash: true, readsRest: true},
		"ddrescue":    {spec: argv.Spec{Valued: "abBcCeEiKlmMOsTwxZ", LongStop: []string{"help", "version"}}, operands: outSecondOperand, readsRest: true},
		"gddrescue":   {spec: argv.Spec{Valued: "abBcCeEiKlmMOsTwxZ", LongStop: []string{"help", "version"}}, operands: outSecondOperand, readsRest: true},
		"zstd":        {spec: compressSpec, outs: []string{"o"}, adjust: compressOutputs, operands: outAllOperands},
		"pzstd":       {spec: compressSpec, outs: []string{"o"}, adjust: compressOutputs, operands: outAllOperands},
		"unzstd":      {spec: compressSpec, outs: []string{"o"}, adjust: compressOutputs, operands: outAllOperands},
		"lz4":         {spec: compressSpec, operands: outSecondOperand, readsRest: true},
		"brotli":      {spec: argv.Spec{Valued: "oqwS", LongValued: []string{"output", "quality", "lgwin", "suffix"}, LongStop: []string{"help", "version"}}, outs: []string{"o", "output"}, readsRest: true},
		"lzip":        {spec: compressSpec, outs: []string{"o", "output"}, adjust: compressOutputs, operands: outAllOperands},
		"lzop":        {spec: compressSpec, outs: []string{"o", "output"}, adjust: compressOutputs, operands: outAllOperands},
		"gzip":        {spec: compressSpec, adjust: compressOutputs, operands: outAllOperands},
		"gunzip":      {spec: compressSpec, adjust: compressOutputs, operands: outAllOperands},
		"pigz":        {spec: compressSpec, adjust: compressOutputs, operands: outAllOperands},
		"unpigz":      {spec: compressSpec, adjust: compressOutputs, operands: outAllOperands},
		"bzip2":       {spec: compressSpec, adjust: compressOutputs, operands: outAllOperands},
		"bunzip2":     {spec: compressSpec, adjust: compressOutputs, operands: outAllOperands},
		"pbzip2":      {spec: compressSpec, adjust: compressOutputs, operands: outAllOperands},
		"xz":          {spec: compressSpec, adjust: compressOutputs, operands: outAllOperands},
		"unxz":        {spec: compressSpec, adjust: compressOutputs, operands: outAllOperands},
		"lzma":        {spec: compressSpec, adjust: compressOutputs, operands: outAllOperands},
		"unlzma":      {spec: compressSpec, adjust: compressOutputs, operands: outAllOperands},
		"mv":          {spec: fsCpSpec, outs: []string{"t", "target-directory"}, operands: outLastOperand},
		"ln":          {spec: argv.Spec{Valued: "St", LongValued: []string{"suffix", "target-directory"}, LongStop: []string{"help", "version"}}, outs: []string{"t", "target-directory"}, operands: outLastOperand},
		"link":        {operands: outLastOperand},
		"rsync": {spec: argv.Spec{Valued: "eBfT", LongValued: []string{"rsh", "rsync-path", "filter", "exclude", "exclude-from", "include", "include-from", "files-from", "temp-dir", "compare-dest", "copy-dest", "link-dest", "backup-dir", "suffix", "log-file", "partial-dir", "chmod", "chown", "password-file", "write-batch", "only-write-batch", "read-batch", "out-format"}, LongStop: []string{"help", "version"}}, outs: []string{"log-file", "write-batch", "only-write-batch", "backup-dir"}, dirs: []string{"backup-dir"}, operands: outLastOperand, readsRest: true,
			adjust: func(a *Opts, r *outRow) { r.readsRest = !a.Has("remove-source-files") }},
		"scp":       {spec: argv.Spec{Valued: "cFiJlPoSDX", LongStop: []string{"help", "version"}}, operands: outLastOperand, readsRest: true},
		"mkfifo":    {spec: argv.Spec{Valued: "mZ", LongValued: []string{"mode", "context"}, LongStop: []string{"help", "version"}}, operands: outAllOperands, meta: true},
		"mknod":     {spec: argv.Spec{Valued: "mZ", LongValued: []string{"mode", "context"}, LongStop: []string{"help", "version"}}, operands: outFirstOperand, meta: true},
		"touch":     {spec: argv.Spec{Valued: "dtr", LongValued: []string{"date", "reference", "time"}, LongStop: []string{"help", "version"}}, operands: outAllOperands, meta: true},
		"fallocate": {spec: argv.Spec{Valued: "lo", LongValued: []string{"length", "offset"}, LongStop: []string{"help", "version"}}, operands: outAllOperands},
		"tcpdump":   {spec: argv.Spec{Valued: "wrcCFGiMsTyWzZBEjQV", LongStop: []string{"help", "version"}}, outs: []string{"w"}, readsRest: true},
		"gpg":       {spec: argv.Spec{Valued: "oruk", LongValued: []string{"output", "recipient", "local-user", "homedir"}, LongStop: []string{"help", "version"}}, outs: []string{"o", "output"}, readsRest: true},
		"unzip":     {spec: argv.Spec{Valued: "dxP", LongStop: []string{"help", "version"}}, outs: []string{"d"}, dirs: []string{"d"}},
		"cc":        {spec: argv.Spec{Valued: "oIDLlUx", LongStop: []string{"help", "version"}}, outs: []string{"o"}, readsRest: true},
		"gcc":       {spec: argv.Spec{Valued: "oIDLlUx", LongStop: []string{"help", "version"}}, outs: []string{"o"}, readsRest: true},
		"clang":     {spec: argv.Spec{Valued: "oIDLlUx", LongStop: []string{"help", "version"}}, outs: []string{"o"}, readsRest: true},
		"g++":       {spec: argv.Spec{Valued: "oIDLlUx", LongStop: []string{"help", "version"}}, outs: []string{"o"}, readsRest: true},
	}
})

// tarDirs are tar's options naming a directory it extracts into.
var tarDirs = []string{"C", "directory"}

// tarOutSpec holds tar's options that take a value.
var tarOutSpec = argv.Spec{Valued: "fCbgHKLNTVX", LongValued: []string{"file", "directory", "blocking-factor", "listed-incremental", "format", "starting-file", "tape-length", "newer", "after-date", "files-from", "label", "exclude-from", "exclude", "transform", "xform", "owner", "group", "mode", "mtime", "use-compress-program", "to-command", "index-file", "checkpoint-action", "rsh-command", "suffix", "backup", "volno-file", "info-script", "new-volume-script"}, LongStop: []string{"help", "version"}}

// compressSpec holds the compressors' options that take a value.
var compressSpec = argv.Spec{Valued: "oST", LongValued: []string{"output", "suffix", "threads", "format"}, LongStop: []string{"help", "version"}}

// tarOutputs: the archive (-f) is written when creating, appending or
// updating; when extracting, the -C directory and the working directory
// receive the members, and --remove-files deletes what was archived.
func tarOutputs(a *Opts, r *outRow) {
	create := a.Has("c", "create", "r", "append", "u", "update", "A", "catenate", "concatenate", "delete")
	extract := a.Has("x", "extract", "get")
	switch {
	case create:
		r.outs = []string{"f", "file", "index-file", "listed-incremental"}
	case extract:
		r.outs = []string{"C", "directory", "index-file"}
	default:
		r.outs = []string{"index-file"}
	}
	if a.Has("remove-files") {
		r.readsRest = false
	}
}

// cpioOutputs: -O is always the archive written; -F is the archive
// written with -o; with -p the operand is the directory receiving files.
func cpioOutputs(a *Opts, r *outRow) {
	if a.Has("o", "create") {
		r.outs = []string{"O", "F", "file"}
	} else {
		r.outs = []string{"O"}
	}
	if a.Has("p", "pass-through") {
		r.operands, r.dirOperands = outFirstOperand, true
	}
}

// sevenZipOutputs: 7z's first operand is its command; a, u, d, rn write
// the archive (the second operand); x and e write into -oDIR.
func sevenZipOutputs(a *Opts, r *outRow) {
	r.outs = []string{"o"}
	if len(a.Operands) == 0 {
		r.operands = outNoOperand
		return
	}
	switch a.Operands[0].Value {
	case "a", "u", "d", "rn":
	default:
		r.operands = outNoOperand
	}
}

// compressOutputs: the compressors replace each operand by its
// compressed or decompressed form, except with -c (standard output), -k
// (keep), -l (list) or -t (test).
func compressOutputs(a *Opts, r *outRow) {
	if a.Has("c", "stdout", "to-stdout", "k", "keep", "l", "list", "t", "test") {
		r.operands, r.readsRest = outNoOperand, true
	}
}

// outFile is one file a command writes.
type outFile struct {
	w   Word
	how string
	// dir reports a directory the program writes files into.
	dir bool
}

// outputFiles returns the files a command of the outputs table writes,
// whether the program is in the table, and whether its other words are
// only read.
func outputFiles(c *Command) (outs []outFile, known, readsRest bool) {
	name := c.Name()
	row, ok := outputRows()[name]
	if !ok || len(c.Args) < 2 {
		return nil, ok, row.readsRest
	}
	args := c.Args[1:]
	if row.singleDash {
		for i, w := range args {
			for _, o := range row.outs {
				switch {
				case w.Value == o && i+1 < len(args):
					outs = append(outs, outFile{w: args[i+1], how: name + " " + o + " writes"})
				case strings.HasPrefix(w.Value, o+"="):
					outs = append(outs, outFile{w: fsPart(w, w.Value[len(o)+1:]), how: name + " " + o + " writes"})
				}
			}
		}
		return outs, true, row.readsRest
	}
	// tar's first word without a dash is a bundle of letters (tar cf x.tar), not
	// an operand.
	if (name == "tar" || name == "bsdtar" || name == "gtar") && !strings.HasPrefix(args[0].Value, "-") && args[0].Known {
		// Old-style bundled first word: tar cf out.tar src.
		args = append([]Word{fsPart(args[0], "-"+args[0].Value)}, args[1:]...)
	}
	if name == "7z" || name == "7za" || name == "7zr" {
		for _, w := range args {
			if strings.HasPrefix(w.Value, "-o") && len(w.Value) > 2 {
				outs = append(outs, outFile{fsPart(w, w.Value[2:]), name + " -o writes into", true})
			}
		}
	}
	a := ReadOpts(args, &row.spec)
	if a.Info {
		return nil, true, true
	}
	if row.adjust != nil {
		row.adjust(&a, &row)
	}
	for _, o := range a.Opts {
		for _, n := range row.outs {
			if o.Name == n && o.Val.Value != "" {
				dash := "-"
				if len(n) > 1 {
					dash = "--"
				}
				how := " writes"
				if slices.Contains(row.dirs, n) {
					how = " writes into"
				}
				outs = append(outs, outFile{o.Val, name + " " + dash + n + how, slices.Contains(row.dirs, n)})
			}
		}
	}
	ops := a.Operands
	how := name + " writes"
	if row.dirOperands {
		how = name + " writes into"
	}
	var written []Word
	switch row.operands {
	case outAllOperands:
		written = ops
	case outLastOperand:
		if len(ops) >= 2 {
			written = ops[len(ops)-1:]
		}
	case outFirstOperand:
		if len(ops) >= 1 {
			written = ops[:1]
		}
	case outSecondOperand:
		if len(ops) >= 2 {
			written = ops[1:2]
		}
	}
	for _, w := range written {
		outs = append(outs, outFile{w, how, row.dirOperands})
	}
	return outs, true, row.readsRest
}

// outputProgs returns the programs of the outputs table, for the rules'
// dispatch.
func outputProgs() []string { return slices.Sorted(maps.Keys(outputRows())) }

// outputContentFiles returns the outputs of a program of the table that
// writes content into them (not touch or mkfifo), for the file and disk
// families.
func outputContentFiles(c *Command) []outFile {
	if row, ok := outputRows()[c.Name()]; !ok || row.meta {
		return nil
	}
	outs, _, _ := outputFiles(c)
	return outs
}

// progUnion returns the names of the lists, sorted, each once.
func progUnion(lists ...[]string) []string {
	var ps []string
	for _, l := range lists {
		ps = append(ps, l...)
	}
	slices.Sort(ps)
	return slices.Compact(ps)
}
