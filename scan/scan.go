package scan

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/plainsight/plainsight/b64"
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

// Base64Blob is the class of the base64 payloads of §4; a finding of it
// says whether it is opaque and, if not, what it decodes to.
const Base64Blob Class = "base64_blob"

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
// DefaultMaxFindings, in the Spec profile (the specification exactly).
type Options struct {
	// Context is Text when empty; ContextEmail reads the text as a raw
	// e-mail message (see ContextEmail).
	Context Context
	// MaxFindings caps len(Result.Findings), len(Result.InvalidUTF8) and
	// the DecodedFindings of each base64 finding:
	// zero means DefaultMaxFindings, a negative value means no cap. The
	// findings kept are the first ones in Result order.
	MaxFindings int
	// OmitSanitized skips building the sanitized copy and leaves
	// Result.Sanitized empty, for a caller that needs only the findings and
	// the status (a gate, a report for people): on a large text with
	// findings it saves a copy of the text. A Result scanned this way is
	// not a complete §1 result object; don't send it as one.
	OmitSanitized bool
	// Profile is Spec (the zero value: the specification exactly, the
	// conformance mode) or Strict (see the package doc, "Profiles").
	Profile Profile
	// KeepZeroWidth, in the Strict profile, leaves out the allow-rules for
	// zero-width characters that are typography in their script: every
	// zero_width run is a finding, as in Spec. For a format that allows no
	// zero-width character at all (a skill file). No effect in Spec.
	KeepZeroWidth bool
	// OmitExcerpts leaves every Finding.Excerpt empty (decoded findings'
	// too), for a caller that reads a finding's class, kind and offsets
	// and shows no excerpt (package shield turns findings into signals):
	// an excerpt is rendered codepoint by codepoint, a tenth of a scan of
	// text dense in findings (issue 33, item 2). A Result scanned this way
	// is not a complete §1 result object.
	OmitExcerpts bool
	// MaxDecoded, when positive, caps the Decoded text of a base64_blob
	// finding at its first MaxDecoded bytes (whole codepoints; DecodedLen
	// then says how long the whole is), for a caller that shows a prefix (a
	// report for people): a blob can decode to hundreds of megabytes. Zero
	// (or less) keeps the whole decoded text, which §4 carries in the
	// finding; a Result scanned with a cap is not a complete §1 result
	// object. DecodedFindings are the whole text's either way.
	MaxDecoded int
	// Format, in the Strict profile, is the format of the text: Prose (the
	// zero value), Markdown, or a source-code format, in which \u escapes
	// are visible text and an HTML comment opened inside a string or
	// regular-expression literal is not one (see the package doc,
	// "Profiles", names and source code). FormatOf chooses it from a
	// file's name. No effect in Spec.
	Format Format
}

// Finding is one finding of §1: a run of consecutive codepoints of one §2
// class, a §3 construct, a §4 blob, or a §5 word or passage.
type Finding struct {
	// Class is the finding class.
	Class Class `json:"class"`
	// Start and End are codepoint offsets, [Start, End).
	Start int `json:"start"`
	End   int `json:"end"`
	// Heuristic is true for the classes of §5 and false for the others.
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
	// Scripts, for a mixed_script_confusable finding, are the scripts its
	// letters mix: "Latin", then "Greek" and/or "Cyrillic" (§5).
	Scripts []string `json:"scripts,omitempty"`
	// Pattern, for an instruction_like finding, is the pattern it matched
	// (§5).
	Pattern Pattern `json:"pattern,omitempty"`
	// TagsSpell, for a unicode_tag finding, is the ASCII its tag characters
	// spell (U+E0041 spells "A"; the language and cancel tags spell
	// nothing), at most MaxTagsSpell bytes: what the run hides, shown. An
	// extension of the wire format ("tags_spell"), absent when empty.
	TagsSpell string `json:"tags_spell,omitempty"`
	// Opaque, for a base64_blob finding, reports that the blob does not
	// decode to printable UTF-8 text (§4). Decoded is the text it decodes
	// to when it does, and DecodedFindings the findings of that text's
	// rescan, one level deep, with offsets relative to Decoded; they are not
	// counted in the Result's counts. In JSON the three appear only on
	// base64_blob findings (see MarshalJSON).
	Opaque          bool      `json:"-"`
	Decoded         string    `json:"-"`
	DecodedFindings []Finding `json:"-"`
	// DecodedLen, when Options.MaxDecoded cut Decoded, is the length in
	// bytes of the whole decoded text; zero otherwise. Not in JSON.
	DecodedLen int `json:"-"`

	// ByteStart and ByteEnd are the span in bytes of the input as given:
	// UTF-8 for a string (an ill-formed subsequence counts its own length),
	// and for UTF-16 input the span in its UTF-8 encoding with a lone
	// surrogate counted as three bytes (as WTF-8 encodes it).
	ByteStart int `json:"byte_start"`
	ByteEnd   int `json:"byte_end"`
	// UTF16Start and UTF16End are the span in UTF-16 code units.
	UTF16Start int `json:"utf16_start"`
	UTF16End   int `json:"utf16_end"`

	// Extension is true for a finding of the Strict profile that the
	// specification does not define (see the package doc, "Profiles"). An
	// extension field, absent from JSON when false.
	Extension bool `json:"extension,omitempty"`
	// Carried, for a variation_selector run that carries printable text
	// (see the package doc, "Profiles"), is that text. An extension field.
	Carried string `json:"carried,omitempty"`
	// Part, in an email scan, names the part of the message the finding is
	// in (see ContextEmail); its offsets are within that part, decoded. An
	// extension field.
	Part string `json:"part,omitempty"`
}

// Heuristic reports whether c is one of the heuristic classes of §5 or
// the Strict profile's heuristic extension class, instruction_judged.
func (c Class) Heuristic() bool {
	return c == MixedScriptConfusable || c == InstructionLike || c == InstructionJudged
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
	// Part, in an email scan, names the part of the message it is in (its
	// offsets are within that part, decoded from its transfer encoding).
	Part string `json:"part,omitempty"`
}

// Result is the scan result object of §1.
type Result struct {
	// Status is Flagged, Noted or Clean.
	Status Status `json:"status"`
	// Findings are sorted by Start, then End, then Class, then Kind or Pattern; at most
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

	// Truncated reports that Findings, InvalidUTF8 or the DecodedFindings
	// of a blob were cut at Options.MaxFindings. An extension of the wire
	// format.
	Truncated bool `json:"truncated,omitempty"`
	// InvalidUTF8 lists the ill-formed UTF-8 subsequences of a string
	// input, in order, at most Options.MaxFindings of them. An extension of
	// the wire format.
	InvalidUTF8 []InvalidSequence `json:"invalid_utf8,omitempty"`
	// InvalidUTF8Count is the number of ill-formed UTF-8 subsequences,
	// including those beyond Options.MaxFindings. An extension of the wire
	// format, absent when there are none.
	InvalidUTF8Count int `json:"invalid_utf8_count,omitempty"`

	// Profile is "strict" for a Strict scan and empty (absent from JSON)
	// for a Spec one. ExtensionCount is how many of DeterministicCount and
	// HeuristicCount are extension findings, and Allowed how many findings of the
	// specification's classes the Strict allow-rules and exclusions left
	// out of Findings and the counts. Extension fields.
	Profile        string `json:"profile,omitempty"`
	ExtensionCount int    `json:"extension_count,omitempty"`
	Allowed        int    `json:"allowed,omitempty"`
	// Parts, in an email scan, lists the parts of the message that were
	// scanned (see ContextEmail). An extension field.
	Parts []Part `json:"parts,omitempty"`
}

// Scan scans text, a Go string that should hold UTF-8. Ill-formed UTF-8 is
// read as the WHATWG decoder reads it (one U+FFFD per maximal subpart) and
// reported in Result.InvalidUTF8. The errors are an unknown
// Options.Context (ErrUnknownContext) or Options.Profile
// (ErrUnknownProfile), and, in ContextEmail, a message whose header cannot
// be read (ErrMalformedEmail); opts may be nil.
func Scan(text string, opts *Options) (*Result, error) {
	o, err := opts.resolve()
	if err != nil {
		return nil, err
	}
	if o.context == ContextEmail {
		return scanEmail(text, o)
	}
	return runProfile(text, false, o), nil
}

// ScanFile scans text that is the whole contents of a file. A leading UTF-8
// byte order mark is an encoding signature, not text: it is not a finding,
// the scan starts after it (codepoint and UTF-16 offsets count from there,
// and the sanitized copy does not hold it), and byte offsets count from the
// start of the file. A U+FEFF anywhere else is a zero_width finding.
func ScanFile(text string, opts *Options) (*Result, error) {
	const bom = "\uFEFF"
	if !strings.HasPrefix(text, bom) {
		return Scan(text, opts)
	}
	res, err := Scan(text[len(bom):], opts)
	if err != nil || len(res.Parts) > 0 {
		return res, err // an email's offsets are within its parts, not the file
	}
	for i := range res.Findings {
		res.Findings[i].ByteStart += len(bom)
		res.Findings[i].ByteEnd += len(bom)
	}
	for i := range res.InvalidUTF8 {
		res.InvalidUTF8[i].ByteStart += len(bom)
		res.InvalidUTF8[i].ByteEnd += len(bom)
	}
	return res, nil
}

// ScanUTF16 scans text given as UTF-16 code units, the way hosts with UTF-16
// strings (and JSON's \uXXXX escapes) hold it. Surrogate pairs join; a lone
// surrogate is a codepoint of the class unassigned_codepoint (§2). Byte
// offsets in the result count the text's UTF-8 encoding, a lone surrogate
// taking three bytes. The errors are an unknown Options.Context or
// Options.Profile, and ContextEmail (a message is bytes, not UTF-16), which
// is ErrUnknownContext.
func ScanUTF16(text []uint16, opts *Options) (*Result, error) {
	o, err := opts.resolve()
	if err != nil {
		return nil, err
	}
	if o.context == ContextEmail {
		return nil, fmt.Errorf("scan: context %q takes a message as bytes, not UTF-16: %w", o.context, ErrUnknownContext)
	}
	return runProfile(wtf8(text), true, o), nil
}

// options is Options with defaults applied.
type options struct {
	context       Context
	maxFindings   int // < 0: no cap
	omitSanitized bool
	omitExcerpts  bool
	profile       Profile
	keepZeroWidth bool
	maxDecoded    int // <= 0: no cap
	format        Format
}

func (o *Options) resolve() (options, error) {
	r := options{context: Text, maxFindings: DefaultMaxFindings}
	if o == nil {
		return r, nil
	}
	switch o.Context {
	case "":
	case Text, EmailHTML, ContextEmail:
		r.context = o.Context
	default:
		return r, fmt.Errorf("scan: context %q: %w", o.Context, ErrUnknownContext)
	}
	if o.MaxFindings != 0 {
		r.maxFindings = o.MaxFindings
	}
	r.omitSanitized = o.OmitSanitized
	r.omitExcerpts = o.OmitExcerpts
	r.keepZeroWidth = o.KeepZeroWidth
	r.maxDecoded = o.MaxDecoded
	if err := checkFormat(o.Format); err != nil {
		return r, err
	}
	r.format = o.Format
	switch o.Profile {
	case Spec, Strict:
		r.profile = o.Profile
	default:
		return r, fmt.Errorf("scan: profile %d: %w", o.Profile, ErrUnknownProfile)
	}
	return r, nil
}

// run scans s. With isWTF8, s was made by wtf8 and its three-byte surrogate
// sequences are lone surrogates, not ill-formed UTF-8.
func run(s string, isWTF8 bool, o options) *Result {
	res, _ := runDeferred(s, isWTF8, o, false)
	return res
}

// runDeferred is run. With deferSanitized it builds no sanitized copy and
// returns what writes it instead.
func runDeferred(s string, isWTF8 bool, o options, deferSanitized bool) (*Result, *sanitizer) {
	res, z, _ := runKnown(s, isWTF8, o, deferSanitized)
	return res, z
}

// runKnown is runDeferred, and returns as well the byte offsets of s whose
// positions the pass over the codepoints recorded (on a long text, a
// checkpoint every checkpointGap bytes), for positionsFrom.
func runKnown(s string, isWTF8 bool, o options, deferSanitized bool) (*Result, *sanitizer, *offsets) {
	if deferSanitized {
		o.omitSanitized = true
	}
	// A long text uses the cores (see workersFor): §3 and §4 run beside
	// the pass over the codepoints, and §5 reads each segment once the pass
	// has gone by it.
	workers := workersFor(len(s))
	concurrent := workers > 1
	var cs cores
	if concurrent {
		cs = make(cores, workers)
		cs.acquire() // for the pass
	}
	// What §3 and §4 find, written on their goroutines when they have
	// goroutines of their own (one allocation: short texts are scanned by
	// the thousand).
	st := &struct {
		marks        []markup.Construct
		nMarks       int
		blobs        []b64.Blob
		blobFindings []Finding
		blobsCut     bool // some blobs or decoded findings are not kept
	}{}
	waitMarks := stage(cs, concurrent, func() {
		if o.omitSanitized && !deferSanitized {
			// Without a sanitized copy only the constructs kept as
			// findings are needed, and their count.
			st.marks, st.nMarks = markup.FindN(s, o.maxFindings)
		} else {
			st.marks = markup.Find(s)
			st.nMarks = len(st.marks)
		}
	})
	// §4: in email_html the blobs are cut from the sanitized copy, so they
	// are needed before the pass builds it; in text only their findings
	// are, and the pass says whether the text holds a run of alphabet
	// characters long enough to look (see skipClean). Their findings
	// (positions, the rescan of what they decode to) are made right after
	// them, on the same goroutine, unless the pass waits for the blobs.
	blobsDone := false // the blobs' findings are made, or being made
	findBlobs := func() { st.blobs = b64.FindLimited(s, rescanWindow) }
	blobsToFindings := func() {
		kept := st.blobs
		if o.maxFindings >= 0 && len(kept) > o.maxFindings {
			kept, st.blobsCut = kept[:o.maxFindings], true
		}
		var nestedCut bool
		st.blobFindings, nestedCut = appendBlobs(nil, s, isWTF8, kept, o)
		st.blobsCut = st.blobsCut || nestedCut
	}
	blobsFound := o.context == EmailHTML || len(s) < shortText
	waitBlobs := func() {}
	if blobsFound {
		if o.context == EmailHTML && !o.omitSanitized {
			waitBlobs = stage(cs, concurrent, findBlobs)
		} else {
			blobsDone = true
			waitBlobs = stage(cs, concurrent, func() { findBlobs(); blobsToFindings() })
		}
	}
	c := &charScan{s: s, isWTF8: isWTF8, max: o.maxFindings, omitSanitized: o.omitSanitized, recordEdits: true}
	var (
		keptMarks     []markup.Construct
		truncated     bool
		selfContained bool
	)
	// takeMarks takes what §3 (and in email_html §4) found for the
	// sanitized copy's cuts.
	takeMarks := func() {
		waitMarks()
		waitBlobs()
		keptMarks = st.marks
		truncated = st.nMarks > len(st.marks)
		if o.maxFindings >= 0 && len(keptMarks) > o.maxFindings {
			keptMarks, truncated = keptMarks[:o.maxFindings], true
		}
		// Once the cuts are made, the constructs are needed only for the
		// findings kept and for whether all are self-contained: text made
		// of constructs holds one every few bytes, so they are let go, and
		// in the text context the cuts are written over them.
		selfContained = allSelfContained(st.marks)
		switch {
		case o.context == EmailHTML:
			c.cuts = cutsOf(st.marks, st.blobs) // §6: blobs give way to Placeholder
		case o.maxFindings >= 0:
			keptMarks = slices.Clone(keptMarks) // at most maxFindings
			c.cuts = cutsInPlace(st.marks)      // §6: blobs stay in the text context
			if len(c.cuts) <= len(st.marks)/4 {
				// Touching constructs make few cuts: the constructs' list,
				// which holds them, is let go for the rest of the scan.
				c.cuts = slices.Clone(c.cuts)
			}
		default:
			c.cuts = cutsOf(st.marks, nil)
		}
		if len(keptMarks) < len(st.marks) {
			keptMarks = slices.Clone(keptMarks)
		}
		st.marks = nil
	}
	// §5 reads long texts in segments (see heuristics); the pass over the
	// codepoints resolves their offsets too, and those of the constructs:
	// as it goes by them when they are found first (the pass building the
	// sanitized copy needs them, and in order nothing is lost waiting),
	// else afterwards from its checkpoints.
	var cuts []int
	if len(s) >= 2*segmentSize {
		cuts = segmentCuts(s)
	}
	marksFirst := !o.omitSanitized || !concurrent
	if marksFirst {
		cs.release() // while waiting
		takeMarks()
		cs.acquire()
		c.offsets = newOffsets(keptMarks, cuts)
	} else {
		c.offsets = newOffsets(nil, withCheckpoints(s, cuts))
	}
	segs := make([]segment, len(cuts)+1)
	for k := range segs {
		if k > 0 {
			segs[k].start = cuts[k-1]
		}
		segs[k].end = len(s)
		if k < len(cuts) {
			segs[k].end = cuts[k]
		}
	}
	heur := newHeurPipe(s, isWTF8, o.maxFindings, segs, workers, cs)
	startBlobs := func() {
		if !blobsFound && c.base64Hint {
			blobsFound, blobsDone = true, true
			waitBlobs = stage(cs, concurrent, func() { findBlobs(); blobsToFindings() })
		}
	}
	edits := 0 // before the segment
	for k := range segs {
		sg := &segs[k]
		fromSpan := len(c.spans)
		c.scanTo(sg.end)
		after := c.edits
		if k+1 < len(segs) {
			after = c.offsets.editsAt(sg.end)
		} else {
			c.finish()
		}
		if k > 0 {
			sg.pos = c.offsets.at(sg.start)
		}
		sg.clean = edits == after
		if !c.spansLost {
			sg.spans, sg.spansKnown = c.spans[fromSpan:len(c.spans):len(c.spans)], true
		}
		sg.transparent = c.count > 0
		// Ill-formed sequences alone are read as U+FFFD only when the text
		// holds a §2 codepoint, which may come later.
		sg.waitPass = !sg.clean && !sg.transparent && k+1 < len(segs)
		edits = after
		heur.publish(k)
		if concurrent {
			startBlobs() // as soon as the pass says the text may hold some
		}
	}
	heur.finish(c.count > 0)
	startBlobs()
	// This goroutine reads the segments left for §5 with the others while
	// §3 and §4 may still run.
	cs.release()
	heurFound, heurCount := heur.wait()
	if !marksFirst {
		takeMarks()
	}
	waitBlobs()
	if !blobsDone {
		blobsToFindings()
	}

	// The findings of every stage, in one allocation.
	findings := slices.Grow(c.findings, len(keptMarks)+len(st.blobFindings)+len(heurFound))
	var markPos offsets
	if marksFirst {
		markPos = c.offsets
	} else {
		markPos = newOffsets(keptMarks, nil)
		markPos.resolveFrom(s, isWTF8, &c.offsets)
	}
	for _, m := range keptMarks {
		start, end := markPos.at(m.Start), markPos.at(m.End)
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
	findings = append(findings, st.blobFindings...)
	truncated = truncated || st.blobsCut
	findings = append(findings, heurFound...)
	truncated = truncated || len(heurFound) < heurCount
	sortFindings(findings)
	if o.maxFindings >= 0 && len(findings) > o.maxFindings {
		findings, truncated = findings[:o.maxFindings], true
	}
	sanitized := c.sanitized()
	if c.edited {
		sanitized = removeRebuilt(sanitized, o.context == EmailHTML, mayRebuild(s, strings.Contains(sanitized, "]:"), selfContained, c.cuts, c.charEdited))
	}
	var z *sanitizer
	if deferSanitized {
		z = &sanitizer{s: s, isWTF8: isWTF8, cuts: c.cuts, selfContained: selfContained, email: o.context == EmailHTML}
	}
	res := &Result{
		Findings:           findings,
		DeterministicCount: c.count + st.nMarks + len(st.blobs),
		HeuristicCount:     heurCount,
		Sanitized:          sanitized,
		Note:               Note,
		Truncated:          truncated || c.truncated,
		InvalidUTF8:        c.invalid,
		InvalidUTF8Count:   c.invalidCount,
	}
	for i := range res.Findings {
		if !o.omitExcerpts {
			res.Findings[i].Excerpt = excerpt(s, isWTF8, &res.Findings[i])
		}
	}
	if res.Findings == nil {
		res.Findings = []Finding{}
	}
	res.Status = statusOf(res.DeterministicCount, res.HeuristicCount)
	return res, z, &c.offsets
}

// shortText is the length below which a text is searched for base64
// without waiting for the pass over its codepoints to say it may hold some.
const shortText = 256

func statusOf(deterministic, heuristic int) Status {
	switch {
	case deterministic > 0:
		return Flagged
	case heuristic > 0:
		return Noted
	}
	return Clean
}

// appendBlobs turns base64 blobs into findings. A blob's span is ASCII, so
// only its start needs the codepoint and UTF-16 offsets that one pass over
// the text before it gives. A blob that decodes to text carries it and the
// findings of its rescan: exactly one level deep, the §2 classes only, with
// offsets relative to the decoded text (§4).
func appendBlobs(findings []Finding, s string, isWTF8 bool, blobs []b64.Blob, o options) (_ []Finding, truncated bool) {
	if len(blobs) == 0 {
		return findings, false
	}
	starts := make([]int, len(blobs))
	for i, b := range blobs {
		starts[i] = b.Start
	}
	pos := positionsAt(s, isWTF8, starts)
	for i, b := range blobs {
		n := b.End - b.Start
		f := Finding{
			Class:      Base64Blob,
			Start:      pos[i].cp,
			End:        pos[i].cp + n,
			Opaque:     b.Opaque,
			ByteStart:  b.Start,
			ByteEnd:    b.End,
			UTF16Start: pos[i].u16,
			UTF16End:   pos[i].u16 + n,
		}
		switch {
		case b.Long:
			// Too long to rescan whole: decoded and rescanned in windows
			// (see windowRescan), its Strict rules applied there.
			var cut bool
			f.Decoded, f.DecodedFindings, cut = rescanLong(s, b, o)
			if len(f.Decoded) < b.DecodedLen {
				f.DecodedLen = b.DecodedLen
			}
			truncated = truncated || cut
		case !b.Opaque:
			var cut bool
			f.Decoded = b.Decoded
			f.DecodedFindings, cut = rescan(b.Decoded, o)
			truncated = truncated || cut
			cutDecoded := o.maxDecoded > 0 && len(f.Decoded) > o.maxDecoded
			if o.profile == Strict && (cutDecoded || len(f.Decoded) > rescanWindow) {
				// Its Strict rules are applied here, where its whole text
				// is, as for a blob rescanned in windows: strict passes
				// over what rescannedInWindows says of it.
				f.DecodedFindings = strictRescan(b.Decoded, f.DecodedFindings, o)
			}
			if cutDecoded {
				f.Decoded, f.DecodedLen = prefixOf(f.Decoded, o.maxDecoded), len(f.Decoded)
			}
		}
		findings = append(findings, f)
	}
	return findings, truncated
}

// rescan scans decoded text one level deep (§4): the §2 and §5 classes,
// never markup or base64, so that a blob inside a blob is not decoded
// twice.
// It reports whether the findings were cut at Options.MaxFindings.
func rescan(text string, o options) ([]Finding, bool) {
	c := &charScan{s: text, max: o.maxFindings, omitSanitized: true}
	c.scan()
	var segs []segment
	if len(text) >= 2*segmentSize {
		cuts := segmentCuts(text)
		segs = segmentsOf(text, cuts, positionsAt(text, false, cuts), nil, 0)
	}
	heur, heurCount := heuristics(text, false, c.count > 0, o.maxFindings, segs)
	findings := append(c.findings, heur...)
	truncated := c.truncated || len(heur) < heurCount
	sortFindings(findings)
	if o.maxFindings >= 0 && len(findings) > o.maxFindings {
		findings, truncated = findings[:o.maxFindings], true
	}
	for i := range findings {
		if !o.omitExcerpts {
			findings[i].Excerpt = excerpt(text, false, &findings[i])
		}
	}
	if findings == nil {
		return []Finding{}, truncated
	}
	return findings, truncated
}

// positionsAt returns the codepoint and UTF-16 offsets of the given byte
// offsets (sorted, each at a codepoint boundary) of s.
func positionsAt(s string, isWTF8 bool, offsets []int) []position {
	out := make([]position, len(offsets))
	i, cp, u16 := 0, 0, 0
	for k, off := range offsets {
		for i < off {
			// ASCII sixteen bytes at a time, then eight: a byte, a
			// codepoint, a unit.
			for i+16 <= off {
				t := s[i : i+16]
				if (load64(t)|load64(t[8:]))&high != 0 {
					break
				}
				i, cp, u16 = i+16, cp+16, u16+16
			}
			for i+8 <= off && load64(s[i:])&high == 0 {
				i, cp, u16 = i+8, cp+8, u16+8
			}
			if i == off {
				break
			}
			if s[i] < utf8.RuneSelf {
				i, cp, u16 = i+1, cp+1, u16+1
				continue
			}
			r, size, _ := decodeAt(s, i, isWTF8)
			i, cp, u16 = i+size, cp+1, u16+1
			if r >= 0x10000 {
				u16++
			}
		}
		out[k] = position{cp, u16}
	}
	return out
}

// positionsFrom is positionsAt, walking s from the nearest of known's
// offsets at or before each offset rather than from the start of s (nil
// known: from the start). The extension and instruction_judged findings
// of a long text lie all over it: two walks of the whole text, one after
// the other on one core, were a tenth of a Strict scan of 100 MB of HTML
// on two (issue 33, item 1). TestPositionsFrom compares it with
// positionsAt.
func positionsFrom(s string, isWTF8 bool, offs []int, known *offsets) []position {
	if known == nil || len(known.bytes) <= 1 {
		return positionsAt(s, isWTF8, offs)
	}
	o := offsets{bytes: append(slices.Clip(offs), math.MaxInt), pos: make([]position, len(offs))}
	o.resolveFrom(s, isWTF8, known)
	return o.pos
}

// sortFindings puts findings in wire order: by start, then end, then class,
// then kind or pattern.
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
		if a.Kind != b.Kind {
			return int(a.Kind) - int(b.Kind)
		}
		return strings.Compare(string(a.Pattern), string(b.Pattern))
	})
}

// maxSanitizeRounds bounds the rounds of removeRebuilt.
const maxSanitizeRounds = 8

// removeRebuilt removes from a sanitized copy what the removals themselves
// built: "<\u200b!-- x -->" holds no comment, but without its zero-width
// space it does, and so does "<<!-- -->!-- x -->" without its comment; in
// email_html, where blobs give way to Placeholder, so does a hex digest
// split by a control character, once joined, make a blob. Round after round
// it removes the markup (and in email_html replaces the blobs) it finds,
// until there is none. markup says whether the first round must look for
// markup at all (see mayRebuild); in email_html it always looks for blobs,
// which costs little. Ordinary text needs no round; text built to defeat
// the sanitizer may need many, so after maxSanitizeRounds every '<' and '['
// (without which no construct of §3 exists) becomes U+FFFD, and in
// email_html each blob left becomes "(base64_blob)": neither can join
// alphabet characters into a new blob. Removing markup never builds a §2
// codepoint.
func removeRebuilt(s string, email, markupToo bool) string {
	for range maxSanitizeRounds {
		var marks []markup.Construct
		if markupToo {
			marks = markup.Find(s)
		}
		var blobs []b64.Blob
		if email {
			blobs = b64.Find(s)
		}
		if len(marks) == 0 && len(blobs) == 0 {
			return s
		}
		s = removeSpans(s, cutsOf(marks, blobs))
		markupToo = true // what changed may have built anything
	}
	if len(markup.Find(s)) == 0 && (!email || len(b64.Find(s)) == 0) {
		return s
	}
	s = strings.Map(func(r rune) rune {
		if r == '<' || r == '[' {
			return utf8.RuneError
		}
		return r
	}, s)
	if email {
		cuts := cutsOf(nil, b64.Find(s))
		for i := range cuts {
			cuts[i].with = blobLabel
		}
		s = removeSpans(s, cuts)
	}
	return s
}

// removeRebuiltMarkup is removeRebuilt for the text context, where only
// markup is looked for.
func removeRebuiltMarkup(s string) string { return removeRebuilt(s, false, true) }

// mayRebuild reports whether the removals that made a sanitized copy out of
// s may have built markup, so that removeRebuiltMarkup must look. They
// cannot when they removed no codepoint of §2 (which may sit inside a tag or
// a comment's "<!--") and no ill-formed byte, only self-contained
// constructs (see markup.Construct; selfContained says all were), none of
// them just after a '<' (which could start a tag with what follows the
// cut), and when the copy holds no "]:" (colon says it does: a markdown
// comment is a line, and a cut may have changed one). Ordinary HTML, such
// as an email with a hidden preheader, passes; then the second look, a
// whole second pass of the HTML tokenizer, is saved.
func mayRebuild(s string, colon, selfContained bool, cuts []span, charEdited bool) bool {
	if charEdited || colon || !selfContained {
		return true
	}
	for _, c := range cuts {
		if strings.IndexByte(s[max(0, c.start-3):c.start], '<') >= 0 {
			return true
		}
	}
	return false
}

// allSelfContained reports whether every construct of marks is
// self-contained.
func allSelfContained(marks []markup.Construct) bool {
	for _, m := range marks {
		if !m.SelfContained {
			return false
		}
	}
	return true
}

// removeSpans returns s without the sorted, disjoint byte ranges cuts.
func removeSpans(s string, cuts []span) string {
	var b strings.Builder
	b.Grow(len(s))
	last := 0
	for _, c := range cuts {
		b.WriteString(s[last:c.start])
		b.WriteString(c.with.text())
		last = c.end
	}
	b.WriteString(s[last:])
	return b.String()
}

// Placeholder stands in the sanitized copy of an email_html scan where a
// base64 blob was (§6): visible, and naming the finding class, so that a
// reader sees that encoded content was there and can look up the finding.
const Placeholder = "[base64_blob]"

// cutsOf returns what the sanitized copy leaves out (§6) as sorted,
// disjoint byte ranges: the union of the markup constructs' spans and the
// blobs' spans (blobs are given only for email_html). Overlapping or
// touching spans merge; a range that holds a blob is replaced by
// Placeholder. marks and blobs are each sorted by start.
//
// The list is counted first and made once, at its size: text made of
// constructs can hold one every few bytes, and a list grown as it goes
// costs twice its size while it grows.
func cutsOf(marks []markup.Construct, blobs []b64.Blob) []span {
	each := func(add func(span)) {
		i, j := 0, 0
		for i < len(marks) || j < len(blobs) {
			if j == len(blobs) || i < len(marks) && marks[i].Start <= blobs[j].Start {
				add(span{start: marks[i].Start, end: marks[i].End})
				i++
			} else {
				add(span{start: blobs[j].Start, end: blobs[j].End, with: placeholder})
				j++
			}
		}
	}
	n, end := 0, -1 // the merged spans, the end of the last
	each(func(sp span) {
		if n > 0 && sp.start <= end {
			end = max(end, sp.end)
			return
		}
		n, end = n+1, sp.end
	})
	if n == 0 {
		return nil
	}
	cuts := make([]span, 0, n)
	each(func(sp span) {
		if n := len(cuts); n > 0 && sp.start <= cuts[n-1].end {
			cuts[n-1].end = max(cuts[n-1].end, sp.end)
			if sp.with != noCutText {
				cuts[n-1].with = sp.with
			}
			return
		}
		cuts = append(cuts, sp)
	})
	return cuts
}

// cutsInPlace returns cutsOf(marks, nil), written over marks, which it
// uses up: the cuts of a text made of constructs take no memory beyond the
// constructs'. A span and a construct have the same size and hold no
// pointers (checked below), and the cuts are never more than the
// constructs, each written at or before the construct it comes from, once
// that construct is read.
func cutsInPlace(marks []markup.Construct) []span {
	if len(marks) == 0 {
		return nil
	}
	cuts := unsafe.Slice((*span)(unsafe.Pointer(unsafe.SliceData(marks))), len(marks))
	n := 0
	for i := range marks {
		m := marks[i]
		if n > 0 && m.Start <= cuts[n-1].end {
			cuts[n-1].end = max(cuts[n-1].end, m.End)
			continue
		}
		cuts[n] = span{start: m.Start, end: m.End}
		n++
	}
	return cuts[:n:n]
}

// cutsInPlace's premise: a span is exactly as large as a construct (the
// index is a compile-time constant that is out of range otherwise) and as
// aligned; TestCutsInPlace checks that neither holds a pointer.
var _ = [1]struct{}{}[unsafe.Sizeof(span{})-unsafe.Sizeof(markup.Construct{})+unsafe.Alignof(span{})-unsafe.Alignof(markup.Construct{})]

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
