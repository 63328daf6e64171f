package shell

import "testing"

func TestFormatPrompt(t *testing.T) {
	p := PromptInfo{User: "ann", Host: "box.example.org", Dir: "/home/ann/src/x", Home: "/home/ann"}
	tests := []struct {
		format string
		mod    func(*PromptInfo)
		want   string
	}{
		{DefaultPromptFormat, nil, "ann@box:~/src/x$ "},
		{DefaultPromptFormat, func(p *PromptInfo) { p.Status = 2 }, "[2] ann@box:~/src/x$ "},
		{DefaultPromptFormat, func(p *PromptInfo) { p.Mode = []string{"auto", "yes"} }, "[auto] [yes] ann@box:~/src/x$ "},
		{DefaultPromptFormat, func(p *PromptInfo) { p.Root = true }, "ann@box:~/src/x# "},
		{`\H \W \s|\\ \q`, func(p *PromptInfo) { p.Status = 1 }, `box.example.org x 1|\ \q`},
		{`\w`, func(p *PromptInfo) { p.Dir = "/home/ann" }, "~"},
		{`\W`, func(p *PromptInfo) { p.Dir = "/home/ann" }, "~"},
		{`\w`, func(p *PromptInfo) { p.Dir = "/home/anne" }, "/home/anne"},
		{`\W`, func(p *PromptInfo) { p.Dir = "/" }, "/"},
		{`\[\e[1m\]x`, nil, "\x1b[1mx"},
		{`a\`, nil, `a\`},
	}
	for _, tc := range tests {
		q := p
		if tc.mod != nil {
			tc.mod(&q)
		}
		if got := FormatPrompt(tc.format, q); got != tc.want {
			t.Errorf("FormatPrompt(%q) = %q, want %q", tc.format, got, tc.want)
		}
	}
}
