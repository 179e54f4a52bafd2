package extclass

import (
	"strings"
	"testing"

	"github.com/plainsight/plainsight/internal/testkit/benchtext"
)

var benchMultilingual = strings.Repeat(`Ο σαρωτής διαβάζει κείμενο που δεν έγραψε ο πράκτορας.
Сканер читает текст, который агент не писал, и сообщает о каждом символе.
扫描器读取代理没有编写的文本，并报告每一个不可见字符的位置。
يقرأ الماسح النص الذي لم يكتبه الوكيل ويبلغ عن كل حرف غير مرئي.
स्कैनर वह पाठ पढ़ता है जो एजेंट ने नहीं लिखा, और हर अदृश्य वर्ण की रिपोर्ट करता है।
Le scanner lit le texte qu’un agent n’a pas écrit — et signale chaque caractère. ✅ 🙂
`, 2000)

func BenchmarkChars(b *testing.B) {
	b.SetBytes(int64(len(benchMultilingual)))
	for b.Loop() {
		Chars(benchMultilingual, 1000)
	}
}

var benchEnglish = strings.Repeat(`The scanner reads text that an agent did not write: tool descriptions,
skill files, email bodies and web pages. It reports every run of invisible
characters with its position, so a reviewer can see what the agent would see.
`, 5000)

func BenchmarkCharsEnglish(b *testing.B) {
	b.SetBytes(int64(len(benchEnglish)))
	for b.Loop() {
		Chars(benchEnglish, 1000)
	}
}

// BenchmarkCorpus runs each finder over 2 MiB of each corpus of
// benchtext (multilingual prose, real English prose, real HTML, a hidden
// character every 100 KB): the texts whose cost the Strict profile's
// search adds to a scan.
func BenchmarkCorpus(b *testing.B) {
	finders := []struct {
		name string
		find func(string) int
	}{
		{"chars", func(s string) int { _, n := Chars(s, 1000); return n }},
		{"refs", func(s string) int { _, n := References(s, 1000); return n }},
		{"latex", func(s string) int { _, n := LaTeX(s, 1000); return n }},
	}
	for _, kind := range []string{benchtext.Multilingual, benchtext.Prose, benchtext.HTML} {
		text, err := benchtext.Corpus(kind, 2<<20, 100<<10)
		if err != nil {
			b.Fatal(err)
		}
		for _, f := range finders {
			b.Run(kind+"/"+f.name, func(b *testing.B) {
				b.SetBytes(int64(len(text)))
				for b.Loop() {
					f.find(text)
				}
			})
		}
	}
}
