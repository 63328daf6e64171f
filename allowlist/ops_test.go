package allowlist

import (
	"strings"
	"testing"
)

// TestOpsLines checks the read-only forms of tailscale, tcpdump,
// helm's local checks and gh's additions both ways.
func TestOpsLines(t *testing.T) {
	safe := []string{
		"tailscale status", "tailscale status --json", "tailscale ip --4", "tailscale netcheck", "tailscale version", "tailscale whois 100.64.0.1",
		"tailscale dns status", "tailscale exit-node list",
		"tcpdump -r capture.pcap", "tcpdump -nn -r capture.pcap port 80", "tcpdump -D", "tcpdump --version",
		"helm -h", "helm --version", "helm help", "helm help install", "helm env", "helm completion bash", "helm lint ./chart", "helm lint ./chart --strict -f values.yaml",
		"helm template web ./chart", "helm template web ./chart --set a=b --include-crds", "helm verify ./c-1.0.0.tgz", "helm dep ls ./chart", "helm plugin ls",
		"gh -R owner/repo pr list", "gh --repo owner/repo pr view 1", "gh run watch 12", "gh release verify v1", "gh variable get V -e prod",
		"gh codespace list", "gh cs view --json name", "gh config get editor", "gh config list", "gh extension search cli", "gh ext list",
	}
	ask := []struct{ line, why string }{
		{"docker compose ps", "not a known"}, {"docker compose logs -f", "not a known"}, {"docker-compose ps", "not a read-only command"},
		{"tailscale status --web", "web server"}, {"tailscale up", "not a known"}, {"tailscale down", "not a known"}, {"tailscale ip x", "operand"},
		{"tcpdump -i eth0", "live"}, {"tcpdump -r a.pcap -w b.pcap", "writes"}, {"tcpdump -r a.pcap -z gzip", "runs a command"}, {"tcpdump port 80", "needs"},
		{"helm template web ./chart --output-dir out", "writes files"}, {"helm template web ./chart --post-renderer ./x", "runs a program"},
		{"helm template web ./chart --dependency-update", "downloads"}, {"helm template web s3://b/c", "plugin"}, {"helm lint ./chart --kubeconfig k", "exec plugin"},
		{"gh codespace logs", "not a known"}, {"gh codespace ssh", "not a known"}, {"gh config get -h github.com oauth_token", "token"},
		{"gh config get oauth_token", "token"}, {"gh config list --host github.com", "token"}, {"gh config set editor vim", "not a known"},
		{"gh extension install o/x", "not a known"}, {"gh run rerun 1", "not a known"},
	}
	l := New()
	for _, line := range safe {
		if ok, why := l.CheckLine(line); !ok {
			t.Errorf("%q asks (%s), want auto-safe", line, why)
		}
	}
	for _, c := range ask {
		ok, why := l.CheckLine(c.line)
		switch {
		case ok:
			t.Errorf("%q is auto-safe, want it to ask", c.line)
		case !strings.Contains(why, c.why):
			t.Errorf("%q asks because %q, want a reason with %q", c.line, why, c.why)
		}
	}
}
