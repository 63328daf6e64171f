package guard

import (
	"strings"
	"testing"

	"guardsh/guard/internal/rules"
)

func TestRmExamples(t *testing.T) { testExamples(t, rules.RmRules()) }

func TestRmRules(t *testing.T) {
	t.Parallel()
	runRuleCases(t, []testRuleCase{
		// The filesystem root, in every flag spelling.
		{"rm -rf /", Blocked, rules.RuleRmRfRoot},
		{"rm -fr /", Blocked, rules.RuleRmRfRoot},
		{"rm -r -f /", Blocked, rules.RuleRmRfRoot},
		{"rm -Rf /", Blocked, rules.RuleRmRfRoot},
		{"rm -rfv /", Blocked, rules.RuleRmRfRoot},
		{"rm -vfR /", Blocked, rules.RuleRmRfRoot},
		{"rm --recursive --force /", Blocked, rules.RuleRmRfRoot},
		{"rm --rec --for /", Blocked, rules.RuleRmRfRoot},
		{"rm -r /", Blocked, rules.RuleRmRfRoot},
		{"rm -R /", Blocked, rules.RuleRmRfRoot},
		{"rm --recursive /", Blocked, rules.RuleRmRfRoot},
		{"rm / -rf", Blocked, rules.RuleRmRfRoot},
		{"rm -f / -r", Blocked, rules.RuleRmRfRoot},
		{"rm -rf -- /", Blocked, rules.RuleRmRfRoot},
		{"rm -rf //", Blocked, rules.RuleRmRfRoot},
		{"rm -rf /.", Blocked, rules.RuleRmRfRoot},
		{"rm -rf /./", Blocked, rules.RuleRmRfRoot},
		{"rm -rf /..", Blocked, rules.RuleRmRfRoot},
		{"rm -rf /tmp/../", Blocked, rules.RuleRmRfRoot},
		{"rm -rf /*", Blocked, rules.RuleRmRfRoot},
		{"rm -rf /**", Blocked, rules.RuleRmRfRoot},
		{"rm -rf /.*", Blocked, rules.RuleRmRfRoot},
		{"rm -rf '/'", Blocked, rules.RuleRmRfRoot},
		{"rm -rf \"/\"", Blocked, rules.RuleRmRfRoot},
		{"rm -rf /tmp/x /", Blocked, rules.RuleRmRfRoot},
		{"rm -rf --no-preserve-root /", Blocked, rules.RuleRmRfRoot},
		{"rm --no-preserve-root -rf /", Blocked, rules.RuleRmRfRoot},
		{"rm --no-preserve-root x", Blocked, rules.RuleRmRfRoot},
		{"rm --no-pres x", Blocked, rules.RuleRmRfRoot},
		{"rm -rf --no-preserve-root /tmp/x", Blocked, rules.RuleRmRfRoot},
		{"/bin/rm -rf /", Blocked, rules.RuleRmRfRoot},
		{"/usr/bin/rm -rf /", Blocked, rules.RuleRmRfRoot},
		{"sudo rm -rf /", Blocked, rules.RuleRmRfRoot},
		{"sudo rm -rf --no-preserve-root /", Blocked, rules.RuleRmRfRoot},
		{"doas rm -rf /*", Blocked, rules.RuleRmRfRoot},
		{"timeout 5 rm -rf /", Blocked, rules.RuleRmRfRoot},
		{"cd / && rm -rf *", Blocked, rules.RuleRmRfRoot},
		{"cd / && rm -rf .", Blocked, rules.RuleRmRfRoot},
		{"cd / && rm -rf ./*", Blocked, rules.RuleRmRfRoot},
		{"cd /tmp && rm -rf ../*", Blocked, rules.RuleRmRfRoot},
		{"cd /usr && rm -rf ..", Blocked, rules.RuleRmRfRoot},
		{"rm -rf ../../..", Blocked, rules.RuleRmRfRoot},
		{"rm -rf ../../../*", Blocked, rules.RuleRmRfRoot},

		// System directories.
		{"rm -rf /usr", Blocked, rules.RuleRmRfSystemDir},
		{"rm -rf /etc", Blocked, rules.RuleRmRfSystemDir},
		{"rm -rf /bin", Blocked, rules.RuleRmRfSystemDir},
		{"rm -rf /boot", Blocked, rules.RuleRmRfSystemDir},
		{"rm -rf /var", Blocked, rules.RuleRmRfSystemDir},
		{"rm -rf /home", Blocked, rules.RuleRmRfSystemDir},
		{"rm -rf /lib", Blocked, rules.RuleRmRfSystemDir},
		{"rm -rf /lib64", Blocked, rules.RuleRmRfSystemDir},
		{"rm -rf /opt", Blocked, rules.RuleRmRfSystemDir},
		{"rm -rf /root", Blocked, rules.RuleRmRfSystemDir},
		{"rm -rf /sbin", Blocked, rules.RuleRmRfSystemDir},
		{"rm -rf /srv", Blocked, rules.RuleRmRfSystemDir},
		{"rm -rf /sys", Blocked, rules.RuleRmRfSystemDir},
		{"rm -rf /proc", Blocked, rules.RuleRmRfSystemDir},
		{"rm -rf /dev", Blocked, rules.RuleRmRfSystemDir},
		{"rm -rf /run", Blocked, rules.RuleRmRfSystemDir},
		{"rm -rf /snap", Blocked, rules.RuleRmRfSystemDir},
		{"rm -rf /usr/", Blocked, rules.RuleRmRfSystemDir},
		{"rm -rf /usr/.", Blocked, rules.RuleRmRfSystemDir},
		{"rm -rf //usr", Blocked, rules.RuleRmRfSystemDir},
		{"rm -rf /usr/bin", Blocked, rules.RuleRmRfSystemDir},
		{"rm -rf /usr/lib", Blocked, rules.RuleRmRfSystemDir},
		{"rm -rf /usr/local", Blocked, rules.RuleRmRfSystemDir},
		{"rm -rf /usr/share", Blocked, rules.RuleRmRfSystemDir},
		{"rm -rf /var/lib", Blocked, rules.RuleRmRfSystemDir},
		{"rm -rf /usr/*", Blocked, rules.RuleRmRfSystemDir},
		{"rm -rf /etc/*", Blocked, rules.RuleRmRfSystemDir},
		{"rm -rf /usr/bin/*", Blocked, rules.RuleRmRfSystemDir},
		{"rm -rf /u*", Blocked, rules.RuleRmRfSystemDir},
		{"rm -rf /b??", Blocked, rules.RuleRmRfSystemDir},
		{"rm -rf /[eu]*", Blocked, rules.RuleRmRfSystemDir},
		{"rm -rf /*/bin", Blocked, rules.RuleRmRfSystemDir},
		{"rm -rf /tmp/../etc", Blocked, rules.RuleRmRfSystemDir},
		{"rm -rf /tmp/../../usr", Blocked, rules.RuleRmRfSystemDir},
		{"rm -r /etc", Blocked, rules.RuleRmRfSystemDir},
		{"rm -R /var", Blocked, rules.RuleRmRfSystemDir},
		{"rm --recursive /boot", Blocked, rules.RuleRmRfSystemDir},
		{"rm -rf /tmp/a /etc", Blocked, rules.RuleRmRfSystemDir},
		{"cd /etc && rm -rf *", Blocked, rules.RuleRmRfSystemDir},
		{"cd /usr/bin && rm -rf .", Blocked, rules.RuleRmRfSystemDir},
		{"cd /usr/local/bin && rm -rf ..", Blocked, rules.RuleRmRfSystemDir},
		{"sudo rm -rf /var", Blocked, rules.RuleRmRfSystemDir},
		{"sudo rm -rf /etc/*", Blocked, rules.RuleRmRfSystemDir},
		// Without -r: the merged-/usr links, every file of a system directory.
		{"rm -f /bin", Blocked, rules.RuleRmRfSystemDir},
		{"rm /lib64", Blocked, rules.RuleRmRfSystemDir},
		{"rm -f /*", Blocked, rules.RuleRmRfSystemDir},
		{"rm /usr/bin/*", Blocked, rules.RuleRmRfSystemDir},
		{"rm -f /etc/*", Blocked, rules.RuleRmRfSystemDir},
		{"unlink /lib", Blocked, rules.RuleRmRfSystemDir},

		// The home directory and its ancestors.
		{"rm -rf ~", Blocked, rules.RuleRmRfHome},
		{"rm -rf ~/", Blocked, rules.RuleRmRfHome},
		{"rm -rf ~/*", Blocked, rules.RuleRmRfHome},
		{"rm -rf ~/.*", Blocked, rules.RuleRmRfHome},
		{"rm -rf ~/.", Blocked, rules.RuleRmRfHome},
		{"rm -rf $HOME", Blocked, rules.RuleRmRfHome},
		{"rm -rf \"$HOME\"", Blocked, rules.RuleRmRfHome},
		{"rm -rf ${HOME}", Blocked, rules.RuleRmRfHome},
		{"rm -rf \"$HOME/\"", Blocked, rules.RuleRmRfHome},
		{"rm -rf \"$HOME\"/*", Blocked, rules.RuleRmRfHome},
		{"rm -rf /home/u", Blocked, rules.RuleRmRfHome},
		{"rm -rf /home/u/", Blocked, rules.RuleRmRfHome},
		{"rm -rf /home/u/*", Blocked, rules.RuleRmRfHome},
		{"rm -rf /home/*", Blocked, rules.RuleRmRfSystemDir},
		{"rm -rf /home/*/*", Blocked, rules.RuleRmRfHome},
		{"rm -r ~", Blocked, rules.RuleRmRfHome},
		{"rm -rf ..", Blocked, rules.RuleRmRfHome},
		{"rm -rf ../*", Blocked, rules.RuleRmRfHome},
		{"rm -rf ../", Blocked, rules.RuleRmRfHome},
		{"rm -rf ~/proj/../", Blocked, rules.RuleRmRfHome},
		{"cd ~ && rm -rf *", Blocked, rules.RuleRmRfHome},
		{"cd ~ && rm -rf .", Blocked, rules.RuleRmRfHome},
		{"sudo rm -rf ~", Blocked, rules.RuleRmRfHome},
		{"rm -rf ~/ ./x", Blocked, rules.RuleRmRfHome},

		// Wildcards elsewhere: high.
		{"rm -rf *", High, rules.RuleRmRfWildcard},
		{"rm -rf ./*", High, rules.RuleRmRfWildcard},
		{"rm -rf build/*", High, rules.RuleRmRfWildcard},
		{"rm -rf /tmp/*", High, rules.RuleRmRfWildcard},
		{"rm -rf *.o", High, rules.RuleRmRfWildcard},
		{"rm -fr .*", High, rules.RuleRmRfWildcard},
		{"rm -rf ~/proj/*", High, rules.RuleRmRfWildcard},
		{"rm -rf ~/.cache/*", High, rules.RuleRmRfWildcard},
		{"rm -rf /var/log/*", High, rules.RuleRmRfWildcard},
		{"rm -rf /etc/*.bak", High, rules.RuleRmRfWildcard},
		{"rm -rf /usr/local/lib/python3/*", High, rules.RuleRmRfWildcard},
		{"cd /tmp && rm -rf *", High, rules.RuleRmRfWildcard},
		{"cd '' && rm -rf *", High, rules.RuleRmRfWildcard},
		{"rm -rf $DIR/*", High, rules.RuleRmRfWildcard},

		// Recursive and forced elsewhere: high.
		{"rm -rf ./build", High, rules.RuleRmRf},
		{"rm -rf build", High, rules.RuleRmRf},
		{"rm -rf node_modules dist", High, rules.RuleRmRf},
		{"rm -rf /srv/x", High, rules.RuleRmRf},
		{"rm -fr /srv/x", High, rules.RuleRmRf},
		{"rm -r -f /srv/x", High, rules.RuleRmRf},
		{"rm -Rf /srv/x", High, rules.RuleRmRf},
		{"rm --recursive --force /srv/x", High, rules.RuleRmRf},
		{"rm -rf /tmp/x", Medium, rules.RuleRm},
		{"rm -rf /var/tmp/build-1 /tmp/y", Medium, rules.RuleRm},
		{"rm -rf /tmp/x/", High, rules.RuleRmRf},
		{"rm -rf /tmp/x /srv/x", High, rules.RuleRmRf},
		{"rm -rf /tmp/./x", High, rules.RuleRmRf},
		{"rm -rf /tmp/x*", High, rules.RuleRmRfWildcard},
		{"rm -rf /tmpx", High, rules.RuleRmRf},
		{"rm -rf \"$TMPDIR/x\"", High, rules.RuleRmRf},
		{"rm -rfv target", High, rules.RuleRmRf},
		{"rm -rf -- -weird", High, rules.RuleRmRf},
		{"rm -rf .", High, rules.RuleRmRf},
		{"rm -rf /var/log", High, rules.RuleRmRf},
		{"rm -rf /etc/nginx", High, rules.RuleRmRf},
		{"rm -rf /usr/local/lib/foo", High, rules.RuleRmRf},
		{"rm -rf /home/other", High, rules.RuleRmRf},
		{"rm -rf ~bob", High, rules.RuleRmRf},
		{"rm -rf /mnt/usb/old", High, rules.RuleRmRf},
		{"rm -rf ~/.cache", High, rules.RuleRmRf},
		{"rm -rf ~/proj", High, rules.RuleRmRf},
		{"rm -rf $HOME/.cache", High, rules.RuleRmRf},
		{"rm -rf /tmp/../tmp/x", High, rules.RuleRmRf},
		{"rm -rf \"$X\"", High, rules.RuleRmRf},
		{"rm -rf $X", High, rules.RuleRmRf},
		{"rm -rf \"$X\"/", High, rules.RuleRmRf},
		{"rm -rf /\"$X\"", High, rules.RuleRmRf},
		{"rm -rf /usr/$X", High, rules.RuleRmRf},
		{"rm -rf \"$BUILD_DIR\"", High, rules.RuleRmRf},
		{"rm -rf", Safe, ""},
		{"rm -rf 123>/dev/null", Safe, ""},
		{"rm -rf 2>/dev/null build", High, rules.RuleRmRf},
		{"rm -rf build 123>/dev/null", High, rules.RuleRmRf},
		{"xargs rm -rf", High, rules.RuleRmRf},
		{"rm $OPTS /", High, rules.RuleRmRf},
		{"rm $OPTS ~", High, rules.RuleRmRf},
		{"rm -$X /", High, rules.RuleRmRf},
		{"rm -$X /etc", Blocked, rules.RuleRmRfSystemDir},
		{"cd /tmp && rm -rf ./x", High, rules.RuleRmRf},
		{"cd '' && rm -rf ..", High, rules.RuleRmRf},
		{"cd '' && rm -rf x", High, rules.RuleRmRf},

		// sudo.
		{"sudo rm -rf /tmp/x", High, rules.RuleSudoRm},
		{"sudo rm /tmp/x", High, rules.RuleSudoRm},
		{"doas rm file", High, rules.RuleSudoRm},
		{"sudo rm -r /opt/app", High, rules.RuleSudoRm},
		{"sudo unlink /etc/nginx/sites-enabled/default", High, rules.RuleSudoRm},
		{"sudo rmdir /opt/empty", Safe, ""},

		// Plain rm, rmdir, unlink: medium.
		{"rm file", Medium, rules.RuleRm},
		{"rm -f file", Medium, rules.RuleRm},
		{"rm -i file", Medium, rules.RuleRm},
		{"rm -v a b c d e", Medium, rules.RuleRm},
		{"rm *.o", Medium, rules.RuleRm},
		{"rm -f *.log", Medium, rules.RuleRm},
		{"rm -r dir", Medium, rules.RuleRm},
		{"rm -R dir", Medium, rules.RuleRm},
		{"rm -r /tmp/x", Medium, rules.RuleRm},
		{"rm -ri /tmp/x", Medium, rules.RuleRm},
		{"rm -d emptydir", Medium, rules.RuleRm},
		{"rm -f /", Medium, rules.RuleRm},
		{"rm /", Medium, rules.RuleRm},
		{"rm ~", Medium, rules.RuleRm},
		{"rm -f ~/*", Medium, rules.RuleRm},
		{"rm /etc/nginx/sites-enabled/default", Medium, rules.RuleRm},
		{"rm /tmp/../etc/foo.conf", Medium, rules.RuleRm},
		{"rm /etc/*.bak", Medium, rules.RuleRm},
		{"rm \"$F\"", Medium, rules.RuleRm},
		{"rm -f \"$F\"", Medium, rules.RuleRm},
		{"rm $A $B", Medium, rules.RuleRm},
		{"rm", Safe, ""},
		{"rm -f", Safe, ""},
		{"rm -r $TMPDIR", Medium, rules.RuleRm},
		{"rm -rf $(cat list)", High, rules.RuleRmRf},
		{"sudo rm -r $D", High, rules.RuleSudoRm},
		{"rm ''", Medium, rules.RuleRm},
		{"rm -- -rf", Medium, rules.RuleRm},
		{"rm ./-rf", Medium, rules.RuleRm},
		{"rmdir empty", Safe, ""},
		{"rmdir /usr", Safe, ""},
		{"rmdir -p a/b/c", Safe, ""},
		{"unlink file", Medium, rules.RuleRm},
		{"unlink /etc/nginx/x", Medium, rules.RuleRm},
		{"xargs rm", Medium, rules.RuleRm},

		// --help, --version.
		{"rm --help", Safe, ""},
		{"rm --version", Safe, ""},
		{"rm -rf --help", Safe, ""},
		{"rm -r --help /", Safe, ""},
		{"rm --he", Safe, ""},
		{"rmdir --help", Safe, ""},
		{"unlink --version", Safe, ""},

		// Not rm.
		{"ls -la /", Safe, ""},
		{"echo rm -rf /", Safe, ""},
		{"rmate file", Safe, ""},
		{"trash -rf /", Safe, ""},
		{"cat rm", Safe, ""},
		{"grep -r rm /", Safe, ""},

		// find -delete.
		{"find . -name '*.pyc' -delete", Medium, rules.RuleFindDelete},
		{"find build -delete", High, rules.RuleRmRf},
		{"find -delete", High, rules.RuleRmRf},
		{"find build -name '*.o' -delete", Medium, rules.RuleFindDelete},
		{"find . -delete", High, rules.RuleRmRf},
		{"find . -mindepth 1 -delete -print", High, rules.RuleRmRf},
		{"find /srv/data -type f -delete", High, rules.RuleRmRf},
		{"find . -type f -empty -delete", Medium, rules.RuleFindDelete},
		{"find . -type d -empty -delete", Medium, rules.RuleFindDelete},
		{"find . -maxdepth 1 -delete", Medium, rules.RuleFindDelete},
		{"find . ! -name keep -delete", Medium, rules.RuleFindDelete},
		{"find /tmp -type f -mtime +7 -delete", Medium, rules.RuleFindDelete},
		{"find /var/log -name '*.gz' -delete", Medium, rules.RuleFindDelete},
		{"find -L . -name x -delete", Medium, rules.RuleFindDelete},
		{"find / -delete", Blocked, rules.RuleRmRfRoot},
		{"find / -type f -delete", Blocked, rules.RuleRmRfRoot},
		{"find / -name '*' -delete", Blocked, rules.RuleRmRfRoot},
		{"find / ! -name keep -delete", Blocked, rules.RuleRmRfRoot},
		{"find / -name x -o -delete", Blocked, rules.RuleRmRfRoot},
		{"find /usr -delete", Blocked, rules.RuleRmRfSystemDir},
		{"find /etc -mindepth 1 -delete", Blocked, rules.RuleRmRfSystemDir},
		{"find -P /etc -delete", Blocked, rules.RuleRmRfSystemDir},
		{"find /tmp/../etc -delete", Blocked, rules.RuleRmRfSystemDir},
		{"find ~ -delete", Blocked, rules.RuleRmRfHome},
		{"find $HOME -type f -delete", Blocked, rules.RuleRmRfHome},
		{"find .. -delete", Blocked, rules.RuleRmRfHome},
		{"cd / && find . -delete", Blocked, rules.RuleRmRfRoot},
		{"cd / && find -delete", Blocked, rules.RuleRmRfRoot},
		{"find / -name '*.pyc' -delete", High, rules.RuleFindDeleteTree},
		{"find ~ -name .DS_Store -delete", High, rules.RuleFindDeleteTree},
		{"find /usr -name '*.orig' -delete", High, rules.RuleFindDeleteTree},
		{"find /var -mtime +30 -delete", High, rules.RuleFindDeleteTree},
		{"find \"$D\" -delete", High, rules.RuleRmRf},
		{"find $D -name x -delete", High, rules.RuleRmRf},
		{"sudo find /tmp -name x -delete", High, rules.RuleSudoRm},
		{"find / -name x", Safe, ""},
		{"find / -name '*.delete'", Safe, ""},
		{"find . -name -delete -print", Safe, ""},
		{"find . -name -delete -delete", Medium, rules.RuleFindDelete},
		{"find . -path -delete -o -name x", Safe, ""},
		{"find . -exec echo -delete ';'", Safe, ""},
		{"find . -execdir tool -delete {} + -delete", Medium, rules.RuleFindDelete},
		{"find . -newermt -delete", Safe, ""},
		{"find . -fprintf out -delete x", Safe, ""},

		// mv of system directories.
		{"mv /usr /usr.old", Blocked, rules.RuleMvSystem},
		{"mv /etc /tmp/etc", Blocked, rules.RuleMvSystem},
		{"mv / /x", Blocked, rules.RuleMvSystem},
		{"mv ~ /tmp/home", Blocked, rules.RuleMvSystem},
		{"mv $HOME /tmp/home", Blocked, rules.RuleMvSystem},
		{"mv /bin /tmp/", Blocked, rules.RuleMvSystem},
		{"mv /usr/bin /tmp/", Blocked, rules.RuleMvSystem},
		{"mv /usr/* /tmp/", Blocked, rules.RuleMvSystem},
		{"mv /* /tmp/", Blocked, rules.RuleMvSystem},
		{"mv -t /tmp /etc", Blocked, rules.RuleMvSystem},
		{"mv --target-directory=/tmp /var", Blocked, rules.RuleMvSystem},
		{"mv -f /boot /x", Blocked, rules.RuleMvSystem},
		{"mv -- /lib /x", Blocked, rules.RuleMvSystem},
		{"cd / && mv usr x", Blocked, rules.RuleMvSystem},
		{"mv a b", Safe, ""},
		{"mv ~/a ~/b", Safe, ""},
		{"mv ~/* /tmp/", Safe, ""},
		{"mv x /usr", Medium, rules.RuleWriteEtc},
		{"mv x /etc/", Medium, rules.RuleWriteEtc},
		{"mv /usr", Safe, ""},
		{"mv --help", Safe, ""},
		{"mv $A $B", Safe, ""},
	})
}

func TestRmArgvCases(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want Level
	}{
		{[]string{"rm", "-rf", "/"}, Blocked},
		{[]string{"rm", "-rf", "/home/u"}, Blocked},
		{[]string{"rm", "-rf", "/home/u/proj/build"}, High},
		{[]string{"rm", "-rf", "build"}, High},
		{[]string{"rm", "-rf", "/bin", "/boot", "/dev"}, Blocked},
		{[]string{"rm", "x"}, Medium},
		{[]string{"rm", "-rf", "~"}, Blocked},
		{[]string{"rm", "-rf", "$HOME"}, Blocked},
	} {
		if got, names := levelOf(t, tc.args...); got != tc.want {
			t.Errorf("%q: %v (%v), want %v", tc.args, got, names, tc.want)
		}
		crossCheck(t, strings.Join(tc.args, " "), tc.want, "")
	}
}

func TestRmHomeUnknown(t *testing.T) {
	home := Word{Value: Unknown, Vars: []string{"HOME"}}
	homeSlash := Word{Value: Unknown + "/", Vars: []string{"HOME"}}
	homeStar := Word{Value: Unknown + "/*", Vars: []string{"HOME"}, Glob: true}
	for _, tc := range []struct {
		args []Word
		want Level
	}{
		{[]Word{Lit("rm"), Lit("-rf"), home}, Blocked},
		{[]Word{Lit("rm"), Lit("-rf"), homeSlash}, Blocked},
		{[]Word{Lit("rm"), Lit("-rf"), homeStar}, Blocked},
		{[]Word{Lit("rm"), Lit("-rf"), Lit("~")}, Blocked},
		{[]Word{Lit("rm"), Lit("-rf"), Lit("~/..")}, Blocked},
		{[]Word{Lit("rm"), Lit("-rf"), Lit("~/x")}, High},
		{[]Word{Lit("rm"), Lit("-rf"), Lit("x")}, High},
		{[]Word{Lit("rm"), Lit("-rf"), Lit("/")}, Blocked},
	} {
		c := &Command{Args: tc.args}
		if got, names := levelOfCmd(t, c); got != tc.want {
			t.Errorf("%q without home or dir: %v (%v), want %v", c.Values(), got, names, tc.want)
		}
	}
}

func TestRmReasons(t *testing.T) {
	for _, tc := range []struct {
		line, rule, reason string
	}{
		{"rm -rf /", rules.RuleRmRfRoot, "recursively deletes the filesystem root"},
		{"rm -rf /usr", rules.RuleRmRfSystemDir, "recursively deletes /usr, a system directory"},
		{"rm -rf /tmp/../etc", rules.RuleRmRfSystemDir, "recursively deletes /etc, a system directory"},
		{"rm -rf /usr/*", rules.RuleRmRfSystemDir, "recursively deletes everything in /usr, a system directory"},
		{"rm -rf ~", rules.RuleRmRfHome, "recursively deletes the home directory /home/u"},
		{"rm -rf ./build", rules.RuleRmRf, "recursively and forcibly deletes ./build"},
		{"rm -rf \"$X\"", rules.RuleRmRf, "recursively and forcibly deletes $X"},
		{"rm -rf *", rules.RuleRmRfWildcard, "recursively and forcibly deletes everything * matches"},
	} {
		c := testCmdLine(tc.line)
		var got []string
		for _, b := range rules.RmRules() {
			if b.Name == tc.rule {
				for _, h := range b.Check(c) {
					got = append(got, h.Reason)
				}
			}
		}
		if len(got) != 1 || got[0] != tc.reason {
			t.Errorf("%q: %s reasons %q, want %q", tc.line, tc.rule, got, tc.reason)
		}
	}
}

func TestRmOnlyMostSpecific(t *testing.T) {
	for _, line := range []string{"rm -rf /", "sudo rm -rf /", "rm -rf /usr", "rm -rf ~"} {
		_, names := levelOfCmd(t, testCmdLine(line))
		for _, n := range names {
			switch n {
			case rules.RuleRmRf, rules.RuleRm, rules.RuleSudoRm, rules.RuleRmRfWildcard:
				t.Errorf("%q: %s fires next to a blocked rule", line, n)
			}
		}
	}
}

func BenchmarkRmRules(b *testing.B) {
	rules := rules.RmRules()
	cmds := []*Command{testCmdLine("rm -rf ./build"), testCmdLine("ls -la"), testCmdLine("rm -rf /usr/*")}
	b.ReportAllocs()
	for b.Loop() {
		for _, c := range cmds {
			for _, r := range rules {
				r.Check(c)
			}
		}
	}
}

func TestRmClassify(t *testing.T) {
	classifyRuleCases(t, []testRuleCase{
		// Moving a file out of /etc deletes it there: the walker checks
		// mv's sources as rm's (this row was safe through the test parser).
		{"mv /etc/hosts /tmp/hosts", Medium, rules.RuleRm},
		{"rm -rf /", Blocked, rules.RuleRmRfRoot},
		{"sudo rm -rf /", Blocked, rules.RuleRmRfRoot},
		{"cd / && rm -rf *", Blocked, rules.RuleRmRfRoot},
		{"cd /tmp && rm -rf *", High, rules.RuleRmRfWildcard},
		{"cd /tmp && rm -rf ./x", High, rules.RuleRmRf},
		{"rm -rf \"$UNSET/\"*", Blocked, rules.RuleRmRfRoot},
		{"rm -rf $EMPTY/", Blocked, rules.RuleRmRfRoot},
		{"rm -rf /tmp/../etc", Blocked, rules.RuleRmRfSystemDir},
		{"rm -rf /{usr,tmp}", Blocked, rules.RuleRmRfSystemDir},
		{"rm -rf ~", Blocked, rules.RuleRmRfHome},
		{"rm -rf \"$HOME\"", Blocked, rules.RuleRmRfHome},
		{"rm -rf ~/", Blocked, rules.RuleRmRfHome},
		{"rm -rf ~/*", Blocked, rules.RuleRmRfHome},
		{"c=rm; $c -rf /", Blocked, rules.RuleRmRfRoot},
		{"bash -c 'rm -rf /usr'", Blocked, rules.RuleRmRfSystemDir},
		{"rm -rf ./build", High, rules.RuleRmRf},
		{"rm -rf \"$2\"", High, rules.RuleRmRf},
		{"rm -rf *", High, rules.RuleRmRfWildcard},
		{"sudo rm -rf /tmp/x", High, rules.RuleSudoRm},
		{"rm notes.txt", Medium, rules.RuleRm},
		{"rmdir empty", Safe, ""},
		{"rm --help", Safe, ""},
		{"echo rm -rf /", Safe, ""},
		{"ls -la /", Safe, ""},
		{"find / -delete", Blocked, rules.RuleRmRfRoot},
		{"find . -name '*.pyc' -delete", Medium, rules.RuleFindDelete},
		{"mv /usr /usr.old", Blocked, rules.RuleMvSystem},
	})
}

// TestRmVarNote checks that a protected path a variable made says so: the
// empty-variable accident is named in the reason.
func TestRmVarNote(t *testing.T) {
	g, err := New()
	if err != nil {
		t.Fatal(err)
	}
	st := State{Var: MapVars(map[string]string{"HOME": "/root", "EMPTY": "", "SYS": "/usr", "TMPD": "/srv/x"}), Dir: "/tmp"}
	for _, tc := range []struct{ line, rule, reason string }{
		{`rm -rf "$EMPTY/"`, rules.RuleRmRfRoot, "recursively deletes the filesystem root (with $EMPTY as it is here, the path is /)"},
		{`d=; rm -rf "$d"/`, rules.RuleRmRfRoot, "recursively deletes the filesystem root (with $d as it is here, the path is /)"},
		{`rm -rf "${UNSET}/"`, rules.RuleRmRfRoot, "recursively deletes the filesystem root (with $UNSET as it is here, the path is /)"},
		{`rm -rf $EMPTY/$UNSET/*`, rules.RuleRmRfRoot, "recursively deletes everything in the filesystem root (with $EMPTY, $UNSET as they are here, the path is /*)"},
		{`rm -rf "$SYS"`, rules.RuleRmRfSystemDir, "recursively deletes /usr, a system directory (with $SYS as it is here, the path is /usr)"},
		{`rm -rf "$HOME"`, rules.RuleRmRfHome, "recursively deletes the home directory /root"},
		{`rm -rf ~`, rules.RuleRmRfHome, "recursively deletes the home directory /root"},
		{`rm -rf /`, rules.RuleRmRfRoot, "recursively deletes the filesystem root"},
		{`rm -rf "$TMPD"`, rules.RuleRmRf, "recursively and forcibly deletes /srv/x"},
	} {
		v := g.Classify(tc.line, st)
		var got []string
		for _, f := range v.Findings {
			if f.Rule == tc.rule {
				got = append(got, f.Reason)
			}
		}
		if len(got) != 1 || got[0] != tc.reason {
			t.Errorf("%q: %s reasons %q, want %q (findings %v)", tc.line, tc.rule, got, tc.reason, v.Findings)
		}
	}
}
