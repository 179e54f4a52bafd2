package scan

import "testing"

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
