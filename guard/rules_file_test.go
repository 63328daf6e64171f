package guard

import (
	"strings"
	"testing"

	"guardsh/guard/internal/rules"
)

func TestFileExamples(t *testing.T) { testExamples(t, rules.FileRules()) }

func TestFileRules(t *testing.T) {
	t.Parallel()
	runRuleCases(t, []testRuleCase{
		// Emptying a file.
		{"> app.log", Medium, rules.RuleTruncateFile},
		{": > app.log", Medium, rules.RuleTruncateFile},
		{": >app.log", Medium, rules.RuleTruncateFile},
		{"true > app.log", Medium, rules.RuleTruncateFile},
		{"false > app.log", Medium, rules.RuleTruncateFile},
		{">| app.log", Medium, rules.RuleTruncateFile},
		{"&> app.log", Medium, rules.RuleTruncateFile},
		{"cat /dev/null > app.log", Medium, rules.RuleTruncateFile},
		{"echo -n > app.log", Medium, rules.RuleTruncateFile},
		{"echo > app.log", Medium, rules.RuleTruncateFile},
		{"printf '' > app.log", Medium, rules.RuleTruncateFile},
		{"> /var/log/syslog", Medium, rules.RuleTruncateFile},
		{"> ~/notes.txt", Medium, rules.RuleTruncateFile},
		{"cd '' && > app.log", Medium, rules.RuleTruncateFile},
		{"truncate -s 0 app.log", Medium, rules.RuleTruncateFile},
		{"truncate -s0 app.log", Medium, rules.RuleTruncateFile},
		{"truncate --size=0 a b", Medium, rules.RuleTruncateFile},
		{"truncate --size 0 a", Medium, rules.RuleTruncateFile},
		{"truncate -s 10G sparse.img", Medium, rules.RuleTruncateFile},
		{"truncate -s -100 f", Medium, rules.RuleTruncateFile},
		{"truncate -r ref f", Medium, rules.RuleTruncateFile},
		{"cp /dev/null app.log", Medium, rules.RuleTruncateFile},
		{"install /dev/null app.log", Medium, rules.RuleTruncateFile},
		{"install -m 600 /dev/null app.log", Medium, rules.RuleTruncateFile},
		{"install -T /dev/null app.log", Medium, rules.RuleTruncateFile},
		{": > \"$LOG\"", Medium, rules.RuleTruncateFile},
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
		{"install -m 755 tool app.log", Safe, ""},

		// The account and sudo databases.
		{"echo 'x ALL=(ALL) NOPASSWD: ALL' >> /etc/sudoers", High, rules.RuleWriteSystemFile},
		{"echo x > /etc/passwd", High, rules.RuleWriteSystemFile},
		{"cat users >> /etc/passwd", High, rules.RuleWriteSystemFile},
		{"> /etc/shadow", High, rules.RuleWriteSystemFile},
		{": > /etc/passwd", High, rules.RuleWriteSystemFile},
		{"echo x > /etc/group", High, rules.RuleWriteSystemFile},
		{"echo x > /etc/gshadow", High, rules.RuleWriteSystemFile},
		{"echo x > /etc/sudoers.d/nopasswd", High, rules.RuleWriteSystemFile},
		{"echo x > /etc/sudoers.d/$NAME", High, rules.RuleWriteSystemFile},
		{"echo x > /tmp/../etc/passwd", High, rules.RuleWriteSystemFile},
		{"cd /etc && echo x >> passwd", High, rules.RuleWriteSystemFile},
		{"tee /etc/passwd", High, rules.RuleWriteSystemFile},
		{"tee -a /etc/sudoers", High, rules.RuleWriteSystemFile},
		{"sudo tee -a /etc/sudoers.d/u", High, rules.RuleWriteSystemFile},
		{"cp passwd.new /etc/passwd", High, rules.RuleWriteSystemFile},
		{"cp /tmp/passwd /etc/", High, rules.RuleWriteSystemFile},
		{"cp /tmp/passwd /etc", High, rules.RuleWriteSystemFile},
		{"cp -t /etc /tmp/shadow", High, rules.RuleWriteSystemFile},
		{"mv /tmp/x /etc/shadow", High, rules.RuleWriteSystemFile},
		{"install -m 440 nopasswd /etc/sudoers.d/", High, rules.RuleWriteSystemFile},
		{"install -m 0440 x /etc/sudoers.d/x", High, rules.RuleWriteSystemFile},
		{"dd if=x of=/etc/passwd", High, rules.RuleWriteSystemFile},
		{"sed -i 's/x/y/' /etc/passwd", High, rules.RuleWriteSystemFile},
		{"sed -i.bak -e s/a/b/ /etc/sudoers", High, rules.RuleWriteSystemFile},
		{"sed --in-place 's/a/b/' /etc/group", High, rules.RuleWriteSystemFile},
		{"sed -ni 's/a/b/p' /etc/shadow", High, rules.RuleWriteSystemFile},
		{"truncate -s 0 /etc/passwd", High, rules.RuleWriteSystemFile},
		{"rm /etc/passwd", High, rules.RuleWriteSystemFile},
		{"rm -f /etc/sudoers.d/u", High, rules.RuleWriteSystemFile},
		{"shred -u /etc/shadow", High, rules.RuleWriteSystemFile},
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
		{"echo '127.0.0.1 dev' | sudo tee -a /etc/hosts", Medium, rules.RuleWriteEtc},
		{"echo x > /etc/hosts", Medium, rules.RuleWriteEtc},
		{"echo x >> /etc/fstab", Medium, rules.RuleWriteEtc},
		{"echo x > /etc/apt/sources.list.d/x.list", Medium, rules.RuleWriteEtc},
		{"echo x > /boot/config.txt", Medium, rules.RuleWriteEtc},
		{"echo x > /usr/local/bin/tool", Medium, rules.RuleWriteEtc},
		{"echo 3 > /proc/sys/vm/drop_caches", Medium, rules.RuleWriteEtc},
		{"echo 1 > /sys/class/leds/x/brightness", Medium, rules.RuleWriteEtc},
		{"tee /etc/docker/daemon.json", Medium, rules.RuleWriteEtc},
		{"sudo tee -a /etc/environment", Medium, rules.RuleWriteEtc},
		{"sed -i 's/a/b/' /etc/ssh/sshd_config", Medium, rules.RuleWriteEtc},
		{"cp tool /usr/local/bin/", Medium, rules.RuleWriteEtc},
		{"sudo install -m 755 tool /usr/local/bin", Medium, rules.RuleWriteEtc},
		{"install -d /etc/myapp", Medium, rules.RuleWriteEtc},
		{"mv x.conf /etc/nginx/conf.d/", Medium, rules.RuleWriteEtc},
		{"echo x > /etc/$NAME.conf", Medium, rules.RuleWriteEtc},
		{"echo x > /etc/*.conf", Medium, rules.RuleWriteEtc},
		{": > /etc/motd", Medium, rules.RuleWriteEtc},
		{"echo x > /etc", Safe, ""},
		{"cat /etc/hosts > hosts.bak", Safe, ""},
		{"echo x > /tmp/etc/hosts", Safe, ""},
		{"echo x > ./etc/hosts", Safe, ""},

		// Shell startup files and authorized_keys.
		{"echo 'export PATH=$PATH:~/bin' >> ~/.bashrc", Medium, rules.RuleAppendRc},
		{"echo x >> ~/.zshrc", Medium, rules.RuleAppendRc},
		{"echo x >> ~/.profile", Medium, rules.RuleAppendRc},
		{"echo x >> ~/.bash_profile", Medium, rules.RuleAppendRc},
		{"echo x >> ~/.zprofile", Medium, rules.RuleAppendRc},
		{"echo x >> ~/.config/fish/config.fish", Medium, rules.RuleAppendRc},
		{"echo x > ~/.bashrc", Medium, rules.RuleAppendRc},
		{"echo x >> $HOME/.bashrc", Medium, rules.RuleAppendRc},
		{"echo x >> /home/u/.bashrc", Medium, rules.RuleAppendRc},
		{"echo x >> /root/.bashrc", Medium, rules.RuleAppendRc},
		{"echo x >> ../.bashrc", Medium, rules.RuleAppendRc},
		{"cat key.pub >> ~/.ssh/authorized_keys", Medium, rules.RuleAppendRc},
		{"echo ssh-ed25519 AAA >> ~/.ssh/authorized_keys", Medium, rules.RuleAppendRc},
		{"tee -a ~/.bashrc", Medium, rules.RuleAppendRc},
		{"tee ~/.ssh/authorized_keys", Medium, rules.RuleAppendRc},
		{"cp bashrc ~/.bashrc", Medium, rules.RuleAppendRc},
		{"sed -i '/alias/d' ~/.zshrc", Medium, rules.RuleAppendRc},
		{"cd '' && echo x >> .bashrc", Medium, rules.RuleAppendRc},
		{"cat ~/.bashrc", Safe, ""},
		{"grep alias ~/.bashrc", Safe, ""},
		{"cat ~/.ssh/authorized_keys > keys.txt", Safe, ""},
		{"echo x >> ~/.bashrc.bak", Safe, ""},
		{"echo x >> ~/notes/rc", Safe, ""},

		// Unknown targets.
		{"echo hi > \"$OUT\"", Medium, rules.RuleRedirectUnknown},
		{"echo hi > $F", Medium, rules.RuleRedirectUnknown},
		{"echo hi >> \"$LOG\"", Medium, rules.RuleRedirectUnknown},
		{"cmd 2> $ERR", Medium, rules.RuleRedirectUnknown},
		{"echo hi > *.txt", Medium, rules.RuleRedirectUnknown},
		{"tee \"$OUT\"", Medium, rules.RuleRedirectUnknown},
		{"cat x > \"$DIR\"/out", Medium, rules.RuleRedirectUnknown},
		{"cat < \"$IN\"", Safe, ""},
		{"cp a \"$B\"", Safe, ""},
		{"echo hi >&2", Safe, ""},
		{"echo hi 1>&2", Safe, ""},
		{"tee --help", Safe, ""},

		// less copying its input to a file.
		{"less -o /etc/passwd", High, rules.RuleWriteSystemFile},
		{"less -o/etc/shadow", High, rules.RuleWriteSystemFile},
		{"less --log-file=/etc/sudoers", High, rules.RuleWriteSystemFile},
		{"less --LOG-FILE /etc/passwd", High, rules.RuleWriteSystemFile},
		{"less -O \"$OUT\"", Medium, rules.RuleRedirectUnknown},
		{"less -o log.txt", Safe, ""},
		{"less -R notes.txt", Safe, ""},
		{"less -- -o /etc/passwd", Safe, ""},
	})
}

func TestFileClassify(t *testing.T) {
	classifyRuleCases(t, []testRuleCase{
		{"> app.log", Medium, rules.RuleTruncateFile},
		{": > app.log", Medium, rules.RuleTruncateFile},
		{"truncate -s 0 app.log", Medium, rules.RuleTruncateFile},
		{"cp /dev/null app.log", Medium, rules.RuleTruncateFile},
		{"ls > out.txt", Safe, ""},
		{"make > build.log 2>&1", Safe, ""},
		{"{ echo a; echo b; } > out.txt", Safe, ""},
		{"for i in 1 2; do echo $i; done > out.txt", Safe, ""},
		{"echo 'u ALL=(ALL) NOPASSWD: ALL' | sudo tee -a /etc/sudoers", High, rules.RuleWriteSystemFile},
		{"echo x >> /etc/passwd", High, rules.RuleWriteSystemFile},
		{"sudo sed -i 's/a/b/' /etc/shadow", High, rules.RuleWriteSystemFile},
		{"echo '127.0.0.1 dev' | sudo tee -a /etc/hosts", Medium, rules.RuleWriteEtc},
		{"echo 'export X=1' >> ~/.bashrc", Medium, rules.RuleAppendRc},
		{"echo 'alias ls=x' >> ~/.bash_aliases", Medium, rules.RuleAppendRc},
		{"echo 'ProxyCommand x' >> ~/.ssh/config", Medium, rules.RuleAppendRc},
		{"echo 'LD_PRELOAD=/tmp/x.so' >> ~/.ssh/environment", Medium, rules.RuleAppendRc},
		{"echo 'LD_PRELOAD DEFAULT=/tmp/x.so' >> ~/.pam_environment", Medium, rules.RuleAppendRc},
		{"echo 'x &' >> ~/.xprofile", Medium, rules.RuleAppendRc},
		{"cp x.desktop ~/.config/autostart/", Medium, rules.RuleAppendRc},
		{"cp x.service ~/.config/systemd/user/x.service", Medium, rules.RuleAppendRc},
		{"ln -s ../x.service ~/.config/systemd/user/default.target.wants/x.service", Medium, rules.RuleAppendRc},
		{"echo 'PATH=/tmp:$PATH' > ~/.config/environment.d/x.conf", Medium, rules.RuleAppendRc},
		{"echo x > ~/proj/config", Safe, ""},
		{"echo x > ~/proj/environment", Safe, ""},
		{"echo x > ~/.config/autostart-notes.txt", Safe, ""},
		{"cat ~/.ssh/config", Safe, ""},
		{"cat key.pub >> ~/.ssh/authorized_keys", Medium, rules.RuleAppendRc},
		{"echo hi > \"$2\"", Medium, rules.RuleRedirectUnknown},
		{"echo x | tee >(wc -c) >(sha1sum)", Safe, ""},
		{"cmd > >(tee -a out.log) 2> >(tee -a err.log >&2)", Safe, ""},
		{"exec > >(tee -a $HOME/logfile) 2>&1", Safe, ""},
		{"echo x > /tmp/$$", Medium, rules.RuleRedirectUnknown},
		{"cat ~/.bashrc", Safe, ""},
	})
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
			found = found || f.Rule == rules.RuleAppendRc && strings.Contains(f.Reason, tt.want)
		}
		if v.Level != Medium || !found {
			t.Errorf("%q: %s %+v, want medium with %s saying %q", tt.line, v.Level, v.Findings, rules.RuleAppendRc, tt.want)
		}
	}
}

// The run-time write check knows a file is opened, not by what: it never
// counts as emptying one.
func TestFileRunTimeOpen(t *testing.T) {
	c := &Command{Text: "> /home/u/proj/out.txt", Dir: testDir, Home: testHome, Via: []string{rules.FileRunTimeOpen},
		Redirects: []Redirect{{Op: ">", Target: Lit("/home/u/proj/out.txt"), Write: true, Truncate: true}}}
	if lvl, names := levelOfCmd(t, c); lvl != Safe {
		t.Errorf("run-time open of out.txt: %v %v, want safe", lvl, names)
	}
	c.Redirects[0].Target = Lit("/etc/passwd")
	if lvl, _ := levelOfCmd(t, c); lvl != High {
		t.Errorf("run-time open of /etc/passwd: %v, want high", lvl)
	}
}
