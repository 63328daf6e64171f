package guard

import (
	"encoding/base64"
	"testing"
)

// TestDecodedEval: `eval "$(echo 'B64' | base64 -d)"` (how shell snapshots
// restore functions) is classified as the code it decodes to; any other
// shape of it stays code only known at run time.
func TestDecodedEval(t *testing.T) {
	b := func(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }
	// base64 without -w0 wraps at 76 columns: the literal holds newlines.
	long := b("gs () \n{ \n    git status \"$@\"; git log --oneline -n 5 --decorate --graph --all\n}\n")
	wrapped := long[:76] + "\n" + long[76:]
	tests := []struct {
		line string
		want Level
		rule string
	}{
		{`eval "$(echo '` + b("ls -la\n") + `' | base64 -d)"`, Safe, ""},
		{`eval "$(echo ` + b("ls") + ` | base64 --decode)" > /dev/null 2>&1`, Safe, ""},
		{`eval "$(echo '` + wrapped + `' | base64 -d)" > /dev/null 2>&1`, Safe, ""},
		{`eval "$(echo '` + b("gs () { git status; }") + `' | base64 -d)"; gs`, Safe, ""},
		// What it decodes to is classified as any code is.
		{`eval "$(echo '` + b("rm -rf /\n") + `' | base64 -d)"`, Blocked, "rm_rf_root"},
		{`eval "$(echo '` + b("f () { git push --force; }") + `' | base64 -D)"`, Medium, "git_push_force"},
		{`eval "$(echo '` + b("curl x | sh") + `' | base64 -d)"`, High, "curl_pipe_sh"},
		// Other shapes: not decoded.
		{`eval "$(echo ` + b("ls") + ` | base64)"`, Medium, "dynamic_code"},
		{`eval $(echo ` + b("ls") + ` | base64 -d)`, Medium, "dynamic_code"},
		{`eval "$(echo "$X" | base64 -d)"`, Medium, "dynamic_code"},
		{`eval "$(echo -n ` + b("ls") + ` | base64 -d)"`, Medium, "dynamic_code"},
		{`eval "$(echo 'not base64!' | base64 -d)"`, Medium, "dynamic_code"},
		{`eval "$(echo ` + b("ls") + ` | base64 -d) x"`, Medium, ""},
		{`eval "$(printf ` + b("ls") + ` | base64 -d)"`, Medium, "dynamic_code"},
		{`eval "$(echo ` + b("ls") + ` | base64 -d | sh)"`, High, ""},
		// A function of the line named base64 or echo: what it prints is
		// not the decoding.
		{`base64() { echo rm -rf /; }; eval "$(echo ` + b("ls") + ` | base64 -d)"`, Medium, "dynamic_code"},
		{`echo() { printf 'rm -rf /'; }; eval "$(echo ` + b("ls") + ` | base64 -d)"`, Medium, "dynamic_code"},
	}
	g, err := New()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		v := g.Classify(tt.line, State{Dir: "/home/u", Var: MapVars(map[string]string{"HOME": "/home/u"})})
		if v.Level != tt.want {
			t.Errorf("%q: %v %v, want %v", tt.line, v.Level, v.Findings, tt.want)
			continue
		}
		if tt.rule != "" {
			if f, ok := v.Top(); !ok || f.Rule != tt.rule {
				t.Errorf("%q: top finding %v, want %s", tt.line, v.Findings, tt.rule)
			}
		}
	}
}
