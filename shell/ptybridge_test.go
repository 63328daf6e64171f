package shell

import (
	"bytes"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// chunkReader returns its chunks one Read at a time (a chunk longer than
// the Read's buffer in several).
type chunkReader struct{ chunks []string }

func (r *chunkReader) Read(p []byte) (int, error) {
	if len(r.chunks) == 0 {
		return 0, io.EOF
	}
	n := copy(p, r.chunks[0])
	if r.chunks[0] = r.chunks[0][n:]; r.chunks[0] == "" {
		r.chunks = r.chunks[1:]
	}
	return n, nil
}

func TestOutputPump(t *testing.T) {
	s := func(id string) string { return sentinelPrefix + id + "\a" }
	tests := []struct {
		name   string
		chunks []string
		out    string
		marks  []uint64
	}{
		{"plain", []string{"hello\r\n"}, "hello\r\n", nil},
		{"mark", []string{"a" + s("7") + "b"}, "ab", []uint64{7}},
		{"split mark", []string{"a" + s("12")[:5], s("12")[5:] + "b"}, "ab", []uint64{12}},
		{"split in the id", []string{"x" + s("123")[:len(sentinelPrefix)+1], s("123")[len(sentinelPrefix)+1:]}, "x", []uint64{123}},
		{"two marks", []string{s("1") + "mid" + s("2")}, "mid", []uint64{1, 2}},
		{"not a mark", []string{sentinelPrefix + "zz\a"}, sentinelPrefix + "zz\a", nil},
		{"escape alone", []string{"\x1b[1m", "bold"}, "\x1b[1mbold", nil},
		{"prefix at the end", []string{"tail\x1b]77"}, "tail\x1b]77", nil},
	}
	for _, tc := range tests {
		var out bytes.Buffer
		p := newOutputPump(&chunkReader{chunks: tc.chunks}, &out)
		p.run()
		var marks []uint64
		for len(p.marks) > 0 {
			marks = append(marks, <-p.marks)
		}
		if out.String() != tc.out || len(marks) != len(tc.marks) {
			t.Errorf("%s: out %q marks %v; want %q %v", tc.name, out.String(), marks, tc.out, tc.marks)
			continue
		}
		for i := range marks {
			if marks[i] != tc.marks[i] {
				t.Errorf("%s: marks %v, want %v", tc.name, marks, tc.marks)
			}
		}
	}
}

// Streamed output, cut into pieces of every size, comes out whole and in
// order, each line's mark taken out wherever the cuts fall.
func TestOutputPumpStream(t *testing.T) {
	var in, want strings.Builder
	for id := 1; id <= 10; id++ {
		for i := 0; i < 2000*id; i++ {
			line := strconv.Itoa(id) + ":" + strconv.Itoa(i) + "\r\n"
			in.WriteString(line)
			want.WriteString(line)
		}
		in.WriteString(sentinelPrefix + strconv.Itoa(id) + "\a")
	}
	for _, sizes := range [][]int{{1}, {7, 3, 4093}, {4096}, {65536, 1, 17}, {1 << 20}} {
		var chunks []string
		data := in.String()
		for i := 0; len(data) > 0; i++ {
			n := min(sizes[i%len(sizes)], len(data))
			chunks = append(chunks, data[:n])
			data = data[n:]
		}
		var out bytes.Buffer
		p := newOutputPump(&chunkReader{chunks: chunks}, &out)
		p.run()
		if out.String() != want.String() {
			t.Errorf("sizes %v: output differs (%d bytes, want %d)", sizes, out.Len(), want.Len())
		}
		for id := uint64(1); id <= 10; id++ {
			if m := <-p.marks; m != id {
				t.Fatalf("sizes %v: mark %d, want %d", sizes, m, id)
			}
		}
	}
}

// TestColTrackerChunksAgreeWithBytes checks track's fast path over text
// against following the same output one byte at a time, in chunks cut
// anywhere.
func TestColTrackerChunksAgreeWithBytes(t *testing.T) {
	const alphabet = "a1 %\n\r\t\x1b[]\a\\;HKmcD8P\x7f\x01\x08\xc3"
	r := rand.New(rand.NewPCG(16, 90))
	for n := 0; n < 3000; n++ {
		out := make([]byte, r.IntN(40))
		for i := range out {
			out[i] = alphabet[r.IntN(len(alphabet))]
		}
		var want colTracker
		for _, b := range out {
			want.step(b)
		}
		var got colTracker
		for rest := out; len(rest) > 0; {
			k := 1 + r.IntN(len(rest))
			got.track(rest[:k])
			rest = rest[k:]
		}
		if got != want {
			t.Fatalf("%q: track gives %+v, byte by byte %+v", out, got, want)
		}
	}
}
