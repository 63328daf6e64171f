package guard

import (
	"strings"
	"testing"
)

// rsyncCases hold rsync's deletions in both directions: what they delete
// decides the level, and copies without deletion stay as they are.
var rsyncCases = []testRuleCase{
	// Synchronizing /, a system directory or the home directory.
	{"rsync -a --delete src/ /", Blocked, ruleRsyncDeleteProtected},
	{"rsync -a --delete ./empty/ /", Blocked, ruleRsyncDeleteProtected},
	{"rsync -a --delete . /", Blocked, ruleRsyncDeleteProtected},
	{"rsync -a --delete src/. /", Blocked, ruleRsyncDeleteProtected},
	{"rsync -a --delete src/ //", Blocked, ruleRsyncDeleteProtected},
	{"rsync -a --delete src/ /tmp/..", Blocked, ruleRsyncDeleteProtected},
	{"rsync -a --delete src/ /usr", Blocked, ruleRsyncDeleteProtected},
	{"rsync -a --delete src/ /usr/", Blocked, ruleRsyncDeleteProtected},
	{"rsync -a --delete src/ /etc/", Blocked, ruleRsyncDeleteProtected},
	{"rsync -a --delete src/ /bin", Blocked, ruleRsyncDeleteProtected},
	{"rsync -a --delete src/ /boot/", Blocked, ruleRsyncDeleteProtected},
	{"rsync -a --delete src/ /var/", Blocked, ruleRsyncDeleteProtected},
	{"rsync -a --delete src/ /home/", Blocked, ruleRsyncDeleteProtected},
	{"rsync -a --delete src/ /usr/local/", Blocked, ruleRsyncDeleteProtected},
	{"rsync -a --delete src/ ~", Blocked, ruleRsyncDeleteProtected},
	{"rsync -a --delete src/ ~/", Blocked, ruleRsyncDeleteProtected},
	{"rsync -a --delete src/ $HOME", Blocked, ruleRsyncDeleteProtected},
	{"rsync -a --delete src/ /home/u", Blocked, ruleRsyncDeleteProtected},
	{"rsync -a --delete src/ ..", Blocked, ruleRsyncDeleteProtected},
	{"cd / && rsync -a --delete /tmp/src/ .", Blocked, ruleRsyncDeleteProtected},
	{"rsync -a --delete etc /", Blocked, ruleRsyncDeleteProtected},
	{"rsync -a --delete backup/usr /", Blocked, ruleRsyncDeleteProtected},
	{"rsync -aR --delete /etc/ /", Blocked, ruleRsyncDeleteProtected},
	{"rsync -a --del src/ /", Blocked, ruleRsyncDeleteProtected},
	{"rsync -a --delete-before src/ /", Blocked, ruleRsyncDeleteProtected},
	{"rsync -a --delete-during src/ /", Blocked, ruleRsyncDeleteProtected},
	{"rsync -a --delete-delay src/ /", Blocked, ruleRsyncDeleteProtected},
	{"rsync -a --delete-after src/ /", Blocked, ruleRsyncDeleteProtected},
	{"rsync -a --delete-excluded src/ /", Blocked, ruleRsyncDeleteProtected},
	{"rsync -a src/ / --delete", Blocked, ruleRsyncDeleteProtected},
	{"rsync -av --progress --delete --exclude .git src/ /etc", Blocked, ruleRsyncDeleteProtected},
	{"rsync -a --exclude-from ex.txt --delete src/ /", Blocked, ruleRsyncDeleteProtected},
	{"rsync -e ssh -a --delete host:/srv/ /", Blocked, ruleRsyncDeleteProtected},
	{"sudo rsync -a --delete src/ /", Blocked, ruleRsyncDeleteProtected},
	{"rsync -a --remove-source-files /etc/ /backup/etc/", Blocked, ruleRsyncDeleteProtected},
	{"rsync -a --remove-source-files ~ host:backup/", Blocked, ruleRsyncDeleteProtected},
	{"rsync -a --remove-source-files / /mnt/", Blocked, ruleRsyncDeleteProtected},
	{"rsync -a --remove-sent-files ~/ dst/", Blocked, ruleRsyncDeleteProtected},
	// On another machine.
	{"rsync -a --delete src/ host:/srv/www/", High, ruleRsyncDeleteRemote},
	{"rsync -a --delete src/ user@host:/", High, ruleRsyncDeleteRemote},
	{"rsync -a --delete src/ host:", High, ruleRsyncDeleteRemote},
	{"rsync -a --delete src/ host::module/dir", High, ruleRsyncDeleteRemote},
	{"rsync -a --delete src/ rsync://host/module/", High, ruleRsyncDeleteRemote},
	{"rsync -az --delete -e 'ssh -p 2222' build/ deploy@web1:/var/www/app/", High, ruleRsyncDeleteRemote},
	{"rsync -a --remove-source-files host:/var/log/app/ logs/", High, ruleRsyncDeleteRemote},
	// Only known at run time.
	{"rsync -a --delete src/ $DST", High, ruleRsyncDeleteUnknown},
	{"rsync -a --delete src/ $DST/www", High, ruleRsyncDeleteUnknown},
	{"rsync -a --delete $SRC /", High, ruleRsyncDeleteUnknown},
	{"rsync -a --delete $SRC ~", High, ruleRsyncDeleteUnknown},
	{"cd '' && rsync -a --delete src/ out/", High, ruleRsyncDeleteUnknown},
	// Other local destinations.
	{"rsync -a --delete src/ dst/", Medium, ruleRsyncDelete},
	{"rsync -a --delete ./site/ ./public/", Medium, ruleRsyncDelete},
	{"rsync -a --delete src /", Medium, ruleRsyncDelete},
	{"rsync -a --delete build /srv", Medium, ruleRsyncDelete},
	{"rsync -a --delete src/ /var/www/html/", Medium, ruleRsyncDelete},
	{"rsync -a --delete src/ /srv/app/", Medium, ruleRsyncDelete},
	{"rsync -a --delete src/ /mnt/backup/", Medium, ruleRsyncDelete},
	{"rsync -a --delete src/ /tmp/x", Medium, ruleRsyncDelete},
	{"rsync -a --delete ~/ /mnt/backup/home/", Medium, ruleRsyncDelete},
	{"rsync -a --delete / /mnt/backup/", Medium, ruleRsyncDelete},
	{"rsync -a --delete src/ ~/backup/", Medium, ruleRsyncDelete},
	{"rsync -a --delete src/ ./a:b/", Medium, ruleRsyncDelete},
	{"rsync -a --delete host:/srv/ ./mirror/", Medium, ruleRsyncDelete},
	{"rsync -a --delete a/ b/ dst/", Medium, ruleRsyncDelete},
	{"rsync -a --delete $SRC dst/", Medium, ruleRsyncDelete},
	{"rsync -a --remove-source-files src/ dst/", Medium, ruleRsyncDelete},
	{"rsync -a --remove-source-files *.log archive/", Medium, ruleRsyncDelete},
	{"rsync -a --max-delete=10 --delete src/ dst/", Medium, ruleRsyncDelete},
	// No deletion.
	{"rsync -a src/ dst/", Safe, ""},
	{"rsync -a src/ /", Safe, ""},
	{"rsync -a src/ /etc/", Safe, ""},
	{"rsync -av src/ host:/srv/", Safe, ""},
	{"rsync -a --delete src/", Safe, ""},
	{"rsync --delete", Safe, ""},
	{"rsync -an --delete src/ /", Safe, ""},
	{"rsync -a --dry-run --delete src/ /", Safe, ""},
	{"rsync -a -n --delete src/ host:/", Safe, ""},
	{"rsync -a --list-only --delete src/ /", Safe, ""},
	{"rsync -a --max-delete=0 --delete src/ /", Safe, ""},
	{"rsync -a --exclude --delete src/ dst/", Safe, ""},
	{"rsync --help", Safe, ""},
	{"rsync --version", Safe, ""},
	{"echo rsync -a --delete src/ /", Safe, ""},
}

func TestRsyncDelete(t *testing.T) { runRuleCases(t, rsyncCases) }

// TestRsyncDeleteWalker runs the cases through Guard.Classify too.
func TestRsyncDeleteWalker(t *testing.T) {
	var cases []testRuleCase
	for _, tc := range rsyncCases {
		switch tc.line {
		case "cd '' && rsync -a --delete src/ out/", "rsync -a --delete src/ $HOME":
			continue // testCmdLine's notations
		}
		tc.line = strings.NewReplacer("$DST", "$1", "$SRC", "$2").Replace(tc.line)
		cases = append(cases, tc)
	}
	classifyRuleCases(t, cases)
}

// TestRsyncRemote checks which operands are on another machine.
func TestRsyncRemote(t *testing.T) {
	for _, tt := range []struct {
		arg, host string
	}{
		{"host:/srv", "host"},
		{"user@host:dir", "user@host"},
		{"host:", "host"},
		{"host::module", "host"},
		{"rsync://host/module", "host"},
		{"[::1]:/x", "[::1]"},
		{"./a:b", ""},
		{"/tmp/a:b", ""},
		{"dir/", ""},
		{":x", ""},
		{"", ""},
		{Unknown + ":x", ""},
		{"host:" + Unknown, "host"},
	} {
		host, ok := rsyncRemote(Word{Value: tt.arg})
		if host != tt.host || ok != (tt.host != "") {
			t.Errorf("rsyncRemote(%q) = %q, %v; want %q", tt.arg, host, ok, tt.host)
		}
	}
}
