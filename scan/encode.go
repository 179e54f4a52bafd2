package scan

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/plainsight/plainsight/b64"
	"github.com/plainsight/plainsight/internal/ucd"
)

// WriteJSON writes r to w as JSON: the bytes encoding/json writes for r
// with HTML escaping off (json.Encoder.SetEscapeHTML(false)), without the
// encoder's final line feed. Long strings (the sanitized copy, the decoded
// text of a blob) are escaped and written a piece at a time rather than
// built whole first, so writing costs little memory beyond r itself.
func (r *Result) WriteJSON(w io.Writer) error {
	return writeResultJSON(w, r, nil, "")
}

// EncodeFile scans text as [ScanFile] does and writes the Result to w as
// [Result.WriteJSON] does, except that the sanitized copy is written as it
// is made, never held whole: for a large text, or one whose copy grows
// (each ill-formed byte becomes the three bytes of U+FFFD), memory stays
// near the size of the text rather than several times it. Only when the
// copy may hold markup that the removals built (it holds a '<' or "]:"),
// or in the email_html context, is it built whole first, as Scan builds it;
// so it is in the Strict profile when the text holds something Strict
// removes, or the copy holds a backslash, a variation selector or an
// invisible format character that an edit may have made into something
// Strict removes; and for each part in ContextEmail. The Result it returns
// has an empty Sanitized unless the copy was built whole. So is a blob's
// decoded text of more than 1 MiB written as it is decoded again from
// text, never held: unless Options.MaxDecoded cuts it (what is written
// too), the Result holds its first MiB and Finding.DecodedLen its length.
// The errors are Scan's and w's.
func EncodeFile(w io.Writer, text string, opts *Options) (*Result, error) {
	o, err := opts.resolve()
	if err != nil {
		return nil, err
	}
	if o.context == ContextEmail {
		// The parts are scanned one by one, each copy built whole.
		res, err := ScanFile(text, opts)
		if err != nil {
			return nil, err
		}
		return res, res.WriteJSON(w)
	}
	o.omitSanitized = false
	// A blob's decoded text longer than a rescan window is written as it
	// is decoded again from text, not held: the Result keeps a prefix.
	streamDecoded := o.maxDecoded <= 0
	if streamDecoded {
		o.maxDecoded = rescanWindow
	}
	shift := 0
	if strings.HasPrefix(text, "\uFEFF") {
		shift = len("\uFEFF")
	}
	res, z := runDeferred(text[shift:], false, o, true)
	if o.profile == Strict {
		so := o
		so.omitSanitized = true
		if strict(res, text[shift:], false, so) {
			// The text holds what Strict removes: its copy is built
			// whole, as Scan builds it.
			res.Sanitized, z = runProfile(text[shift:], false, o).Sanitized, nil
		} else {
			// Strict's copy is the Spec one unless the Spec removals
			// built something Strict removes (see sanitizer.writeTo).
			z.strict = &o
		}
	}
	shiftBytes(res, shift)
	src := ""
	if streamDecoded {
		src = text
	}
	return res, writeResultJSON(w, res, z, src)
}

// shiftBytes adds n to every byte offset of res.
func shiftBytes(res *Result, n int) {
	if n == 0 {
		return
	}
	for i := range res.Findings {
		res.Findings[i].ByteStart += n
		res.Findings[i].ByteEnd += n
	}
	for i := range res.InvalidUTF8 {
		res.InvalidUTF8[i].ByteStart += n
		res.InvalidUTF8[i].ByteEnd += n
	}
}

// sanitizer writes the sanitized copy of a text (§6) that a scan did not
// build: another pass over the codepoints with the same cuts.
type sanitizer struct {
	s      string
	isWTF8 bool
	cuts   []span
	// selfContained says that every construct cut is self-contained (see
	// mayRebuild).
	selfContained bool
	email         bool
	// strict, when set, asks for the copy of the Strict profile, of a text
	// that holds nothing Strict removes (strict reported false): the Spec
	// copy, unless the Spec removals built a selector, an invisible format
	// character or a LaTeX construct (see strictSanitized).
	strict *options
}

func (z *sanitizer) pass(sink stringWriter) *charScan {
	c := &charScan{s: z.s, isWTF8: z.isWTF8, max: 0, cuts: z.cuts, sink: sink}
	c.scan()
	c.sanitized()
	return c
}

// writeTo writes the sanitized copy to w, the same bytes as Scan's
// Result.Sanitized. A first pass only looks at the copy: when it holds no
// '<' and no "]:" there is no markup in it, or when the removals cannot
// have built any (mayRebuild), no round of removeRebuilt would change it (in
// the text context), and a second pass writes it. For
// the Strict copy (z.strict), the first pass also looks for a backslash, a
// selector or an invisible format character, without which
// extclass.Strip removes nothing, so that the Strict copy is the Spec one.
func (z *sanitizer) writeTo(w stringWriter) {
	look := markupLook{strict: z.strict != nil}
	first := z.pass(&look)
	if !first.edited {
		w.WriteString(z.s) // the Strict copy too: strictSanitized returns s
		return
	}
	// In the text context, removeRebuilt changes nothing unless the copy
	// holds markup and the removals may have built some.
	markupToo := look.found && mayRebuild(z.s, look.colon, z.selfContained, z.cuts, first.charEdited)
	if !z.email && !markupToo && !look.strip {
		z.pass(w)
		return
	}
	c := &charScan{s: z.s, isWTF8: z.isWTF8, max: 0, cuts: z.cuts}
	c.scan()
	sanitized := c.sanitized()
	sanitized = removeRebuilt(sanitized, z.email, markupToo)
	if z.strict != nil {
		sanitized = strictSanitized(z.s, z.isWTF8, sanitized, false, *z.strict)
	}
	w.WriteString(sanitized)
}

// markupLook is a stringWriter that only notes whether what is written
// holds '<' or "]:", the bytes without which markup.Find finds nothing
// (colon: it holds "]:"), and, with strict, whether it holds a backslash or
// a codepoint that is a variation selector or an invisible format
// character, without which extclass.Strip finds nothing. Pieces are cut at
// codepoint boundaries.
type markupLook struct {
	found  bool
	colon  bool
	last   byte
	strict bool
	strip  bool
}

func (m *markupLook) WriteString(s string) (int, error) {
	if s == "" {
		return 0, nil
	}
	if !m.colon && (strings.Contains(s, "]:") || m.last == ']' && s[0] == ':') {
		m.colon, m.found = true, true
	}
	if !m.found && strings.IndexByte(s, '<') >= 0 {
		m.found = true
	}
	m.last = s[len(s)-1]
	if m.strict && !m.strip {
		m.strip = mayStrip(s)
	}
	return len(s), nil
}

// mayStrip reports whether s holds a backslash (which every LaTeX
// construct starts with) or a codepoint that is a variation selector or an
// invisible format character: whether extclass.Strip may remove anything
// from a text made of such pieces.
func mayStrip(s string) bool {
	if strings.IndexByte(s, '\\') >= 0 {
		return true
	}
	for i := 0; i < len(s); {
		if s[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if ucd.Ext(r)&(ucd.VariationSelector|ucd.Invisible) != 0 {
			return true
		}
		i += size
	}
	return false
}

// longString is the length from which a string is written a piece at a
// time.
const longString = 64 << 10

// writeResultJSON writes r as WriteJSON does, and its sanitized copy from
// z when z is not nil. When src is not empty, it is the text r is the
// result of, and a blob's decoded text that r holds a prefix of is decoded
// again from it as it is written.
func writeResultJSON(w io.Writer, r *Result, z *sanitizer, src string) error {
	// The result without its findings and its sanitized copy, which go
	// where their empty values are: the first `"findings":[]` is the key's
	// (the status before it is a word), and the first `,"sanitized":""`
	// too (strings before it have their quotes escaped).
	shell := *r
	shell.Findings, shell.Sanitized = []Finding{}, ""
	b, err := marshalNoHTML(&shell)
	if err != nil {
		return err
	}
	const findingsKey, sanitizedKey = `"findings":[`, `,"sanitized":"`
	f := bytes.Index(b, []byte(findingsKey+"]"))
	s := bytes.Index(b, []byte(sanitizedKey+`"`))
	if f < 0 || s < f {
		panic("scan: the JSON of a Result has no findings or sanitized")
	}
	jw := &jsonStringWriter{w: w}
	jw.raw(b[:f+len(findingsKey)])
	for i := range r.Findings {
		if i > 0 {
			jw.raw([]byte{','})
		}
		if err := writeFindingJSON(jw, &r.Findings[i], src); err != nil {
			return err
		}
	}
	jw.raw(b[f+len(findingsKey) : s+len(sanitizedKey)])
	if z != nil {
		z.writeTo(jw)
	} else {
		jw.WriteString(r.Sanitized)
	}
	jw.raw(b[s+len(sanitizedKey):])
	return jw.flush()
}

// writeFindingJSON writes f as Finding.MarshalJSON does, a long decoded
// text a piece at a time; a decoded text that f holds a prefix of
// (DecodedLen) is decoded again from src, when src is not empty.
func writeFindingJSON(jw *jsonStringWriter, f *Finding, src string) error {
	again := src != "" && f.DecodedLen > len(f.Decoded)
	if len(f.Decoded) < longString && !again {
		b, err := f.MarshalJSON()
		if err != nil {
			return err
		}
		jw.raw(b)
		return nil
	}
	g := *f
	g.Decoded = ""
	b, err := g.MarshalJSON()
	if err != nil {
		return err
	}
	const key = `,"decoded":"`
	i := bytes.Index(b, []byte(key+`"`))
	if i < 0 {
		panic("scan: the JSON of a base64_blob finding has no decoded")
	}
	jw.raw(b[:i+len(key)])
	if again {
		if !decodeAgain(jw, src, f) {
			return errors.New("scan: a blob that decoded does not decode again")
		}
	} else {
		jw.WriteString(f.Decoded)
	}
	jw.raw(b[i+len(key):])
	return nil
}

// decodeAgain writes the decoded text of the blob f of src to jw, a chunk
// at a time, each cut at a codepoint boundary (a codepoint that a chunk
// cuts is carried to the next).
func decodeAgain(jw *jsonStringWriter, src string, f *Finding) bool {
	var carry []byte
	ok := b64.Decode(src, b64.Blob{Start: f.ByteStart, End: f.ByteEnd}, func(p []byte) bool {
		if len(carry) > 0 {
			for len(p) > 0 && !utf8.FullRune(carry) {
				carry, p = append(carry, p[0]), p[1:]
			}
			if !utf8.FullRune(carry) {
				return true
			}
			jw.WriteString(string(carry))
			carry = carry[:0]
		}
		// Up to the start of a codepoint that the chunk cuts, if any.
		i := len(p)
		for j := len(p) - 1; j >= 0 && j >= len(p)-utf8.UTFMax; j-- {
			if utf8.RuneStart(p[j]) {
				if !utf8.FullRune(p[j:]) {
					i = j
				}
				break
			}
		}
		jw.WriteString(unsafe.String(unsafe.SliceData(p), i))
		carry = append(carry, p[i:]...)
		return true
	})
	return ok && len(carry) == 0
}

func marshalNoHTML(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// jsonStringWriter writes JSON to w through a buffer of bounded size: raw
// bytes as they are, and strings (WriteString) escaped as encoding/json
// escapes them with HTML escaping off. It keeps the first error of w and
// writes nothing after it.
type jsonStringWriter struct {
	w   io.Writer
	buf []byte
	err error
}

func (j *jsonStringWriter) raw(b []byte) {
	j.buf = append(j.buf, b...)
	if len(j.buf) >= longString {
		j.flush()
	}
}

func (j *jsonStringWriter) flush() error {
	if j.err == nil && len(j.buf) > 0 {
		_, j.err = j.w.Write(j.buf)
	}
	j.buf = j.buf[:0]
	return j.err
}

// WriteString appends s escaped. Pieces of one string must be cut at
// codepoint boundaries (the sanitizer's are).
func (j *jsonStringWriter) WriteString(s string) (int, error) {
	const hex = "0123456789abcdef"
	start := 0
	for i := 0; i < len(s); {
		if len(j.buf)+i-start >= longString {
			j.buf = append(j.buf, s[start:i]...)
			start = i
			j.flush()
		}
		if b := s[i]; b < utf8.RuneSelf {
			if b >= 0x20 && b != '"' && b != '\\' {
				i++
				continue
			}
			j.buf = append(j.buf, s[start:i]...)
			switch b {
			case '\\', '"':
				j.buf = append(j.buf, '\\', b)
			case '\b':
				j.buf = append(j.buf, '\\', 'b')
			case '\f':
				j.buf = append(j.buf, '\\', 'f')
			case '\n':
				j.buf = append(j.buf, '\\', 'n')
			case '\r':
				j.buf = append(j.buf, '\\', 'r')
			case '\t':
				j.buf = append(j.buf, '\\', 't')
			default:
				j.buf = append(j.buf, '\\', 'u', '0', '0', hex[b>>4], hex[b&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			j.buf = append(j.buf, s[start:i]...)
			j.buf = append(j.buf, `\ufffd`...)
			i++
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			j.buf = append(j.buf, s[start:i]...)
			j.buf = append(j.buf, '\\', 'u', '2', '0', '2', hex[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	j.buf = append(j.buf, s[start:]...)
	return len(s), j.err
}
