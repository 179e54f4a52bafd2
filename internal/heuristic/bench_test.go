package heuristic

import "testing"

func BenchmarkFindGoDocs(b *testing.B) {
	s := loadBenign(b)
	b.SetBytes(int64(len(s)))
	b.ReportAllocs()
	for b.Loop() {
		Find(s)
	}
}

func BenchmarkInstructionsGoDocs(b *testing.B) {
	s := loadBenign(b)
	b.SetBytes(int64(len(s)))
	b.ReportAllocs()
	for b.Loop() {
		Instructions(s, nil)
	}
}
