package scan

import (
	"testing"
	"time"

	"github.com/plainsight/plainsight/internal/testkit/benchtext"
)

// BenchmarkProfile compares the profiles on the same texts in the same
// run: the bound is Strict at most 15% slower than Spec on clean
// English and multilingual text.
func BenchmarkProfile(b *testing.B) {
	texts := []struct{ name, text string }{
		{"English", benchEnglish},
		{"Multilingual", benchMultilingual},
		{"Hostile", benchHostile},
	}
	for _, tt := range texts {
		for _, p := range []Profile{Spec, Strict} {
			b.Run(tt.name+"/"+p.String(), func(b *testing.B) {
				opts := &Options{Profile: p}
				b.SetBytes(int64(len(tt.text)))
				b.ReportAllocs()
				for b.Loop() {
					if _, err := Scan(tt.text, opts); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkProfileRatio scans each text with Spec and with Strict in every
// iteration (in alternating order) and reports the ratio of their total
// times as strict/spec: paired in time, the ratio holds up better on a
// machine whose load drifts than two separate benchmarks do.
func BenchmarkProfileRatio(b *testing.B) {
	texts := []struct{ name, text string }{
		{"English", benchEnglish},
		{"Multilingual", benchMultilingual},
	}
	for _, tt := range texts {
		b.Run(tt.name, func(b *testing.B) {
			b.SetBytes(int64(2 * len(tt.text)))
			var spec, strict time.Duration
			timed := func(p Profile) time.Duration {
				t0 := time.Now()
				if _, err := Scan(tt.text, &Options{Profile: p}); err != nil {
					b.Fatal(err)
				}
				return time.Since(t0)
			}
			odd := false
			for b.Loop() {
				// Alternate which goes first, so that neither always
				// inherits the other's garbage.
				if odd {
					strict += timed(Strict)
					spec += timed(Spec)
				} else {
					spec += timed(Spec)
					strict += timed(Strict)
				}
				odd = !odd
			}
			b.ReportMetric(float64(strict)/float64(spec), "strict/spec")
		})
	}
}

// BenchmarkExtensionPass reports, as ext/spec, the time of the passes that
// Strict adds on clean text (findExtensions) over the time of a Spec scan
// of the same text, paired in every iteration: on clean text the rest of
// Strict is a few comparisons, so this is its overhead.
func BenchmarkExtensionPass(b *testing.B) {
	texts := []struct{ name, text string }{
		{"English", benchEnglish},
		{"Multilingual", benchMultilingual},
	}
	for _, tt := range texts {
		b.Run(tt.name, func(b *testing.B) {
			b.SetBytes(int64(len(tt.text)))
			var spec, ext time.Duration
			for b.Loop() {
				t0 := time.Now()
				if _, err := Scan(tt.text, nil); err != nil {
					b.Fatal(err)
				}
				t1 := time.Now()
				findExtensions(tt.text, DefaultMaxFindings)
				spec, ext = spec+t1.Sub(t0), ext+time.Since(t1)
			}
			b.ReportMetric(float64(ext)/float64(spec), "ext/spec")
		})
	}
}

// BenchmarkJudgedPass reports, as judged/spec, the time of the
// instruction_judged class (judge: the rules, the framing and, behind its
// prefilter, the model) over the time of a Spec scan of the same real
// prose, paired in every iteration: 6 MiB of the Go distribution's
// comments (benchtext.GoDocs), whole and in 16 KiB texts, and the
// synthetic English text.
func BenchmarkJudgedPass(b *testing.B) {
	docs, err := benchtext.GoDocs()
	if err != nil {
		b.Skip("no Go distribution to read:", err)
	}
	var chunks []string
	for i := 0; i+16<<10 <= len(docs); i += 16 << 10 {
		chunks = append(chunks, docs[i:i+16<<10])
	}
	texts := []struct {
		name  string
		texts []string
	}{
		{"GoDocs", []string{docs}},
		{"GoDocs16K", chunks},
		{"English", []string{benchEnglish}},
	}
	for _, tt := range texts {
		b.Run(tt.name, func(b *testing.B) {
			n := 0
			for _, s := range tt.texts {
				n += len(s)
			}
			b.SetBytes(int64(n))
			var spec, judged time.Duration
			for b.Loop() {
				for _, s := range tt.texts {
					t0 := time.Now()
					res, err := Scan(s, nil)
					if err != nil {
						b.Fatal(err)
					}
					t1 := time.Now()
					judge(s, res.Findings)
					spec, judged = spec+t1.Sub(t0), judged+time.Since(t1)
				}
			}
			b.ReportMetric(float64(judged)/float64(spec), "judged/spec")
		})
	}
}

// BenchmarkProfileRatioGoDocs is BenchmarkProfileRatio on real prose: 6
// MiB of the Go distribution's comments (benchtext.GoDocs), whole and in
// 16 KiB texts, Spec and Strict alternated in one loop.
func BenchmarkProfileRatioGoDocs(b *testing.B) {
	docs, err := benchtext.GoDocs()
	if err != nil {
		b.Skip("no Go distribution to read:", err)
	}
	var chunks []string
	for i := 0; i+16<<10 <= len(docs); i += 16 << 10 {
		chunks = append(chunks, docs[i:i+16<<10])
	}
	for _, tt := range []struct {
		name string
		ts   []string
	}{{"whole", []string{docs}}, {"16K", chunks}} {
		b.Run(tt.name, func(b *testing.B) {
			var spec, strict time.Duration
			odd := false
			for b.Loop() {
				for _, s := range tt.ts {
					t0 := time.Now()
					if odd {
						Scan(s, &Options{Profile: Strict})
						t1 := time.Now()
						Scan(s, nil)
						strict, spec = strict+t1.Sub(t0), spec+time.Since(t1)
					} else {
						Scan(s, nil)
						t1 := time.Now()
						Scan(s, &Options{Profile: Strict})
						spec, strict = spec+t1.Sub(t0), strict+time.Since(t1)
					}
					odd = !odd
				}
			}
			b.ReportMetric(float64(strict)/float64(spec), "strict/spec")
		})
	}
}
