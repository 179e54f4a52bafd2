package shield

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"strings"

	"github.com/plainsight/plainsight/internal/secret"
	"github.com/plainsight/plainsight/shield/internal/urlhost"
)

// secretsDetector adds the secrets signals: credential formats (see
// package internal/secret for the rules — gitleaks' and the package's own —
// and docs/judgement/secrets.md for their measurements), in the text and
// in the input's decoded base64 payloads.
type secretsDetector struct{}

func (secretsDetector) detect(_ context.Context, in *input, add func(hit)) error {
	in.alsoEscaped(func(text string, add func(hit)) {
		secret.Find(text, func(f secret.Finding) {
			if f.Rule == "jwt" && jwtToIssuer(text, f.Start, f.End) {
				return
			}
			add(hit{class: Secrets, kind: f.Rule, conf: f.Confidence, start: f.Start, end: f.End})
		})
	}, add)
	// A credential inside a base64 payload (an encoded .env, a config
	// blob) is the same credential; its signal spans the payload.
	for _, b := range in.decoded {
		secret.Find(b.text, func(f secret.Finding) {
			add(hit{class: Secrets, kind: "base64:" + f.Rule, conf: f.Confidence, start: b.start, end: b.end})
		})
	}
	// The shorter base64, hex, percent-encoded and gzip runs of egress.go:
	// a credential spelled so that a filter does not see it, or data
	// spelled into a DNS label ("6177735f….x.example-ns.net": the label
	// decodes to text, which a host name's label does not).
	for _, b := range in.egress {
		secret.Find(b.text, func(f secret.Finding) {
			add(hit{class: Secrets, kind: "encoded:" + f.Rule, conf: f.Confidence, start: b.start, end: b.end})
		})
		if b.dnsLabel {
			add(hit{class: Secrets, kind: "dns_label_payload", conf: dnsLabelConfidence, start: b.start, end: b.end})
		}
	}
	return nil
}

// dnsLabelConfidence is the confidence of a DNS label that decodes to
// text: below the block threshold, since a label that happens to decode
// is rare but not impossible.
const dnsLabelConfidence = 0.75

// jwtToIssuer reports whether the JWT at text[start:end] is a bearer token
// on its way to the service that issued it (issue 27, agent egress: "JWTs
// in Authorization headers to the issuer" are what every API call sends):
// "Bearer " stands right before it, its payload names an issuer (iss)
// with a host, and a URL of the same text goes to that host's registrable
// domain. A JWT without an issuer, or sent anywhere else, stays a signal.
// It reads at most the 4 KiB of the token's payload and the text's URLs
// once.
func jwtToIssuer(text string, start, end int) bool {
	before := strings.ToLower(strings.TrimRight(text[max(0, start-8):start], " \t"))
	if !strings.HasSuffix(before, "bearer") {
		return false
	}
	parts := strings.SplitN(text[start:end], ".", 3)
	if len(parts) < 2 || len(parts[1]) > 4<<10 {
		return false
	}
	payload, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(parts[1], "="))
	if err != nil {
		return false
	}
	var claims struct {
		Iss string `json:"iss"`
	}
	if json.Unmarshal(payload, &claims) != nil || claims.Iss == "" {
		return false
	}
	iss := claims.Iss
	if _, rest, ok := strings.Cut(iss, "://"); ok {
		iss = rest
	}
	if k := strings.IndexAny(iss, "/?#"); k >= 0 {
		iss = iss[:k]
	}
	ih := urlhost.Parse(stripPort(iss))
	if !ih.OK || ih.Name == "" {
		return false
	}
	want := urlhost.Registrable(ih.Name)
	found := false
	findURLs(text, func(u foundURL) {
		if h := urlhost.Parse(u.host); !found && h.OK && h.Name != "" && urlhost.Registrable(h.Name) == want {
			found = true
		}
	})
	return found
}
