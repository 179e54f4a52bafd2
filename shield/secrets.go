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
	return nil
}
