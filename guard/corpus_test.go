package guard

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// corpusPath is where the shared corpus sits beside the repository.
func corpusPath(name string) string {
	return filepath.Join("..", "..", "shared", "corpus", name)
}

// corpusLinesIfPresent reads the first column of a corpus file (never
// running any of it), or nothing when the file is absent.
func corpusLinesIfPresent(name string) []string {
	f, err := os.Open(corpusPath(name))
	if err != nil {
		return nil
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		l, _, _ := strings.Cut(sc.Text(), "\t")
		lines = append(lines, l)
	}
	return lines
}

// corpusLines is corpusLinesIfPresent for benchmarks, which skip without it.
func corpusLines(tb testing.TB, name string) []string {
	tb.Helper()
	lines := corpusLinesIfPresent(name)
	if lines == nil {
		tb.Skipf("corpus %s not available beside the repository", name)
	}
	return lines
}

func replaceX(s, x string) string { return strings.ReplaceAll(s, "X", x) }
