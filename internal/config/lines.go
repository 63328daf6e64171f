package config

import (
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"
)

// locator finds the line a TOML key or value was written on, for error
// messages; the toml package does not say where a key is. It reads the
// file line by line, as people write config files: table headers, then
// `key = value` lines. It is a best effort: 0 means not found.
type locator struct {
	lines  []string
	keys   map[string]int   // "levels.rm_rf_root", "pattern.name" -> first line
	tables map[string][]int // "pattern" -> line of each [[pattern]] header
}

func newLocator(data []byte) *locator {
	l := &locator{lines: strings.Split(string(data), "\n"), keys: map[string]int{}, tables: map[string][]int{}}
	table := ""
	for i, line := range l.lines {
		n := i + 1
		t := strings.TrimSpace(line)
		switch {
		case t == "" || t[0] == '#':
		case strings.HasPrefix(t, "[["):
			end := strings.Index(t, "]]")
			if end < 0 {
				continue
			}
			table = keyPath(t[2:end])
			l.tables[table] = append(l.tables[table], n)
			l.set(table, n)
		case t[0] == '[':
			end := strings.IndexByte(t, ']')
			if end < 0 {
				continue
			}
			table = keyPath(t[1:end])
			l.set(table, n)
		default:
			k, _, ok := strings.Cut(t, "=")
			if !ok {
				continue
			}
			k = keyPath(k)
			if table != "" {
				k = table + "." + k
			}
			l.set(k, n)
		}
	}
	return l
}

func (l *locator) set(k string, n int) {
	if _, ok := l.keys[k]; !ok {
		l.keys[k] = n
	}
}

// key returns the line of the first place the key is set.
func (l *locator) key(k toml.Key) int {
	for j := len(k); j > 0; j-- {
		if n, ok := l.keys[strings.Join(k[:j], ".")]; ok {
			return n
		}
	}
	return 0
}

// table returns the line of the i-th [[name]] header.
func (l *locator) table(name string, i int) int {
	if ts := l.tables[name]; i < len(ts) {
		return ts[i]
	}
	return 0
}

// value returns the first line at or after from that holds s as a quoted
// string; from when there is none.
func (l *locator) value(from int, s string) int {
	if from <= 0 {
		return 0
	}
	for _, q := range []string{strconv.Quote(s), "'" + s + "'"} {
		for i := from - 1; i < len(l.lines); i++ {
			if strings.Contains(l.lines[i], q) {
				return i + 1
			}
		}
	}
	return from
}

// keyPath normalises a written key: `levels . "rm_rf_root"` becomes
// levels.rm_rf_root.
func keyPath(s string) string {
	var parts []string
	for _, p := range splitKey(s) {
		p = strings.TrimSpace(p)
		if len(p) >= 2 && (p[0] == '"' || p[0] == '\'') && p[len(p)-1] == p[0] {
			if u, err := strconv.Unquote(p); err == nil && p[0] == '"' {
				p = u
			} else {
				p = p[1 : len(p)-1]
			}
		}
		parts = append(parts, p)
	}
	return strings.Join(parts, ".")
}

// splitKey splits a dotted key outside quotes.
func splitKey(s string) []string {
	var parts []string
	var quote byte
	start := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '.':
			parts = append(parts, s[start:i])
			start = i + 1
		}
	}
	return append(parts, s[start:])
}
