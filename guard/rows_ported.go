package guard

import (
	"slices"
	"strings"
	"sync"

	"guardsh/internal/argv"
)

// Rows ported from code: the container CLIs' removals (docker_remove),
// helm's uninstall (helm_uninstall, with helmfile's destroy as a second
// case), git reset --hard (git_reset_hard), crontab -r (crontab_remove)
// and the storage family (storage_destroy, storage_change). Their names,
// levels and reasons are the ones the code had.

// helmRowOpts is helm's grammar: -n NAMESPACE and the long options that
// take a value; the flags are Kubernetes' (infraKubeBool).
func helmRowOpts() *argv.Spec {
	var flags []string
	for _, f := range infraKubeBool() {
		if f != "help" && f != "v" {
			flags = append(flags, f)
		}
	}
	return withFlags(cli("n", "namespace", "kube-context", "kubeconfig", "kube-apiserver", "kube-as-user", "kube-as-group", "kube-token",
		"kube-ca-file", "timeout", "description", "registry-config", "repository-config", "repository-cache", "burst-limit", "qps"), "", flags...)
}

// gitResetModes are git reset's modes; the last one given counts.
var gitResetModes = []string{"hard", "soft", "mixed", "merge", "keep"}

// dockerRowOpts is the grammar of docker, podman and nerdctl for the
// rows: the global options that take a value (infraDockerGlobalArgs; -H
// HOST, -c CONTEXT, -l LEVEL, nerdctl's -n NAMESPACE) and the
// subcommands' (--filter, -s/--signal, -t/--time); the flags the rows read
// (-f, -v, -a, --volumes, --all, --force).
func dockerRowOpts() *argv.Spec {
	return withFlags(cli("Hclnst", append([]string{"filter", "signal", "time"}, infraDockerGlobalArgs()...)...), "fvaq",
		"force", "volumes", "all", "quiet", "debug", "tls", "tlsverify", "external", "link", "depend", "ignore", "no-prune")
}

// composeRowOpts is compose's: -f FILE, -p PROJECT, --rmi TYPE, -t.
func composeRowOpts() *argv.Spec {
	return withFlags(cli("Hcfpt", append([]string{"rmi", "timeout", "signal"}, infraDockerGlobalArgs()...)...), "vs",
		"volumes", "remove-orphans", "force", "stop", "dry-run")
}

// dockerRemoveRow is docker_remove: each of its cases one path of the
// container CLIs, with the reason the code had.
func dockerRemoveRow() row {
	groups := strings.Join(infraDockerGroups, "|")
	compose := func(path string, when []rowPred, why string) row {
		return row{progs: infraContainerProgs, opts: composeRowOpts(), path: path, when: when, why: why}
	}
	return row{name: "docker_remove", level: Medium, progs: infraDockerProgs, opts: dockerRowOpts(),
		path: "rm, container rm|remove", when: []rowPred{has("v", "volumes")},
		why: "{prog} rm -v removes containers and their anonymous volumes: {1+}",
		more: []row{
			{path: "rm, container rm|remove", why: "{prog} rm removes containers: {1+}"},
			{path: "rmi, image rm|remove", why: "{prog} removes images: {1+}"},
			{path: "kill, container|pod kill", why: "{prog} kill kills containers: {1+}"},
			{path: groups + " prune", why: "{prog} {path1} prune removes unused {path1} data{+volumes?, volumes included}{+a/+all?, every unused image included}"},
			{path: "system reset", why: "{prog} system reset removes every container, image and volume"},
			{path: groups + " rm|remove", why: "{prog} {path1} rm removes {path1}s: {1+}"},
			compose("compose down, down", []rowPred{has("v", "volumes")}, "compose down -v deletes the project's volumes and their data"),
			compose("compose down, down", []rowPred{has("rmi")}, "compose down --rmi {-rmi} removes the project's images"),
			compose("compose rm, rm", nil, "compose rm removes the project's stopped containers"),
			compose("compose kill, kill", nil, "compose kill kills the project's containers"),
		},
		desc: "removes, prunes or kills containers, images, volumes or networks (docker, podman, nerdctl, compose down -v)",
		hits: []string{"docker system prune -a", "docker rm web", "docker rm -f web db", "docker rm -v web", "docker container remove web", "docker rmi nginx:latest",
			"docker image rm nginx", "docker image prune -a", "docker system prune -a --volumes -f", "docker volume rm data", "docker network prune",
			"docker builder prune -af", "docker kill web", "docker container kill web", "docker service rm api", "docker -H tcp://host:2375 rm web",
			"docker --context prod system prune", "docker rm $(docker ps -aq)", "docker compose down -v", "docker compose -f prod.yml down --volumes",
			"docker compose down --rmi all", "docker compose rm -f", "docker compose kill", "docker-compose -p app down --volumes", "podman rm -a",
			"podman system reset", "podman pod rm mypod", "podman-compose down -v", "nerdctl -n k8s.io rmi x"},
		misses: []string{"docker ps -a", "docker images", "docker image ls", "docker volume ls", "docker logs -f web", "docker run --rm alpine echo hi",
			"docker run -d -p 8080:80 --name web nginx", "docker compose up -d", "docker compose down", "docker-compose down", "docker system df",
			"docker rm --help", "docker system prune --help", "docker --help", "docker version", "echo docker rm web", "docker run alpine rm x"},
	}
}

// twice returns a predicate: the short option is given at least twice
// (pvcreate -ff, -f -f).
func twice(short string) rowPred {
	return func(m *rowMatch) bool {
		n := 0
		for _, o := range m.opts {
			if !o.Long && o.Name == short {
				n++
			}
		}
		return n >= 2
	}
}

// storageRows are the storage family's rules (storage_destroy,
// storage_change), each of its programs a case.
func storageRows() []row {
	lvm := &argv.Spec{Flags: "fyqvdt", Valued: "AS", Stop: "h?",
		LongFlags:  []string{"force", "yes", "quiet", "verbose", "debug", "test", "nohistory", "noudevsync"},
		LongValued: []string{"autobackup", "select", "config", "commandprofile", "driverloaded", "lockopt", "profile", "reportformat", "devices", "devicesfile", "journal"},
		LongStop:   []string{"help", "version", "longhelp"}}
	zfs := &argv.Spec{Flags: "RdnprvfF", Stop: "h?", LongStop: []string{"help", "version"}}
	mdadm := &argv.Spec{Flags: "SfqvsRr", Valued: "lncpaeNx", Stop: "hV",
		LongFlags: []string{"zero-superblock", "stop", "force", "run", "readonly", "readwrite", "scan", "verbose", "quiet", "detail", "examine", "query", "assemble", "create", "build", "grow", "manage", "misc", "monitor", "incremental"},
		LongStop:  []string{"help", "version"}}
	return []row{
		{name: "storage_destroy", level: Blocked, progs: []string{"zpool"}, opts: zfs,
			path: "destroy", why: "zpool destroy destroys a whole storage pool and every dataset in it",
			more: []row{
				{progs: []string{"zfs"}, path: "destroy", when: []rowPred{has("r", "R")}, why: "zfs destroy -r destroys a dataset with everything below it"},
				{progs: []string{"lvremove", "vgremove", "pvremove"}, opts: lvm, when: []rowPred{lacks("t", "test")}, why: "{prog} removes LVM volumes and the data on them"},
				{progs: []string{"pvcreate"}, opts: lvm, when: []rowPred{func(m *rowMatch) bool { return twice("f")(m) || has("force")(m) }},
					why: "pvcreate -ff overwrites a disk's existing volume metadata"},
				{progs: []string{"mdadm"}, opts: mdadm, when: []rowPred{has("zero-superblock")}, why: "mdadm --zero-superblock erases RAID metadata"},
				{progs: []string{"badblocks"}, opts: &argv.Spec{Flags: "fnsvwBX", Valued: "bcdeiopt", LongStop: []string{"help", "version"}},
					when: []rowPred{has("w")}, why: "badblocks -w overwrites the whole disk with test patterns"},
				{progs: []string{"flashrom"}, opts: withFlags(cli("pcliorvw", "programmer", "chip", "layout", "image", "output", "read", "verify", "write"), "EVn", "erase", "verbose", "noverify"),
					when: []rowPred{has("w", "write", "E", "erase")}, why: "flashrom writes or erases the firmware chip"},
			},
			desc: "destroys a pool, volume group, RAID array or disk contents: zpool destroy, zfs destroy -r, lvremove, vgremove, pvremove, pvcreate -ff, mdadm --zero-superblock, badblocks -w, flashrom -w",
			hits: []string{"zpool destroy tank", "zpool destroy -f tank", "zfs destroy -r tank", "zfs destroy -R tank/a", "lvremove -f /dev/vg0/root", "vgremove -f vg0",
				"vgremove -f vg0 -v", "lvremove -y vg0/lv", "pvremove -ff /dev/sdb", "pvcreate -ff /dev/sda", "pvcreate -f -f /dev/sda", "pvcreate --force /dev/sda",
				"mdadm --zero-superblock /dev/sda", "badblocks -w /dev/sda", "badblocks -wsv /dev/sda", "flashrom -p internal -w bios.bin", "flashrom -w bios.bin"},
			misses: []string{"zpool status", "zpool list", "zfs list", "zfs destroy tank/home@old", "badblocks -sv /dev/sda", "mdadm --detail /dev/md0",
				"lvremove --help", "vgremove -h", "pvremove -?", "lvremove --test vg0/lv", "vgremove -hf vg0", "pvcreate /dev/sda", "flashrom -p internal -r backup.bin"}},
		{name: "storage_change", level: High, progs: []string{"zfs"}, opts: zfs,
			path: "destroy", when: []rowPred{lacks("r", "R")}, why: "zfs destroy removes a dataset or snapshot",
			more:   []row{{progs: []string{"mdadm"}, opts: mdadm, when: []rowPred{has("stop", "S"), lacks("zero-superblock")}, why: "mdadm --stop stops a RAID array"}},
			desc:   "removes a ZFS dataset or snapshot, or stops a RAID array (zfs destroy, mdadm --stop)",
			hits:   []string{"zfs destroy tank/home@old", "mdadm --stop /dev/md0", "mdadm -S /dev/md0"},
			misses: []string{"zfs destroy -r tank", "zfs list", "mdadm --detail /dev/md0", "mdadm --zero-superblock --stop /dev/md0", "zfs destroy --help"}},
	}
}

func portedRows() []row {
	gitReset := gitRowOpts("", []string{"pathspec-from-file"}, "qpN", append(slices.Clone(gitResetModes),
		"quiet", "no-quiet", "recurse-submodules", "no-recurse-submodules", "patch", "intent-to-add", "no-refresh", "refresh", "pathspec-file-nul")...)
	return append(storageRows(), []row{
		dockerRemoveRow(),
		{name: "helm_uninstall", level: Medium, progs: []string{"helm"}, opts: helmRowOpts(),
			path: "uninstall|delete|del|un", when: []rowPred{lacks("dry-run")},
			why: "helm uninstall removes the release {1+} and its resources",
			more: []row{{progs: []string{"helmfile"},
				opts: withFlags(cli("befilnc", "environment", "file", "selector", "namespace", "kube-context", "state-values-set", "state-values-file", "chart", "helm-binary", "log-level", "args", "concurrency"),
					"q", "debug", "quiet", "interactive", "no-color", "allow-no-matching-release", "enable-live-output", "skip-deps", "skip-charts", "purge", "include-transitive-needs"),
				path: "destroy|delete",
				why:  "helmfile {path} uninstalls every release of the helmfile, with its resources"}},
			desc: "helm uninstall (delete) removes a release and its resources; helmfile destroy removes every release of a helmfile",
			hits: []string{"helm uninstall web", "helm delete web", "helm -n prod uninstall web", "helm uninstall web -n prod --keep-history",
				"helmfile destroy", "helmfile -e prod destroy", "helmfile --file helmfile.yaml delete"},
			misses: []string{"helm uninstall web --dry-run", "helm install web ./chart", "helm upgrade --install web ./chart", "helm list -A",
				"helm uninstall --help", "helmfile apply", "helmfile diff", "helmfile destroy --help"}},
		{name: "git_reset_hard", level: Medium, progs: gitProgs, opts: gitReset,
			path: "reset", when: []rowPred{lastIs(gitResetModes, "hard")},
			why: "git reset --hard throws away uncommitted changes{1? and moves the branch to {1}}",
			more: []row{{path: "reset", when: []rowPred{lastIs(gitResetModes, "merge")},
				why: "git reset --merge throws away uncommitted changes{1? and moves the branch to {1}}"}},
			desc: "git reset --hard or --merge throws away uncommitted changes",
			hits: []string{"git reset --hard HEAD~1", "git reset --hard", "git reset --merge", "git reset --har", "git reset -q --hard", "git reset HEAD~1 --hard",
				"git -C /tmp/repo reset --hard", "git -c core.pager=cat reset --hard", "git --no-pager reset --hard", "git --git-dir=/x/.git reset --hard",
				"git --work-tree /x reset --hard", "/usr/bin/git reset --hard origin/main"},
			misses: []string{"git reset --soft HEAD~1", "git reset --hard --soft", "git reset", "git reset HEAD file.txt", "git reset --mixed HEAD~1",
				"git reset -- file.txt", "git reset --keep HEAD~1", "git reset --hard --help", "git reset -h", "git reset-hard"}},
		{name: "crontab_remove", level: Medium, progs: sysCrontabProgs,
			opts: &argv.Spec{Flags: "lreisTVn", Valued: "ucx", LongStop: []string{"help", "version"}},
			when: []rowPred{has("r")},
			why:  "crontab -r removes {-u?{-u}'s|the user's} crontab",
			more: []row{{when: []rowPred{func(m *rowMatch) bool { return len(m.ops) == 1 && m.ops[0].Value == "/dev/null" }},
				why: "replaces the crontab with an empty one"}},
			desc:   "removes the user's crontab",
			hits:   []string{"crontab -r", "crontab -ri", "crontab -ir", "crontab -u bob -r", "crontab -r -u bob", "crontab /dev/null"},
			misses: []string{"crontab -l", "crontab -l -u bob", "crontab -e", "crontab mycron.txt", "crontab -", "crontab -V", "crontab", "crontab --help", "crontab /dev/null x"}},
	}...)
}

// portedRow returns the rule of the ported row name for its family's
// list: the row keeps the place its code had among the rules, and so the
// order findings are reported in.
func portedRow(name string) builtin {
	rows := portedRowTable()
	for i := range rows {
		r := &rows[i]
		if r.name == name {
			return r.builtin()
		}
	}
	panic("guard: no ported row " + name)
}

// portedRowTable is portedRows made once: the families take their rules
// from it one by one, and rows are data no one changes.
var portedRowTable = sync.OnceValue(portedRows)

// allRowTables returns every row table: the listed ones and the ported
// rows, which their families list.
func allRowTables() [][]row { return append(rowTables(), portedRows()) }
