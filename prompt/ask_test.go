package prompt

import (
	"strings"
	"testing"

	"guardsh/guard"
)

func verdict(l guard.Level) guard.Verdict {
	v := guard.Verdict{Command: "cmd", Level: l, Findings: []guard.Finding{}, Blocked: l == guard.Blocked}
	if l > guard.Safe {
		v.Findings = append(v.Findings, guard.Finding{Rule: "r", Level: l, Reason: "because", Text: "cmd"})
	}
	return v
}

func TestAskKey(t *testing.T) {
	tests := []struct {
		level guard.Level
		keys  []string // each after the previous one was read; all but the last are ignored
		want  Answer
	}{
		{guard.Safe, []string{"\r"}, Yes},
		{guard.InfoLeak, []string{"\r"}, Yes},
		{guard.Medium, []string{"\r"}, No},
		{guard.High, []string{"\r"}, No},
		{guard.Blocked, []string{"\r"}, No},
		{guard.Safe, []string{"\n"}, Yes},
		{guard.Medium, []string{"y"}, Yes},
		{guard.Medium, []string{"Y"}, Yes},
		{guard.High, []string{"y"}, Yes},
		{guard.Safe, []string{"n"}, No},
		{guard.Safe, []string{"N"}, No},
		{guard.High, []string{"e"}, Edit},
		{guard.High, []string{"E"}, Edit},
		{guard.Safe, []string{"\x03"}, No},
		{guard.Safe, []string{"\x04"}, No},
		{guard.Safe, []string{"\x1b"}, No},
		{guard.High, []string{"x", "q", "y"}, Yes},
		{guard.High, []string{"\x1b[A", "\x1b[D", "e"}, Edit},
		{guard.Medium, []string{"yes"}, Yes},
		{guard.Blocked, []string{"y", "Y", "e"}, Edit},
		{guard.Blocked, []string{"y", "n"}, No},
		{guard.Blocked, []string{"\x03"}, No},
	}
	for _, tc := range tests {
		name := tc.level.String() + "/" + strings.Join(tc.keys, ",")
		t.Run(name, func(t *testing.T) {
			tm := openTerm(t)
			v := verdict(tc.level)
			ch := make(chan result[Answer], 1)
			go func() {
				a, err := Ask(tm.slave, tm.slave, v, Style{})
				ch <- result[Answer]{a, err}
			}()
			tm.expect(Question(v, Style{}))
			for i, k := range tc.keys {
				tm.send(k)
				if i < len(tc.keys)-1 {
					tm.expect("\a")
				}
			}
			got, err := await(t, ch)
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("got %v, want %v", got, tc.want)
			}
			tm.expect(tc.want.String() + "\r\n")
			tm.checkCooked()
		})
	}
}

func TestQuestion(t *testing.T) {
	tests := []struct {
		level guard.Level
		want  string
	}{
		{guard.Safe, "safe: run it? [Y/n/e] "},
		{guard.InfoLeak, "info_leak: run it? [Y/n/e] "},
		{guard.Medium, "medium: run it? [y/N/e] "},
		{guard.High, "high: run it? [y/N/e] "},
		{guard.Blocked, "blocked: edit or cancel [e/N] "},
	}
	for _, tc := range tests {
		if got := Question(verdict(tc.level), Style{}); got != tc.want {
			t.Errorf("%v: got %q, want %q", tc.level, got, tc.want)
		}
	}
	// Blocked by the block level, below the blocked level itself.
	v := verdict(guard.High)
	v.Blocked = true
	if got := Question(v, Style{}); !strings.Contains(got, "[e/N]") {
		t.Errorf("high over the block level: got %q", got)
	}
}

func TestAskLine(t *testing.T) {
	tests := []struct {
		level     guard.Level
		in        string
		want      Answer
		questions int
	}{
		{guard.Safe, "\n", Yes, 1},
		{guard.Medium, "\n", No, 1},
		{guard.Medium, "y\n", Yes, 1},
		{guard.Medium, "YES\n", Yes, 1},
		{guard.Medium, " yes \r\n", Yes, 1},
		{guard.Safe, "no\n", No, 1},
		{guard.High, "e\n", Edit, 1},
		{guard.High, "edit\n", Edit, 1},
		{guard.Medium, "y", Yes, 1},
		{guard.Safe, "", No, 1},
		{guard.High, "maybe\nsure\ny\n", Yes, 3},
		{guard.High, "maybe\n", No, 2},
		{guard.Blocked, "y\n\n", No, 2},
		{guard.Blocked, "yes\ne\n", Edit, 2},
		{guard.Blocked, "y\n", No, 2},
	}
	for _, tc := range tests {
		t.Run(tc.level.String()+"/"+tc.in, func(t *testing.T) {
			var out strings.Builder
			v := verdict(tc.level)
			got, err := Ask(strings.NewReader(tc.in), &out, v, Style{})
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("got %v, want %v", got, tc.want)
			}
			if n := strings.Count(out.String(), Question(v, Style{})); n != tc.questions {
				t.Errorf("asked %d times, want %d: %q", n, tc.questions, out.String())
			}
		})
	}
}

func TestAskLineLeavesTheRest(t *testing.T) {
	in := strings.NewReader("y\nnext line\n")
	if _, err := Ask(in, &strings.Builder{}, verdict(guard.High), Style{}); err != nil {
		t.Fatal(err)
	}
	if rest, _ := readLine(in); rest != "next line" {
		t.Errorf("Ask read past its line: the rest is %q", rest)
	}
}

// TestAskDiscardsTypeahead types "y" before the question is asked: it must
// not answer it.
func TestAskDiscardsTypeahead(t *testing.T) {
	tm := openTerm(t)
	tm.send("y\n")
	tm.waitInput()
	v := verdict(guard.High)
	ch := make(chan result[Answer], 1)
	go func() {
		a, err := Ask(tm.slave, tm.slave, v, Style{})
		ch <- result[Answer]{a, err}
	}()
	tm.expect(Question(v, Style{}))
	tm.send("n")
	if got, err := await(t, ch); got != No || err != nil {
		t.Errorf("got %v, %v; want no", got, err)
	}
}
