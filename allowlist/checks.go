package allowlist

import (
	"strings"
)

// checkTree refuses -R with -H: tree then writes an HTML file in every
// directory.
func checkTree(c *Call) string {
	if c.Has("-R") && c.Has("-H") {
		return "tree -R with -H writes files"
	}
	return ""
}

// checkDate allows only +FORMAT as an operand: any other sets the clock.
func checkDate(c *Call) string {
	if len(c.Operands) > 1 {
		return "date has more than one operand"
	}
	for _, o := range c.Operands {
		if !strings.HasPrefix(o.Text, "+") {
			return "date with an operand sets the clock"
		}
	}
	return ""
}

// checkGzip allows gzip only in forms that write nothing: -d with -c, -l
// and -t.
func checkGzip(c *Call) string {
	if c.Has("-l", "--list", "-t", "--test") {
		return ""
	}
	if c.Has("-d", "--decompress", "--uncompress") && c.Has("-c", "--stdout", "--to-stdout") {
		return ""
	}
	return "gzip writes files unless it is given -dc, -l or -t"
}

// checkGunzip allows gunzip only with -c, -l or -t.
func checkGunzip(c *Call) string {
	if c.Has("-l", "--list", "-t", "--test", "-c", "--stdout", "--to-stdout") {
		return ""
	}
	return "gunzip writes files unless it is given -c, -l or -t"
}

// checkPrintf refuses -v, which assigns a shell variable.
func checkPrintf(c *Call) string {
	if len(c.Args) > 0 && strings.HasPrefix(c.Args[0].Text, "-v") {
		return "printf -v assigns a variable"
	}
	return ""
}

// checkXxd models xxd's own option parser: each option is known by its
// first two characters, options end at the first operand, and a second
// operand is an output file.
func checkXxd(c *Call) string {
	args := c.Args
	operands := 0
	for i := 0; i < len(args); i++ {
		t := args[i].Text
		if operands > 0 || !strings.HasPrefix(t, "-") || t == "-" {
			operands++
			continue
		}
		if t == "--" {
			operands = len(args) - i - 1
			break
		}
		if len(t) < 2 {
			return "unknown flag for xxd"
		}
		switch t[1] {
		case 'r':
			return "xxd -r writes binary data"
		case 'a', 'b', 'C', 'E', 'e', 'h', 'i', 'p', 'u', 'd', 'v':
		case 'c', 'g', 'l', 'n', 'o', 's', 'R':
			// The value is attached, or the next word when the flag is
			// spelled alone or in full (-c 8, -cols 8).
			long := map[byte]string{'c': "cols", 'g': "groupsize", 'l': "len", 'n': "name", 'o': "offset", 's': "seek", 'R': ""}
			if len(t) == 2 || t[2:] == long[t[1]] {
				i++
			}
		default:
			return "unknown flag " + t + " for xxd"
		}
	}
	if operands > 1 {
		return "xxd's second operand is an output file"
	}
	return ""
}

// checkUnzip allows the listing and testing forms of unzip.
func checkUnzip(c *Call) string {
	args := c.Args
	if len(args) == 0 || !strings.HasPrefix(args[0].Text, "-") {
		return "unzip without -l extracts files"
	}
	mode := false
	for i, a := range args {
		t := a.Text
		if !strings.HasPrefix(t, "-") {
			continue
		}
		if t == "-x" {
			break // the rest are names to exclude
		}
		if i > 0 && !mode {
			return "unzip options must come first"
		}
		for _, r := range t[1:] {
			switch {
			case strings.ContainsRune("lvtZ", r):
				mode = true
			case strings.ContainsRune("q1hmsMTz2", r):
			default:
				return "unzip -" + string(r) + " is not a listing option"
			}
		}
	}
	if !mode {
		return "unzip without -l extracts files"
	}
	return ""
}

// checkTar allows tar's listing forms: -t/--list, with an archive name
// that is not remote.
func checkTar(c *Call) string {
	args := c.Args
	if len(args) > 0 && !strings.HasPrefix(args[0].Text, "-") {
		// Old style: the first word is a bundle of letters whose values
		// follow in order (tar tvf a.tar).
		letters := args[0].Text
		rest := args[1:]
		var conv []Arg
		for _, r := range letters {
			conv = append(conv, Arg{Text: "-" + string(r)})
			if r == 'f' || r == 'b' || r == 'C' || r == 'X' || r == 'T' {
				if len(rest) == 0 {
					return "tar -" + string(r) + " needs a value"
				}
				conv = append(conv, rest[0])
				rest = rest[1:]
			}
		}
		args = append(conv, rest...)
	}
	call, _, r := tarSpec.parse("tar", args)
	if r != "" {
		return r
	}
	if !call.Has("-t", "--list") {
		return "tar without -t writes or extracts files"
	}
	for _, v := range call.Values("-f", "--file") {
		if strings.Contains(v, ":") && !call.Has("--force-local") {
			return "a tar archive name with ':' is read over the network"
		}
	}
	return ""
}

// tarSpec is tar's flags in listing mode.
var tarSpec = Spec{
	Why: map[string]string{
		"-x": "tar -x extracts files", "-c": "tar -c writes an archive", "-r": "tar -r writes an archive",
		"-u": "tar -u writes an archive", "-A": "tar -A writes an archive", "-d": "tar -d is not a listing",
		"-I": "tar -I runs a compression program", "-F": "tar -F runs a script", "-O": "tar -O is for extraction",
		"--to-command": "tar --to-command runs a command", "--use-compress-program": "tar --use-compress-program runs a program",
		"--checkpoint-action": "tar --checkpoint-action can run a command", "--info-script": "tar --info-script runs a script",
		"--new-volume-script": "tar --new-volume-script runs a script", "--rsh-command": "tar --rsh-command runs a command",
	},
	Short: "tvzjJaf:b:BC:X:T:i",
	Long:  w("list verbose gzip gunzip ungzip bzip2 xz lzip lzma lzop zstd auto-compress file= blocking-factor= read-full-records directory= exclude= exclude-from= files-from= wildcards no-wildcards anchored no-anchored ignore-case no-ignore-case wildcards-match-slash no-wildcards-match-slash numeric-owner utc full-time show-transformed-names show-stored-names totals=? force-local null no-null ignore-zeros quoting-style= quote-chars= no-quote-chars= occurrence=? exclude-vcs exclude-vcs-ignores exclude-backups exclude-caches" + gnu),
	Deny:  w("to-command use-compress-program checkpoint-action index-file info-script new-volume-script rsh-command extract get create append update delete diff compare catenate concatenate to-stdout"),
}

// checkIP allows ip's show, list and get forms of read-only objects.
func checkIP(c *Call) string {
	args := c.Args
	i := 0
	for ; i < len(args); i++ {
		t := args[i].Text
		if !strings.HasPrefix(t, "-") {
			break
		}
		opt := strings.TrimPrefix(strings.TrimPrefix(t, "-"), "-")
		name, _, _ := strings.Cut(opt, "=")
		switch name {
		case "4", "6", "0", "br", "brief", "c", "color", "colour", "d", "details", "s", "stats", "statistics",
			"h", "human", "human-readable", "j", "json", "p", "pretty", "o", "oneline", "r", "resolve",
			"a", "all", "t", "timestamp", "ts", "tshort", "iec", "N", "numeric":
		case "f", "family":
			i++
		default:
			return "ip " + t + " is not allowed"
		}
	}
	if i >= len(args) {
		return "ip needs an object"
	}
	obj := ipObject(args[i].Text)
	switch obj {
	case "address", "addrlabel", "maddress", "route", "rule", "neighbor", "neighbour", "ntable", "link", "netconf", "mroute", "nexthop", "tunnel", "stats":
	default:
		return "ip " + args[i].Text + " is not a read-only object"
	}
	rest := args[i+1:]
	if len(rest) == 0 {
		return ""
	}
	cmd := rest[0].Text
	if obj == "address" && cmd != "" && strings.HasPrefix("show", cmd) {
		return "" // ip address checks show before save
	}
	for _, wr := range ipWrites() {
		if cmd != "" && strings.HasPrefix(wr, cmd) {
			return "ip " + args[i].Text + " " + cmd + " may change the network configuration"
		}
	}
	for _, read := range []string{"show", "list", "lst", "get"} {
		if cmd != "" && strings.HasPrefix(read, cmd) {
			if read == "get" && obj != "route" && obj != "neighbor" && obj != "neighbour" && obj != "nexthop" {
				break
			}
			return ""
		}
	}
	return "ip " + args[i].Text + " " + cmd + " may change the network configuration"
}

// ipWrites are the commands of ip's objects that change something; a
// command word that is a prefix of one of them asks.
var ipWrites = lazyWords("add append change chg replace prepend test delete del flush set save restore update exec attach detach identify")

// ipObjects is ip's object table in its matching order: ip takes the
// first object the typed word is a prefix of.
var ipObjects = []string{"address", "addrlabel", "maddress", "route", "rule", "neighbor", "neighbour", "ntable", "ntbl", "link", "l2tp", "fou", "ila", "macsec", "tunnel", "tunl", "tuntap", "tap", "token", "tcpmetrics", "tcp_metrics", "monitor", "xfrm", "mroute", "mrule", "netns", "netconf", "vrf", "sr", "nexthop", "mptcp", "ioam", "stats", "help"}

// ipObject returns the object ip would take a word for, or "".
func ipObject(word string) string {
	if word == "" {
		return ""
	}
	for _, o := range ipObjects {
		if strings.HasPrefix(o, word) {
			return o
		}
	}
	return ""
}

// checkLsof allows lsof's reporting flags: not -D (device cache file),
// -k (kernel name list), -m/+m (mount supplement file), +M (portmapper).
func checkLsof(c *Call) string {
	const valueLetters = "icupsFgdrTeoEK"
	for _, a := range c.Args {
		t := a.Text
		if t == "" || (t[0] != '-' && t[0] != '+') || t == "-" || t == "--" {
			continue
		}
		plus := t[0] == '+'
		for _, r := range t[1:] {
			if plus {
				if !strings.ContainsRune("dDLrfcw", r) {
					return "lsof +" + string(r) + " is not allowed"
				}
				if strings.ContainsRune("dDLr", r) {
					break
				}
				continue
			}
			if strings.ContainsRune(valueLetters, r) {
				break
			}
			if !strings.ContainsRune("?ahAbClLnNPRStUvVwxXZ0123456789", r) {
				return "lsof -" + string(r) + " is not allowed"
			}
		}
	}
	return ""
}
