package pii

import "strings"

// A labelledRecognizer finds a value only after one of its labels: the
// formats of passports, driving licences and bank accounts are too
// ambiguous to be read alone (a licence number is any short run of
// letters and digits).
type labelledRecognizer struct {
	kind string
	// labels are lower-case words; a label matches at a word start.
	labels []string
	// valid reports whether the value token (letters, digits and inner
	// dashes or spaces as read by readValue) is one.
	valid func(v []byte, raw string) bool
	// dashes lets the value hold dashes and single spaces between groups.
	dashes bool
}

var labelledRecognizers = []labelledRecognizer{
	{kind: "passport_number", labels: []string{"passport"}, valid: validPassport},
	{kind: "drivers_license", labels: []string{"driver's licen", "driver’s licen", "drivers licen", "driver licen", "driving licen",
		"driver's lic", "driver lic", "drivers lic", "driver's permit", "driving permit", "dl#", "dl #", "dl no", "dl number", "dln"},
		valid: validLicence, dashes: true},
	{kind: "bank_account", labels: []string{"account number", "account no", "account num", "account #", "acct", "a/c",
		"bank account", "checking account", "savings account", "account:"}, valid: validAccount, dashes: true},
	{kind: "aba_routing_number", labels: []string{"routing", "aba", "rtn", "transit number"}, valid: func(v []byte, _ string) bool { return len(v) == 9 && digitsOnly(v) && validABA(v) }},
	{kind: "uk_sort_code", labels: []string{"sort code"}, valid: func(v []byte, raw string) bool {
		return len(v) == 6 && digitsOnly(v) && len(raw) == 8 && (raw[2] == '-' && raw[5] == '-' || raw[2] == ' ' && raw[5] == ' ')
	}, dashes: true},
}

// labelWindow is how far after its label a value may stand: "passport
// number is X1234567", "driver's license no. D1234567".
const labelWindow = 40

// labelled runs the labelled recognizers.
func (f *finder) labelled() {
	for k := range labelledRecognizers {
		r := &labelledRecognizers[k]
		last := -1 // the start of the last value added: labels overlap ("driver's lic", "driver's licen")
		for _, l := range r.labels {
			for from := 0; ; {
				at := indexFrom(f.lower, l, from)
				if at < 0 {
					break
				}
				from = at + len(l)
				if at > 0 && isLetter(f.lower[at-1]) {
					continue
				}
				if r.kind == "bank_account" && strings.Contains(f.lower[max(0, at-16):at], "aws") {
					continue // an AWS account number names an organisation's account
				}
				if v := f.valueAfter(r, from); v >= 0 && v != last {
					last = v
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
	for i < len(text) && isLetter(text[i]) {
		i++ // the rest of the label's word: licen|ce, account|s
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
	return len(v) >= 6 && len(v) <= 10 && nd >= 5 && len(v)-nd <= 4 && !allSame(v) && len(raw) == len(v)
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
