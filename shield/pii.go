package shield

import (
	"context"

	"github.com/plainsight/plainsight/shield/internal/pii"
)

// piiDetector adds the pii signals: the recognizers of package
// shield/internal/pii (e-mail addresses of persons, phone numbers,
// payment cards, IBANs, national identifiers, passports, driving licences,
// bank accounts, postal addresses, wallet addresses and a person's IP
// address), each a format with its validator and context words;
// docs/judgement/pii.md lists them with their confidences.
type piiDetector struct{}

func (piiDetector) detect(_ context.Context, in *input, addHit func(hit)) error {
	in.alsoEscaped(func(text string, add func(hit)) {
		pii.Find(text, func(m pii.Match) {
			add(hit{class: PII, kind: m.Kind, conf: m.Confidence, start: m.Start, end: m.End})
		})
	}, addHit)
	return nil
}

func isDigit(b byte) bool { return '0' <= b && b <= '9' }
func isUpper(b byte) bool { return 'A' <= b && b <= 'Z' }
func isLower(b byte) bool { return 'a' <= b && b <= 'z' }
func isAlnum(b byte) bool { return isDigit(b) || isUpper(b) || isLower(b) }
