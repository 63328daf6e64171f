package guard

import (
	"strings"
	"testing"
)

func TestRmExamples(t *testing.T) { testExamples(t, rmRules()) }

func TestRmRules(t *testing.T) {
	t.Parallel()
	runRuleCases(t, []testRuleCase{
		// The filesystem root, in every flag spelling.
		{"rm -rf /", Blocked, ruleRmRfRoot},
		{"rm -fr /", Blocked, ruleRmRfRoot},
		{"rm -r -f /", Blocked, ruleRmRfRoot},
		{"rm -Rf /", Blocked, ruleRmRfRoot},
		{"rm -rfv /", Blocked, ruleRmRfRoot},
		{"rm -vfR /", Blocked, ruleRmRfRoot},
		{"rm --recursive --force /", Blocked, ruleRmRfRoot},
		{"rm --rec --for /", Blocked, ruleRmRfRoot},
		{"rm -r /", Blocked, ruleRmRfRoot},
		{"rm -R /", Blocked, ruleRmRfRoot},
		{"rm --recursive /", Blocked, ruleRmRfRoot},
		{"rm / -rf", Blocked, ruleRmRfRoot},
		{"rm -f / -r", Blocked, ruleRmRfRoot},
		{"rm -rf -- /", Blocked, ruleRmRfRoot},
		{"rm -rf //", Blocked, ruleRmRfRoot},
		{"rm -rf /.", Blocked, ruleRmRfRoot},
		{"rm -rf /./", Blocked, ruleRmRfRoot},
		{"rm -rf /..", Blocked, ruleRmRfRoot},
		{"rm -rf /tmp/../", Blocked, ruleRmRfRoot},
		{"rm -rf /*", Blocked, ruleRmRfRoot},
		{"rm -rf /**", Blocked, ruleRmRfRoot},
		{"rm -rf /.*", Blocked, ruleRmRfRoot},
		{"rm -rf '/'", Blocked, ruleRmRfRoot},
		{"rm -rf \"/\"", Blocked, ruleRmRfRoot},
		{"rm -rf /tmp/x /", Blocked, ruleRmRfRoot},
		{"rm -rf --no-preserve-root /", Blocked, ruleRmRfRoot},
		{"rm --no-preserve-root -rf /", Blocked, ruleRmRfRoot},
		{"rm --no-preserve-root x", Blocked, ruleRmRfRoot},
		{"rm --no-pres x", Blocked, ruleRmRfRoot},
		{"rm -rf --no-preserve-root /tmp/x", Blocked, ruleRmRfRoot},
		{"/bin/rm -rf /", Blocked, ruleRmRfRoot},
		{"/usr/bin/rm -rf /", Blocked, ruleRmRfRoot},
		{"sudo rm -rf /", Blocked, ruleRmRfRoot},
		{"sudo rm -rf --no-preserve-root /", Blocked, ruleRmRfRoot},
		{"doas rm -rf /*", Blocked, ruleRmRfRoot},
		{"timeout 5 rm -rf /", Blocked, ruleRmRfRoot},
		{"cd / && rm -rf *", Blocked, ruleRmRfRoot},
		{"cd / && rm -rf .", Blocked, ruleRmRfRoot},
		{"cd / && rm -rf ./*", Blocked, ruleRmRfRoot},
		{"cd /tmp && rm -rf ../*", Blocked, ruleRmRfRoot},
		{"cd /usr && rm -rf ..", Blocked, ruleRmRfRoot},
		{"rm -rf ../../..", Blocked, ruleRmRfRoot},
		{"rm -rf ../../../*", Blocked, ruleRmRfRoot},

		// System directories.
		{"rm -rf /usr", Blocked, ruleRmRfSystemDir},
		{"rm -rf /etc", Blocked, ruleRmRfSystemDir},
		{"rm -rf /bin", Blocked, ruleRmRfSystemDir},
		{"rm -rf /boot", Blocked, ruleRmRfSystemDir},
		{"rm -rf /var", Blocked, ruleRmRfSystemDir},
		{"rm -rf /home", Blocked, ruleRmRfSystemDir},
		{"rm -rf /lib", Blocked, ruleRmRfSystemDir},
		{"rm -rf /lib64", Blocked, ruleRmRfSystemDir},
		{"rm -rf /opt", Blocked, ruleRmRfSystemDir},
		{"rm -rf /root", Blocked, ruleRmRfSystemDir},
		{"rm -rf /sbin", Blocked, ruleRmRfSystemDir},
		{"rm -rf /srv", Blocked, ruleRmRfSystemDir},
		{"rm -rf /sys", Blocked, ruleRmRfSystemDir},
		{"rm -rf /proc", Blocked, ruleRmRfSystemDir},
		{"rm -rf /dev", Blocked, ruleRmRfSystemDir},
		{"rm -rf /run", Blocked, ruleRmRfSystemDir},
		{"rm -rf /snap", Blocked, ruleRmRfSystemDir},
		{"rm -rf /usr/", Blocked, ruleRmRfSystemDir},
		{"rm -rf /usr/.", Blocked, ruleRmRfSystemDir},
		{"rm -rf //usr", Blocked, ruleRmRfSystemDir},
		{"rm -rf /usr/bin", Blocked, ruleRmRfSystemDir},
		{"rm -rf /usr/lib", Blocked, ruleRmRfSystemDir},
		{"rm -rf /usr/local", Blocked, ruleRmRfSystemDir},
		{"rm -rf /usr/share", Blocked, ruleRmRfSystemDir},
		{"rm -rf /var/lib", Blocked, ruleRmRfSystemDir},
		{"rm -rf /usr/*", Blocked, ruleRmRfSystemDir},
		{"rm -rf /etc/*", Blocked, ruleRmRfSystemDir},
		{"rm -rf /usr/bin/*", Blocked, ruleRmRfSystemDir},
		{"rm -rf /u*", Blocked, ruleRmRfSystemDir},
		{"rm -rf /b??", Blocked, ruleRmRfSystemDir},
		{"rm -rf /[eu]*", Blocked, ruleRmRfSystemDir},
		{"rm -rf /*/bin", Blocked, ruleRmRfSystemDir},
		{"rm -rf /tmp/../etc", Blocked, ruleRmRfSystemDir},
		{"rm -rf /tmp/../../usr", Blocked, ruleRmRfSystemDir},
		{"rm -r /etc", Blocked, ruleRmRfSystemDir},
		{"rm -R /var", Blocked, ruleRmRfSystemDir},
		{"rm --recursive /boot", Blocked, ruleRmRfSystemDir},
		{"rm -rf /tmp/a /etc", Blocked, ruleRmRfSystemDir},
		{"cd /etc && rm -rf *", Blocked, ruleRmRfSystemDir},
		{"cd /usr/bin && rm -rf .", Blocked, ruleRmRfSystemDir},
		{"cd /usr/local/bin && rm -rf ..", Blocked, ruleRmRfSystemDir},
		{"sudo rm -rf /var", Blocked, ruleRmRfSystemDir},
		{"sudo rm -rf /etc/*", Blocked, ruleRmRfSystemDir},
		// Without -r: the merged-/usr links, every file of a system directory.
		{"rm -f /bin", Blocked, ruleRmRfSystemDir},
		{"rm /lib64", Blocked, ruleRmRfSystemDir},
		{"rm -f /*", Blocked, ruleRmRfSystemDir},
		{"rm /usr/bin/*", Blocked, ruleRmRfSystemDir},
		{"rm -f /etc/*", Blocked, ruleRmRfSystemDir},
		{"unlink /lib", Blocked, ruleRmRfSystemDir},

		// The home directory and its ancestors.
		{"rm -rf ~", Blocked, ruleRmRfHome},
		{"rm -rf ~/", Blocked, ruleRmRfHome},
		{"rm -rf ~/*", Blocked, ruleRmRfHome},
		{"rm -rf ~/.*", Blocked, ruleRmRfHome},
		{"rm -rf ~/.", Blocked, ruleRmRfHome},
		{"rm -rf $HOME", Blocked, ruleRmRfHome},
		{"rm -rf \"$HOME\"", Blocked, ruleRmRfHome},
		{"rm -rf ${HOME}", Blocked, ruleRmRfHome},
		{"rm -rf \"$HOME/\"", Blocked, ruleRmRfHome},
		{"rm -rf \"$HOME\"/*", Blocked, ruleRmRfHome},
		{"rm -rf /home/u", Blocked, ruleRmRfHome},
		{"rm -rf /home/u/", Blocked, ruleRmRfHome},
		{"rm -rf /home/u/*", Blocked, ruleRmRfHome},
		{"rm -rf /home/*", Blocked, ruleRmRfSystemDir},
		{"rm -rf /home/*/*", Blocked, ruleRmRfHome},
		{"rm -r ~", Blocked, ruleRmRfHome},
		{"rm -rf ..", Blocked, ruleRmRfHome},
		{"rm -rf ../*", Blocked, ruleRmRfHome},
		{"rm -rf ../", Blocked, ruleRmRfHome},
		{"rm -rf ~/proj/../", Blocked, ruleRmRfHome},
		{"cd ~ && rm -rf *", Blocked, ruleRmRfHome},
		{"cd ~ && rm -rf .", Blocked, ruleRmRfHome},
		{"sudo rm -rf ~", Blocked, ruleRmRfHome},
		{"rm -rf ~/ ./x", Blocked, ruleRmRfHome},

		// Wildcards elsewhere: high.
		{"rm -rf *", High, ruleRmRfWildcard},
		{"rm -rf ./*", High, ruleRmRfWildcard},
		{"rm -rf build/*", High, ruleRmRfWildcard},
		{"rm -rf /tmp/*", High, ruleRmRfWildcard},
		{"rm -rf *.o", High, ruleRmRfWildcard},
		{"rm -fr .*", High, ruleRmRfWildcard},
		{"rm -rf ~/proj/*", High, ruleRmRfWildcard},
		{"rm -rf ~/.cache/*", High, ruleRmRfWildcard},
		{"rm -rf /var/log/*", High, ruleRmRfWildcard},
		{"rm -rf /etc/*.bak", High, ruleRmRfWildcard},
		{"rm -rf /usr/local/lib/python3/*", High, ruleRmRfWildcard},
		{"cd /tmp && rm -rf *", High, ruleRmRfWildcard},
		{"cd '' && rm -rf *", High, ruleRmRfWildcard},
		{"rm -rf $DIR/*", High, ruleRmRfWildcard},

		// Recursive and forced elsewhere: high.
		{"rm -rf ./build", High, ruleRmRf},
		{"rm -rf build", High, ruleRmRf},
		{"rm -rf node_modules dist", High, ruleRmRf},
		{"rm -rf /srv/x", High, ruleRmRf},
		{"rm -fr /srv/x", High, ruleRmRf},
		{"rm -r -f /srv/x", High, ruleRmRf},
		{"rm -Rf /srv/x", High, ruleRmRf},
		{"rm --recursive --force /srv/x", High, ruleRmRf},
		{"rm -rf /tmp/x", Medium, ruleRm},
		{"rm -rf /var/tmp/build-1 /tmp/y", Medium, ruleRm},
		{"rm -rf /tmp/x/", High, ruleRmRf},
		{"rm -rf /tmp/x /srv/x", High, ruleRmRf},
		{"rm -rf /tmp/./x", High, ruleRmRf},
		{"rm -rf /tmp/x*", High, ruleRmRfWildcard},
		{"rm -rf /tmpx", High, ruleRmRf},
		{"rm -rf \"$TMPDIR/x\"", High, ruleRmRf},
		{"rm -rfv target", High, ruleRmRf},
		{"rm -rf -- -weird", High, ruleRmRf},
		{"rm -rf .", High, ruleRmRf},
		{"rm -rf /var/log", High, ruleRmRf},
		{"rm -rf /etc/nginx", High, ruleRmRf},
		{"rm -rf /usr/local/lib/foo", High, ruleRmRf},
		{"rm -rf /home/other", High, ruleRmRf},
		{"rm -rf ~bob", High, ruleRmRf},
		{"rm -rf /mnt/usb/old", High, ruleRmRf},
		{"rm -rf ~/.cache", High, ruleRmRf},
		{"rm -rf ~/proj", High, ruleRmRf},
		{"rm -rf $HOME/.cache", High, ruleRmRf},
		{"rm -rf /tmp/../tmp/x", High, ruleRmRf},
		{"rm -rf \"$X\"", High, ruleRmRf},
		{"rm -rf $X", High, ruleRmRf},
		{"rm -rf \"$X\"/", High, ruleRmRf},
		{"rm -rf /\"$X\"", High, ruleRmRf},
		{"rm -rf /usr/$X", High, ruleRmRf},
		{"rm -rf \"$BUILD_DIR\"", High, ruleRmRf},
		{"rm -rf", Safe, ""},
		{"rm -rf 123>/dev/null", Safe, ""},
		{"rm -rf 2>/dev/null build", High, ruleRmRf},
		{"rm -rf build 123>/dev/null", High, ruleRmRf},
		{"xargs rm -rf", High, ruleRmRf},
		{"rm $OPTS /", High, ruleRmRf},
		{"rm $OPTS ~", High, ruleRmRf},
		{"rm -$X /", High, ruleRmRf},
		{"rm -$X /etc", Blocked, ruleRmRfSystemDir},
		{"cd /tmp && rm -rf ./x", High, ruleRmRf},
		{"cd '' && rm -rf ..", High, ruleRmRf},
		{"cd '' && rm -rf x", High, ruleRmRf},

		// sudo.
		{"sudo rm -rf /tmp/x", High, ruleSudoRm},
		{"sudo rm /tmp/x", High, ruleSudoRm},
		{"doas rm file", High, ruleSudoRm},
		{"sudo rm -r /opt/app", High, ruleSudoRm},
		{"sudo unlink /etc/nginx/sites-enabled/default", High, ruleSudoRm},
		{"sudo rmdir /opt/empty", Safe, ""},

		// Plain rm, rmdir, unlink: medium.
		{"rm file", Medium, ruleRm},
		{"rm -f file", Medium, ruleRm},
		{"rm -i file", Medium, ruleRm},
		{"rm -v a b c d e", Medium, ruleRm},
		{"rm *.o", Medium, ruleRm},
		{"rm -f *.log", Medium, ruleRm},
		{"rm -r dir", Medium, ruleRm},
		{"rm -R dir", Medium, ruleRm},
		{"rm -r /tmp/x", Medium, ruleRm},
		{"rm -ri /tmp/x", Medium, ruleRm},
		{"rm -d emptydir", Medium, ruleRm},
		{"rm -f /", Medium, ruleRm},
		{"rm /", Medium, ruleRm},
		{"rm ~", Medium, ruleRm},
		{"rm -f ~/*", Medium, ruleRm},
		{"rm /etc/nginx/sites-enabled/default", Medium, ruleRm},
		{"rm /tmp/../etc/foo.conf", Medium, ruleRm},
		{"rm /etc/*.bak", Medium, ruleRm},
		{"rm \"$F\"", Medium, ruleRm},
		{"rm -f \"$F\"", Medium, ruleRm},
		{"rm $A $B", Medium, ruleRm},
		{"rm", Safe, ""},
		{"rm -f", Safe, ""},
		{"rm -r $TMPDIR", Medium, ruleRm},
		{"rm -rf $(cat list)", High, ruleRmRf},
		{"sudo rm -r $D", High, ruleSudoRm},
		{"rm ''", Medium, ruleRm},
		{"rm -- -rf", Medium, ruleRm},
		{"rm ./-rf", Medium, ruleRm},
		{"rmdir empty", Safe, ""},
		{"rmdir /usr", Safe, ""},
		{"rmdir -p a/b/c", Safe, ""},
		{"unlink file", Medium, ruleRm},
		{"unlink /etc/nginx/x", Medium, ruleRm},
		{"xargs rm", Medium, ruleRm},

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
		{"find . -name '*.pyc' -delete", Medium, ruleFindDelete},
		{"find build -delete", High, ruleRmRf},
		{"find -delete", High, ruleRmRf},
		{"find build -name '*.o' -delete", Medium, ruleFindDelete},
		{"find . -delete", High, ruleRmRf},
		{"find . -mindepth 1 -delete -print", High, ruleRmRf},
		{"find /srv/data -type f -delete", High, ruleRmRf},
		{"find . -type f -empty -delete", Medium, ruleFindDelete},
		{"find . -type d -empty -delete", Medium, ruleFindDelete},
		{"find . -maxdepth 1 -delete", Medium, ruleFindDelete},
		{"find . ! -name keep -delete", Medium, ruleFindDelete},
		{"find /tmp -type f -mtime +7 -delete", Medium, ruleFindDelete},
		{"find /var/log -name '*.gz' -delete", Medium, ruleFindDelete},
		{"find -L . -name x -delete", Medium, ruleFindDelete},
		{"find / -delete", Blocked, ruleRmRfRoot},
		{"find / -type f -delete", Blocked, ruleRmRfRoot},
		{"find / -name '*' -delete", Blocked, ruleRmRfRoot},
		{"find / ! -name keep -delete", Blocked, ruleRmRfRoot},
		{"find / -name x -o -delete", Blocked, ruleRmRfRoot},
		{"find /usr -delete", Blocked, ruleRmRfSystemDir},
		{"find /etc -mindepth 1 -delete", Blocked, ruleRmRfSystemDir},
		{"find -P /etc -delete", Blocked, ruleRmRfSystemDir},
		{"find /tmp/../etc -delete", Blocked, ruleRmRfSystemDir},
		{"find ~ -delete", Blocked, ruleRmRfHome},
		{"find $HOME -type f -delete", Blocked, ruleRmRfHome},
		{"find .. -delete", Blocked, ruleRmRfHome},
		{"cd / && find . -delete", Blocked, ruleRmRfRoot},
		{"cd / && find -delete", Blocked, ruleRmRfRoot},
		{"find / -name '*.pyc' -delete", High, ruleFindDeleteTree},
		{"find ~ -name .DS_Store -delete", High, ruleFindDeleteTree},
		{"find /usr -name '*.orig' -delete", High, ruleFindDeleteTree},
		{"find /var -mtime +30 -delete", High, ruleFindDeleteTree},
		{"find \"$D\" -delete", High, ruleRmRf},
		{"find $D -name x -delete", High, ruleRmRf},
		{"sudo find /tmp -name x -delete", High, ruleSudoRm},
		{"find / -name x", Safe, ""},
		{"find / -name '*.delete'", Safe, ""},
		{"find . -name -delete -print", Safe, ""},
		{"find . -name -delete -delete", Medium, ruleFindDelete},
		{"find . -path -delete -o -name x", Safe, ""},
		{"find . -exec echo -delete ';'", Safe, ""},
		{"find . -execdir tool -delete {} + -delete", Medium, ruleFindDelete},
		{"find . -newermt -delete", Safe, ""},
		{"find . -fprintf out -delete x", Safe, ""},

		// mv of system directories.
		{"mv /usr /usr.old", Blocked, ruleMvSystem},
		{"mv /etc /tmp/etc", Blocked, ruleMvSystem},
		{"mv / /x", Blocked, ruleMvSystem},
		{"mv ~ /tmp/home", Blocked, ruleMvSystem},
		{"mv $HOME /tmp/home", Blocked, ruleMvSystem},
		{"mv /bin /tmp/", Blocked, ruleMvSystem},
		{"mv /usr/bin /tmp/", Blocked, ruleMvSystem},
		{"mv /usr/* /tmp/", Blocked, ruleMvSystem},
		{"mv /* /tmp/", Blocked, ruleMvSystem},
		{"mv -t /tmp /etc", Blocked, ruleMvSystem},
		{"mv --target-directory=/tmp /var", Blocked, ruleMvSystem},
		{"mv -f /boot /x", Blocked, ruleMvSystem},
		{"mv -- /lib /x", Blocked, ruleMvSystem},
		{"cd / && mv usr x", Blocked, ruleMvSystem},
		{"mv a b", Safe, ""},
		{"mv ~/a ~/b", Safe, ""},
		{"mv ~/* /tmp/", Safe, ""},
		{"mv x /usr", Medium, ruleWriteEtc},
		{"mv x /etc/", Medium, ruleWriteEtc},
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
		{"rm -rf /", ruleRmRfRoot, "recursively deletes the filesystem root"},
		{"rm -rf /usr", ruleRmRfSystemDir, "recursively deletes /usr, a system directory"},
		{"rm -rf /tmp/../etc", ruleRmRfSystemDir, "recursively deletes /etc, a system directory"},
		{"rm -rf /usr/*", ruleRmRfSystemDir, "recursively deletes everything in /usr, a system directory"},
		{"rm -rf ~", ruleRmRfHome, "recursively deletes the home directory /home/u"},
		{"rm -rf ./build", ruleRmRf, "recursively and forcibly deletes ./build"},
		{"rm -rf \"$X\"", ruleRmRf, "recursively and forcibly deletes $X"},
		{"rm -rf *", ruleRmRfWildcard, "recursively and forcibly deletes everything * matches"},
	} {
		c := testCmdLine(tc.line)
		var got []string
		for _, b := range rmRules() {
			if b.Name == tc.rule {
				for _, h := range b.check(c) {
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
			case ruleRmRf, ruleRm, ruleSudoRm, ruleRmRfWildcard:
				t.Errorf("%q: %s fires next to a blocked rule", line, n)
			}
		}
	}
}

func TestFsScan(t *testing.T) {
	a := fsScan(Lits("-rfv", "x", "--interactive=never", "--rec", "--", "-y"), &rmSpec)
	if !a.has("r") || !a.has("f") || !a.has("v") || !a.has("recursive") || !a.has("interactive") {
		t.Errorf("options %+v", a.opts)
	}
	if len(a.operands) != 2 || a.operands[0].Value != "x" || a.operands[1].Value != "-y" {
		t.Errorf("operands %+v", a.operands)
	}
	a = fsScan(Lits("-tdir", "a", "-S", ".bak", "b", "--target-directory", "d2"), &mvSpec)
	if w, ok := a.arg("t", "target-directory"); !ok || w.Value != "d2" {
		t.Errorf("target %v %v", w, ok)
	}
	if w, _ := a.arg("S"); w.Value != ".bak" {
		t.Errorf("suffix %v", w)
	}
	if len(a.operands) != 2 {
		t.Errorf("operands %+v", a.operands)
	}
	// --v is ambiguous between --verbose and --version: not info.
	if a := fsScan(Lits("--v", "x"), &rmSpec); a.info {
		t.Errorf("--v taken for --version")
	}
}

func TestFsResolve(t *testing.T) {
	c := &Command{Dir: "/home/u/proj", Home: "/home/u"}
	for _, tc := range []struct{ in, want string }{
		{"/", "/"},
		{"//", "/"},
		{"/./", "/"},
		{"/tmp/../etc", "/etc"},
		{"x", "/home/u/proj/x"},
		{"../..", "/home"},
		{"~", "/home/u"},
		{"~/", "/home/u"},
		{"~/a/../b", "/home/u/b"},
		{"$HOME", "/home/u"},
		{"${HOME}/x", "/home/u/x"},
		{"~root", "/root"},
		{"~bob/x", "/home/bob/x"},
		{"~+/x", "/home/u/proj/x"},
		{"~-", ""},
		{"", ""},
		{"$HOMEX", "/home/u/proj/$HOMEX"},
	} {
		if got := fsResolve(c, Lit(tc.in)).abs; got != tc.want {
			t.Errorf("fsResolve(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	if got := fsResolve(&Command{}, Lit("x")).abs; got != "" {
		t.Errorf("relative without dir resolved to %q", got)
	}
}

func TestFsSystemDirs(t *testing.T) {
	for _, d := range []string{"/usr", "/etc", "/bin", "/usr/bin", "/var/lib", "/snap"} {
		if !fsIsSystemDir(d) {
			t.Errorf("%s is not a system dir", d)
		}
	}
	for _, d := range []string{"/", "/tmp", "/usr/local/bin", "/etc/nginx", "/mnt", "/u", "/us", "/usrx", ""} {
		if fsIsSystemDir(d) {
			t.Errorf("%s is a system dir", d)
		}
	}
}

func BenchmarkRmRules(b *testing.B) {
	rules := rmRules()
	cmds := []*Command{testCmdLine("rm -rf ./build"), testCmdLine("ls -la"), testCmdLine("rm -rf /usr/*")}
	b.ReportAllocs()
	for b.Loop() {
		for _, c := range cmds {
			for _, r := range rules {
				r.check(c)
			}
		}
	}
}

func TestRmClassify(t *testing.T) {
	classifyRuleCases(t, []testRuleCase{
		// Moving a file out of /etc deletes it there: the walker checks
		// mv's sources as rm's (this row was safe through the test parser).
		{"mv /etc/hosts /tmp/hosts", Medium, ruleRm},
		{"rm -rf /", Blocked, ruleRmRfRoot},
		{"sudo rm -rf /", Blocked, ruleRmRfRoot},
		{"cd / && rm -rf *", Blocked, ruleRmRfRoot},
		{"cd /tmp && rm -rf *", High, ruleRmRfWildcard},
		{"cd /tmp && rm -rf ./x", High, ruleRmRf},
		{"rm -rf \"$UNSET/\"*", Blocked, ruleRmRfRoot},
		{"rm -rf $EMPTY/", Blocked, ruleRmRfRoot},
		{"rm -rf /tmp/../etc", Blocked, ruleRmRfSystemDir},
		{"rm -rf /{usr,tmp}", Blocked, ruleRmRfSystemDir},
		{"rm -rf ~", Blocked, ruleRmRfHome},
		{"rm -rf \"$HOME\"", Blocked, ruleRmRfHome},
		{"rm -rf ~/", Blocked, ruleRmRfHome},
		{"rm -rf ~/*", Blocked, ruleRmRfHome},
		{"c=rm; $c -rf /", Blocked, ruleRmRfRoot},
		{"bash -c 'rm -rf /usr'", Blocked, ruleRmRfSystemDir},
		{"rm -rf ./build", High, ruleRmRf},
		{"rm -rf \"$2\"", High, ruleRmRf},
		{"rm -rf *", High, ruleRmRfWildcard},
		{"sudo rm -rf /tmp/x", High, ruleSudoRm},
		{"rm notes.txt", Medium, ruleRm},
		{"rmdir empty", Safe, ""},
		{"rm --help", Safe, ""},
		{"echo rm -rf /", Safe, ""},
		{"ls -la /", Safe, ""},
		{"find / -delete", Blocked, ruleRmRfRoot},
		{"find . -name '*.pyc' -delete", Medium, ruleFindDelete},
		{"mv /usr /usr.old", Blocked, ruleMvSystem},
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
		{`rm -rf "$EMPTY/"`, ruleRmRfRoot, "recursively deletes the filesystem root (with $EMPTY as it is here, the path is /)"},
		{`d=; rm -rf "$d"/`, ruleRmRfRoot, "recursively deletes the filesystem root (with $d as it is here, the path is /)"},
		{`rm -rf "${UNSET}/"`, ruleRmRfRoot, "recursively deletes the filesystem root (with $UNSET as it is here, the path is /)"},
		{`rm -rf $EMPTY/$UNSET/*`, ruleRmRfRoot, "recursively deletes everything in the filesystem root (with $EMPTY, $UNSET as they are here, the path is /*)"},
		{`rm -rf "$SYS"`, ruleRmRfSystemDir, "recursively deletes /usr, a system directory (with $SYS as it is here, the path is /usr)"},
		{`rm -rf "$HOME"`, ruleRmRfHome, "recursively deletes the home directory /root"},
		{`rm -rf ~`, ruleRmRfHome, "recursively deletes the home directory /root"},
		{`rm -rf /`, ruleRmRfRoot, "recursively deletes the filesystem root"},
		{`rm -rf "$TMPD"`, ruleRmRf, "recursively and forcibly deletes /srv/x"},
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
