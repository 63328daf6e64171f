package guard

import (
	"strings"
	"testing"
)

func TestFileExamples(t *testing.T) { testExamples(t, fileRules()) }

func TestFileRules(t *testing.T) {
	t.Parallel()
	runRuleCases(t, []testRuleCase{
		// Emptying a file.
		{"> app.log", Medium, ruleTruncateFile},
		{": > app.log", Medium, ruleTruncateFile},
		{": >app.log", Medium, ruleTruncateFile},
		{"true > app.log", Medium, ruleTruncateFile},
		{"false > app.log", Medium, ruleTruncateFile},
		{">| app.log", Medium, ruleTruncateFile},
		{"&> app.log", Medium, ruleTruncateFile},
		{"cat /dev/null > app.log", Medium, ruleTruncateFile},
		{"echo -n > app.log", Medium, ruleTruncateFile},
		{"echo > app.log", Medium, ruleTruncateFile},
		{"printf '' > app.log", Medium, ruleTruncateFile},
		{"> /var/log/syslog", Medium, ruleTruncateFile},
		{"> ~/notes.txt", Medium, ruleTruncateFile},
		{"cd '' && > app.log", Medium, ruleTruncateFile},
		{"truncate -s 0 app.log", Medium, ruleTruncateFile},
		{"truncate -s0 app.log", Medium, ruleTruncateFile},
		{"truncate --size=0 a b", Medium, ruleTruncateFile},
		{"truncate --size 0 a", Medium, ruleTruncateFile},
		{"truncate -s 10G sparse.img", Medium, ruleTruncateFile},
		{"truncate -s -100 f", Medium, ruleTruncateFile},
		{"truncate -r ref f", Medium, ruleTruncateFile},
		{"cp /dev/null app.log", Medium, ruleTruncateFile},
		{": > \"$LOG\"", Medium, ruleTruncateFile},
		{"truncate --help", Safe, ""},
		// Writing output to a file is ordinary.
		{"ls > out.txt", Safe, ""},
		{"ls -la > /tmp/listing", Safe, ""},
		{"make > build.log", Safe, ""},
		{"make > build.log 2>&1", Safe, ""},
		{"echo hello > greeting.txt", Safe, ""},
		{"echo -n hello > greeting.txt", Safe, ""},
		{"printf '%s' x > f", Safe, ""},
		{"cat a b > c", Safe, ""},
		{"cat > file", Safe, ""},
		{"sort -u words > sorted", Safe, ""},
		{"echo x >> log", Safe, ""},
		{">> log", Safe, ""},
		{": >> log", Safe, ""},
		{"cmd 2> err.log", Safe, ""},
		{"cmd > /dev/null 2>&1", Safe, ""},
		{": > /dev/null", Safe, ""},
		{"cat < input.txt", Safe, ""},
		{"cp a b", Safe, ""},

		// The account and sudo databases.
		{"echo 'x ALL=(ALL) NOPASSWD: ALL' >> /etc/sudoers", High, ruleWriteSystemFile},
		{"echo x > /etc/passwd", High, ruleWriteSystemFile},
		{"cat users >> /etc/passwd", High, ruleWriteSystemFile},
		{"> /etc/shadow", High, ruleWriteSystemFile},
		{": > /etc/passwd", High, ruleWriteSystemFile},
		{"echo x > /etc/group", High, ruleWriteSystemFile},
		{"echo x > /etc/gshadow", High, ruleWriteSystemFile},
		{"echo x > /etc/sudoers.d/nopasswd", High, ruleWriteSystemFile},
		{"echo x > /etc/sudoers.d/$NAME", High, ruleWriteSystemFile},
		{"echo x > /tmp/../etc/passwd", High, ruleWriteSystemFile},
		{"cd /etc && echo x >> passwd", High, ruleWriteSystemFile},
		{"tee /etc/passwd", High, ruleWriteSystemFile},
		{"tee -a /etc/sudoers", High, ruleWriteSystemFile},
		{"sudo tee -a /etc/sudoers.d/u", High, ruleWriteSystemFile},
		{"cp passwd.new /etc/passwd", High, ruleWriteSystemFile},
		{"cp /tmp/passwd /etc/", High, ruleWriteSystemFile},
		{"cp /tmp/passwd /etc", High, ruleWriteSystemFile},
		{"cp -t /etc /tmp/shadow", High, ruleWriteSystemFile},
		{"mv /tmp/x /etc/shadow", High, ruleWriteSystemFile},
		{"install -m 440 nopasswd /etc/sudoers.d/", High, ruleWriteSystemFile},
		{"install -m 0440 x /etc/sudoers.d/x", High, ruleWriteSystemFile},
		{"dd if=x of=/etc/passwd", High, ruleWriteSystemFile},
		{"sed -i 's/x/y/' /etc/passwd", High, ruleWriteSystemFile},
		{"sed -i.bak -e s/a/b/ /etc/sudoers", High, ruleWriteSystemFile},
		{"sed --in-place 's/a/b/' /etc/group", High, ruleWriteSystemFile},
		{"sed -ni 's/a/b/p' /etc/shadow", High, ruleWriteSystemFile},
		{"truncate -s 0 /etc/passwd", High, ruleWriteSystemFile},
		{"rm /etc/passwd", High, ruleWriteSystemFile},
		{"rm -f /etc/sudoers.d/u", High, ruleWriteSystemFile},
		{"shred -u /etc/shadow", High, ruleWriteSystemFile},
		{"cat /etc/passwd", Safe, ""},
		{"grep u /etc/passwd", Safe, ""},
		{"sed 's/a/b/' /etc/passwd", Safe, ""},
		{"sed -n 's/a/b/p' /etc/passwd > out", Safe, ""},
		{"sed -e s/a/b/ -i.bak notes.txt", Safe, ""},
		{"cp /etc/passwd /tmp/passwd.bak", Safe, ""},
		{"cp /etc/passwd .", Safe, ""},
		{"sort < /etc/passwd", Safe, ""},
		{"echo /etc/passwd > list", Safe, ""},

		// Other system files.
		{"echo '127.0.0.1 dev' | sudo tee -a /etc/hosts", Medium, ruleWriteEtc},
		{"echo x > /etc/hosts", Medium, ruleWriteEtc},
		{"echo x >> /etc/fstab", Medium, ruleWriteEtc},
		{"echo x > /etc/apt/sources.list.d/x.list", Medium, ruleWriteEtc},
		{"echo x > /boot/config.txt", Medium, ruleWriteEtc},
		{"echo x > /usr/local/bin/tool", Medium, ruleWriteEtc},
		{"echo 3 > /proc/sys/vm/drop_caches", Medium, ruleWriteEtc},
		{"echo 1 > /sys/class/leds/x/brightness", Medium, ruleWriteEtc},
		{"tee /etc/docker/daemon.json", Medium, ruleWriteEtc},
		{"sudo tee -a /etc/environment", Medium, ruleWriteEtc},
		{"sed -i 's/a/b/' /etc/ssh/sshd_config", Medium, ruleWriteEtc},
		{"cp tool /usr/local/bin/", Medium, ruleWriteEtc},
		{"sudo install -m 755 tool /usr/local/bin", Medium, ruleWriteEtc},
		{"install -d /etc/myapp", Medium, ruleWriteEtc},
		{"mv x.conf /etc/nginx/conf.d/", Medium, ruleWriteEtc},
		{"echo x > /etc/$NAME.conf", Medium, ruleWriteEtc},
		{"echo x > /etc/*.conf", Medium, ruleWriteEtc},
		{": > /etc/motd", Medium, ruleWriteEtc},
		{"echo x > /etc", Safe, ""},
		{"cat /etc/hosts > hosts.bak", Safe, ""},
		{"echo x > /tmp/etc/hosts", Safe, ""},
		{"echo x > ./etc/hosts", Safe, ""},

		// Shell startup files and authorized_keys.
		{"echo 'export PATH=$PATH:~/bin' >> ~/.bashrc", Medium, ruleAppendRc},
		{"echo x >> ~/.zshrc", Medium, ruleAppendRc},
		{"echo x >> ~/.profile", Medium, ruleAppendRc},
		{"echo x >> ~/.bash_profile", Medium, ruleAppendRc},
		{"echo x >> ~/.zprofile", Medium, ruleAppendRc},
		{"echo x >> ~/.config/fish/config.fish", Medium, ruleAppendRc},
		{"echo x > ~/.bashrc", Medium, ruleAppendRc},
		{"echo x >> $HOME/.bashrc", Medium, ruleAppendRc},
		{"echo x >> /home/u/.bashrc", Medium, ruleAppendRc},
		{"echo x >> /root/.bashrc", Medium, ruleAppendRc},
		{"echo x >> ../.bashrc", Medium, ruleAppendRc},
		{"cat key.pub >> ~/.ssh/authorized_keys", Medium, ruleAppendRc},
		{"echo ssh-ed25519 AAA >> ~/.ssh/authorized_keys", Medium, ruleAppendRc},
		{"tee -a ~/.bashrc", Medium, ruleAppendRc},
		{"tee ~/.ssh/authorized_keys", Medium, ruleAppendRc},
		{"cp bashrc ~/.bashrc", Medium, ruleAppendRc},
		{"sed -i '/alias/d' ~/.zshrc", Medium, ruleAppendRc},
		{"cd '' && echo x >> .bashrc", Medium, ruleAppendRc},
		{"cat ~/.bashrc", Safe, ""},
		{"grep alias ~/.bashrc", Safe, ""},
		{"cat ~/.ssh/authorized_keys > keys.txt", Safe, ""},
		{"echo x >> ~/.bashrc.bak", Safe, ""},
		{"echo x >> ~/notes/rc", Safe, ""},

		// Unknown targets.
		{"echo hi > \"$OUT\"", Medium, ruleRedirectUnknown},
		{"echo hi > $F", Medium, ruleRedirectUnknown},
		{"echo hi >> \"$LOG\"", Medium, ruleRedirectUnknown},
		{"cmd 2> $ERR", Medium, ruleRedirectUnknown},
		{"echo hi > *.txt", Medium, ruleRedirectUnknown},
		{"tee \"$OUT\"", Medium, ruleRedirectUnknown},
		{"cat x > \"$DIR\"/out", Medium, ruleRedirectUnknown},
		{"cat < \"$IN\"", Safe, ""},
		{"cp a \"$B\"", Safe, ""},
		{"echo hi >&2", Safe, ""},
		{"echo hi 1>&2", Safe, ""},
		{"tee --help", Safe, ""},

		// less copying its input to a file.
		{"less -o /etc/passwd", High, ruleWriteSystemFile},
		{"less -o/etc/shadow", High, ruleWriteSystemFile},
		{"less --log-file=/etc/sudoers", High, ruleWriteSystemFile},
		{"less --LOG-FILE /etc/passwd", High, ruleWriteSystemFile},
		{"less -O \"$OUT\"", Medium, ruleRedirectUnknown},
		{"less -o log.txt", Safe, ""},
		{"less -R notes.txt", Safe, ""},
		{"less -- -o /etc/passwd", Safe, ""},
	})
}

func TestSedInPlace(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"-i", "s/a/b/", "f"}, []string{"f"}},
		{[]string{"-i", "-e", "s/a/b/", "f", "g"}, []string{"f", "g"}},
		{[]string{"-ie", "s/a/b/", "f"}, []string{"f"}},
		{[]string{"-i.bak", "s/a/b/", "f"}, []string{"f"}},
		{[]string{"--in-place=.bak", "-f", "script.sed", "f"}, []string{"f"}},
		{[]string{"-n", "-i", "-e", "p", "--", "-f"}, []string{"-f"}},
		{[]string{"-E", "-i", "s/a/b/", "f"}, []string{"f"}},
		{[]string{"s/a/b/", "f"}, nil},
		{[]string{"-n", "p", "f"}, nil},
		{[]string{"-e", "s/i/x/", "f"}, nil},
		{[]string{"--help"}, nil},
	} {
		got := sedInPlace(Lits(tc.args...))
		if len(got) != len(tc.want) {
			t.Errorf("sedInPlace(%q) = %v, want %q", tc.args, got, tc.want)
			continue
		}
		for i := range got {
			if got[i].Value != tc.want[i] {
				t.Errorf("sedInPlace(%q) = %v, want %q", tc.args, got, tc.want)
			}
		}
	}
}

func TestFileClassify(t *testing.T) {
	classifyRuleCases(t, []testRuleCase{
		{"> app.log", Medium, ruleTruncateFile},
		{": > app.log", Medium, ruleTruncateFile},
		{"truncate -s 0 app.log", Medium, ruleTruncateFile},
		{"cp /dev/null app.log", Medium, ruleTruncateFile},
		{"ls > out.txt", Safe, ""},
		{"make > build.log 2>&1", Safe, ""},
		{"{ echo a; echo b; } > out.txt", Safe, ""},
		{"for i in 1 2; do echo $i; done > out.txt", Safe, ""},
		{"echo 'u ALL=(ALL) NOPASSWD: ALL' | sudo tee -a /etc/sudoers", High, ruleWriteSystemFile},
		{"echo x >> /etc/passwd", High, ruleWriteSystemFile},
		{"sudo sed -i 's/a/b/' /etc/shadow", High, ruleWriteSystemFile},
		{"echo '127.0.0.1 dev' | sudo tee -a /etc/hosts", Medium, ruleWriteEtc},
		{"echo 'export X=1' >> ~/.bashrc", Medium, ruleAppendRc},
		{"cat key.pub >> ~/.ssh/authorized_keys", Medium, ruleAppendRc},
		{"echo hi > \"$2\"", Medium, ruleRedirectUnknown},
		{"echo x | tee >(wc -c) >(sha1sum)", Safe, ""},
		{"cmd > >(tee -a out.log) 2> >(tee -a err.log >&2)", Safe, ""},
		{"exec > >(tee -a $HOME/logfile) 2>&1", Safe, ""},
		{"echo x > /tmp/$$", Medium, ruleRedirectUnknown},
		{"cat ~/.bashrc", Safe, ""},
	})
}

// The run-time write check knows a file is opened, not by what: it never
// counts as emptying one.
func TestFileRunTimeOpen(t *testing.T) {
	c := &Command{Text: "> /home/u/proj/out.txt", Dir: testDir, Home: testHome, Via: []string{fileRunTimeOpen},
		Redirects: []Redirect{{Op: ">", Target: Lit("/home/u/proj/out.txt"), Write: true, Truncate: true}}}
	if lvl, names := levelOfCmd(t, c); lvl != Safe {
		t.Errorf("run-time open of out.txt: %v %v, want safe", lvl, names)
	}
	c.Redirects[0].Target = Lit("/etc/passwd")
	if lvl, _ := levelOfCmd(t, c); lvl != High {
		t.Errorf("run-time open of /etc/passwd: %v, want high", lvl)
	}
}

// TestRcReasons checks that the reason says what kind of file that runs
// code later is written.
func TestRcReasons(t *testing.T) {
	g := mustGuard(t)
	for _, tt := range []struct{ line, want string }{
		{"kubectl completion fish > ~/.config/fish/completions/kubectl.fish", "when it completes that command"},
		{"echo 'function ll; ls -l; end' > ~/.config/fish/functions/ll.fish", "a fish function"},
		{"echo 'set -x A 1' >> ~/.config/fish/config.fish", "a shell startup file"},
		{"echo 'set -x A 1' >> ~/.config/fish/conf.d/a.fish", "a shell startup file"},
		{"echo x >> ~/.bashrc", "a shell startup file that runs when a shell starts"},
		{"cat id.pub >> ~/.ssh/authorized_keys", "who may log in by ssh"},
	} {
		v := g.Classify(tt.line, testState())
		found := false
		for _, f := range v.Findings {
			found = found || f.Rule == ruleAppendRc && strings.Contains(f.Reason, tt.want)
		}
		if v.Level != Medium || !found {
			t.Errorf("%q: %s %+v, want medium with %s saying %q", tt.line, v.Level, v.Findings, ruleAppendRc, tt.want)
		}
	}
}
