package prompt

import (
	"strings"
	"testing"

	"guardsh/guard"
)

var offerBoth = Offer{Command: "cmd in /d", Rule: "r in /d and below"}

// The answers that last, on a real pty: offered with an Offer only, never
// for a blocked line.
func TestAskWithOffer(t *testing.T) {
	tests := []struct {
		level guard.Level
		offer Offer
		keys  []string // all but the last ring the bell
		want  Answer
	}{
		{guard.Medium, offerBoth, []string{"a"}, Always},
		{guard.Medium, offerBoth, []string{"A"}, Always},
		{guard.High, offerBoth, []string{"r"}, AllowRule},
		{guard.High, offerBoth, []string{"R"}, AllowRule},
		{guard.Medium, offerBoth, []string{"y"}, Yes},
		{guard.Medium, offerBoth, []string{"\r"}, No},
		{guard.InfoLeak, offerBoth, []string{"\r"}, Yes},
		{guard.Medium, Offer{Command: "cmd in /d"}, []string{"r", "a"}, Always},
		{guard.Medium, Offer{Rule: "r in /d"}, []string{"a", "r"}, AllowRule},
		{guard.Medium, Offer{}, []string{"a", "r", "n"}, No},
		{guard.Blocked, offerBoth, []string{"a", "r", "y", "n"}, No},
	}
	for _, tc := range tests {
		name := tc.level.String() + "/" + tc.offer.choices() + "/" + strings.Join(tc.keys, ",")
		t.Run(name, func(t *testing.T) {
			tm := openTerm(t)
			v := verdict(tc.level)
			ch := make(chan result[Answer], 1)
			go func() {
				a, err := AskWith(tm.slave, tm.slave, v, Style{}, tc.offer)
				ch <- result[Answer]{a, err}
			}()
			o := tc.offer
			if tc.level == guard.Blocked {
				o = Offer{}
			}
			shown := tm.expect(QuestionWith(v, Style{}, o))
			if tc.offer.Command != "" && tc.level != guard.Blocked && !strings.Contains(shown, "a: always allow cmd in /d") {
				t.Errorf("no hint for a: %q", shown)
			}
			if tc.level == guard.Blocked && strings.Contains(shown, "always allow") {
				t.Errorf("a lasting answer offered for a blocked line: %q", shown)
			}
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

func TestQuestionWith(t *testing.T) {
	tests := []struct {
		level guard.Level
		offer Offer
		want  string
	}{
		{guard.Medium, offerBoth, "medium: run it? [y/N/e/a/r] "},
		{guard.InfoLeak, offerBoth, "info_leak: run it? [Y/n/e/a/r] "},
		{guard.High, Offer{Rule: "x"}, "high: run it? [y/N/e/r] "},
		{guard.Medium, Offer{}, "medium: run it? [y/N/e] "},
		{guard.Blocked, offerBoth, "blocked: edit or cancel [e/N] "},
	}
	for _, tt := range tests {
		if got := QuestionWith(verdict(tt.level), Style{}, tt.offer); got != tt.want {
			t.Errorf("QuestionWith(%v, %+v) = %q, want %q", tt.level, tt.offer, got, tt.want)
		}
	}
}

func TestAskLineWithOffer(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want Answer
	}{
		{"a\n", Always}, {"always\n", Always}, {"r\n", AllowRule}, {"rule\n", AllowRule}, {"x\nn\n", No},
	} {
		var out strings.Builder
		got, err := AskWith(strings.NewReader(tt.in), &out, verdict(guard.Medium), Style{}, offerBoth)
		if err != nil || got != tt.want {
			t.Errorf("AskWith(%q) = %v %v, want %v", tt.in, got, err, tt.want)
		}
	}
	var out strings.Builder
	if got, _ := AskWith(strings.NewReader("a\nr\n"), &out, verdict(guard.Medium), Style{}, Offer{}); got != No {
		t.Errorf("a without an offer = %v, want no", got)
	}
}
