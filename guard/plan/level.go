package plan

import (
	"fmt"
	"strings"
)

// Level is how dangerous a command is, from Safe to Blocked.
type Level int

// The levels, lowest first.
const (
	// Safe has nothing to warn about.
	Safe Level = iota
	// InfoLeak shows secrets on screen or sends them on.
	InfoLeak
	// Medium changes or deletes things, usually recoverably.
	Medium
	// High is hard to undo.
	High
	// Blocked destroys the system and never runs.
	Blocked
)

var levelNames = [...]string{"safe", "info_leak", "medium", "high", "blocked"}

// Levels lists every level, lowest first.
func Levels() []Level { return []Level{Safe, InfoLeak, Medium, High, Blocked} }

// String returns the level's name as it appears in JSON and previews.
func (l Level) String() string {
	if l < Safe || l > Blocked {
		return fmt.Sprintf("level(%d)", int(l))
	}
	return levelNames[l]
}

// DefaultYes reports whether Enter means yes at the question for this level.
func (l Level) DefaultYes() bool { return l <= InfoLeak }

// ParseLevel parses a level name, case-insensitively. Besides guardsh's own
// names it takes those of the shell-safety module guardsh grew from:
// LOW and MEDIUM are medium, HIGH is high, CRITICAL is blocked.
func ParseLevel(s string) (Level, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "safe", "none":
		return Safe, nil
	case "info_leak", "info-leak", "infoleak", "info":
		return InfoLeak, nil
	case "medium", "low":
		return Medium, nil
	case "high":
		return High, nil
	case "blocked", "critical":
		return Blocked, nil
	}
	return Safe, fmt.Errorf("unknown level %q (want safe, info_leak, medium, high or blocked)", s)
}

// MarshalText encodes the level as its name.
func (l Level) MarshalText() ([]byte, error) {
	if l < Safe || l > Blocked {
		return nil, fmt.Errorf("invalid level %d", int(l))
	}
	return []byte(l.String()), nil
}

// UnmarshalText decodes a level name accepted by ParseLevel.
func (l *Level) UnmarshalText(b []byte) error {
	v, err := ParseLevel(string(b))
	if err != nil {
		return err
	}
	*l = v
	return nil
}
