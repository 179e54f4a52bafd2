package shield

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/plainsight/plainsight/markup"
	"github.com/plainsight/plainsight/scan"
)

// SignatureMatcher finds community attack signatures (package signature,
// the Shield Method) in content, for the prompt_injection class. Matches
// must lie within the content; an error fails the scan.
type SignatureMatcher interface {
	MatchSignatures(ctx context.Context, content string) ([]SignatureMatch, error)
}

// SignatureMatch is one signature found in content.
type SignatureMatch struct {
	// ID is the signature's stable id; the signal's kind is "signature:"
	// and ID.
	ID string
	// ByteStart and ByteEnd are the span in the content's bytes.
	ByteStart, ByteEnd int
	// Confidence is the signature's calibrated confidence, in (0,1].
	Confidence float64
}

// ErrSignatureMatch is returned (wrapped) when a SignatureMatcher reports a
// match outside the content or with a confidence outside (0,1].
var ErrSignatureMatch = errors.New("shield: invalid signature match")

// Confidences of the prompt_injection signals, from the calibration (the
// README's table): how often a text with the signal was an injection in
// the labelled set, tempered by how often it appears in benign prose.
var injectionConfidence = map[string]float64{
	"scan:unicode_tag":          0.9,
	"scan:bidi_control":         0.5,
	"scan:zero_width":           0.15,
	"scan:zero_width_run":       0.5,
	"scan:control_char":         0.2,
	"scan:private_use":          0.1,
	"scan:unassigned_codepoint": 0.15,

	"hidden_markup:" + markup.HTMLComment.String():     0.1,
	"hidden_markup:" + markup.MarkdownComment.String(): 0.2,
	"hidden_markup:" + markup.CSSHideRule.String():     0.3,
	"hidden_markup:" + markup.HiddenElement.String():   0.4,

	"base64_text":             0.15,
	"mixed_script_confusable": 0.25,

	"instruction_like:" + string(scan.IgnoreInstructions): 0.75,
	"instruction_like:" + string(scan.RevealInstructions): 0.7,
	"instruction_like:" + string(scan.SendToAddress):      0.6,
	"instruction_like:" + string(scan.AddressedToAI):      0.55,
	"instruction_like:" + string(scan.NewInstructions):    0.55,
	"instruction_like:" + string(scan.KeepSecret):         0.55,
	"instruction_like:" + string(scan.ImperativeAct):      0.55,
	"instruction_like:" + string(scan.ImperativeDisclose): 0.5,
	"instruction_like:" + string(scan.BeforeAnswering):    0.5,
	"instruction_like:" + string(scan.OwnInstructions):    0.45,

	// Instructions that a reader cannot see: inside hidden markup, written
	// in tag characters, or inside a base64 payload.
	"hidden_instructions": 0.95,
}

// injectionDetector adds the prompt_injection signals: the deterministic
// findings and §5 heuristics of package scan (the input's findings),
// instructions hidden from a reader, and community signature matches.
type injectionDetector struct {
	// signatures, when set, adds community signature matches.
	signatures SignatureMatcher
}

func (d injectionDetector) detect(ctx context.Context, in *input, addHit func(hit)) error {
	text := in.text
	add := func(kind string, start, end int) {
		addHit(hit{class: PromptInjection, kind: kind, conf: injectionConfidence[kind], start: start, end: end})
	}
	var hidden [][2]int // spans a reader does not see
	for _, f := range in.findings {
		switch {
		case f.Class == scan.HiddenMarkup:
			add("hidden_markup:"+f.Kind.String(), f.ByteStart, f.ByteEnd)
			hidden = append(hidden, [2]int{f.ByteStart, f.ByteEnd})
		case f.Class == scan.Base64Blob:
			if f.Opaque {
				continue // an image or an archive: not text a model reads
			}
			// Base64 that decodes to plain text (a JWT's JSON, a data
			// file) is common and harmless; one whose text holds a
			// finding is a payload worth a signal.
			if len(f.DecodedFindings) > 0 {
				add("base64_text", f.ByteStart, f.ByteEnd)
			}
			if instructive(f.DecodedFindings) {
				add("hidden_instructions", f.ByteStart, f.ByteEnd)
			}
		case f.Class == scan.InstructionLike:
			add("instruction_like:"+string(f.Pattern), f.ByteStart, f.ByteEnd)
		case f.Class == scan.MixedScriptConfusable:
			add("mixed_script_confusable", f.ByteStart, f.ByteEnd)
		case f.Class == scan.ZeroWidth && len(f.Codepoints) > 0 && f.End-f.Start >= 3:
			add("scan:zero_width_run", f.ByteStart, f.ByteEnd)
		case f.Class == scan.UnicodeTag:
			add("scan:unicode_tag", f.ByteStart, f.ByteEnd)
			hidden = append(hidden, [2]int{f.ByteStart, f.ByteEnd})
			if tagInstructions(text[f.ByteStart:f.ByteEnd]) {
				add("hidden_instructions", f.ByteStart, f.ByteEnd)
			}
		default:
			add("scan:"+string(f.Class), f.ByteStart, f.ByteEnd)
		}
	}
	for _, f := range in.findings {
		if f.Class != scan.InstructionLike {
			continue
		}
		for _, h := range hidden {
			if h[0] <= f.ByteStart && f.ByteEnd <= h[1] {
				add("hidden_instructions", f.ByteStart, f.ByteEnd)
				break
			}
		}
	}
	if d.signatures == nil {
		return nil
	}
	ms, err := d.signatures.MatchSignatures(ctx, text)
	if err != nil {
		return fmt.Errorf("shield: signature matcher: %w", err)
	}
	for _, m := range ms {
		if m.ByteStart < 0 || m.ByteEnd > len(text) || m.ByteStart > m.ByteEnd || !(m.Confidence > 0 && m.Confidence <= 1) {
			return fmt.Errorf("%w: %q [%d,%d) confidence %v", ErrSignatureMatch, m.ID, m.ByteStart, m.ByteEnd, m.Confidence)
		}
		addHit(hit{class: PromptInjection, kind: "signature:" + m.ID, conf: m.Confidence, start: m.ByteStart, end: m.ByteEnd})
	}
	return nil
}

// instructive reports whether a decoded payload's findings include §5
// instructions or invisible tag characters.
func instructive(fs []scan.Finding) bool {
	for _, f := range fs {
		if f.Class == scan.InstructionLike || f.Class == scan.UnicodeTag {
			return true
		}
	}
	return false
}

// tagInstructions decodes a run of tag characters (U+E0020–U+E007E mirror
// ASCII: the "ASCII smuggling" of invisible prompts) and reports whether
// the text they spell holds a §5 instruction.
func tagInstructions(run string) bool {
	var b strings.Builder
	for _, r := range run {
		if r >= 0xE0020 && r <= 0xE007E {
			b.WriteRune(r - 0xE0000)
		}
	}
	if b.Len() < 8 {
		return false
	}
	res, err := scan.Scan(b.String(), &scan.Options{OmitSanitized: true})
	return err == nil && res.HeuristicCount > 0 && instructive(res.Findings)
}
