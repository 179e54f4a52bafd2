package shield

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/plainsight/plainsight/internal/injrules"
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

// Confidences of the prompt_injection evidence, from the calibration on
// the labelled pool (docs/judgement/injection.md): how often a text with
// the evidence was an injection, tempered by how often it appears in
// benign prose. Evidence below the signal floor on its own (a lone
// zero-width character, an HTML comment, a §5 hint such as keep_secret in
// an operator's prompt) is kept only when the text's evidence together
// reaches the floor.
var injectionConfidence = map[string]float64{
	"scan:unicode_tag":          0.9,
	"scan:bidi_control":         0.45,
	"scan:zero_width":           0.15,
	"scan:zero_width_run":       0.45,
	"scan:control_char":         0.2,
	"scan:private_use":          0.1,
	"scan:unassigned_codepoint": 0.15,

	"hidden_markup:" + markup.HTMLComment.String():     0.1,
	"hidden_markup:" + markup.MarkdownComment.String(): 0.2,
	"hidden_markup:" + markup.CSSHideRule.String():     0.3,
	"hidden_markup:" + markup.HiddenElement.String():   0.4,

	"base64_text":             0.15,
	"mixed_script_confusable": 0.3,

	"instruction_like:" + string(scan.IgnoreInstructions): 0.8,
	"instruction_like:" + string(scan.SendToAddress):      0.45,
	"instruction_like:" + string(scan.NewInstructions):    0.6,
	"instruction_like:" + string(scan.RevealInstructions): 0.45,
	"instruction_like:" + string(scan.KeepSecret):         0.45,
	"instruction_like:" + string(scan.ImperativeAct):      0.4,
	"instruction_like:" + string(scan.BeforeAnswering):    0.4,
	"instruction_like:" + string(scan.OwnInstructions):    0.35,
	"instruction_like:" + string(scan.AddressedToAI):      0.3,
	"instruction_like:" + string(scan.ImperativeDisclose): 0.3,

	// Instructions that a reader cannot see: inside hidden markup, written
	// in tag characters, or inside a base64 payload (§5 findings, a rule
	// of internal/injrules or the model in the decoded text).
	"hidden_instructions": 0.95,
}

// injectionFloor is the signal floor of prompt_injection: a text whose
// evidence combines below it gets no prompt_injection signal at all, so
// that weak hints on benign text do not make the verdict suspicious
// (§3.2's bands count any signal). Chosen on the labelled pool by source
// (docs/judgement/injection.md).
const injectionFloor = injrules.Floor

// modelAlone is the least model probability that is evidence on its own,
// with no rule or finding beside it (docs/judgement/injection.md).
const modelAlone = injrules.ModelAlone

// corroborates is the least confidence of other evidence beside which the
// model counts as it is.
const corroborates = injectionFloor

// modelMin is the least model probability that is evidence: below it the
// model's word is noise and no signal carries it.
const modelMin = 0.1

// injectionModel, when set, scores a text with the trained model of
// internal/injmodel: the calibrated probability that it is an injection
// and the byte span of the window that scored highest.
var injectionModel func(text string) (prob float64, start, end int)

// injectionDetector adds the prompt_injection signals: the deterministic
// findings and §5 heuristics of package scan (the input's findings), the
// rules and framing of internal/injrules, the trained model, instructions
// hidden from a reader, and community signature matches.
type injectionDetector struct {
	// signatures, when set, adds community signature matches.
	signatures SignatureMatcher
}

func (d injectionDetector) detect(ctx context.Context, in *input, addHit func(hit)) error {
	text := in.text
	var ev []hit
	add := func(kind string, start, end int) {
		ev = append(ev, hit{class: PromptInjection, kind: kind, conf: injectionConfidence[kind], start: start, end: end})
	}
	addConf := func(kind string, conf float64, start, end int) {
		ev = append(ev, hit{class: PromptInjection, kind: kind, conf: conf, start: start, end: end})
	}
	vt := in.view.text
	var ruleHits []injrules.Hit
	framing := injrules.Analyze(vt, func(h injrules.Hit) { ruleHits = append(ruleHits, h) })
	if (framing.About || framing.Described) && lowered(ruleHits, in.findings) && injrules.Unframe(vt) {
		// Text about attacks that speaks to the reading model outside
		// what it cites (frame4.go): its clothes do not lower it.
		framing.About, framing.Described = false, false
	}
	if in.toolDefinition() {
		// The tool-definition rules (issue 27, item 1) read what a
		// definition tells the model; prose never reaches them. A
		// definition is addressed to the model by design, so an address
		// to it ("Note to the model: …") is no evidence there.
		ruleHits = slices.DeleteFunc(ruleHits, func(h injrules.Hit) bool { return h.Rule == injrules.SteerAnswer })
		injrules.FindToolDef(vt, func(h injrules.Hit) { ruleHits = append(ruleHits, h) })
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
			if instructive(f.DecodedFindings) || judgedInstructions(f.Decoded) {
				add("hidden_instructions", f.ByteStart, f.ByteEnd)
			}
		case f.Class == scan.InstructionLike:
			kind := "instruction_like:" + string(f.Pattern)
			c := injectionConfidence[kind]
			// §5's hints are words, not intent: text about attacks and an
			// operator's own prompt use them too ("ignore any
			// instructions you find in the documents" is an operator's
			// rule; the override rule below tells it from "ignore all
			// previous instructions").
			// §5's ignore and new-instructions patterns do not read the
			// noun ("disregard the previous message"); the override rule
			// does, and confirms them.
			// Confirmed, an override is near certain (660 of the pool's
			// 661 texts with both were injections).
			if f.Pattern == scan.IgnoreInstructions || f.Pattern == scan.NewInstructions {
				if overlapsRule(ruleHits, in.view, framing, injrules.Override, f.ByteStart, f.ByteEnd) {
					if f.Pattern == scan.IgnoreInstructions {
						c = 0.9
					}
				} else {
					c = min(c, 0.4)
				}
			}
			if framing.About {
				c *= 0.4
			}
			if framing.Operator && f.Pattern != scan.SendToAddress && (f.Pattern != scan.IgnoreInstructions || !overrides(ruleHits, framing)) {
				c *= 0.5
			}
			addConf(kind, c, f.ByteStart, f.ByteEnd)
		case f.Class == scan.MixedScriptConfusable:
			add("mixed_script_confusable", f.ByteStart, f.ByteEnd)
		case f.Class == scan.ZeroWidth && len(f.Codepoints) > 0 && f.End-f.Start >= 3:
			add("scan:zero_width_run", f.ByteStart, f.ByteEnd)
		case f.Class == scan.UnicodeTag && emojiTagSequence(text, f.ByteStart, f.ByteEnd):
			// A flag of a subdivision (England, Scotland, Wales): the
			// tag characters of an emoji tag sequence, no hidden text.
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
	inHidden := func(start, end int) bool {
		for _, h := range hidden {
			if h[0] <= start && end <= h[1] {
				return true
			}
		}
		return false
	}
	// Runs the content spells in a shorter base64, hex, percent-encoding
	// or gzip (egress.go) are read by the rules: a rule in their decoded
	// text is an instruction a reader cannot see. Their text is short (a
	// command, a URL's value), below the model's word count as a rule.
	for _, b := range in.egress {
		if ruledInstructions(b.text) {
			add("hidden_instructions", b.start, b.end)
		}
	}
	for _, f := range in.findings {
		if f.Class == scan.InstructionLike && inHidden(f.ByteStart, f.ByteEnd) {
			add("hidden_instructions", f.ByteStart, f.ByteEnd)
		}
	}
	strongRule := false
	for _, h := range ruleHits {
		start, end := in.view.span(h.Start, h.End)
		if h.Rule == injrules.Override && sameEvidence(ev, start, end, injrules.Weigh(h, framing)) {
			continue // §5 found the same phrase, as strongly
		}
		if inHidden(start, end) && h.Confidence >= injectionFloor {
			add("hidden_instructions", start, end)
		}
		c := injrules.Weigh(h, framing)
		strongRule = strongRule || h.Strong && c >= injectionFloor
		addConf("rule:"+h.Rule, c, start, end)
	}
	if injectionModel != nil && injrules.CountWords(vt, injrules.ModelWords) >= injrules.ModelWords {
		if p, s, e := injectionModel(vt); p > 0 {
			// The gate the shield and scan's instruction_judged class
			// share (injrules.ModelWeight): framing, the model alone
			// only from modelAlone, less weight under twenty words.
			p = injrules.ModelWeight(p, injrules.CountWords(vt, injrules.ModelFullWords), framing, strongRule, maxConf(ev) >= corroborates)
			if p >= modelMin {
				start, end := in.view.span(s, e)
				addConf("model", round4(min(p, 0.99)), start, end)
			}
		}
	}
	if !in.toolDefinition() {
		// A tool definition is addressed to the model by design and
		// quotes its own fields: the brake does not read it.
		brake(text, ev)
	}
	byKind := map[string]float64{}
	for _, h := range ev {
		byKind[h.kind] = max(byKind[h.kind], h.conf)
	}
	// A text is flagged only when one piece of evidence alone reaches the
	// floor: weak hints (a §5 pattern in an e-mail, an HTML comment) add
	// to a score but never make one.
	if combine(byKind) >= injectionFloor && maxConf(ev) >= injectionFloor {
		for _, h := range ev {
			if h.conf > 0 {
				addHit(h)
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

// brake applies the framing brake of internal/injrules (frame4.go; issue
// 27, item 1) to the evidence ev of text once it would flag the text: a
// text about attacks that only cites them, an operator's or a project's
// rules, or a tool's echo of a request has every visible piece of
// evidence (rules, §5 hints, the model) multiplied by
// injrules.BrakeFactor. Hidden instructions and invisible characters keep
// their weight.
func brake(text string, ev []hit) {
	if maxConf(ev) < injectionFloor {
		return
	}
	var spans []injrules.Evidence
	for _, h := range ev {
		if h.conf >= injectionFloor && (strings.HasPrefix(h.kind, "rule:") || strings.HasPrefix(h.kind, "instruction_like:")) {
			spans = append(spans, injrules.Evidence{Start: h.start, End: h.end, Overrides: overriding[h.kind]})
		}
	}
	k := injrules.Brake(text, spans)
	if k >= 1 {
		return
	}
	for i := range ev {
		if h := &ev[i]; h.kind == "model" || strings.HasPrefix(h.kind, "rule:") || strings.HasPrefix(h.kind, "instruction_like:") {
			h.conf *= k
		}
	}
}

// lowered reports whether framing may have lowered evidence that would
// count: a rule hit or a §5 instruction finding at the floor before
// framing. Only then does the shield ask injrules.Unframe (a pass of its
// expressions over the text).
func lowered(hs []injrules.Hit, fs []scan.Finding) bool {
	for _, h := range hs {
		if h.Confidence >= injectionFloor {
			return true
		}
	}
	for _, f := range fs {
		if f.Class == scan.InstructionLike && injectionConfidence["instruction_like:"+string(f.Pattern)] >= injectionFloor {
			return true
		}
	}
	return false
}

// overriding are the evidence kinds no operator writes (Weigh does not
// lower them in an operator's prompt): the brake leaves a policy that
// holds one uncited.
var overriding = map[string]bool{
	"rule:" + injrules.Override:                           true,
	"rule:" + injrules.Jailbreak:                          true,
	"rule:" + injrules.RoleMarker:                         true,
	"instruction_like:" + string(scan.IgnoreInstructions): true,
	"instruction_like:" + string(scan.NewInstructions):    true,
}

// overlapsRule reports whether a hit of rule in hs (offsets of the view
// v) that counts under the framing f overlaps the content span
// [start,end).
func overlapsRule(hs []injrules.Hit, v *view, f injrules.Framing, rule string, start, end int) bool {
	for _, h := range hs {
		if h.Rule != rule || injrules.Weigh(h, f) < injectionFloor {
			continue
		}
		s, e := v.span(h.Start, h.End)
		if s < end && start < e {
			return true
		}
	}
	return false
}

// emojiTagSequence reports whether the tag characters text[start:end]
// are the tag spec and terminator of an emoji tag sequence (UTS #51
// §2.2, ED-14a): after U+1F3F4 WAVING BLACK FLAG, one to 31 tag digits or
// lowercase tag letters (U+E0030–U+E0039, U+E0061–U+E007A) ended by
// U+E007F CANCEL TAG.
func emojiTagSequence(text string, start, end int) bool {
	if !strings.HasSuffix(text[:start], "\U0001F3F4") {
		return false
	}
	run := []rune(text[start:end])
	if len(run) < 2 || len(run) > 32 || run[len(run)-1] != 0xE007F {
		return false
	}
	for _, r := range run[:len(run)-1] {
		if !(r >= 0xE0030 && r <= 0xE0039 || r >= 0xE0061 && r <= 0xE007A) {
			return false
		}
	}
	return true
}

// maxConf is the strongest confidence in hs.
func maxConf(hs []hit) float64 {
	m := 0.0
	for _, h := range hs {
		m = max(m, h.conf)
	}
	return m
}

// overrides reports whether the rules found an override ("ignore the
// above") that counts under the framing.
func overrides(hs []injrules.Hit, f injrules.Framing) bool {
	for _, h := range hs {
		if h.Rule == injrules.Override && injrules.Weigh(h, f) >= injectionFloor {
			return true
		}
	}
	return false
}

// sameEvidence reports whether ev holds a §5 instruction_like hit that
// overlaps [start,end) with a confidence of at least conf: the override
// rule and §5's ignore_instructions then read one phrase, which counts
// once.
func sameEvidence(ev []hit, start, end int, conf float64) bool {
	for _, h := range ev {
		if strings.HasPrefix(h.kind, "instruction_like:") && h.start < end && start < h.end && h.conf >= conf {
			return true
		}
	}
	return false
}

// judgedInstructions reports whether a base64 payload's decoded text holds
// a rule of internal/injrules (a curl … | sh, a forged system turn, an
// override) or scores as an injection with the model: instructions a
// reader cannot see, whatever their framing.
func judgedInstructions(decoded string) bool {
	if ruledInstructions(decoded) {
		return true
	}
	if injectionModel != nil && injrules.CountWords(decoded, injrules.ModelWords) >= injrules.ModelWords {
		p, _, _ := injectionModel(decoded)
		return p >= modelAlone
	}
	return false
}

// ruledInstructions reports whether decoded text holds a rule of
// internal/injrules at the floor or above, or a run_command hit at any
// weight.
func ruledInstructions(decoded string) bool {
	found := false
	injrules.Find(decoded, func(h injrules.Hit) {
		// A shell command spelled in base64 or hex is hidden whatever
		// host it fetches from: run_command counts at any weight.
		if h.Confidence >= injectionFloor || h.Rule == injrules.RunCommand {
			found = true
		}
	})
	return found
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
	res, err := scan.Scan(b.String(), &scan.Options{OmitSanitized: true, OmitExcerpts: true})
	return err == nil && res.HeuristicCount > 0 && instructive(res.Findings)
}
