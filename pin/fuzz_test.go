package pin

import (
	"net/url"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/plainsight/plainsight/store"
)

// FuzzURLKey: whatever the text, the key is bounded, UTF-8, and holds no
// password of the URL's userinfo.
func FuzzURLKey(f *testing.F) {
	f.Add("https://user:pass@example.com:443/mcp?x=1#f")
	f.Add("http://[::1]:80")
	f.Add("://")
	f.Fuzz(func(t *testing.T, raw string) {
		k := URLKey(raw)
		if !strings.HasPrefix(k, "url:") || len(k) > store.PinKeyMaxBytes || !utf8.ValidString(k) {
			t.Fatalf("URLKey(%q) = %q", raw, k)
		}
		if u, err := url.Parse(raw); err == nil && u.User != nil {
			// A password written once in the text is not in the key.
			if p, ok := u.User.Password(); ok && len(p) >= 8 && strings.Count(raw, p) == 1 && strings.Contains(k, p) {
				t.Fatalf("URLKey(%q) = %q holds the password", raw, k)
			}
		}
		if k != URLKey(raw) {
			t.Fatal("not stable")
		}
	})
}
