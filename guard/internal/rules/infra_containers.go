package rules

// Containers: docker, podman, nerdctl and compose removals, privileged runs and sensitive mounts.

import (
	"path"
	"slices"
	"strings"

	"guardsh/internal/argv"
)

// ---- containers ----

// infraDockerGlobal parses a container CLI's own options (before the
// subcommand).
func infraDockerGlobalArgs() []string {
	return []string{"config", "context", "host", "log-level", "tlscacert", "tlscert", "tlskey",
		"connection", "url", "root", "runroot", "storage-driver", "storage-opt", "cgroup-manager", "conmon", "events-backend", "hooks-dir", "identity", "imagestore", "module",
		"network-cmd-path", "network-config-dir", "runtime", "runtime-flag", "ssh", "tmpdir", "volumepath", "namespace", "address", "snapshotter", "cni-path", "cni-netconfpath", "data-root", "hosts-dir", "cgroup-manager",
		"file", "project-name", "profile", "env-file", "project-directory", "ansi", "progress", "parallel"}
}

// infraContainerCLI reports a container CLI and whether it is compose.
func infraContainerCLI(name string) (ok, compose bool) {
	if slices.Contains(infraComposeProgs, name) {
		return true, true
	}
	return slices.Contains(infraDockerProgs, name), false
}

// infraDockerPath returns a container CLI's command path ("container",
// "rm") and the words after it.
func infraDockerPath(c *Command) (cmd []string, rest []Word, compose bool) {
	ok, compose := infraContainerCLI(c.Name())
	if !ok {
		return nil, nil, false
	}
	args := c.Args[1:]
	i := 0
	for i < len(args) && len(cmd) < 3 {
		v := args[i].Value
		if argv.IsOption(v) {
			if v == "--help" || v == "-h" || v == "--version" || v == "-v" && len(cmd) == 0 {
				return nil, nil, false
			}
			if !strings.Contains(v, "=") && (v == "-H" || v == "-c" || v == "-l" || v == "-f" || v == "-p" || v == "-n" || v == "-a" ||
				// docker's global options before the subcommand, valued long ones
				// (--host=, --context ...) from the grammar's list.
				strings.HasPrefix(v, "--") && xoptIn(infraDockerGlobalArgs(), v[2:])) {
				i++
			}
			i++
			continue
		}
		if !args[i].Known {
			return nil, nil, false
		}
		cmd = append(cmd, v)
		i++
		if v == "compose" {
			compose = true
			continue
		}
		if len(cmd) == 1 && !compose && infraDockerGroup(v) || compose && len(cmd) == 0 {
			continue
		}
		break
	}
	rest = args[i:]
	if sysHasHelp(rest) {
		return nil, nil, false
	}
	for _, w := range rest {
		if w.Value == "-h" {
			return nil, nil, false
		}
	}
	return cmd, rest, compose
}

// infraDockerGroups are the management commands that take a subcommand
// (docker volume rm, podman pod kill).
var infraDockerGroups = []string{"container", "image", "volume", "network", "system", "builder", "buildx", "plugin", "secret", "config", "service",
	"stack", "node", "context", "manifest", "swarm", "pod", "machine", "trust", "checkpoint"}

// infraDockerGroup reports a management command that takes a subcommand.
func infraDockerGroup(v string) bool { return slices.Contains(infraDockerGroups, v) }

// infraSensitiveMount reports a host path whose bind mount hands the host
// to the container.
func infraSensitiveMount(src string) bool {
	if src == "" || src[0] != '/' {
		return false
	}
	src = path.Clean(src)
	switch src {
	case "/", "/etc", "/root", "/boot", "/dev", "/proc", "/sys", "/usr", "/var", "/bin", "/sbin", "/lib", "/lib64", "/home", "/run",
		"/var/run/docker.sock", "/run/docker.sock", "/run/containerd/containerd.sock", "/var/run/crio/crio.sock", "/run/podman/podman.sock", "/etc/shadow", "/etc/sudoers":
		return true
	}
	return false
}

func infraDockerPrivileged(c *Command) []Hit {
	cmd, rest, compose := infraDockerPath(c)
	if compose || len(cmd) == 0 {
		return nil
	}
	verb := cmd[len(cmd)-1]
	if !(verb == "run" || verb == "create" || verb == "exec") || len(cmd) > 1 && cmd[0] != "container" {
		return nil
	}
	r := ReadOpts(rest, &argv.Spec{Valued: "acehlmpuvw", LongFlags: []string{"detach", "interactive", "tty", "rm", "privileged", "publish-all", "init", "read-only", "no-healthcheck", "oom-kill-disable", "sig-proxy", "quiet", "disable-content-trust", "use-api-socket", "replace", "rmi", "no-hosts", "http-proxy", "tls-verify", "passwd"}, LongStop: []string{"help", "version"}, UnknownLongValued: true, Exact: true, Posix: true})
	for _, o := range r.Opts {
		switch {
		case o.Long && o.Name == "privileged" && o.Val.Value != "false":
			return hit(tool(c) + " " + verb + " --privileged gives the container full access to the host")
		case o.Long && o.Name == "pid" && o.Val.Value == "host":
			return hit(tool(c) + " " + verb + " --pid=host lets the container see and signal every host process")
		case o.Long && o.Name == "cap-add" && (strings.EqualFold(o.Val.Value, "ALL") || strings.EqualFold(strings.TrimPrefix(strings.ToUpper(o.Val.Value), "CAP_"), "SYS_ADMIN")):
			return hit(tool(c) + " " + verb + " --cap-add=" + xoptShow(o.Val) + " gives the container root powers over the host")
		case !o.Long && o.Name == "v" || o.Long && o.Name == "volume":
			src, _, _ := strings.Cut(o.Val.Value, ":")
			if infraSensitiveMount(src) {
				return hit(tool(c) + " " + verb + " mounts the host's " + path.Clean(src) + " into the container")
			}
		case o.Long && o.Name == "mount":
			src := ""
			for _, kv := range strings.Split(o.Val.Value, ",") {
				k, v, _ := strings.Cut(kv, "=")
				if k == "source" || k == "src" {
					src = v
				}
			}
			if infraSensitiveMount(src) {
				return hit(tool(c) + " " + verb + " mounts the host's " + path.Clean(src) + " into the container")
			}
		}
	}
	return nil
}
