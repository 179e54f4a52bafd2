package pii

import (
	"strconv"

	"github.com/nyaruka/phonenumbers"
)

// nationalRegions are the regions whose national numbers (without a
// +country prefix) are tried, in this order, for a number labelled as a
// phone's: the North American plan first, then the countries whose
// numbers the project sees most.
var nationalRegions = []string{"GB", "DE", "FR", "IN", "AU", "IE", "ES", "IT", "NL", "BR"}

// trunkRegions are tried after nationalRegions for a national number
// written with its trunk prefix 0, and noTrunkRegions for one written
// without (their national numbers have none: Spain's 612 34 56 78,
// Italy's mobiles 347 123 4567, Denmark's, Norway's, Portugal's,
// Poland's).
var (
	trunkRegions   = []string{"SE", "BE", "CH", "AT", "ZA", "NZ"}
	noTrunkRegions = []string{"ES", "IT", "IN", "DK", "NO", "PT", "PL"}
)

// validE164 reports whether +digits is a number the phone number metadata
// knows to be assigned (phonenumbers.IsValidNumber) or, when possible is
// set, one whose length its country's numbers have
// (phonenumbers.IsPossibleNumber). It spends one of the call's checks;
// with none left it says no.
func (f *finder) validE164(digits []byte, possible bool) bool {
	if f.phoneChecks >= MaxPhoneChecks {
		return false
	}
	f.phoneChecks++
	num, err := phonenumbers.Parse("+"+string(digits), "ZZ")
	if err != nil {
		return false
	}
	if possible {
		return phonenumbers.GetRegionCodeForCountryCode(int(num.GetCountryCode())) != "ZZ" && phonenumbers.IsPossibleNumber(num)
	}
	return phonenumbers.IsValidNumber(num)
}

// validNational reports whether digits, written as a national number, are
// a valid number of one of nationalRegions, and returns the number in
// international form (country code and national number, no "+").
func (f *finder) validNational(digits []byte) (string, bool) {
	regions := noTrunkRegions
	if digits[0] == '0' {
		regions = append(nationalRegions[:len(nationalRegions):len(nationalRegions)], trunkRegions...)
	}
	for _, r := range regions {
		if f.phoneChecks >= MaxPhoneChecks {
			return "", false
		}
		f.phoneChecks++
		num, err := phonenumbers.Parse(string(digits), r)
		if err == nil && phonenumbers.IsValidNumberForRegion(num, r) {
			return strconv.Itoa(int(num.GetCountryCode())) + strconv.FormatUint(num.GetNationalNumber(), 10), true
		}
	}
	return "", false
}

// nanp reports whether ten digits have the shape of a North American
// number: an area code and an exchange that start with 2–9 and are not
// N11 service codes.
func nanp(d []byte) bool {
	return len(d) == 10 && d[0] >= '2' && d[3] >= '2' && !(d[1] == '1' && d[2] == '1') && !(d[4] == '1' && d[5] == '1')
}

// intlPhone reads a number in international format from the "+" at i:
// digit groups joined by spaces, dashes, dots or a parenthesized group
// (+1 (415) 555-0132, +44 20 7946 0958, +33 6 06 14 52 77), 8 to 15
// digits, valid by the metadata of its country code. It returns where
// reading stops.
func (f *finder) intlPhone(i int) int {
	text := f.text
	var d [16]byte
	n := 0
	j := i + 1
	end := j        // after the last digit
	var cuts [8]int // digit count and end at each group boundary
	var cutEnd [8]int
	ncuts := 0
	for j < len(text) && n <= 15 {
		c := text[j]
		switch {
		case isDigit(c):
			d[n] = c
			n++
			j++
			end = j
			continue
		case c == '(' && j+2 < len(text) && text[j+1] == '0' && text[j+2] == ')' && n > 0 && n <= 3:
			// +44 (0)20 7946 0958: the trunk prefix, not dialled from
			// abroad.
			j += 3
			if j < len(text) && text[j] == ' ' {
				j++
			}
			if j < len(text) && isDigit(text[j]) {
				if ncuts < len(cuts) {
					cuts[ncuts], cutEnd[ncuts] = n, end
					ncuts++
				}
				continue
			}
		case c == ' ' || c == '-' || c == '.' || c == '(' || c == ')':
			if ncuts < len(cuts) {
				cuts[ncuts], cutEnd[ncuts] = n, end
				ncuts++
			}
			k := j + 1
			if k < len(text) && (text[k] == ' ' || text[k] == '(') && c != text[k] {
				k++
			}
			if k < len(text) && isDigit(text[k]) {
				j = k
				continue
			}
		}
		break
	}
	ext := extension(text, end)
	if n > 15 || ext == end && end < len(text) && isAlnum(text[end]) {
		return end
	}
	// Try the whole run, then without its last group or two: "+1 415 555
	// 0132 2 items" reads one group too far.
	possible := ncuts >= 2 || f.near(i, end, phoneWords)
	for try := 0; try < 3; try++ {
		if n >= 8 && n <= 15 {
			if f.validE164(d[:n], possible && try == 0) {
				f.addPhone(i, end, string(d[:n]))
				if try == 0 {
					return ext
				}
				return end
			}
		}
		if ncuts == 0 {
			break
		}
		ncuts--
		n, end = cuts[ncuts], cutEnd[ncuts]
	}
	return max(i+1, end)
}

// parenPhone reads a North American number with its area code in
// parentheses at i: (415) 555-0132, (415)555-0132, (415) 555 0132.
func (f *finder) parenPhone(i int) (int, bool) {
	text := f.text
	j := i + 5
	if j < len(text) && text[j] == ' ' {
		j++
	}
	if j+8 > len(text) {
		return 0, false
	}
	for k := j; k < j+3; k++ {
		if !isDigit(text[k]) {
			return 0, false
		}
	}
	if sep := text[j+3]; sep != '-' && sep != ' ' && sep != '.' {
		return 0, false
	}
	for k := j + 4; k < j+8; k++ {
		if !isDigit(text[k]) {
			return 0, false
		}
	}
	e := j + 8
	if e < len(text) && (isAlnum(text[e]) || text[e] == '-') {
		return 0, false
	}
	d := []byte{text[i+1], text[i+2], text[i+3], text[j], text[j+1], text[j+2], text[j+4], text[j+5], text[j+6], text[j+7]}
	// The parenthesized area code is a phone's shape whatever the
	// metadata says of the digits: "(555) 867-5309" is written as one
	// (issue 27, item 3); with a phone label, so is an exchange the plan
	// does not assign ("call me at (555) 123-4567").
	if nanp(d) || d[0] >= '2' && f.near(i, e, phoneWords) {
		f.addPhone(i, e, "1"+string(d))
		return e, true
	}
	return 0, false
}

// parenNational reads, after a phone label, a national number whose
// area code with its trunk prefix is in parentheses: (02) 9876 5432,
// (030) 1234567, (0161) 496 0000. It returns where the number ends.
func (f *finder) parenNational(i int) (int, bool) {
	text := f.text
	var d [13]byte
	n, j := 0, i+1
	for j < len(text) && isDigit(text[j]) && n < 5 {
		d[n] = text[j]
		n++
		j++
	}
	if j >= len(text) || text[j] != ')' || n < 2 {
		return 0, false
	}
	j++
	end := j
	for j < len(text) && n < len(d) {
		switch c := text[j]; {
		case isDigit(c):
			d[n] = c
			n++
			j++
			end = j
			continue
		case (c == ' ' || c == '-') && j+1 < len(text) && isDigit(text[j+1]):
			j++
			continue
		}
		break
	}
	if n < 9 || n > 12 || end < len(text) && isAlnum(text[end]) || !f.near(i, end, phoneWords) {
		return 0, false
	}
	num, ok := f.validNational(d[:n])
	if !ok {
		return 0, false
	}
	f.addPhone(i, end, num)
	return end, true
}

// phoneToken tests a digit token for a phone number written without a
// country code: a North American number in its groups (415-555-0132,
// 415.555.0132, 415 555 0132, 1-415-555-0132), valid by the metadata or
// with a phone label; and, with a label only, a national number of one of
// nationalRegions (020 7946 0958) or one after the 00 international
// prefix.
func (f *finder) phoneToken(tok *numberToken) bool {
	d := tok.digits
	n := len(d)
	s, e := tok.start, tok.end
	sep := tok.sep()
	if n < 7 || sep == '?' || tok.dateLike() {
		return false
	}
	// 415-555-2671, 1-415-555-2671, and 001-415-555-2671 (the
	// international prefix dialled).
	shaped := tok.is(sep, 3, 3, 4) || d[0] == '1' && tok.is(sep, 1, 3, 3, 4) ||
		d[0] == '0' && d[1] == '0' && d[2] == '1' && tok.is(sep, 3, 3, 3, 4)
	if shaped && !nanp(d[n-10:]) && d[n-10] >= '2' && f.near(s, e, phoneWords) && !f.closelyAfter(s, idWords) {
		// A phone label and a North American number's groups: a phone,
		// even with an exchange the plan does not assign (555-123-4567).
		f.addPhone(s, e, "1"+string(d[n-10:]))
		return true
	}
	if shaped && nanp(d[n-10:]) {
		if !f.near(s, e, phoneWords) && f.closelyAfter(s, idWords) {
			return false // "Part no. 623.506.2526", "SKU 415-555-2671": an item's number
		}
		if f.near(s, e, phoneWords) || f.validE164(append([]byte{'1'}, d[n-10:]...), false) {
			f.addPhone(s, e, "1"+string(d[n-10:]))
			return true
		}
		return false
	}
	if n < 7 || n > 13 && !(n <= 15 && d[0] == '0' && d[1] == '0') || sep == '.' && !tok.is('.', 2, 2, 2, 2, 2) || yearRange(tok) || tok.is('-', 5, 4) || !f.near(s, e, phoneWords) {
		return false
	}
	if tok.nseps == 0 && !f.closelyAfter(s, phoneWords) {
		return false // a bare run of digits needs its label right before it
	}
	var e164 string
	switch {
	case shaped, tok.nseps == 0 && n == 10 && nanp(d), tok.nseps == 0 && n == 11 && d[0] == '1' && nanp(d[1:]):
		// A North American number the text calls a phone's.
		e164 = "1" + string(d[n-10:])
	case tok.is('-', 3, 4) && d[0] >= '2':
		// Its local seven digits (555-0198).
	case n > 9 && d[0] == '0' && d[1] == '0':
		if !f.validE164(d[2:], false) {
			return false
		}
		e164 = string(d[2:])
	case d[0] == '0' || tok.isAny(5, 5) && d[0] >= '6' || tok.nseps > 0 && n >= 9 && n <= 11 && d[0] >= '2' && tok.groups[0] >= 3:
		// A national number after its trunk prefix (020 7946 0958), an
		// Indian mobile number in groups (98765 43210), or one of a
		// country whose numbers have no trunk prefix (Spain's 612 34 56
		// 78, Italy's mobiles 347 123 4567, Denmark's, Norway's).
		num, ok := f.validNational(d)
		if !ok {
			return false
		}
		e164 = num
	default:
		return false
	}
	f.addPhone(s, e, e164)
	return true
}

// yearRange reports whether the token is a range of years: 1996-2009.
func yearRange(t *numberToken) bool {
	d := t.digits
	return t.is('-', 4, 4) && (d[0] == '1' && d[1] == '9' || d[0] == '2' && d[1] == '0') && (d[4] == '1' && d[5] == '9' || d[4] == '2' && d[5] == '0')
}
