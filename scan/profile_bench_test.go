package scan

import (
	"testing"
	"time"
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
