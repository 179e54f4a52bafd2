package injrules

import (
	"encoding/base32"
	"strings"
	"unicode/utf8"
)

// This file is issue 27, item 1's obfuscated instructions: an instruction
// that a reader (and a model) sees, disguised so that word rules miss it.
// It adds views of the text, as direct.go and fresh.go do, and every rule
// of the engine reads each view (viewHits): no rule is written per shape.
//
//   - foldView: mathematical alphanumeric, circled, squared, regional
//     indicator, full-width and small-capital letters read as Latin ones;
//     Cyrillic and Greek look-alikes read as Latin; zero-width characters,
//     soft hyphens, variation selectors and combining marks dropped; a
//     middle dot or bullet between letters dropped.
//   - squashView: letters separated by one repeated sign (o/v/e/r, i|g|n)
//     joined; markdown and empty HTML tags inside a word dropped (**ig**nore,
//     [dis](x)[regard](x), ig<b></b>nore) with struck-out text (~~…~~);
//     a word split by a hyphen, a line break or a space joined when the
//     parts make one of joinWords (ig-nore, dis-\nregard, in struct ions).
//   - decodedView: runs of hex, base32, percent escapes, HTML character
//     references, \u and \x escapes, decimal and binary character codes,
//     Morse code and the NATO alphabet, each replaced by its decoding.
//   - caesarView: with a word that names a cipher or a shift, the letters
//     shifted back by the first of the 25 shifts that spells a keyword.
//   - pigLatinView: with a cue (pig latin, or three -ay words), each -ay
//     word read back.
//   - legendView: a code book ("let ★ mean 'ignore'", "X = disregard")
//     applied to the rest of the text.
//
// Bounds: the views read the first maxViewText (4 KiB) bytes of a text
// whose plain pass and earlier views found nothing, as the other views
// do; each view is made in one pass (caesarView at most 25 passes, made
// only with a cue), is at most four times that long (a decoding is never
// longer than its run; a folded or joined word never longer than its
// source, a legend's meaning at most 40 bytes for each use, at most 64
// uses), and the rules run on a view only when it holds a keyword that
// the text did not, sharing the text's window budget (checkLimit). The
// cost on a text with none of the gates' bytes is a few byte scans.

// joinWords are the words a split word is joined into: the verbs, nouns
// and qualifiers of an override or an extraction.
var joinWords = func() map[string]bool {
	m := map[string]bool{}
	for w := range viewKeywords {
		m[w] = true
	}
	for _, w := range strings.Fields(`instructions instruction previous prior earlier original initial guidelines
		guideline directives directive restrictions restriction constraints policy policies filters disregard
		forget override bypass ignore reveal system prompt password passwords secret secrets credentials
		programming configuration config message hidden everything above rules answer output attention
		unrestricted developer jailbreak print given safety whatever anything display divulge expose
		credential token tokens instead pretend unfiltered uncensored`) {
		m[w] = true
	}
	return m
}()

// obfuscViews reads the views of this file when no rule has fired yet
// (find calls it after the other views). One pass over the text's words
// (obfuscGate) says which views may hold anything; each view is read
// only when it holds a word of joinWords it made: a view that only
// changes the bytes of harmless words is not worth a pass.
func (f *finder) obfuscViews() {
	if f.n > 0 {
		return
	}
	text, lo := f.text, f.lo
	if len(lo) > maxViewText {
		text, lo = text[:maxViewText], lo[:maxViewText]
	}
	g := obfuscGate(text)
	if g == 0 {
		return
	}
	try := func(v string, src []int32, ok bool) {
		if !ok || f.n > 0 || v == "" || f.checks >= f.limit || !newJoin(v, src, lo) {
			return
		}
		f.viewHits(v, src, true)
	}
	if g&gFold != 0 {
		try(foldView(text))
	}
	if g&gLeet != 0 {
		try(leetView(text, lo))
	}
	if g&gSpaced != 0 {
		try(spacedLineView(lo))
	}
	if g&(gMark|gSep|gSplit) != 0 {
		try(squashView(lo))
	}
	if g&gDecode != 0 {
		try(decodedView(text, lo, g))
	}
	if g&gShift != 0 {
		try(caesarView(lo))
	}
	if g&gPig != 0 {
		try(pigLatinView(lo))
	}
	if g&gLegend != 0 {
		try(legendView(lo))
	}
}

// The views obfuscGate opens.
const (
	gFold   = 1 << iota // look-alike letters, invisible characters in a word
	gLeet               // leetspeak
	gSpaced             // a line of letters spaced apart
	gMark               // markup inside a word
	gSep                // letters separated by one repeated sign
	gSplit              // a word that may be a split one's part
	gHex                // hex
	gB32                // base32
	gCode               // decimal or binary character codes
	gMorse              // Morse code
	gNato               // the NATO alphabet
	gEscape             // percent escapes, character references, \u or \x escapes
	gShift              // a word that names a shift cipher
	gPig                // Pig Latin
	gLegend             // a code book
)

// gDecode are the views of decodedView.
const gDecode = gHex | gB32 | gCode | gMorse | gNato | gEscape

// Classes of obfuscGate's bytes.
const (
	obOther = iota
	obSpace
	obNewline
	obLower
	obUpper
	obDigit
	obHigh
)

var obClass = func() (t [256]uint8) {
	for c := 'a'; c <= 'z'; c++ {
		t[c] = obLower
	}
	for c := 'A'; c <= 'Z'; c++ {
		t[c] = obUpper
	}
	for c := '0'; c <= '9'; c++ {
		t[c] = obDigit
	}
	t[' '], t['\t'], t['\r'], t['\n'] = obSpace, obSpace, obSpace, obNewline
	for c := 0x80; c < 0x100; c++ {
		t[c] = obHigh
	}
	return t
}()

// obfuscGate reads text's words once and returns the views worth making
// (gFold, …). A plain word of ASCII letters costs a table lookup a byte
// and, when its first two letters begin a word of joinWords, a map
// lookup.
func obfuscGate(text string) int {
	g := 0
	hexRun, codeRun, morseRun, natoRun := 0, 0, 0, 0 // consecutive words of a run
	lineWords, lineSingles, leetWords, ayWords, equals := 0, 0, 0, 0, 0
	pct, ent, esc := 0, 0, 0
	var pbuf [16]byte // the parts of a split word so far: pbuf[:pn]
	pn, parts := 0, 0
	for i := 0; i < len(text); {
		c := text[i]
		cl := obClass[c]
		if cl == obSpace || cl == obNewline {
			if cl == obNewline {
				if lineSingles >= 6 && 3*lineSingles >= 2*lineWords {
					g |= gSpaced
				}
				lineWords, lineSingles = 0, 0
			}
			i++
			continue
		}
		j := i
		lower, upper, digits, high, leets, hyph := 0, 0, 0, 0, 0, 0
		hexOnly, b32Only, morseOnly, innerLeet, badDigit := true, true, true, false, false
		for j < len(text) {
			c := text[j]
			switch obClass[c] {
			case obSpace, obNewline:
				goto end
			case obLower:
				// a run of small letters, the common case, in a tight loop
				k := j + 1
				for k < len(text) && obClass[text[k]] == obLower {
					k++
				}
				lower += k - j // hexOnly is checked at the word's end
				morseOnly, b32Only = false, false
				j = k
				continue
			case obUpper:
				upper++
				morseOnly = false
				if c > 'F' {
					hexOnly = false
				}
			case obDigit:
				digits++
				morseOnly = false
				if c < '2' || c > '7' {
					b32Only = false
				}
				if leet[c] == 0 {
					badDigit = true
				} else {
					leets++
					if j > i && j+1 < len(text) && isLetterByte(lowerByte(text[j-1])) && isLetterByte(lowerByte(text[j+1])) {
						innerLeet = true
					}
				}
			case obHigh:
				high++
				hexOnly, b32Only, morseOnly = false, false, false
				if foldLead(text, j) || j > i && isLetterByte(lowerByte(text[j-1])) && mixLead(text, j) {
					g |= gFold
				}
			default:
				if c == '-' {
					hyph++
				}
				if c != '.' && c != '-' {
					morseOnly = false
				}
				if c != '=' {
					b32Only = false
				}
				if c != '\\' && c != 'x' {
					hexOnly = false
				}
				switch c {
				case '%':
					if j+2 < len(text) && hexVal(lowerByte(text[j+1])) >= 0 && hexVal(lowerByte(text[j+2])) >= 0 {
						pct++
					}
				case '&':
					if j+1 < len(text) && text[j+1] == '#' {
						ent++
					}
				case '\\':
					if j+1 < len(text) && (text[j+1] == 'x' || text[j+1] == 'u') {
						esc++
					}
				case '*', '_', '~', '`':
					if j > i && j+1 < len(text) && isAlnum(lowerByte(text[j-1])) && (text[j+1] == c || c == '`' && isAlnum(lowerByte(text[j+1]))) {
						g |= gMark
					}
				case ')':
					if j+1 < len(text) && text[j+1] == '[' {
						g |= gMark
					}
				case '<':
					if j > i && isAlnum(lowerByte(text[j-1])) && emptyTagEnd(text, j) > j {
						g |= gMark
					}
				case '@', '$':
					leets++
					if j > i && j+1 < len(text) && isLetterByte(lowerByte(text[j-1])) && isLetterByte(lowerByte(text[j+1])) {
						innerLeet = true
					}
				}
				if j+5 < len(text) && j > i && text[j+2] == c && text[j+4] == c && strings.IndexByte(squashSeps, c) >= 0 && isLetterByte(lowerByte(text[j-1])) && isLetterByte(lowerByte(text[j+1])) && (j-1 == i || !isAlnum(lowerByte(text[j-2]))) {
					g |= gSep
				}
			}
			j++
		}
	end:
		n := j - i
		w := text[i:j]
		if hexOnly && lower > 0 && (n == 2 || n >= 16 || innerLeet) {
			for k := 0; k < n; k++ {
				if w[k] > 'f' && w[k] <= 'z' {
					hexOnly = false
				}
			}
		} else if lower > 0 {
			hexOnly = false // read as hex only at two bytes, sixteen or more, or among leet digits
		}
		lineWords++
		letters := lower + upper
		if n == 1 && (letters == 1 || leet[c] != 0) {
			lineSingles++
		}
		if innerLeet && leets >= 2 && !hexOnly && !badDigit && letters >= 2 {
			leetWords++
			if leetWords >= 2 {
				g |= gLeet
			}
		}
		// encoded runs: a long hex or base32 word, or runs of short ones
		switch {
		case hexOnly && n >= 16 && digits > 0:
			if hexWord(w) {
				g |= gHex
			}
			hexRun = 0
		case hexOnly && n == 2:
			hexRun++
			if hexRun >= 8 {
				g |= gHex
			}
		default:
			hexRun = 0
		}
		if b32Only && n >= 16 && upper > 0 {
			g |= gB32
		}
		if digits > 0 && letters == 0 && high == 0 && (n <= 4 || n <= 9 && digits == 8) {
			codeRun++
			if codeRun >= 8 {
				g |= gCode
			}
		} else {
			codeRun = 0
		}
		if morseOnly && n <= 7 || n == 1 && (c == '/' || c == '|') {
			morseRun++
			if morseRun >= 8 {
				g |= gMorse
			}
		} else {
			morseRun = 0
		}
		var buf [32]byte
		var lw []byte
		hy := hyph
		if letters+hyph == n && letters >= 2 && n < 32 && text[i] != '-' {
			if upper > 0 || hyph > 0 {
				lw = foldWord(w, buf[:0])
			} else {
				lw = []byte(w) // does not escape: read only
			}
		}
		if lw != nil {
			m := len(lw)
			if hy == 0 && m >= 4 && natoLen[lw[0]-'a']&(1<<m) != 0 && natoWords[string(lw)] != 0 {
				natoRun++
				if natoRun >= 3 {
					g |= gNato
				}
			} else {
				natoRun = 0
			}
			switch {
			case hy > 0:
				if m >= 4 && lw[m-2] == 'a' && lw[m-1] == 'y' {
					ayWords++ // "isregard-day"
					if ayWords >= 3 {
						g |= gPig
					}
				}
			case m >= 5 && (lw[0] == 'c' || lw[0] == 'd' || lw[0] == 's' || lw[0] == 'r') && obShiftWord(lw):
				g |= gShift
			case m >= 4 && lw[m-2] == 'a' && lw[m-1] == 'y':
				ayWords++ // "ignoreway", "ouryay", "evealray"
				if ayWords >= 3 {
					g |= gPig
				}
			case m == 3 && string(lw) == "pig":
				g |= gPig
			case m >= 4 && m <= 6 && (string(lw) == "mean" || string(lw) == "means" || string(lw) == "stands"):
				g |= gLegend
			case m == 2 && string(lw) == "be" && j+1 < len(text) && (text[j+1] == '\'' || text[j+1] == '"'):
				g |= gLegend
			}
			// a word split by hyphens, spaces or line breaks: ig-nore,
			// dis-\nregard, in struct ions
			switch {
			case hy > 0 && w[n-1] != '-' && joinWords[string(lw)]:
				g |= gSplit
			case pn > 0:
				c := 0
				if pn+m <= len(pbuf) {
					c = pn + copy(pbuf[pn:], lw)
				}
				switch {
				case c > 0 && joinWords[string(pbuf[:c])]:
					g |= gSplit
					pn = 0
				case c > 0 && parts < 3 && c < 16 && joinPrefix[string(pbuf[:c])]:
					pn = c
					parts++
				default:
					pn = 0
				}
			}
			if pn == 0 && (hy == 0 || w[n-1] == '-' && hy == 1) && m < len(pbuf) && prefixMay(lw) && joinPrefix[string(lw)] && !joinWords[string(lw)] {
				pn, parts = copy(pbuf[:], lw), 1
			}
		} else {
			natoRun, pn = 0, 0
			if w == "=" {
				equals++
				if equals <= 6 {
					g |= gLegend
				} else {
					g &^= gLegend // code, not a code book
				}
			}
			if digits >= 8 && letters == 0 && high == 0 && strings.Count(w, ",") >= 7 {
				g |= gCode // "105,103,110,…"
			}
		}
		i = j
	}
	if lineSingles >= 6 && 3*lineSingles >= 2*lineWords {
		g |= gSpaced
	}
	if pct >= 4 || ent >= 4 || esc >= 4 {
		g |= gEscape
	}
	if esc >= 4 {
		g |= gHex // \x69\x67…
	}
	return g
}

// prefixFirst marks, by their first two letters, the lengths of
// joinPrefix's words (all are shorter than 32 bytes).
var prefixFirst = func() (t [26][26]uint32) {
	for w := range joinPrefix {
		if w[0] >= 'a' && w[0] <= 'z' && w[1] >= 'a' && w[1] <= 'z' && len(w) < 32 {
			t[w[0]-'a'][w[1]-'a'] |= 1 << len(w)
		}
	}
	return t
}()

// prefixMay reports whether the lowered word may be in joinPrefix.
func prefixMay(w []byte) bool {
	return len(w) >= 2 && len(w) < 32 && isLetterByte(w[0]) && isLetterByte(w[1]) && prefixFirst[w[0]-'a'][w[1]-'a']&(1<<len(w)) != 0
}

// hexWord reports whether a word of hex digits decodes, in its first
// eight bytes, to printable text with a space or a letter run (a hash
// does not).
func hexWord(w string) bool {
	k := 0
	if len(w) > 2 && w[0] == '0' && (w[1] == 'x' || w[1] == 'X') {
		k = 2
	}
	letters := 0
	for n := 0; n < 8 && k+1 < len(w); n, k = n+1, k+2 {
		h, l := hexVal(lowerByte(w[k])), hexVal(lowerByte(w[k+1]))
		if h < 0 || l < 0 {
			return false
		}
		b := byte(h<<4 | l)
		if b < 0x20 || b > 0x7e {
			return false
		}
		if lowerByte(b) >= 'a' && lowerByte(b) <= 'z' || b == ' ' {
			letters++
		}
	}
	return letters >= 6
}

// mixLead reports whether text[j] starts a character that, after a Latin
// letter, makes a word foldView reads: a Cyrillic or Greek letter, a soft
// hyphen, a middle dot, a combining mark, a zero-width character.
func mixLead(text string, j int) bool {
	switch text[j] {
	case 0xD0, 0xD1, 0xD4, 0xCE, 0xCF, 0xCC, 0xCD:
		return true
	case 0xC2:
		return j+1 < len(text) && (text[j+1] == 0xAD || text[j+1] == 0xB7)
	case 0xE2:
		return j+2 < len(text) && text[j+1] == 0x80 && (text[j+2] >= 0x8B && text[j+2] <= 0x8D || text[j+2] == 0xA2)
	}
	return false
}

// foldLead reports whether text[j] starts a character that foldView
// reads: a mathematical, circled, squared or regional-indicator letter, a
// full-width one, a small capital, an invisible character.
func foldLead(text string, j int) bool {
	if j+1 >= len(text) {
		return false
	}
	c, d := text[j], text[j+1]
	switch c {
	case 0xF0: // U+1D400… mathematical, U+1F100… enclosed
		return j+2 < len(text) && (d == 0x9D && text[j+2] >= 0x90 && text[j+2] <= 0x9F || d == 0x9F && text[j+2] >= 0x84 && text[j+2] <= 0x87)
	case 0xE2: // U+24xx circled, U+200B… invisible
		return d == 0x92 || d == 0x93 || d == 0x80 && j+2 < len(text) && text[j+2] >= 0x8B && text[j+2] <= 0x8D || d == 0x81 && j+2 < len(text) && text[j+2] >= 0xA0 && text[j+2] <= 0xA4
	case 0xEF: // full-width forms, U+FEFF
		return d == 0xBC || d == 0xBD || d == 0xBB
	case 0xE1: // small capitals U+1D00…
		return d == 0xB4 || d == 0xB5
	case 0xC9, 0xCA: // small capitals of the IPA block
		return true
	}
	return false
}

// obShiftWord reports whether the lowered word names a shift cipher.
func obShiftWord(w []byte) bool {
	for _, p := range []string{"caes", "ciph", "decip", "decry", "shift", "rotat"} {
		if len(w) >= len(p) && string(w[:len(p)]) == p {
			return true
		}
	}
	return false
}

// foldWord returns the word w (letters and hyphens) lowered, its
// hyphens dropped.
func foldWord(w string, buf []byte) []byte {
	for k := 0; k < len(w); k++ {
		if c := w[k]; c != '-' {
			buf = append(buf, lowerByte(c))
		}
	}
	return buf
}

// natoLen marks, by first letter, the lengths of natoWords.
var natoLen = func() (t [26]uint16) {
	for w := range natoWords {
		if w[0] >= 'a' && w[0] <= 'z' && len(w) < 16 {
			t[w[0]-'a'] |= 1 << len(w)
		}
	}
	return t
}()

// foldRune returns the Latin letter (or digit) a look-alike rune stands
// for, 0 for a rune dropped from the view, and -1 for a rune kept as it
// is.
func foldRune(r rune) rune {
	switch {
	case r < 0x80:
		return -1
	case r >= 0x1D400 && r <= 0x1D6A3: // mathematical alphanumeric letters
		k := (r - 0x1D400) % 52
		if k < 26 {
			return 'a' + k
		}
		return 'a' + k - 26
	case r >= 0x1D7CE && r <= 0x1D7FF: // mathematical digits
		return '0' + (r-0x1D7CE)%10
	case r >= 0x24B6 && r <= 0x24CF: // circled capitals
		return 'a' + r - 0x24B6
	case r >= 0x24D0 && r <= 0x24E9: // circled small letters
		return 'a' + r - 0x24D0
	case r >= 0x249C && r <= 0x24B5: // parenthesized small letters
		return 'a' + r - 0x249C
	case r >= 0x1F130 && r <= 0x1F149, r >= 0x1F150 && r <= 0x1F169, r >= 0x1F170 && r <= 0x1F189: // squared and negative letters
		return 'a' + (r-0x1F130)%32
	case r >= 0x1F1E6 && r <= 0x1F1FF: // regional indicators
		return 'a' + r - 0x1F1E6
	case r >= 0xFF21 && r <= 0xFF3A:
		return 'a' + r - 0xFF21
	case r >= 0xFF41 && r <= 0xFF5A:
		return 'a' + r - 0xFF41
	case r == 0x200B || r == 0x200C || r == 0x200D || r == 0x2060 || r == 0xFEFF || r == 0xAD || r == 0x180E,
		r >= 0xFE00 && r <= 0xFE0F, r >= 0x0300 && r <= 0x036F, r >= 0x2061 && r <= 0x2064:
		return 0
	}
	if l, ok := smallCaps[r]; ok {
		return l
	}
	return -1
}

// smallCaps are the small capital letters of the IPA and phonetic blocks.
var smallCaps = func() map[rune]rune {
	m := map[rune]rune{}
	for i, r := range []rune("ᴀʙᴄᴅᴇꜰɢʜɪᴊᴋʟᴍɴᴏᴘǫʀꜱᴛᴜᴠᴡxʏᴢ") {
		if r != 'x' {
			m[r] = rune('a' + i)
		}
	}
	return m
}()

// foldView is text lowered with look-alike letters read as Latin (see the
// file's comment); ok is false when no rune was folded into a letter or
// dropped from inside a word.
func foldView(text string) (string, []int32, bool) {
	i := 0
	for i < len(text) && text[i] < 0x80 {
		i++
	}
	if i == len(text) {
		return "", nil, false
	}
	var v viewBuf
	changed := false
	for k := 0; k < i; k++ {
		v.put(lowerByte(text[k]), k)
	}
	for i < len(text) {
		c := text[i]
		if c < 0x80 {
			v.put(lowerByte(c), i)
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(text[i:])
		if size == 2 && confusableLead[c] {
			if l, ok := confusable[text[i:i+2]]; ok {
				v.put(l, i)
				changed = true
				i += 2
				continue
			}
		}
		switch l := foldRune(r); {
		case l > 0:
			v.put(byte(l), i)
			changed = true
		case l == 0:
			changed = true
		case (r == 0xB7 || r == 0x2022 || r == 0x2027) && len(v.b) > 0 && isLetterByte(v.b[len(v.b)-1]) && i+size < len(text) && isLetterByte(lowerByte(text[i+size])):
			changed = true // a dot between the letters of a word
		default:
			for k := 0; k < size; k++ {
				v.put(text[i+k], i+k)
			}
		}
		i += size
	}
	if !changed || !hasJoin(v.b) {
		return "", nil, false
	}
	return string(v.b), v.src, true
}

func lowerByte(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

func isLetterByte(c byte) bool { return c >= 'a' && c <= 'z' }

// squashSeps are the signs a disguised word's letters may be separated by
// in squashView (direct.go reads ' ', '.', '-', '_', '*').
const squashSeps = "/|\\+~:^=#,;.-_*"

// squashView is lo with disguised words put together (see the file's
// comment); ok is false when no joined word is one of joinWords.
func squashView(lo string) (string, []int32, bool) {
	s, src := unmarked(lo)
	var spans []span
	found := src != nil
	for i := 0; i < len(s) && len(spans) < 4*maxSpans; {
		if !isAlnum(s[i]) || i > 0 && isAlnum(s[i-1]) {
			i++
			continue
		}
		// letters separated by one repeated sign: o/v/e/r/r/i/d/e
		if i+2 < len(s) && strings.IndexByte(squashSeps, s[i+1]) >= 0 && isLetterByte(s[i+2]) {
			sep := s[i+1]
			j, n := i, 0
			var w [48]byte
			for j < len(s) && isLetterByte(s[j]) && (j+1 == len(s) || !isAlnum(s[j+1])) && n < len(w) {
				w[n] = s[j]
				n++
				if j+2 < len(s) && s[j+1] == sep && isLetterByte(s[j+2]) {
					j += 2
					continue
				}
				j++
				break
			}
			if n >= 3 {
				out := string(w[:n])
				if !joinWords[out] {
					if seg, ok := segment(out); ok {
						out = seg
					}
				}
				if hasJoinString(out) {
					found = true
				}
				spans = append(spans, span{i, j, out})
				i = j
				continue
			}
		}
		// a word split into two to four parts
		j := i
		for j < len(s) && isAlnum(s[j]) {
			j++
		}
		if e, w, ok := joinSplit(s, i, j); ok {
			found = true
			spans = append(spans, span{i, e, w})
			i = e
			continue
		}
		i = j
	}
	if !found {
		return "", nil, false
	}
	if len(spans) == 0 {
		// only markup dropped: worth a pass when that made a word
		if src == nil || !newJoin(s, src, lo) {
			return "", nil, false
		}
		return s, src, true
	}
	var v viewBuf
	at := func(k int) int32 {
		if src == nil {
			return int32(k)
		}
		return src[min(k, len(src)-1)]
	}
	p := 0
	for _, sp := range spans {
		for k := p; k < sp.start; k++ {
			v.b = append(v.b, s[k])
			v.src = append(v.src, at(k))
		}
		for k := 0; k < len(sp.text); k++ {
			v.b = append(v.b, sp.text[k])
			v.src = append(v.src, at(sp.start+k*(sp.end-sp.start)/len(sp.text)))
		}
		p = sp.end
	}
	for k := p; k < len(s); k++ {
		v.b = append(v.b, s[k])
		v.src = append(v.src, at(k))
	}
	return string(v.b), v.src, true
}

// unmarked returns lo without the markup inside its words: emphasis and
// code marks (**ig**nore, `re“veal`), a link's target between two parts
// ([dis](x)[regard](x)), empty inline tags (ig<b></b>nore) and struck-out
// text (~~…~~, at most 200 bytes); src maps each byte to lo's, nil when
// there is no such markup (lo is returned).
func unmarked(lo string) (string, []int32) {
	if !strings.ContainsAny(lo, "*`~[<_") {
		return lo, nil
	}
	var m viewBuf
	marked := false
	flush := func(i int) {
		if !marked {
			marked = true
			m.b = make([]byte, 0, len(lo))
			m.src = make([]int32, 0, len(lo))
			for k := 0; k < i; k++ {
				m.put(lo[k], k)
			}
		}
	}
	for i := 0; i < len(lo); {
		c := lo[i]
		skip := 0
		switch {
		case c == '~' && strings.HasPrefix(lo[i:], "~~"):
			if k := strings.Index(lo[i+2:min(len(lo), i+2+200)], "~~"); k >= 0 {
				skip = k + 4
			}
		case c == '*' || c == '`' || c == '_' && i+1 < len(lo) && lo[i+1] == '_':
			n := 1
			for i+n < len(lo) && lo[i+n] == c && n < 3 {
				n++
			}
			if i > 0 && isAlnum(lo[i-1]) || i+n < len(lo) && isAlnum(lo[i+n]) {
				skip = n
			}
		case c == ']' && i+1 < len(lo) && lo[i+1] == '(':
			if k := strings.IndexByte(lo[i+1:min(len(lo), i+1+120)], ')'); k > 0 {
				skip = k + 2
			}
		case c == '[' && i+1 < len(lo) && isAlnum(lo[i+1]):
			skip = 1
		case c == '<':
			if e := emptyTagEnd(lo, i); e > i {
				skip = e - i
			}
		}
		if skip > 0 {
			flush(i)
			i += skip
			continue
		}
		if marked {
			m.put(c, i)
		}
		i++
	}
	if !marked {
		return lo, nil
	}
	return string(m.b), m.src
}

// emptyTagEnd returns the end of an empty inline HTML element at lo[i]
// ("<b></b>", "<span></span>", "<i/>") or i.
func emptyTagEnd(lo string, i int) int {
	j := i + 1
	for j < len(lo) && j-i <= 8 && isLetterByte(lo[j]) {
		j++
	}
	if j == i+1 || j >= len(lo) {
		return i
	}
	name := lo[i+1 : j]
	if strings.HasPrefix(lo[j:], "/>") {
		return j + 2
	}
	if lo[j] == '>' && strings.HasPrefix(lo[j+1:], "</"+name+">") {
		return j + 1 + len(name) + 3
	}
	return i
}

// joinPrefix holds the proper prefixes (two bytes or more) of joinWords.
var joinPrefix = func() map[string]bool {
	m := map[string]bool{}
	for w := range joinWords {
		for n := 2; n < len(w); n++ {
			m[w[:n]] = true
		}
	}
	return m
}()

// joinSplit joins the word s[i:j] with the one to three words after it,
// each after one separator (a hyphen, a line break, a space, a hyphen and
// a line break), when together they are one of joinWords and the first
// part is not; it returns the end of the last part and the word.
func joinSplit(s string, i, j int) (int, string, bool) {
	if j-i > 12 || !joinPrefix[s[i:j]] || joinWords[s[i:j]] {
		return 0, "", false
	}
	var buf [16]byte
	n := copy(buf[:], s[i:j])
	e := j
	for parts := 1; parts < 4; parts++ {
		k := e
		for k < len(s) && k-e < 3 && (s[k] == '-' || s[k] == ' ' || s[k] == '\n' || s[k] == '\r') {
			k++
		}
		if k == e || k == len(s) || !isLetterByte(s[k]) || k-e > 1 && s[e] == ' ' && s[k-1] == ' ' {
			return 0, "", false
		}
		q := k
		for q < len(s) && isAlnum(s[q]) {
			q++
		}
		if n+q-k > len(buf) {
			return 0, "", false
		}
		n += copy(buf[n:], s[k:q])
		e = q
		if joinWords[string(buf[:n])] && (e == len(s) || !isAlnum(s[e])) {
			return e, string(buf[:n]), true
		}
		if !joinPrefix[string(buf[:n])] {
			return 0, "", false
		}
	}
	return 0, "", false
}

// span is a decoded run: lo[start:end] reads as text.
type span struct {
	start, end int
	text       string
}

// decodedView is lo with each encoded run replaced by its decoding (see
// the file's comment), running the finders g names (obfuscGate's gHex,
// …); ok is false when none decodes to a word of joinWords.
func decodedView(text, lo string, g int) (string, []int32, bool) {
	var spans []span
	for _, d := range []struct {
		bit  int
		find func(text, lo string) []span
	}{{gHex, hexSpans}, {gB32, base32Spans}, {gEscape, percentSpans}, {gEscape, entitySpans}, {gEscape, escapeSpans}, {gCode, codeSpans}, {gMorse, morseSpans}, {gNato, natoSpans}} {
		if g&d.bit != 0 {
			spans = append(spans, d.find(text, lo)...)
		}
	}
	if len(spans) == 0 {
		return "", nil, false
	}
	found := false
	for _, s := range spans {
		if hasJoin([]byte(s.text)) {
			found = true
		}
	}
	if !found {
		return "", nil, false
	}
	// spans may overlap (a hex run is a base32 one too): the first to
	// start wins, the longer on a tie
	sortSpans(spans)
	var v viewBuf
	p := 0
	for _, s := range spans {
		if s.start < p {
			continue
		}
		for k := p; k < s.start; k++ {
			v.put(lo[k], k)
		}
		for k := 0; k < len(s.text); k++ {
			v.put(s.text[k], s.start+k*(s.end-s.start)/len(s.text))
		}
		p = s.end
	}
	for k := p; k < len(lo); k++ {
		v.put(lo[k], k)
	}
	return string(v.b), v.src, true
}

// sortSpans orders spans by start, the longer first on a tie (insertion
// sort: a text has few).
func sortSpans(s []span) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && (s[j].start < s[j-1].start || s[j].start == s[j-1].start && s[j].end > s[j-1].end); j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// maxSpans bounds the runs one decoder reports.
const maxSpans = 32

// readable lowers a decoding and reports whether it reads as words: at
// least eight bytes, every byte printable ASCII or white space, at least
// two in three letters or spaces, and a space in it.
func readable(b []byte) (string, bool) {
	if len(b) < 8 {
		return "", false
	}
	letters, spaces := 0, 0
	for i, c := range b {
		switch {
		case c >= 'A' && c <= 'Z':
			b[i] = c + 'a' - 'A'
			letters++
		case c >= 'a' && c <= 'z':
			letters++
		case c == ' ':
			spaces++
		case c == '\n' || c == '\t' || c == '\r':
			b[i] = ' '
			spaces++
		case c < 0x20 || c > 0x7e:
			return "", false
		}
	}
	if spaces == 0 || 3*(letters+spaces) < 2*len(b) {
		return "", false
	}
	return string(b), true
}

func hexVal(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	}
	return -1
}

// hexSpans finds runs of at least eight hex-encoded bytes: "69676e6f…",
// "69 67 6e …", "\x69\x67…", "0x6967…".
func hexSpans(_, lo string) []span {
	var out []span
	for i := 0; i+16 <= len(lo) && len(out) < maxSpans; i++ {
		if hexVal(lo[i]) < 0 || i > 0 && isAlnum(lo[i-1]) && !(i >= 2 && lo[i-1] == 'x' && (lo[i-2] == '\\' || lo[i-2] == '0')) {
			continue
		}
		var b []byte
		j := i
		for j+1 < len(lo) {
			h, l := hexVal(lo[j]), hexVal(lo[j+1])
			if h < 0 || l < 0 {
				break
			}
			b = append(b, byte(h<<4|l))
			j += 2
			switch {
			case j+2 < len(lo) && lo[j] == ' ' && hexVal(lo[j+1]) >= 0 && hexVal(lo[j+2]) >= 0 && (j+3 == len(lo) || !isAlnum(lo[j+3])):
				j++
			case j+3 < len(lo) && lo[j] == '\\' && lo[j+1] == 'x':
				j += 2
			}
		}
		if s, ok := readable(b); ok && (j == len(lo) || !isAlnum(lo[j])) {
			st := i
			if i >= 2 && lo[i-1] == 'x' && (lo[i-2] == '\\' || lo[i-2] == '0') {
				st = i - 2
			}
			out = append(out, span{st, j, s})
			i = j
		} else {
			i = max(i, j-1)
		}
	}
	return out
}

// base32Spans finds runs of at least 16 base32 characters (upper case in
// the text) that decode to words.
func base32Spans(text, _ string) []span {
	var out []span
	for i := 0; i < len(text) && len(out) < maxSpans; i++ {
		c := text[i]
		if !(c >= 'A' && c <= 'Z' || c >= '2' && c <= '7') || i > 0 && isAlnum(lowerByte(text[i-1])) {
			continue
		}
		j := i
		for j < len(text) && (text[j] >= 'A' && text[j] <= 'Z' || text[j] >= '2' && text[j] <= '7') {
			j++
		}
		e := j
		for e < len(text) && text[e] == '=' {
			e++
		}
		if j-i < 16 || e < len(text) && isAlnum(lowerByte(text[e])) {
			i = j
			continue
		}
		run := text[i:j]
		if pad := len(run) % 8; pad != 0 {
			run += strings.Repeat("=", 8-pad)
		}
		b, err := base32.StdEncoding.DecodeString(run)
		if s, ok := readable(b); err == nil && ok {
			out = append(out, span{i, e, s})
		}
		i = e
	}
	return out
}

// percentSpans finds runs of URL-encoding (%XX, '+' for a space) with at
// least four escapes.
func percentSpans(_, lo string) []span {
	if strings.Count(lo, "%") < 4 {
		return nil
	}
	var out []span
	for i := 0; i < len(lo) && len(out) < maxSpans; {
		k := strings.IndexByte(lo[i:], '%')
		if k < 0 {
			break
		}
		s := i + k
		for s > 0 && s > i && lo[s-1] != ' ' && lo[s-1] != '\n' && lo[s-1] != '=' && lo[s-1] != '"' && lo[s-1] != '\'' {
			s--
		}
		var b []byte
		esc := 0
		j := s
		for j < len(lo) && lo[j] != ' ' && lo[j] != '\n' && lo[j] != '"' && lo[j] != '\'' && lo[j] != '&' && lo[j] != '<' {
			if lo[j] == '%' && j+2 < len(lo) && hexVal(lo[j+1]) >= 0 && hexVal(lo[j+2]) >= 0 {
				b = append(b, byte(hexVal(lo[j+1])<<4|hexVal(lo[j+2])))
				esc++
				j += 3
				continue
			}
			if lo[j] == '+' {
				b = append(b, ' ')
			} else {
				b = append(b, lo[j])
			}
			j++
		}
		if esc >= 4 {
			if t, ok := readable(b); ok {
				out = append(out, span{s, j, t})
			}
		}
		i = max(j, s+1)
	}
	return out
}

// namedEntities are the HTML named character references a text of words
// uses.
var namedEntities = map[string]byte{"amp": '&', "lt": '<', "gt": '>', "quot": '"', "apos": '\'', "nbsp": ' ', "colon": ':', "sol": '/', "period": '.', "comma": ','}

// entitySpans finds runs of HTML character references (at least four
// numeric ones: &#105;, &#x69;) with the text between them.
func entitySpans(_, lo string) []span {
	if strings.Count(lo, "&#") < 4 {
		return nil
	}
	var out []span
	for i := 0; i < len(lo) && len(out) < maxSpans; {
		k := strings.Index(lo[i:], "&#")
		if k < 0 {
			break
		}
		s := i + k
		var b []byte
		num := 0
		j := s
		for j < len(lo) && lo[j] != '<' && lo[j] != '"' {
			if lo[j] == '&' {
				if c, n, numeric := entityAt(lo, j); n > 0 {
					b = append(b, c)
					if numeric {
						num++
					}
					j += n
					continue
				}
			}
			if num > 0 && lo[j] != ' ' && lo[j] != '\n' {
				break // a reference run ends at a plain word
			}
			b = append(b, lo[j])
			j++
		}
		if num >= 4 {
			if t, ok := readable(b); ok {
				out = append(out, span{s, j, t})
			}
		}
		i = max(j, s+2)
	}
	return out
}

// entityAt reads the character reference at lo[j] ('&'): its byte (an
// ASCII one), its length, and whether it is numeric; n is 0 when there is
// none.
func entityAt(lo string, j int) (c byte, n int, numeric bool) {
	e := strings.IndexByte(lo[j:min(len(lo), j+12)], ';')
	if e < 2 {
		return 0, 0, false
	}
	body := lo[j+1 : j+e]
	if body[0] != '#' {
		c, ok := namedEntities[body]
		if !ok {
			return 0, 0, false
		}
		return c, e + 1, false
	}
	v := 0
	digits := body[1:]
	base := 10
	if len(digits) > 0 && digits[0] == 'x' {
		base, digits = 16, digits[1:]
	}
	if digits == "" || len(digits) > 6 {
		return 0, 0, false
	}
	for k := 0; k < len(digits); k++ {
		d := hexVal(digits[k])
		if d < 0 || d >= base {
			return 0, 0, false
		}
		v = v*base + d
	}
	if v < 0x20 || v > 0x7e {
		return 0, 0, false
	}
	return byte(v), e + 1, true
}

// escapeSpans finds runs of at least four \u00XX escapes (ASCII ones) with
// the spaces between them. (\xXX runs are hexSpans'.)
func escapeSpans(_, lo string) []span {
	if !strings.Contains(lo, `\u00`) {
		return nil
	}
	var out []span
	for i := 0; i < len(lo) && len(out) < maxSpans; {
		k := strings.Index(lo[i:], `\u00`)
		if k < 0 {
			break
		}
		s := i + k
		var b []byte
		n := 0
		j := s
		for j < len(lo) {
			if j+6 <= len(lo) && lo[j] == '\\' && lo[j+1] == 'u' && lo[j+2] == '0' && lo[j+3] == '0' && hexVal(lo[j+4]) >= 0 && hexVal(lo[j+5]) >= 0 {
				b = append(b, byte(hexVal(lo[j+4])<<4|hexVal(lo[j+5])))
				n++
				j += 6
				continue
			}
			if lo[j] == ' ' && j+1 < len(lo) && lo[j+1] == '\\' {
				b = append(b, ' ')
				j++
				continue
			}
			break
		}
		if n >= 4 {
			if t, ok := readable(b); ok {
				out = append(out, span{s, j, t})
			}
		}
		i = max(j, s+2)
	}
	return out
}

// codeSpans finds runs of at least eight character codes: decimal ones
// (32 to 126) or eight-bit binary ones, separated by spaces or commas.
func codeSpans(_, lo string) []span {
	var out []span
	for i := 0; i < len(lo) && len(out) < maxSpans; i++ {
		if lo[i] < '0' || lo[i] > '9' || i > 0 && isAlnum(lo[i-1]) {
			continue
		}
		var b []byte
		j := i
		binary := false
		for j < len(lo) {
			k := j
			for k < len(lo) && lo[k] >= '0' && lo[k] <= '9' && k-j < 9 {
				k++
			}
			if k == j || k < len(lo) && isAlnum(lo[k]) {
				break
			}
			tok := lo[j:k]
			if len(b) == 0 {
				binary = len(tok) == 8 && strings.Trim(tok, "01") == ""
			}
			v := 0
			if binary {
				if len(tok) != 8 || strings.Trim(tok, "01") != "" {
					break
				}
				for _, c := range []byte(tok) {
					v = v<<1 | int(c-'0')
				}
			} else {
				if len(tok) > 3 {
					break
				}
				for _, c := range []byte(tok) {
					v = v*10 + int(c-'0')
				}
			}
			if v < 0x20 || v > 0x7e {
				break
			}
			b = append(b, byte(v))
			j = k
			if j+1 < len(lo) && lo[j] == ',' && lo[j+1] == ' ' {
				j++
			}
			if j+1 < len(lo) && (lo[j] == ' ' || lo[j] == ',') && lo[j+1] >= '0' && lo[j+1] <= '9' {
				j++
				continue
			}
			break
		}
		if len(b) >= 8 {
			if t, ok := readable(b); ok {
				out = append(out, span{i, j, t})
			}
		}
		i = max(i, j)
	}
	return out
}

// morseCode maps the International Morse code of letters and digits.
var morseCode = map[string]byte{
	".-": 'a', "-...": 'b', "-.-.": 'c', "-..": 'd', ".": 'e', "..-.": 'f', "--.": 'g', "....": 'h', "..": 'i', ".---": 'j',
	"-.-": 'k', ".-..": 'l', "--": 'm', "-.": 'n', "---": 'o', ".--.": 'p', "--.-": 'q', ".-.": 'r', "...": 's', "-": 't',
	"..-": 'u', "...-": 'v', ".--": 'w', "-..-": 'x', "-.--": 'y', "--..": 'z',
	"-----": '0', ".----": '1', "..---": '2', "...--": '3', "....-": '4', ".....": '5', "-....": '6', "--...": '7', "---..": '8', "----.": '9',
}

// morseSpans finds runs of at least eight Morse letters separated by
// spaces, words by " / ", " | " or three spaces.
func morseSpans(_, lo string) []span {
	if !strings.Contains(lo, ".-") && !strings.Contains(lo, "-.") {
		return nil
	}
	var out []span
	for i := 0; i < len(lo) && len(out) < maxSpans; i++ {
		if lo[i] != '.' && lo[i] != '-' || i > 0 && lo[i-1] != ' ' && lo[i-1] != '\n' && lo[i-1] != ':' {
			continue
		}
		var b []byte
		j, letters, last := i, 0, i
		for j < len(lo) {
			k := j
			for k < len(lo) && (lo[k] == '.' || lo[k] == '-') && k-j < 6 {
				k++
			}
			c, ok := morseCode[lo[j:k]]
			if k == j || !ok || k < len(lo) && lo[k] != ' ' && lo[k] != '\n' {
				break
			}
			b = append(b, c)
			letters++
			j, last = k, k
			gap := j
			for gap < len(lo) && gap-j < 5 && (lo[gap] == ' ' || lo[gap] == '/' || lo[gap] == '|') {
				gap++
			}
			if gap == j || gap == len(lo) || lo[gap] != '.' && lo[gap] != '-' {
				break
			}
			if g := lo[j:gap]; strings.ContainsAny(g, "/|") || len(g) >= 3 {
				b = append(b, ' ')
			}
			j = gap
		}
		if letters >= 8 {
			if t, ok := readable(b); ok {
				out = append(out, span{i, last, t})
			}
		}
		i = max(i, last)
	}
	return out
}

// natoWords are the NATO spelling alphabet's words.
var natoWords = func() map[string]byte {
	m := map[string]byte{}
	for _, w := range strings.Fields("alpha bravo charlie delta echo foxtrot golf hotel india juliett kilo lima mike november oscar papa quebec romeo sierra tango uniform victor whiskey xray yankee zulu") {
		m[w] = w[0]
	}
	m["juliet"], m["alfa"], m["whisky"], m["x-ray"] = 'j', 'a', 'w', 'x'
	return m
}()

// natoSpans finds runs of at least four NATO alphabet words, read as the
// letters they spell (runs apart by other words are words apart).
func natoSpans(_, lo string) []span {
	if !strings.Contains(lo, "echo") && !strings.Contains(lo, "romeo") && !strings.Contains(lo, "alpha") && !strings.Contains(lo, "india") && !strings.Contains(lo, "oscar") {
		return nil
	}
	var out []span
	for i := 0; i < len(lo) && len(out) < maxSpans; i++ {
		if !isLetterByte(lo[i]) || i > 0 && isAlnum(lo[i-1]) {
			continue
		}
		var b []byte
		j, last := i, i
		for j < len(lo) {
			k := j
			for k < len(lo) && (isLetterByte(lo[k]) || lo[k] == '-') && k-j < 9 {
				k++
			}
			c, ok := natoWords[lo[j:k]]
			if !ok || k < len(lo) && isAlnum(lo[k]) {
				break
			}
			b = append(b, c)
			last = k
			j = k
			for j < len(lo) && (lo[j] == ' ' || lo[j] == ',') {
				j++
			}
		}
		if len(b) >= 4 {
			s := string(b)
			out = append(out, span{i, last, s})
			i = last
		}
	}
	if len(out) < 2 {
		return out
	}
	// the words between runs stay; each run is one word
	return out
}

// caesarCue names a shift cipher.
var caesarCue = newLitSet([]string{"caesar", "cipher", "decrypt", "decipher", "shift each", "shift every", "shift the letters", "shift all", "shifted by", "shift of", "shift by", "shift back", "shift it", "letters back", "letters forward", "letter back", "letter forward", "places back", "places forward", "places earlier", "rotate each", "rotate every", "rotated by"})

// caesarView is lo with its letters shifted by the one shift (1 to 25)
// that makes at least two words of lo words of joinWords, when lo names a
// shift cipher; ok is false otherwise. Each word is looked up once, by
// the differences of its letters (a shift does not change them), so the
// view costs one pass and a map lookup a word, at most 512 words.
func caesarView(lo string) (string, []int32, bool) {
	if !caesarCue.in(lo) {
		return "", nil, false
	}
	var votes [26]int
	words := 0
	var sig [16]byte
	for i := 0; i < len(lo) && words < 512; {
		if !isLetterByte(lo[i]) {
			i++
			continue
		}
		j := i
		for j < len(lo) && isLetterByte(lo[j]) {
			j++
		}
		words++
		if n := j - i; n >= 4 && n <= len(sig) && (j == len(lo) || !isAlnum(lo[j])) {
			for k := 1; k < n; k++ {
				sig[k-1] = (lo[i+k] - lo[i+k-1] + 26) % 26
			}
			if w, ok := shiftShapes[string(sig[:n-1])]; ok && w != lo[i:j] {
				votes[(w[0]-lo[i]+26)%26]++
			}
		}
		i = j
	}
	shift := 0
	for k := 1; k < 26; k++ {
		if votes[k] >= 2 && votes[k] > votes[shift] {
			shift = k
		}
	}
	if shift == 0 {
		return "", nil, false
	}
	b := make([]byte, len(lo))
	src := make([]int32, len(lo))
	for i := 0; i < len(lo); i++ {
		c := lo[i]
		if c >= 'a' && c <= 'z' {
			c = 'a' + (c-'a'+byte(shift))%26
		}
		b[i] = c
		src[i] = int32(i)
	}
	return string(b), src, true
}

// shiftShapes maps the differences of the letters of each word of
// joinWords (four letters or more) to the word. Two words of one shape
// would be one shift apart; the first kept is as good as the other.
var shiftShapes = func() map[string]string {
	m := map[string]string{}
	for w := range joinWords {
		if len(w) < 4 || len(w) > 16 {
			continue
		}
		sig := make([]byte, len(w)-1)
		for k := 1; k < len(w); k++ {
			sig[k-1] = (w[k] - w[k-1] + 26) % 26
		}
		if _, ok := m[string(sig)]; !ok || w < m[string(sig)] {
			m[string(sig)] = w
		}
	}
	return m
}()

// pigLatinView is lo with its Pig Latin words read back ("ignoreway",
// "evealray", "isregard-day"); obfuscGate makes it when lo says pig or
// holds three words ending in -way, -yay or a hyphen and -ay. ok is false
// when no word read back is one of joinWords.
func pigLatinView(lo string) (string, []int32, bool) {
	var spans []span
	found := false
	for i := 0; i < len(lo) && len(spans) < 4*maxSpans; {
		if !isLetterByte(lo[i]) {
			i++
			continue
		}
		j := i
		for j < len(lo) && (isLetterByte(lo[j]) || lo[j] == '-' && j+1 < len(lo) && isLetterByte(lo[j+1])) {
			j++
		}
		if d, ok := unPig(lo[i:j]); ok {
			if joinWords[d] {
				found = true
			}
			spans = append(spans, span{i, j, d})
		}
		i = j
	}
	if !found {
		return "", nil, false
	}
	var v viewBuf
	p := 0
	for _, sp := range spans {
		for k := p; k < sp.start; k++ {
			v.put(lo[k], k)
		}
		for k := 0; k < len(sp.text); k++ {
			v.put(sp.text[k], sp.start+min(k, sp.end-sp.start-1))
		}
		p = sp.end
	}
	for k := p; k < len(lo); k++ {
		v.put(lo[k], k)
	}
	return string(v.b), v.src, true
}

// unPig reads a Pig Latin word back: "stem-Xay" as X+stem, "stemway" (a
// word that began with a vowel) as stem, "stemXay" as X+stem for the
// shortest consonant cluster X (one to three letters) that makes a known
// word.
func unPig(w string) (string, bool) {
	if len(w) < 4 || !strings.HasSuffix(w, "ay") {
		return "", false
	}
	if k := strings.LastIndexByte(w, '-'); k > 0 {
		x := w[k+1 : len(w)-2]
		if x == "w" || x == "y" || x == "" {
			return w[:k], true
		}
		return x + w[:k], true
	}
	body := w[:len(w)-2]
	var cands []string
	for n := 1; n <= 3 && n < len(body); n++ {
		cands = append(cands, body[len(body)-n:]+body[:len(body)-n])
	}
	if strings.HasSuffix(body, "w") || strings.HasSuffix(body, "y") {
		cands = append(cands, body[:len(body)-1])
	}
	for _, c := range cands {
		if joinWords[c] || words_.id(c) >= 0 || pigCommon[c] {
			return c, true
		}
	}
	return "", false
}

// pigCommon are short words a Pig Latin sentence holds that the engine's
// vocabulary may not.
var pigCommon = map[string]bool{"the": true, "and": true, "your": true, "you": true, "all": true, "me": true, "my": true, "tell": true, "print": true, "send": true, "show": true, "now": true, "say": true, "this": true, "what": true}

// legendOps are the words and signs by which a code book defines a
// symbol: "★ = ignore", "let ★ mean 'ignore'", "X stands for disregard",
// "let ⚡ be 'disregard'".
var legendOps = []string{"=", " means ", " mean ", " stands for ", " is short for ", " be "}

// legendEntry is a code book's entry: its symbol, its meaning, and the
// span of the definition in the text.
type legendEntry struct {
	sym, meaning string
	s, e         int
}

// legendEntries reads the definitions of a code book in lo (at most 16,
// at most 64 operators looked at): a symbol of at most eight bytes (signs
// or an emoji, or a name of one to three letters) before an operator, a
// meaning of at most 40 bytes of letters and spaces (quoted or up to a
// comma, a full stop or "and") after it, holding a word of joinWords.
func legendEntries(lo string) []legendEntry {
	var es []legendEntry
	looked := 0
	for _, op := range legendOps {
		for from := 0; from < len(lo) && len(es) < 16 && looked < 64; {
			k := strings.Index(lo[from:], op)
			if k < 0 {
				break
			}
			at := from + k
			from = at + len(op)
			looked++
			// the symbol before
			e := at
			for e > 0 && lo[e-1] == ' ' {
				e--
			}
			st := e
			for st > 0 && e-st < 8 && lo[st-1] != ' ' && lo[st-1] != '\n' && lo[st-1] != '(' && lo[st-1] != ',' && lo[st-1] != ';' && lo[st-1] != '"' && lo[st-1] != '\'' {
				st--
			}
			if st == e || st > 0 && lo[st-1] != ' ' && lo[st-1] != '\n' && lo[st-1] != '(' && lo[st-1] != ',' && lo[st-1] != ';' && lo[st-1] != '"' && lo[st-1] != '\'' {
				continue
			}
			sym := lo[st:e]
			if !legendSymbol(sym) {
				continue
			}
			// the meaning after
			m := from
			for m < len(lo) && lo[m] == ' ' {
				m++
			}
			quote := byte(0)
			if m < len(lo) && (lo[m] == '\'' || lo[m] == '"') {
				quote = lo[m]
				m++
			}
			n := m
			for n < len(lo) && n-m < 40 && (isLetterByte(lo[n]) || lo[n] == ' ' || lo[n] == '\'' && quote != '\'') {
				if quote == 0 && (strings.HasPrefix(lo[n:], " and ") || strings.HasPrefix(lo[n:], " then ")) {
					break
				}
				n++
			}
			if quote != 0 && (n == len(lo) || lo[n] != quote) {
				continue
			}
			meaning := strings.TrimSpace(lo[m:n])
			if meaning == "" || !hasJoinString(meaning) {
				continue
			}
			if isLetterByte(sym[0]) && (op != "=" && quote == 0 || commonShort[sym]) {
				continue // "it means the config…": a sentence, not a code book
			}
			es = append(es, legendEntry{sym, meaning, st, n})
		}
	}
	return es
}

// commonShort are short words that name no code book's entry.
var commonShort = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields("it is be to in of an or as at on we he me my by so no do go up us if the and you are was for not but can all has had her his its our who how why now may one") {
		m[w] = true
	}
	return m
}()

// legendSymbol reports whether sym may name a code book's entry: signs or
// an emoji (no letter, digit or quote), or one to three letters.
func legendSymbol(sym string) bool {
	if len(sym) <= 3 {
		letters := true
		for k := 0; k < len(sym); k++ {
			if !isLetterByte(sym[k]) {
				letters = false
			}
		}
		if letters {
			return true
		}
	}
	for k := 0; k < len(sym); k++ {
		c := sym[k]
		if isAlnum(c) || c == '\'' || c == '"' || c == '=' {
			return false
		}
	}
	return true
}

// legendView is lo with each symbol that a code book in it defines
// replaced, outside its definition, by its meaning (legendEntries); ok is
// false when the text defines none or uses none. It makes at most 64
// replacements.
func legendView(lo string) (string, []int32, bool) {
	if !strings.Contains(lo, "=") && !strings.Contains(lo, " mean") && !strings.Contains(lo, " stands for ") && !strings.Contains(lo, " be ") && !strings.Contains(lo, " is short for ") {
		return "", nil, false
	}
	es := legendEntries(lo)
	if len(es) == 0 {
		return "", nil, false
	}
	var v viewBuf
	uses := 0
	for i := 0; i < len(lo); {
		inDef := false
		for _, e := range es {
			if i >= e.s && i < e.e {
				inDef = true
			}
		}
		if !inDef && uses < 64 && (i == 0 || !isAlnum(lo[i-1])) {
			hit := false
			for _, e := range es {
				if strings.HasPrefix(lo[i:], e.sym) && (i+len(e.sym) == len(lo) || !isAlnum(lo[i+len(e.sym)]) || !isAlnum(e.sym[len(e.sym)-1])) {
					v.puts(e.meaning, i)
					i += len(e.sym)
					uses++
					hit = true
					break
				}
			}
			if hit {
				continue
			}
		}
		v.put(lo[i], i)
		i++
	}
	if uses == 0 {
		return "", nil, false
	}
	return string(v.b), v.src, true
}

// hasJoinString is hasJoin of a string.
func hasJoinString(s string) bool {
	for i := 0; i < len(s); {
		if !isLetterByte(s[i]) {
			i++
			continue
		}
		j := i
		for j < len(s) && isLetterByte(s[j]) {
			j++
		}
		if j-i >= 3 && j-i <= 16 && joinWords[s[i:j]] {
			return true
		}
		i = j
	}
	return false
}

// hasJoin reports whether the letters of b hold a word of joinWords.
func hasJoin(b []byte) bool {
	for i := 0; i < len(b); {
		if !isLetterByte(b[i]) {
			i++
			continue
		}
		j := i
		for j < len(b) && isLetterByte(b[j]) {
			j++
		}
		if j-i >= 3 && j-i <= 16 && joinWords[string(b[i:j])] {
			return true
		}
		i = j
	}
	return false
}

// leetView is direct.go's de-obfuscated view read for joinWords (direct.go
// reads it only for its keywords), made when at least two words of lo
// hold a digit or sign of leetspeak between two letters (y0u, pr3v10us).
func leetView(text, lo string) (string, []int32, bool) {
	n := 0
	for i := 0; i < len(lo) && n < 2; {
		if byteClass[lo[i]] == clSpace {
			i++
			continue
		}
		j, inner := i, false
		for j < len(lo) && byteClass[lo[j]] != clSpace {
			if leet[lo[j]] != 0 && j > i && isLetterByte(lo[j-1]) && j+1 < len(lo) && isLetterByte(lo[j+1]) {
				inner = true // a sign between two letters: y0u, pr3v, k8s
			}
			j++
		}
		if inner {
			n++
		}
		i = j
	}
	if n < 2 {
		return "", nil, false
	}
	v, src := deobfuscate(text, lo)
	if v == lo || !hasJoin([]byte(v)) {
		return "", nil, false
	}
	return v, src, true
}

// spacedLineView is lo with each line whose words are letters spaced
// apart ("P A Y   N O   A T T E N T I O N") read as words: a single space
// between two letters dropped, a wider gap one space. A line is read so
// when it holds at least six one-letter words and they are at least two
// in three of its words.
func spacedLineView(lo string) (string, []int32, bool) {
	if !strings.Contains(lo, "  ") {
		return "", nil, false
	}
	any := false
	for start := 0; start < len(lo) && !any; {
		end := strings.IndexByte(lo[start:], '\n')
		if end < 0 {
			end = len(lo)
		} else {
			end += start
		}
		any = spacedLine(lo[start:end])
		start = end + 1
	}
	if !any {
		return "", nil, false
	}
	var v viewBuf
	changed := false
	for start := 0; start < len(lo); {
		end := strings.IndexByte(lo[start:], '\n')
		if end < 0 {
			end = len(lo)
		} else {
			end += start
		}
		if spacedLine(lo[start:end]) {
			changed = true
			for i := start; i < end; i++ {
				c := lo[i]
				if c == ' ' {
					if i+1 < end && lo[i+1] == ' ' {
						k := i
						for k < end && lo[k] == ' ' {
							k++
						}
						v.put(' ', i)
						i = k - 1
						continue
					}
					if i > start && isAlnum(lo[i-1]) && i+1 < end && isAlnum(lo[i+1]) {
						continue // the space between two letters of a word
					}
				}
				if l := leet[c]; l != 0 && (i == start || lo[i-1] == ' ') && (i+1 == end || lo[i+1] == ' ') {
					c = l
				}
				v.put(c, i)
			}
		} else {
			for i := start; i < end; i++ {
				v.put(lo[i], i)
			}
		}
		if end < len(lo) {
			v.put('\n', end)
		}
		start = end + 1
	}
	if !changed || !hasJoin(v.b) {
		return "", nil, false
	}
	return string(v.b), v.src, true
}

// spacedLine reports whether a line holds at least six one-letter words
// and they are at least two in three of its words.
func spacedLine(line string) bool {
	single, words := 0, 0
	for i := 0; i < len(line); {
		if line[i] == ' ' || line[i] == '\t' || line[i] == '\r' {
			i++
			continue
		}
		j := i
		for j < len(line) && line[j] != ' ' && line[j] != '\t' && line[j] != '\r' {
			j++
		}
		words++
		if j-i == 1 && (isLetterByte(line[i]) || leet[line[i]] != 0) {
			single++
		}
		i = j
	}
	return single >= 6 && 3*single >= 2*words
}

// newJoin reports whether view v (byte k from lo's byte src[k]) holds a
// word of joinWords that it made: a word whose bytes are not lo's bytes
// in order. A view that only rewrites other words, or holds the text's
// own words, is not worth reading.
func newJoin(v string, src []int32, lo string) bool {
	for i := 0; i < len(v); {
		if !isLetterByte(v[i]) {
			i++
			continue
		}
		j := i
		changed := false
		for j < len(v) && isLetterByte(v[j]) {
			p := int(src[j])
			if p >= len(lo) || lo[p] != v[j] || j > i && p != int(src[j-1])+1 {
				changed = true
			}
			j++
		}
		if changed && j-i >= 3 && j-i <= 16 && joinWords[v[i:j]] {
			return true
		}
		i = j
	}
	return false
}
