package scan

import (
	"math"
	"math/bits"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/plainsight/plainsight/internal/ucd"
	"github.com/plainsight/plainsight/internal/whatwg"
	"github.com/plainsight/plainsight/markup"
)

// charClass is a §2 class as a small integer, for the hot loop.
type charClass uint8

const (
	noClass charClass = iota
	zeroWidth
	bidiControl
	unicodeTag
	controlChar
	privateUse
	unassigned
)

var charClassNames = [...]Class{
	zeroWidth:   ZeroWidth,
	bidiControl: BidiControl,
	unicodeTag:  UnicodeTag,
	controlChar: ControlChar,
	privateUse:  PrivateUse,
	unassigned:  UnassignedCodepoint,
}

// asciiClass classifies the ASCII range: §2 control_char is U+0000–U+001F
// except tab, line feed and carriage return, and U+007F.
var asciiClass = func() (t [utf8.RuneSelf]charClass) {
	for b := range t {
		if (b < 0x20 && b != '\t' && b != '\n' && b != '\r') || b == 0x7F {
			t[b] = controlChar
		}
	}
	return t
}()

// classOf returns the §2 class of r. The ranges are checked in the order
// below, so a codepoint in two of them belongs to the first: U+E0000 and
// U+E0002–U+E001F are unassigned but lie in the tag block, and are
// unicode_tag.
func classOf(r rune) charClass {
	if r < utf8.RuneSelf {
		return asciiClass[r]
	}
	if r <= 0x9F {
		return controlChar // the C1 controls
	}
	p := ucd.Lookup(r)
	// Every codepoint of a §2 class has General_Category Cc, Cf, Co, Cs or
	// Cn, so everything printable leaves here (TestClassesAreNonPrinting).
	if p&ucd.NonPrinting == 0 {
		return noClass
	}
	switch {
	case r == 0x200B, r == 0x200C, r == 0x200D, r == 0xFEFF, r == 0x2060:
		return zeroWidth
	case 0x202A <= r && r <= 0x202E, 0x2066 <= r && r <= 0x2069:
		return bidiControl
	case 0xE0000 <= r && r <= 0xE007F:
		return unicodeTag
	case 0xE000 <= r && r <= 0xF8FF, 0xF0000 <= r && r <= 0xFFFFD, 0x100000 <= r && r <= 0x10FFFD:
		return privateUse
	case p&(ucd.Unassigned|ucd.Surrogate) != 0:
		// Cn, which includes the noncharacters, and lone surrogates (only
		// UTF-16 input can carry them).
		return unassigned
	}
	return noClass
}

// decodeAt decodes the codepoint at s[i:]. An ill-formed sequence is one
// U+FFFD spanning its maximal subpart (ok false), except that with isWTF8 a
// three-byte encoded surrogate is that surrogate.
func decodeAt(s string, i int, isWTF8 bool) (r rune, size int, ok bool) {
	r, size, ok = whatwg.DecodeRune(s[i:])
	if !ok && isWTF8 && i+2 < len(s) && s[i] == 0xED && s[i+1]&0xE0 == 0xA0 && s[i+2]&0xC0 == 0x80 {
		return rune(s[i+1]&0x3F)<<6 | rune(s[i+2]&0x3F) | 0xD000, 3, true
	}
	return r, size, ok
}

// charScan is one pass over a text finding the runs of §2 and building the
// sanitized copy of §6.
type charScan struct {
	s      string
	isWTF8 bool
	max    int // findings to keep; < 0: all

	findings     []Finding
	count        int // every run, kept or not
	edits        int // every §2 codepoint and ill-formed sequence
	invalid      []InvalidSequence
	invalidCount int // every ill-formed sequence, kept or not
	truncated    bool

	// With recordEdits, spans lists the §2 codepoints and ill-formed
	// sequences in order, as long as there are at most maxEditSpans of
	// them; past that it is nil and spansLost is set. §5 makes its view of
	// a text without them from it (see viewWithout).
	recordEdits bool
	spans       []editSpan
	spansLost   bool

	// The run being extended, if run.class != noClass.
	run struct {
		class                 charClass
		start, byteStart, u16 int
		cps                   [12]rune
		ncps                  int
	}

	// The sanitized copy, started at the first edit; s[last:] is not yet
	// copied into it. cuts are byte ranges to leave out besides the §2
	// codepoints (the §3 constructs); cuts[nc:] are not yet applied.
	omitSanitized bool
	sb            strings.Builder
	sink          stringWriter // where the copy goes, once edited: &sb unless set
	edited        bool
	last          int
	cuts          []span
	nc            int
	base64Hint    bool // the text may hold a base64 token (see skipClean)
	charEdited    bool // more than self-contained markup was taken out: a §2 codepoint, an ill-formed byte, a blob

	// offsets resolves the byte offsets of §3 constructs to codepoint and
	// UTF-16 offsets as the pass goes by them.
	offsets offsets
	// at is where the pass has got to (see scanTo).
	at textPos
}

// stringWriter is what the sanitized copy is written to.
type stringWriter interface {
	WriteString(string) (int, error)
}

// span is a byte range [start, end), and what replaces it in the
// sanitized copy (nothing, Placeholder, or blobLabel). It takes 24 bytes:
// text made of constructs has a span every few bytes.
type span struct {
	start, end int
	with       cutText
}

// cutText is what stands in the sanitized copy for a span cut from it.
type cutText uint8

const (
	noCutText   cutText = iota
	placeholder         // Placeholder
	blobLabel           // "(base64_blob)", see removeRebuilt
)

// text returns the text that stands in the copy.
func (r cutText) text() string {
	switch r {
	case placeholder:
		return Placeholder
	case blobLabel:
		return "(base64_blob)"
	}
	return ""
}

// position is an offset in codepoints and in UTF-16 code units.
type position struct{ cp, u16 int }

// offsets maps byte offsets, all at codepoint boundaries, to positions.
// bytes is sorted, without duplicates, and ends with a sentinel that no
// offset reaches; pos[i] is the position of bytes[i] once the pass has
// reached it, and next is the first not yet reached.
type offsets struct {
	bytes []int
	pos   []position
	edits []int // edits[i]: the §2 codepoints and ill-formed sequences before bytes[i]
	next  int
}

// noOffsets is the offsets of a text without markup: the sentinel alone.
var noOffsets = []int{math.MaxInt}

// newOffsets returns the offsets of the starts and ends of marks, and of
// the byte offsets extra, sorted.
func newOffsets(marks []markup.Construct, extra []int) offsets {
	if len(marks) == 0 && len(extra) == 0 {
		return offsets{bytes: noOffsets}
	}
	b := make([]int, 0, 2*len(marks)+len(extra)+1)
	for _, m := range marks {
		b = append(b, m.Start, m.End)
	}
	b = append(b, extra...)
	slices.Sort(b)
	b = append(slices.Compact(b), math.MaxInt)
	return offsets{bytes: b, pos: make([]position, len(b)-1), edits: make([]int, len(b)-1)}
}

// at returns the position of byte offset b, which must be one of those the
// offsets were made for.
func (o *offsets) at(b int) position {
	i, _ := slices.BinarySearch(o.bytes, b)
	return o.pos[i]
}

// reach records the positions of the offsets before end, for a stretch of
// single-byte codepoints from byte i at position (cp, u16), none of them
// an edit, with edits before i.
func (o *offsets) reach(i, end, cp, u16, edits int) {
	for ; o.bytes[o.next] < end; o.next++ {
		d := max(0, o.bytes[o.next]-i)
		o.pos[o.next] = position{cp + d, u16 + d}
		o.edits[o.next] = edits
	}
}

// editsAt returns the number of §2 codepoints and ill-formed sequences
// before byte offset b, which must be one of those the offsets were made
// for.
func (o *offsets) editsAt(b int) int {
	i, _ := slices.BinarySearch(o.bytes, b)
	return o.edits[i]
}

func (c *charScan) keep(n int) bool {
	if c.max >= 0 && n >= c.max {
		c.truncated = true
		return false
	}
	return true
}

func (c *charScan) scan() {
	c.scanTo(len(c.s))
	c.finish()
}

// scanTo runs the pass on from where it stopped up to byte end at least
// (a stretch of clean ASCII may take it further), with the positions and
// edits at the offsets up to end recorded. The pass runs exactly as in one
// call with end at the text's end; finish ends it.
func (c *charScan) scanTo(end int) {
	s := c.s
	i, cp, u16 := c.at.b, c.at.cp, c.at.u16
	if c.offsets.bytes == nil {
		c.offsets = newOffsets(nil, nil)
	}
	off := &c.offsets
	end = min(end, len(s))
	for i < end {
		if off.bytes[off.next] <= i {
			off.reach(i, i+1, cp, u16, c.edits)
		}
		var (
			r    rune
			size int
			k    charClass
		)
		b := s[i]
		switch {
		case b < utf8.RuneSelf:
			if asciiClass[b] == noClass {
				// Clean ASCII: skip as much of it as there is.
				if c.run.class != noClass {
					c.endRun(i, cp, u16)
				}
				j := skipClean(s, i+1, &c.base64Hint)
				if off.bytes[off.next] < j {
					off.reach(i, j, cp, u16, c.edits)
				}
				cp += j - i
				u16 += j - i
				i = j
				continue
			}
			r, size, k = rune(b), 1, controlChar
		case 0xC2 <= b && b < 0xE0 && i+1 < len(s) && s[i+1]&0xC0 == 0x80:
			// Two-byte sequences, decoded inline for speed.
			r, size = rune(b&0x1F)<<6|rune(s[i+1]&0x3F), 2
			if ucd.Lookup(r)&ucd.NonPrinting != 0 { // inlined fast path of classOf
				k = classOf(r)
			}
		case 0xE0 <= b && b < 0xF0 && i+2 < len(s) && s[i+1]&0xC0 == 0x80 && s[i+2]&0xC0 == 0x80 &&
			(b != 0xE0 || s[i+1] >= 0xA0) && (b != 0xED || s[i+1] < 0xA0):
			// Three-byte sequences (not overlong, not a surrogate).
			r, size = rune(b&0x0F)<<12|rune(s[i+1]&0x3F)<<6|rune(s[i+2]&0x3F), 3
			if ucd.Lookup(r)&ucd.NonPrinting != 0 {
				k = classOf(r)
			}
		default:
			var ok bool
			r, size, ok = decodeAt(s, i, c.isWTF8)
			if ok {
				k = classOf(r)
			} else {
				c.replace(i, size, cp)
			}
		}
		if k != noClass {
			c.extendRun(k, r, i, cp, u16)
			c.remove(i, size)
		} else if c.run.class != noClass {
			c.endRun(i, cp, u16)
		}
		cp++
		u16++
		if r >= 0x10000 {
			u16++
		}
		i += size
		if k == noClass && size < 4 {
			// Text in other scripts: the printable codepoints of two and
			// three bytes after this one, and the spaces and punctuation
			// between them, up to the next offset to record.
			j, n := skipPrintable(s, i, min(end, off.bytes[off.next]))
			i, cp, u16 = j, cp+n, u16+n
		}
	}
	if off.bytes[off.next] <= i {
		off.reach(i, i+1, cp, u16, c.edits)
	}
	c.at = textPos{i, cp, u16}
}

// finish ends the pass, which has reached the end of the text.
func (c *charScan) finish() {
	c.endRun(c.at.b, c.at.cp, c.at.u16)
	c.offsets.reach(c.at.b, c.at.b+1, c.at.cp, c.at.u16, c.edits)
}

func (c *charScan) extendRun(k charClass, r rune, i, cp, u16 int) {
	c.edits++
	run := &c.run
	if run.class != k {
		c.endRun(i, cp, u16)
		run.class, run.start, run.byteStart, run.u16, run.ncps = k, cp, i, u16, 0
	}
	if run.ncps == len(run.cps) {
		return
	}
	for _, seen := range run.cps[:run.ncps] {
		if seen == r {
			return
		}
	}
	run.cps[run.ncps] = r
	run.ncps++
}

// endRun closes the run being extended, if any, at the given offsets.
func (c *charScan) endRun(i, cp, u16 int) {
	run := &c.run
	if run.class == noClass {
		return
	}
	c.count++
	if c.keep(len(c.findings)) {
		cps := make([]string, run.ncps)
		for j, r := range run.cps[:run.ncps] {
			cps[j] = codepointString(r)
		}
		f := Finding{
			Class:      charClassNames[run.class],
			Start:      run.start,
			End:        cp,
			Codepoints: cps,
			ByteStart:  run.byteStart,
			ByteEnd:    i,
			UTF16Start: run.u16,
			UTF16End:   u16,
		}
		if run.class == unicodeTag {
			f.TagsSpell = tagsSpell(c.s[run.byteStart:i])
		}
		c.findings = append(c.findings, f)
	}
	run.class = noClass
}

// remove drops s[i:i+size] from the sanitized copy (§6).
func (c *charScan) remove(i, size int) {
	if c.recordEdits {
		c.record(i, size, false)
	}
	c.edit(i, size, "")
}

// editSpan is a §2 codepoint, or an ill-formed sequence (replaced), at
// s[start:end].
type editSpan struct {
	start, end int
	replaced   bool
}

// maxEditSpans bounds charScan.spans (24 bytes each, 384 KiB in all), and
// so does a 512th of the text's length (with 64 more): a text with more §2
// codepoints and ill-formed sequences is read for §5 through
// withoutClasses, so that the spans never cost more than a few percent of
// the text.
const maxEditSpans = 1 << 14

// spanLimit is the bound of charScan.spans for a text of n bytes. A
// variable for the tests.
var spanLimit = func(n int) int { return min(maxEditSpans, 64+n/512) }

// record appends s[i:i+size] to c.spans, or drops them all when there are
// too many.
func (c *charScan) record(i, size int, replaced bool) {
	if c.spansLost {
		return
	}
	if len(c.spans) == spanLimit(len(c.s)) {
		c.spans, c.spansLost = nil, true
		return
	}
	c.spans = append(c.spans, editSpan{i, i + size, replaced})
}

// replace records the ill-formed sequence s[i:i+size] and writes it into the
// sanitized copy as the U+FFFD the scan read it as.
func (c *charScan) replace(i, size, cp int) {
	c.edits++
	c.invalidCount++
	if c.recordEdits {
		c.record(i, size, true)
	}
	if c.keep(len(c.invalid)) {
		c.invalid = append(c.invalid, InvalidSequence{Start: cp, ByteStart: i, ByteEnd: i + size})
	}
	c.edit(i, size, "\uFFFD")
}

func (c *charScan) edit(i, size int, with string) {
	if c.omitSanitized {
		return
	}
	c.applyCuts(i)
	if i < c.last {
		return // inside a cut
	}
	c.charEdited = true
	c.startEdits()
	c.sink.WriteString(c.s[c.last:i])
	c.sink.WriteString(with)
	c.last = i + size
}

// applyCuts leaves out of the sanitized copy the cuts that start at or
// before byte upTo.
func (c *charScan) applyCuts(upTo int) {
	for ; c.nc < len(c.cuts) && c.cuts[c.nc].start <= upTo; c.nc++ {
		cut := c.cuts[c.nc]
		c.startEdits()
		if cut.start > c.last {
			c.sink.WriteString(c.s[c.last:cut.start])
		}
		if cut.with != noCutText {
			c.sink.WriteString(cut.with.text())
			c.charEdited = true // text was written, not only markup removed
		}
		c.last = max(c.last, cut.end)
	}
}

func (c *charScan) startEdits() {
	if !c.edited {
		c.edited = true
		if c.sink == nil {
			c.sb.Grow(len(c.s))
			c.sink = &c.sb
		}
	}
}

func (c *charScan) sanitized() string {
	if c.omitSanitized {
		return ""
	}
	c.applyCuts(math.MaxInt)
	if !c.edited {
		return c.s
	}
	c.sink.WriteString(c.s[c.last:])
	c.last = len(c.s)
	if c.sink != &c.sb {
		return "" // written to the sink
	}
	return c.sb.String()
}

// codepointString formats r as "U+" and at least four uppercase hex digits.
func codepointString(r rune) string {
	const hex = "0123456789ABCDEF"
	var b [8]byte
	n := len(b)
	for v := uint32(r); v > 0 || n > len(b)-4; v >>= 4 {
		n--
		b[n] = hex[v&0xF]
	}
	n -= 2
	b[n], b[n+1] = 'U', '+'
	return string(b[n:])
}

// asciiClean marks the bytes that need no attention: printable ASCII, tab,
// line feed and carriage return.
var asciiClean = func() (t [256]bool) {
	for b := range utf8.RuneSelf {
		t[b] = asciiClass[b] == noClass
	}
	return t
}()

// skipClean returns the first index at or after i whose byte is not clean
// ASCII. It tests eight bytes at a time for a byte that is non-ASCII, below
// 0x20 or equal to 0x7F; a word that has one is tested again byte by byte
// without a branch (uncleanBytes), so that the tabs, line feeds and
// carriage returns of prose, which are clean, do not stop it.
//
// On the way it sets *base64Hint when two words in a row hold no byte below
// 0x2B, the lowest of the base64 alphabet of §4 (space and most
// punctuation are below it): a token of 24 alphabet characters or more,
// the shortest §4 can report, covers two such words of any sweep (words run from where the sweep
// starts, and the sweep covers every byte of a clean run but the one
// before it; 23 bytes hold two whole words). Prose, whose words are
// shorter and spaced, seldom sets it; then the text need not be searched
// for base64 at all.
func skipClean(s string, i int, base64Hint *bool) int {
	const (
		ones = 0x0101010101010101
		high = 0x8080808080808080
	)
	for {
		if i < len(s) && !asciiClean[s[i]] {
			return i // a short run, as between words of other scripts
		}
		// Sixteen bytes a turn while both words are clean. A token of 24
		// or more covers two words in a row, so it covers the first word of
		// some turn: only when that word holds no byte below 0x2B (seldom,
		// in prose) are its neighbours looked at.
		prevW := uint64(0x20 * ones) // a word of spaces: no run before the first
		for ; i+16 <= len(s); i += 16 {
			t := s[i : i+16] // one bounds check for both words
			w := load64(t)
			// A high bit in w: non-ASCII. A borrow into one from w-0x20: a
			// byte below 0x20. A carry into one from w+1: 0x7F (bytes at or
			// above 0x80, whose +1 may carry further, are caught by w).
			if (w|(w-0x20*ones)&^w|(w+ones))&high != 0 {
				if m := uncleanBytes(w); m != 0 {
					return i + bits.TrailingZeros64(m)>>3
				}
			}
			w2 := load64(t[8:])
			if (w2|(w2-0x20*ones)&^w2|(w2+ones))&high != 0 {
				if m := uncleanBytes(w2); m != 0 {
					// The run ends in w2: w and the word before it count.
					if (w-0x2B*ones)&^w&high == 0 && (prevW-0x2B*ones)&^prevW&high == 0 {
						*base64Hint = true
					}
					return i + 8 + bits.TrailingZeros64(m)>>3
				}
			}
			// A byte below 0x2B borrows into its high bit.
			if (w-0x2B*ones)&^w&high == 0 && ((prevW-0x2B*ones)&^prevW&high == 0 || (w2-0x2B*ones)&^w2&high == 0) {
				*base64Hint = true
			}
			prevW = w2
		}
		// Fewer than sixteen bytes are left: eight a turn, then the rest.
		if prev := (prevW - 0x2B*ones) &^ prevW & high; i+8 <= len(s) {
			w := load64(s[i:])
			if (w|(w-0x20*ones)&^w|(w+ones))&high != 0 {
				goto bytewise
			}
			if prev|(w-0x2B*ones)&^w&high == 0 {
				*base64Hint = true
			}
			i += 8
		}
	bytewise:
		end := min(i+8, len(s))
		for ; i < end; i++ {
			if !asciiClean[s[i]] {
				return i
			}
		}
		if i == len(s) {
			return i
		}
	}
}

// uncleanBytes returns the high bit of each byte of w (byte k at bit 8k+7)
// that is not clean ASCII (asciiClean): at or above 0x7F, or below 0x20 but
// for tab, line feed and carriage return (§2's control_char in ASCII, and
// the bytes that begin the other classes). Each byte is tested on its own:
// with its high bit cleared, adding to it carries into no other byte.
func uncleanBytes(w uint64) uint64 {
	const (
		ones = 0x0101010101010101
		high = 0x8080808080808080
	)
	low := w &^ high
	// Adding 1 reaches 0x80 from 0x7F; w's own high bit is a byte above.
	del := low + ones | w
	// Adding 0x60 reaches 0x80 from 0x20: a byte below 0x20 stays under.
	ctl := ^(low + 0x60*ones) &^ w
	// Adding 0x7F reaches 0x80 from any byte but zero: the bytes equal
	// to tab, line feed or carriage return stay under.
	white := ^(low ^ '\t'*ones + 0x7F*ones) | ^(low ^ '\n'*ones + 0x7F*ones) | ^(low ^ '\r'*ones + 0x7F*ones)
	return (del | ctl&^white) & high
}

// skipPrintable returns the first index j at or after i, and at most lim
// (a codepoint boundary), whose byte begins neither a codepoint of two or
// three bytes that is not NonPrinting (and so in no class, see classOf)
// nor is a clean ASCII byte outside the base64 alphabet (see spaceLike),
// and the number of codepoints before it, each one UTF-16 unit. It is the pass's loop for
// text in other scripts, which passes over their words and the spaces
// between them without the rest of the pass's bookkeeping; ASCII letters
// and digits are left to skipClean, which looks out for base64 (§4) on
// the way.
func skipPrintable(s string, i, lim int) (j, n int) {
	lim = min(lim, len(s))
	for i < lim {
		b := s[i]
		switch {
		case b < utf8.RuneSelf:
			if !spaceLike[b] {
				return i, n
			}
			i++
		case 0xC2 <= b && b < 0xE0 && i+1 < len(s) && s[i+1]&0xC0 == 0x80:
			if ucd.Lookup(rune(b&0x1F)<<6|rune(s[i+1]&0x3F))&ucd.NonPrinting != 0 {
				return i, n
			}
			i += 2
		case 0xE0 <= b && b < 0xF0 && i+2 < len(s) && s[i+1]&0xC0 == 0x80 && s[i+2]&0xC0 == 0x80 &&
			(b != 0xE0 || s[i+1] >= 0xA0) && (b != 0xED || s[i+1] < 0xA0):
			if ucd.Lookup(rune(b&0x0F)<<12|rune(s[i+1]&0x3F)<<6|rune(s[i+2]&0x3F))&ucd.NonPrinting != 0 {
				return i, n
			}
			i += 3
		default:
			return i, n
		}
		n++
	}
	return i, n
}

// spaceLike marks the clean ASCII bytes (asciiClean) outside the base64
// alphabet of §4: white space and most punctuation.
var spaceLike = func() (t [utf8.RuneSelf]bool) {
	for b := range t {
		t[b] = asciiClass[b] == noClass && !('A' <= b && b <= 'Z' || 'a' <= b && b <= 'z' || '0' <= b && b <= '9' || strings.IndexByte("+/=-_", byte(b)) >= 0)
	}
	return t
}()

// MaxTagsSpell bounds Finding.TagsSpell, in bytes.
const MaxTagsSpell = 1000

// tagsSpell is the ASCII that a run of tag characters spells: U+E0020 to
// U+E007E are the tag forms of U+0020 to U+007E; the language tag U+E0001
// and the cancel tag U+E007F spell nothing. At most MaxTagsSpell bytes, with
// "…" where cut.
func tagsSpell(run string) string {
	var b strings.Builder
	for _, r := range run {
		if r < 0xE0020 || r > 0xE007E {
			continue
		}
		if b.Len() == MaxTagsSpell {
			b.WriteString("…")
			break
		}
		b.WriteByte(byte(r - 0xE0000))
	}
	return b.String()
}
