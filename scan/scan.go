package scan

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/plainsight/plainsight/internal/ucd"
	"github.com/plainsight/plainsight/markup"
)

// UnicodeVersion is the version of the Unicode Character Database whose
// properties (General_Category Cn, Default_Ignorable_Code_Point, names) the
// scan uses, whatever version the Go toolchain's unicode package has.
const UnicodeVersion = ucd.Version

// Note is the honesty line every Result carries (§1, §12): evidence, never a
// verdict. Its wording is this package's; the specification requires the
// statement, not the words.
const Note = "A clean status means none of the classes of the agent-safety formats were found; it is never a finding that the text is safe."

// DefaultMaxFindings is the number of findings a Result holds when
// Options.MaxFindings is zero. Hostile input can produce one finding every
// two codepoints; the cap keeps a scan's memory proportional to its input
// while the counts and the status stay exact.
const DefaultMaxFindings = 1000

// ErrUnknownContext is returned (wrapped) for an Options.Context that is not
// one of the contexts this package implements.
var ErrUnknownContext = errors.New("unknown scan context")

// Class names a finding class of §2–§5 exactly as the wire format spells it.
type Class string

// The classes of §2 (deterministic, defined by codepoint ranges).
const (
	ZeroWidth           Class = "zero_width"
	BidiControl         Class = "bidi_control"
	UnicodeTag          Class = "unicode_tag"
	ControlChar         Class = "control_char"
	PrivateUse          Class = "private_use"
	UnassignedCodepoint Class = "unassigned_codepoint"
)

// HiddenMarkup is the class of the hidden-markup constructs of §3; a
// finding of it names its markup.Kind.
const HiddenMarkup Class = "hidden_markup"

// Status is the overall verdict-free state of a Result (§1).
type Status string

// The three statuses of §1.
const (
	// Flagged: at least one deterministic finding.
	Flagged Status = "flagged"
	// Noted: only heuristic findings.
	Noted Status = "noted"
	// Clean: no finding of any class in the specification. It is never a
	// finding that the text is safe.
	Clean Status = "clean"
)

// Context says where the text came from; it changes what the sanitized copy
// does with some findings (§6).
type Context string

// The contexts of §6.
const (
	// Text is plain text: the default.
	Text Context = "text"
	// EmailHTML is the body of an HTML email. For the §2 classes it behaves
	// exactly as Text.
	EmailHTML Context = "email_html"
)

// Options configures a scan. The zero value scans in the Text context with
// DefaultMaxFindings.
type Options struct {
	// Context is Text when empty.
	Context Context
	// MaxFindings caps len(Result.Findings) and len(Result.InvalidUTF8):
	// zero means DefaultMaxFindings, a negative value means no cap. The
	// findings kept are the first ones in Result order.
	MaxFindings int
	// OmitSanitized skips building the sanitized copy and leaves
	// Result.Sanitized empty, for a caller that needs only the findings and
	// the status (a gate, a report for people): on a large text with
	// findings it saves a copy of the text. A Result scanned this way is
	// not a complete §1 result object; don't send it as one.
	OmitSanitized bool
}

// Finding is one finding of §1: a run of consecutive codepoints of one class.
type Finding struct {
	// Class is the finding class.
	Class Class `json:"class"`
	// Start and End are codepoint offsets, [Start, End).
	Start int `json:"start"`
	End   int `json:"end"`
	// Heuristic is false for every class of §2.
	Heuristic bool `json:"heuristic"`
	// Excerpt is the passage around the finding with every invisible or
	// non-printing codepoint written as ⟨U+XXXX NAME⟩ (see the package doc).
	Excerpt string `json:"excerpt"`
	// Codepoints lists up to 12 distinct codepoints of the run as "U+XXXX",
	// in order of first appearance.
	Codepoints []string `json:"codepoints,omitempty"`
	// Kind is the construct kind of a hidden_markup finding (§3), and
	// Reason, for a hidden element or a CSS rule, the test that found it
	// hidden; both are zero (and absent from JSON) for other classes.
	Kind   markup.Kind   `json:"kind,omitempty"`
	Reason markup.Reason `json:"reason,omitempty"`

	// ByteStart and ByteEnd are the span in bytes of the input as given:
	// UTF-8 for a string (an ill-formed subsequence counts its own length),
	// and for UTF-16 input the span in its UTF-8 encoding with a lone
	// surrogate counted as three bytes (as WTF-8 encodes it).
	ByteStart int `json:"byte_start"`
	ByteEnd   int `json:"byte_end"`
	// UTF16Start and UTF16End are the span in UTF-16 code units.
	UTF16Start int `json:"utf16_start"`
	UTF16End   int `json:"utf16_end"`
}

// Heuristic reports whether c is one of the heuristic classes of §5.
func (c Class) Heuristic() bool {
	return c == "mixed_script_confusable" || c == "instruction_like"
}

// InvalidSequence is one ill-formed UTF-8 subsequence of a string input,
// which the scan read as a single U+FFFD (see the package doc). It is an
// extension of the wire format: invalid UTF-8 is not a class of the
// specification, but it is never passed over silently.
type InvalidSequence struct {
	// Start is the codepoint offset of the U+FFFD that replaced it.
	Start int `json:"start"`
	// ByteStart and ByteEnd are its span in the input.
	ByteStart int `json:"byte_start"`
	ByteEnd   int `json:"byte_end"`
}

// Result is the scan result object of §1.
type Result struct {
	// Status is Flagged, Noted or Clean.
	Status Status `json:"status"`
	// Findings are sorted by Start, then End, then Class; at most
	// Options.MaxFindings of them.
	Findings []Finding `json:"findings"`
	// DeterministicCount and HeuristicCount count every finding, including
	// those beyond Options.MaxFindings.
	DeterministicCount int `json:"deterministic_count"`
	HeuristicCount     int `json:"heuristic_count"`
	// Sanitized is the text with the §2 classes removed (§6). Ill-formed
	// UTF-8 appears in it as U+FFFD, so it is always valid UTF-8.
	Sanitized string `json:"sanitized"`
	// Note is the honesty line, always Note.
	Note string `json:"note"`

	// Truncated reports that Findings or InvalidUTF8 were cut at
	// Options.MaxFindings. An extension of the wire format.
	Truncated bool `json:"truncated,omitempty"`
	// InvalidUTF8 lists the ill-formed UTF-8 subsequences of a string
	// input, in order. An extension of the wire format.
	InvalidUTF8 []InvalidSequence `json:"invalid_utf8,omitempty"`
}

// Scan scans text, a Go string that should hold UTF-8. Ill-formed UTF-8 is
// read as the WHATWG decoder reads it (one U+FFFD per maximal subpart) and
// reported in Result.InvalidUTF8. The only error is an unknown
// Options.Context; opts may be nil.
func Scan(text string, opts *Options) (*Result, error) {
	o, err := opts.resolve()
	if err != nil {
		return nil, err
	}
	return run(text, false, o), nil
}

// ScanUTF16 scans text given as UTF-16 code units, the way hosts with UTF-16
// strings (and JSON's \uXXXX escapes) hold it. Surrogate pairs join; a lone
// surrogate is a codepoint of the class unassigned_codepoint (§2). Byte
// offsets in the result count the text's UTF-8 encoding, a lone surrogate
// taking three bytes. The only error is an unknown Options.Context.
func ScanUTF16(text []uint16, opts *Options) (*Result, error) {
	o, err := opts.resolve()
	if err != nil {
		return nil, err
	}
	return run(wtf8(text), true, o), nil
}

// options is Options with defaults applied.
type options struct {
	context       Context
	maxFindings   int // < 0: no cap
	omitSanitized bool
}

func (o *Options) resolve() (options, error) {
	r := options{context: Text, maxFindings: DefaultMaxFindings}
	if o == nil {
		return r, nil
	}
	switch o.Context {
	case "":
	case Text, EmailHTML:
		r.context = o.Context
	default:
		return r, fmt.Errorf("scan: context %q: %w", o.Context, ErrUnknownContext)
	}
	if o.MaxFindings != 0 {
		r.maxFindings = o.MaxFindings
	}
	r.omitSanitized = o.OmitSanitized
	return r, nil
}

// run scans s. With isWTF8, s was made by wtf8 and its three-byte surrogate
// sequences are lone surrogates, not ill-formed UTF-8.
func run(s string, isWTF8 bool, o options) *Result {
	// §3 first: its spans are removed from the sanitized copy, and the pass
	// over the codepoints resolves their offsets.
	marks := markup.Find(s)
	kept := marks
	truncated := false
	if o.maxFindings >= 0 && len(kept) > o.maxFindings {
		kept, truncated = kept[:o.maxFindings], true
	}
	c := &charScan{s: s, isWTF8: isWTF8, max: o.maxFindings, omitSanitized: o.omitSanitized}
	c.cuts = cutsOf(marks)
	c.offsets = newOffsets(kept)
	c.scan()

	findings := c.findings
	for _, m := range kept {
		start, end := c.offsets.at(m.Start), c.offsets.at(m.End)
		findings = append(findings, Finding{
			Class:      HiddenMarkup,
			Start:      start.cp,
			End:        end.cp,
			Kind:       m.Kind,
			Reason:     m.Reason,
			ByteStart:  m.Start,
			ByteEnd:    m.End,
			UTF16Start: start.u16,
			UTF16End:   end.u16,
		})
	}
	sortFindings(findings)
	if o.maxFindings >= 0 && len(findings) > o.maxFindings {
		findings, truncated = findings[:o.maxFindings], true
	}
	sanitized := c.sanitized()
	if c.edited && mayRebuild(s, sanitized, marks, c.cuts, c.charEdited) {
		sanitized = removeRebuiltMarkup(sanitized)
	}
	res := &Result{
		Findings:           findings,
		DeterministicCount: c.count + len(marks),
		Sanitized:          sanitized,
		Note:               Note,
		Truncated:          truncated || c.truncated,
		InvalidUTF8:        c.invalid,
	}
	for i := range res.Findings {
		res.Findings[i].Excerpt = excerpt(s, isWTF8, &res.Findings[i])
	}
	if res.Findings == nil {
		res.Findings = []Finding{}
	}
	switch {
	case res.DeterministicCount > 0:
		res.Status = Flagged
	case res.HeuristicCount > 0:
		res.Status = Noted
	default:
		res.Status = Clean
	}
	return res
}

// sortFindings puts findings in wire order: by start, then end, then class,
// then kind.
func sortFindings(f []Finding) {
	slices.SortStableFunc(f, func(a, b Finding) int {
		if a.Start != b.Start {
			return a.Start - b.Start
		}
		if a.End != b.End {
			return a.End - b.End
		}
		if a.Class != b.Class {
			return strings.Compare(string(a.Class), string(b.Class))
		}
		return int(a.Kind) - int(b.Kind)
	})
}

// maxSanitizeRounds bounds the rounds of removeRebuiltMarkup.
const maxSanitizeRounds = 8

// removeRebuiltMarkup removes from a sanitized copy the hidden markup that
// the removals themselves built: "<\u200b!-- x -->" holds no comment, but
// without its zero-width space it does, and so does "<<!-- -->!-- x -->"
// without its comment. Round after round it removes the constructs it
// finds, until there are none. Ordinary text needs no round; text built to
// defeat the sanitizer may need many, so after maxSanitizeRounds every '<'
// and '[' (without which no construct of §3 can exist) is removed as well.
// Removing markup never builds a §2 codepoint.
func removeRebuiltMarkup(s string) string {
	for range maxSanitizeRounds {
		marks := markup.Find(s)
		if len(marks) == 0 {
			return s
		}
		s = removeSpans(s, cutsOf(marks))
	}
	if len(markup.Find(s)) == 0 {
		return s
	}
	return strings.Map(func(r rune) rune {
		if r == '<' || r == '[' {
			return -1
		}
		return r
	}, s)
}

// mayRebuild reports whether the removals that made sanitized out of s may
// have built markup, so that removeRebuiltMarkup must look. They cannot
// when they removed no codepoint of §2 (which may sit inside a tag or a
// comment's "<!--") and no ill-formed byte, only self-contained constructs
// (see markup.Construct), none of them just after a '<' (which could start a
// tag with what follows the cut), and when the result holds no "]:" (a
// markdown comment is a line, and a cut may have changed one). Ordinary
// HTML, such as an email with a hidden preheader, passes; then the second
// look, a whole second pass of the HTML tokenizer, is saved.
func mayRebuild(s, sanitized string, marks []markup.Construct, cuts []span, charEdited bool) bool {
	if charEdited || strings.Contains(sanitized, "]:") {
		return true
	}
	for _, m := range marks {
		if !m.SelfContained {
			return true
		}
	}
	for _, c := range cuts {
		if strings.IndexByte(s[max(0, c.start-3):c.start], '<') >= 0 {
			return true
		}
	}
	return false
}

// removeSpans returns s without the sorted, disjoint byte ranges cuts.
func removeSpans(s string, cuts []span) string {
	var b strings.Builder
	b.Grow(len(s))
	last := 0
	for _, c := range cuts {
		b.WriteString(s[last:c.start])
		last = c.end
	}
	b.WriteString(s[last:])
	return b.String()
}

// cutsOf returns the union of the constructs' spans as sorted, disjoint
// byte ranges: what the sanitized copy leaves out (§6). marks are sorted by
// start.
func cutsOf(marks []markup.Construct) []span {
	var cuts []span
	for _, m := range marks {
		if n := len(cuts); n > 0 && m.Start <= cuts[n-1].end {
			cuts[n-1].end = max(cuts[n-1].end, m.End)
			continue
		}
		cuts = append(cuts, span{m.Start, m.End})
	}
	return cuts
}

// wtf8 encodes UTF-16 code units as UTF-8, writing a lone surrogate as the
// three bytes UTF-8 would give it if it were a scalar value (WTF-8).
func wtf8(u []uint16) string {
	isPair := func(i int) bool {
		return u[i]&0xFC00 == 0xD800 && i+1 < len(u) && u[i+1]&0xFC00 == 0xDC00
	}
	n := 0
	for i := 0; i < len(u); i++ {
		switch c := u[i]; {
		case c < 0x80:
			n++
		case c < 0x800:
			n += 2
		case isPair(i):
			n += 4
			i++
		default: // the rest of the BMP, and lone surrogates
			n += 3
		}
	}
	var b strings.Builder
	b.Grow(n)
	for i := 0; i < len(u); i++ {
		switch c := u[i]; {
		case c < 0x80:
			b.WriteByte(byte(c))
		case c < 0x800:
			b.Write([]byte{0xC0 | byte(c>>6), 0x80 | byte(c)&0x3F})
		case isPair(i):
			r := 0x10000 + (rune(c)-0xD800)<<10 + rune(u[i+1]) - 0xDC00
			b.Write([]byte{0xF0 | byte(r>>18), 0x80 | byte(r>>12)&0x3F, 0x80 | byte(r>>6)&0x3F, 0x80 | byte(r)&0x3F})
			i++
		default:
			b.Write([]byte{0xE0 | byte(c>>12), 0x80 | byte(c>>6)&0x3F, 0x80 | byte(c)&0x3F})
		}
	}
	return b.String()
}
