package pii

import "math/bits"

// numberToken is a run of digit groups joined by single separators.
type numberToken struct {
	start, end int
	digits     []byte  // at most 24, separators left out
	seps       [8]byte // the separators in order
	nseps      int
	groups     [9]int // the length of each digit group
}

// is reports whether the token has exactly these group lengths with sep
// between each two.
func (t *numberToken) is(sep byte, groups ...int) bool {
	if t.nseps != len(groups)-1 {
		return false
	}
	for k, g := range groups {
		if t.groups[k] != g || k > 0 && t.seps[k-1] != sep {
			return false
		}
	}
	return true
}

// isAny reports whether the token has these group lengths with one
// separator, a space or a dash, between all of them.
func (t *numberToken) isAny(groups ...int) bool {
	return t.is(' ', groups...) || t.is('-', groups...)
}

// sep is the token's one separator: 0 when it has none, '?' when it has
// several different ones.
func (t *numberToken) sep() byte {
	if t.nseps == 0 {
		return 0
	}
	for k := 1; k < t.nseps; k++ {
		if t.seps[k] != t.seps[0] {
			return '?'
		}
	}
	return t.seps[0]
}

// dateLike reports whether the groups are those of a date (2024-05-01,
// 01.05.2024, 1/5/2024 read without its slashes) or a time.
func (t *numberToken) dateLike() bool {
	g := t.groups
	switch t.nseps {
	case 2:
		return g[0] == 4 && g[1] <= 2 && g[2] <= 2 || g[0] <= 2 && g[1] <= 2 && (g[2] == 4 || g[2] == 2)
	case 1:
		return g[0] <= 2 && g[1] <= 2
	}
	return false
}

// Context words of the numeric recognizers.
var (
	ssnWords   = newWordList("ssn", "ssns", "ssn#", "social security", "social", "soc sec", "ss#", "ss no", "ss number", "ssn number", "social security no")
	itinWords  = newWordList("itin", "taxpayer", "tax id", "tax identification", "tin")
	nhsWords   = newWordList("nhs", "national health", "health service", "nhs no")
	cardWords  = newWordList("card", "cards", "credit", "debit", "visa", "mastercard", "amex", "american express", "discover", "maestro", "jcb", "diners", "unionpay", "cc", "ccn", "payment", "pay", "paid", "charge", "charged", "billing", "checkout")
	isbnWords  = newWordList("isbn", "issn", "doi")
	testWords  = newWordList("test", "testing", "tests", "sandbox", "sample", "example", "dummy", "demo", "fake", "declines", "decline", "declined", "stripe", "braintree", "adyen")
	idWords    = newWordList("part no", "part number", "part #", "sku", "serial", "serial no", "item no", "item #", "model no", "catalog no", "cat no", "ref", "ref.", "reference", "order", "order no", "order #", "invoice", "ticket", "build", "tracking", "case no", "case #")
	phoneWords = newWordList("phone", "phones", "telephone", "tel", "tél", "mobile", "mob", "cell", "cellphone", "cell phone",
		"call", "calls", "calling", "called", "text", "sms", "whatsapp", "signal", "fax", "ring", "dial", "contact",
		"reach", "reached", "landline", "hotline", "helpline", "ph", "phone number", "telefon", "telefono",
		"teléfono", "téléphone", "handy", "portable", "móvil", "celular", "tlf", "voicemail",
		"ruf", "anrufen", "rufnummer", "telefonnummer", "handynummer", "appelez", "appeler", "llámame", "llama", "chiamami", "chiamare",
		"cellulare", "cellular", "mobil", "mobilnummer", "mobiltelefon", "rückruf", "zurückrufen", "joindre",
		"my number", "new number", "home number", "cell number", "mobile number", "contact number",
		"her number", "his number", "their number", "your number", "phone no", "cell no", "mob no", "mobile no",
		"ringa", "ring mig", "bel me", "bellen", "ligar", "ligue", "liga", "contacto", "contatto", "kontakt", "tlf.", "telf")
)

// numberStart marks the bytes at which numbers reads a token: digits,
// '+' and '('; at any other byte it moves on a byte.
var numberStart = func() (t [256]bool) {
	for _, c := range []byte("0123456789+(") {
		t[c] = true
	}
	return t
}()

// nextNumberStart returns the first k >= i where numberStart[text[k]],
// or len(text): eight bytes at a time (numberStarts8), then the bytes
// that remain one at a time.
func nextNumberStart(text string, i int) int {
	for ; i+8 <= len(text); i += 8 {
		if m := numberStarts8(load8(text, i)); m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	for ; i < len(text) && !numberStart[text[i]]; i++ {
	}
	return i
}

// numberStarts8 has the high bit set in each byte of x (eight bytes of
// text, the first in the low byte) that numberStart marks: an ASCII digit,
// '+' or '('. Each byte's sums stay within it (at most 0x7f + 0x7f), so
// no carry crosses.
func numberStarts8(x uint64) uint64 {
	const low7, high, ones = 0x7f7f7f7f7f7f7f7f, 0x8080808080808080, 0x0101010101010101
	y := x & low7
	digit := (y + (0x80-'0')*ones) &^ (y + (0x80-'9'-1)*ones) // '0' <= y <= '9'
	plus := y ^ '+'*ones
	paren := y ^ '('*ones
	plus = ^((plus + low7) | plus) // high bit: plus == 0
	paren = ^((paren + low7) | paren)
	return (digit | plus | paren) &^ x & high
}

// load8 reads text[i:i+8] as a little-endian word.
func load8(text string, i int) uint64 {
	_ = text[i+7]
	return uint64(text[i]) | uint64(text[i+1])<<8 | uint64(text[i+2])<<16 | uint64(text[i+3])<<24 |
		uint64(text[i+4])<<32 | uint64(text[i+5])<<40 | uint64(text[i+6])<<48 | uint64(text[i+7])<<56
}

// numbers reads the text's digit groups and tests each token against the
// numeric formats: card numbers, phone numbers and identifiers.
func (f *finder) numbers() {
	text := f.text
	var buf [24]byte
	for i := 0; i < len(text); {
		// A byte that starts no token is passed over below too.
		if i = nextNumberStart(text, i); i == len(text) {
			break
		}
		c := text[i]
		if c == '+' && i+1 < len(text) && isDigit(text[i+1]) && (i == 0 || !isAlnum(text[i-1]) && text[i-1] != '+') {
			i = f.intlPhone(i)
			continue
		}
		if c == '(' && i+5 < len(text) && isDigit(text[i+1]) && isDigit(text[i+2]) && isDigit(text[i+3]) && text[i+4] == ')' &&
			(i == 0 || !isAlnum(text[i-1])) {
			if e, ok := f.parenPhone(i); ok {
				i = e
				continue
			}
		}
		if c == '(' && i+4 < len(text) && text[i+1] == '0' && isDigit(text[i+2]) && (i == 0 || !isAlnum(text[i-1])) {
			if e, ok := f.parenNational(i); ok {
				i = e
				continue
			}
		}
		if !isDigit(c) {
			i++
			continue
		}
		if i == 0 || !isDigit(text[i-1]) {
			f.markDigits(i)
			f.addrCandidate(i)
			if i >= 3 && text[i-1] == ' ' && isUpper(text[i-2]) && isUpper(text[i-3]) && f.nzips < len(f.zips) {
				f.zips[f.nzips] = i // a ZIP code after a state code, perhaps
				f.nzips++
			}
		}
		if i > 0 && (isAlnum(text[i-1]) || text[i-1] == '.' || text[i-1] == '_' || text[i-1] == '+') {
			// An IBAN begins with two capitals and its two check digits.
			if i >= 2 && isUpper(text[i-1]) && isUpper(text[i-2]) && (i == 2 || !isAlnum(text[i-3])) {
				if e := f.iban(i - 2); e > i {
					i = e
					continue
				}
			}
			if isLetter(text[i-1]) {
				i = f.alnumToken(i)
				continue
			}
			i++
			continue
		}
		tok := numberToken{start: i, digits: buf[:0]}
		j := i
		for {
			g := j
			for j < len(text) && isDigit(text[j]) {
				if len(tok.digits) < cap(buf) {
					tok.digits = append(tok.digits, text[j])
				}
				j++
			}
			tok.groups[tok.nseps] = j - g
			if j+1 < len(text) && (text[j] == ' ' || text[j] == '-' || text[j] == '.') && isDigit(text[j+1]) && tok.nseps < len(tok.seps) {
				tok.seps[tok.nseps] = text[j]
				tok.nseps++
				j++
				continue
			}
			break
		}
		tok.end = j
		// A run longer than any format's is none of them; a number
		// followed by a decimal part or a unit-less dot-number is a
		// measure or a version.
		if j-i <= 32 && len(tok.digits) < cap(buf) {
			switch {
			case extension(text, j) > j:
				// 212-555-0198x123: a phone number and its extension.
				if !f.near(tok.start, tok.end, isbnWords) {
					f.phoneToken(&tok)
				}
				j = extension(text, j)
			case j < len(text) && isAlnum(text[j]):
				if e := f.digitLetter(&tok); e > tok.end {
					j = e
				} else {
					f.numberWithLetter(&tok)
				}
			case j < len(text) && (text[j] == '.' || text[j] == ',' || text[j] == ':' || text[j] == '/') && j+1 < len(text) && isDigit(text[j+1]):
				// 3.14159, 1,000,000, 12:30, 1/2: not an identifier.
			case i > 0 && (text[i-1] == '-' || text[i-1] == '/' || text[i-1] == ':' || text[i-1] == '#' || text[i-1] == '$'):
				// The tail of a longer identifier, a path, a price.
				if text[i-1] == '#' || text[i-1] == ':' {
					f.classify(&tok)
				}
			default:
				f.classify(&tok)
			}
		}
		i = j
		for i < len(text) && isAlnum(text[i]) {
			i++
		}
	}
}

func (f *finder) classify(tok *numberToken) {
	if f.classifyIntl(tok) {
		return
	}
	d := tok.digits
	n := len(d)
	s, e := tok.start, tok.end
	switch {
	case tok.isAny(3, 2, 4) || tok.nseps == 0 && n == 9:
		labelled := f.near(s, e, ssnWords)
		if validITIN(d) {
			if f.near(s, e, itinWords) || labelled {
				f.add("us_itin_labelled", s, e)
			} else if tok.nseps > 0 && tok.seps[0] == '-' && tok.sep() == '-' {
				f.add("us_itin", s, e)
			}
			return
		}
		if validSSN(d) {
			if labelled {
				f.add("us_ssn_labelled", s, e)
			} else if tok.nseps > 0 && tok.sep() != '?' && !sampleSSNs[string(d)] {
				f.add("us_ssn", s, e)
			}
		}
		if tok.nseps > 0 {
			return
		}
	case tok.nseps == 3 && tok.groups[0] == 3 && tok.groups[1] == 3 && tok.groups[2] == 3 && tok.groups[3] == 2 &&
		tok.seps[0] == '.' && tok.seps[1] == '.' && tok.seps[2] == '-':
		if validCPF(d) && !exampleIDs[string(d)] {
			f.add("br_cpf", s, e)
		}
		return
	case tok.isAny(4, 4, 4):
		if d[0] >= '2' && verhoeff(d) && !exampleIDs[string(d)] {
			f.add("in_aadhaar", s, e)
			return
		}
	case tok.nseps == 0 && n == 18:
		if validRIC(d) && !exampleIDs[string(d)] {
			f.add("cn_resident_id", s, e)
			return
		}
	}
	nhsShape := n == 10 && (tok.nseps == 0 || tok.isAny(3, 3, 4))
	if nhsShape && f.near(s, e, nhsWords) {
		// Labelled as an NHS number, it is one or a mistyped one: not a
		// phone number.
		if validNHS(d) {
			f.add("uk_nhs_number_labelled", s, e)
		}
		return
	}
	if n >= 13 && n <= 19 && (tok.nseps == 0 || cardGroups(tok)) {
		if kind, ok := cardKind(d); ok {
			if kind == "card_number_test" && f.near(s, e, testWords) ||
				testCardWords.in(f.text[max(0, s-testCardReach):s]) || testCardWords.in(f.text[e:min(len(f.text), e+48)]) {
				// A processor's published test number called one is no
				// one's card, as a documented example key is no secret.
				return
			}
			// A bare run of digits passes Luhn one time in ten: tables of
			// numbers in source code hold many. Printed in a card's groups,
			// or named as a card, it is one.
			if kind == "card_number" && tok.nseps == 0 && !f.near(s, e, cardWords) {
				if f.tableOfNumbers(s, e) {
					return // one of a table's numbers (int64 constants, test vectors)
				}
				kind = "card_number_unformatted"
			}
			f.add(kind, s, e)
			return
		}
	}
	// Three, three and four digits with spaces is how an NHS number is
	// printed; with a valid check digit and no phone label it is one.
	if nhsShape && tok.is(' ', 3, 3, 4) && validNHS(d) && !f.near(s, e, phoneWords) {
		f.add("uk_nhs_number", s, e)
		return
	}
	if n >= 7 && !f.near(s, e, isbnWords) {
		f.phoneToken(tok)
	}
}

// numberWithLetter handles a digit token followed by a letter: a Spanish
// DNI or NIE, or a Chinese resident identity number ending in X.
func (f *finder) numberWithLetter(tok *numberToken) {
	text := f.text
	j := tok.end
	if j+1 < len(text) && isAlnum(text[j+1]) {
		return
	}
	d := tok.digits
	switch {
	case tok.nseps == 0 && len(d) == 8 && isUpper(text[j]):
		if dniLetter(d) == text[j] && !exampleIDs[string(d)+text[j:j+1]] {
			f.add("es_dni", tok.start, j+1)
		}
	case tok.nseps == 0 && len(d) == 17 && (text[j] == 'X' || text[j] == 'x'):
		if validRIC(append(d, 'X')) && !exampleIDs[string(d)+"X"] {
			f.add("cn_resident_id", tok.start, j+1)
		}
	}
}

// extension returns the end of a phone extension written "x123" at j, j
// when there is none.
func extension(text string, j int) int {
	if j+1 >= len(text) || text[j] != 'x' || !isDigit(text[j+1]) {
		return j
	}
	e := j + 1
	for e < len(text) && isDigit(text[e]) && e-j <= 6 {
		e++
	}
	if e < len(text) && isAlnum(text[e]) {
		return j
	}
	return e
}

// tableOfNumbers reports whether another run of six digits or more,
// itself no card number, stands within 24 bytes of [start, end): the
// number is one of a list, as tables of constants in source code hold,
// not a card someone wrote down (a list of card numbers is still found).
func (f *finder) tableOfNumbers(start, end int) bool {
	text := f.text
	other := func(lo, hi int) bool {
		for i := lo; i < hi; {
			if !isDigit(text[i]) {
				i++
				continue
			}
			// The whole run, read past the window's edges (at most 24
			// digits more).
			a, b := i, i
			for a > 0 && lo-a < 24 && isDigit(text[a-1]) {
				a--
			}
			for b < len(text) && b-i < 48 && isDigit(text[b]) {
				b++
			}
			if n := b - a; n >= 6 {
				if n < 13 || n > 19 {
					return true
				}
				if _, ok := cardKind([]byte(text[a:b])); !ok {
					return true
				}
			}
			i = b
		}
		return false
	}
	return other(max(0, start-24), start) || other(end, min(len(text), end+24))
}
