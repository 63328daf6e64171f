package shell

import (
	"reflect"
	"testing"
)

func TestCompleteArgs(t *testing.T) {
	st := CompletionState{Vars: []string{"HOME", "HOSTNAME", "PATH", "x_1"}}
	c := &Completer{State: func() CompletionState { return st }}
	tests := []struct {
		line string
		want []string
	}{
		{"git sta", []string{"sh ", "tus "}},
		{"git commit --am", []string{"end "}},
		{"git --no-p", []string{"ager "}},
		{"sudo git log --onel", []string{"ine "}},
		{"git -C dir pu", []string{"ll ", "sh "}},
		{"git log --auth", []string{"or="}},
		{"ls --human", []string{"-readable "}},
		{"echo a; grep -r --ignore-c", []string{"ase "}},
		{"echo $HO", []string{"ME", "STNAME"}},
		{"echo ${PA", []string{"TH}"}},
		{`echo "$x`, []string{"_1"}},
		{"$PA", []string{"TH"}},
		// Not known: nothing offered here (paths elsewhere).
		{"frobnicate --he", nil},
		{`echo \$HO`, nil},
	}
	for _, tc := range tests {
		got, _ := c.Do([]rune(tc.line), len([]rune(tc.line)))
		var s []string
		for _, g := range got {
			s = append(s, string(g))
		}
		if !reflect.DeepEqual(s, tc.want) {
			t.Errorf("%q: got %q, want %q", tc.line, s, tc.want)
		}
	}
}

func TestExpandHistory(t *testing.T) {
	prev := `git commit -m "a b" file.txt`
	tests := []struct {
		line, want string
		changed    bool
		err        bool
	}{
		{"!!", prev, true, false},
		{"sudo !!", "sudo " + prev, true, false},
		{"ls !$", "ls file.txt", true, false},
		{"echo !^", "echo commit", true, false},
		{"echo !*", `echo commit -m "a b" file.txt`, true, false},
		{`echo "!$"`, `echo "file.txt"`, true, false},
		{"echo '!!'", "echo '!!'", false, false},
		{`echo \!!`, `echo \!!`, false, false},
		{"[ ! -f x ]", "[ ! -f x ]", false, false},
		{"a != b", "a != b", false, false},
		{"echo $! ${!x} [!a]*", "echo $! ${!x} [!a]*", false, false},
		{"echo hi!", "echo hi!", false, false},
		{"!foo", "", false, true},
	}
	for _, tc := range tests {
		got, changed, err := ExpandHistory(tc.line, prev)
		if (err != nil) != tc.err || !tc.err && (got != tc.want || changed != tc.changed) {
			t.Errorf("%q: got %q %v %v, want %q %v", tc.line, got, changed, err, tc.want, tc.changed)
		}
	}
	if _, _, err := ExpandHistory("!!", ""); err == nil {
		t.Error("!! with no history expanded")
	}
	if got := lastWord("cp a 'b c'"); got != "'b c'" {
		t.Errorf("lastWord: %q", got)
	}
}

func TestColTracker(t *testing.T) {
	tests := []struct {
		out  string
		want int
	}{
		{"", colStart},
		{"abc", colText},
		{"abc\r\n", colStart},
		{"abc\n", colStart},
		{"50%\r", colStart},
		{"abc\x1b[0m", colText},
		{"abc\r\n\x1b[0m", colStart},
		{"\x1b]0;title\a", colStart},
		{"x\x1b]0;title\x1b\\", colText},
		{"\x1b[10;1H", colUnknown},
		{"abc\x1b[K", colText},
		{"\x1b[?1049l\r\x1b[?1l\x1b>", colStart},
	}
	for _, tc := range tests {
		var c colTracker
		c.track([]byte(tc.out))
		if c.col != tc.want {
			t.Errorf("%q: col %d, want %d", tc.out, c.col, tc.want)
		}
	}
	var c colTracker
	c.track([]byte("ab"))
	if e := c.ending(80); e != partialMark+"\r\n" {
		t.Errorf("ending after text: %q", e)
	}
	c.col = colUnknown
	if e := c.ending(4); e != partialMark+"   \r" {
		t.Errorf("ending when unknown: %q", e)
	}
}
