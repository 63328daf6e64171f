package hook

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
)

// object decodes an event: one JSON object and nothing after it. Numbers
// stay as written, so that a tool input given back keeps them.
func object(event []byte) (map[string]any, error) {
	dec := json.NewDecoder(bytes.NewReader(event))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, errors.New("the hook event is empty")
		}
		return nil, fmt.Errorf("the hook event is not valid JSON: %w", err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, errors.New("the hook event has data after its JSON object")
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, errors.New("the hook event is not a JSON object")
	}
	return m, nil
}

// field returns the string at key; present reports whether the key is
// there at all. A value that is not a string is an error.
func field(m map[string]any, key string) (s string, present bool, err error) {
	v, ok := m[key]
	if !ok || v == nil {
		return "", false, nil
	}
	s, ok = v.(string)
	if !ok {
		return "", true, fmt.Errorf("the event's %q is not a string", key)
	}
	return s, true, nil
}

// needString returns the string at key, an error when it is missing,
// empty or not a string.
func needString(m map[string]any, key, what string) (string, error) {
	s, ok, err := field(m, key)
	if err != nil {
		return "", err
	}
	if !ok || strings.TrimSpace(s) == "" {
		return "", fmt.Errorf("the event has no %s (%q)", what, key)
	}
	return s, nil
}

// needEvent checks the event's name.
func needEvent(m map[string]any, key, want string) error {
	name, ok, err := field(m, key)
	if err != nil {
		return err
	}
	if !ok {
		return fmt.Errorf("the event has no %q (want %s)", key, want)
	}
	if name != want {
		return fmt.Errorf("unknown hook event %q (guardsh answers %s)", name, want)
	}
	return nil
}

// needDir returns the event's working directory, which must be absolute.
func needDir(m map[string]any, key string) (string, error) {
	dir, err := needString(m, key, "working directory")
	if err != nil {
		return "", err
	}
	if !filepath.IsAbs(dir) {
		return "", fmt.Errorf("the event's working directory %q is not absolute", dir)
	}
	return filepath.Clean(dir), nil
}

// toolInput returns the object at key, an error when it is not one.
func toolInput(m map[string]any, key string) (map[string]any, error) {
	v, ok := m[key]
	if !ok || v == nil {
		return nil, fmt.Errorf("the event has no tool input (%q)", key)
	}
	in, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("the event's %q is not an object", key)
	}
	return in, nil
}

// withCommand returns a copy of in with its "command" replaced.
func withCommand(in map[string]any, command string) map[string]any {
	out := make(map[string]any, len(in)+1)
	for k, v := range in {
		out[k] = v
	}
	out["command"] = command
	return out
}

// encode renders v as one line of JSON, HTML characters unescaped.
func encode(v any) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		// Only maps of strings, numbers and objects from a decoded event
		// are encoded: this cannot happen, and must not print an allow.
		return []byte(`{"decision":"deny","reason":"guardsh: cannot encode its answer"}` + "\n")
	}
	return b.Bytes()
}

// noDecision is the answer most agents read as "this hook does not decide".
var noDecision = []byte("{}\n")
