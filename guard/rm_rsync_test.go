package guard

import (
	"strings"
	"testing"

	"guardsh/guard/internal/rules"
)

// rsyncCases hold rsync's deletions in both directions: what they delete
// decides the level, and copies without deletion stay as they are.
var rsyncCases = []testRuleCase{
	// Synchronizing /, a system directory or the home directory.
	{"rsync -a --delete src/ /", Blocked, rules.RuleRsyncDeleteProtected},
	{"rsync -a --delete ./empty/ /", Blocked, rules.RuleRsyncDeleteProtected},
	{"rsync -a --delete . /", Blocked, rules.RuleRsyncDeleteProtected},
	{"rsync -a --delete src/. /", Blocked, rules.RuleRsyncDeleteProtected},
	{"rsync -a --delete src/ //", Blocked, rules.RuleRsyncDeleteProtected},
	{"rsync -a --delete src/ /tmp/..", Blocked, rules.RuleRsyncDeleteProtected},
	{"rsync -a --delete src/ /usr", Blocked, rules.RuleRsyncDeleteProtected},
	{"rsync -a --delete src/ /usr/", Blocked, rules.RuleRsyncDeleteProtected},
	{"rsync -a --delete src/ /etc/", Blocked, rules.RuleRsyncDeleteProtected},
	{"rsync -a --delete src/ /bin", Blocked, rules.RuleRsyncDeleteProtected},
	{"rsync -a --delete src/ /boot/", Blocked, rules.RuleRsyncDeleteProtected},
	{"rsync -a --delete src/ /var/", Blocked, rules.RuleRsyncDeleteProtected},
	{"rsync -a --delete src/ /home/", Blocked, rules.RuleRsyncDeleteProtected},
	{"rsync -a --delete src/ /usr/local/", Blocked, rules.RuleRsyncDeleteProtected},
	{"rsync -a --delete src/ ~", Blocked, rules.RuleRsyncDeleteProtected},
	{"rsync -a --delete src/ ~/", Blocked, rules.RuleRsyncDeleteProtected},
	{"rsync -a --delete src/ $HOME", Blocked, rules.RuleRsyncDeleteProtected},
	{"rsync -a --delete src/ /home/u", Blocked, rules.RuleRsyncDeleteProtected},
	{"rsync -a --delete src/ ..", Blocked, rules.RuleRsyncDeleteProtected},
	{"cd / && rsync -a --delete /tmp/src/ .", Blocked, rules.RuleRsyncDeleteProtected},
	{"rsync -a --delete etc /", Blocked, rules.RuleRsyncDeleteProtected},
	{"rsync -a --delete backup/usr /", Blocked, rules.RuleRsyncDeleteProtected},
	{"rsync -aR --delete /etc/ /", Blocked, rules.RuleRsyncDeleteProtected},
	{"rsync -a --del src/ /", Blocked, rules.RuleRsyncDeleteProtected},
	{"rsync -a --delete-before src/ /", Blocked, rules.RuleRsyncDeleteProtected},
	{"rsync -a --delete-during src/ /", Blocked, rules.RuleRsyncDeleteProtected},
	{"rsync -a --delete-delay src/ /", Blocked, rules.RuleRsyncDeleteProtected},
	{"rsync -a --delete-after src/ /", Blocked, rules.RuleRsyncDeleteProtected},
	{"rsync -a --delete-excluded src/ /", Blocked, rules.RuleRsyncDeleteProtected},
	{"rsync -a src/ / --delete", Blocked, rules.RuleRsyncDeleteProtected},
	{"rsync -av --progress --delete --exclude .git src/ /etc", Blocked, rules.RuleRsyncDeleteProtected},
	{"rsync -a --exclude-from ex.txt --delete src/ /", Blocked, rules.RuleRsyncDeleteProtected},
	{"rsync -e ssh -a --delete host:/srv/ /", Blocked, rules.RuleRsyncDeleteProtected},
	{"sudo rsync -a --delete src/ /", Blocked, rules.RuleRsyncDeleteProtected},
	{"rsync -a --remove-source-files /etc/ /backup/etc/", Blocked, rules.RuleRsyncDeleteProtected},
	{"rsync -a --remove-source-files ~ host:backup/", Blocked, rules.RuleRsyncDeleteProtected},
	{"rsync -a --remove-source-files / /mnt/", Blocked, rules.RuleRsyncDeleteProtected},
	{"rsync -a --remove-sent-files ~/ dst/", Blocked, rules.RuleRsyncDeleteProtected},
	// On another machine.
	{"rsync -a --delete src/ host:/srv/www/", High, rules.RuleRsyncDeleteRemote},
	{"rsync -a --delete src/ user@host:/", High, rules.RuleRsyncDeleteRemote},
	{"rsync -a --delete src/ host:", High, rules.RuleRsyncDeleteRemote},
	{"rsync -a --delete src/ host::module/dir", High, rules.RuleRsyncDeleteRemote},
	{"rsync -a --delete src/ rsync://host/module/", High, rules.RuleRsyncDeleteRemote},
	{"rsync -az --delete -e 'ssh -p 2222' build/ deploy@web1:/var/www/app/", High, rules.RuleRsyncDeleteRemote},
	{"rsync -a --remove-source-files host:/var/log/app/ logs/", High, rules.RuleRsyncDeleteRemote},
	// Only known at run time.
	{"rsync -a --delete src/ $DST", High, rules.RuleRsyncDeleteUnknown},
	{"rsync -a --delete src/ $DST/www", High, rules.RuleRsyncDeleteUnknown},
	{"rsync -a --delete $SRC /", High, rules.RuleRsyncDeleteUnknown},
	{"rsync -a --delete $SRC ~", High, rules.RuleRsyncDeleteUnknown},
	{"cd '' && rsync -a --delete src/ out/", High, rules.RuleRsyncDeleteUnknown},
	// Other local destinations.
	{"rsync -a --delete src/ dst/", Medium, rules.RuleRsyncDelete},
	{"rsync -a --delete ./site/ ./public/", Medium, rules.RuleRsyncDelete},
	{"rsync -a --delete src /", Medium, rules.RuleRsyncDelete},
	{"rsync -a --delete build /srv", Medium, rules.RuleRsyncDelete},
	{"rsync -a --delete src/ /var/www/html/", Medium, rules.RuleRsyncDelete},
	{"rsync -a --delete src/ /srv/app/", Medium, rules.RuleRsyncDelete},
	{"rsync -a --delete src/ /mnt/backup/", Medium, rules.RuleRsyncDelete},
	{"rsync -a --delete src/ /tmp/x", Medium, rules.RuleRsyncDelete},
	{"rsync -a --delete ~/ /mnt/backup/home/", Medium, rules.RuleRsyncDelete},
	{"rsync -a --delete / /mnt/backup/", Medium, rules.RuleRsyncDelete},
	{"rsync -a --delete src/ ~/backup/", Medium, rules.RuleRsyncDelete},
	{"rsync -a --delete src/ ./a:b/", Medium, rules.RuleRsyncDelete},
	{"rsync -a --delete host:/srv/ ./mirror/", Medium, rules.RuleRsyncDelete},
	{"rsync -a --delete a/ b/ dst/", Medium, rules.RuleRsyncDelete},
	{"rsync -a --delete $SRC dst/", Medium, rules.RuleRsyncDelete},
	{"rsync -a --remove-source-files src/ dst/", Medium, rules.RuleRsyncDelete},
	{"rsync -a --remove-source-files *.log archive/", Medium, rules.RuleRsyncDelete},
	{"rsync -a --max-delete=10 --delete src/ dst/", Medium, rules.RuleRsyncDelete},
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
