package allowlist

import (
	"strings"
	"testing"
)

// safeLines are auto-safe.
var safeLines = []string{
	// plain commands
	"ls", "ls -la", "ls -l -a", "ls -al /tmp", "ls --all", "ls --alm", "ls --color=auto", "ls --color",
	"ls -I '*.o'", "ls -Ifoo", "ls --ignore=foo", "ls --ignore foo", "ls -w80", "ls -w 80", "ls -1",
	"ls src -l", "ls -- -l", "ls *.go", "ls src/*", "ls ~", "ls ~/.ssh", "ls -la ~/.ssh/id_rsa",
	"/bin/ls", "/usr/bin/ls -l", "/usr/local/bin/ls", "/sbin/ip a", "/usr/sbin/ss -tlnp",
	"cat file", "cat -n file", "cat -An a b", "cat *.txt", "cat README.md | wc -l", "cat -- -n",
	"head -5 f", "head -n5 f", "head -n 5 f", "head --lines=5 f", "head --lines 5 f", "head --li=5 f", "head -c 10 f", "head *.log",
	"tail -f log", "tail -F log", "tail -n +5 f", "tail -20 f", "tail --follow=name f", "tail -fn 100 f",
	"wc -l f", "wc -lwc *.go", "wc --lines f",
	"file f", "file -b --mime-type f", "file -i f",
	"stat f", "stat -c %s f", "stat --format=%s f", "stat -L f",
	"du -sh .", "du -sh *", "du -h --max-depth=1", "du -d1 -h", "df -h", "df -h /", "df --output=source,size",
	"free -h", "free -m", "uptime", "uptime -p", "uname -a", "uname -sr", "id", "id -u", "id -un root", "whoami",
	"hostname", "hostname -f", "hostname -I", "hostname --fqdn",
	"date", "date +%s", "date -u", "date '+%Y-%m-%d %H:%M'", "date -d yesterday", "date -d '2 days ago' +%F", "date --iso-8601=seconds", "date -Iseconds", "date -r f",
	"cal", "cal 2024", "cal -3",
	"which ls", "which -a git", "type ls", "type -a ls", "command -v git", "command -V ls",
	"echo hello", "echo -n hi", "echo $'a\\tb'", "echo 'a b' \"c d\"", "echo *", "echo {a,b}.txt", "printf '%s\\n' a b", "printf -- '-v'",
	"true", "false", "test -f x", "[ -d /tmp ]", "seq 10", "seq -w 1 10", "seq -1 1", "expr 1 + 2", "sleep 1", "yes | head -3",
	"cd", "cd /tmp", "cd -", "cd ..", "pwd", "pwd -P",
	// text
	"grep foo f", "grep -rn foo .", "grep -rni 'foo bar' src", "grep -E 'a|b' f", "grep -e foo -e bar f", "grep --include=*.go -r foo .",
	"grep -A3 -B 2 foo f", "grep -5 foo f", "grep -c foo *.txt", "grep foo -r .", "grep --color=always foo f", "grep -v -- -x f",
	"egrep 'a|b' f", "fgrep x f", "grep -f patterns.txt f",
	"rg foo", "rg -n foo src", "rg --type go foo", "rg -tgo foo", "rg -g '*.go' foo", "rg --files", "rg -l foo", "rg --hidden foo",
	"sort f", "sort -u f", "sort -rn f", "sort -t: -k2 f", "sort -k 2,2n f", "sort --reverse f", "sort --rev f", "sort -u -- -o", "sed -n -- p -i", "git log -- -p", "grep -- --foo f", "sort -- -o f -o", "head --l=5 f",
	"sort f | uniq -c | sort -rn | head", "uniq f", "uniq -c f", "uniq -d", "uniq -c -",
	"cut -d: -f1 /etc/passwd", "cut -c1-10 f", "cut -d ' ' -f 2", "tr a-z A-Z", "tr -d '\\n'", "tr [a-z] [A-Z]", "tr -s ' '",
	"column -t f", "column -s, -t f", "nl f", "tac f", "rev f", "paste -sd, f", "paste a b", "join a b", "join -t, -1 2 a b", "comm -12 a b",
	"fold -w 80 f", "expand -t 4 f", "od -c f", "od -An -tx1 f", "hexdump -C f", "xxd f", "xxd -l 64 f", "xxd -p f", "xxd -c 8 f", "xxd -s 10 -l 20 f",
	"strings f", "strings -n 8 f", "base64 f", "base64 -d f", "base64 -w0 f", "md5sum f", "sha256sum *.tar", "sha1sum -c sums", "cksum f", "b2sum f",
	"diff a b", "diff -u a b", "diff -ru dir1 dir2", "diff --color=auto a b", "cmp a b", "cmp -l a b",
	// sed
	"sed -n 1p f", "sed -n '1,10p' f", "sed 's/a/b/' f", "sed 's/a/b/g' f", "sed -e 's/a/b/' -e 's/c/d/' f", "sed -E 's/(a)/\\1/g' f",
	"sed -n '/foo/p' f", "sed '/^#/d' f", "sed -n '$p' f", "sed 's|/|_|g' f", "sed -n '/start/,/end/p' f", "sed '1d;$d' f",
	"sed -n 's/a/b/p' f", "sed 'y/abc/xyz/' f", "sed '=' f", "sed -n '2{p;q}' f", "sed ':a;N;$!ba;s/\\n/ /g' f", "sed '1i header' f",
	"sed --quiet 1p f", "sed -rn 's/x/y/pg' f", "sed --expression=p f", "sed 's/a/b/I' f", "sed '0~2d' f", "sed -n '\\%foo%p' f",
	"sed 's/w/e/' f", "sed 's/a/e/g' f",
	// find and friends
	"find .", "find . -name '*.go'", "find . -name -delete", "find . -name -exec", "find . -type f -size +1M", "find /tmp -maxdepth 1 -mtime -1",
	"find . -iname '*.md' -print", "find . \\( -name a -o -name b \\) -print0", "find . ! -name x", "find -L . -type l", "find . -newer f",
	"find . -newermt 2024-01-01", "find . -path ./vendor -prune -o -print", "find . -printf '%p\\n'", "find . -empty -ls", "find . -regex '.*\\.go'",
	"fd", "fd foo", "fd -e go", "fd -H -t f foo src", "fd --type file foo",
	"tree", "tree -L 2", "tree -a -I node_modules", "tree -H . -L 1", "tree -R",
	// archives
	"tar -tf a.tar", "tar tf a.tar", "tar tvzf a.tgz", "tar -tvf a.tar", "tar --list --file=a.tar", "tar -tzf a.tgz path/in",
	"tar -t -f a.tar", "tar --list -f a.tar.gz", "unzip -l a.zip", "unzip -v a.zip", "unzip -t a.zip", "unzip -Z a.zip", "unzip -lv a.zip",
	"zcat a.gz", "zcat a.gz | head", "gzip -dc a.gz", "gzip -d -c a.gz", "gzip -l a.gz", "gzip -t a.gz", "gunzip -c a.gz",
	// jq
	"jq . f.json", "jq -r .name f.json", "jq -c '.[] | .id' f", "jq -n '1+1'", "jq --arg x 1 '.a == $x' f", "jq -S . f",
	"jq -nr --argjson a 1 '$a'", "jq --rawfile t notes.txt -n '$t'", "jq '.environment' f", "jq 'keys' f", "jq -s . a b",
	// system
	"ps", "ps aux", "ps -ef", "ps -e", "ps -eo pid,comm", "ps axjf", "ps -p 1", "ps 1", "ps -u root", "ps auxww", "ps --forest", "ps -o pid= -p 1",
	"ps --sort=-%mem aux", "pgrep -l ssh", "pgrep -af python", "lsof -i :8080", "lsof -i", "lsof -p 1", "lsof -nP -iTCP -sTCP:LISTEN", "lsof +D /tmp",
	"ss -tlnp", "ss -s", "ss -tan state established", "netstat -tlnp", "netstat -rn",
	"ip a", "ip addr", "ip addr show", "ip addr show dev eth0", "ip route", "ip r", "ip -br link", "ip -br a", "ip link show", "ip -4 addr",
	"ip r get 1.1.1.1", "ip route get 8.8.8.8", "ip neigh", "ip -j -p addr", "ip -s link", "ip rule list", "ip --brief address show", "ip a s", "ip a sh dev eth0", "ip r l", "ip r g 1.1.1.1", "ip n g 10.0.0.1 dev eth0", "ip link sh", "ip st show", "grep -rI x .", "rg -. x", "free -s 2",
	"lsblk", "lsblk -f", "lsblk -o NAME,SIZE", "lscpu", "nproc", "nproc --all", "getconf PAGESIZE", "getconf -a", "locale", "locale -a",
	// versions
	"go version", "node --version", "node -v", "python3 --version", "python3 -V", "java -version",
	"npm -v", "docker --version", "kubectl version --client", "gcc --version", "perl -v", "ruby --version", "make --version", "bash --version",
	// git
	"git status", "git status -s", "git status --short --branch", "git status -sb", "git status -uno", "git status --porcelain=v2",
	"git log", "git log --oneline", "git log --oneline -10", "git log -n 5", "git log -n5", "git log --graph --all --decorate", "git log -p -- f",
	"git log --since=2.weeks", "git log --author=me --grep=fix", "git log --format='%h %s'", "git log --pretty=oneline", "git log HEAD~3..HEAD",
	"git log --stat", "git log -S foo", "git log -Sfoo", "git log -L 1,10:f.go", "git log --follow f", "git log --no-ext-diff", "git log --no-textconv",
	"git diff", "git diff --cached", "git diff --staged", "git diff HEAD~1", "git diff --stat", "git diff --name-only main", "git diff -w", "git diff a..b -- f",
	"git diff --no-index a b", "git diff --word-diff", "git diff --color-words", "git show", "git show HEAD", "git show --stat HEAD", "git show HEAD:f.go",
	"git blame f", "git blame -L 1,10 f", "git branch", "git branch -a", "git branch -vv", "git branch -r", "git branch --list 'feat*'", "git branch --show-current",
	"git branch --merged", "git branch --contains HEAD", "git tag", "git tag -l", "git tag --list 'v1*'", "git tag -n", "git tag --sort=-v:refname",
	"git remote", "git remote -v", "git remote get-url origin", "git rev-parse HEAD", "git rev-parse --show-toplevel", "git rev-parse --abbrev-ref HEAD",
	"git rev-parse --short HEAD", "git ls-files", "git ls-files -m", "git ls-files --others --exclude-standard", "git stash list", "git stash show",
	"git stash show -p stash@{1}", "git reflog", "git reflog show", "git reflog -n 5", "git reflog show HEAD", "git config --get user.name",
	"git config --list", "git config -l", "git config --get-all remote.origin.url", "git config --global --list", "git config get user.email", "git config list",
	"git grep foo", "git grep -n foo -- '*.go'", "git grep -e a --and -e b", "git cat-file -p HEAD", "git cat-file -t HEAD", "git rev-list --count HEAD",
	"git describe --tags", "git describe --always --dirty", "git shortlog -sn", "git merge-base main HEAD", "git worktree list", "git worktree list --porcelain",
	"git ls-tree HEAD", "git show-ref", "git for-each-ref --format='%(refname)'", "git count-objects -vH", "git version", "git --version",
	"git --no-pager log", "git -P log", "git -C sub log", "git -C . status", "git --git-dir=.git log", "git --git-dir .git status", "git --no-optional-locks status",
	"/usr/bin/git status", "git",
	// pipelines, redirects, prefixes
	"ls | grep foo", "ls |& grep foo", "cat f | sort | uniq -c | sort -rn | head -20", "ps aux | grep [s]sh", "git log --oneline | head",
	"ls 2>/dev/null", "ls >/dev/null", "ls &>/dev/null", "ls 2>&1", "ls >&2", "ls 2>&-", "ls 2>&1 | head -5", "grep foo f 2>/dev/null | head",
	"ls 3>/dev/null", "ls >& /dev/null", "grep x ~/notes.txt", "grep -r x ~/src", "rg x /home/bob/src", "ls >> /dev/null", "ls 1>&2", "cat 0<&-",
	"wc -l < f", "sort < f", "grep x <<< 'text'", "cat <<'EOF'\nhello $USER\nEOF", "cat <<\"EOF\"\n$x\nEOF", "cat <<EOF\nplain text\nEOF",
	"LC_ALL=C sort f", "LANG=C.UTF-8 ls", "TZ=UTC date", "TZ=America/New_York date", "NO_COLOR=1 ls", "LC_ALL=C LANG=C grep x f",
	"! grep -q foo f", "ls # a comment",
	// quoting of arguments is fine
	"grep 'foo bar' f", "grep \"foo\" f", "ls 'my dir'", "ls my\\ dir", "grep -- '-v' f", "echo \"a\\$b\"",
	// credential look-alikes that are fine
	"cat ~/.ssh/id_rsa.pub", "cat ~/.ssh/known_hosts", "cat .env.example", "cat .env.sample", "cat env.go", "ls .env", "stat .env",
	"grep KEY .env.template", "cat environment.md", "wc -l id_rsa.pub",
}

// unsafeLines ask, each with part of the reason.
var unsafeLines = []struct{ line, why string }{
	// lists and compound commands
	{"ls; rm x", "`;` joins"}, {"ls && rm x", "&&"}, {"ls || rm x", "||"}, {"ls &", "background"}, {"ls\nls", "newline"},
	{"(ls)", "subshell"}, {"{ ls; }", "group"}, {"f() { ls; }", "function"}, {"for i in a; do ls; done", "compound"},
	{"while true; do ls; done", "compound"}, {"if true; then ls; fi", "compound"}, {"time ls", "time"}, {"coproc ls", "coprocess"},
	{"x=1", "only sets"}, {"declare x=1", "sets variables"}, {"let x=1", "sets variables"}, {"", "runs nothing"}, {"ls |", "parse"},
	{"[[ -f x ]]", ""}, {"((x++))", ""}, {"ls 'unterminated", "parse"},
	// substitutions and expansions
	{"echo $(rm x)", "substitution"}, {"echo `rm x`", "substitution"}, {"cat <(ls)", "process substitution"}, {"ls $HOME", "variable"},
	{"ls \"$HOME\"", "variable"}, {"ls ${x}", "variable"}, {"echo $((1+2))", "arithmetic"}, {"ls @(a|b)", "extended glob"}, {"echo $\"x\"", "translated"},
	{"echo $'\\x41'", "escape"}, {"ls {1..100000}", "too large"},
	// the command word
	{"./ls", "PATH"}, {"/tmp/cat f", "PATH"}, {"~/bin/grep x", "expanded"}, {"l\\s", "escape"}, {"'ls'", "quoted"}, {"\"ls\"", "quoted"},
	{"l''s", "quotes"}, {"lѕ", "non-ASCII"}, {"ⅼs", "non-ASCII"}, {"ｌｓ", "non-ASCII"}, {"ls\u200b", "non-ASCII"}, {"cаt f", "non-ASCII"}, {"bin/ls", "PATH"}, {"/bin/../tmp/ls", "PATH"}, {"/usr/bin/sub/ls", "PATH"},
	{"$CMD", "quoted"}, {"l*", "expanded"}, {"rm x", "not a read-only"}, {"eval ls", "not a read-only"}, {"source f", "not a read-only"},
	{". f", "not a read-only"}, {"exec ls", "not a read-only"}, {"trap ls EXIT", "not a read-only"}, {"bash -c ls", "-c"},
	{"sh -c 'ls'", "not a read-only"}, {"xargs ls", "not a read-only"}, {"env", "not a read-only"}, {"printenv", "not a read-only"},
	{"printenv PATH", "not a read-only"}, {"sudo ls", "not a read-only"}, {"nice ls", "not a read-only"}, {"timeout 1 ls", "not a read-only"},
	{"less f", "not a read-only"}, {"vim f", "not a read-only"}, {"node", "needs"}, {"node x.js", "needs"}, {"node -e 1", "unknown"},
	{"node --version x.js", "operand"}, {"python3", "needs"}, {"python3 -c 'print(1)'", "unknown"}, {"python3 -Vc x", "unknown"}, {"ruby -v", "unknown"},
	{"java -jar x.jar", "only allowed"}, {"java", "only allowed"}, {"go run .", "not a known"}, {"go build", "not a known"},
	{"make", "needs"}, {"npm install", "not a known"}, {"cargo --version", "not a read-only"}, {"yarn -v", "not a read-only"}, {"php -v", "not a read-only"}, {"tar -tf a.tar --index-file=x", "index-file"},
	// redirects
	{"ls > f", "writes"}, {"ls >> f", "writes"}, {"ls 2> f", "writes"}, {"ls &> f", "writes"}, {"ls >| f", "writes"}, {"ls &>> f", "writes"},
	{"ls > \"$x\"", "not literal"}, {"ls >&f", "writes to a file"}, {"ls > /dev/null2", "writes"}, {"ls > /dev/sda", "writes"}, {"ls <> f", "writes"},
	{"ls > *.txt", "expanded"}, {"ls {fd}>/dev/null", "variable"}, {"cat < /dev/tcp/1.2.3.4/80", "network"}, {"cat < .env", "credentials"},
	{"cat < $f", "not literal"}, {"cat <<EOF\n$(rm x)\nEOF", "here-document"}, {"cat <<EOF\n$USER\nEOF", "here-document"}, {"cat <<< $x", "here-string"},
	{"cat <<< \"$(id)\"", "here-string"}, {"ls 2>/dev/null > out", "writes"}, {"ls | tee f", "not a read-only"},
	// assignment prefixes
	{"PATH=/tmp ls", "PATH="}, {"LD_PRELOAD=x.so ls", "LD_PRELOAD"}, {"IFS=x ls", "IFS"}, {"GIT_PAGER=less git log", "GIT_PAGER"},
	{"PAGER=less git log", "PAGER"}, {"GIT_DIR=/x git log", "GIT_DIR"}, {"BASH_ENV=x ls", "BASH_ENV"}, {"LESSOPEN='|x' ls", "LESSOPEN"},
	{"LC_ALL=$x ls", "not literal"}, {"LC_ALL=../../x ls", "unusual"}, {"LANG=x\\;y ls", "unusual"}, {"a[0]=1 ls", ""}, {"TZ+=x date", "unusual"},
	{"RIPGREP_CONFIG_PATH=x rg foo", "RIPGREP"}, {"TAR_OPTIONS=x tar tf a", "TAR_OPTIONS"},
	// globs for commands that are not glob-safe
	{"sort *", "glob"}, {"sed -n 1p *", "glob"}, {"find *", "glob"}, {"find . -name *.go", "glob"}, {"tar tf *.tar", "glob"}, {"xxd *", "glob"},
	{"git add *", "glob"}, {"git log *", "glob"}, {"uniq *", "glob"}, {"jq . *.json", "glob"}, {"ps *", "glob"}, {"base64 *", "glob"},
	{"printf *", "glob"}, {"tree *", "glob"}, {"fd *", "glob"}, {"rg foo *", "glob"}, {"file *", "glob"}, {"ls -*", "flags"}, {"grep x -?", "flags"},
	{"cat -*", "flags"}, {"head -n * f", ""}, {"grep -l foo *", "credentials"},
	// credentials
	{"cat .env", "credentials"}, {"cat ~/.ssh/id_rsa", "credentials"}, {"cat ~/.ssh/id_ed25519", "credentials"}, {"grep -r x ~/.ssh", "credentials"}, {"grep -r PRIVATE ~", "recursive"}, {"grep -rn x /", "recursive"}, {"grep -R x /home/bob", "recursive"}, {"rg x ~/", "recursive"}, {"grep -d recurse x /etc", "recursive"}, {"rg -uu KEY /root", "recursive"},
	{"cat ~/.aws/credentials", "credentials"}, {"cat ~/.aws/config", "credentials"}, {"cat ~/.kube/config", "credentials"}, {"cat /etc/shadow", "credentials"},
	{"cat /etc/gshadow", "credentials"}, {"cat /proc/1/environ", "credentials"}, {"cat /proc/self/environ", "credentials"}, {"cat ~/.netrc", "credentials"},
	{"cat ~/.git-credentials", "credentials"}, {"cat ~/.pgpass", "credentials"}, {"cat ~/.npmrc", "credentials"}, {"cat ~/.pypirc", "credentials"},
	{"cat ~/.docker/config.json", "credentials"}, {"cat ~/.config/gh/hosts.yml", "credentials"}, {"cat ~/.bash_history", "credentials"},
	{"cat ~/.zsh_history", "credentials"}, {"tail -f ~/.bash_history", "credentials"}, {"cat .env.local", "credentials"}, {"cat .env.production", "credentials"},
	{"cat prod.env", "credentials"}, {"grep KEY .env", "credentials"}, {"head -1 server.key", "credentials"}, {"cat id_rsa", "credentials"},
	{"cat ~/.ssh/*", "credentials"}, {"cat ~/.ssh/id*", "credentials"}, {"cat .e*", "credentials"}, {"cat *", "credentials"}, {"grep x *", "credentials"},
	{"cat /proc/*/environ", "credentials"}, {"cat ~/.ss?/id_rsa", "credentials"}, {"cat ~/.s{s,}h/id_rsa", "credentials"}, {"cat '.env'", "credentials"},
	{"cat \".env\"", "credentials"}, {"cat .\\env", "credentials"}, {"git show HEAD:.env", "credentials"}, {"git diff .env", "credentials"},
	{"grep -f .env x", "credentials"}, {"sort .env", "credentials"}, {"base64 ~/.ssh/id_rsa", "credentials"}, {"xxd ~/.ssh/id_rsa", "credentials"},
	{"strings /proc/1/environ", "credentials"}, {"jq . ~/.docker/config.json", "credentials"}, {"rg x ~/.aws", "credentials"},
	{"cat ~/.local/state/guardsh/history", "credentials"}, {"tar tf ~/.ssh/keys.tar", "credentials"}, {"cat key.pem", "credentials"},
	{"git config -f ~/.ssh/id_rsa --list", "credentials"},
	// environment
	{"jq -n env", "environment"}, {"jq -n '$ENV'", "environment"}, {"jq -n '$ ENV'", "environment"}, {"jq -n '$ # x\nENV'", "environment"}, {"jq -n '\"\\(env)\"'", "environment"}, {"jq -n '$ENV.HOME'", "environment"}, {"jq 'env.HOME' f", "environment"},
	{"jq -n 'env|keys'", "environment"}, {"jq -n '. | env'", "environment"}, {"jq -f prog.jq f", "-f"}, {"jq --from-file prog.jq f", "-f"},
	{"jq -L . 'import \"x\" as x; .' f", "-L"}, {"jq 'include \"x\"; .' f", "modules"}, {"jq --foo . f", "unknown"}, {"jq --arg x", "needs"},
	{"ps e", "environment"}, {"ps aux e", "environment"}, {"ps auxe", "environment"}, {"ps eww", "environment"}, {"ps axe", "environment"},
	{"ps -o environ", "environment"}, {"ps --format=pid,env", "environment"}, {"ps o env", "environment"}, {"ps -O env", "environment"},
	{"ps --bogus", "unknown"}, {"ps -Q", "unknown"},
	// getopt traps: bundling, prefixes, permutation
	{"sed -i s/a/b/ f", "-i writes"}, {"sed -ni p f", "-i writes"}, {"sed -i.bak s/a/b/ f", "-i writes"}, {"sed -si p f", "-i writes"},
	{"sed --in-place s/a/b/ f", "-i writes"}, {"sed --in s/a/b/ f", "-i writes"}, {"sed --in-pl=.bak p f", "-i writes"}, {"sed s/a/b/ f -i", "-i writes"},
	{"sed -f x.sed f", "-f reads"}, {"sed --file=x.sed f", "-f reads"}, {"sed -nf x.sed f", "-f reads"}, {"sed -e p -i f", "-i writes"},
	{"sed -n 'w out' f", "writes"}, {"sed 's/a/b/w out' f", "writes"}, {"sed 's/a/b/e' f", "runs"}, {"sed 's/a/b/ge' f", "runs"}, {"sed 'e ls' f", "runs"},
	{"sed 'r /etc/passwd' f", "reads"}, {"sed 'R x' f", "reads"}, {"sed 'W x' f", "writes"}, {"sed '1!w x' f", "writes"}, {"sed -n '/x/{p;w y' f", "writes"},
	{"sed '/x/{w y\n}' f", "writes"}, {"sed -e p -e 'w x' f", "writes"}, {"sed 's/a/b/;w x' f", "writes"}, {"sed '$!N;w x' f", "writes"},
	{"sed 's/a/b/gw x' f", "writes"}, {"sed 's|a|b|w x' f", "writes"}, {"sed -n", "no script"}, {"sed 'k' f", "does not know"}, {"sed '{p' f", "unmatched"},
	{"sed 's/a/b' f", "unterminated"},
	{"sort -o out f", "unknown flag -o"}, {"sort f -o f", "unknown flag -o"}, {"sort -uo f f", "unknown flag -o"}, {"sort --output=f f", "output"},
	{"sort --out=f f", "output"}, {"sort --o f f", "output"}, {"sort --compress-program=x f", "compress-program"}, {"sort --comp=x f", "compress-program"},
	{"sort --c f", "compress-program"}, {"ls --al", "ambiguous"}, {"sort f --output f", "output"},
	{"uniq a b", "too many operands"}, {"uniq -c a b", "too many operands"}, {"uniq a -c b", "too many operands"},
	{"xxd -r f", "-r"}, {"xxd -revert f", "-r"}, {"xxd f out", "output file"}, {"xxd -p f out", "output file"}, {"xxd -Z f", "unknown"}, {"xxd f -r", "output file"},
	{"base64 -o out f", "unknown flag -o"}, {"base64 a b", "too many"},
	{"tar -xf a.tar", "-x"}, {"tar xf a.tar", "-x"}, {"tar xvzf a.tgz", "-x"}, {"tar -cf a.tar .", "-c"}, {"tar -tf a.tar --to-command=sh", "to-command"},
	{"tar -tf a.tar -I sh", "-I"}, {"tar -tf a.tar --use-compress-program=sh", "runs"}, {"tar -tf host:a.tar", "network"}, {"tar -vf a.tar", "without -t"},
	{"tar -tf a.tar --checkpoint-action=exec=sh", "command"}, {"tar -t -x -f a.tar", "-x"}, {"tar", "without -t"}, {"tar -tf", "needs a value"},
	{"unzip a.zip", "extracts"}, {"unzip -o a.zip", "listing"}, {"unzip -l -d x a.zip", "-d"}, {"unzip -p a.zip", "listing"},
	{"gzip f", "writes"}, {"gzip -d f.gz", "writes"}, {"gzip -c f", "writes"}, {"gunzip f.gz", "writes"}, {"gzip -S x -dc f", "unknown"},
	{"find . -delete", "deletes"}, {"find . -exec rm {} \\;", "runs"}, {"find . -execdir rm {} +", "runs"}, {"find . -ok rm {} \\;", "runs"},
	{"find . -okdir rm {} \\;", "runs"}, {"find . -fprint out", "writes"}, {"find . -fprint0 out", "writes"}, {"find . -fprintf out %p", "writes"},
	{"find . -fls out", "writes"}, {"find . -name x -delete", "deletes"}, {"find . -name", "needs"}, {"find . -foo", "not a test"},
	{"find -delete", "deletes"}, {"find . \\( -name a -o -delete \\)", "deletes"}, {"find . -newer", "needs"},
	{"fd -x rm", "unknown flag -x"}, {"fd -X rm", "unknown flag -X"}, {"fd --exec rm", "exec"}, {"fd --exec-batch rm", "exec-batch"}, {"fd --ex rm", "abbreviation"},
	{"rg --pre sh foo", "pre"}, {"rg --pre=sh foo", "pre"}, {"rg -z foo", "unknown flag -z"}, {"rg --search-zip foo", "search-zip"},
	{"rg --hostname-bin=x foo", "hostname-bin"}, {"rg --pr foo", ""},
	{"tree -o out", "unknown flag -o"}, {"tree -R -H .", "writes"}, {"tree --output out", "output"},
	{"date -s 10:00", "unknown flag -s"}, {"date --set=10:00", "set"}, {"date 0101010170", "sets the clock"}, {"date +%s x", "more than one"},
	{"date --se=x", "set"},
	{"hostname foo", "no operand"}, {"hostname -F f", "unknown flag -F"}, {"hostname -b", "unknown flag -b"}, {"hostname --file f", "file"},
	{"ip addr add 1.2.3.4/24 dev eth0", "may change"}, {"ip link set eth0 down", "may change"}, {"ip route del default", "may change"},
	{"ip route flush cache", "may change"}, {"ip l s eth0", "may change"}, {"ip a a 1.2.3.4 dev x", "may change"}, {"ip r s", "may change"}, {"ip st set dev x", "may change"}, {"ip netns exec x ls", "not a read-only"}, {"ip -b f", "not allowed"},
	{"ip -batch f", "not allowed"}, {"ip -force a", "not allowed"}, {"ip route add default via 1.2.3.4", "may change"}, {"ip r replace x", "may change"},
	{"ip route append x", "may change"}, {"ip addr change x", "may change"}, {"ip monitor", "not a read-only"}, {"ip", "needs an object"}, {"ip l s eth0 up", "may change"},
	{"ip n flush all", "may change"}, {"ip link add x type dummy", "may change"},
	{"ss -K dst 1.2.3.4", "unknown flag -K"}, {"ss --kill", "kill"}, {"ss -tK", "unknown flag -K"}, {"ss -D f", "unknown flag -D"},
	{"lsof -D b", "not allowed"}, {"lsof -k x", "not allowed"}, {"lsof +m", "not allowed"},
	{"command ls", "needs"}, {"command -p ls", "needs"}, {"command ls -v", "needs"}, {"printf -v x y", "-v"}, {"printf -vx y", "-v"},
	{"cd a b", "too many"}, {"pwd x", "no operand"},
	{"ls --hyperlink=always --foo", "unknown flag --foo"}, {"ls -y", "unknown flag -y"}, {"cat --foo f", "unknown flag --foo"},
	{"grep --colo f", ""}, {"file -C", "unknown flag -C"}, {"file -z f", "unknown flag -z"}, {"file --compile", "compile"},
	{"wc --files0-from", "needs a value"}, {"ls -w", "needs a value"},
	// git
	{"git -c core.pager=sh log", "-c sets configuration"}, {"git -ccore.pager=x log", "-c"}, {"git --config-env=core.pager=X log", "config-env"},
	{"git --exec-path=/tmp log", "exec-path"}, {"git -p log", "pager"}, {"git --paginate log", "pager"}, {"git --pag log", "abbreviation"},
	{"git log --output=x", "writes a file"}, {"git log --out=x", "writes a file"}, {"git diff --output x", "writes a file"}, {"git diff --ext-diff", "external diff"},
	{"git diff --ext", "external diff"}, {"git log --textconv", "conversion"}, {"git show --textconv HEAD", "conversion"}, {"git grep -O foo", "pager"},
	{"git grep --open-files-in-pager foo", "pager"}, {"git grep --open foo", "pager"}, {"git cat-file --textconv HEAD:f", "conversion"},
	{"git cat-file --filters HEAD:f", "filter"}, {"git -C /tmp log", "absolute"}, {"git -C ../x log", "outside"}, {"git -C ~ log", "home"},
	{"git --git-dir=/x/.git log", "absolute"}, {"git --work-tree=.. status", "outside"}, {"git -C a/../../b log", "outside"},
	{"git push", "not a known"}, {"git commit -m x", "not a known"}, {"git checkout x", "not a known"}, {"git reset --hard", "not a known"},
	{"git clean -fd", "not a known"}, {"git pull", "not a known"}, {"git fetch", "not a known"}, {"git st", "not a known"}, {"git lg", "not a known"},
	{"git help log", "not a known"}, {"git --help", "help"}, {"git branch -d x", "unknown flag -d"}, {"git branch -D x", "unknown flag -D"},
	{"git branch new", "creates"}, {"git branch -m a b", "unknown flag -m"}, {"git branch --set-upstream-to=x", "set-upstream-to"},
	{"git branch --delete x", "delete"}, {"git branch --del x", ""}, {"git branch -c a b", "unknown flag -c"}, {"git tag v1", "creates"},
	{"git tag -d v1", "unknown flag -d"}, {"git tag -a v1 -m x", "unknown flag -a"}, {"git tag -f v1", "unknown flag -f"},
	{"git stash", "needs a subcommand"}, {"git stash pop", "not a known"}, {"git stash drop", "not a known"}, {"git stash push", "not a known"},
	{"git remote add x y", "not a known"}, {"git remote show origin", "not a known"}, {"git remote remove x", "not a known"},
	{"git config user.name x", "sets values"}, {"git config --unset x", "unset"}, {"git config --add x y", "add"}, {"git config x", "sets values"},
	{"git config --global user.name x", "sets values"}, {"git config set x y", "sets values"}, {"git config --get a b c", "may set"},
	{"git config --list x", "may set"}, {"git config -e", "unknown flag -e"},
	{"git reflog expire --all", "changes the reflog"}, {"git reflog delete x", "changes the reflog"}, {"git worktree add x", "not a known"},
	{"git worktree", "needs a subcommand"}, {"git log --foo", "unknown flag --foo"}, {"git status --foo", "unknown"}, {"git -x log", "unknown"},
	{"git --no-pag log", "abbreviation"}, {"git submodule", "not a known"}, {"git bisect", "needs a subcommand"}, {"git am", "not a known"},
	{"git diff | sh", "not a read-only"}, {"git log --no-ext-diff --ext-diff", "external diff"},
}

func TestCheckLine(t *testing.T) {
	l := New()
	for _, line := range safeLines {
		if ok, why := l.CheckLine(line); !ok {
			t.Errorf("%q asks (%s), want auto-safe", line, why)
		}
	}
	for _, c := range unsafeLines {
		ok, why := l.CheckLine(c.line)
		switch {
		case ok:
			t.Errorf("%q is auto-safe, want it to ask", c.line)
		case why == "":
			t.Errorf("%q asks without a reason", c.line)
		case !strings.Contains(why, c.why):
			t.Errorf("%q asks because %q, want a reason with %q", c.line, why, c.why)
		}
	}
}

// TestAppendNeverSafe is the property test: appending a statement or a
// writing redirect to an auto-safe line never leaves it auto-safe.
func TestAppendNeverSafe(t *testing.T) {
	l := New()
	suffixes := []string{
		"; rm x", " && true", " || true", "\nls", "\n ls", " &", " & ls", ";ls", " | sh", " | bash", " | xargs rm",
		" > f", " >> f", " 2> f", " &> f", " &>> f", " >| f", ` > "$x"`, " > $x", " 1>f", " 2>>f", " >&f", " > ~/f",
		" > /dev/null > f", " 3> f", " <> f", " > $(echo f)", " $(rm x)", " `rm x`", " <(rm x)", " >(rm x)", " $x",
		"; ", "\n", " ;:",
	}
	for _, line := range safeLines {
		if strings.Contains(line, "<<") || strings.Contains(line, "#") {
			continue // a here-document's body or a comment follows the line
		}
		for _, s := range suffixes {
			if ok, _ := l.CheckLine(line + s); ok && s != "; " && s != "\n" {
				t.Errorf("%q is auto-safe", line+s)
			}
		}
	}
}

func TestTrailingSeparator(t *testing.T) {
	l := New()
	// A lone trailing ';' or newline adds no command: still one pipeline.
	for _, line := range []string{"ls;", "ls\n", "ls ;"} {
		if ok, why := l.CheckLine(line); !ok {
			t.Errorf("%q asks (%s)", line, why)
		}
	}
}
