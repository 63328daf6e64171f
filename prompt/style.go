package prompt

import (
	"fmt"
	"io"
	"os"
	"strings"

	"golang.org/x/term"

	"guardsh/guard"
)

// ColorMode is the `color` setting: whether output is colored.
type ColorMode int

// The color modes.
const (
	// ColorAuto colors output written to a terminal, unless NO_COLOR is
	// set or TERM is "dumb".
	ColorAuto ColorMode = iota
	// ColorAlways colors output wherever it goes, unless NO_COLOR is set.
	ColorAlways
	// ColorNever never colors output.
	ColorNever
)

var colorModeNames = [...]string{"auto", "always", "never"}

// String returns the mode's name as written in the config.
func (m ColorMode) String() string {
	if m < ColorAuto || m > ColorNever {
		return fmt.Sprintf("colormode(%d)", int(m))
	}
	return colorModeNames[m]
}

// ParseColorMode parses "auto", "always" or "never", case-insensitively.
// The empty string is auto.
func ParseColorMode(s string) (ColorMode, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "auto":
		return ColorAuto, nil
	case "always", "on", "yes", "true":
		return ColorAlways, nil
	case "never", "off", "no", "false":
		return ColorNever, nil
	}
	return ColorAuto, fmt.Errorf("unknown color mode %q (want auto, always or never)", s)
}

// MarshalText encodes the mode as its name.
func (m ColorMode) MarshalText() ([]byte, error) { return []byte(m.String()), nil }

// UnmarshalText decodes a mode accepted by ParseColorMode.
func (m *ColorMode) UnmarshalText(b []byte) error {
	v, err := ParseColorMode(string(b))
	if err != nil {
		return err
	}
	*m = v
	return nil
}

// UseColor decides whether to color output: noColor is the value of the
// NO_COLOR variable (any non-empty value disables color, whatever the
// mode), dumb reports TERM=dumb, and terminal whether the output is a
// terminal. It is the pure core of NewStyle.
func UseColor(mode ColorMode, noColor string, dumb, terminal bool) bool {
	if noColor != "" {
		return false
	}
	switch mode {
	case ColorAlways:
		return true
	case ColorNever:
		return false
	}
	return terminal && !dumb
}

// NewStyle returns the style for output written to w under mode, reading
// NO_COLOR and TERM from the process environment and asking IsTerminal
// whether w is a terminal.
func NewStyle(w io.Writer, mode ColorMode) Style {
	return Style{Color: UseColor(mode, os.Getenv("NO_COLOR"), os.Getenv("TERM") == "dumb", IsTerminal(w))}
}

// fder is a file with a descriptor, such as *os.File.
type fder interface{ Fd() uintptr }

// IsTerminal reports whether v (an io.Reader or io.Writer) is a file whose
// descriptor is a terminal.
func IsTerminal(v any) bool {
	f, ok := v.(fder)
	if !ok {
		return false
	}
	if f, ok := v.(*os.File); ok && f == nil {
		return false
	}
	return term.IsTerminal(int(f.Fd()))
}

// Style says how output is decorated. The zero Style is plain text.
type Style struct {
	// Color turns ANSI colors on.
	Color bool
}

// SGR sequences.
const (
	sgrReset = "\x1b[0m"
	sgrBold  = "\x1b[1m"
	sgrDim   = "\x1b[2m"
)

// levelSGR is the color of each level: safe green, info_leak cyan, medium
// yellow, high red, blocked bold red on inverse.
var levelSGR = map[guard.Level]string{
	guard.Safe:     "\x1b[32m",
	guard.InfoLeak: "\x1b[36m",
	guard.Medium:   "\x1b[33m",
	guard.High:     "\x1b[31m",
	guard.Blocked:  "\x1b[1;7;31m",
}

func (s Style) wrap(sgr, text string) string {
	if !s.Color || sgr == "" || text == "" {
		return text
	}
	return sgr + text + sgrReset
}

// Level returns text in the color of level l.
func (s Style) Level(l guard.Level, text string) string { return s.wrap(levelSGR[l], text) }

// Bold returns text in bold.
func (s Style) Bold(text string) string { return s.wrap(sgrBold, text) }

// Dim returns text dimmed, as auto mode's one-line notes are.
func (s Style) Dim(text string) string { return s.wrap(sgrDim, text) }
