package shield

import "math"

// Class is one of the five score classes of §3.2.
type Class string

// The score classes of §3.2.
const (
	PromptInjection Class = "prompt_injection"
	SSRF            Class = "ssrf"
	Secrets         Class = "secrets"
	PII             Class = "pii"
	KnownBadURL     Class = "known_bad_url"
)

// Classes lists the five classes in the order of §3.2.
func Classes() []Class {
	return []Class{PromptInjection, SSRF, Secrets, PII, KnownBadURL}
}

// Scores holds one number in [0,1] per class (§3.2). The same type holds
// block thresholds.
type Scores struct {
	PromptInjection float64 `json:"prompt_injection"`
	SSRF            float64 `json:"ssrf"`
	Secrets         float64 `json:"secrets"`
	PII             float64 `json:"pii"`
	KnownBadURL     float64 `json:"known_bad_url"`
}

// Get returns the score of c, zero for an unknown class.
func (s Scores) Get(c Class) float64 {
	switch c {
	case PromptInjection:
		return s.PromptInjection
	case SSRF:
		return s.SSRF
	case Secrets:
		return s.Secrets
	case PII:
		return s.PII
	case KnownBadURL:
		return s.KnownBadURL
	}
	return 0
}

func (s *Scores) set(c Class, v float64) {
	switch c {
	case PromptInjection:
		s.PromptInjection = v
	case SSRF:
		s.SSRF = v
	case Secrets:
		s.Secrets = v
	case PII:
		s.PII = v
	case KnownBadURL:
		s.KnownBadURL = v
	}
}

// DefaultThresholds are the block thresholds the calibration chose (see
// docs/shield.md's calibration table): a class whose score reaches its
// threshold makes the verdict malicious.
var DefaultThresholds = Scores{
	PromptInjection: 0.85,
	SSRF:            0.85,
	Secrets:         0.85,
	PII:             0.85,
	KnownBadURL:     0.85,
}

// Signal is one piece of evidence behind a score: what was found (Kind, a
// stable id) and where, never the text itself. An extension of §3.2.
type Signal struct {
	Class Class `json:"class"`
	// Kind names the detector rule, e.g. "github_token", "card_number",
	// "instruction_like:ignore_instructions", "metadata_address".
	Kind string `json:"kind"`
	// Confidence is the calibrated confidence of this kind of signal.
	Confidence float64 `json:"confidence"`
	// Start and End are codepoint offsets in the content, [Start, End).
	Start int `json:"start"`
	End   int `json:"end"`
	// The same span in bytes of the content and in UTF-16 code units.
	ByteStart  int `json:"byte_start"`
	ByteEnd    int `json:"byte_end"`
	UTF16Start int `json:"utf16_start"`
	UTF16End   int `json:"utf16_end"`
	// Field (an extension, issue 27) is, for content that is a JSON object
	// or array (a tool definition), the RFC 6901 JSON Pointer of the JSON
	// string the span starts in, e.g. "/inputSchema/properties/path/description";
	// empty for other content and for a span that starts outside a string
	// the view reads (docs/judgement/tool-definitions.md).
	Field string `json:"field,omitempty"`
}

// maxScore keeps a score short of certainty: §3.2 forbids presenting a
// verdict as a guarantee.
const maxScore = 0.99

// combine turns the signals of one class into its score: the strongest
// confidence of each kind, combined as independent evidence
// (1 − Π(1 − c)), capped at 0.99 and rounded to four decimals. Several
// signals of one kind count once: a page of e-mail addresses is not more
// likely to hold one than a page with one.
func combine(byKind map[string]float64) float64 {
	p := 1.0
	for _, c := range byKind {
		p *= 1 - c
	}
	return round4(math.Min(1-p, maxScore))
}

func round4(v float64) float64 { return math.Round(v*10000) / 10000 }
