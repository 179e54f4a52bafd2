package b64

import (
	"strings"
	"testing"
)

var (
	benchProse = strings.Repeat(`The scanner reads text that an agent did not write: tool descriptions,
skill files, email bodies and web pages, at https://example.com/docs/scan and elsewhere.
`, 1<<20/150)
	// benchHeavy is half base64 blobs (wrapped at 76 columns), half prose.
	benchHeavy = func() string {
		blob := enc([]byte(strings.Repeat("Attachment content: quarterly figures, see the table. ", 40)))
		var b strings.Builder
		for b.Len() < 1<<20 {
			b.WriteString("Here is the attachment you asked for, encoded as the mail client sent it:\n")
			for i := 0; i < len(blob); i += 76 {
				b.WriteString(blob[i:min(i+76, len(blob))])
				b.WriteString("\r\n")
			}
			b.WriteString(strings.Repeat("Regards, and thank you for the quick reply to my question. ", 30))
		}
		return b.String()
	}()
)

func benchmarkFind(b *testing.B, text string) {
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		Find(text)
	}
}

func BenchmarkFindProse(b *testing.B) { benchmarkFind(b, benchProse) }
func BenchmarkFindHeavy(b *testing.B) { benchmarkFind(b, benchHeavy) }
func BenchmarkFindHostile(b *testing.B) {
	benchmarkFind(b, strings.Repeat(strings.Repeat("Q", 47)+".", 1<<20/48))
}
