package allowlist

import (
	"bufio"
	"os"
	"sort"
	"strings"
	"testing"
)

// TestTldrFigure reports how many tldr example lines auto mode would run:
// over all lines, and over the pages of commands the list knows (where a
// line that asks may be too strict a rule). It only parses the lines; it
// never runs them. Skipped when the corpus is not beside the clone.
//
//	go test -run TestTldrFigure -v ./allowlist/
func TestTldrFigure(t *testing.T) {
	f, err := os.Open("../../shared/corpus/tldr.tsv")
	if err != nil {
		t.Skip("no ../../shared/corpus/tldr.tsv")
	}
	defer f.Close()
	l := New()
	known := map[string]bool{}
	for _, c := range l.Commands() {
		known[c] = true
	}
	var all, safe, kAll, kSafe int
	reasons := map[string]int{}
	var asks []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line, page, _ := strings.Cut(sc.Text(), "\t")
		all++
		ok, why := l.CheckLine(line)
		if ok {
			safe++
		}
		name := page[strings.IndexByte(page, '/')+1:]
		first, _, _ := strings.Cut(line, " ")
		if !known[name] && !known[first] {
			continue
		}
		if spec, _ := l.Spec(first); spec.Note == "version query only" {
			continue
		}
		kAll++
		if ok {
			kSafe++
			continue
		}
		reasons[why]++
		asks = append(asks, line+"  # "+why)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	t.Logf("auto-safe: %d of %d tldr lines (%.1f%%)", safe, all, 100*float64(safe)/float64(all))
	t.Logf("lines of listed commands (not version queries): %d of %d (%.1f%%)", kSafe, kAll, 100*float64(kSafe)/float64(kAll))
	type rc struct {
		r string
		n int
	}
	var rs []rc
	for r, n := range reasons {
		rs = append(rs, rc{r, n})
	}
	sort.Slice(rs, func(i, j int) bool { return rs[i].n > rs[j].n })
	for i, r := range rs {
		if i == 25 {
			break
		}
		t.Logf("%4d  %s", r.n, r.r)
	}
	if testing.Verbose() && os.Getenv("TLDR_ASKS") != "" {
		for _, a := range asks {
			t.Log(a)
		}
	}
}
