package plan

import "testing"

func TestLevelNames(t *testing.T) {
	for _, l := range Levels() {
		b, err := l.MarshalText()
		if err != nil {
			t.Fatalf("%v: %v", l, err)
		}
		var back Level
		if err := back.UnmarshalText(b); err != nil || back != l {
			t.Errorf("%s: read back as %v, %v", b, back, err)
		}
	}
	for in, want := range map[string]Level{"CRITICAL": Blocked, " low ": Medium, "info-leak": InfoLeak, "none": Safe} {
		if got, err := ParseLevel(in); err != nil || got != want {
			t.Errorf("ParseLevel(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	if _, err := ParseLevel("severe"); err == nil {
		t.Error("ParseLevel(severe) gave no error")
	}
	if _, err := Level(9).MarshalText(); err == nil {
		t.Error("level 9 marshalled")
	}
}

func TestCommandName(t *testing.T) {
	c := &Command{Args: Lits("/usr/bin/rm", "-rf", "x")}
	if c.Name() != "rm" {
		t.Errorf("Name = %q", c.Name())
	}
	c.Args = Lits("ls")
	if c.Name() != "ls" {
		t.Errorf("Name after new Args = %q", c.Name())
	}
	c.Args = []Word{{Value: Unknown}}
	if c.Name() != "" {
		t.Errorf("Name of an unknown word = %q", c.Name())
	}
}

func TestMemo(t *testing.T) {
	a, b := new(int), new(int)
	c := &Command{Args: Lits("rm", "x")}
	hs := []NamedHit{{Rule: "rm", Hit: Hit{Reason: "r"}}}
	c.Memo.Remember(a, c, hs)
	if got, ok := c.Memo.Hits(a, c); !ok || len(got) != 1 {
		t.Errorf("Hits(a) = %v, %v", got, ok)
	}
	if _, ok := c.Memo.Hits(b, c); ok {
		t.Error("another family's memo was used")
	}
	c.Args = Lits("rm", "y")
	if _, ok := c.Memo.Hits(a, c); ok {
		t.Error("the memo outlived the Args it was made for")
	}
}

func TestChangesUser(t *testing.T) {
	cmd := func(via int, argv ...string) *Command {
		return &Command{Args: Lits(argv...), Via: make([]string, via)}
	}
	for _, tc := range []struct {
		plan []*Command
		want bool
	}{
		{[]*Command{cmd(0, "sudo", "make"), cmd(1, "make")}, true},
		{[]*Command{cmd(0, "nice", "sudo", "make"), cmd(1, "sudo", "make"), cmd(2, "make")}, true},
		{[]*Command{cmd(0, "sudo", "make"), cmd(1, "make"), cmd(0, "ls")}, false},
		{[]*Command{cmd(0, "make")}, false},
		{nil, false},
	} {
		if got := (Verdict{Plan: tc.plan}).ChangesUser(); got != tc.want {
			t.Errorf("ChangesUser(%v) = %v", tc.plan[0:min(1, len(tc.plan))], got)
		}
	}
}
