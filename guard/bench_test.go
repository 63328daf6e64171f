package guard

import (
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// BenchmarkParseTLDR parses every tldr line with one reused parser: the
// baseline that classification is measured against.
func BenchmarkParseTLDR(b *testing.B) {
	lines := corpusLines(b, "tldr.tsv")
	p := syntax.NewParser(syntax.Variant(syntax.LangBash))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, l := range lines {
			p.Parse(strings.NewReader(l), "")
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/1e3/float64(b.N*len(lines)), "µs/line")
}

// BenchmarkClassifyTLDR classifies every tldr line, parsing included.
func BenchmarkClassifyTLDR(b *testing.B) {
	lines := corpusLines(b, "tldr.tsv")
	g := mustGuard(b)
	st := testState()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, l := range lines {
			g.Classify(l, st)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/1e3/float64(b.N*len(lines)), "µs/line")
}

// BenchmarkBounds classifies the pathological lines of TestBounds: each
// must stay well under 100 ms.
func BenchmarkBounds(b *testing.B) {
	g := mustGuard(b)
	for _, tt := range boundLines() {
		b.Run(tt.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				g.Classify(tt.line, testState())
			}
		})
	}
}
