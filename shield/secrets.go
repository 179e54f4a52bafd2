package shield

import (
	"context"

	"github.com/plainsight/plainsight/internal/secret"
)

// secrets adds the secrets signals: credential formats (see package
// internal/secret for the rules and the README for their calibration).
func (s *Scanner) secrets(_ context.Context, text string, c *collector) error {
	secret.Find(text, func(f secret.Finding) {
		c.add(hit{class: Secrets, kind: f.Rule, conf: f.Confidence, start: f.Start, end: f.End})
	})
	// A credential inside a base64 payload (an encoded .env, a config
	// blob) is the same credential; its signal spans the payload.
	for _, b := range c.decoded {
		secret.Find(b.text, func(f secret.Finding) {
			c.add(hit{class: Secrets, kind: "base64:" + f.Rule, conf: f.Confidence, start: b.start, end: b.end})
		})
	}
	return nil
}
