package rules

// Programs that read files and the read_secret_file rule.

import (
	"strings"

	"guardsh/internal/argv"
)

// leakReader describes how a program reads files: which operands are files.
type leakReader struct {
	verb string
	// firstNotFile: the first operand is a pattern, script or filter,
	// unless one of patOpts gives it.
	firstNotFile bool
	patOpts      string // options that give the pattern ("-e -f")
	valued       string // options that take a separate value
	quiet        string // options under which nothing of the content is shown
	// sources: all operands but the last are read (cp).
	sources bool
	// stdinOnly: operands are not files read (tee writes them, tr's are
	// sets); only an input redirect is read.
	stdinOnly bool
}

var (
	leakPrinter = &leakReader{verb: "shows"}
	leakHead    = &leakReader{verb: "shows", valued: "-n -c --lines --bytes -s --sleep-interval --pid"}
	leakWrap    = &leakReader{verb: "shows", valued: "-w --wrap --width -l -s -c -g -A -j -N -t -k -o -S -T -d -f -b"}
	leakStdin   = &leakReader{verb: "reads", stdinOnly: true}
	leakEditor  = &leakReader{verb: "opens"}
	leakGrep    = &leakReader{verb: "prints lines of", firstNotFile: true, patOpts: "-e -f --regexp --file",
		valued: "-e -f -m -A -B -C -d -D --regexp --file --max-count --context --after-context --before-context -g -t -T -M -j --glob --type --type-not --max-columns --threads",
		quiet:  "-q -c -l -L --quiet --silent --count --files-with-matches --files-without-match --files-with-match"}
	leakSed = &leakReader{verb: "prints", firstNotFile: true, patOpts: "-e -f --expression --file", valued: "-e -f -l --expression --file --line-length",
		quiet: "-i --in-place"}
	leakAwk  = &leakReader{verb: "prints", firstNotFile: true, patOpts: "-f -e --file --source", valued: "-F -v -f -e -i -l -W --field-separator --assign --file --source --include --load"}
	leakJq   = &leakReader{verb: "prints", firstNotFile: true, patOpts: "-f --from-file", valued: "-f --from-file --indent --arg --argjson --slurpfile --rawfile"}
	leakCp   = &leakReader{verb: "copies", sources: true, valued: "-t -S --target-directory --suffix"}
	leakDiff = &leakReader{verb: "shows", valued: "-U -C -W -I -x -X --label --width --ignore-matching-lines"}
)

// leakReaders lists the programs that show, open or copy a file's content.
var leakReaders = map[string]*leakReader{
	"cat": leakPrinter, "tac": leakPrinter, "less": leakPrinter, "more": leakPrinter, "most": leakPrinter,
	"pg": leakPrinter, "head": leakHead, "tail": leakHead, "bat": leakPrinter, "batcat": leakPrinter,
	"nl": leakPrinter, "strings": leakPrinter, "xxd": leakWrap, "hexdump": leakWrap, "hd": leakWrap,
	"od": leakWrap, "base64": leakWrap, "base32": leakWrap, "basenc": leakWrap, "uuencode": leakPrinter,
	"sort": leakWrap, "uniq": leakWrap, "cut": leakWrap, "paste": leakWrap, "column": leakWrap,
	"fold": leakWrap, "fmt": leakWrap, "pr": leakPrinter, "rev": leakPrinter, "expand": leakPrinter,
	"iconv": leakWrap, "zcat": leakPrinter, "view": leakPrinter, "xclip": leakPrinter, "xsel": leakStdin,
	"wl-copy": leakStdin, "pbcopy": leakStdin, "tr": leakStdin, "tee": leakStdin, "dd": leakStdin,
	"diff": leakDiff, "sdiff": leakDiff, "vimdiff": leakDiff, "comm": leakDiff, "join": leakDiff,
	"vim": leakEditor, "vi": leakEditor, "nvim": leakEditor, "nano": leakEditor, "pico": leakEditor,
	"emacs": leakEditor, "emacsclient": leakEditor, "code": leakEditor, "codium": leakEditor, "subl": leakEditor,
	"micro": leakEditor, "gedit": leakEditor, "kate": leakEditor, "mousepad": leakEditor, "joe": leakEditor,
	"mcedit": leakEditor, "ne": leakEditor, "ed": leakEditor, "ex": leakEditor, "hx": leakEditor, "helix": leakEditor,
	"grep": leakGrep, "egrep": leakGrep, "fgrep": leakGrep, "rg": leakGrep, "ag": leakGrep, "ack": leakGrep,
	"zgrep": leakGrep, "sed": leakSed, "awk": leakAwk, "gawk": leakAwk, "mawk": leakAwk, "nawk": leakAwk,
	"jq": leakJq, "gojq": leakJq, "yq": leakJq, "cp": leakCp,
}

// leakReaderProgs lists the programs of leakReaders, for builtin.progs.
func leakReaderProgs() []string {
	ps := make([]string, 0, len(leakReaders))
	for k := range leakReaders {
		ps = append(ps, k)
	}
	return ps // in any order: the dispatch does not care
}

// inFields reports whether v is one of the space-separated words of list,
// without splitting list.
func inFields(list, v string) bool {
	for list != "" {
		var f string
		f, list, _ = strings.Cut(list, " ")
		if f == v && f != "" {
			return true
		}
	}
	return false
}

// leakFields returns the words that are files to rd, as far as options go.
func (rd *leakReader) files(args []Word) (files []Word, quiet bool) {
	has := inFields
	patGiven, target := false, false
	var ops []Word
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.Value
		if a.Known && v == "--" {
			ops = append(ops, args[i+1:]...)
			break
		}
		if !a.Known || !argv.IsOption(v) {
			ops = append(ops, a)
			continue
		}
		name, _, hasVal := strings.Cut(v, "=")
		if has(rd.quiet, name) {
			quiet = true
		}
		// One of the reader's pattern options, or a short one with its
		// value attached (-eREGEX).
		if has(rd.patOpts, name) || len(name) > 2 && !strings.HasPrefix(name, "--") && has(rd.patOpts, name[:2]) {
			patGiven = true
		}
		if name == "-t" || name == "--target-directory" {
			target = rd.sources
		}
		if has(rd.valued, name) && !hasVal {
			if name == "--arg" || name == "--argjson" || name == "--slurpfile" || name == "--rawfile" {
				i++
			}
			i++
		}
		// grep's short bundles (-rn, -qi), read letter by letter.
		if !strings.HasPrefix(v, "--") && len(v) > 2 && rd == leakGrep {
			// Bundled flags: -rn, -qi; a quiet letter anywhere counts.
			if strings.ContainsAny(v[1:], "qclL") && !strings.ContainsAny(v[1:], "ABCmefdDgtTMj0123456789") {
				quiet = true
			}
		}
	}
	if rd.firstNotFile && !patGiven && len(ops) > 0 {
		ops = ops[1:]
	}
	if rd == leakJq && len(ops) > 0 && ops[0].Known {
		switch ops[0].Value {
		case "e", "eval", "ea", "eval-all":
			ops = ops[1:]
		}
	}
	if rd.sources && !target && len(ops) > 0 {
		ops = ops[:len(ops)-1]
	}
	return ops, quiet
}

func leakReadSecretFile(c *Command) []Hit {
	if len(c.Args) == 0 || leakHelp(c) {
		return nil
	}
	name := c.Name()
	rd := leakReaders[name]
	if rd == nil {
		return nil
	}
	files, quiet := rd.files(c.Args[1:])
	if name == "sed" {
		// r and R put a file's lines into the output, or with -i into
		// the edited file: a copy of it either way.
		for _, f := range sedReads(c) {
			if what, shown := leakSecretWord(c, f); what != "" {
				return hit(name + " copies " + shown + " into its output: " + what)
			}
		}
	}
	if quiet {
		return nil
	}
	if rd.stdinOnly {
		files = nil
	}
	if name == "dd" {
		for _, a := range c.Args[1:] {
			if strings.HasPrefix(a.Value, "if=") {
				w := a
				w.Value = a.Value[3:]
				files = append(files, w)
			}
		}
	}
	for _, r := range c.Redirects {
		if r.Op == "<" {
			files = append(files, r.Target)
		}
	}
	for _, f := range files {
		if what, shown := leakSecretWord(c, f); what != "" {
			return hit(name + " " + rd.verb + " " + shown + ": " + what)
		}
	}
	return nil
}
