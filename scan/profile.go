package scan

import (
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/plainsight/plainsight/internal/extclass"
	"github.com/plainsight/plainsight/internal/ucd"
	"github.com/plainsight/plainsight/markup"
)

// Profile says how far a scan goes beyond the specification.
type Profile uint8

// The profiles.
const (
	// Spec is the specification exactly: the conformance mode, in which
	// every vector of the corpus's scan files runs. The zero value.
	Spec Profile = iota
	// Strict adds the extension classes and allow-rules of the package doc,
	// "Profiles".
	Strict
)

// ErrUnknownProfile is returned (wrapped) for an Options.Profile that is
// neither Spec nor Strict.
var ErrUnknownProfile = errors.New("unknown scan profile")

// String returns "spec" or "strict".
func (p Profile) String() string {
	switch p {
	case Spec:
		return "spec"
	case Strict:
		return "strict"
	}
	return fmt.Sprintf("Profile(%d)", uint8(p))
}

// ParseProfile returns the profile named "spec" or "strict".
func ParseProfile(name string) (Profile, error) {
	switch name {
	case "spec":
		return Spec, nil
	case "strict":
		return Strict, nil
	}
	return 0, fmt.Errorf("scan: profile %q: %w", name, ErrUnknownProfile)
}

// The extension classes of the Strict profile. Their findings have
// Extension true.
const (
	// VariationSelector is a run of variation selectors that modify
	// nothing.
	VariationSelector Class = "variation_selector"
	// InvisibleFormat is a run of invisible format characters outside §2.
	InvisibleFormat Class = "invisible_format"
	// InvisibleReference is a run of HTML character references or \u
	// escapes that decode to invisible codepoints.
	InvisibleReference Class = "invisible_reference"
)

var extClassNames = [...]Class{
	extclass.VariationSelector:  VariationSelector,
	extclass.InvisibleFormat:    InvisibleFormat,
	extclass.InvisibleReference: InvisibleReference,
}

var latexKinds = [...]markup.Kind{
	extclass.LaTeXColor:    markup.LaTeXColor,
	extclass.LaTeXFontSize: markup.LaTeXFontSize,
	extclass.LaTeXPhantom:  markup.LaTeXPhantom,
	extclass.LaTeXScale:    markup.LaTeXScale,
}

// runProfile is run, then, in Strict, the extension classes (searched
// beside it, see extensionsBeside) and allow-rules.
func runProfile(s string, isWTF8 bool, o options) *Result {
	if o.profile != Strict {
		return run(s, isWTF8, o)
	}
	ext := extensionsBeside(s, o)
	res, _, known := runKnown(s, isWTF8, o, false)
	strictKnown(res, s, isWTF8, o, ext, known)
	return res
}

// extSpan is an extension finding in bytes, before its offsets are
// resolved.
type extSpan struct {
	class      Class
	kind       markup.Kind
	start, end int
	cps        []rune
	carried    []byte
}

// findExtensions returns the extension spans of s, sorted by start, at
// most max of them (max < 0: all), how many there are in all, and whether
// any of them is removed from the sanitized copy.
func findExtensions(s string, max int) (_ []extSpan, total int, removes bool) {
	return findExtensionsIn(s, max, Prose)
}

// findExtensionsIn is findExtensions for a text of format f: in a source
// format, \u escapes are visible text, not invisible_reference (package
// doc, "Profiles", names and source code).
func findExtensionsIn(s string, max int, f Format) (_ []extSpan, total int, removes bool) {
	var out []extSpan
	chars, n1 := extclass.Chars(s, max)
	refs := extclass.References
	if f != Prose {
		refs = extclass.HTMLReferences // \u escapes are visible text
	}
	refSpans, n2 := refs(s, max)
	latex, n3 := extclass.LaTeX(s, max)
	for _, sp := range chars {
		out = append(out, extSpan{class: extClassNames[sp.Class], start: sp.Start, end: sp.End, cps: sp.Codepoints, carried: sp.Carried})
	}
	for _, sp := range refSpans {
		out = append(out, extSpan{class: extClassNames[sp.Class], start: sp.Start, end: sp.End, cps: sp.Codepoints})
	}
	for _, h := range latex {
		out = append(out, extSpan{class: HiddenMarkup, kind: latexKinds[h.Kind], start: h.Start, end: h.End})
	}
	slices.SortStableFunc(out, func(a, b extSpan) int { return a.start - b.start })
	if max >= 0 && len(out) > max {
		out = out[:max]
	}
	return out, n1 + n2 + n3, n1+n3 > 0
}

// strict turns the Spec result res of s into the Strict one: the
// allow-rules and exclusions take findings of the specification's classes
// out, the extension findings come in, then the counts, the status and the
// sanitized copy follow.
//
// It reports whether the Strict sanitized copy may differ from the Spec one
// beyond what the Spec copy's own removals build: whether s holds something
// Strict removes. With o.omitSanitized the copy is left to the caller.
// found, unless nil, gives what findExtensions finds in s.
func strict(res *Result, s string, isWTF8 bool, o options, found func() ([]extSpan, int, bool)) (removes bool) {
	return strictKnown(res, s, isWTF8, o, found, nil)
}

// strictKnown is strict, the positions of the findings it adds resolved
// from those known (see positionsFrom).
func strictKnown(res *Result, s string, isWTF8 bool, o options, found func() ([]extSpan, int, bool), known *offsets) (removes bool) {
	res.Profile = Strict.String()
	kept := res.Findings[:0]
	var lit *literals
	for _, f := range res.Findings {
		if allowed(s, isWTF8, &f, o.keepZeroWidth) || quietOnCode(s, &f, o, &lit) {
			res.Allowed++
			res.DeterministicCount--
			continue
		}
		if f.Class == Base64Blob && !f.Opaque && !rescannedInWindows(&f) {
			f.DecodedFindings = strictRescan(f.Decoded, f.DecodedFindings, o)
		}
		kept = append(kept, f)
	}
	res.Findings = kept

	if found == nil {
		found = func() ([]extSpan, int, bool) { return findExtensionsIn(s, o.maxFindings, o.format) }
	}
	ext, total, removes := found()
	if total > len(ext) {
		res.Truncated = true
	}
	judged := judge(s, res.Findings)
	if len(ext) > 0 || len(judged) > 0 {
		res.Findings = append(res.Findings, extFindingsFrom(s, isWTF8, ext, known, !o.omitExcerpts)...)
		res.Findings = append(res.Findings, judgedFindings(s, isWTF8, judged, known, !o.omitExcerpts)...)
		sortFindings(res.Findings)
		if o.maxFindings >= 0 && len(res.Findings) > o.maxFindings {
			res.Findings, res.Truncated = res.Findings[:o.maxFindings], true
		}
	}
	res.DeterministicCount += total
	res.HeuristicCount += len(judged)
	res.ExtensionCount = total + len(judged)
	res.Status = statusOf(res.DeterministicCount, res.HeuristicCount)
	if !o.omitSanitized {
		res.Sanitized = strictSanitized(s, isWTF8, res.Sanitized, removes, o)
	}
	return removes
}

// strictRescan adds to the findings of a blob's decoded text (§4's
// one-level rescan) the extension findings of the selectors, invisible
// format characters and references in it, with offsets relative to it. Like
// the rest of the rescan's findings, they do not count in the Result's
// counts. The zero-width allow-rules apply there too.
func strictRescan(decoded string, found []Finding, o options) []Finding {
	kept := found[:0]
	for _, f := range found {
		if f.Class == ZeroWidth && !o.keepZeroWidth && extclass.AllowedZeroWidth(decoded, f.ByteStart, f.ByteEnd) {
			continue
		}
		kept = append(kept, f)
	}
	ext, _, _ := findExtensions(decoded, o.maxFindings)
	if len(ext) == 0 {
		return kept
	}
	for _, f := range extFindings(decoded, false, ext, !o.omitExcerpts) {
		if o.maxFindings >= 0 && len(kept) >= o.maxFindings {
			break
		}
		if f.Class == HiddenMarkup {
			continue // the rescan reads no markup (§4)
		}
		kept = append(kept, f)
	}
	sortFindings(kept)
	return kept
}

// extFindings turns extension spans of s into findings, with their
// positions and, when excerpts is true, their excerpts.
func extFindings(s string, isWTF8 bool, ext []extSpan, excerpts bool) []Finding {
	return extFindingsFrom(s, isWTF8, ext, nil, excerpts)
}

// extFindingsFrom is extFindings, the positions resolved from those known
// (see positionsFrom).
func extFindingsFrom(s string, isWTF8 bool, ext []extSpan, known *offsets, excerpts bool) []Finding {
	offs := make([]int, 0, 2*len(ext))
	for _, e := range ext {
		offs = append(offs, e.start, e.end)
	}
	slices.Sort(offs)
	offs = slices.Compact(offs)
	pos := positionsFrom(s, isWTF8, offs, known)
	at := func(b int) position {
		i, _ := slices.BinarySearch(offs, b)
		return pos[i]
	}
	out := make([]Finding, 0, len(ext))
	for _, e := range ext {
		start, end := at(e.start), at(e.end)
		f := Finding{
			Class: e.class, Kind: e.kind, Start: start.cp, End: end.cp, Extension: true,
			ByteStart: e.start, ByteEnd: e.end, UTF16Start: start.u16, UTF16End: end.u16,
		}
		for _, r := range e.cps {
			f.Codepoints = append(f.Codepoints, codepointString(r))
		}
		if text, ok := printable(e.carried); ok {
			f.Carried = text
		}
		if excerpts {
			f.Excerpt = extExcerpt(s, isWTF8, &f, e.carried)
		}
		out = append(out, f)
	}
	return out
}

// allowed reports whether a finding of the specification's classes is
// left out in Strict: a zero-width character that is typography in its
// script, a base64 blob that is a declared digest, or an opaque one inside
// a URL none of whose path segments decodes to printable text. With
// keepZeroWidth, no zero-width character is left out.
func allowed(s string, isWTF8 bool, f *Finding, keepZeroWidth bool) bool {
	switch f.Class {
	case ZeroWidth:
		return !keepZeroWidth && extclass.AllowedZeroWidth(s, f.ByteStart, f.ByteEnd)
	case Base64Blob:
		return extclass.DeclaredDigest(s, f.ByteStart, f.ByteEnd) ||
			f.Opaque && extclass.InURL(s, f.ByteStart) && !extclass.CarriesText(s[f.ByteStart:f.ByteEnd])
	}
	return false
}

// maxStrictRounds bounds the rounds of strictSanitized.
const maxStrictRounds = 8

// strictSanitized returns the sanitized copy of a Strict scan: the Spec
// copy of the text without its selectors, invisible format characters and
// LaTeX hiding (extclass.Strip), round after round until the copy holds
// none (the Spec removals can build one: "\\tex\x19tcolor{white}{x}" holds
// a LaTeX construct once its control character goes, and removing a soft
// hyphen can make a letter pair a selector's base); after maxStrictRounds,
// every backslash, '<', '[', selector and invisible format character left
// becomes U+FFFD, which builds nothing. specSanitized is the Spec copy of s,
// and removes whether s holds anything Strip removes.
func strictSanitized(s string, isWTF8 bool, specSanitized string, removes bool, o options) string {
	o.profile = Spec
	cur := s
	if !removes {
		if specSanitized == s {
			return s // nothing removed, nothing built
		}
		stripped, removed := extclass.Strip(specSanitized)
		if !removed {
			return specSanitized
		}
		cur, isWTF8 = stripped, false
	} else {
		cur, _ = extclass.Strip(s)
	}
	for range maxStrictRounds {
		san := run(cur, isWTF8, o).Sanitized
		isWTF8 = false
		stripped, removed := extclass.Strip(san)
		if !removed {
			return san
		}
		cur = stripped
	}
	return strings.Map(func(r rune) rune {
		if r == '\\' || r == '<' || r == '[' || ucd.Ext(r)&(ucd.VariationSelector|ucd.Invisible) != 0 {
			return utf8.RuneError
		}
		return r
	}, run(cur, false, o).Sanitized)
}

// printable decodes carried bytes as text when they are UTF-8 and at least
// 85% of the characters are printable, the test of §4.
func printable(b []byte) (string, bool) {
	if len(b) == 0 || !utf8.Valid(b) {
		return "", false
	}
	n, p := 0, 0
	for _, r := range string(b) {
		n++
		if r == '\t' || r == '\n' || r == '\r' || (r >= 0x20 && r != 0x7F && !(r >= 0x80 && r <= 0x9F)) {
			p++
		}
	}
	return string(b), p*100 >= 85*n
}

// maxCarriedHex is the number of carried bytes an excerpt shows in hex.
const maxCarriedHex = 32

// extExcerpt is the excerpt of an extension finding: the ordinary one,
// except that a selector run that carries bytes is written as what it
// carries, ⟨N VARIATION SELECTORS CARRYING "text"⟩ or ⟨… CARRYING 0x…⟩.
func extExcerpt(s string, isWTF8 bool, f *Finding, carried []byte) string {
	if f.Class != VariationSelector || len(carried) == 0 {
		return excerpt(s, isWTF8, f)
	}
	// The excerpt of a window of s with the run replaced by a marker
	// codepoint, whose annotation is then replaced by the body. The window
	// keeps 200 bytes on each side, more than the context can use.
	const marker = "\U0010FFFF"
	lo := startBefore(s, f.ByteStart, 200, isWTF8)
	hi := min(len(s), f.ByteEnd+200)
	for hi < len(s) && s[hi]&0xC0 == 0x80 {
		hi++
	}
	t := s[lo:f.ByteStart] + marker + s[f.ByteEnd:hi]
	g := Finding{ByteStart: f.ByteStart - lo, ByteEnd: f.ByteStart - lo + len(marker)}
	ex := excerpt(t, isWTF8, &g)
	annotation := "⟨U+10FFFF NONCHARACTER⟩"
	if strings.Count(ex, annotation) != 1 {
		return excerpt(s, isWTF8, f)
	}
	n := f.End - f.Start
	room := excerptMaxLen - (utf8.RuneCountInString(ex) - utf8.RuneCountInString(annotation))
	var body strings.Builder
	if text, ok := printable(carried); ok {
		head := fmt.Sprintf("⟨%d VARIATION SELECTORS CARRYING \"", n)
		budget := room - utf8.RuneCountInString(head) - len("\"⟩") - 1
		var quoted strings.Builder
		length := 0
		cut := false
		for _, r := range text {
			w := renderLen(r)
			if length+w > budget {
				cut = true
				break
			}
			length += render(&quoted, r)
		}
		body.WriteString(head)
		body.WriteString(quoted.String())
		if cut {
			body.WriteString(ellipsis)
		}
		body.WriteString("\"⟩")
	} else {
		shown := carried[:min(len(carried), maxCarriedHex)]
		fmt.Fprintf(&body, "⟨%d VARIATION SELECTORS CARRYING 0x%s", n, hex.EncodeToString(shown))
		if len(shown) < len(carried) {
			body.WriteString(ellipsis)
		}
		body.WriteString("⟩")
	}
	if utf8.RuneCountInString(body.String()) > room {
		return excerpt(s, isWTF8, f)
	}
	return strings.Replace(ex, annotation, body.String(), 1)
}
