package shell

import (
	"strconv"
	"strings"
)

// DefaultPromptFormat is the prompt when none is configured: the last
// status when it is not zero, the mode, user@host:dir and $ (# for root).
const DefaultPromptFormat = `\?\m\u@\h:\w\$ `

// PromptInfo is what a prompt shows.
type PromptInfo struct {
	User, Host string
	Dir, Home  string
	Status     int
	// Mode lists the modes that are on: "auto", "dry-run", "yes".
	Mode []string
	Root bool
	// Color colors the status and the mode.
	Color bool
}

// FormatPrompt expands a prompt format, in the manner of bash's PS1:
//
//	\u user   \h host (up to the first dot)   \H full host name
//	\w current directory, ~ for home   \W its last element
//	\$ # for root, $ otherwise   \? the last status as "[N] " when not 0
//	\s the last status alone ("" when 0)   \m the modes as "[auto] " ...
//	\n newline   \e escape   \[ \] ignored   \\ a backslash
//
// Any other character is itself.
func FormatPrompt(format string, p PromptInfo) string {
	var b strings.Builder
	for i := 0; i < len(format); i++ {
		c := format[i]
		if c != '\\' || i+1 == len(format) {
			b.WriteByte(c)
			continue
		}
		i++
		switch format[i] {
		case 'u':
			b.WriteString(p.User)
		case 'h':
			h, _, _ := strings.Cut(p.Host, ".")
			b.WriteString(h)
		case 'H':
			b.WriteString(p.Host)
		case 'w':
			b.WriteString(TildeDir(p.Dir, p.Home))
		case 'W':
			d := TildeDir(p.Dir, p.Home)
			if d != "/" && d != "~" {
				if j := strings.LastIndexByte(d, '/'); j >= 0 {
					d = d[j+1:]
				}
			}
			b.WriteString(d)
		case '$':
			if p.Root {
				b.WriteByte('#')
			} else {
				b.WriteByte('$')
			}
		case '?':
			if p.Status != 0 {
				b.WriteString(p.paint("31", "["+strconv.Itoa(p.Status)+"]") + " ")
			}
		case 's':
			if p.Status != 0 {
				b.WriteString(strconv.Itoa(p.Status))
			}
		case 'm':
			for _, m := range p.Mode {
				b.WriteString(p.paint("33", "["+m+"]") + " ")
			}
		case 'n':
			b.WriteByte('\n')
		case 'e':
			b.WriteByte(0x1b)
		case '[', ']':
		case '\\':
			b.WriteByte('\\')
		default:
			b.WriteByte('\\')
			b.WriteByte(format[i])
		}
	}
	return b.String()
}

func (p PromptInfo) paint(sgr, s string) string {
	if !p.Color {
		return s
	}
	return "\x1b[" + sgr + "m" + s + "\x1b[0m"
}

// TildeDir returns dir with the home directory replaced by ~.
func TildeDir(dir, home string) string {
	home = strings.TrimRight(home, "/")
	if home == "" || dir == "" {
		return dir
	}
	if dir == home {
		return "~"
	}
	if rest, ok := strings.CutPrefix(dir, home+"/"); ok {
		return "~/" + rest
	}
	return dir
}
