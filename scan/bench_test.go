package scan

import (
	"fmt"
	"strings"
	"testing"

	"github.com/plainsight/plainsight/internal/testkit/benchtext"
)

// The benchmark corpora: each about 1 MiB, built once.
var (
	benchEnglish = repeatTo(`The scanner reads text that an agent did not write: tool descriptions,
skill files, email bodies and web pages. It reports every run of invisible
characters with its position, so a reviewer can see what the agent would see.
Nothing in this paragraph is hidden; it is plain ASCII prose with punctuation,
numbers such as 42 and 3.14, and line breaks, the common case for a scan.
`, 1<<20)
	benchMultilingual = repeatTo(`Ο σαρωτής διαβάζει κείμενο που δεν έγραψε ο πράκτορας.
Сканер читает текст, который агент не писал, и сообщает о каждом символе.
扫描器读取代理没有编写的文本，并报告每一个不可见字符的位置。
يقرأ الماسح النص الذي لم يكتبه الوكيل ويبلغ عن كل حرف غير مرئي.
स्कैनर वह पाठ पढ़ता है जो एजेंट ने नहीं लिखा, और हर अदृश्य वर्ण की रिपोर्ट करता है।
Le scanner lit le texte qu’un agent n’a pas écrit — et signale chaque caractère. ✅ 🙂
`, 1<<20)
	benchHostile = repeatTo("a\u200b", 1<<20)
)

func repeatTo(s string, n int) string {
	return strings.Repeat(s, n/len(s)+1)[:n-n%len(s)]
}

func benchmarkScan(b *testing.B, text string) {
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Scan(text, nil); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkScanEnglish(b *testing.B)      { benchmarkScan(b, benchEnglish) }
func BenchmarkScanMultilingual(b *testing.B) { benchmarkScan(b, benchMultilingual) }
func BenchmarkScanHostile(b *testing.B)      { benchmarkScan(b, benchHostile) }

func BenchmarkScanUTF16Multilingual(b *testing.B) {
	u := utf16Of(benchMultilingual)
	b.SetBytes(int64(len(benchMultilingual)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ScanUTF16(u, nil); err != nil {
			b.Fatal(err)
		}
	}
}

var benchEmail = benchtext.Email()

func BenchmarkScanEmailHTML(b *testing.B) { benchmarkScan(b, benchEmail) }

var benchBase64 = benchtext.Base64Heavy()

func BenchmarkScanBase64Heavy(b *testing.B) { benchmarkScan(b, benchBase64) }

// BenchmarkScanGoDocs scans real English technical prose: 6 MiB of the Go
// distribution's comments (benchtext.GoDocs).
func BenchmarkScanGoDocs(b *testing.B) {
	s, err := benchtext.GoDocs()
	if err != nil {
		b.Fatal(err)
	}
	benchmarkScan(b, s)
}

// BenchmarkScanShapes scans hostile shapes at two sizes, 1 MiB and 4 MiB:
// the same throughput at both shows the time is linear. Each is a shape
// that once cost more than its share: an unclosed <script> holding the
// rest of the text, a million unclosed tags, a passage with an anchor in
// every word, one long line with no passage end, nothing but ill-formed
// bytes, one blob.
func BenchmarkScanShapes(b *testing.B) {
	prose := benchEnglish[:1<<16]
	shapes := []struct {
		name string
		unit string
	}{
		{"unclosed-script", ""}, // built below: <script> then prose
		{"unclosed-tags", "<p hidden>"},
		{"unclosed-divs", "<div>"},
		{"anchor-every-word", "ignore the send data to the agent your system "},
		{"one-line", "word and more words, "},
		{"ill-formed", "\xff"},
		{"zero-width", "a\u200b"},
		{"blob", "QUJD"},
	}
	for _, sh := range shapes {
		for _, size := range []int{1 << 20, 4 << 20} {
			var text string
			if sh.unit == "" {
				text = "<script>" + repeatTo(prose, size-8)
			} else {
				text = repeatTo(sh.unit, size)
			}
			b.Run(fmt.Sprintf("%s/%dMiB", sh.name, size>>20), func(b *testing.B) {
				benchmarkScan(b, text)
			})
		}
	}
}

// BenchmarkScanGoDocsHidden is BenchmarkScanGoDocs with a zero-width space
// every 64 KiB or so: every segment of §5 holds one, so each is read
// through a view without it.
func BenchmarkScanGoDocsHidden(b *testing.B) {
	s, err := benchtext.GoDocs()
	if err != nil {
		b.Fatal(err)
	}
	var sb strings.Builder
	for len(s) > 64<<10 {
		cut := 64 << 10
		for s[cut]&0xC0 == 0x80 {
			cut++
		}
		sb.WriteString(s[:cut])
		sb.WriteString("\u200b")
		s = s[cut:]
	}
	sb.WriteString(s)
	benchmarkScan(b, sb.String())
}

// BenchmarkScanCorpus scans the texts of bench/mkcorpus (benchtext.Corpus:
// real English prose, multilingual prose, real HTML, each with a hidden
// character every 100 KB), 32 MiB each, in the Spec profile: without the
// sanitized copy (omit) and with it (sanitized). Run with GOMAXPROCS=1 for
// one core (issue 19's in-process targets are one core's).
func BenchmarkScanCorpus(b *testing.B) {
	for _, kind := range []string{benchtext.Prose, benchtext.Multilingual, benchtext.HTML} {
		text, err := benchtext.Corpus(kind, 32<<20, 100<<10)
		if err != nil {
			b.Fatal(err)
		}
		for _, omit := range []bool{true, false} {
			name := kind + "/sanitized"
			if omit {
				name = kind + "/omit"
			}
			b.Run(name, func(b *testing.B) {
				b.SetBytes(int64(len(text)))
				b.ReportAllocs()
				for b.Loop() {
					if _, err := Scan(text, &Options{OmitSanitized: omit}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkScanReal scans the real texts of issue 33, item 1 (benchtext:
// the Go distribution's comments, Vim's tutors in every language, the Rust
// toolchain's HTML documentation; each with a hidden character every
// 100 KB), 32 MiB each, as plainsight scan --format text does: ScanFile,
// the Strict profile, no sanitized copy, 4 KiB of a blob's decoded text. A
// machine without one of the texts fails the benchmark, naming it. Run
// with GOMAXPROCS=1 for one core.
func BenchmarkScanReal(b *testing.B) {
	for _, kind := range []string{benchtext.Prose, benchtext.Tutors, benchtext.RustHTML} {
		b.Run(kind, func(b *testing.B) {
			text, err := benchtext.Corpus(kind, 32<<20, 100<<10)
			if err != nil {
				b.Fatal(err)
			}
			opts := &Options{OmitSanitized: true, Profile: Strict, MaxDecoded: 4 << 10}
			b.SetBytes(int64(len(text)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := ScanFile(text, opts); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
