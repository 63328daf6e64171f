package rules

import (
	"regexp"
	"strings"
	"sync"

	"guardsh/internal/argv"
)

// Rows of the package registries, the network configuration and the
// force flags of infrastructure tools, each read from the tool's manual.
// A registry that never lets a version be published again (npm
// unpublish) is high; a yank or deprecation, which can be undone, is
// medium. Taking an interface, a route or a connection down cuts the
// machine off (and a remote session with it) until someone reconfigures
// it from a console: medium, like flushing the firewall.

var (
	// ipOpts: iproute2 takes its long options with one dash (-br,
	// -netns), as goflags reads them; -h is -human, not help.
	ipOpts = &argv.Spec{Flags: "46sdrtfcjpo0Dah", Valued: "nbN", Stop: "V"}
)

// nsupdateDelete matches an nsupdate command that deletes records. It is
// compiled when first needed, not at start-up.
var nsupdateDelete = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?im)^\s*(update\s+)?(del|delete)\s`)
})

func registryRows() []Row {
	var (
		npmOpts   = withFlags(cli("w", "registry", "otp", "tag", "access", "workspace", "userconfig", "prefix", "loglevel", "cache"), "fg", "dry-run", "force", "global", "json", "workspaces")
		cargoOpts = withFlags(cli("", "version", "vers", "index", "registry", "token", "config", "color", "manifest-path"), "qv", "undo", "quiet", "verbose", "locked", "offline", "frozen")
		gemOpts   = cli("vpk", "version", "platform", "key", "host", "otp", "config-file")
	)
	return []Row{
		{Name: "npm_unpublish", Level: High, Progs: []string{"npm", "pnpm", "yarn", "bun"}, Opts: npmOpts,
			Path: "unpublish, pm unpublish, npm unpublish", When: []rowPred{dry},
			Why:    "{prog} unpublish removes {1|the package of the current directory} from the registry: that name and version can never be published again",
			Desc:   "npm|pnpm|yarn unpublish removes a package or version from the registry for good",
			Hits:   []string{"npm unpublish my-pkg@1.0.0", "npm unpublish --force", "pnpm unpublish my-pkg", "yarn unpublish my-pkg", "yarn npm unpublish my-pkg", "npm --registry https://r.example.com unpublish x@2"},
			Misses: []string{"npm unpublish --dry-run my-pkg@1.0.0", "npm publish", "npm unpublish --help", "npm view my-pkg"}},
		{Name: "npm_deprecate", Level: Medium, Progs: []string{"npm", "pnpm"}, Opts: npmOpts,
			Path:   "deprecate, dist-tag rm|remove, owner rm|remove",
			Why:    "{prog} {path} changes what users of {1|the package} are told or given",
			Desc:   "npm deprecate marks published versions deprecated; dist-tag rm and owner rm remove a tag or an owner",
			Hits:   []string{"npm deprecate my-pkg@'<2' 'use v2'", "npm dist-tag rm my-pkg beta", "npm owner rm bob my-pkg"},
			Misses: []string{"npm dist-tag ls my-pkg", "npm owner ls my-pkg", "npm install"}},
		{Name: "cargo_yank", Level: Medium, Progs: []string{"cargo"}, Opts: cargoOpts,
			Path: "yank", When: []rowPred{lacks("undo")},
			Why:    "cargo yank withdraws {-version/-vers/1|a version} of the crate from crates.io: new lockfiles cannot use it",
			Desc:   "cargo yank withdraws a published version of a crate",
			Hits:   []string{"cargo yank --version 1.0.1", "cargo yank my-crate@1.0.1", "cargo yank --vers 0.3.0 my-crate"},
			Misses: []string{"cargo yank --undo --version 1.0.1", "cargo publish", "cargo yank --help"}},
		{Name: "gem_yank", Level: Medium, Progs: []string{"gem"}, Opts: gemOpts,
			Path:   "yank",
			Why:    "gem yank removes {1|the gem} {-version/-v|version} from RubyGems.org",
			Desc:   "gem yank removes a published version of a gem",
			Hits:   []string{"gem yank my-gem -v 1.0.0", "gem yank my-gem --version 1.0.0 --platform java"},
			Misses: []string{"gem push my-gem-1.0.0.gem", "gem list", "gem yank --help"}},
		{Name: "nuget_delete", Level: Medium, Progs: []string{"dotnet", "nuget"}, Opts: cli("sk", "source", "api-key"),
			Path:   "nuget delete, delete",
			Why:    "{prog} {path} deletes or unlists the package {1+} on the feed",
			Desc:   "dotnet nuget delete (nuget delete) deletes or unlists a package version on a feed",
			Hits:   []string{"dotnet nuget delete My.Pkg 1.0.0 -s https://api.nuget.org/v3/index.json -k KEY", "nuget delete My.Pkg 1.0.0"},
			Misses: []string{"dotnet nuget push My.Pkg.1.0.0.nupkg", "dotnet build"}},
	}
}

func networkRows() []Row {
	var (
		routeOpts = cli("A")
		nmcliOpts = cli("mfecwg", "mode", "fields", "escape", "colors", "wait", "get-values")
	)
	link := "link|l|li|lin"
	route := "route|r|ro|rou|rout"
	addr := "address|addr|a|ad|add|addre|addres"
	del := "delete|del|d|de|dele|delet"
	flush := "flush|f|fl|flu|flus"
	return []Row{
		{Name: "ip_link_down", Level: Medium, Progs: []string{"ip"}, Opts: ipOpts, Goflags: true,
			Path: link + " set|s|se, " + link + " " + del, When: []rowPred{func(m *rowMatch) bool {
				return m.path[1].Value[0] == 'd' || anyArg(is("down"))(m)
			}},
			Why:    "ip {path} takes the network interface down or deletes it ({1+}): the connections over it are cut",
			Desc:   "ip link set DEV down, or ip link delete DEV, cuts the machine's connections over an interface",
			Hits:   []string{"ip link set eth0 down", "ip link set dev wlan0 down", "ip -n ns1 l s eth0 down", "ip link delete br0", "ip -br link del veth1"},
			Misses: []string{"ip link set eth0 up", "ip link show", "ip -br link", "ip link set eth0 mtu 9000"}},
		{Name: "ip_route_delete", Level: Medium, Progs: []string{"ip"}, Opts: ipOpts, Goflags: true,
			Path:   route + " " + del + "|" + flush + ", " + addr + " " + del + "|" + flush,
			Why:    "ip {path} deletes routes or addresses ({1+|all}): the machine may lose its connections",
			Desc:   "ip route del|flush or ip addr del|flush deletes routes (the default route too) or addresses",
			Hits:   []string{"ip route del default", "ip route flush all", "ip -4 r flush table main", "ip addr flush dev eth0", "ip addr del 10.0.0.2/24 dev eth0"},
			Misses: []string{"ip route show", "ip route get 1.1.1.1", "ip addr show", "ip route add default via 10.0.0.1"}},
		{Name: "ifconfig_down", Level: Medium, Progs: []string{"ifconfig", "ifdown"},
			When:   []rowPred{func(m *rowMatch) bool { return m.c.Name() == "ifdown" || anyArg(is("down"))(m) }},
			Why:    "{prog} takes the network interface {1|named} down: the connections over it are cut",
			Desc:   "ifconfig DEV down, or ifdown DEV, takes an interface down",
			Hits:   []string{"ifconfig eth0 down", "sudo ifdown eth0", "ifdown -a"},
			Misses: []string{"ifconfig eth0 up", "ifconfig -a", "ifconfig"}},
		{Name: "route_delete", Level: Medium, Progs: []string{"route"}, Opts: routeOpts,
			Path:   "del|delete|flush",
			Why:    "route {path} deletes routes ({1+|all}): the machine may lose its connections",
			Desc:   "route del|delete|flush deletes routes, the default route too",
			Hits:   []string{"route del default", "route delete default", "route -n del -net 10.0.0.0 netmask 255.0.0.0"},
			Misses: []string{"route -n", "route add default gw 10.0.0.1"}},
		{Name: "nmcli_down", Level: Medium, Progs: []string{"nmcli"}, Opts: nmcliOpts,
			Path: "c|co|con|conn|conne|connec|connect|connecti|connectio|connection down|delete|del|dele|delet, " +
				"d|de|dev|devi|devic|device disconnect|delete|down, n|ne|net|netw|netwo|networ|network|networki|networkin|networking off, r|ra|rad|radi|radio all|wifi|wwan off",
			Why:    "nmcli {path} takes network connections down or deletes them ({1+|all})",
			Desc:   "nmcli connection down|delete, device disconnect|delete, networking off or radio off cuts network connections",
			Hits:   []string{"nmcli con down Wired", "nmcli connection delete office-vpn", "nmcli dev disconnect eth0", "nmcli networking off", "nmcli -t c del x"},
			Misses: []string{"nmcli con up Wired", "nmcli con show", "nmcli dev status", "nmcli networking on"}},
		{Name: "nsupdate_delete", Level: Medium, Progs: []string{"nsupdate"},
			When:   []rowPred{func(m *rowMatch) bool { return m.c.Stdin != nil && nsupdateDelete().MatchString(m.c.Stdin.Value) }},
			Why:    "nsupdate deletes DNS records",
			Desc:   "nsupdate with an update delete (del) command deletes DNS records",
			Hits:   []string{"printf 'server ns1\\nupdate delete www.example.com A\\nsend\\n' | nsupdate -k key", "nsupdate <<< 'del host.example.com'"},
			Misses: []string{"printf 'update add www.example.com 300 A 10.0.0.1\\nsend\\n' | nsupdate", "nsupdate -V"}},
	}
}

func forceRows() []Row {
	kube := withFlags(cli("nflokcs", "namespace", "filename", "selector", "output", "kustomize", "context", "kubeconfig", "server", "cluster", "user", "token", "field-manager", "timeout", "grace-period"), "Rw", "force", "prune", "server-side", "recursive", "wait", "all", "overwrite", "validate", "force-conflicts")
	tf := withFlags(cli("", "chdir"), "", "force", "lock", "no-color")
	helm := withFlags(cli("nf", "namespace", "kube-context", "kubeconfig", "values", "set", "set-string", "set-file", "version", "repo", "timeout", "post-renderer", "description"), "i", "install", "force", "atomic", "wait", "wait-for-jobs", "reuse-values", "reset-values", "dry-run", "debug", "create-namespace", "cleanup-on-fail", "devel")
	return []Row{
		{Name: "kubectl_apply_force", Level: Medium, Progs: []string{"kubectl", "oc", "microk8s.kubectl"}, Opts: kube,
			Path: "apply", When: []rowPred{has("force")},
			Why:    "kubectl apply --force deletes and recreates the resources it cannot patch: their pods restart and what they held is lost",
			Desc:   "kubectl apply --force deletes and recreates resources it cannot patch",
			Hits:   []string{"kubectl apply --force -f deploy.yaml", "kubectl -n prod apply -f k8s/ --force"},
			Misses: []string{"kubectl apply -f deploy.yaml", "kubectl apply --force=false -f x.yaml", "kubectl apply --dry-run=client -f x.yaml"}},
		{Name: "helm_upgrade_force", Level: Medium, Progs: []string{"helm"}, Opts: helm,
			Path: "upgrade", When: []rowPred{has("force")},
			Why:    "helm upgrade --force deletes and recreates the resources of the release {1|named}: their pods restart",
			Desc:   "helm upgrade --force replaces (deletes and recreates) a release's resources",
			Hits:   []string{"helm upgrade --force web ./chart", "helm -n prod upgrade web ./chart --install --force"},
			Misses: []string{"helm upgrade web ./chart", "helm upgrade --install web ./chart"}},
		{Name: "terraform_force_unlock", Level: Medium, Progs: infraTerraformProgs, Goflags: true, Opts: tf,
			Path:   "force-unlock",
			Why:    "{prog} force-unlock takes the lock {1|named} off the state: a run that still holds it and the next one write the state at once",
			Desc:   "terraform force-unlock removes the state lock, so that two runs may write the state at once",
			Hits:   []string{"terraform force-unlock -force 6638e2a2", "terraform force-unlock 6638e2a2", "tofu -chdir=infra force-unlock 1"},
			Misses: []string{"terraform plan", "terraform force-unlock -help"}},
		{Name: "terraform_workspace_delete", Level: Medium, Progs: infraTerraformProgs, Goflags: true, Opts: tf,
			Path: "workspace delete", When: []rowPred{has("force")},
			Why:    "{prog} workspace delete -force drops the state of the workspace {1|named}: the resources it tracks keep running, forgotten",
			Desc:   "terraform workspace delete -force drops a workspace's state with its resources still running",
			Hits:   []string{"terraform workspace delete -force staging", "tofu -chdir=infra workspace delete -force=true old"},
			Misses: []string{"terraform workspace delete staging", "terraform workspace list", "terraform workspace delete -force=false staging"}},
		{Name: "repo_delete", Level: High, Progs: []string{"gh", "glab"}, Opts: withFlags(cli("R", "repo", "hostname"), "y", "yes", "confirm"),
			Path:   "repo delete",
			Why:    "{prog} repo delete deletes the hosted repository {1+|of the current directory} with its issues and history",
			Desc:   "deletes a hosted git repository: gh repo delete, glab repo delete",
			Hits:   []string{"gh repo delete owner/repo --yes", "gh repo delete", "glab repo delete group/proj", "gh -R o/r repo delete --yes", "gh --hostname ghe.example.com repo delete o/r"},
			Misses: []string{"gh repo view", "gh repo delete --help", "gh repo clone o/r", "gh release delete v1"}},
		{Name: "gh_repo_public", Level: High, Progs: []string{"gh"}, Opts: cli("R", "repo", "hostname", "visibility", "description", "homepage", "default-branch"),
			Path: "repo edit", When: []rowPred{optIs([]string{"visibility"}, "public")},
			Why:    "gh repo edit --visibility public publishes the repository {1|of the current directory} with its whole history: it cannot be taken back",
			Desc:   "gh repo edit --visibility public makes a repository and its whole history public",
			Hits:   []string{"gh repo edit owner/app --visibility public --accept-visibility-change-consequences", "gh repo edit --visibility=public"},
			Misses: []string{"gh repo edit --visibility private", "gh repo view owner/app", "gh repo edit --description x"}},
		{Name: "mv_dev_null", Level: High, Progs: []string{"mv"}, Opts: &argv.Spec{Flags: "bfinuvTZ", Valued: "St", LongStop: []string{"help", "version"}},
			When: []rowPred{func(m *rowMatch) bool {
				return len(m.ops) >= 2 && m.ops[len(m.ops)-1].Value == "/dev/null" || optIs([]string{"t", "target-directory"}, "/dev/null")(m)
			}},
			Why:    "mv onto /dev/null replaces the device /dev/null with {1} (as root): the file is not deleted, and every program writing to /dev/null writes into it",
			Desc:   "mv FILE /dev/null replaces the /dev/null device with the file",
			Hits:   []string{"mv secrets.txt /dev/null", "sudo mv -f old.log /dev/null"},
			Misses: []string{"mv a.txt b.txt", "mv /dev/null.bak /tmp/x", "cat x > /dev/null"}},
		{Name: "luks_remove_key", Level: High, Progs: []string{"cryptsetup"}, Opts: &argv.Spec{Flags: "qvyr", Valued: "dScshlbTo", LongStop: []string{"help", "version"}},
			Path:   "luksRemoveKey|luksKillSlot, token remove",
			Why:    "cryptsetup {path} removes a key of the encrypted volume {1|named}: with the last one gone its data cannot be read again",
			Desc:   "cryptsetup luksRemoveKey or luksKillSlot removes a key slot of a LUKS volume; without another key its data is lost",
			Hits:   []string{"cryptsetup luksRemoveKey /dev/sda2", "cryptsetup -q luksKillSlot /dev/sda2 1"},
			Misses: []string{"cryptsetup luksAddKey /dev/sda2", "cryptsetup luksDump /dev/sda2", "cryptsetup open /dev/sda2 root"}},
	}
}

// remoteSystemPaths are the directories of a remote machine that a copy
// onto must not overwrite unasked: its configuration, boot files and
// programs.
var remoteSystemPaths = []string{"/etc", "/boot", "/bin", "/sbin", "/lib", "/lib64", "/usr/bin", "/usr/sbin", "/usr/lib"}

// remoteSystemDest reports a copy whose destination (the last operand) is
// HOST:PATH with PATH in a system directory of the remote machine.
func remoteSystemDest(m *rowMatch) bool {
	if len(m.ops) < 2 {
		return false
	}
	d := m.ops[len(m.ops)-1].Value
	if strings.HasPrefix(d, "rsync://") {
		return false // a daemon's module, not a path
	}
	i := strings.IndexByte(d, ':')
	if i <= 0 || strings.Contains(d[:i], "/") {
		return false
	}
	p := strings.TrimLeft(d[i+1:], ":")
	for _, s := range remoteSystemPaths {
		if p == s || strings.HasPrefix(p, s+"/") {
			return true
		}
	}
	return false
}

func remoteRows() []Row {
	scp := &argv.Spec{Flags: "346ABCOpqRrTv", Valued: "cFiJloPSX", LongStop: []string{"help", "version"}}
	rsync := withFlags(cli("eBfT", "rsh", "rsync-path", "exclude", "include", "exclude-from", "include-from", "files-from", "filter", "chmod", "chown",
		"timeout", "bwlimit", "port", "password-file", "log-file", "backup-dir", "suffix", "temp-dir", "compare-dest", "copy-dest", "link-dest", "max-size", "min-size"),
		"avzrlptgoDHAXSPnqcuxWRLkKEIh", "archive", "verbose", "compress", "recursive", "delete", "progress", "partial", "dry-run", "checksum", "update", "human-readable")
	return []Row{
		{Name: "remote_system_write", Level: Medium, Progs: []string{"scp"}, Opts: scp,
			When:   []rowPred{remoteSystemDest},
			Why:    "{prog} copies onto the remote machine's system files: {last}",
			Desc:   "scp copies onto a remote machine's /etc, /boot, /bin, /sbin or /lib",
			Hits:   []string{"scp sshd_config root@web:/etc/ssh/sshd_config", "scp -P 2222 -r conf/ host:/etc/nginx/"},
			Misses: []string{"scp notes.txt host:/tmp/", "scp host:/etc/hosts .", "scp -r site/ host:www/etc"}},
		{Name: "remote_system_sync", Level: Medium, Progs: []string{"rsync"}, Opts: rsync,
			When:   []rowPred{remoteSystemDest, dry},
			Why:    "rsync copies onto the remote machine's system files: {last}",
			Desc:   "rsync copies onto a remote machine's /etc, /boot, /bin, /sbin or /lib",
			Hits:   []string{"rsync -av etc/ root@web:/etc/", "rsync -e 'ssh -p 2222' nginx.conf host:/etc/nginx/nginx.conf"},
			Misses: []string{"rsync -av site/ host:/var/www/", "rsync -n -av etc/ host:/etc/", "rsync -av host:/etc/ backup/", "rsync -av etc/ rsync://host/etc/"}},
	}
}

// shellRows are bash's own builtins that change what the shell itself
// runs. enable -f loads a shared object into the shell as a builtin:
// native code running inside bash, where no exec of it is checked.
// enable -n (and -d) takes a builtin away, so that a function or a
// program of that name runs where the builtin was meant.
func shellRows() []Row {
	enableOpts := withFlags(cli("f"), "adnpsa")
	return []Row{
		{Name: "enable_load", Level: High, Progs: []string{"enable"}, Opts: enableOpts,
			When:   []rowPred{has("f")},
			Why:    "enable -f loads {-f|a shared object} into the shell as a builtin: its native code runs inside the shell, where no program it starts is seen",
			Desc:   "enable -f loads a shared object into bash as a builtin",
			Hits:   []string{"enable -f /tmp/x.so foo", "enable -f ./evil.so evil", "builtin enable -f /tmp/x.so foo"},
			Misses: []string{"enable", "enable -p", "enable -a", "enable -s"}},
		{Name: "enable_disable", Level: Medium, Progs: []string{"enable"}, Opts: enableOpts,
			When:   []rowPred{has("n", "d")},
			Why:    "enable -n/-d takes a builtin away: a function or a program of that name runs where the builtin was meant",
			Desc:   "enable -n or -d disables or removes a shell builtin",
			Hits:   []string{"enable -n unset", "enable -n eval exit", "enable -d foo"},
			Misses: []string{"enable", "enable unset", "enable -p"}},
	}
}
