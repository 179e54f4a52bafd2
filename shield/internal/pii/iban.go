package pii

// ibanLengths are the IBAN lengths of the countries of the IBAN registry
// (SWIFT, ISO 13616) most often seen.
var ibanLengths = map[string]int{
	"AD": 24, "AE": 23, "AT": 20, "BA": 20, "BE": 16, "BG": 22, "BH": 22, "BR": 29,
	"CH": 21, "CY": 28, "CZ": 24, "DE": 22, "DK": 18, "EE": 20, "EG": 29, "ES": 24,
	"FI": 18, "FO": 18, "FR": 27, "GB": 22, "GI": 23, "GL": 18, "GR": 27, "HR": 21,
	"HU": 28, "IE": 22, "IL": 23, "IS": 26, "IT": 27, "JO": 30, "KW": 30, "KZ": 20,
	"LB": 28, "LI": 21, "LT": 20, "LU": 20, "LV": 21, "MC": 27, "MD": 24, "ME": 22,
	"MK": 19, "MT": 31, "MU": 30, "NL": 18, "NO": 15, "PK": 24, "PL": 28, "PS": 29,
	"PT": 25, "QA": 29, "RO": 24, "RS": 22, "SA": 24, "SE": 24, "SI": 19, "SK": 24,
	"SM": 27, "TN": 24, "TR": 26, "UA": 29, "VG": 24, "XK": 20,
}

// iban reads an IBAN at i, compact or printed in groups of four, with
// the length of its country and a valid ISO 7064 mod 97-10 check, and
// returns its end (i when there is none).
func (f *finder) iban(i int) int {
	text := f.text
	if i+15 > len(text) || !isDigit(text[i+3]) {
		return i
	}
	want, ok := ibanLengths[text[i:i+2]]
	if !ok {
		return i
	}
	var buf [34]byte
	n, j := 0, i
	for j < len(text) && n < want {
		c := text[j]
		switch {
		case isDigit(c) || isUpper(c):
			buf[n] = c
			n++
			j++
			continue
		case c == ' ' && n%4 == 0 && j+1 < len(text) && isAlnum(text[j+1]):
			j++
			continue
		}
		break
	}
	if n != want || j < len(text) && isAlnum(text[j]) || mod97(string(buf[:n])) != 1 {
		return i
	}
	f.add("iban", i, j)
	return j
}
