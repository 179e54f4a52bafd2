package pii

import "strings"

// A labelledRecognizer finds a value only after one of its labels: the
// formats of passports, driving licences and bank accounts are too
// ambiguous to be read alone (a licence number is any short run of
// letters and digits).
type labelledRecognizer struct {
	kind string
	// labels are lower case; a label matches at a word start.
	labels []label
	// valid reports whether the value token (letters, digits and inner
	// dashes or spaces as read by readValue) is one.
	valid func(v []byte, raw string) bool
	// dashes lets the value hold dashes and single spaces between groups.
	dashes bool
	// seps are the separators the value may hold between letters and
	// digits (a space only before a digit): "2 69 04 2A 867", "12.345.678-K".
	seps string
	// personal, when set, are words one of which must stand around the
	// label: a business number is a person's only as a sole trader's.
	personal *wordList
}

// A label is a stem and the tails that may follow it ("driv" and "er's
// licen", "ing licence"); no tails means the stem alone.
type label struct {
	stem  string
	tails []string
}

var labelledRecognizers = append(baseLabelled, intlLabelled...)

var baseLabelled = []labelledRecognizer{
	{kind: "passport_number", labels: []label{{stem: "passport"},
		// Other languages' words (issue 27, item 3): es, fr, de, it, pt, nl, pl.
		{stem: "pasaporte"}, {stem: "passeport"}, {stem: "reisepass"}, {stem: "passnummer"}, {stem: "passaporto"}, {stem: "passaporte"},
		{stem: "paspoort"}, {stem: "paszport"}}, valid: validPassport},
	{kind: "drivers_license", labels: []label{
		{"driv", []string{"er's licen", "er’s licen", "ers licen", "er licen", "ing licen", "er's lic", "er’s lic", "er lic", "ers lic", "er's permit", "ing permit"}},
		{"dl", []string{"#", " #", " no", " number", "n", ":"}},
		{"licen", []string{"se number", "ce number", "se no", "ce no", "se #", "ce #", "se#"}},
		{stem: "permis de conduire"}, {stem: "führerschein"}, {stem: "fuehrerschein"}, {stem: "carnet de conducir"}, {stem: "licencia de conducir"},
		{stem: "patente di guida"}, {stem: "rijbewijs"}, {stem: "körkort"}, {stem: "carta de condução"}, {stem: "prawo jazdy"}},
		valid: validLicence, dashes: true},
	{kind: "bank_account", labels: []label{
		{"account", []string{" number", " no", " num", " #", ":"}}, {stem: "acct"}, {stem: "a/c"}, {"acc", []string{":", " no", " #", ". no", "."}},
		{stem: "bank account"}, {stem: "checking account"}, {stem: "savings account"}},
		valid: validAccount, dashes: true},
	{kind: "aba_routing_number", labels: []label{{stem: "routing"}, {stem: "aba"}, {stem: "rtn"}, {stem: "transit number"}},
		valid: func(v []byte, _ string) bool { return len(v) == 9 && digitsOnly(v) && validABA(v) }},
	{kind: "uk_sort_code", labels: []label{{stem: "sort code"}}, valid: func(v []byte, raw string) bool {
		return len(v) == 6 && digitsOnly(v) && len(raw) == 8 && (raw[2] == '-' && raw[5] == '-' || raw[2] == ' ' && raw[5] == ' ')
	}, dashes: true},
	{kind: "uk_nino", labels: []label{
		{"national insurance", []string{" number", " no", " #", ":", " "}}, {stem: "nino"},
		{"ni number", nil}, {"ni no", nil}},
		valid: validNINO},
	{kind: "ca_sin", labels: []label{
		{stem: "social insurance number"}, {"sin", []string{":", " #", "#", " no", " number", " "}},
		{stem: "numéro d'assurance sociale"}, {stem: "numéro d’assurance sociale"}, {"nas", []string{":", " #", " "}}},
		valid: validSIN, dashes: true},
	{kind: "in_pan", labels: []label{
		{stem: "permanent account number"}, {"pan", []string{":", " #", "#", " no", " number", " card", " "}}},
		valid: validPAN},
}

// validNINO (issue 27, item 3, like the recognizers below) accepts a UK
// National Insurance number written compact
// (HMRC's format): two prefix letters, six digits and a suffix A–D. The
// first letter is never D, F, I, Q, U or V, the second never D, F, I, O,
// Q, U or V, and BG, GB, KN, NK, NT, TN and ZZ are not allocated — so
// HMRC's printed example QQ123456C is no number.
func validNINO(v []byte, _ string) bool {
	if len(v) != 9 {
		return false
	}
	a, b, sfx := upper(v[0]), upper(v[1]), upper(v[8])
	if !isUpper(a) || !isUpper(b) || sfx < 'A' || sfx > 'D' || !digitsOnly(v[2:8]) {
		return false
	}
	if strings.IndexByte("DFIQUV", a) >= 0 || strings.IndexByte("DFIOQUV", b) >= 0 {
		return false
	}
	switch string([]byte{a, b}) {
	case "BG", "GB", "KN", "NK", "NT", "TN", "ZZ":
		return false
	}
	return true
}

// validSIN accepts a Canadian Social Insurance Number: nine digits
// (compact, or 3-3-3 with spaces or dashes), the Luhn check, and a first
// digit the government issues (not 0 or 8).
func validSIN(v []byte, raw string) bool {
	if len(v) != 9 || !digitsOnly(v) || v[0] == '0' || v[0] == '8' || !luhn(v) {
		return false
	}
	return len(raw) == 9 || len(raw) == 11 && raw[3] == raw[7] && (raw[3] == ' ' || raw[3] == '-')
}

// validPAN accepts an Indian Permanent Account Number: five letters, four
// digits and a letter, the fourth letter the holder's type (P a person,
// C a company, H a Hindu undivided family, F a firm, A an association, T a
// trust, B a body of individuals, L a local authority, J an artificial
// juridical person, G a government).
func validPAN(v []byte, _ string) bool {
	if len(v) != 10 || !digitsOnly(v[5:9]) {
		return false
	}
	for _, i := range []int{0, 1, 2, 3, 4, 9} {
		if !isUpper(v[i]) {
			return false // written in capitals, as issued
		}
	}
	return strings.IndexByte("PCHFATBLJG", v[3]) >= 0
}

// upper returns c in upper case when it is an ASCII letter.
func upper(c byte) byte {
	if isLower(c) {
		return c - 'a' + 'A'
	}
	return c
}

// match reports where the label ends when it begins text, -1 otherwise.
func (l *label) match(text string) int {
	if !hasPrefixFold(text, l.stem) {
		return -1
	}
	if len(l.tails) == 0 {
		return len(l.stem)
	}
	for _, t := range l.tails {
		if hasPrefixFold(text[len(l.stem):], t) {
			return len(l.stem) + len(t)
		}
	}
	return -1
}

// labelWindow is how far after its label a value may stand: "passport
// number is X1234567", "driver's license no. D1234567".
const labelWindow = 40

var awsWord = newWordList("aws")

// labelsByFirst indexes the labels of labelledRecognizers by their
// first byte: the labelled pass reads each word start once.
var labelsByFirst = func() (m [256][]labelRef) {
	for k := range labelledRecognizers {
		for i := range labelledRecognizers[k].labels {
			l := &labelledRecognizers[k].labels[i]
			m[l.stem[0]] = append(m[l.stem[0]], labelRef{k, l, l.stem[1]})
		}
	}
	return m
}()

// labelStart marks the bytes a label begins with, in either case.
var labelStart = func() (m [256]bool) {
	for c := range labelsByFirst {
		if len(labelsByFirst[c]) > 0 {
			m[c] = true
			if isLower(byte(c)) {
				m[c-'a'+'A'] = true
			}
		}
	}
	for _, l := range birthLabels {
		m[l[0]], m[l[0]-'a'+'A'] = true, true
	}
	for c, ok := range homeStart {
		m[c] = m[c] || ok
	}
	return m
}()

type labelRef struct {
	recognizer int
	label      *label
	second     byte // the stem's second byte: a cheap test before match
}

// labelReach is how far before the first digit of a value its label may
// begin: the label (at most 24 bytes with its tail), labelWindow, and
// the letters of the value before its first digit.
const labelReach = 24 + labelWindow + 24

// markDigits notes a digit run at i: a label may stand in the labelReach
// bytes before it.
func (f *finder) markDigits(i int) {
	lo := max(0, i-labelReach)
	if f.nwins > 0 && lo <= f.wins[f.nwins-1][1] {
		f.wins[f.nwins-1][1] = i
		return
	}
	if f.nwins == len(f.wins) {
		f.winOverflow = true
		return
	}
	f.wins[f.nwins] = [2]int{lo, i}
	f.nwins++
}

// labelled runs the labelled recognizers: at each word start, each label
// beginning with its letter. Every value holds a digit, so only the
// stretches before digit runs that the number pass marked are read (all
// of the text when they were too many to keep).
func (f *finder) labelled() {
	last := make([]int, len(labelledRecognizers)) // per recognizer, the start of the last value added: labels overlap
	for k := range last {
		last[k] = -1
	}
	if f.winOverflow {
		f.labelsIn(0, len(f.text), last)
		return
	}
	for _, w := range f.wins[:f.nwins] {
		f.labelsIn(w[0], w[1], last)
	}
}

// labelsIn runs the labelled recognizers on the labels starting in
// [lo, hi).
func (f *finder) labelsIn(lo, hi int, last []int) {
	text := f.text
	for at := lo; at < hi; at++ {
		if !labelStart[text[at]] {
			continue
		}
		if at > 0 && isAlnum(text[at-1]) {
			// Inside a word: skip to its end.
			for at+1 < hi && isLetter(text[at+1]) {
				at++
			}
			continue
		}
		if birthStart[text[at]] && f.births < maxBirthLabels {
			if s, e, ok := f.birthDateAt(at); ok {
				f.add("date_of_birth", s, e)
			}
		}
		if homeStart[text[at]] && f.homeChecks < maxHomeLabels && f.nhomes < len(f.homes) {
			f.homeAddressAt(at)
		}
		refs := labelsByFirst[lowerByte(text[at])]
		if len(refs) == 0 || at+1 >= len(text) {
			continue
		}
		second := lowerByte(text[at+1])
		for _, ref := range refs {
			if ref.second != second {
				continue
			}
			n := ref.label.match(text[at:])
			if n < 0 {
				continue
			}
			r := &labelledRecognizers[ref.recognizer]
			if r.kind == "bank_account" && awsWord.in(text[max(0, at-16):at]) {
				continue // an AWS account number names an organisation's account
			}
			if v := f.valueAfter(r, at+n); v >= 0 && v != last[ref.recognizer] {
				last[ref.recognizer] = v
				if r.personal != nil && !r.personal.in(text[max(0, at-ctxBefore):min(len(text), f.valueEnd+ctxAfter)]) {
					continue
				}
				if !f.seenBare(r.kind, v) {
					f.add(r.kind, v, f.valueEnd)
				}
			}
		}
	}
}

// valueAfter reads, after a label ending at from, the first token that
// holds a digit within labelWindow bytes (words without digits — "number",
// "no.", "is" — are passed over), and returns its start when r.valid says
// it is one (its end in f.valueEnd), -1 otherwise.
func (f *finder) valueAfter(r *labelledRecognizer, from int) int {
	text := f.text
	i := from
	inWord := from > 0 && isLetter(text[from-1]) // the label ends in a word, not at a space or a colon
	for inWord && i < len(text) && isLetter(text[i]) {
		i++ // the rest of the label's word: licen|ce, account|s
	}
	if inWord && i < len(text) && isDigit(text[i]) {
		return -1 // the "label" is the start of an identifier: DLNPJ3V62…
	}
	limit := min(len(text), from+labelWindow)
	for i < limit {
		c := text[i]
		if c == '\n' && i+1 < len(text) && text[i+1] == '\n' {
			return -1
		}
		if !isAlnum(c) {
			i++
			continue
		}
		if r.kind == "uk_nino" {
			// HMRC prints it in pairs: JG 10 37 59 A.
			if j, ok := spacedNINO(text, i); ok {
				f.valueEnd = j
				return i
			}
		}
		// A token: letters and digits, and for r.dashes inner dashes or
		// single spaces between digit groups.
		j := i
		var v []byte
		digits := false
		for j < len(text) && len(v) < 24 {
			c := text[j]
			if isAlnum(c) {
				v = append(v, c)
				digits = digits || isDigit(c)
				j++
				continue
			}
			if r.seps != "" && strings.IndexByte(r.seps, c) >= 0 && j > i && j+1 < len(text) && isAlnum(text[j-1]) &&
				(isDigit(text[j+1]) && (c != ' ' || digits) || c != ' ' && isAlnum(text[j+1])) {
				j++
				continue
			}
			if r.dashes && (c == '-' || c == ' ') && j+1 < len(text) && isDigit(text[j+1]) && j > i && isAlnum(text[j-1]) && (c == '-' || isDigit(text[j-1])) {
				j++
				continue
			}
			break
		}
		if j < len(text) && isAlnum(text[j]) {
			return -1 // longer than any value
		}
		if !digits {
			i = j
			continue
		}
		if r.valid(v, text[i:j]) {
			f.valueEnd = j
			return i
		}
		return -1
	}
	return -1
}

func digitsOnly(v []byte) bool {
	for _, c := range v {
		if !isDigit(c) {
			return false
		}
	}
	return true
}

func count(v []byte, is func(byte) bool) int {
	n := 0
	for _, c := range v {
		if is(c) {
			n++
		}
	}
	return n
}

// validPassport accepts the passport number formats of the issuing
// states most seen: 9 digits (US, UK), a letter and 7 or 8 digits (US
// since 2021, IN), 2 digits, 2 letters, 5 digits (FR), 9 letters and
// digits (DE): 6 to 10 letters and digits, at least 5 of them digits, at
// most 4 letters, not one digit repeated.
func validPassport(v []byte, raw string) bool {
	nd := count(v, isDigit)
	if len(raw) != len(v) || allSame(v) {
		return false
	}
	return len(v) >= 6 && len(v) <= 10 && nd >= 5 && len(v)-nd <= 4 || germanPassport(v)
}

// germanPassport accepts the German passport's serial (since 2017): nine
// characters of the alphabet without vowels and look-alikes
// (CFGHJKLMNPRTVWXYZ and digits), the first a letter (the issuing
// authority's series), at least two digits.
func germanPassport(v []byte) bool {
	if len(v) != 9 || !strings.ContainsRune("CFGHJKLMNPRTVWXYZ", rune(v[0])) || count(v, isDigit) < 2 {
		return false
	}
	for _, c := range v {
		if !isDigit(c) && !strings.ContainsRune("CFGHJKLMNPRTVWXYZ", rune(c)) {
			return false
		}
	}
	return true
}

// validLicence accepts a driving licence number: 5 to 20 letters and
// digits (dashes and spaces between groups left out), at least 4 digits,
// not a date, not one digit repeated. The US states' formats alone are
// dozens; the label carries the evidence.
func validLicence(v []byte, raw string) bool {
	nd := count(v, isDigit)
	return len(v) >= 5 && len(v) <= 20 && nd >= 4 && !allSame(v) && !rawDateLike(raw)
}

// validAccount accepts a bank account number: 6 to 17 digits (the US
// range; the UK's 8 and most European national numbers fall in it),
// groups joined by dashes or spaces, not a date, not one digit repeated.
func validAccount(v []byte, raw string) bool {
	return len(v) >= 6 && len(v) <= 17 && digitsOnly(v) && !allSame(v) && !rawDateLike(raw)
}

// rawDateLike reports whether raw is a date: 2024-05-01, 01-05-2024.
func rawDateLike(raw string) bool {
	p := strings.FieldsFunc(raw, func(r rune) bool { return r == '-' || r == ' ' })
	if len(p) != 3 {
		return false
	}
	return len(p[0]) == 4 && len(p[1]) <= 2 && len(p[2]) <= 2 || len(p[0]) <= 2 && len(p[1]) <= 2 && len(p[2]) == 4
}

// spacedNINO reads a National Insurance number printed in pairs at i
// (JG 10 37 59 A) and returns its end.
func spacedNINO(text string, i int) (int, bool) {
	if i+13 > len(text) {
		return 0, false
	}
	v := text[i : i+13]
	if v[2] != ' ' || v[5] != ' ' || v[8] != ' ' || v[11] != ' ' || i+13 < len(text) && isAlnum(text[i+13]) {
		return 0, false
	}
	compact := []byte{v[0], v[1], v[3], v[4], v[6], v[7], v[9], v[10], v[12]}
	return i + 13, validNINO(compact, "")
}
