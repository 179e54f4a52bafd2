package pii

import (
	"regexp"
	"strings"
	"sync"
)

// usStates are the two-letter codes of the US Postal Service for the
// states, the District of Columbia and the territories.
var usStates = func() map[string]bool {
	m := map[string]bool{}
	for _, s := range strings.Fields("AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC PR VI GU AS MP") {
		m[s] = true
	}
	return m
}()

// streetAddress is a US street address ending at its ZIP code: a house
// number, one to four capitalized words of a street name and a street
// suffix, an optional unit, a city of one to four capitalized words, a
// state code and a ZIP or ZIP+4 code. Matched only on the window before a
// ZIP code that follows a state code (\z anchors it there).
var streetAddress = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\b\d{1,6}[A-Z]?\s+(?:[NSEW]\.?\s+)?(?:[A-Z][A-Za-z'.-]*\s+){0,3}[A-Z][A-Za-z'.-]*\s+` +
		`(?:Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Drive|Dr|Lane|Ln|Court|Ct|Way|Place|Pl|Terrace|Ter|Parkway|Pkwy|Circle|Cir|Highway|Hwy|Square|Sq|Trail|Trl|Loop|Row|Crescent|Plaza)\.?` +
		`(?:\s+[NSEW]{1,2}\.?)?(?:,?\s+(?:Apt|Apartment|Suite|Ste|Unit|Fl|Floor|Room|Rm|#)\.?\s*#?[A-Za-z0-9-]{1,8})?` +
		`,?\s+(?:[A-Z][A-Za-z.'-]*\s+){0,3}[A-Z][A-Za-z.'-]*,?\s+[A-Z]{2}\s+\d{5}(?:-\d{4})?\z`)
})

// businessWords before an address make it an organization's (a licence
// header's "Free Software Foundation, Inc., 59 Temple Place …").
var businessWords = newWordList("inc", "inc.", "llc", "ltd", "corp", "corporation", "foundation", "university", "headquarters", "hq", "company", "office", "offices", "institute", "gmbh")

// placeWords before an address make it a place open to the public or a
// company's seat ("visit our store at …", "the museum is at …", "Sitz der
// Gesellschaft: …"); placeAfterWords after it do ("…, open daily",
// "…; Amtsgericht Charlottenburg HRB 12345"). Issue 27, item 3: a
// business address is no one's personal data.
var (
	placeWords = newWordList("our", "visit us", "find us", "located at", "store", "stores", "shop", "showroom", "warehouse",
		"factory", "museum", "hotel", "restaurant", "cafe", "café", "clinic", "hospital", "pharmacy", "branch", "campus",
		"gallery", "library", "venue", "studio", "depot", "boutique", "sitz", "gesellschaft", "firmensitz", "geschäftssitz",
		"niederlassung", "filiale", "geschäft", "magasin", "agence", "boutique", "tienda", "sucursal", "negozio", "sede",
		"vestiging", "winkel", "registered", "head office", "mailing address for returns", "returns address")
	placeAfterWords = newWordList("open daily", "opening hours", "open from", "open mon", "open monday", "open 24", "amtsgericht",
		"hrb", "hra", "registered in", "company no", "vat", "rcs", "siret", "kvk", "partita iva")
)

// businessPlace reports whether the address at [s, e) is a company's or
// a public place's by the words around it.
func (f *finder) businessPlace(s, e int) bool {
	return placeWords.in(f.text[max(0, s-48):s]) || placeAfterWords.in(f.text[e:min(len(f.text), e+48)])
}

// maxAddressChecks bounds the regexp runs per call (the number pass keeps
// that many ZIP candidates): each reads at most addressWindow bytes.
const (
	maxAddressChecks = 64
	addressWindow    = 160
)

// addresses finds US street addresses (us_street_address, 0.6:
// suspicious alone, issue 27 item 3): see streetAddress. An address
// after a business word within 48 bytes is an organization's and is not
// reported.
func (f *finder) addresses() {
	text := f.text
	for _, i := range f.zips[:f.nzips] {
		j := i
		for j < len(text) && j-i < 6 && isDigit(text[j]) {
			j++
		}
		if j-i != 5 || i >= 4 && isAlnum(text[i-4]) || !usStates[text[i-3:i-1]] {
			continue
		}
		if j+5 <= len(text) && text[j] == '-' && isDigit(text[j+1]) && isDigit(text[j+4]) && (j+5 == len(text) || !isDigit(text[j+5])) {
			j += 5
		}
		if j < len(text) && isDigit(text[j]) {
			continue
		}
		lo := max(0, j-addressWindow)
		if m := streetAddress().FindStringIndex(text[lo:j]); m != nil {
			s := lo + m[0]
			if !businessWords.in(text[max(0, s-48):s]) && !f.businessPlace(s, j) {
				f.add("us_street_address", s, j)
			}
		}
	}
}
