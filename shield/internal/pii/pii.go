// Package pii finds personal data in text: the recognizers of the shield's
// pii class (agent-shield-protocol-v0.1 §3.2; issue 27, deliver 3).
//
// Each recognizer is a format, a validator (a check digit or the rules of
// the issuing scheme, where the format has them) and context words: a
// label such as "SSN", "passport" or "call me at" in the bytes around a
// value. A value whose format is distinctive and whose check passes is
// found on its own; a value whose format is ambiguous (nine bare digits, a
// national phone number, a licence number) is found only with its label,
// and without one the recognizer says nothing: any signal on benign text
// is a false positive for the reader of the verdict.
//
// The kinds, their confidences and the rules behind them are listed in
// docs/judgement/pii.md, which also gives the measured precision and
// recall and how to reproduce them.
//
// # Bounds
//
// Find reads its text in time linear in its length: one pass for "@", one
// for digit runs (IBANs among them), one for label words, one for
// date-of-birth labels (at most 256 per call), one for ZIP codes after
// a state code (at most 64 per call, each a regexp over the 160 bytes
// before it) and one for the postcodes of other countries (at most 32 per
// call, each at most four regexps over the 160 bytes before it), each
// reading a bounded window. A token of letters and digits is read at most
// 40 bytes back and 90 forward for the formats that begin with letters. Phone numbers are validated with
// github.com/nyaruka/phonenumbers only for candidates that already have a
// phone's shape, at most [MaxPhoneChecks] per call (each costs some tens of
// microseconds); past that, a candidate counts only when a phone label
// stands beside it. Memory is constant.
//
// # What it does not claim
//
// It finds identifiers by their format, not names, postal addresses other
// than a street address with its postcode in the US, the UK, Canada,
// Australia, the Netherlands, Germany, France, Spain or Italy or a street
// and a house number after a label naming someone's address, dates of
// birth without their label, or free-text descriptions of a person. A
// company's phone number (a switchboard, a hotline, a number in a
// footer), a business's address and a processor's documented test card
// are not personal data and are not reported (business.go). A value that passes its
// check may still be a made-up example; an e-mail address may be public.
// Numbers whose format carries no evidence (a bare ten-digit number, a
// national phone number without a label) are not found.
package pii

// Match is one value found: its kind, the confidence of that kind and its
// byte span [Start, End) in the text.
type Match struct {
	Kind       string
	Confidence float64
	Start, End int
}

// MaxPhoneChecks bounds the phone numbers validated with the phone number
// metadata in one call of Find.
const MaxPhoneChecks = 32

// Confidences maps each kind to its confidence. A value that a check digit
// or its label makes certain is at 0.9 (the block threshold of the pii
// class is 0.85: such a value alone makes the verdict malicious, and an
// outbound one fails closed, §4); a value found by its shape alone, or a
// contact detail (an e-mail address, a phone number), is below the
// threshold (suspicious); two different kinds together reach it.
var Confidences = map[string]float64{
	"email_address":           0.5,
	"phone_number":            0.5,
	"card_number":             0.9,
	"card_number_test":        0.2,
	"card_number_unformatted": 0.5,
	"iban":                    0.9,
	"us_ssn":                  0.5,
	"us_ssn_labelled":         0.9,
	"us_itin":                 0.5,
	"us_itin_labelled":        0.9,
	"passport_number":         0.9,
	"drivers_license":         0.9,
	"bank_account":            0.9,
	"aba_routing_number":      0.9,
	"uk_sort_code":            0.85,
	"uk_nino":                 0.9,
	"ca_sin":                  0.9,
	"in_pan":                  0.85,
	"uk_nhs_number":           0.5,
	"uk_nhs_number_labelled":  0.9,
	"br_cpf":                  0.85,
	"es_dni":                  0.85,
	"cn_resident_id":          0.85,
	"in_aadhaar":              0.7,
	"date_of_birth":           0.6,
	"us_street_address":       0.6,
}

// finder holds the state of one call of Find.
type finder struct {
	text        string
	emit        func(Match)
	phoneChecks int
	typeChecks  int // metadata lookups of businessPhone (at most maxPhoneTypeChecks)
	// wins are the stretches before digit runs where a label may stand
	// (the labelled pass reads only these); past len(wins) of them, the
	// labelled pass reads the whole text.
	wins        [64][2]int
	nwins       int
	winOverflow bool
	valueEnd    int // the end of the value valueAfter found
	// zips are the digit runs after two capitals and a space that the
	// number pass met (the first len(zips)): where a US address may end.
	zips  [maxAddressChecks]int
	nzips int
	// births counts the birth labels read (at most maxBirthLabels).
	births int
	// bare are the national identifiers the number pass found alone (the
	// first len(bare)): the labelled pass does not report them again.
	bare  [16]bareID
	nbare int
	// addrChecks counts the international address candidates read (at
	// most maxIntlAddressChecks); addrs are their positions.
	addrs  [maxIntlAddressChecks]addrCand
	naddrs int
	// addrSpans are the addresses reported (the first len(addrSpans)):
	// homeAddresses does not report them again.
	addrSpans  [16][2]int
	naddrSpans int
	// homes are the labelled home addresses the labelled pass read (the
	// first len(homes)), homeChecks the home labels it read.
	homes      [8][2]int
	nhomes     int
	homeChecks int
}

func (f *finder) add(kind string, start, end int) {
	if (kind == "us_street_address" || kind == "street_address") && f.naddrSpans < len(f.addrSpans) {
		f.addrSpans[f.naddrSpans] = [2]int{start, end}
		f.naddrSpans++
	}
	f.emit(Match{Kind: kind, Confidence: Confidences[kind], Start: start, End: end})
}

// Find calls emit for each value found in text, in order of the pass that
// finds it. Spans are byte offsets into text, 0 <= Start < End <= len(text).
func Find(text string, emit func(Match)) {
	f := &finder{text: text, emit: emit}
	f.emails()
	f.numbers()
	f.labelled() // with the dates of birth (dob.go)
	f.addresses()
	f.intlAddresses()
	f.homeAddresses()
}

func isDigit(b byte) bool  { return '0' <= b && b <= '9' }
func isUpper(b byte) bool  { return 'A' <= b && b <= 'Z' }
func isLower(b byte) bool  { return 'a' <= b && b <= 'z' }
func isLetter(b byte) bool { return isUpper(b) || isLower(b) }
func isAlnum(b byte) bool  { return isDigit(b) || isLetter(b) }

// Context windows: the bytes before and after a value read for its label.
const (
	ctxBefore = 64
	ctxAfter  = 32
)

// near reports whether one of words stands, as a whole word (ASCII
// case-insensitively), within the context window of [start, end).
// closeBefore is the narrower window for a bare run of digits, whose label
// stands right before it ("phone: 4155552671").
const closeBefore = 24

func (f *finder) closelyAfter(start int, words *wordList) bool {
	return words.in(f.text[max(0, start-closeBefore):start])
}

func (f *finder) near(start, end int, words *wordList) bool {
	lo := max(0, start-ctxBefore)
	hi := min(len(f.text), end+ctxAfter)
	return words.in(f.text[lo:start]) || words.in(f.text[end:hi])
}

// A wordList is a list of lower-case context words indexed by their
// first byte.
type wordList struct {
	byFirst [256][]string
}

func newWordList(words ...string) *wordList {
	l := &wordList{}
	for _, w := range words {
		l.byFirst[w[0]] = append(l.byFirst[w[0]], w)
	}
	return l
}

// in reports whether one of the words occurs in s, ASCII
// case-insensitively, with no letter or digit directly before it and no
// letter directly after it.
func (l *wordList) in(s string) bool {
	for k := 0; k < len(s); k++ {
		ws := l.byFirst[lowerByte(s[k])]
		if len(ws) == 0 || k > 0 && isAlnum(s[k-1]) {
			continue
		}
		for _, w := range ws {
			if !hasPrefixFold(s[k:], w) {
				continue
			}
			if e := k + len(w); e == len(s) || !isLetter(s[e]) {
				return true
			}
		}
	}
	return false
}

func lowerByte(c byte) byte {
	if isUpper(c) {
		return c + 'a' - 'A'
	}
	return c
}

// hasPrefixFold reports whether s begins with the lower-case prefix,
// ASCII case-insensitively.
func hasPrefixFold(s, prefix string) bool {
	if len(s) < len(prefix) {
		return false
	}
	for i := 0; i < len(prefix); i++ {
		if lowerByte(s[i]) != prefix[i] {
			return false
		}
	}
	return true
}
