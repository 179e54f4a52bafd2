package shield

import (
	"context"

	"github.com/plainsight/plainsight/internal/secret"
)

// secretsDetector adds the secrets signals: credential formats (see
// package internal/secret for the rules — gitleaks' and the package's own —
// and docs/judgement/secrets.md for their measurements), in the text and
// in the input's decoded base64 payloads.
type secretsDetector struct{}

func (secretsDetector) detect(_ context.Context, in *input, add func(hit)) error {
	in.alsoEscaped(func(text string, add func(hit)) {
		secret.Find(text, func(f secret.Finding) {
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
