package scanref

// Codepoint is one decoded codepoint and the widths it had in the input.
type Codepoint struct {
	R rune // the codepoint; U+D800–U+DFFF only for a lone surrogate from UTF-16 input
	// Bytes is its width in the input bytes: for byte input, the bytes it was decoded from (an
	// ill-formed subsequence counting its actual length); for UTF-16 input, its UTF-8 length, a
	// lone surrogate counting 3 as in WTF-8.
	Bytes int
	// UTF16 is its width in UTF-16 code units: 2 for an astral codepoint, else 1 (including a
	// lone surrogate and a U+FFFD replacement).
	UTF16 int
	// Replacement reports a U+FFFD that replaced an ill-formed subsequence of the input bytes.
	Replacement bool
}

// Text is decoded text: the sequence of codepoints that §1 positions count.
type Text []Codepoint

// Runes returns the codepoints of t.
func (t Text) Runes() []rune {
	rs := make([]rune, len(t))
	for i, c := range t {
		rs[i] = c.R
	}
	return rs
}

// utf16Width is the number of UTF-16 code units of r.
func utf16Width(r rune) int {
	if r > 0xFFFF {
		return 2
	}
	return 1
}

// utf8Width is the UTF-8 length of r, computed as WTF-8 does for a surrogate (3 bytes).
func utf8Width(r rune) int {
	switch {
	case r < 0x80:
		return 1
	case r < 0x800:
		return 2
	case r < 0x10000:
		return 3
	}
	return 4
}

// byteRange is an inclusive range of byte values.
type byteRange struct{ lo, hi byte }

// continuations lists, for a lead byte, the ranges its continuation bytes must fall in, one per
// continuation byte (Unicode ch. 3, Table 3-7, as the WHATWG UTF-8 decoder applies it). It
// returns ok == false for a byte that cannot start a sequence (80–C1, F5–FF).
func continuations(lead byte) (want []byteRange, ok bool) {
	tail := byteRange{0x80, 0xBF}
	switch {
	case lead <= 0x7F:
		return nil, true
	case 0xC2 <= lead && lead <= 0xDF:
		return []byteRange{tail}, true
	case lead == 0xE0:
		return []byteRange{{0xA0, 0xBF}, tail}, true
	case 0xE1 <= lead && lead <= 0xEC, lead == 0xEE, lead == 0xEF:
		return []byteRange{tail, tail}, true
	case lead == 0xED:
		return []byteRange{{0x80, 0x9F}, tail}, true
	case lead == 0xF0:
		return []byteRange{{0x90, 0xBF}, tail, tail}, true
	case 0xF1 <= lead && lead <= 0xF3:
		return []byteRange{tail, tail, tail}, true
	case lead == 0xF4:
		return []byteRange{{0x80, 0x8F}, tail, tail}, true
	}
	return nil, false
}

// DecodeBytes decodes b as the WHATWG UTF-8 decoder does in replacement mode, without stripping
// a byte order mark: each maximal subpart of an ill-formed subsequence (the lead byte plus the
// continuation bytes that matched before the failure, or a lone byte that cannot lead) becomes
// one U+FFFD.
func DecodeBytes(b []byte) Text {
	var t Text
	for i := 0; i < len(b); {
		want, ok := continuations(b[i])
		if !ok {
			t = append(t, Codepoint{R: 0xFFFD, Bytes: 1, UTF16: 1, Replacement: true})
			i++
			continue
		}
		// Match continuation bytes one by one; stop at the first that is missing or out of
		// its range.
		matched := 0
		for matched < len(want) {
			k := i + 1 + matched
			if k >= len(b) || b[k] < want[matched].lo || b[k] > want[matched].hi {
				break
			}
			matched++
		}
		n := 1 + matched
		if matched < len(want) {
			t = append(t, Codepoint{R: 0xFFFD, Bytes: n, UTF16: 1, Replacement: true})
			i += n
			continue
		}
		// Well-formed: assemble the scalar value from the payload bits.
		var r rune
		switch n {
		case 1:
			r = rune(b[i])
		case 2:
			r = rune(b[i]&0x1F)<<6 | rune(b[i+1]&0x3F)
		case 3:
			r = rune(b[i]&0x0F)<<12 | rune(b[i+1]&0x3F)<<6 | rune(b[i+2]&0x3F)
		case 4:
			r = rune(b[i]&0x07)<<18 | rune(b[i+1]&0x3F)<<12 | rune(b[i+2]&0x3F)<<6 | rune(b[i+3]&0x3F)
		}
		t = append(t, Codepoint{R: r, Bytes: n, UTF16: utf16Width(r)})
		i += n
	}
	return t
}

// DecodeUTF16 decodes UTF-16 code units: a high surrogate followed by a low surrogate joins into
// one astral codepoint; any other surrogate is kept as a lone surrogate codepoint, which §2
// classifies as unassigned_codepoint. Byte widths are those of the UTF-8 (WTF-8) encoding.
func DecodeUTF16(u []uint16) Text {
	var t Text
	for i := 0; i < len(u); i++ {
		c := rune(u[i])
		if 0xD800 <= c && c <= 0xDBFF && i+1 < len(u) && 0xDC00 <= u[i+1] && u[i+1] <= 0xDFFF {
			r := 0x10000 + (c-0xD800)<<10 + (rune(u[i+1]) - 0xDC00)
			t = append(t, Codepoint{R: r, Bytes: 4, UTF16: 2})
			i++
			continue
		}
		t = append(t, Codepoint{R: c, Bytes: utf8Width(c), UTF16: 1})
	}
	return t
}
