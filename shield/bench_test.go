package shield_test

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/plainsight/plainsight/internal/testkit/benchtext"
	"github.com/plainsight/plainsight/shield"
	"github.com/plainsight/plainsight/shield/receipt"
)

// benchContent is n bytes of tool output: prose with the things the
// detectors look at (URLs, an address, numbers, markup), and no secrets.
func benchContent(n int) string {
	const para = "The deploy finished at 14:02 and the service answered on https://status.example.org/api/v2 " +
		"with 200 OK. Contact the on-call engineer at oncall@example.com or open a ticket; " +
		"order 100234556789 shipped on 2026-11-30 <b>today</b>. Build 1.26.8 passed 4,212 tests in 38 s.\n"
	var b strings.Builder
	for b.Len() < n {
		b.WriteString(para)
	}
	return b.String()[:n]
}

// BenchmarkScan measures Scan with a signing key, reporting the 50th and
// 99th percentile of single calls besides the mean, in wall and in
// thread-CPU time (benchtext.PerCall says which is which).
func BenchmarkScan(b *testing.B) {
	ring, err := receipt.NewKeyRingFromSeed(bytes.Repeat([]byte{9}, 32))
	if err != nil {
		b.Fatal(err)
	}
	s, _ := shield.New(shield.Options{Signer: ring})
	for _, size := range []int{1 << 10, 16 << 10, 1 << 20} {
		content := benchContent(size)
		r := shield.Request{Content: content, Context: shield.Context{Source: shield.SourceToolOutput, Direction: shield.Inbound}}
		b.Run(fmt.Sprintf("%dKiB", size>>10), func(b *testing.B) {
			b.SetBytes(int64(size))
			b.ReportAllocs()
			benchtext.PerCall(b, func() {
				resp, err := s.Scan(context.Background(), r)
				if err != nil || resp.Receipt.Signature == "" {
					b.Fatal(err)
				}
			})
		})
	}
}

// BenchmarkScanHostile runs Scan on 1 MiB texts built against each
// detector's scanning loop: every one must stay linear.
func BenchmarkScanHostile(b *testing.B) {
	for _, c := range []struct{ name, unit string }{
		{"nested-urls", "http://a/"},
		{"schemes", "postgres://"},
		{"jwt-prefixes", "eyJ."},
		{"pem-headers", "-----BEGIN RSA PRIVATE KEY-----\n"},
		{"digit-groups", "4111 "},
		{"at-signs", "a@"},
		{"iban-starts", "DE89"},
		{"dotted-numbers", "1."},
		{"brackets", "http://["},
		{"tag-characters", "\U000E0041"},
	} {
		text := strings.Repeat(c.unit, (1<<20)/len(c.unit))
		r := shield.Request{Content: text, Context: shield.Context{Source: shield.SourceWeb, Direction: shield.Inbound}}
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			for b.Loop() {
				if _, err := shield.Scan(context.Background(), r); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkScanCorpora runs Scan (unsigned) on 1 MiB of clean English
// prose, of multilingual prose, and on the shared HTML email and
// half-base64 texts of internal/testkit/benchtext.
func BenchmarkScanCorpora(b *testing.B) {
	multilingual := "Ο πράκτορας διαβάζει το μήνυμα. Агент читает письмо и отвечает. 代理读取邮件并回复。" +
		"الوكيل يقرأ الرسالة. एजेंट संदेश पढ़ता है। L'agent lit le message 📬 et répond. "
	for _, c := range []struct{ name, text string }{
		{"english", benchContent(1 << 20)},
		{"multilingual", strings.Repeat(multilingual, (1<<20)/len(multilingual))},
		{"email-html", benchtext.Email()},
		{"half-base64", benchtext.Base64Heavy()},
	} {
		r := shield.Request{Content: c.text, Context: shield.Context{Source: shield.SourceEmail, Direction: shield.Inbound}}
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(c.text)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := shield.Scan(context.Background(), r); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
