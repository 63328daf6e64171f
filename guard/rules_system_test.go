package guard

import (
	"strings"
	"testing"

	"guardsh/guard/internal/rules"
)

// TestSystemExamples checks that every rule matches its example. The
// commands are built without testCmdLine's wrapper handling, so that
// sudo's example reaches the sudo rule; the level may be higher than the
// rule's where another family also matches (chsh is guardsh_self too).
func TestSystemExamples(t *testing.T) {
	for _, b := range rules.SystemRules() {
		if b.Example == "" || b.Description == "" {
			t.Errorf("rule %s lacks an example or a description", b.Name)
			continue
		}
		c := testCmdLine(b.Example)
		if b.Name == "sudo" {
			c = &Command{Args: testSplit(b.Example), Text: b.Example, Dir: testDir, Home: testHome}
		}
		if hs := b.Check(c); len(hs) == 0 {
			t.Errorf("rule %s does not match its example %q", b.Name, b.Example)
		}
		if got, names := levelOfCmd(t, c); got < b.Level {
			t.Errorf("rule %s: example %q is %v (rules %v), want at least %v", b.Name, b.Example, got, names, b.Level)
		}
	}
}

// sysLevel runs every check on a command built from the words, without the
// wrapper handling of testCmdLine (so that sudo itself is checked).
func sysLevel(t *testing.T, line string) (Level, []string) {
	t.Helper()
	c := &Command{Args: testSplit(line), Text: line, Dir: testDir, Home: testHome}
	return levelOfCmd(t, c)
}

func TestSudoRule(t *testing.T) {
	tests := []struct {
		line string
		want Level
		rule string
	}{
		{"sudo apt-get update", Medium, "sudo"},
		{"sudo -E make install", Medium, "sudo"},
		{"sudo -u postgres psql", Medium, "sudo"},
		{"sudo -u root ls", Medium, "sudo"},
		{"sudo -i", Medium, "sudo"},
		{"sudo -s", Medium, "sudo"},
		{"sudo -k ls", Medium, "sudo"},
		{"sudo -e /etc/hosts", Medium, "sudo"},
		{"sudoedit /etc/hosts", Medium, "sudo"},
		{"sudo --user=bob id", Medium, "sudo"},
		{"/usr/bin/sudo ls", Medium, "sudo"},
		{"doas ls", Medium, "sudo"},
		{"doas -u bob ls", Medium, "sudo"},
		{"doas -s", Medium, "sudo"},
		{"pkexec visudo", Medium, "sudo"},
		{"pkexec --user bob id", Medium, "sudo"},
		{"su", Medium, "sudo"},
		{"su -", Medium, "sudo"},
		{"su - bob", Medium, "sudo"},
		{"su -c 'systemctl status'", Medium, "sudo"},
		{"su root -c id", Medium, "sudo"},
		{"run0 ls", Medium, "sudo"},
		{"sudo", Safe, ""},
		{"sudo -l", Safe, ""},
		{"sudo -v", Safe, ""},
		{"sudo -k", Safe, ""},
		{"sudo -K", Safe, ""},
		{"sudo -h", Safe, ""},
		{"sudo -V", Safe, ""},
		{"sudo --help", Safe, ""},
		{"sudo --version", Safe, ""},
		{"sudo -ll", Safe, ""},
		{"doas -L", Safe, ""},
		{"doas -C /etc/doas.conf ls", Safe, ""},
		{"su --help", Safe, ""},
		{"pkexec --version", Safe, ""},
		{"echo sudo rm -rf /", Safe, ""},
		{"man sudo", Safe, ""},
		{"which sudo", Safe, ""},
		{"sudo-rs-helper", Safe, ""},
	}
	for _, tc := range tests {
		got, names := sysLevel(t, tc.line)
		if got < tc.want || tc.want == Safe && got != Safe {
			t.Errorf("%q: %v %v, want %v", tc.line, got, names, tc.want)
		}
		if tc.rule != "" && !testHasName(names, tc.rule) {
			t.Errorf("%q: rules %v, want %s", tc.line, names, tc.rule)
		}
		got, names = realLevel(testRealLine(tc.line))
		if got < tc.want || tc.want == Safe && got != Safe || tc.rule != "" && !testHasName(names, tc.rule) {
			t.Errorf("Classify(%q): %v %v, want %v (%s)", tc.line, got, names, tc.want, tc.rule)
		}
	}
	// The reason says whose privileges.
	c := &Command{Args: Lits("sudo", "-u", "bob", "id")}
	if hs := rules.SysSudo(c); len(hs) != 1 || hs[0].Reason != "runs as user bob" {
		t.Errorf("sudo -u bob: %v", hs)
	}
	c = &Command{Args: Lits("sudo", "id")}
	if hs := rules.SysSudo(c); len(hs) != 1 || hs[0].Reason != "runs with root privileges" {
		t.Errorf("sudo id: %v", hs)
	}
}

func TestSystemRules(t *testing.T) {
	t.Parallel()
	runRuleCases(t, []testRuleCase{
		// eval
		{"eval \"$CMD\"", Medium, "eval"},
		{"eval 'echo hi'", Safe, ""},
		{"eval $(ssh-agent -s)", Medium, "eval"},
		{"eval", Safe, ""},
		{"echo eval x", Safe, ""},

		// package removal
		{"apt remove nginx", Medium, "package_remove"},
		{"apt-get remove -y nginx", Medium, "package_remove"},
		{"apt-get -y purge nginx", Medium, "package_remove"},
		{"apt-get autoremove", Medium, "package_remove"},
		{"apt purge --auto-remove foo", Medium, "package_remove"},
		{"aptitude remove foo", Medium, "package_remove"},
		{"apt-get -o Dpkg::Options::=--force-confold remove x", Medium, "package_remove"},
		{"dnf remove httpd", Medium, "package_remove"},
		{"yum erase httpd", Medium, "package_remove"},
		{"yum -y remove httpd", Medium, "package_remove"},
		{"dnf autoremove", Medium, "package_remove"},
		{"dnf group remove 'Development Tools'", Medium, "package_remove"},
		{"pacman -R foo", Medium, "package_remove"},
		{"pacman -Rns foo", Medium, "package_remove"},
		{"pacman -Rdd foo", Medium, "package_remove"},
		{"pacman --remove foo", Medium, "package_remove"},
		{"yay -Rns foo", Medium, "package_remove"},
		{"zypper remove foo", Medium, "package_remove"},
		{"zypper rm foo", Medium, "package_remove"},
		{"zypper -n rm foo", Medium, "package_remove"},
		{"apk del curl", Medium, "package_remove"},
		{"brew uninstall wget", Medium, "package_remove"},
		{"brew remove wget", Medium, "package_remove"},
		{"brew autoremove", Medium, "package_remove"},
		{"snap remove lxd", Medium, "package_remove"},
		{"flatpak uninstall org.gimp.GIMP", Medium, "package_remove"},
		{"flatpak remove --unused", Medium, "package_remove"},
		{"dpkg -r foo", Medium, "package_remove"},
		{"dpkg --purge foo", Medium, "package_remove"},
		{"dpkg -P foo", Medium, "package_remove"},
		{"rpm -e foo", Medium, "package_remove"},
		{"rpm --erase --nodeps foo", Medium, "package_remove"},
		{"nix-env -e hello", Medium, "package_remove"},
		{"conda remove numpy", Medium, "package_remove"},
		{"conda env remove -n old", Medium, "package_remove"},
		{"pip uninstall requests", Medium, "package_remove"},
		{"pip3 uninstall -y requests", Medium, "package_remove"},
		{"pip3.12 uninstall x", Medium, "package_remove"},
		{"python -m pip uninstall x", Medium, "package_remove"},
		{"python3 -m pip uninstall -y x", Medium, "package_remove"},
		{"pipx uninstall black", Medium, "package_remove"},
		{"npm uninstall lodash", Medium, "package_remove"},
		{"npm uninstall -g typescript", Medium, "package_remove"},
		{"npm rm lodash", Medium, "package_remove"},
		{"npm un lodash", Medium, "package_remove"},
		{"pnpm remove lodash", Medium, "package_remove"},
		{"yarn remove lodash", Medium, "package_remove"},
		{"yarn global remove typescript", Medium, "package_remove"},
		{"bun remove lodash", Medium, "package_remove"},
		{"gem uninstall rails", Medium, "package_remove"},
		{"cargo uninstall ripgrep", Medium, "package_remove"},
		{"port uninstall wget", Medium, "package_remove"},
		{"apt-get -s remove nginx", Safe, ""},
		{"apt-get --simulate purge nginx", Safe, ""},
		{"apt remove --help", Safe, ""},
		{"pacman -Rp foo", Safe, ""},
		{"pacman -Q", Safe, ""},
		{"pacman -Qe", Safe, ""},
		{"pip uninstall --help", Safe, ""},
		{"dpkg -l", Safe, ""},
		{"dpkg -L nginx", Safe, ""},
		{"rpm -qa", Safe, ""},
		{"rpm -qi bash", Safe, ""},
		{"npm ls", Safe, ""},
		{"npm run remove", Safe, ""},
		{"yarn run remove", Safe, ""},

		// package install
		{"apt install nginx", Medium, "package_install"},
		{"apt-get install -y nginx", Medium, "package_install"},
		{"apt-get -y install curl", Medium, "package_install"},
		{"apt-get -qq install curl", Medium, "package_install"},
		{"apt-get upgrade", Medium, "package_install"},
		{"apt full-upgrade -y", Medium, "package_install"},
		{"apt-get dist-upgrade", Medium, "package_install"},
		{"apt reinstall bash", Medium, "package_install"},
		{"apt-get -t bookworm-backports install x", Medium, "package_install"},
		{"dnf install -y gcc", Medium, "package_install"},
		{"yum install httpd", Medium, "package_install"},
		{"dnf upgrade", Medium, "package_install"},
		{"dnf --enablerepo=epel install htop", Medium, "package_install"},
		{"dnf group install 'Development Tools'", Medium, "package_install"},
		{"pacman -S vim", Medium, "package_install"},
		{"pacman -Syu", Medium, "package_install"},
		{"pacman -Syu --noconfirm vim", Medium, "package_install"},
		{"pacman -U ./pkg.tar.zst", Medium, "package_install"},
		{"paru -S foo", Medium, "package_install"},
		{"zypper install vim", Medium, "package_install"},
		{"zypper in vim", Medium, "package_install"},
		{"zypper dup", Medium, "package_install"},
		{"apk add curl", Medium, "package_install"},
		{"apk add --no-cache curl", Medium, "package_install"},
		{"brew install wget", Medium, "package_install"},
		{"brew upgrade", Medium, "package_install"},
		{"brew reinstall wget", Medium, "package_install"},
		{"snap install code --classic", Medium, "package_install"},
		{"flatpak install flathub org.gimp.GIMP", Medium, "package_install"},
		{"dpkg -i pkg.deb", Medium, "package_install"},
		{"rpm -ivh pkg.rpm", Medium, "package_install"},
		{"rpm -Uvh pkg.rpm", Medium, "package_install"},
		{"nix-env -iA nixpkgs.hello", Medium, "package_install"},
		{"conda install numpy", Medium, "package_install"},
		{"pip install requests", Medium, "package_install"},
		{"pip install -r requirements.txt", Medium, "package_install"},
		{"pip install --user black", Medium, "package_install"},
		{"pip install -e .", Medium, "package_install"},
		{"pip3 install --upgrade pip", Medium, "package_install"},
		{"python3 -m pip install -U requests", Medium, "package_install"},
		{"python -m pip install .", Medium, "package_install"},
		{"pipx install black", Medium, "package_install"},
		{"npm install -g typescript", Medium, "package_install"},
		{"npm i -g pnpm", Medium, "package_install"},
		{"npm install --global yarn", Medium, "package_install"},
		{"npm install --location=global eslint", Medium, "package_install"},
		{"npm install --location global eslint", Medium, "package_install"},
		{"pnpm add -g typescript", Medium, "package_install"},
		{"yarn global add typescript", Medium, "package_install"},
		{"bun add -g cowsay", Medium, "package_install"},
		{"gem install rails", Medium, "package_install"},
		{"cargo install ripgrep", Medium, "package_install"},
		{"cargo install --locked --path .", Medium, "package_install"},
		{"cargo +nightly install x", Safe, ""},
		{"go install golang.org/x/tools/gopls@latest", Medium, "package_install"},
		{"go install ./cmd/...", Medium, "package_install"},
		{"go install -v ./...", Medium, "package_install"},
		{"npm install", Safe, ""},
		{"npm i", Safe, ""},
		{"npm ci", Safe, ""},
		{"npm install lodash", Safe, ""},
		{"npm install --save-dev jest", Safe, ""},
		{"pnpm install", Safe, ""},
		{"pnpm add lodash", Safe, ""},
		{"yarn", Safe, ""},
		{"yarn add react", Safe, ""},
		{"yarn install --frozen-lockfile", Safe, ""},
		{"bun install", Safe, ""},
		{"pip list", Safe, ""},
		{"pip show requests", Safe, ""},
		{"pip freeze", Safe, ""},
		{"pip download requests", Safe, ""},
		{"pip install --help", Safe, ""},
		{"pip install --dry-run requests", Safe, ""},
		{"apt-get update", Safe, ""},
		{"apt update", Safe, ""},
		{"apt list --installed", Safe, ""},
		{"apt search nginx", Safe, ""},
		{"apt show nginx", Safe, ""},
		{"apt-cache search nginx", Safe, ""},
		{"apt-get install --help", Safe, ""},
		{"apt-get -s install nginx", Safe, ""},
		{"apt-get --dry-run install nginx", Safe, ""},
		{"dnf search gcc", Safe, ""},
		{"dnf list installed", Safe, ""},
		{"yum info httpd", Safe, ""},
		{"pacman -Ss vim", Safe, ""},
		{"pacman -Si vim", Safe, ""},
		{"pacman -Sy", Safe, ""},
		{"pacman -Qi vim", Safe, ""},
		{"brew list", Safe, ""},
		{"brew info wget", Safe, ""},
		{"brew search wget", Safe, ""},
		{"brew update", Safe, ""},
		{"snap list", Safe, ""},
		{"apk info", Safe, ""},
		{"apk search curl", Safe, ""},
		{"go build ./...", Safe, ""},
		{"go get example.com/x", Safe, ""},
		{"go test ./...", Safe, ""},
		{"go install --help", Safe, ""},
		{"cargo build --release", Safe, ""},
		{"cargo run -- install", Safe, ""},
		{"gem list", Safe, ""},
		{"python3 -m venv .venv", Safe, ""},
		{"python3 -m pip list", Safe, ""},
		{"python3 script.py install", Safe, ""},
		{"make install-deps --dry-run", Safe, ""},

		// kill
		{"kill 1234", Medium, "kill"},
		{"kill -9 1234", Medium, "kill"},
		{"kill -KILL 1234", Medium, "kill"},
		{"kill -SIGTERM 1234 5678", Medium, "kill"},
		{"kill -s HUP 1234", Medium, "kill"},
		{"kill -s 9 1234", Medium, "kill"},
		{"kill -n 9 1234", Medium, "kill"},
		{"kill --signal KILL 1234", Medium, "kill"},
		{"kill %1", Medium, "kill"},
		{"kill -9 %1", Medium, "kill"},
		{"kill -- -1234", Medium, "kill"},
		{"kill -9 0", Medium, "kill"},
		{"kill $PID", Medium, "kill"},
		{"kill -HUP $(cat /run/nginx.pid)", Medium, "kill"},
		{"killall firefox", Medium, "kill"},
		{"killall -9 node", Medium, "kill"},
		{"killall -u bob", Medium, "kill"},
		{"pkill -f 'python app.py'", Medium, "kill"},
		{"pkill node", Medium, "kill"},
		{"pkill -9 -f gunicorn", Medium, "kill"},
		{"pkill -HUP sshd", Medium, "kill"},
		{"pkill -u bob", Medium, "kill"},
		{"xkill", Medium, "kill"},
		{"kill -l", Safe, ""},
		{"kill -L", Safe, ""},
		{"kill -l 9", Safe, ""},
		{"kill -0 1234", Safe, ""},
		{"kill -s 0 1234", Safe, ""},
		{"kill --help", Safe, ""},
		{"kill", Safe, ""},
		{"killall --help", Safe, ""},
		{"killall -l", Safe, ""},
		{"pkill --help", Safe, ""},
		{"pkill -0 node", Safe, ""},
		{"pgrep -f node", Safe, ""},
		{"ps aux", Safe, ""},

		// kill every process
		{"kill -9 -1", High, "kill_all_processes"},
		{"kill -KILL -1", High, "kill_all_processes"},
		{"kill -SIGKILL -1", High, "kill_all_processes"},
		{"kill -s KILL -1", High, "kill_all_processes"},
		{"kill -- -1", High, "kill_all_processes"},
		{"kill -TERM -- -1", High, "kill_all_processes"},
		{"kill 1", High, "kill_all_processes"},
		{"kill -9 1", High, "kill_all_processes"},
		{"kill -HUP 1", High, "kill_all_processes"},
		{"kill 1234 1", High, "kill_all_processes"},
		{"killall5", High, "kill_all_processes"},
		{"killall5 -9", High, "kill_all_processes"},
		{"pkill -9 .", High, "kill_all_processes"},
		{"pkill .", High, "kill_all_processes"},
		{"pkill -f .", High, "kill_all_processes"},
		{"pkill -KILL -f '.*'", High, "kill_all_processes"},
		{"pkill ''", High, "kill_all_processes"},
		{"killall -r .", High, "kill_all_processes"},
		{"killall -9 -r '.*'", High, "kill_all_processes"},
		{"pkill -9 -u root", High, "kill_all_processes"},
		{"killall -u root", High, "kill_all_processes"},
		{"kill -0 1", Safe, ""},
		{"kill -0 -1", Safe, ""},
		{"killall .", Medium, "kill"},
		{"kill 12", Medium, "kill"},
		{"kill 100", Medium, "kill"},
		{"kill -1 1234", Medium, "kill"},

		// power
		{"shutdown -h now", High, "shutdown"},
		{"shutdown now", High, "shutdown"},
		{"shutdown -r now", High, "shutdown"},
		{"shutdown -r +5 'maintenance'", High, "shutdown"},
		{"shutdown -P 23:00", High, "shutdown"},
		{"shutdown", High, "shutdown"},
		{"reboot", High, "shutdown"},
		{"reboot -f", High, "shutdown"},
		{"poweroff", High, "shutdown"},
		{"halt", High, "shutdown"},
		{"halt -p", High, "shutdown"},
		{"/sbin/reboot", High, "shutdown"},
		{"init 0", High, "shutdown"},
		{"init 6", High, "shutdown"},
		{"init 1", High, "shutdown"},
		{"telinit 0", High, "shutdown"},
		{"telinit 6", High, "shutdown"},
		{"systemctl poweroff", High, "shutdown"},
		{"systemctl reboot", High, "shutdown"},
		{"systemctl halt", High, "shutdown"},
		{"systemctl kexec", High, "shutdown"},
		{"systemctl -i reboot", High, "shutdown"},
		{"systemctl --force reboot", High, "shutdown"},
		{"systemctl soft-reboot", High, "shutdown"},
		{"systemctl rescue", High, "shutdown"},
		{"systemctl isolate rescue.target", High, "shutdown"},
		{"systemctl start reboot.target", High, "shutdown"},
		{"loginctl reboot", High, "shutdown"},
		{"echo b >/proc/sysrq-trigger", High, "shutdown"},
		{"shutdown --help", Safe, ""},
		{"shutdown -c", Safe, ""},
		{"shutdown -k now", Safe, ""},
		{"reboot --help", Safe, ""},
		{"poweroff --help", Safe, ""},
		{"halt --help", Safe, ""},
		{"init --version", Safe, ""},
		{"init", Safe, ""},
		{"init 3", Safe, ""},
		{"telinit q", Safe, ""},
		{"systemctl status", Safe, ""},
		{"systemctl --help", Safe, ""},
		{"systemctl list-units --type=service", Safe, ""},
		{"systemctl is-active nginx", Safe, ""},
		{"systemctl isolate multi-user.target", Medium, "service_stop"},
		{"last reboot", Safe, ""},
		{"echo reboot", Safe, ""},
		{"grep shutdown /var/log/syslog", Safe, ""},
		{"cat /proc/sysrq-trigger", Safe, ""},

		// services
		{"systemctl stop nginx", Medium, "service_stop"},
		{"systemctl stop nginx.service", Medium, "service_stop"},
		{"systemctl disable --now docker", Medium, "service_stop"},
		{"systemctl mask bluetooth", Medium, "service_stop"},
		{"systemctl kill -s KILL nginx", Medium, "service_stop"},
		{"systemctl restart nginx", Medium, "service_stop"},
		{"systemctl try-restart nginx", Medium, "service_stop"},
		{"systemctl --user stop pipewire", Medium, "service_stop"},
		{"systemctl -H host stop nginx", Medium, "service_stop"},
		{"service nginx stop", Medium, "service_stop"},
		{"service nginx restart", Medium, "service_stop"},
		{"rc-service sshd stop", Medium, "service_stop"},
		{"launchctl unload ~/Library/LaunchAgents/x.plist", Medium, "service_stop"},
		{"launchctl bootout gui/501/com.example", Medium, "service_stop"},
		{"update-rc.d apache2 disable", Medium, "service_stop"},
		{"rc-update del sshd default", Medium, "service_stop"},
		{"systemctl restart firewalld", Medium, "service_stop"},
		{"systemctl start nginx", Safe, ""},
		{"systemctl enable nginx", Safe, ""},
		{"systemctl reload nginx", Safe, ""},
		{"systemctl status nginx", Safe, ""},
		{"systemctl daemon-reload", Safe, ""},
		{"systemctl cat nginx", Safe, ""},
		{"systemctl stop --help", Safe, ""},
		{"service nginx status", Safe, ""},
		{"service --status-all", Safe, ""},
		{"launchctl list", Safe, ""},
		{"journalctl -u nginx --since today", Safe, ""},

		// users
		{"useradd -m bob", Medium, "user_change"},
		{"userdel -r bob", Medium, "user_change"},
		{"usermod -aG docker bob", Medium, "user_change"},
		{"usermod -L bob", Medium, "user_change"},
		{"groupadd devs", Medium, "user_change"},
		{"groupdel devs", Medium, "user_change"},
		{"gpasswd -d bob docker", Medium, "user_change"},
		{"passwd", Medium, "user_change"},
		{"passwd bob", Medium, "user_change"},
		{"passwd -l bob", Medium, "user_change"},
		{"chpasswd", Medium, "user_change"},
		{"visudo", Medium, "user_change"},
		{"adduser bob", Medium, "user_change"},
		{"deluser bob sudo", Medium, "user_change"},
		{"addgroup devs", Medium, "user_change"},
		{"chage -E 0 bob", Medium, "user_change"},
		{"vipw", Medium, "user_change"},
		{"chfn -f 'Bob B' bob", Medium, "user_change"},
		{"passwd -S bob", Safe, ""},
		{"passwd --status bob", Safe, ""},
		{"chage -l bob", Safe, ""},
		{"visudo -c", Safe, ""},
		{"useradd --help", Safe, ""},
		{"id bob", Safe, ""},
		{"groups bob", Safe, ""},
		{"getent passwd bob", Safe, ""},
		{"cat /etc/group", Safe, ""},

		// firewall
		{"iptables -F", Medium, "firewall_off"},
		{"iptables --flush", Medium, "firewall_off"},
		{"iptables -t nat -F", Medium, "firewall_off"},
		{"iptables -F INPUT", Medium, "firewall_off"},
		{"iptables -X", Medium, "firewall_off"},
		{"iptables -P INPUT ACCEPT", Medium, "firewall_off"},
		{"iptables --policy FORWARD ACCEPT", Medium, "firewall_off"},
		{"ip6tables -F", Medium, "firewall_off"},
		{"iptables-nft -F", Medium, "firewall_off"},
		{"iptables -Fv", Medium, "firewall_off"},
		{"ufw disable", Medium, "firewall_off"},
		{"ufw reset", Medium, "firewall_off"},
		{"ufw --force reset", Medium, "firewall_off"},
		{"nft flush ruleset", Medium, "firewall_off"},
		{"nft flush table inet filter", Medium, "firewall_off"},
		{"nft delete table inet filter", Medium, "firewall_off"},
		{"setenforce 0", Medium, "firewall_off"},
		{"setenforce Permissive", Medium, "firewall_off"},
		{"systemctl stop firewalld", Medium, "firewall_off"},
		{"systemctl disable --now ufw", Medium, "firewall_off"},
		{"systemctl mask nftables.service", Medium, "firewall_off"},
		{"service iptables stop", Medium, "firewall_off"},
		{"systemctl stop apparmor", Medium, "firewall_off"},
		// Through every service manager (these were never dispatched).
		{"systemctl disable apparmor", Medium, "firewall_off"},
		{"systemctl kill firewalld", Medium, "firewall_off"},
		{"systemctl stop ufw.service", Medium, "firewall_off"},
		{"systemctl --now disable nftables", Medium, "firewall_off"},
		{"service ufw stop", Medium, "firewall_off"},
		{"service apparmor teardown", Medium, "firewall_off"}, // unloads every AppArmor profile
		{"service firewalld stop", Medium, "firewall_off"},
		{"rc-service iptables stop", Medium, "firewall_off"},
		{"rc-update del iptables", Medium, "firewall_off"},
		{"update-rc.d ufw disable", Medium, "firewall_off"},
		{"systemctl status apparmor", Safe, ""},
		{"systemctl start firewalld", Safe, ""},
		{"systemctl enable --now ufw", Safe, ""},
		{"service iptables status", Safe, ""},
		{"systemctl is-active firewalld", Safe, ""},
		{"pfctl -d", Medium, "firewall_off"},
		{"firewall-cmd --panic-off", Medium, "firewall_off"},
		{"iptables -A INPUT -p tcp --dport 22 -j ACCEPT", Medium, "firewall_change"},
		{"iptables -I INPUT 1 -s 1.2.3.4 -j DROP", Medium, "firewall_change"},
		{"iptables -D INPUT 3", Medium, "firewall_change"},
		{"iptables -P INPUT DROP", Medium, "firewall_change"},
		{"iptables-restore < rules.v4", Medium, "firewall_change"},
		{"ufw allow 22/tcp", Medium, "firewall_change"},
		{"ufw deny from 1.2.3.4", Medium, "firewall_change"},
		{"ufw enable", Medium, "firewall_change"},
		{"nft add rule inet filter input tcp dport 22 accept", Medium, "firewall_change"},
		{"nft -f /etc/nftables.conf", Medium, "firewall_change"},
		{"firewall-cmd --permanent --add-port=8080/tcp", Medium, "firewall_change"},
		{"firewall-cmd --reload", Medium, "firewall_change"},
		{"iptables -L", Safe, ""},
		{"iptables -L -n -v", Safe, ""},
		{"iptables -S", Safe, ""},
		{"iptables -t nat -L", Safe, ""},
		{"iptables-save", Safe, ""},
		{"iptables-save > rules.v4", Safe, ""},
		{"iptables-restore --test < rules.v4", Safe, ""},
		{"ufw status", Safe, ""},
		{"ufw status verbose", Safe, ""},
		{"ufw --dry-run disable", Safe, ""},
		{"nft list ruleset", Safe, ""},
		{"nft -c -f /etc/nftables.conf", Safe, ""},
		{"getenforce", Safe, ""},
		{"setenforce 1", Safe, ""},
		{"sestatus", Safe, ""},
		{"firewall-cmd --list-all", Safe, ""},
		{"firewall-cmd --state", Safe, ""},
		{"systemctl status firewalld", Safe, ""},
		{"pfctl -s rules", Safe, ""},

		// mounts
		{"mount /dev/sdb1 /mnt", Medium, "mount"},
		{"mount -t nfs server:/x /mnt", Medium, "mount"},
		{"mount -o remount,rw /", Medium, "mount"},
		{"mount --bind /src /dst", Medium, "mount"},
		{"mount -a", Medium, "mount"},
		{"umount /mnt", Medium, "mount"},
		{"umount -l /mnt/usb", Medium, "mount"},
		{"umount -a", Medium, "mount"},
		{"swapoff -a", Medium, "mount"},
		{"swapoff /swapfile", Medium, "mount"},
		{"swapon /swapfile", Medium, "mount"},
		{"mount", Safe, ""},
		{"mount -l", Safe, ""},
		{"mount -t ext4", Safe, ""},
		{"mount --help", Safe, ""},
		{"mount -f /mnt", Safe, ""},
		{"umount --help", Safe, ""},
		{"swapon --show", Safe, ""},
		{"swapon -s", Safe, ""},
		{"swapon", Safe, ""},
		{"findmnt", Safe, ""},
		{"df -h", Safe, ""},

		// history
		{"history -c", Medium, "history_erase"},
		{"history -cw", Medium, "history_erase"},
		{"history -d 42", Medium, "history_erase"},
		{"history -w /dev/null", Medium, "history_erase"},
		{"unset HISTFILE", Medium, "history_erase"},
		{"unset -v HISTFILE", Medium, "history_erase"},
		{"unset HISTSIZE", Medium, "history_erase"},
		{"export HISTFILE=/dev/null", Medium, "history_erase"},
		{"export HISTFILE=", Medium, "history_erase"},
		{"export HISTSIZE=0", Medium, "history_erase"},
		{"export HISTFILESIZE=0", Medium, "history_erase"},
		{"declare -x HISTSIZE=0", Medium, "history_erase"},
		{"typeset HISTSIZE=0", Medium, "history_erase"},
		{"export SAVEHIST=0", Medium, "history_erase"},
		{"HISTSIZE=0", Medium, "history_erase"},
		{"HISTFILE=/dev/null bash", Medium, "history_erase"},
		{"env HISTFILE=/dev/null bash", Medium, "history_erase"},
		{"set +o history", Medium, "history_erase"},
		{"> ~/.bash_history", Medium, "history_erase"},
		{"cat /dev/null > ~/.bash_history", Medium, "history_erase"},
		{"echo > ~/.zsh_history", Medium, "history_erase"},
		{"ln -sf /dev/null ~/.bash_history", Medium, "history_erase"},
		{"history", Safe, ""},
		{"history 20", Safe, ""},
		{"history -w", Safe, ""},
		{"history -a", Safe, ""},
		{"export HISTSIZE=10000", Safe, ""},
		{"export HISTFILE=~/.my_history", Safe, ""},
		{"export HISTCONTROL=ignoredups", Safe, ""},
		{"unset FOO", Safe, ""},
		{"set -o history", Safe, ""},
		{"set +o errexit", Safe, ""},
		{"echo cmd >> ~/.bash_history", Safe, ""},

		// crontab
		{"crontab -r", Medium, "crontab_remove"},
		{"crontab -ri", Medium, "crontab_remove"},
		{"crontab -ir", Medium, "crontab_remove"},
		{"crontab -u bob -r", Medium, "crontab_remove"},
		{"crontab -r -u bob", Medium, "crontab_remove"},
		{"crontab /dev/null", Medium, "crontab_remove"},
		{"crontab -l", Safe, ""},
		{"crontab -l -u bob", Safe, ""},
		{"crontab -e", Safe, ""},
		{"crontab mycron.txt", Medium, "crontab_install"},
		{"crontab -u bob jobs.txt", Medium, "crontab_install"},
		{"crontab -", Medium, "crontab_install"},
		{"crontab -u bob -", Medium, "crontab_install"},
		{"crontab -l | crontab -", Medium, "crontab_install"},
		{"crontab -T mycron.txt", Safe, ""},
		{"crontab -V", Safe, ""},
		{"crontab", Safe, ""},
		{"crontab -u bob -l", Safe, ""},
		{"crontab --help", Safe, ""},

		// LD_PRELOAD
		{"export LD_PRELOAD=/tmp/hook.so", High, "ld_preload"},
		{"export LD_PRELOAD=./libfake.so", High, "ld_preload"},
		{"declare -x LD_PRELOAD=/x.so", High, "ld_preload"},
		{"LD_PRELOAD=/tmp/x.so ls", High, "ld_preload"},
		{"env LD_PRELOAD=/tmp/x.so ls", High, "ld_preload"},
		{"env -i LD_PRELOAD=/tmp/x.so ls", High, "ld_preload"},
		{"export LD_AUDIT=/tmp/a.so", High, "ld_preload"},
		{"export DYLD_INSERT_LIBRARIES=/tmp/x.dylib", High, "ld_preload"},
		{"echo /tmp/x.so > /etc/ld.so.preload", High, "ld_preload"},
		{"echo /tmp/x.so >> /etc/ld.so.preload", High, "ld_preload"},
		{"export LD_PRELOAD=", Safe, ""},
		{"unset LD_PRELOAD", Safe, ""},
		{"env -u LD_PRELOAD ls", Safe, ""},
		{"export LD_LIBRARY_PATH=/opt/lib", Safe, ""},
		{"echo $LD_PRELOAD", Safe, ""},
		{"cat /etc/ld.so.preload", Safe, ""},
		{"env ls LD_PRELOAD=/x.so", Safe, ""},

		// kernel modules
		{"insmod ./mod.ko", Medium, "kernel_module"},
		{"rmmod nouveau", Medium, "kernel_module"},
		{"rmmod -f nouveau", Medium, "kernel_module"},
		{"modprobe -r nouveau", Medium, "kernel_module"},
		{"modprobe --remove snd_hda_intel", Medium, "kernel_module"},
		{"modprobe vboxdrv", Medium, "kernel_module"},
		{"modprobe -n -v vboxdrv", Safe, ""},
		{"modprobe -c", Safe, ""},
		{"modprobe --show-depends ext4", Safe, ""},
		{"modprobe --help", Safe, ""},
		{"lsmod", Safe, ""},
		{"modinfo ext4", Safe, ""},
		{"rmmod --help", Safe, ""},

		// sysctl
		{"sysctl -w net.ipv4.ip_forward=1", Medium, "sysctl_write"},
		{"sysctl net.ipv4.ip_forward=1", Medium, "sysctl_write"},
		{"sysctl -w vm.swappiness=10", Medium, "sysctl_write"},
		{"sysctl -p", Medium, "sysctl_write"},
		{"sysctl -p /etc/sysctl.d/99-x.conf", Medium, "sysctl_write"},
		{"sysctl --system", Medium, "sysctl_write"},
		{"echo 1 > /proc/sys/net/ipv4/ip_forward", Medium, "sysctl_write"},
		{"sysctl -a", Safe, ""},
		{"sysctl net.ipv4.ip_forward", Safe, ""},
		{"sysctl -n vm.swappiness", Safe, ""},
		{"sysctl --help", Safe, ""},
		{"cat /proc/sys/vm/swappiness", Safe, ""},

		// chsh
		// (chsh is guardsh_self too, which makes it high.)
		{"chsh -s /bin/zsh", High, "chsh"},
		{"chsh -s /usr/bin/fish bob", High, "chsh"},
		{"chsh", High, "chsh"},

		// look-alikes
		{"echo shutdown -h now", Safe, ""},
		{"printf '%s\\n' 'kill -9 -1'", Safe, ""},
		{"grep -r 'iptables -F' .", Safe, ""},
		{"man kill", Safe, ""},
		{"type passwd", Safe, ""},
		{"ls /etc/systemd/system", Safe, ""},
	})
}

func TestSystemUnknownWords(t *testing.T) {
	// kill of a pid known only at run time is medium, not high.
	c := &Command{Args: []Word{Lit("kill"), Lit("-9"), {Value: Unknown, Vars: []string{"PID"}}}}
	if got, names := levelOfCmd(t, c); got != Medium {
		t.Errorf("kill -9 $PID: %v %v", got, names)
	}
	hs := rules.SysKill(c)
	if len(hs) != 1 || strings.Contains(hs[0].Reason, Unknown) {
		t.Errorf("reason shows the unknown marker: %v", hs)
	}
}

func TestSystemFixes(t *testing.T) {
	runRuleCases(t, []testRuleCase{
		{"brew install -n wget", Safe, ""},
		{"brew upgrade --dry-run", Safe, ""},
		{"brew reinstall -h", Safe, ""},
		{"brew autoremove -n", Safe, ""},
		{"cargo install --list", Safe, ""},
		{"pacman -Uh", Safe, ""},
		{"pacman -Rh", Safe, ""},
		{"pacman -Up ./pkg.tar.zst", Safe, ""},
		{"bun unlink", Safe, ""},
		{"bun rm -h", Safe, ""},
		{"systemctl halt --when cancel", Safe, ""},
		{"systemctl soft-reboot --when=cancel", Safe, ""},
		{"systemctl halt --when 23:00", High, "shutdown"},
		{"visudo -V", Safe, ""},
		{"useradd -h", Safe, ""},
		{"chfn -h 555 bob", Medium, "user_change"},
		{"aa-teardown -h", Safe, ""},
		{"aa-teardown", Medium, "firewall_off"},
	})
}

// TestFamiliesClassify runs whole lines through the walker: wrappers,
// pipelines, here-documents and same-line state reach the git, infra and
// system rules.
func TestFamiliesClassify(t *testing.T) {
	g, err := New()
	if err != nil {
		t.Fatal(err)
	}
	st := State{Var: MapVars(map[string]string{"HOME": "/home/u", "USER": "u"}), Dir: "/home/u/proj"}
	tests := []struct {
		line  string
		want  Level
		rules []string
	}{
		{"sudo git push -f", Medium, []string{"git_push_force", "sudo"}},
		{"git -C ../other push --force origin main", Medium, []string{"git_push_force"}},
		{"cd /tmp && git clean -fdx", Medium, []string{"git_clean_force"}},
		{"eval 'git reset --hard'", Medium, []string{"git_reset_hard"}},
		{"find . -name '*.tmp' -exec git rm -f {} +", Medium, []string{"git_rm_force"}},
		{"git commit -m 'rm -rf /'", Safe, nil},
		{"git commit -m \"$(date)\" && git push", Safe, nil},
		{"git log --oneline | head", Safe, nil},
		{"git status; git diff", Safe, nil},
		{"echo FLUSHALL | redis-cli", High, []string{"redis_flush"}},
		{"redis-cli <<< 'FLUSHDB'", High, []string{"redis_flush"}},
		{"printf 'DEL a\\n' | redis-cli", Medium, []string{"redis_delete"}},
		{"psql app <<'EOF'\nDROP TABLE x;\nEOF", High, []string{"sql_drop"}},
		{"psql app <<'EOF'\nSELECT 'DROP TABLE x';\nEOF", Safe, nil},
		{"mysql -e \"SELECT 'DROP TABLE x'\"", Safe, nil},
		{"docker exec -it db psql -c 'DROP DATABASE app'", High, []string{"sql_drop"}},
		{"kubectl exec -it pod -- redis-cli FLUSHALL", High, []string{"redis_flush"}},
		{"bash -c 'terraform destroy'", High, []string{"terraform_destroy"}},
		{"sudo -u bob kubectl delete ns prod", High, []string{"kubectl_delete_namespace", "sudo"}},
		{"xargs -n1 docker rm < ids", Medium, []string{"docker_remove"}},
		{"docker rm $(docker ps -aq)", Medium, []string{"docker_remove"}},
		{"docker ps -a | grep Exited", Safe, nil},
		{"kill -9 -1", High, []string{"kill_all_processes"}},
		{"timeout 5 shutdown -h now", High, []string{"shutdown"}},
		{"ssh host sudo reboot", High, []string{"shutdown", "sudo"}},
		{"export LD_PRELOAD=/x.so", High, []string{"ld_preload"}},
		{"LD_PRELOAD=/x.so ls", High, []string{"ld_preload"}},
		{"unset HISTFILE", Medium, []string{"history_erase"}},
		{"echo '* * * * * ls' | crontab -", Medium, []string{"crontab_install"}},
		{"crontab -l | sed '/x/d' | crontab -", Medium, []string{"crontab_install"}},
		{"(crontab -l; echo '0 * * * * backup.sh') | crontab -u bob -", Medium, []string{"crontab_install"}},
		{"crontab -l > saved.cron", Safe, nil},
		{"export HISTFILE=/dev/null", Medium, []string{"history_erase"}},
		{"history -c && exit", Medium, []string{"history_erase"}},
		{"> ~/.bash_history", Medium, []string{"history_erase"}},
		{"echo 1 > /proc/sys/net/ipv4/ip_forward", Medium, []string{"sysctl_write"}},
		{"apt-get update && apt-get install -y curl", Medium, []string{"package_install"}},
		{"npm ci && npm test", Safe, nil},
		{"pip install -r requirements.txt", Medium, []string{"package_install"}},
		{"systemctl status nginx | cat", Safe, nil},
		{"for s in nginx redis; do systemctl restart $s; done", Medium, []string{"service_stop"}},
		{"aws s3 rm s3://b --recursive", High, []string{"cloud_delete_bulk"}},
		{"gh repo delete o/r --yes", High, []string{"repo_delete"}},
		{"echo 'kubectl delete ns prod'", Safe, nil},
	}
	for _, tc := range tests {
		v := g.Classify(tc.line, st)
		var got []string
		for _, f := range v.Findings {
			got = append(got, f.Rule)
		}
		if v.Level != tc.want {
			t.Errorf("%q: %v %v, want %v", tc.line, v.Level, got, tc.want)
			continue
		}
		for _, r := range tc.rules {
			if !testHasName(got, r) {
				t.Errorf("%q: rules %v, want %s among them", tc.line, got, r)
			}
		}
	}
}

// TestFamiliesArgv checks the run-time path: the same checks on an
// expanded argv.
func TestFamiliesArgv(t *testing.T) {
	g, err := New()
	if err != nil {
		t.Fatal(err)
	}
	st := State{Dir: "/home/u/proj"}
	for _, tc := range []struct {
		argv []string
		want Level
	}{
		{[]string{"git", "push", "origin", "+main"}, Medium},
		{[]string{"git", "push", "origin", "main"}, Safe},
		{[]string{"psql", "-c", "DROP TABLE users"}, High},
		{[]string{"psql", "-c", "SELECT 'DROP TABLE users'"}, Safe},
		{[]string{"kill", "-9", "-1"}, High},
		{[]string{"terraform", "apply", "-auto-approve"}, High},
	} {
		if v := g.CheckArgv(tc.argv, st); v.Level != tc.want {
			t.Errorf("%v: %v %v, want %v", tc.argv, v.Level, v.Findings, tc.want)
		}
	}
}

func TestChshLookAlikes(t *testing.T) {
	for _, line := range []string{"chsh -l", "chsh --help", "chsh --version", "echo chsh"} {
		if hs := rules.SysChsh(testCmdLine(line)); len(hs) != 0 {
			t.Errorf("%q: %v", line, hs)
		}
	}
}
