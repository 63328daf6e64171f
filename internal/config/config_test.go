package config

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"guardsh/guard"
)

const fullConfig = `# every key
block_level = "high"
ask = "risky"
disable = ["guardsh_self"]
history_size = 5000
prompt = "\\w $ "
color = "never"

[levels]
parse_error = "CRITICAL"
deploy_prod = "blocked"

[[pattern]]
name = "deploy_prod"
pattern = 'deploy\s+--prod'
level = "high"
description = "deploys to production"

[[pattern]]
name = "drop_db"
pattern = "DROP DATABASE"
level = "LOW"
case_sensitive = true

[[allow]]
command = "jq"
flags = ["-r", "--raw-output"]
`

func TestParseFull(t *testing.T) {
	c, err := Parse([]byte(fullConfig), "config.toml")
	if err != nil {
		t.Fatal(err)
	}
	if c.BlockLevel == nil || *c.BlockLevel != guard.High {
		t.Errorf("block_level %v", c.BlockLevel)
	}
	if c.Ask != "risky" || c.Color != "never" || c.Prompt != `\w $ ` || c.HistorySize == nil || *c.HistorySize != 5000 {
		t.Errorf("settings: %+v", c)
	}
	if !slices.Equal(c.Disable, []string{"guardsh_self"}) {
		t.Errorf("disable %v", c.Disable)
	}
	if c.Levels["parse_error"] != guard.Blocked || c.Levels["deploy_prod"] != guard.Blocked || len(c.Levels) != 2 {
		t.Errorf("levels %v", c.Levels)
	}
	if len(c.Patterns) != 2 {
		t.Fatalf("patterns %v", c.Patterns)
	}
	p, q := c.Patterns[0], c.Patterns[1]
	if p.Name != "deploy_prod" || p.Level != guard.High || p.Origin != guard.OriginConfig || p.CaseSensitive || !p.Matches("DEPLOY  --prod") {
		t.Errorf("pattern 0: %+v", p)
	}
	if q.Name != "drop_db" || q.Level != guard.Medium || !q.CaseSensitive || q.Matches("drop database") || !q.Matches("DROP DATABASE x") || q.Description == "" {
		t.Errorf("pattern 1: %+v", q)
	}
	want := guard.AllowEntry{Command: "jq", Flags: []string{"-r", "--raw-output"}, File: "config.toml", Line: 25}
	if len(c.Allow) != 1 || c.Allow[0].Command != want.Command || !slices.Equal(c.Allow[0].Flags, want.Flags) || c.Allow[0].Line != want.Line {
		t.Errorf("allow %+v, want %+v", c.Allow, want)
	}
	if c.AllowUserAllowlist != nil {
		t.Error("allow_user_allowlist set")
	}
}

func TestParseEmpty(t *testing.T) {
	c, err := Parse(nil, "empty.toml")
	if err != nil {
		t.Fatal(err)
	}
	if c.BlockLevel != nil || len(c.Options()) != 0 {
		t.Errorf("empty config: %v", c)
	}
}

func TestParseLevels(t *testing.T) {
	for in, want := range map[string]guard.Level{
		"safe": guard.Safe, "info_leak": guard.InfoLeak, "medium": guard.Medium, "high": guard.High, "blocked": guard.Blocked,
		"LOW": guard.Medium, "MEDIUM": guard.Medium, "HIGH": guard.High, "CRITICAL": guard.Blocked, "Critical": guard.Blocked, "Blocked": guard.Blocked,
	} {
		c, err := Parse([]byte(`block_level = "`+in+`"`), "c.toml")
		if err != nil || *c.BlockLevel != want {
			t.Errorf("block_level %q: %v, %v", in, c.BlockLevel, err)
		}
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, in string
		line     int
		want     []string
	}{
		{"syntax", "block_level = \"high\"\nask = \n", 2, []string{"c.toml:2:", "fix the TOML syntax"}},
		{"unclosed", "[levels\n", 2, []string{"c.toml:2:"}},
		{"unknown key", "\nblok_level = \"high\"\n", 2, []string{`unknown key "blok_level"`, "check its spelling"}},
		{"unknown table", "[extra]\nx = 1\n", 1, []string{`unknown key "extra`}},
		{"unknown pattern key", "[[pattern]]\nname = \"a\"\npattern = \"a\"\nlevel = \"high\"\nregex = \"b\"\n", 5, []string{`unknown key "pattern.regex"`}},
		{"wrong type", "history_size = \"many\"\n", 1, []string{"c.toml:1:", "history_size"}},
		{"bad block level", "block_level = \"severe\"\n", 1, []string{`block_level: unknown level "severe"`, "use safe, info_leak, medium, high or blocked"}},
		{"bad ask", "ask = \"never\"\n", 1, []string{`ask: unknown value "never"`, `"always" or "risky"`}},
		{"bad color", "color = \"red\"\n", 1, []string{`color: unknown value "red"`}},
		{"negative history", "history_size = -1\n", 1, []string{"negative"}},
		{"bad regex", "[[pattern]]\nname = \"bad_re\"\npattern = \"(unclosed\"\nlevel = \"high\"\n", 1, []string{"bad_re: bad regular expression", "missing closing )", "RE2"}},
		{"pattern no name", "[[pattern]]\npattern = \"x\"\nlevel = \"high\"\n", 1, []string{"missing name"}},
		{"pattern bad name", "[[pattern]]\nname = \"has space\"\npattern = \"x\"\nlevel = \"high\"\n", 1, []string{"bad name"}},
		{"pattern no regex", "[[pattern]]\nname = \"a\"\nlevel = \"high\"\n", 1, []string{"a: missing pattern"}},
		{"pattern empty regex", "[[pattern]]\nname = \"a\"\npattern = \"\"\nlevel = \"high\"\n", 1, []string{"a: missing pattern"}},
		{"pattern no level", "[[pattern]]\nname = \"a\"\npattern = \"x\"\n", 1, []string{"a: missing level"}},
		{"pattern bad level", "[[pattern]]\nname = \"a\"\npattern = \"x\"\nlevel = \"huge\"\n", 1, []string{`a: unknown level "huge"`}},
		{"pattern builtin name", "[[pattern]]\nname = \"parse_error\"\npattern = \"x\"\nlevel = \"high\"\n", 1, []string{"a built-in rule has this name"}},
		{"pattern twice", "[[pattern]]\nname = \"a\"\npattern = \"x\"\nlevel = \"high\"\n\n[[pattern]]\nname = \"a\"\npattern = \"y\"\nlevel = \"high\"\n", 6, []string{"defined twice"}},
		{"disable unknown", "disable = [\n  \"parse_error\",\n  \"no_such_rule\",\n]\n", 3, []string{`disable: unknown rule "no_such_rule"`, "guardsh --rules"}},
		{"levels unknown rule", "[levels]\nparse_error = \"high\"\nnope = \"high\"\n", 3, []string{`[levels]: unknown rule "nope"`}},
		{"levels bad level", "[levels]\nparse_error = \"extreme\"\n", 2, []string{`[levels] parse_error: unknown level "extreme"`}},
		{"levels dotted", "levels.nope = \"high\"\n", 1, []string{`unknown rule "nope"`}},
		{"allow no command", "[[allow]]\nflags = [\"-l\"]\n", 1, []string{"missing command"}},
		{"allow bad flag", "[[allow]]\ncommand = \"ls\"\nflags = [\"l\"]\n", 1, []string{`"l" is not a flag`}},
		{"allow bad key", "[[allow]]\ncommand = \"ls\"\nargs = true\n", 3, []string{`unknown key "allow.args"`}},
	}
	for _, tt := range tests {
		_, err := Parse([]byte(tt.in), "c.toml")
		if err == nil {
			t.Errorf("%s: no error", tt.name)
			continue
		}
		var ce *guard.ConfigError
		if !errors.As(err, &ce) {
			t.Errorf("%s: %v is not a *ConfigError", tt.name, err)
			continue
		}
		if ce.File != "c.toml" || ce.Line != tt.line {
			t.Errorf("%s: error at %s:%d, want line %d: %v", tt.name, ce.File, ce.Line, tt.line, err)
		}
		for _, w := range tt.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: error %q lacks %q", tt.name, err, w)
			}
		}
	}
}

func TestParseAllErrorsAndPartial(t *testing.T) {
	in := "block_level = \"nope\"\nask = \"risky\"\ndisable = [\"nope\"]\n\n[[pattern]]\nname = \"good\"\npattern = \"g\"\nlevel = \"high\"\n\n[[pattern]]\nname = \"bad\"\npattern = \"(\"\nlevel = \"high\"\n"
	c, err := Parse([]byte(in), "c.toml")
	if err == nil {
		t.Fatal("no error")
	}
	for _, w := range []string{"c.toml:1: block_level", "c.toml:3: disable", "c.toml:10: [[pattern]] bad"} {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("error lacks %q:\n%v", w, err)
		}
	}
	if c.Ask != "risky" || len(c.Patterns) != 1 || c.Patterns[0].Name != "good" {
		t.Errorf("partial config: %v", c)
	}
}

func TestParseKnownNames(t *testing.T) {
	in := []byte("disable = [\"policy_rule\"]\n[levels]\npolicy_rule = \"blocked\"\n")
	if _, err := Parse(in, "c.toml"); err == nil {
		t.Error("unknown names accepted")
	}
	if _, err := Parse(in, "c.toml", "policy_rule"); err != nil {
		t.Errorf("known names refused: %v", err)
	}
}

func mustParse(t *testing.T, in, file string, known ...string) guard.Config {
	t.Helper()
	c, err := Parse([]byte(in), file, known...)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

const testPolicy = `block_level = "high"
ask = "always"
disable = ["too_long"]
allow_user_allowlist = false

[levels]
guardsh_self = "blocked"

[[pattern]]
name = "deploy_prod"
pattern = "deploy --prod"
level = "high"

[[allow]]
command = "kubectl get"
`

func TestMerge(t *testing.T) {
	policy := mustParse(t, testPolicy, "policy.toml")
	tests := []struct {
		name      string
		user      string
		conflicts []string
		check     func(t *testing.T, m guard.Config)
	}{
		{"empty user", "", nil, func(t *testing.T, m guard.Config) {
			if *m.BlockLevel != guard.High || m.Ask != "always" || m.Levels["guardsh_self"] != guard.Blocked {
				t.Errorf("%v", m)
			}
			if len(m.Patterns) != 1 || m.Patterns[0].Origin != guard.OriginPolicy {
				t.Errorf("policy pattern origin: %+v", m.Patterns)
			}
		}},
		{"stricter block level", `block_level = "medium"`, nil, func(t *testing.T, m guard.Config) {
			if *m.BlockLevel != guard.Medium {
				t.Errorf("block level %v", *m.BlockLevel)
			}
		}},
		{"looser block level", `block_level = "blocked"`, []string{`c.toml:1: block_level = "blocked" is ignored: the policy sets block_level = "high"`}, func(t *testing.T, m guard.Config) {
			if *m.BlockLevel != guard.High {
				t.Errorf("block level %v", *m.BlockLevel)
			}
		}},
		{"same ask", `ask = "always"`, nil, nil},
		{"other ask", `ask = "risky"`, []string{`ask = "risky" is ignored`}, func(t *testing.T, m guard.Config) {
			if m.Ask != "always" {
				t.Error(m.Ask)
			}
		}},
		{"add pattern", "[[pattern]]\nname = \"drop_db\"\npattern = \"drop database\"\nlevel = \"blocked\"\n", nil, func(t *testing.T, m guard.Config) {
			if len(m.Patterns) != 2 || m.Patterns[1].Name != "drop_db" || m.Patterns[1].Origin != guard.OriginConfig {
				t.Errorf("%+v", m.Patterns)
			}
		}},
		{"replace policy pattern", "[[pattern]]\nname = \"deploy_prod\"\npattern = \"never\"\nlevel = \"safe\"\n", []string{"c.toml:1: [[pattern]] deploy_prod is ignored"}, func(t *testing.T, m guard.Config) {
			if len(m.Patterns) != 1 || m.Patterns[0].Regex != "deploy --prod" {
				t.Errorf("%+v", m.Patterns)
			}
		}},
		{"disable unnamed", `disable = ["parse_error"]`, nil, func(t *testing.T, m guard.Config) {
			if !slices.Contains(m.Disable, "parse_error") || !slices.Contains(m.Disable, "too_long") {
				t.Error(m.Disable)
			}
		}},
		{"disable policy level", `disable = ["guardsh_self"]`, []string{`c.toml:1: disable = ["guardsh_self"] is ignored: the policy sets rule guardsh_self`}, func(t *testing.T, m guard.Config) {
			if slices.Contains(m.Disable, "guardsh_self") {
				t.Error(m.Disable)
			}
		}},
		{"disable policy pattern", "disable = [\n\"deploy_prod\"]", []string{"c.toml:2: disable"}, nil},
		{"disable what policy disables", `disable = ["too_long"]`, nil, nil},
		{"raise policy level", "[levels]\ndeploy_prod = \"blocked\"\n", nil, func(t *testing.T, m guard.Config) {
			if m.Levels["deploy_prod"] != guard.Blocked {
				t.Error(m.Levels)
			}
		}},
		{"lower policy level", "[levels]\nguardsh_self = \"medium\"\ndeploy_prod = \"LOW\"\n", []string{
			`c.toml:3: [levels] deploy_prod = "medium" is ignored: the policy sets deploy_prod to high`,
			`c.toml:2: [levels] guardsh_self = "medium" is ignored`}, func(t *testing.T, m guard.Config) {
			if m.Levels["guardsh_self"] != guard.Blocked {
				t.Error(m.Levels)
			}
			if _, ok := m.Levels["deploy_prod"]; ok {
				t.Error(m.Levels)
			}
		}},
		{"lower unnamed", "[levels]\nparse_error = \"high\"\n", nil, func(t *testing.T, m guard.Config) {
			if m.Levels["parse_error"] != guard.High {
				t.Error(m.Levels)
			}
		}},
		{"allow forbidden", "[[allow]]\ncommand = \"jq\"\n", []string{`c.toml:1: [[allow]] jq is ignored: the policy sets allow_user_allowlist = false`}, func(t *testing.T, m guard.Config) {
			if len(m.Allow) != 1 || m.Allow[0].Command != "kubectl get" {
				t.Errorf("%+v", m.Allow)
			}
		}},
		{"screen settings", "color = \"always\"\nprompt = \"> \"\nhistory_size = 10\n", nil, func(t *testing.T, m guard.Config) {
			if m.Color != "always" || m.Prompt != "> " || *m.HistorySize != 10 {
				t.Errorf("%v", m)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			user := mustParse(t, tt.user, "c.toml", policy.PatternNames()...)
			m, conflicts := Merge(policy, user)
			if len(conflicts) != len(tt.conflicts) {
				t.Fatalf("conflicts %q, want %q", conflicts, tt.conflicts)
			}
			for i, w := range tt.conflicts {
				if !strings.Contains(conflicts[i], w) || !strings.HasSuffix(conflicts[i], "(policy policy.toml).") {
					t.Errorf("conflict %q, want %q", conflicts[i], w)
				}
			}
			if tt.check != nil {
				tt.check(t, m)
			}
			if _, err := guard.New(m.Options()...); err != nil {
				t.Errorf("merged options: %v", err)
			}
		})
	}
}

func TestMergeAllowWithoutPolicy(t *testing.T) {
	user := mustParse(t, "[[allow]]\ncommand = \"jq\"\n", "c.toml")
	m, conflicts := Merge(guard.Config{}, user)
	if len(conflicts) != 0 || len(m.Allow) != 1 {
		t.Errorf("%v %v", m.Allow, conflicts)
	}
	yes := true
	m, conflicts = Merge(guard.Config{AllowUserAllowlist: &yes}, user)
	if len(conflicts) != 0 || len(m.Allow) != 1 {
		t.Errorf("%v %v", m.Allow, conflicts)
	}
}

func TestConfigOptionsRules(t *testing.T) {
	policy := mustParse(t, testPolicy, "policy.toml")
	user := mustParse(t, fullConfig, "config.toml", policy.PatternNames()...)
	m, conflicts := Merge(policy, user)
	if len(conflicts) == 0 {
		t.Error("expected conflicts (disable guardsh_self, ask, allow)")
	}
	g, err := guard.New(m.Options()...)
	if err != nil {
		t.Fatal(err)
	}
	if g.BlockLevel() != guard.High {
		t.Errorf("block level %v", g.BlockLevel())
	}
	rules := map[string]guard.Rule{}
	for _, r := range g.Rules() {
		rules[r.Name] = r
	}
	for name, want := range map[string]guard.Rule{
		"deploy_prod":  {Origin: guard.OriginPolicy, Level: guard.Blocked, Overridden: true},
		"drop_db":      {Origin: guard.OriginConfig, Level: guard.Medium},
		"guardsh_self": {Origin: guard.OriginBuiltin, Level: guard.Blocked, Overridden: true},
		"too_long":     {Origin: guard.OriginBuiltin, Level: guard.High, Disabled: true},
		"parse_error":  {Origin: guard.OriginBuiltin, Level: guard.Blocked},
	} {
		r := rules[name]
		if r.Origin != want.Origin || r.Level != want.Level || r.Disabled != want.Disabled || r.Overridden != want.Overridden {
			t.Errorf("rule %s: %+v, want %+v", name, r, want)
		}
	}
	// The file's patterns are guard.Detector patterns.
	d, err := guard.NewDetector(m.Options()...)
	if err != nil {
		t.Fatal(err)
	}
	if got := customNames(d.Patterns()); !slices.Equal(got, []string{"deploy_prod", "drop_db"}) {
		t.Errorf("detector patterns %v", got)
	}
	if w, ok := d.CheckFirst("deploy --prod"); !ok || w.Level != guard.Blocked || w.Pattern.Origin != guard.OriginPolicy {
		t.Errorf("CheckFirst: %v %v", w, ok)
	}
}

func TestTightening(t *testing.T) {
	in := "block_level = \"high\"\nask = \"risky\"\ndisable = [\"parse_error\"]\ncolor = \"never\"\n" +
		"[levels]\nguardsh_self = \"blocked\"\nparse_error = \"medium\"\nmine = \"high\"\npolicy_rule = \"high\"\n" +
		"[[pattern]]\nname = \"mine\"\npattern = \"m\"\nlevel = \"medium\"\n[[allow]]\ncommand = \"jq\"\n"
	c := mustParse(t, in, "c.toml", "policy_rule")
	s := c.Tightening()
	if s.BlockLevel == nil || *s.BlockLevel != guard.High || len(s.Disable) != 0 || len(s.Allow) != 0 || s.Ask != "" || s.Color != "" {
		t.Errorf("tightening kept too much: %v", s)
	}
	if len(s.Patterns) != 1 || s.Levels["guardsh_self"] != guard.Blocked || s.Levels["mine"] != guard.High || s.Levels["policy_rule"] != guard.High {
		t.Errorf("tightening lost rules: %v", s)
	}
	if _, ok := s.Levels["parse_error"]; ok {
		t.Errorf("tightening kept a lowered level: %v", s.Levels)
	}
	blocked := mustParse(t, `block_level = "blocked"`, "c.toml")
	if blocked.Tightening().BlockLevel != nil {
		t.Error("block_level = blocked kept")
	}
}

// customNames returns the names of the patterns that are not built in.
func customNames(ps []guard.Pattern) []string {
	var ns []string
	for _, p := range ps {
		if !p.Builtin() {
			ns = append(ns, p.Name)
		}
	}
	return ns
}

func TestTrustedEvalConfig(t *testing.T) {
	c, err := Parse([]byte(`trusted_eval = ["dircolors", "direnv hook"]`), "c.toml")
	if err != nil {
		t.Fatal(err)
	}
	g, err := guard.New(c.Options()...)
	if err != nil {
		t.Fatal(err)
	}
	if v := g.Classify(`eval "$(direnv hook zsh)"`, guard.State{}); v.Level != guard.Safe {
		t.Errorf("%v", v.Findings)
	}
	if _, err := Parse([]byte(`trusted_eval = ["x; rm"]`), "c.toml"); err == nil {
		t.Error("a trusted_eval that is not a plain command was accepted")
	}
	no := false
	m, _ := Merge(guard.Config{AllowUserAllowlist: &no}, c)
	if len(m.TrustedEval) != 0 {
		t.Errorf("the policy forbids user additions, yet %v", m.TrustedEval)
	}
	m, _ = Merge(guard.Config{}, c)
	if len(m.TrustedEval) != 2 {
		t.Errorf("merged %v", m.TrustedEval)
	}
}
