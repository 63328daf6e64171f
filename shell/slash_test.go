package shell

import "testing"

func TestParseSlash(t *testing.T) {
	tests := []struct {
		line, name, arg string
		ok              bool
	}{
		{"/auto", "/auto", "", true},
		{"  /dry-run ", "/dry-run", "", true},
		{"/explain rm -rf /", "/explain", "rm -rf /", true},
		{"/rules", "/rules", "", true},
		{"/forget-sudo", "/forget-sudo", "", true},
		{"/help me", "/help", "me", true},
		{"/usr/bin/ls", "", "", false},
		{"/autox", "", "", false},
		{"/Auto", "", "", false},
		{"ls /auto", "", "", false},
		{"'/auto'", "", "", false},
		{"", "", "", false},
	}
	for _, tc := range tests {
		name, arg, ok := ParseSlash(tc.line)
		if name != tc.name || arg != tc.arg || ok != tc.ok {
			t.Errorf("ParseSlash(%q) = %q, %q, %v; want %q, %q, %v", tc.line, name, arg, ok, tc.name, tc.arg, tc.ok)
		}
	}
}

func TestIncomplete(t *testing.T) {
	tests := []struct {
		src  string
		want bool
	}{
		{"echo hi", false},
		{"echo 'a", true},
		{`echo "a`, true},
		{"echo a |", true},
		{"true &&", true},
		{"false ||", true},
		{`echo a \`, true},
		{`echo a \\`, false},
		{"if true; then", true},
		{"if true; then echo; fi", false},
		{"cat <<EOF\nx", true},
		{"cat <<EOF\nx\nEOF", false},
		{"f() {", true},
		{"echo $(", true},
		{"echo )", false}, // a syntax error, not incomplete: it is checked (and refused)
	}
	for _, tc := range tests {
		if got := Incomplete(tc.src); got != tc.want {
			t.Errorf("Incomplete(%q) = %v, want %v", tc.src, got, tc.want)
		}
	}
}
