package prompt

import (
	"bytes"
	"os"
	"testing"
)

func TestUseColor(t *testing.T) {
	tests := []struct {
		mode     ColorMode
		noColor  string
		dumb     bool
		terminal bool
		want     bool
	}{
		{ColorAuto, "", false, true, true},
		{ColorAuto, "", false, false, false},
		{ColorAuto, "", true, true, false},
		{ColorAuto, "1", false, true, false},
		{ColorAuto, "0", false, true, false},
		{ColorAlways, "", false, false, true},
		{ColorAlways, "", true, false, true},
		{ColorAlways, "1", false, true, false},
		{ColorNever, "", false, true, false},
		{ColorNever, "1", false, true, false},
	}
	for _, tc := range tests {
		if got := UseColor(tc.mode, tc.noColor, tc.dumb, tc.terminal); got != tc.want {
			t.Errorf("UseColor(%v, %q, dumb %v, terminal %v) = %v, want %v", tc.mode, tc.noColor, tc.dumb, tc.terminal, got, tc.want)
		}
	}
}

func TestParseColorMode(t *testing.T) {
	tests := []struct {
		in   string
		want ColorMode
		err  bool
	}{
		{"", ColorAuto, false},
		{"auto", ColorAuto, false},
		{"Always", ColorAlways, false},
		{" never ", ColorNever, false},
		{"sometimes", ColorAuto, true},
	}
	for _, tc := range tests {
		got, err := ParseColorMode(tc.in)
		if got != tc.want || (err != nil) != tc.err {
			t.Errorf("ParseColorMode(%q) = %v, %v", tc.in, got, err)
		}
	}
	var m ColorMode
	if err := m.UnmarshalText([]byte("always")); err != nil || m != ColorAlways {
		t.Errorf("UnmarshalText: %v, %v", m, err)
	}
	if b, _ := ColorNever.MarshalText(); string(b) != "never" {
		t.Errorf("MarshalText: %q", b)
	}
}

func TestNewStyle(t *testing.T) {
	t.Setenv("TERM", "xterm")
	t.Setenv("NO_COLOR", "")
	var buf bytes.Buffer
	if NewStyle(&buf, ColorAuto).Color {
		t.Error("auto colors a buffer")
	}
	if !NewStyle(&buf, ColorAlways).Color {
		t.Error("always does not color")
	}
	tm := openTerm(t)
	if !NewStyle(tm.slave, ColorAuto).Color {
		t.Error("auto does not color a terminal")
	}
	t.Setenv("NO_COLOR", "1")
	if NewStyle(tm.slave, ColorAuto).Color || NewStyle(&buf, ColorAlways).Color {
		t.Error("NO_COLOR ignored")
	}
}

func TestIsTerminal(t *testing.T) {
	tm := openTerm(t)
	if !IsTerminal(tm.slave) {
		t.Error("a pty slave is not a terminal")
	}
	f, err := os.CreateTemp(t.TempDir(), "x")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var nilFile *os.File
	for _, v := range []any{f, &bytes.Buffer{}, nil, nilFile} {
		if IsTerminal(v) {
			t.Errorf("IsTerminal(%T) = true", v)
		}
	}
}
