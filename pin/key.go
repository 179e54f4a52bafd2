package pin

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"net/url"
	"strings"
	"unicode/utf8"

	"github.com/plainsight/plainsight/internal/canon"
	"github.com/plainsight/plainsight/store"
)

// StdioKey is the key of an upstream started as a child process: "stdio:"
// and the canonical JSON array [command, args…]. The environment is not
// part of it (it may hold secrets, and two clients passing one server
// different variables run one server). A key that would be longer than
// [store.PinKeyMaxBytes], or whose command or arguments are not UTF-8, is
// "stdio:sha256:" and the hex SHA-256 of the array instead (of each
// string's length and bytes, when not UTF-8): still one key per command
// line, of a bounded length.
func StdioKey(command string, args []string) string {
	b := []byte("stdio:[")
	ok := true
	for i, s := range append([]string{command}, args...) {
		if i > 0 {
			b = append(b, ',')
		}
		var err error
		if b, err = canon.AppendString(b, s); err != nil {
			ok = false
			break
		}
	}
	b = append(b, ']')
	if ok && len(b) <= store.PinKeyMaxBytes {
		return string(b)
	}
	h := sha256.New()
	if ok {
		h.Write(b[len("stdio:"):])
	} else {
		for _, s := range append([]string{command}, args...) {
			h.Write(binary.BigEndian.AppendUint64(nil, uint64(len(s))))
			h.Write([]byte(s))
		}
	}
	return "stdio:sha256:" + hex.EncodeToString(h.Sum(nil))
}

// URLKey is the key of an upstream reached over HTTP (Streamable HTTP or
// SSE): "url:" and the URL without its userinfo and fragment, its scheme
// and host in lower case, a default port (80 for http, 443 for https)
// dropped and an empty path written "/". The query is kept: it often
// selects what the server serves, so two queries are two upstreams —
// and a token carried in the query is therefore part of the key (the
// store is local; prefer a header, which is never part of it). A URL that
// does not parse, or whose key would be longer than
// [store.PinKeyMaxBytes] or not UTF-8 (a raw byte in the query), is
// "url:sha256:" and the hex SHA-256 of the text (of the form above when
// it parses), so that no userinfo is kept.
func URLKey(rawURL string) string {
	u, err := url.Parse(rawURL)
	if err != nil || u.Opaque != "" || u.Host == "" {
		sum := sha256.Sum256([]byte(rawURL))
		return "url:sha256:" + hex.EncodeToString(sum[:])
	}
	u.User = nil
	u.Fragment, u.RawFragment = "", ""
	u.Scheme = strings.ToLower(u.Scheme)
	u.Host = strings.ToLower(u.Host)
	if port := u.Port(); (u.Scheme == "http" && port == "80") || (u.Scheme == "https" && port == "443") {
		u.Host = strings.TrimSuffix(u.Host, ":"+port)
	}
	if u.Path == "" {
		u.Path, u.RawPath = "/", ""
	}
	u.ForceQuery = false
	key := "url:" + u.String()
	if len(key) > store.PinKeyMaxBytes || !utf8.ValidString(key) {
		sum := sha256.Sum256([]byte(u.String()))
		return "url:sha256:" + hex.EncodeToString(sum[:])
	}
	return key
}
