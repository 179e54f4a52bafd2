package heuristic

import (
	"regexp"
	"strings"
	"testing"

	"github.com/plainsight/plainsight/internal/testkit/benchtext"
)

// nearMiss is prose in which every passage meets the prefilter's needs of
// several patterns without matching: the slow path on every sentence.
const nearMiss = `You should not forget the release notes before the server will respond. ` +
	`Do not show the summary to a reviewer, and keep the secret key in the vault at the office. ` +
	`The agent model should print the data and email the contents of the file to the team at noon via the address book. ` +
	`Send the logs and the session history, then we answer questions from the new task force about the system font. ` +
	`If you are reading this in the language model course, your notes are in the hidden folder from now until Monday. `

func BenchmarkFindGoDocs(b *testing.B) {
	s := loadBenign(b)
	b.SetBytes(int64(len(s)))
	b.ReportAllocs()
	for b.Loop() {
		Find(s)
	}
}

func benchmarkNearMiss(b *testing.B, size int) {
	s := strings.Repeat(nearMiss, size/len(nearMiss)+1)[:size]
	if n := len(Instructions(s, nil)); n != 0 {
		b.Fatalf("the near-miss text matches %d times", n)
	}
	b.SetBytes(int64(len(s)))
	b.ReportAllocs()
	for b.Loop() {
		Find(s)
	}
}

// The two sizes show the search is linear: the same throughput at both.
func BenchmarkFindNearMiss64K(b *testing.B) { benchmarkNearMiss(b, 64<<10) }
func BenchmarkFindNearMiss1M(b *testing.B)  { benchmarkNearMiss(b, 1<<20) }

// BenchmarkFindNoPassageEnd is one passage of 1 MiB (no sentence end, no
// blank line), searched in overlapping windows.
func BenchmarkFindNoPassageEnd(b *testing.B) {
	s := strings.Repeat("ignore the send data to the agent your system ", 1<<20/47)
	b.SetBytes(int64(len(s)))
	b.ReportAllocs()
	for b.Loop() {
		Find(s)
	}
}

// BenchmarkFindGoHTML is §5 on real HTML, [benchtext.GoHTML] (the Go
// distribution's documents, the language specification among them), read
// as the scan reads it: whole, markup and all. Its passages hold more
// candidate words than prose's.
func BenchmarkFindGoHTML(b *testing.B) {
	s, err := benchtext.GoHTML()
	if err != nil {
		b.Skip(err)
	}
	b.SetBytes(int64(len(s)))
	b.ReportAllocs()
	for b.Loop() {
		FindN(s, 1000)
	}
}

// BenchmarkFindMultilingual is §5 on 4 MiB of bench/mkcorpus's multilingual
// text (Greek, Cyrillic, CJK, Arabic, French with apostrophes, English).
func BenchmarkFindMultilingual(b *testing.B) {
	s := multilingual(4 << 20)
	b.SetBytes(int64(len(s)))
	b.ReportAllocs()
	for b.Loop() {
		FindN(s, 1000)
	}
}

// The hostile shapes at two sizes each: the same throughput at both shows
// the search linear in them.
func benchmarkHostile(b *testing.B, name string, size int) {
	s := hostile(size)[name]
	b.SetBytes(int64(len(s)))
	b.ReportAllocs()
	for b.Loop() {
		FindN(s, 1000)
	}
}

func BenchmarkFindAnchorEveryWord256K(b *testing.B) {
	benchmarkHostile(b, "anchor in every word, sentences", 256<<10)
}
func BenchmarkFindAnchorEveryWord4M(b *testing.B) {
	benchmarkHostile(b, "anchor in every word, sentences", 4<<20)
}
func BenchmarkFindNoPassageEnd256K(b *testing.B) {
	benchmarkHostile(b, "anchor in every word", 256<<10)
}
func BenchmarkFindNoPassageEnd4M(b *testing.B) { benchmarkHostile(b, "anchor in every word", 4<<20) }
func BenchmarkFindLongLine256K(b *testing.B)   { benchmarkHostile(b, "one long line", 256<<10) }
func BenchmarkFindLongLine4M(b *testing.B)     { benchmarkHostile(b, "one long line", 4<<20) }

// BenchmarkCompile compiles the ten anchored expressions as a process
// first needing all of them does: with the stand-ins of compiledOf, and as
// written (with \pL and \pN), for comparison.
func BenchmarkCompile(b *testing.B) {
	for _, c := range []struct {
		name string
		src  func(string) string
	}{{"standIns", withStandIns}, {"asWritten", func(s string) string { return s }}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for p := range Patterns {
					regexp.MustCompile(c.src(`^` + strings.TrimPrefix(Patterns[p].src, `\b`)))
				}
			}
		})
	}
}
