package scan

import (
	"strings"
	"testing"

	"github.com/plainsight/plainsight/internal/benchtext"
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
