package server

import (
	"github.com/plainsight/plainsight/internal/canon"
	"github.com/plainsight/plainsight/scan"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
)

// benchText is about 4 KB of prose with a zero-width space after every
// sixth sentence (eleven), as the inside of a JSON string.
func benchText() string {
	var b strings.Builder
	for i := 0; b.Len() < 4096; i++ {
		b.WriteString("The forecast for city number " + strconv.Itoa(i) + " is sunny with light wind. ")
		if i%6 == 5 {
			b.WriteString(`\u200b`)
		}
	}
	return b.String()
}

// BenchmarkScanRoute is POST /v1/security/scan of a 4 KB text through the
// handler, decode to answer, without a network.
func BenchmarkScanRoute(b *testing.B) {
	h := New(Config{RateLimit: RateLimit{PerSecond: -1}}) // one client, many requests
	body := `{"text": "` + benchText() + `"}`
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("POST", "/v1/security/scan", strings.NewReader(body)))
		if w.Code != http.StatusOK {
			b.Fatal(w.Code)
		}
	}
}

// BenchmarkShieldRoute is POST /v2/scan of the same text.
func BenchmarkShieldRoute(b *testing.B) {
	h := New(Config{RateLimit: RateLimit{PerSecond: -1}}) // one client, many requests
	body := `{"content": "` + benchText() + `", "context": {"source": "web", "direction": "inbound"}}`
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("POST", "/v2/scan", strings.NewReader(body)))
		if w.Code != http.StatusOK {
			b.Fatal(w.Code)
		}
	}
}

// BenchmarkScanDirect is scan.Scan of the same text, the work the route
// wraps: the pair gives the route's overhead (decode, encode, log).
func BenchmarkScanDirect(b *testing.B) {
	v, err := canon.Parse([]byte(`"`+benchText()+`"`), canon.Limits{})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := scan.Scan(v.Str, nil); err != nil {
			b.Fatal(err)
		}
	}
}
