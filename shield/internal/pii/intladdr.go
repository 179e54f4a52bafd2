package pii

import (
	"regexp"
	"strings"
	"sync"
)

// Postal addresses of persons outside the US (street_address, 0.6 like
// us_street_address; issue 27, item 3): a house number, a street with its
// street-type word and a postcode of the country's grammar, in the order
// the country writes them. A postcode or a city alone is no one's
// address, and neither is an address after a company's name (a
// registered office). The number pass notes where a postcode may stand
// (addrCandidate); each is read with the country's pattern over the
// addressWindow bytes before it, at most maxIntlAddressChecks per call.

// An addrCand is a postcode's position and its country form.
type addrCand struct {
	at   int
	form byte // 'U' UK inward code, 'C' Canadian, 'A' Australian, 'N' Dutch, '5' five digits and a city
}

const maxIntlAddressChecks = 32

// auStates are the Australian state and territory abbreviations with the
// first digits of their postcodes (Australia Post).
var auStates = map[string]string{"NSW": "12", "ACT": "02", "VIC": "38", "QLD": "49", "SA": "5", "WA": "6", "TAS": "7", "NT": "0"}

// addrCandidate notes, at the start i of a digit run, a postcode that
// an address may end with: a UK inward code (" 9QR"), a Canadian second
// half (" 1B5"), four digits after an Australian state, four digits and
// two capitals (Dutch), five digits before a capitalized word (German,
// French, Spanish, Italian).
func (f *finder) addrCandidate(i int) {
	text := f.text
	if f.naddrs == len(f.addrs) || i == 0 || text[i-1] != ' ' {
		return
	}
	end := func(k int) bool { return k >= len(text) || !isAlnum(text[k]) }
	n := 0
	for i+n < len(text) && n < 6 && isDigit(text[i+n]) {
		n++
	}
	var form byte
	switch {
	case n == 1 && i+3 <= len(text) && i+2 < len(text) && isUpper(text[i+1]) && isUpper(text[i+2]) && end(i+3) && i >= 3 && isAlnum(text[i-2]):
		form = 'U'
	case n == 1 && i+2 < len(text) && isUpper(text[i+1]) && isDigit(text[i+2]) && end(i+3) && i >= 4 && isUpper(text[i-2]) && isDigit(text[i-3]) && isUpper(text[i-4]):
		form = 'C'
	case n == 4 && end(i+4) && i >= 3 && isUpper(text[i-2]) && isUpper(text[i-3]):
		form = 'A'
		if i+7 <= len(text) && text[i+4] == ' ' && isUpper(text[i+5]) && isUpper(text[i+6]) && end(i+7) {
			form = 'N'
		}
	case n == 4 && i+7 <= len(text) && text[i+4] == ' ' && isUpper(text[i+5]) && isUpper(text[i+6]) && end(i+7):
		form = 'N'
	case n == 4 && i+6 <= len(text) && isUpper(text[i+4]) && isUpper(text[i+5]) && end(i+6):
		form = 'N'
	case n == 5 && i+6 < len(text) && text[i+5] == ' ' && (isUpper(text[i+6]) || text[i+6] >= 0xC0):
		form = '5'
	default:
		return
	}
	f.addrs[f.naddrs] = addrCand{i, form}
	f.naddrs++
}

// Word classes of the patterns: a word (letters of any script, apostrophes,
// dots, dashes) and a capitalized one.
const (
	addrWord = `[\p{L}'’.-]+`
	addrCap  = `\p{Lu}[\p{L}'’.-]*`
)

var intlAddrRes = sync.OnceValue(func() map[byte][]*regexp.Regexp {
	ukTypes := `(?:Road|Rd|Street|St|Avenue|Ave|Lane|Ln|Close|Drive|Dr|Way|Place|Pl|Crescent|Cres|Gardens|Gdns|Court|Ct|Terrace|Grove|Hill|Square|Sq|Mews|Row|Walk|Park|Rise|View|Green|Parade)`
	enCity := `,?\s+(?:` + addrCap + `\s+){0,2}` + addrCap + `,?\s+`
	uk := `\b\d{1,4}[A-Za-z]?,?\s+(?:` + addrCap + `\s+){0,3}` + ukTypes + `\.?` + enCity + `[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}\z`
	caTypes := `(?:Street|St|Avenue|Ave|Road|Rd|Drive|Dr|Boulevard|Blvd|Crescent|Cres|Court|Ct|Way|Lane|Place|Pl|Trail|Parkway|Pkwy|Circle|Terrace|Square)`
	ca := `\b\d{1,6}[A-Za-z]?,?\s+(?:(?i:rue|avenue|boulevard|boul\.|chemin|ch\.|place|route|rang|montée)\s+(?:` + addrWord + `\s+){0,4}?` + addrWord +
		`|(?:` + addrCap + `\s+){0,3}` + caTypes + `\.?(?:\s+[NSEWO]\.?)?)` + enCity + `(?:(?:ON|QC|BC|AB|MB|SK|NS|NB|NL|PE|YT|NT|NU)\s+)?[A-Z]\d[A-Z]\s\d[A-Z]\d\z`
	auTypes := `(?:Street|St|Road|Rd|Avenue|Ave|Way|Crescent|Cres|Drive|Dr|Lane|Place|Pl|Parade|Pde|Court|Ct|Terrace|Tce|Close|Highway|Hwy|Boulevard|Circuit|Grove|Esplanade)`
	au := `\b\d{1,5}[A-Za-z]?(?:/\d{1,5})?,?\s+(?:` + addrCap + `\s+){0,3}` + auTypes + `\.?` + enCity + `(?:NSW|VIC|QLD|WA|SA|TAS|ACT|NT)\s+\d{4}\z`
	nl := `(?:` + addrCap + `\s+){0,2}?[\p{L}'’-]*(?i:straat|gracht|weg|laan|plein|kade|singel|dijk|steeg|hof|markt|dreef)(?:\s+(?:van|der|de|den|het|` + addrCap + `))*?` +
		`\s+\d{1,5}(?:\s?[A-Za-z]\b|-\d{1,4})?,?\s+\d{4}\s?[A-Z]{2}\z`
	de := `(?:(?:` + addrCap + `\s+){0,3}?[\p{L}.'’-]*(?i:straße|strasse|str\.|weg|platz|allee|gasse|ring|damm|ufer|chaussee|steig|pfad|markt)` +
		`|(?:Am|An der|An den|Im|In der|Auf der|Auf dem|Zum|Zur)\s+` + addrCap + `)\s+\d{1,4}\s?[a-zA-Z]?(?:-\d{1,4})?,?\s+\d{5}\z`
	fr := `\b\d{1,4}(?:\s?(?:bis|ter))?,?\s+(?i:rue|avenue|av\.|boulevard|bd|place|impasse|allée|allee|chemin|quai|route|cours|square|passage|voie)\s+(?:` + addrWord + `\s+){0,5}?` + addrWord + `,?\s+\d{5}\z`
	es := `(?i:calle|c/|avenida|avda\.|av\.|plaza|pza\.|paseo|camino|carrer|travesía|ronda|glorieta)\s*(?:` + addrWord + `\s+){0,5}?` + addrWord +
		`,?\s+(?:n\.?º\s*)?\d{1,4}[A-Za-z]?(?:,?\s+\d{1,2}[º°ª]?(?:\s?[A-Za-z])?|,?\s+(?:bajo|entlo\.|piso\s\d{1,2}|pta\.\s?\d{1,2}))?,?\s+\d{5}\z`
	it := `(?i:via|viale|corso|piazza|piazzale|largo|vicolo|strada|contrada|lungomare|lungotevere)\s+(?:` + addrWord + `\s+){0,5}?` + addrWord +
		`,?\s+(?:n\.\s*)?\d{1,4}[A-Za-z]?(?:/[A-Za-z0-9]{1,3})?,?\s+\d{5}\z`
	c := func(ss ...string) []*regexp.Regexp {
		var out []*regexp.Regexp
		for _, s := range ss {
			out = append(out, regexp.MustCompile(s))
		}
		return out
	}
	return map[byte][]*regexp.Regexp{'U': c(uk), 'C': c(ca), 'A': c(au), 'N': c(nl), '5': c(de, fr, es, it)}
})

// intlBusinessWords before an address make it an organization's.
var intlBusinessWords = newWordList("inc", "llc", "ltd", "plc", "corp", "gmbh", "ag", "se", "kg", "sa", "s.a", "sarl", "sas", "spa", "s.p.a", "srl", "s.r.l", "bv", "b.v", "nv", "n.v",
	"pty", "limited", "company", "foundation", "university", "headquarters", "head office", "registered office", "office", "offices", "hq", "siège", "sede")

// intlAddresses reads the candidates the number pass noted.
func (f *finder) intlAddresses() {
	text := f.text
	for _, c := range f.addrs[:f.naddrs] {
		end, ok := f.postcodeEnd(c)
		if !ok {
			continue
		}
		lo := max(0, end-addressWindow)
		for _, re := range intlAddrRes()[c.form] {
			m := re.FindStringIndex(text[lo:end])
			if m == nil {
				continue
			}
			s := lo + m[0]
			if intlBusinessWords.in(text[max(0, s-48):s]) || f.businessPlace(s, end) {
				break
			}
			e := end
			if c.form == '5' || c.form == 'N' {
				e = cityEnd(text, end)
			}
			f.add("street_address", s, e)
			break
		}
	}
}

// cityEnd returns the end of the city name after a postcode ending at i:
// up to three words, each capitalized (or a lower-case "am", "an der").
func cityEnd(text string, i int) int {
	e := i
	for w := 0; w < 3; w++ {
		k := e
		for k < len(text) && text[k] == ' ' {
			k++
		}
		if k == e || k >= len(text) || !(isUpper(text[k]) || text[k] >= 0xC0 || w > 0 && (strings.HasPrefix(text[k:], "am ") || strings.HasPrefix(text[k:], "an "))) {
			break
		}
		j := k
		for j < len(text) && (isLetter(text[j]) || text[j] >= 0x80 || text[j] == '-') {
			j++
		}
		if j == k {
			break
		}
		e = j
	}
	return e
}

// postcodeEnd checks the candidate's postcode against its grammar and
// returns where it ends (the pattern is matched up to there).
func (f *finder) postcodeEnd(c addrCand) (int, bool) {
	text := f.text
	i := c.at
	switch c.form {
	case 'U':
		// The outward code before the space: A9, A99, AA9, AA99, A9A, AA9A.
		s := i - 1
		for s > 0 && i-1-s < 4 && isAlnum(text[s-1]) {
			s--
		}
		return i + 3, ukPostcode(text[s:i-1], text[i:i+3])
	case 'C':
		return i + 3, caPostal(text[i-4:i-1] + text[i:i+3])
	case 'A':
		k := i - 2
		for k > 0 && isUpper(text[k-1]) {
			k--
		}
		first, ok := auStates[text[k:i-1]]
		return i + 4, ok && strings.IndexByte(first, text[i]) >= 0
	case 'N':
		e := i + 4
		if text[e] == ' ' {
			e++
		}
		l := text[e : e+2]
		return e + 2, text[i] != '0' && l != "SA" && l != "SD" && l != "SS"
	}
	return i + 5, true
}

// ukPostcode checks a UK postcode's grammar (Royal Mail's PAF): the
// outward code A9, A99, AA9, AA99, A9A or AA9A — Q, V, X never first; I,
// J, Z never second; the letter of A9A from ABCDEFGHJKPSTUW, of AA9A from
// ABEHMNPRVWXY — and the inward code a digit and two letters, never C, I,
// K, M, O or V.
func ukPostcode(out, in string) bool {
	if len(in) != 3 || !isDigit(in[0]) || strings.ContainsAny(in[1:], "CIKMOV") {
		return false
	}
	if len(out) < 2 || len(out) > 4 || strings.IndexByte("QVX", out[0]) >= 0 || !isUpper(out[0]) {
		return false
	}
	shape := make([]byte, len(out))
	for k := 0; k < len(out); k++ {
		switch {
		case isUpper(out[k]):
			shape[k] = 'A'
		case isDigit(out[k]):
			shape[k] = '9'
		default:
			return false
		}
	}
	switch string(shape) {
	case "A9", "A99":
	case "AA9", "AA99":
		return strings.IndexByte("IJZ", out[1]) < 0
	case "A9A":
		return strings.IndexByte("ABCDEFGHJKPSTUW", out[2]) >= 0
	case "AA9A":
		return strings.IndexByte("IJZ", out[1]) < 0 && strings.IndexByte("ABEHMNPRVWXY", out[3]) >= 0
	default:
		return false
	}
	return true
}

// caPostal checks a Canadian postal code (Canada Post): A9A 9A9, the
// letters never D, F, I, O, Q or U, the first never W or Z.
func caPostal(p string) bool {
	if len(p) != 6 || strings.IndexByte("WZ", p[0]) >= 0 {
		return false
	}
	for _, k := range []int{0, 2, 4} {
		if !isUpper(p[k]) || strings.IndexByte("DFIOQU", p[k]) >= 0 {
			return false
		}
	}
	return isDigit(p[1]) && isDigit(p[3]) && isDigit(p[5])
}
