package extclass

import (
	"strings"
	"testing"
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
