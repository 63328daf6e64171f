package guard

import (
	"strings"
	"testing"

	"guardsh/guard/internal/rules"
)

// selfFiles are guardsh's files as main names them for HOME=/home/u (and
// ~/.guardshrc, which the rule adds itself).
var selfFiles = []string{
	"/home/u/.config/guardsh/config.toml",
	"/etc/guardsh/policy.toml",
	"/home/u/.local/state/guardsh/history",
	"/home/u/.local/state/guardsh/audit.jsonl",
	"/usr/local/bin/guardsh",
}

// selfClassify classifies a line as guardsh does, with its files protected,
// and returns the level and whether guardsh_self is among the findings.
func selfClassify(t *testing.T, g *Guard, line string) (Level, bool, []Finding) {
	t.Helper()
	v := g.Classify(line, testState())
	for _, f := range v.Findings {
		if f.Rule == rules.RuleSelf {
			return v.Level, true, v.Findings
		}
	}
	return v.Level, false, v.Findings
}

// TestSelfAnyWriter runs every writing program onto each of guardsh's
// files, and each harmless read of them, through the real Classify.
func TestSelfAnyWriter(t *testing.T) {
	g := mustGuard(t, WithProtected(selfFiles...))
	files := []string{"~/.guardshrc", "~/.config/guardsh/config.toml", "/etc/guardsh/policy.toml",
		"~/.local/state/guardsh/history", "~/.local/state/guardsh/audit.jsonl", "/usr/local/bin/guardsh"}
	writers := []string{
		"tee F", "tee -a F", "sort -o F x", "sort --output=F x", "shuf -o F x", "cp x F", "mv x F", "install x F",
		"ln -sf x F", "rsync x F", "scp host:x F", "truncate -s0 F", "touch F", "chmod 600 F", "chown u F",
		"gzip F", "xz F", "zstd --rm F", "vim -es F", "ex F", "ed F", "nano F", "sed -i s/a/b/ F",
		"perl -i -pe s/a/b/ F", "mkfifo F", "mknod F p", "echo x >> F", "echo x > F", "curl -o F https://x",
		"wget -O F https://x", "dd of=F", "shred F", "rm F", "unlink F", "tar -cf F src", "zip F src",
		"openssl rand -out F 16", "patch F fix.diff", "xxd -r dump F", "uniq x F", "iconv -f a -t b -o F x",
		"gpg -o F -d x.gpg", "git show HEAD:x > F", "python3 script.py F", "make -C ~ F",
		// A link gives the file a name under which anything may write it.
		"ln -s F /tmp/link", "ln F /tmp/hard",
	}
	for _, f := range files {
		for _, w := range writers {
			line := strings.ReplaceAll(w, "F", f)
			if lvl, self, fs := selfClassify(t, g, line); !self || lvl < High {
				t.Errorf("Classify(%q): %v %v, want high guardsh_self", line, lvl, fs)
			}
		}
	}
	readers := []string{
		"cat F", "less F", "grep x F", "grep -c x F", "head F", "tail -n 5 F", "wc -l F", "diff F x", "cmp F x",
		"ls -l F", "stat F", "file F", "sha256sum F", "md5sum F", "cp F /tmp/backup", "cp F F.bak.d/",
		"tar -cf /tmp/b.tar F", "zip /tmp/b.zip F", "gzip -c F", "dd if=F of=/tmp/x", "sort F", "base64 F",
		"rsync F /tmp/", "scp F host:", "cat < F", "xxd F",
	}
	for _, f := range files {
		for _, r := range readers {
			line := strings.ReplaceAll(r, "F", f)
			if strings.Contains(line, f+".bak.d") {
				continue // F.bak.d is in guardsh's directory for some F
			}
			if lvl, self, fs := selfClassify(t, g, line); self {
				t.Errorf("Classify(%q): %v %v, want no guardsh_self", line, lvl, fs)
			}
		}
	}
}

// TestSelfAnyDirs runs writes into guardsh's own directories, and their
// harmless neighbours.
func TestSelfAnyDirs(t *testing.T) {
	g := mustGuard(t, WithProtected(selfFiles...))
	for _, tc := range []struct {
		line string
		self bool
	}{
		{"tar -xf x.tar -C ~/.config/guardsh", true},
		{"tar -x -f x.tar -C ~/.config/guardsh", true},
		{"tar xf x.tar -C /etc/guardsh", true},
		{"tar -xf x.tar --directory ~/.config/guardsh", true},
		{"tar -xf x.tar -C/etc/guardsh", true},
		{"cp -r x ~/.config/guardsh", true},
		{"cp -r guardsh ~/.config/", true},
		{"cp -r guardsh ~/.config", true},
		{"cp config.toml ~/.config/guardsh/", true},
		{"rsync -a x/ ~/.config/guardsh/", true},
		{"rsync -a ~/.config/guardsh/ /tmp/b --remove-source-files", true},
		{"unzip x.zip -d /etc/guardsh", true},
		{"7z x a.7z -o/etc/guardsh", true},
		{"mkdir -p ~/.config/guardsh/policy.d", true},
		{"git clone https://x ~/.config/guardsh", true},
		{"rm -rf ~/.config/guardsh", true},
		{"chmod 777 /etc/guardsh", true},
		{"chmod -R o+w ~/.local/state/guardsh", true},
		{"split big ~/.config/guardsh/part", true},
		{"gunzip ~/.config/guardsh/config.toml.gz", true},
		{"gunzip /usr/local/bin/guardsh.gz", true},
		{"echo x > ~/.config/guardsh/config.toml.new", true},
		{"sort -o~/.guardshrc x", true},
		{"cd ~/.config/guardsh && tar -xf /tmp/x.tar -C .", true},
		{"cd ~/.config/guardsh && touch config.toml", true},
		{"touch ~/.config/guardsh", true},
		{"less -o ~/.guardshrc notes.txt", true},
		{"less --log-file=/etc/guardsh/policy.toml x", true},

		{"tar -cf /tmp/b.tar -C ~/.config/guardsh .", false},
		{"tar -xf x.tar -C ~/.config", false},
		{"ls ~/.config/guardsh", false},
		{"ls -la /etc/guardsh", false},
		{"cd ~/.config/guardsh", false},
		{"du -sh ~/.local/state/guardsh", false},
		{"cp -r ~/.config/guardsh /tmp/b", false},
		{"cp -r x ~/.config/other", false},
		{"rm -rf ~/.config/other", false},
		{"mkdir -p ~/.config/other", false},
		{"touch ~/.guardshrc.example", false},
		{"rm -f ~/*", false},
		{"mv ~/* /tmp/", false},
		{"source ~/.guardshrc", false},
		{". ~/.guardshrc", false},
		{"grep -r guardsh ~/src", false},
		{"go build -o guardsh .", false},
		{"echo guardsh > name.txt", false},
		{"export LANG=C", false},
	} {
		if lvl, self, fs := selfClassify(t, g, tc.line); self != tc.self {
			t.Errorf("Classify(%q): %v %v, want guardsh_self=%v", tc.line, lvl, fs, tc.self)
		}
	}
}

// TestSelfAnyBinaryDir checks that the directory of guardsh's binary (a
// clone it was built in) is not one of guardsh's own: only the binary is.
func TestSelfAnyBinaryDir(t *testing.T) {
	g := mustGuard(t, WithProtected("/home/u/src/guardsh/guardsh", "/home/u/.config/guardsh/config.toml"))
	st := testState()
	st.Dir = "/home/u/src/guardsh"
	for line, want := range map[string]bool{
		"vim main.go": false, "git commit -am x": false, "go test ./...": false, "rm -rf build": false,
		"go build -o guardsh .": true, "cp /tmp/x guardsh": true, "vim ../../.config/guardsh/config.toml": true,
	} {
		v := g.Classify(line, st)
		if got := verdictHas(v, rules.RuleSelf); got != want {
			t.Errorf("Classify(%q) in the clone: guardsh_self %v, want %v (%v)", line, got, want, v.Findings)
		}
	}
}
