package scan

import (
	"slices"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/plainsight/plainsight/b64"
	"github.com/plainsight/plainsight/internal/extclass"
	"github.com/plainsight/plainsight/internal/ucd"
)

// rescanWindow is the longest decoded text that §4's rescan reads whole. A
// blob that decodes to more is decoded a chunk at a time (b64.Decode) and
// rescanned in windows of about this many bytes, so that its rescan holds a
// window, not the text. A variable for the tests, which make it small.
var rescanWindow = 1 << 20

// rescanContext is how many bytes on each side of a window the excerpts and
// the Strict rules read: more than an excerpt's context (about 130 bytes),
// a zero-width character's neighbours, and the 4 KiB groups and look-ahead
// of the LaTeX constructs (extclass).
const rescanContext = 16 << 10

// rescannedInWindows reports whether the Strict rules of the rescan of a
// base64_blob finding's decoded text were applied as it was found: when it
// was rescanned in windows, or its Decoded text cut at Options.MaxDecoded.
func rescannedInWindows(f *Finding) bool {
	return f.DecodedLen > 0 || len(f.Decoded) > rescanWindow
}

// windowRescan is §4's rescan of a long decoded text (with, in Strict,
// strictRescan's rules), one window at a time. Windows are cut where §5
// may cut a text (see nextWindowCut): a §2 run, a §5 word or passage, a
// selector or reference run never crosses a cut, so each window's findings
// are the whole text's that start in it; the excerpts and the Strict rules
// read the window with rescanContext bytes on each side. Findings are kept
// as rescan keeps them: the first maxFindings in Result order, and in
// Strict the first of each extension kind, merged at the end as
// strictRescan merges them.
type windowRescan struct {
	o    options
	text string   // the scanned text
	blob b64.Blob // the blob of it whose decoded text this is
	// rtl says whether the whole decoded text holds a right-to-left letter,
	// once rtlKnown (see hasRTL).
	rtl, rtlKnown bool

	buf  []byte // the decoded text from base on
	base int    // the offset of buf[0] in the decoded text
	a    int    // the start of the next window
	// searched is how far the search for the next window's cut has looked.
	searched int
	pos      position // the position of a
	full     bool     // nothing more can be kept: the rest is decoded, not read

	spec      []Finding // the §2 and §5 findings kept, in Result order
	allowed   []bool    // in Strict, spec[i] is a zero-width character the allow-rules leave out
	truncated bool
	ext       [3][]Finding // in Strict: the selector and format, the reference, the LaTeX findings
}

// rescanLong decodes the long blob b of s and rescans its text in windows.
// It returns the decoded text (a prefix of at most o.maxDecoded bytes, cut
// at a codepoint boundary, when o.maxDecoded is positive) and the findings
// and truncation rescan (and, in Strict, strictRescan) would give for the
// whole text.
func rescanLong(s string, b b64.Blob, o options) (decoded string, findings []Finding, truncated bool) {
	// A window, its context on each side and a chunk: the buffer grows
	// past that only while a window looks for a cut.
	w := &windowRescan{o: o, text: s, blob: b, buf: make([]byte, 0, rescanWindow+2*rescanContext+64<<10)}
	var dec strings.Builder
	keep := b.DecodedLen
	if o.maxDecoded > 0 {
		keep = min(keep, o.maxDecoded+utf8.UTFMax)
	}
	dec.Grow(keep)
	b64.Decode(s, b, func(p []byte) bool {
		if n := keep - dec.Len(); n > 0 {
			dec.Write(p[:min(n, len(p))])
		}
		if !w.full {
			w.buf = append(w.buf, p...)
			w.windows(false)
		}
		return !w.full || dec.Len() < keep
	})
	if !w.full {
		w.windows(true)
	}
	decoded = dec.String()
	if o.maxDecoded > 0 && len(decoded) > o.maxDecoded {
		i := o.maxDecoded
		for i > 0 && !utf8.RuneStart(decoded[i]) {
			i--
		}
		decoded = decoded[:i]
	}
	findings, truncated = w.result()
	return decoded, findings, truncated
}

// decodedHasRTL reports whether the decoded text of b holds a letter, mark
// or number of a right-to-left script, which some Strict rules ask of the
// whole text (extclass's rtlCache).
func decodedHasRTL(s string, b b64.Blob) bool {
	var carry []byte // the start of a codepoint cut by the end of a chunk
	found := false
	b64.Decode(s, b, func(p []byte) bool {
		if len(carry) > 0 {
			k := len(carry)
			carry = append(carry, p[:min(len(p), utf8.UTFMax)]...)
			if !utf8.FullRune(carry) {
				return true // a chunk shorter than the codepoint's rest: all of it carried
			}
			r, size := utf8.DecodeRune(carry)
			if isRTL(r) {
				found = true
				return false
			}
			p = p[size-k:]
			carry = carry[:0]
		}
		for i := 0; i < len(p); {
			if p[i] < utf8.RuneSelf {
				i++
				continue
			}
			if !utf8.FullRune(p[i:]) {
				carry = append(carry[:0], p[i:]...)
				break
			}
			r, size := utf8.DecodeRune(p[i:])
			if isRTL(r) {
				found = true
				return false
			}
			i += size
		}
		return true
	})
	return found
}

// hasRTL reports whether the whole decoded text holds a right-to-left
// letter: a pass of its own over the decoded text, made once, and only for
// a window that may ask.
func (w *windowRescan) hasRTL() bool {
	if !w.rtlKnown {
		w.rtl, w.rtlKnown = decodedHasRTL(w.text, w.blob), true
	}
	return w.rtl
}

// mayAskRTL reports whether the Strict rules may ask of s whether the text
// holds a right-to-left letter: only for an invisible format character or
// a reference to one (a non-ASCII byte, '&' or '\\').
func mayAskRTL(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= utf8.RuneSelf || c == '&' || c == '\\' {
			return true
		}
	}
	return false
}

// isRTL is extclass's test for a right-to-left letter.
func isRTL(r rune) bool {
	return r >= 0x0590 && ucd.Ext(r)&ucd.RightToLeft != 0 && ucd.IsLetterMarkNumber(r)
}

// stringHasRTL reports whether s holds a right-to-left letter.
func stringHasRTL(s string) bool {
	for _, r := range s {
		if isRTL(r) {
			return true
		}
	}
	return false
}

// rtlMarker is a right-to-left letter added to a window's context that has
// none when the whole text has one (see window).
const rtlMarker = "\n\u05D0"

// windows rescans the windows that can be cut from what is decoded so far;
// with final, the decoding is done and every window is rescanned.
func (w *windowRescan) windows(final bool) {
	for !w.full {
		end := w.base + len(w.buf)
		if w.a >= end {
			return
		}
		b := -1
		switch {
		case end-w.a <= rescanWindow:
			if !final {
				return
			}
			b = end
		default:
			// A cut at least rescanWindow into the window, found with
			// rescanContext bytes after it; the search goes on from where it
			// stopped as more is decoded. A text with no place to cut grows
			// the window: §5 reads a passage whole.
			hi := end - rescanContext
			if final {
				hi = end
			}
			from := max(w.a+rescanWindow, w.searched)
			if cut, ok := nextWindowCut(w.buf, from-w.base, hi-w.base); ok {
				b = w.base + cut
			} else {
				w.searched = max(w.searched, hi)
				if !final {
					return
				}
				b = end
			}
		}
		w.window(b, final && b == end)
		w.a = b
		// Keep rescanContext bytes before the next window.
		keepFrom := max(w.base, b-rescanContext)
		for keepFrom < b && !utf8.RuneStart(w.buf[keepFrom-w.base]) {
			keepFrom++
		}
		n := copy(w.buf, w.buf[keepFrom-w.base:])
		w.buf, w.base = w.buf[:n], keepFrom
	}
}

// nextWindowCut returns the first place in buf[from:to] where segmentCuts
// may cut a text: between the two line feeds of a blank line, or after
// '.', '!' or '?' and a space, tab, line feed or carriage return. §5 finds
// in the parts what it finds in the whole, and no §2 run, word, selector or
// reference run holds either byte.
func nextWindowCut(buf []byte, from, to int) (int, bool) {
	for i := max(from, 1); i < to; i++ {
		c := buf[i]
		if c != ' ' && c != '\t' && c != '\n' && c != '\r' {
			continue
		}
		if p := buf[i-1]; p == '.' || p == '!' || p == '?' || c == '\n' && p == '\n' {
			return i, true
		}
	}
	return 0, false
}

// window rescans the window [w.a, b) of the decoded text; last says it
// ends the text.
func (w *windowRescan) window(b int, last bool) {
	o := w.o
	end := w.base + len(w.buf)
	lo := max(w.base, w.a-rescanContext)
	for lo < w.a && !utf8.RuneStart(w.buf[lo-w.base]) {
		lo++
	}
	hi := min(end, b+rescanContext)
	for hi > b && hi < end && !utf8.RuneStart(w.buf[hi-w.base]) {
		hi--
	}
	// The context and the window in it, read in place: nothing found keeps
	// a substring of them.
	cx := unsafe.String(&w.buf[lo-w.base], hi-lo)
	off := w.a - lo
	t := cx[off : off+b-w.a]
	origin := positionsAt(cx, false, []int{off})[0] // the position of w.a in cx
	global := func(f *Finding, p position, cxOff int) {
		// From offsets in a string that starts at position p and byte cxOff
		// of cx, to offsets in the decoded text.
		f.Start += w.pos.cp + p.cp - origin.cp
		f.End += w.pos.cp + p.cp - origin.cp
		f.UTF16Start += w.pos.u16 + p.u16 - origin.u16
		f.UTF16End += w.pos.u16 + p.u16 - origin.u16
		f.ByteStart += lo + cxOff
		f.ByteEnd += lo + cxOff
	}

	if !w.specFull() {
		c := &charScan{s: t, max: o.maxFindings, omitSanitized: true}
		c.scan()
		var segs []segment
		if len(t) >= 2*segmentSize {
			cuts := segmentCuts(t)
			segs = segmentsOf(t, cuts, positionsAt(t, false, cuts), nil, 0)
		}
		heur, heurCount := heuristics(t, false, c.count > 0, o.maxFindings, segs)
		found := append(c.findings, heur...)
		if c.truncated || len(heur) < heurCount {
			w.truncated = true
		}
		sortFindings(found)
		for i := range found {
			f := &found[i]
			if o.maxFindings >= 0 && len(w.spec) >= o.maxFindings {
				w.truncated = true
				break
			}
			g := *f
			g.ByteStart, g.ByteEnd = f.ByteStart+off, f.ByteEnd+off
			if !o.omitExcerpts {
				f.Excerpt = excerpt(cx, false, &g)
			}
			allowed := o.profile == Strict && f.Class == ZeroWidth && !o.keepZeroWidth &&
				extclass.AllowedZeroWidth(cx, g.ByteStart, g.ByteEnd)
			global(f, origin, off)
			w.spec = append(w.spec, *f)
			w.allowed = append(w.allowed, allowed)
		}
	}

	if o.profile == Strict && !w.extFull() {
		w.extWindow(cx, off, off+b-w.a, last, global)
	}
	n := positionsAt(t, false, []int{len(t)})[0]
	w.pos = position{w.pos.cp + n.cp, w.pos.u16 + n.u16}
	w.full = w.specFull() && (o.profile != Strict || w.extFull())
}

// extWindow finds the extension findings of Strict that start in the
// window cx[from:to] (strictRescan's, with its caps).
func (w *windowRescan) extWindow(cx string, from, to int, last bool, global func(*Finding, position, int)) {
	o := w.o
	// The rules that ask whether the text holds a right-to-left letter ask
	// it of the whole text: a context without one gets one, where it
	// changes no neighbour of the window's codepoints.
	marked, shift := cx, 0
	if mayAskRTL(cx) && !stringHasRTL(cx) && w.hasRTL() {
		if last {
			marked, shift = rtlMarker+cx, len(rtlMarker)
		} else {
			marked = cx + rtlMarker
		}
	}
	// At most one span starts at each of the context's bytes before the
	// window: the first maxFindings of the window's are among the first
	// maxFindings+from of the context's.
	limit := -1
	if o.maxFindings >= 0 {
		limit = o.maxFindings + from
	}
	chars, _ := extclass.Chars(marked, limit)
	refs, _ := extclass.References(marked, limit)
	latex, _ := extclass.LaTeX(cx, -1)
	var spans [3][]extSpan
	for _, sp := range chars {
		spans[0] = append(spans[0], extSpan{class: extClassNames[sp.Class], start: sp.Start - shift, end: sp.End - shift, cps: sp.Codepoints, carried: sp.Carried})
	}
	for _, sp := range refs {
		spans[1] = append(spans[1], extSpan{class: extClassNames[sp.Class], start: sp.Start - shift, end: sp.End - shift, cps: sp.Codepoints})
	}
	for _, h := range latex {
		spans[2] = append(spans[2], extSpan{class: HiddenMarkup, kind: latexKinds[h.Kind], start: h.Start, end: h.End})
	}
	origin := positionsAt(cx, false, []int{from})[0]
	for k := range spans {
		owned := spans[k][:0]
		for _, sp := range spans[k] {
			if sp.start >= from && sp.start < to {
				owned = append(owned, sp)
			}
		}
		if o.maxFindings >= 0 {
			owned = owned[:min(len(owned), o.maxFindings-len(w.ext[k]))]
		}
		if len(owned) == 0 {
			continue
		}
		for _, f := range extFindings(cx, false, owned, !o.omitExcerpts) {
			// extFindings's positions count from cx's start; global
			// counts from the window's.
			f.ByteStart, f.ByteEnd = f.ByteStart-from, f.ByteEnd-from
			f.Start, f.End = f.Start-origin.cp, f.End-origin.cp
			f.UTF16Start, f.UTF16End = f.UTF16Start-origin.u16, f.UTF16End-origin.u16
			global(&f, origin, from)
			w.ext[k] = append(w.ext[k], f)
		}
	}
}

// specFull reports that no more §2 or §5 finding can be kept.
func (w *windowRescan) specFull() bool {
	return w.o.maxFindings >= 0 && len(w.spec) >= w.o.maxFindings && w.truncated
}

// extFull reports that no more extension finding can be kept.
func (w *windowRescan) extFull() bool {
	m := w.o.maxFindings
	return m >= 0 && len(w.ext[0]) >= m && len(w.ext[1]) >= m && len(w.ext[2]) >= m
}

// result returns the findings as rescan, then (in Strict) strictRescan,
// would: the allowed zero-width characters left out, the extension
// findings merged by start as findExtensions merges them, at most
// maxFindings in all.
func (w *windowRescan) result() ([]Finding, bool) {
	if w.o.profile != Strict {
		if w.spec == nil {
			return []Finding{}, w.truncated
		}
		return w.spec, w.truncated
	}
	kept := w.spec[:0]
	for i, f := range w.spec {
		if !w.allowed[i] {
			kept = append(kept, f)
		}
	}
	ext := make([]Finding, 0, len(w.ext[0])+len(w.ext[1])+len(w.ext[2]))
	for k := range w.ext {
		ext = append(ext, w.ext[k]...)
	}
	slices.SortStableFunc(ext, func(a, b Finding) int { return a.ByteStart - b.ByteStart })
	if m := w.o.maxFindings; m >= 0 && len(ext) > m {
		ext = ext[:m]
	}
	for _, f := range ext {
		if w.o.maxFindings >= 0 && len(kept) >= w.o.maxFindings {
			break
		}
		if f.Class == HiddenMarkup {
			continue // the rescan reads no markup (§4)
		}
		kept = append(kept, f)
	}
	sortFindings(kept)
	if kept == nil {
		kept = []Finding{}
	}
	return kept, w.truncated
}

// prefixOf returns the longest prefix of s of at most n bytes that ends at
// a codepoint boundary.
func prefixOf(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
