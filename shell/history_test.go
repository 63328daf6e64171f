package shell

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

func TestHistoryPath(t *testing.T) {
	tests := []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{"XDG_STATE_HOME": "/s", "HOME": "/h"}, "/s/guardsh/history"},
		{map[string]string{"HOME": "/h"}, "/h/.local/state/guardsh/history"},
		{map[string]string{"XDG_STATE_HOME": "rel", "HOME": "/h"}, "/h/.local/state/guardsh/history"},
		{map[string]string{}, ""},
	}
	for _, tc := range tests {
		if got := HistoryPath(func(k string) string { return tc.env[k] }); got != tc.want {
			t.Errorf("HistoryPath(%v) = %q, want %q", tc.env, got, tc.want)
		}
	}
}

func TestHistoryEntries(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state", "history")
	h, entries, err := OpenHistory(path, 5)
	if err != nil || len(entries) != 0 {
		t.Fatalf("new history: %v %v", entries, err)
	}
	for _, e := range []string{"ls", "  ", "echo 'a\nb'", multiLinePrefix + "x", `echo \\`} {
		if err := h.Append(e); err != nil {
			t.Fatal(err)
		}
	}
	_, got, err := OpenHistory(path, 5)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"ls", "echo 'a\nb'", multiLinePrefix + "x", `echo \\`}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("entries %q, want %q", got, want)
	}
}

func TestHistoryLimit(t *testing.T) {
	path := filepath.Join(t.TempDir(), "history")
	var b strings.Builder
	for i := range 100 {
		fmt.Fprintf(&b, "cmd %d\n", i)
	}
	os.WriteFile(path, []byte(b.String()), 0o600)
	_, got, err := openSettled(path, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 10 || got[0] != "cmd 90" || got[9] != "cmd 99" {
		t.Fatalf("got %q", got)
	}
	// The file was cut back to the limit.
	data, _ := os.ReadFile(path)
	if n := strings.Count(string(data), "\n"); n != 10 {
		t.Fatalf("file has %d lines after trimming, want 10", n)
	}
}

// Two shells appending at once lose and tear nothing.
func TestHistoryConcurrentAppend(t *testing.T) {
	path := filepath.Join(t.TempDir(), "history")
	var wg sync.WaitGroup
	for s := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			h, _, _ := OpenHistory(path, 10000)
			for i := range 200 {
				h.Append(fmt.Sprintf("shell %d line %d %s", s, i, strings.Repeat("x", 100)))
			}
		}()
	}
	wg.Wait()
	_, got, _ := OpenHistory(path, 10000)
	if len(got) != 800 {
		t.Fatalf("%d entries, want 800", len(got))
	}
	for _, e := range got {
		if !strings.HasPrefix(e, "shell ") || !strings.HasSuffix(e, strings.Repeat("x", 100)) {
			t.Fatalf("torn entry %q", e)
		}
	}
}

func BenchmarkOpenHistory100k(b *testing.B) {
	path := filepath.Join(b.TempDir(), "history")
	var sb strings.Builder
	for i := range 100000 {
		fmt.Fprintf(&sb, "echo history line %d\n", i)
	}
	os.WriteFile(path, []byte(sb.String()), 0o600)
	for b.Loop() {
		OpenHistory(path, DefaultHistorySize)
	}
}
