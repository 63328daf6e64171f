package guard

import (
	"strings"
	"testing"
	"time"

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

// BenchmarkClassifyVsParse times parsing and classifying the tldr corpus
// in alternation, so that both see the same machine load, and reports the
// ratio of their costs (the issue asks for at most 2).
func BenchmarkClassifyVsParse(b *testing.B) {
	lines := corpusLines(b, "tldr.tsv")
	g := mustGuard(b)
	st := testState()
	p := syntax.NewParser(syntax.Variant(syntax.LangBash))
	var parse, classify time.Duration
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		for _, l := range lines {
			p.Parse(strings.NewReader(l), "")
		}
		t1 := time.Now()
		for _, l := range lines {
			g.Classify(l, st)
		}
		parse += t1.Sub(t0)
		classify += time.Since(t1)
	}
	n := float64(b.N * len(lines))
	b.ReportMetric(float64(parse.Nanoseconds())/1e3/n, "parse-µs/line")
	b.ReportMetric(float64(classify.Nanoseconds())/1e3/n, "classify-µs/line")
	b.ReportMetric(float64(classify)/float64(parse), "ratio")
}

// BenchmarkNew builds a Guard with the default rules, as every guardsh
// start-up does.
func BenchmarkNew(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := New(); err != nil {
			b.Fatal(err)
		}
	}
}
