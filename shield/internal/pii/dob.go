package pii

import "strings"

// birthLabels name a date of birth; lower case, matched at a word start
// (issue 27, item 3: personal data a privacy officer would sign).
var birthLabels = []string{
	"date of birth", "birth date", "birthdate", "birthday", "dob", "d.o.b", "born on", "born",
	"geburtsdatum", "geboren am", "fecha de nacimiento", "date de naissance", "né le", "née le", "data di nascita",
	// More languages (issue 27, item 3); each second byte is one
	// birthDateAt's first test lets through.
	"geboortedatum", "födelsedatum", "fødselsdato", "fødselsdag", "data de nascimento", "data urodzenia", "doğum tarihi",
	"nacido el", "nacida el", "nascido em", "nascida em", "nato il", "nata il",
	"geb.", "geboren", "date de naiss", "né", "née", "fecha nac", "f. nac", "data nasc",
}

// maxBirthLabels bounds the birth labels read per call: the pass stays
// linear on text made of labels.
const maxBirthLabels = 256

// A date of birth is a date after a label naming one
// (date_of_birth, 0.6: suspicious alone, a record of a person with any
// other kind). The date is read within 24 bytes after the label: digits
// as D/M/YYYY, M/D/YYYY, D.M.YYYY, D-M-YYYY or YYYY-MM-DD, or a day, a
// month's English name and a year ("12 March 1984", "March 12, 1984"),
// with a day and a month that exist and a year from 1900 to 2030. A date
// alone is not one: nothing is emitted without the label.

// birthStart marks the bytes a birth label starts with, both cases.
var birthStart = func() (t [256]bool) {
	for _, l := range birthLabels {
		t[l[0]] = true
		t[l[0]-'a'+'A'] = true
	}
	return t
}()

// birthDateAt reads a birth label at i (a word start) and the date after
// it. The labelled pass calls it at each word start it reads: every date
// holds a digit within labelReach bytes of its label, so only the
// stretches the number pass marked before digit runs are read.
func (f *finder) birthDateAt(i int) (int, int, bool) {
	text := f.text
	if i+1 == len(text) {
		return 0, 0, false
	}
	if c1 := text[i+1] | 0x20; c1 != 'a' && c1 != 'i' && c1 != 'o' && c1 != 'e' && c1 != '.' && text[i+1] != 0xc3 {
		return 0, 0, false
	}
	for _, l := range birthLabels {
		if hasPrefixFold(text[i:], l) && (i+len(l) == len(text) || !isAlnum(text[i+len(l)])) {
			f.births++
			return dateAfter(text, i+len(l))
		}
	}
	return 0, 0, false
}

var monthNames = []string{"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"}

// dateAfter reads the first date within 24 bytes after from: separators,
// "is", "was", "on", ":" and "(" are passed over.
func dateAfter(text string, from int) (int, int, bool) {
	i := from
	limit := min(len(text), from+24)
	for i < limit {
		c := text[i]
		switch {
		case c == ' ' || c == ':' || c == '-' || c == '\t' || c == '=' || c == '"' || c == '\'' || c == ',' || c == '.' ||
			c == '*' || c == '|' || c == '#' || c == ')' || c == ']':
			i++
			continue
		case c == 0xe2 && i+2 < len(text) && text[i+1] == 0x80 && (text[i+2] == 0x93 || text[i+2] == 0x94):
			i += 3 // an en or em dash: "Birthdate — 1968-12-01"
			continue
		case c == '(' || c == '[':
			// A format in parentheses: "DOB (mm/dd/yyyy): 03/14/1985".
			if k := strings.IndexAny(text[i:min(len(text), i+16)], ")]"); k > 0 {
				i += k + 1
				limit = min(len(text), limit+k+1)
				continue
			}
		case hasPrefixFold(text[i:], "is "), hasPrefixFold(text[i:], "on "), hasPrefixFold(text[i:], "in "):
			i += 3
			continue
		case hasPrefixFold(text[i:], "the "):
			i += 4
			continue
		case hasPrefixFold(text[i:], "was "):
			i += 4
			continue
		}
		break
	}
	if i >= len(text) {
		return 0, 0, false
	}
	if isDigit(text[i]) {
		if s, e, ok := numericDate(text, i); ok {
			return s, e, ok
		}
		if y, j := digitsAt(text, i, 8); j-i == 8 && (j == len(text) || !isAlnum(text[j])) && validDate(y%100, y/100%100, y/10000) {
			return i, j, true // YYYYMMDD
		}
		return dayFirstDate(text, i)
	}
	return wordDate(text, i)
}

// digitsAt reads 1 to max digits at i.
func digitsAt(text string, i, max int) (int, int) {
	v, j := 0, i
	for j < len(text) && j-i < max && isDigit(text[j]) {
		v = v*10 + int(text[j]-'0')
		j++
	}
	return v, j
}

func numericDate(text string, i int) (int, int, bool) {
	a, j := digitsAt(text, i, 4)
	if j >= len(text) || j == i {
		return 0, 0, false
	}
	sep := text[j]
	if sep != '/' && sep != '.' && sep != '-' {
		return 0, 0, false
	}
	b, k := digitsAt(text, j+1, 2)
	if k == j+1 || k >= len(text) || text[k] != sep {
		return 0, 0, false
	}
	c, m := digitsAt(text, k+1, 4)
	if m < len(text) && isDigit(text[m]) {
		return 0, 0, false
	}
	switch {
	case j-i == 4 && m-(k+1) <= 2: // YYYY-MM-DD
		if validDate(c, b, a) {
			return i, m, true
		}
	case j-i <= 2 && m-(k+1) == 4: // D/M/YYYY or M/D/YYYY
		if validDate(a, b, c) || validDate(b, a, c) {
			return i, m, true
		}
	case j-i <= 2 && m-(k+1) == 2 && (m == len(text) || !isAlnum(text[m]) && text[m] != sep && text[m] != ':'):
		// D/M/YY or M/D/YY: after a birth label, the year of a birth
		// (00–30 read as 20YY, the others as 19YY).
		if c <= 30 {
			c += 2000
		} else {
			c += 1900
		}
		if validDate(a, b, c) || validDate(b, a, c) {
			return i, m, true
		}
	}
	return 0, 0, false
}

// monthAt reads a month's English name (or its first three letters) at
// at: its number and where the word ends, 0 for none.
func monthAt(text string, at int) (int, int) {
	for k, m := range monthNames {
		if hasPrefixFold(text[at:], m) {
			j := at + 3
			for j < len(text) && isLetter(text[j]) {
				j++
			}
			return k + 1, j
		}
	}
	return 0, at
}

// dayFirstDate reads "12 March 1984", "1st of May 1990", "3 Jan. 2001".
func dayFirstDate(text string, i int) (int, int, bool) {
	d, j := digitsAt(text, i, 2)
	for j < len(text) && isLetter(text[j]) && j-i < 4 {
		j++ // 1st
	}
	if j >= len(text) || text[j] != ' ' && text[j] != '-' && text[j] != '/' {
		return 0, 0, false
	}
	j++
	if hasPrefixFold(text[j:], "of ") {
		j += 3
	}
	mo, k := monthAt(text, j)
	if mo == 0 {
		return 0, 0, false
	}
	for k < len(text) && (text[k] == ' ' || text[k] == ',' || text[k] == '.' || text[k] == '-' || text[k] == '/') && k-j < 16 {
		k++
	}
	y, e := digitsAt(text, k, 4)
	if e-k != 4 || e < len(text) && isDigit(text[e]) || !validDate(d, mo, y) {
		return 0, 0, false
	}
	return i, e, true
}

func wordDate(text string, i int) (int, int, bool) {
	skip := func(j int) int {
		for j < len(text) && (text[j] == ' ' || text[j] == ',' || text[j] == '.') {
			j++
		}
		return j
	}
	mo, j := monthAt(text, i)
	if mo == 0 {
		return 0, 0, false
	}
	d, k := digitsAt(text, skip(j), 2)
	if k == skip(j) {
		return 0, 0, false
	}
	for k < len(text) && isLetter(text[k]) && k-skip(j) < 4 {
		k++ // 12th
	}
	y, e := digitsAt(text, skip(k), 4)
	if e-skip(k) != 4 || !validDate(d, mo, y) {
		return 0, 0, false
	}
	return i, e, true
}

// validDate reports a day of a month that exists in a year from 1900 to
// 2030.
func validDate(d, m, y int) bool {
	if y < 1900 || y > 2030 || m < 1 || m > 12 || d < 1 {
		return false
	}
	days := [13]int{0, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}
	if m == 2 && !(y%4 == 0 && (y%100 != 0 || y%400 == 0)) {
		return d <= 28
	}
	return d <= days[m]
}
