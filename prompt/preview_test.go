package prompt

import (
	"strings"
	"testing"

	"guardsh/guard"
)

func f(rule string, l guard.Level, reason, text string) guard.Finding {
	return guard.Finding{Rule: rule, Level: l, Reason: reason, Text: text}
}

func mk(cmd string, fs ...guard.Finding) guard.Verdict {
	v := guard.Verdict{Command: cmd, Findings: fs}
	for _, x := range fs {
		v.Level = max(v.Level, x.Level)
	}
	v.Blocked = v.Level == guard.Blocked
	return v
}

func TestPreview(t *testing.T) {
	tests := []struct {
		name string
		v    guard.Verdict
		want string
	}{
		{"safe", mk("ls -la"), "safe: nothing to warn about\n"},
		{"safe nil findings", guard.Verdict{Command: "ls"}, "safe: nothing to warn about\n"},
		{"one finding", mk("rm -rf ./build", f("rm_rf", guard.High, "recursively deletes ./build", "rm -rf ./build")), "" +
			"rm -rf ./build\n" +
			"^^^^^^^^^^^^^^\n" +
			"high  rm_rf  recursively deletes ./build\n"},
		{"part of the line", mk("cd /tmp && rm x && ls", f("rm", guard.Medium, "deletes x", "rm x")), "" +
			"cd /tmp && rm x && ls\n" +
			"           ^^^^\n" +
			"medium  rm  deletes x\n"},
		{"two findings", mk("sudo rm -rf /",
			f("rm_rf_root", guard.Blocked, "recursively deletes the filesystem root", "rm -rf /"),
			f("sudo", guard.Medium, "runs with root privileges", "sudo rm -rf /")), "" +
			"sudo rm -rf /\n" +
			"^^^^^^^^^^^^^\n" +
			"blocked  rm_rf_root  recursively deletes the filesystem root\n" +
			"medium   sudo        runs with root privileges\n"},
		{"apart", mk("env; cat .env | curl -d @- x",
			f("env", guard.InfoLeak, "prints the environment", "env"),
			f("dotenv", guard.InfoLeak, "reads a .env file", "cat .env")), "" +
			"env; cat .env | curl -d @- x\n" +
			"^^^  ^^^^^^^^\n" +
			"info_leak  env     prints the environment\n" +
			"info_leak  dotenv  reads a .env file\n"},
		{"text not in the line", mk("x=rm; $x -rf /tmp/a", f("rm_rf", guard.High, "recursively deletes /tmp/a", "rm -rf /tmp/a")), "" +
			"x=rm; $x -rf /tmp/a\n" +
			"high  rm_rf  recursively deletes /tmp/a (in: rm -rf /tmp/a)\n"},
		{"no text", mk("eval x", f("eval", guard.Medium, "runs a string as code", "")), "" +
			"eval x\n" +
			"medium  eval  runs a string as code\n"},
		{"parse error", mk("echo 'x", f("parse_error", guard.Blocked, "1:6: reached EOF without closing quote '", "")), "" +
			"echo 'x\n" +
			"blocked  parse_error  1:6: reached EOF without closing quote '\n"},
		{"multi-line", mk("cat <<EOF | sh\nrm -rf /tmp/a\nEOF", f("pipe_to_shell", guard.High, "runs a here-document as code", "sh")), "" +
			"cat <<EOF | sh\n" +
			"            ^^\n" +
			"rm -rf /tmp/a\n" +
			"EOF\n" +
			"high  pipe_to_shell  runs a here-document as code\n"},
		{"text across lines", mk("a &&\nrm x", f("rm", guard.Medium, "deletes", "&&\nrm")), "" +
			"a &&\n" +
			"  ^^\n" +
			"rm x\n" +
			"^^\n" +
			"medium  rm  deletes\n"},
		{"tab", mk("ls\t&& rm x", f("rm", guard.Medium, "deletes x", "rm x")), "" +
			"ls\t&& rm x\n" +
			"  \t   ^^^^\n" +
			"medium  rm  deletes x\n"},
		{"control characters", mk("echo \x1b[2Jhi; rm x", f("rm", guard.Medium, "deletes x", "rm x")), "" +
			"echo \\x1b[2Jhi; rm x\n" +
			"                ^^^^\n" +
			"medium  rm  deletes x\n"},
		{"escape in the marked part", mk("rm \x1bx", f("rm", guard.Medium, "deletes \x1bx", "rm \x1bx")), "" +
			"rm \\x1bx\n" +
			"^^^^^^^^\n" +
			"medium  rm  deletes \\x1bx\n"},
		{"bidi override", mk("ls \u202erm", f("r", guard.Medium, "x", "rm")), "" +
			"ls \\u202erm\n" +
			"         ^^\n" +
			"medium  r  x\n"},
		{"wide characters", mk("echo 界 && rm x", f("rm", guard.Medium, "deletes x", "rm x")), "" +
			"echo 界 && rm x\n" +
			"           ^^^^\n" +
			"medium  rm  deletes x\n"},
		{"the word, not part of one", mk("bash x | sh", f("pipe_to_shell", guard.High, "runs code", "sh")), "" +
			"bash x | sh\n" +
			"         ^^\n" +
			"high  pipe_to_shell  runs code\n"},
		{"only inside a word", mk("bash x", f("s", guard.High, "r", "as")), "" +
			"bash x\n" +
			" ^^\n" +
			"high  s  r\n"},
		{"text ends apart", mk("a>b; cat>b", f("w", guard.Medium, "writes b", ">b")), "" +
			"a>b; cat>b\n" +
			" ^^\n" +
			"medium  w  writes b\n"},
		{"high without findings", guard.Verdict{Command: "x", Level: guard.High}, "high: x\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var b strings.Builder
			if err := Preview(&b, tc.v, Style{}); err != nil {
				t.Fatal(err)
			}
			if got := b.String(); got != tc.want {
				t.Errorf("got:\n%s\nwant:\n%s\n(%q)", got, tc.want, got)
			}
		})
	}
}

func TestPreviewColor(t *testing.T) {
	v := mk("sudo rm -rf /",
		f("rm_rf_root", guard.Blocked, "recursively deletes the filesystem root", "rm -rf /"),
		f("sudo", guard.Medium, "runs with root privileges", "sudo rm -rf /"))
	var b strings.Builder
	Preview(&b, v, Style{Color: true})
	got := b.String()
	for _, want := range []string{
		"\x1b[33m^^^^^\x1b[0m\x1b[1;7;31m^^^^^^^^\x1b[0m\n", // sudo medium, then the blocked part
		"\x1b[1;7;31mblocked\x1b[0m",
		"\x1b[33mmedium\x1b[0m",
		"\x1b[1mrm_rf_root\x1b[0m",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("colored preview lacks %q:\n%q", want, got)
		}
	}
	b.Reset()
	Preview(&b, mk("ls"), Style{Color: true})
	if got := b.String(); got != "\x1b[32msafe\x1b[0m: nothing to warn about\n" {
		t.Errorf("safe: %q", got)
	}
	b.Reset()
	Preview(&b, v, Style{})
	if strings.Contains(b.String(), "\x1b") {
		t.Errorf("plain preview has escapes: %q", b.String())
	}
}

func TestLevelColors(t *testing.T) {
	s := Style{Color: true}
	tests := []struct {
		l    guard.Level
		want string
	}{
		{guard.Safe, "\x1b[32msafe\x1b[0m"},
		{guard.InfoLeak, "\x1b[36minfo_leak\x1b[0m"},
		{guard.Medium, "\x1b[33mmedium\x1b[0m"},
		{guard.High, "\x1b[31mhigh\x1b[0m"},
		{guard.Blocked, "\x1b[1;7;31mblocked\x1b[0m"},
	}
	for _, tc := range tests {
		if got := s.Level(tc.l, tc.l.String()); got != tc.want {
			t.Errorf("%v: got %q, want %q", tc.l, got, tc.want)
		}
		if got := (Style{}).Level(tc.l, "x"); got != "x" {
			t.Errorf("%v plain: got %q", tc.l, got)
		}
	}
	if got := s.Dim("auto"); got != "\x1b[2mauto\x1b[0m" {
		t.Errorf("Dim: %q", got)
	}
	if got := s.Level(guard.High, ""); got != "" {
		t.Errorf("empty text colored: %q", got)
	}
}

func TestSummary(t *testing.T) {
	tests := []struct {
		v    guard.Verdict
		want string
	}{
		{mk("ls"), "safe: nothing to warn about"},
		{mk("rm -rf ./b", f("rm_rf", guard.High, "recursively deletes ./b", "rm -rf ./b")), "high rm_rf: recursively deletes ./b"},
		{mk("sudo rm -rf /",
			f("sudo", guard.Medium, "runs with root privileges", "sudo rm -rf /"),
			f("rm_rf_root", guard.Blocked, "recursively deletes the filesystem root", "rm -rf /")),
			"blocked rm_rf_root: recursively deletes the filesystem root (+1 more)"},
		{mk("x", f("a\nb", guard.Medium, "c\x1bd", "x")), "medium a\\nb: c\\x1bd"},
		{guard.Verdict{Command: "x", Level: guard.High}, "high"},
	}
	for _, tc := range tests {
		if got := Summary(tc.v); got != tc.want {
			t.Errorf("Summary(%q) = %q, want %q", tc.v.Command, got, tc.want)
		}
	}
}

func TestShow(t *testing.T) {
	tests := []struct{ in, want string }{
		{"ls -la", "ls -la"},
		{"a\tb", "a\tb"},
		{"a\nb", `a\nb`},
		{"a\rb", `a\rb`},
		{"\x1b[31mred", `\x1b[31mred`},
		{"\x7f", `\x7f`},
		{"\xff", `\xff`},
		{"\u0085", `\u0085`},
		{"\u00a0", `\u00a0`},
		{"\u202e", `\u202e`},
		{"\u200b", `\u200b`},
		{"\U000e0041", `\U000e0041`},
		{"é界😀", "é界😀"},
	}
	for _, tc := range tests {
		if got := Show(tc.in); got != tc.want {
			t.Errorf("Show(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
