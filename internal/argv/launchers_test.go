package argv

import (
	"slices"
	"strings"
	"testing"
)

// TestLauncherUnwrap checks the commands every reading of a launcher's
// words runs, as the run-time check reads them through Unwrap.
func TestLauncherUnwrap(t *testing.T) {
	for _, c := range []struct {
		line  string
		want  []string // sorted; nil: not a launcher
		fetch bool
	}{
		{"npx wrangler delete", []string{"wrangler delete"}, true},
		{"npx wrangler@3.1 delete", []string{"wrangler delete"}, true},
		{"npx @cloudflare/wrangler@3 delete", []string{"wrangler delete"}, true},
		{"npx -y -p typescript tsc --init", []string{"tsc --init"}, true},
		{"npx -c rm", []string{"sh -c rm"}, false},
		{"npx --call=rm", []string{"sh -c rm"}, false},
		{"npx --no eslint .", []string{"eslint ."}, false},
		{"npx --frob rm x", []string{"rm x", "x"}, true},
		{"npx --help rm", nil, false},
		{"npm exec -- rm x", []string{"rm x"}, true},
		{"npm -w web x rm x", []string{"rm x"}, true},
		{"npm install rm", nil, false},
		{"pnpm -c dlx rm x", []string{"sh -c rm x"}, true},
		{"pnpm exec rm x", []string{"rm x"}, false},
		{"yarn exec rm x", []string{"sh -c rm x"}, false},
		{"bun x --bun rm x", []string{"rm x"}, true},
		{"uvx ruff==0.4 check", []string{"ruff check"}, true},
		{"uvx --from httpie http GET", []string{"http GET"}, true},
		{"uv tool run black[d] .", []string{"black ."}, true},
		{"uv run -m http.server", []string{"python3 -m http.server"}, false},
		{"uv run --with rich rm x", []string{"rm x"}, true},
		{"pipx run --spec black==24 black .", []string{"black ."}, true},
		{"poetry run rm x", []string{"rm x"}, false},
		{"pdm run -p app rm x", []string{"rm x"}, false},
		{"bundle exec --gemfile G rm x", []string{"rm x"}, false},
		{"poetry add rm", nil, false},
	} {
		f := strings.Fields(c.line)
		lns, ok := Launcher(f[0], f[1:], nil)
		cmds, _, uok := Unwrap(f[0], f[1:])
		if c.want == nil {
			if ok && len(cmds) > 0 || !ok && uok {
				t.Errorf("%s: runs %q, want nothing", c.line, cmds)
			}
			continue
		}
		var got []string
		for _, cmd := range cmds {
			got = append(got, strings.Join(cmd, " "))
		}
		slices.Sort(got)
		if !ok || !uok || !slices.Equal(got, c.want) {
			t.Errorf("%s: runs %q (ok %v), want %q", c.line, got, ok, c.want)
		}
		fetch := false
		for _, ln := range lns {
			fetch = fetch || ln.Fetch
		}
		if fetch != c.fetch {
			t.Errorf("%s: fetch %v, want %v", c.line, fetch, c.fetch)
		}
	}
}
