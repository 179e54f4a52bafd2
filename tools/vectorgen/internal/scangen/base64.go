package scangen

import (
	"cmp"
	"encoding/base64"
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/plainsight/plainsight/internal/scanref"
	"github.com/plainsight/plainsight/internal/ucd"
)

// B64Path is the path of the generated file of base64 vectors (§4), relative to the vectors
// directory.
const B64Path = "scan/base64.json"

// The base64_blob class and the placeholder of §6 in the email_html context.
const (
	b64Class       = "base64_blob"
	b64Placeholder = "[base64_blob]"
)

// BCase is one hand-written base64 case. Its blob findings are the hand truth: each blob's span,
// whether it is opaque and, when the input was built from a plaintext, the decoded text. The
// generator runs a deliberately plain model of the §4 rules (b64Scan) and fails when the model
// and the hand truth differ anywhere; the model also records why each chain or token was not
// reported, and a case can state those reasons by hand (Why), so that a near miss is checked
// to fail for the reason it was written for.
type BCase struct {
	Cat     string   // category, for the generator's summary only
	Comment string   // what the case pins
	Spec    []string // sections of agent-safety-formats-v1.md
	In      string
	Blobs   []Blob  // hand-derived base64_blob findings, in order of start
	Chars   []Want  // hand-derived §2 findings of the input, checked against the reference model
	Marks   []Mark  // hand-derived hidden_markup findings (simple comments only)
	Why     []Why   // hand-derived reasons why a chain or token is not reported
	San     *string // hand-derived sanitized copy in the text context; nil: the input unchanged
	Email   *string // when set, the case is repeated in the email_html group with this sanitized copy
	Flags   []string
}

// Blob is one hand-derived base64_blob finding.
type Blob struct {
	Start, End int
	Opaque     bool
	// Cause is why an opaque blob is opaque: "noncanonical", "utf8" or "printable".
	Cause string
	// Decoded is the hand-known decoded text (the plaintext the input was built from), when set.
	Decoded *string
	// Ratio is the hand-counted ratio "p/n": printable codepoints for a blob of the blob test,
	// ordinary codepoints for a token of the short band. Checked when set.
	Ratio  string
	Short  bool    // reported by the short band (a token of 24–47 characters), not the blob test
	Inner  []Want  // hand-derived §2 findings of the decoded text
	InnerH []HWant // hand-derived §5 findings of the decoded text
}

// Why is one hand-derived reason for silence: the chain (after trimming) or the token at
// [Start, End) was not reported because of Verdict. The verdicts of the model are "hex",
// "image", "slug" and "test" (the blob test failed) for a chain; "short:hex", "short:image",
// "short:slug", "short:noncanonical", "short:utf8" and "short:ordinary p/n" for a token of the
// short band.
type Why struct {
	Start, End int
	Verdict    string
}

func (w Why) String() string { return fmt.Sprintf("[%d,%d) %s", w.Start, w.End, w.Verdict) }

// blob, short and opaque build hand findings.
func blob(s, e int) Blob                 { return Blob{Start: s, End: e} }
func shortBlob(s, e int) Blob            { return Blob{Start: s, End: e, Short: true} }
func opaque(s, e int, cause string) Blob { return Blob{Start: s, End: e, Opaque: true, Cause: cause} }
func why(s, e int, v string) Why         { return Why{s, e, v} }

// dec sets the hand-known decoded text.
func (b Blob) dec(s string) Blob {
	b.Decoded = &s
	return b
}

// ratio sets the hand-counted ratio.
func (b Blob) ratio(r string) Blob {
	b.Ratio = r
	return b
}

// innerH sets the hand-derived §5 findings of the decoded text.
func (b Blob) innerH(ws ...HWant) Blob {
	b.InnerH = ws
	return b
}

// inner sets the hand-derived §2 findings of the decoded text.
func (b Blob) inner(ws ...Want) Blob {
	b.Inner = ws
	return b
}

// email repeats c in the email_html group, with the hand-derived sanitized copy san.
func (c BCase) email(san string) BCase {
	c.Email = &san
	return c
}

// ---- The model of §4, written from the contract, as plain loops over codepoints.

// isB64 reports whether r is in the alphabet: A–Z a–z 0–9 + / = and the URL-safe - _.
func isB64(r rune) bool {
	return 'A' <= r && r <= 'Z' || 'a' <= r && r <= 'z' || '0' <= r && r <= '9' ||
		r == '+' || r == '/' || r == '=' || r == '-' || r == '_'
}

// isJoin reports whether r is ASCII whitespace as WHATWG defines it.
func isJoin(r rune) bool { return r == '\t' || r == '\n' || r == '\f' || r == '\r' || r == ' ' }

func isHexDigit(r rune) bool {
	return '0' <= r && r <= '9' || 'a' <= r && r <= 'f' || 'A' <= r && r <= 'F'
}

// span is [s, e) in codepoints.
type span struct{ s, e int }

func (p span) n() int { return p.e - p.s }

// b64Chains splits t into chains of tokens. '=' is padding only at the end of data: a token is
// a maximal run of data characters (the alphabet but '=') and at most two '=' right after it;
// every other '=' is in no token and, like any character outside the alphabet, joins nothing.
func b64Chains(t []rune) [][]span {
	var chains [][]span
	for i := 0; i < len(t); {
		if !isB64(t[i]) || t[i] == '=' {
			i++
			continue
		}
		j := i
		for j < len(t) && isB64(t[j]) && t[j] != '=' {
			j++
		}
		for pad := 0; pad < 2 && j < len(t) && t[j] == '='; pad++ {
			j++
		}
		tok := span{i, j}
		joined := false
		if k := len(chains); k > 0 {
			prev := chains[k-1][len(chains[k-1])-1]
			joined = prev.e < tok.s // tokens with nothing between them are not joined by whitespace
			for p := prev.e; p < tok.s; p++ {
				if !isJoin(t[p]) {
					joined = false
				}
			}
		}
		if joined {
			chains[len(chains)-1] = append(chains[len(chains)-1], tok)
		} else {
			chains = append(chains, []span{tok})
		}
		i = j
	}
	return chains
}

// b64Trim drops tokens under 40 from both ends when a token of 40 or more exists.
func b64Trim(ch []span) []span {
	if !slices.ContainsFunc(ch, func(p span) bool { return p.n() >= 40 }) {
		return ch
	}
	for ch[0].n() < 40 {
		ch = ch[1:]
	}
	for ch[len(ch)-1].n() < 40 {
		ch = ch[:len(ch)-1]
	}
	return ch
}

func b64AllHex(t []rune, toks []span) bool {
	for _, p := range toks {
		for _, r := range t[p.s:p.e] {
			if !isHexDigit(r) {
				return false
			}
		}
	}
	return true
}

// asciiLower lowers A–Z only: the declaration is matched ignoring ASCII case, not Unicode case.
func asciiLower(rs []rune) string {
	var b strings.Builder
	for _, r := range rs {
		if 'A' <= r && r <= 'Z' {
			r += 'a' - 'A'
		}
		b.WriteRune(r)
	}
	return b.String()
}

// b64Declared reports whether a ',' ending data:image/<type>;base64, lies within the 48
// codepoints before s.
func b64Declared(t []rune, s int) bool {
	for p := max(0, s-48); p < s; p++ {
		if t[p] != ',' || p < 7 || asciiLower(t[p-7:p]) != ";base64" {
			continue
		}
		q := p - 7 // one past the type
		k := q
		for k > 0 && isTypeChar(t[k-1]) {
			k--
		}
		if k == q || k < 11 {
			continue
		}
		if asciiLower(t[k-11:k]) == "data:image/" {
			return true
		}
	}
	return false
}

// isTypeChar reports whether r may be part of the <type> of a declaration: A–Z a–z 0–9 . + -.
func isTypeChar(r rune) bool {
	return 'A' <= r && r <= 'Z' || 'a' <= r && r <= 'z' || '0' <= r && r <= '9' || r == '.' || r == '+' || r == '-'
}

// b64Sum is the number of codepoints of the tokens, whitespace not counted.
func b64Sum(toks []span) int {
	n := 0
	for _, p := range toks {
		n += p.n()
	}
	return n
}

// b64Slug reports whether the token is a slug chain: at least 3 separators among - / _, every
// segment at most 16 codepoints.
func b64Slug(tok []rune) bool {
	seps, seg := 0, 0
	for _, r := range tok {
		if r == '-' || r == '/' || r == '_' {
			seps++
			seg = 0
			continue
		}
		seg++
		if seg > 16 {
			return false
		}
	}
	return seps >= 3
}

// b64Decode decodes the tokens joined without whitespace. It returns the decoded text and "",
// or the cause of failure: "noncanonical" or "utf8".
func b64Decode(t []rune, toks []span) (string, string) {
	var b strings.Builder
	for _, p := range toks {
		for _, r := range t[p.s:p.e] {
			switch r {
			case '-':
				r = '+'
			case '_':
				r = '/'
			}
			b.WriteRune(r)
		}
	}
	s := strings.TrimRight(b.String(), "=")
	if strings.Contains(s, "=") || len(s)%4 == 1 {
		return "", "noncanonical"
	}
	raw, err := base64.RawStdEncoding.DecodeString(s)
	if err != nil || base64.RawStdEncoding.EncodeToString(raw) != s {
		return "", "noncanonical"
	}
	if !utf8.Valid(raw) {
		return "", "utf8"
	}
	return string(raw), ""
}

// b64Printable counts the printable codepoints of s: tab, LF, CR, or ≥ U+0020 except U+007F.
func b64Printable(s string) (int, int) {
	p, n := 0, 0
	for _, r := range s {
		n++
		if r == '\t' || r == '\n' || r == '\r' || r >= 0x20 && r != 0x7F {
			p++
		}
	}
	return p, n
}

// b64Punct is the sentence punctuation the short band counts as ordinary.
const b64Punct = ".,;:!?'’‘“”-–—()…·"

// b64Ordinary counts the ordinary codepoints of s. General_Category L, M, N is read from Go's
// unicode package (Unicode 15.0) and must agree with the corpus's Unicode 17.0.0 tables for
// every codepoint met: a decoded text whose category changed between the two versions is
// refused, so that the count never depends on which version answered.
func b64Ordinary(s string) (int, int, error) {
	o, n := 0, 0
	for _, r := range s {
		n++
		lmn := unicode.IsLetter(r) || unicode.IsMark(r) || unicode.IsNumber(r)
		if lmn != ucd.IsLetterMarkNumber(r) {
			return 0, 0, fmt.Errorf("U+%04X has another General_Category in Unicode 15.0 and 17.0.0", r)
		}
		if lmn || r == ' ' || r == '\t' || r == '\n' || r == '\r' || strings.ContainsRune(b64Punct, r) {
			o++
		}
	}
	return o, n, nil
}

// mBlob is a blob found by the model.
type mBlob struct {
	span
	opaque  bool
	cause   string
	decoded string
	ratio   string
	short   bool
}

// b64Scan runs the model of §4 over t: the blobs, sorted by start, and the reasons for every
// chain and short-band token not reported.
func b64Scan(t []rune) ([]mBlob, []Why, error) {
	var blobs []mBlob
	var whys []Why
	for _, ch := range b64Chains(t) {
		tr := b64Trim(ch)
		sp := span{tr[0].s, tr[len(tr)-1].e}
		verdict := ""
		switch {
		case b64AllHex(t, tr):
			verdict = "hex"
		case b64Declared(t, sp.s):
			verdict = "image"
		case len(tr) == 1 && b64Slug(t[sp.s:sp.e]):
			verdict = "slug"
		case slices.ContainsFunc(tr, func(p span) bool { return p.n() >= 48 }):
		case len(tr) >= 2 && !slices.ContainsFunc(tr, func(p span) bool { return p.n() < 40 }) && b64Sum(tr) >= 48:
		default:
			verdict = "test"
		}
		if verdict == "" {
			b := mBlob{span: sp}
			dec, cause := b64Decode(t, tr)
			if cause == "" {
				p, n := b64Printable(dec)
				b.ratio = fmt.Sprintf("%d/%d", p, n)
				if p*100 < 85*n {
					cause = "printable"
				}
			}
			b.opaque, b.cause = cause != "", cause
			if !b.opaque {
				b.decoded = dec
			}
			blobs = append(blobs, b)
			continue
		}
		whys = append(whys, Why{sp.s, sp.e, verdict})
		// The short band: every token of the chain, trimmed or not, of 24 to 47 codepoints.
		for _, p := range ch {
			if p.n() < 24 || p.n() > 47 {
				continue
			}
			v := ""
			dec, cause := b64Decode(t, []span{p})
			switch {
			case b64AllHex(t, []span{p}):
				v = "short:hex"
			case b64Declared(t, p.s):
				v = "short:image"
			case b64Slug(t[p.s:p.e]):
				v = "short:slug"
			case cause != "":
				v = "short:" + cause
			}
			if v != "" {
				whys = append(whys, Why{p.s, p.e, v})
				continue
			}
			o, n, err := b64Ordinary(dec)
			if err != nil {
				return nil, nil, err
			}
			if n == 0 { // a token holds a data character: a canonical decode of 24 of them is never empty
				return nil, nil, fmt.Errorf("token [%d,%d) decodes to nothing", p.s, p.e)
			}
			if o*10 < 9*n {
				whys = append(whys, Why{p.s, p.e, fmt.Sprintf("short:ordinary %d/%d", o, n)})
				continue
			}
			blobs = append(blobs, mBlob{span: p, decoded: dec, ratio: fmt.Sprintf("%d/%d", o, n), short: true})
		}
	}
	slices.SortStableFunc(blobs, func(a, b mBlob) int { return cmp.Compare(a.s, b.s) })
	return blobs, whys, nil
}

// ---- The vector.

// B64Finding is a finding of any class, in wire order: a §2 finding carries codepoints, a
// hidden_markup finding kind (and reason), a base64_blob finding opaque and, when not opaque,
// decoded and decoded_findings.
type B64Finding struct {
	Class           string      `json:"class"`
	Start           int         `json:"start"`
	End             int         `json:"end"`
	Heuristic       bool        `json:"heuristic"`
	Excerpt         string      `json:"excerpt"`
	Codepoints      []string    `json:"codepoints,omitempty"`
	Kind            string      `json:"kind,omitempty"`
	Reason          string      `json:"reason,omitempty"`
	Opaque          *bool       `json:"opaque,omitempty"`
	Decoded         *string     `json:"decoded,omitempty"`
	DecodedFindings *[]HFinding `json:"decoded_findings,omitempty"`
}

// B64Result is the scan result object with findings of every class.
type B64Result struct {
	Status             string       `json:"status"`
	Findings           []B64Finding `json:"findings"`
	DeterministicCount int          `json:"deterministic_count"`
	HeuristicCount     int          `json:"heuristic_count"`
	Sanitized          string       `json:"sanitized"`
	Note               string       `json:"note"`
}

// b64Test builds the vector of c in the given context and lists every way its hand truth does
// not hold together.
func b64Test(c BCase, email bool) (Test, []string) {
	var errs []string
	if !utf8.ValidString(c.In) {
		return Test{}, []string{"input string is not valid UTF-8"}
	}
	if len(c.Spec) == 0 {
		errs = append(errs, "no spec sections")
	}
	text := scanref.DecodeBytes([]byte(c.In))
	t := text.Runes()
	model, modelExt := scanref.FromString(c.In)
	errs = append(errs, Case{Want: c.Chars}.check(model)...)

	// §4: the model must agree with the hand blobs, and with every hand reason for silence.
	got, whys, err := b64Scan(t)
	if err != nil {
		return Test{}, append(errs, err.Error())
	}
	gotS := make([]string, len(got))
	for i, b := range got {
		gotS[i] = fmt.Sprintf("[%d,%d) opaque=%v %s short=%v", b.s, b.e, b.opaque, b.cause, b.short)
	}
	wantS := make([]string, len(c.Blobs))
	for i, b := range c.Blobs {
		wantS[i] = fmt.Sprintf("[%d,%d) opaque=%v %s short=%v", b.Start, b.End, b.Opaque, b.Cause, b.Short)
		if b.Opaque && (b.Decoded != nil || b.Inner != nil) {
			errs = append(errs, fmt.Sprintf("blob %d: opaque with a decoded text", i))
		}
		if !b.Opaque && b.Cause != "" {
			errs = append(errs, fmt.Sprintf("blob %d: a cause without opaque", i))
		}
	}
	if !slices.Equal(gotS, wantS) {
		errs = append(errs, fmt.Sprintf("blobs:\n   model: %q\n   truth: %q\n   silent: %v", gotS, wantS, whys))
	}
	for _, hw := range c.Why {
		if !slices.Contains(whys, hw) {
			errs = append(errs, fmt.Sprintf("reason %v: the model gives %v", hw, whys))
		}
	}

	bytePos := make([]int, len(text)+1)
	utf16Pos := make([]int, len(text)+1)
	for i, cp := range text {
		bytePos[i+1] = bytePos[i] + cp.Bytes
		utf16Pos[i+1] = utf16Pos[i] + cp.UTF16
	}
	off := func(s, e int) scanref.Offsets {
		return scanref.Offsets{ByteStart: bytePos[s], ByteEnd: bytePos[e], UTF16Start: utf16Pos[s], UTF16End: utf16Pos[e]}
	}
	type entry struct {
		f   B64Finding
		off scanref.Offsets
	}
	var all []entry
	for i, f := range model.Findings {
		if o := off(f.Start, f.End); o != modelExt.Findings[i] {
			errs = append(errs, fmt.Sprintf("extension offsets of %s [%d,%d): %+v, model %+v", f.Class, f.Start, f.End, o, modelExt.Findings[i]))
		}
		all = append(all, entry{B64Finding{Class: f.Class, Start: f.Start, End: f.End, Excerpt: f.Excerpt, Codepoints: f.Codepoints},
			off(f.Start, f.End)})
	}
	removed := make([]bool, len(t)) // markup spans
	for _, m := range c.Marks {
		if err := spanCheck(t, m); err != nil {
			errs = append(errs, err.Error())
			continue
		}
		for i := m.Start; i < m.End; i++ {
			removed[i] = true
		}
		all = append(all, entry{B64Finding{Class: hm, Start: m.Start, End: m.End, Excerpt: scanref.Excerpt(t, m.Start, m.End),
			Kind: m.Kind, Reason: m.Reason}, off(m.Start, m.End)})
	}
	blobAt := make([]bool, len(t))
	for i, b := range c.Blobs {
		if b.Start < 0 || b.End <= b.Start || b.End > len(t) {
			errs = append(errs, fmt.Sprintf("blob %d: [%d,%d) outside the text", i, b.Start, b.End))
			continue
		}
		for k := b.Start; k < b.End; k++ {
			blobAt[k] = true
		}
		f := B64Finding{Class: b64Class, Start: b.Start, End: b.End, Excerpt: scanref.Excerpt(t, b.Start, b.End), Opaque: &b.Opaque}
		if i < len(got) && !b.Opaque && !got[i].opaque {
			m := got[i]
			if b.Decoded != nil && *b.Decoded != m.decoded {
				errs = append(errs, fmt.Sprintf("blob %d decoded:\n   model: %q\n   truth: %q", i, m.decoded, *b.Decoded))
			}
			dec := m.decoded
			inner, _ := scanref.FromString(dec)
			errs = append(errs, Case{Want: b.Inner}.check(inner)...)
			heur, herrs := heuristicFindings([]rune(dec), b.InnerH)
			errs = append(errs, herrs...)
			innerAll := append(fromModel(inner.Findings), heur...)
			if err := sortH(innerAll); err != nil {
				errs = append(errs, err.Error())
			}
			if innerAll == nil {
				innerAll = []HFinding{}
			}
			f.Decoded = &dec
			f.DecodedFindings = &innerAll
		}
		if i < len(got) && b.Ratio != "" && b.Ratio != got[i].ratio {
			errs = append(errs, fmt.Sprintf("blob %d ratio: model %s, truth %s", i, got[i].ratio, b.Ratio))
		}
		all = append(all, entry{f, off(b.Start, b.End)})
	}
	slices.SortStableFunc(all, func(a, b entry) int {
		return cmp.Or(cmp.Compare(a.f.Start, b.f.Start), cmp.Compare(a.f.End, b.f.End),
			cmp.Compare(a.f.Class, b.f.Class), cmp.Compare(a.f.Kind, b.f.Kind))
	})

	// §6. Text: the §2 codepoints and the markup spans go, blobs stay. Email: the markup spans
	// and the blob spans merge where they overlap or touch; a merged range holding a blob
	// becomes the placeholder, any other range goes; the §2 codepoints go.
	var san strings.Builder
	if !email {
		for i, r := range t {
			if !removed[i] && scanref.Class(r) == "" {
				san.WriteRune(r)
			}
		}
		want := c.In
		if c.San != nil {
			want = *c.San
		}
		if san.String() != want {
			errs = append(errs, fmt.Sprintf("sanitized (text): spans give %q, truth %q", san.String(), want))
		}
	} else {
		var ranges []span
		for _, e := range all {
			if e.f.Class != hm && e.f.Class != b64Class {
				continue
			}
			if k := len(ranges); k > 0 && e.f.Start <= ranges[k-1].e {
				ranges[k-1].e = max(ranges[k-1].e, e.f.End)
			} else {
				ranges = append(ranges, span{e.f.Start, e.f.End})
			}
		}
		at := 0
		for _, rg := range ranges {
			for i := at; i < rg.s; i++ {
				if scanref.Class(t[i]) == "" {
					san.WriteRune(t[i])
				}
			}
			if slices.Contains(blobAt[rg.s:rg.e], true) {
				san.WriteString(b64Placeholder)
			}
			at = rg.e
		}
		for i := at; i < len(t); i++ {
			if scanref.Class(t[i]) == "" {
				san.WriteRune(t[i])
			}
		}
		if c.Email == nil || san.String() != *c.Email {
			errs = append(errs, fmt.Sprintf("sanitized (email_html): spans give %q, truth %v", san.String(), c.Email))
		}
	}

	res := B64Result{Findings: []B64Finding{}, Sanitized: san.String(), Note: scanref.Note}
	ext := scanref.Extensions{Findings: []scanref.Offsets{}, InvalidUTF8: modelExt.InvalidUTF8}
	for _, e := range all {
		res.Findings = append(res.Findings, e.f)
		ext.Findings = append(ext.Findings, e.off)
	}
	res.DeterministicCount = len(res.Findings) // §2, §3 and §4 are all deterministic
	res.Status = "clean"
	if res.DeterministicCount > 0 {
		res.Status = "flagged"
	}
	in := c.In
	return Test{
		Comment:            c.Comment,
		Spec:               c.Spec,
		Input:              &in,
		Expected:           res,
		ExpectedExtensions: ext,
		Result:             "valid",
		Flags:              append([]string{}, c.Flags...),
	}, errs
}

// GenerateB64 checks every base64 case and returns the vector file. It fails, listing every
// problem, when the model of §4 disagrees with a hand blob or reason, when a hand §2 finding of
// the input or of a decoded text disagrees with the reference model, or when a hand sanitized
// copy does not follow from the spans.
func GenerateB64() ([]byte, error) {
	f, err := buildB64()
	if err != nil {
		return nil, err
	}
	return encodeFile(f)
}

func buildB64() (File, error) {
	f := File{
		Schema:         "scan_test_schema_v1.json",
		Spec:           SpecRef{Name: "agent-safety-formats", Version: "1", Sections: []string{"§1", "§4", "§6"}},
		UnicodeVersion: ucd.Version,
		Header:         b64Header,
		Notes:          b64Notes,
	}
	text := Group{Type: "ScanTest", Options: Options{Context: "text"}}
	email := Group{Type: "ScanTest", Options: Options{Context: "email_html"}}
	cases, problems := B64Cases()
	check := newChecker(b64Notes, problems)
	for i, c := range cases {
		t, errs := b64Test(c, false)
		check.add(i+1, c.Comment, t, errs)
		t.TcID = i + 1
		text.Tests = append(text.Tests, t)
		if c.Email != nil {
			t, errs := b64Test(c, true)
			t.Flags = append(t.Flags, "Base64Placeholder")
			check.add(i+1, c.Comment+", email_html", t, errs)
			t.TcID = emailFirstID + len(email.Tests)
			t.Comment += " (email_html context)"
			email.Tests = append(email.Tests, t)
		}
	}
	if err := check.err("base64"); err != nil {
		return File{}, err
	}
	if len(text.Tests) >= emailFirstID {
		return File{}, errors.New("scangen: too many text cases for the email_html tcId range")
	}
	f.TestGroups = []Group{text, email}
	f.NumberOfTests = len(text.Tests) + len(email.Tests)
	return f, nil
}

// B64Summary returns the number of base64 cases per category, in first-appearance order.
func B64Summary() []string {
	cases, _ := B64Cases()
	var order []string
	count := map[string]int{}
	email := 0
	for _, c := range cases {
		if count[c.Cat] == 0 {
			order = append(order, c.Cat)
		}
		count[c.Cat]++
		if c.Email != nil {
			email++
		}
	}
	var out []string
	for _, k := range order {
		out = append(out, fmt.Sprintf("%-16s %d", k, count[k]))
	}
	return append(out, fmt.Sprintf("%-16s %d", "email_html", email))
}
