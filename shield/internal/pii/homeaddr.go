package pii

import (
	"regexp"
	"strings"
	"sync"
)

// A home address written without its postcode ("I live at 42 Maple
// Avenue", "home address: Flat 3, 27 Albert Road", "wohnhaft in der
// Lindenstraße 12") is found after a label that says it is someone's
// address (street_address, 0.6, like the postcoded forms; issue 27, item
// 3). The label carries the evidence the missing postcode would: a
// street and a house number alone are not read.

// homeLabels name an address; each is found by the anchor, a
// case-sensitive substring strings.Index looks for (the label's rarest
// bytes), and then compared whole.
var homeLabels = []struct{ anchor, label string }{
	{"ddress", "address"}, {"ddress", "home address"}, {"ddress", "mailing address"}, {"ddress", "postal address"},
	{"ddress", "shipping address"}, {"ddress", "billing address"}, {"ddress", "delivery address"},
	{"ive at", "live at"}, {"ives at", "lives at"}, {"iving at", "living at"}, {"eside at", "reside at"},
	{"esides at", "resides at"}, {"esiding at", "residing at"}, {"oved to", "moved to"}, {"hip to", "ship to"},
	{"eliver to", "deliver to"}, {"end it to", "send it to"}, {"esidence", "residence"},
	{"ohnhaft", "wohnhaft"}, {"nschrift", "anschrift"}, {"dresse", "adresse"}, {"irección", "dirección"},
	{"ndirizzo", "indirizzo"}, {"omicilio", "domicilio"}, {"oonadres", "woonadres"}, {"orada", "morada"},
	{"ivo en", "vivo en"}, {"bito in", "abito in"}, {"'habite", "j'habite"}, {"ohne in", "wohne in"},
}

// maxHomeLabels bounds the labels read per call, each an anchored
// regexp over at most homeReach bytes.
const (
	maxHomeLabels = 32
	homeReach     = 120
)

var homeAddrRe = sync.OnceValue(func() *regexp.Regexp {
	lead := `\A[ \t:,;=\-–—"'(]*(?:(?:is|at|in|der|den|el|la|le|en|à|a|al|on)\s+)?(?:(?:is|at|in|der|den)\s+)?`
	unit := `(?:(?:Flat|Apt\.?|Apartment|Unit|Suite|Ste\.?|Room)\s*#?\d{1,4}[A-Za-z]?,?\s+)?`
	en := `\d{1,5}[A-Za-z]?,?\s+(?:[A-Z][A-Za-z'.-]*\s+){0,3}(?:Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Drive|Dr|Lane|Ln|Court|Ct|Close|Crescent|Way|Place|Pl|Terrace|Grove|Gardens|Square|Sq|Parkway|Pkwy|Highway|Hwy|Hill|Row|Mews|Circle|Cir|Trail|Walk|Rise|View)\b`
	de := `[A-ZÄÖÜ][\pL-]*(?:straße|strasse|str\.|weg|gasse|allee|platz|ring|damm|ufer|gracht|laan|plein|kade|steeg|dijk|singel)\s+\d{1,4}[a-z]?\b`
	deSplit := `(?:Am|An der|Auf dem|Im|In der)\s+[A-ZÄÖÜ]\pL+\s+\d{1,4}[a-z]?\b`
	fr := `\d{1,4}(?:\s*(?:bis|ter))?,?\s+(?:rue|avenue|av\.|boulevard|bd|place|impasse|allée|chemin|quai|cours|route)\s+\pL[\pL'’. -]{0,40}\pL`
	south := `(?:Calle|C/|Avenida|Avda\.?|Plaza|Paseo|Via|Viale|Corso|Piazza|Largo|Rua|Travessa)\s+(?:[\pL'.]+\s+){0,4}\d{1,4}\b`
	return regexp.MustCompile(lead + unit + `(?:` + en + `|` + de + `|` + deSplit + `|` + fr + `|` + south + `)`)
})

// homeAddresses reads the address after each label of homeLabels.
func (f *finder) homeAddresses() {
	text := f.text
	n := 0
	for _, hl := range homeLabels {
		for from := 0; from < len(text) && n < maxHomeLabels; {
			k := strings.Index(text[from:], hl.anchor)
			if k < 0 {
				break
			}
			k += from
			from = k + len(hl.anchor)
			// The label's start: the anchor lacks the label's first
			// letters (and its first words).
			s := k - (strings.Index(hl.label, hl.anchor[1:]) - 1)
			if s < 0 || !hasPrefixFold(text[s:], hl.label) || s > 0 && isAlnum(text[s-1]) {
				continue
			}
			e := s + len(hl.label)
			if e < len(text) && isLetter(text[e]) {
				continue // addresses, addressed, residences
			}
			n++
			m := homeAddrRe().FindStringIndex(text[e:min(len(text), e+homeReach)])
			if m == nil {
				continue
			}
			// The value starts after the lead words.
			vs := e + m[0]
			for vs < e+m[1] && !isAlnum(text[vs]) {
				vs++
			}
			for _, w := range []string{"is ", "at ", "in ", "der ", "den ", "el ", "la ", "le ", "en ", "a ", "al ", "on "} {
				if hasPrefixFold(text[vs:], w) {
					vs += len(w)
				}
			}
			ve := e + m[1]
			if f.businessPlace(s, ve) || businessWords.in(text[max(0, s-48):s]) || intlBusinessWords.in(text[max(0, s-48):s]) {
				continue
			}
			if f.addressReported(vs, ve) {
				continue
			}
			f.add("street_address", vs, ve)
		}
	}
}

// addressReported reports whether an address already found covers
// [s, e): the postcoded recognizers run first.
func (f *finder) addressReported(s, e int) bool {
	for _, r := range f.addrSpans[:f.naddrSpans] {
		if s < r[1] && r[0] < e {
			return true
		}
	}
	return false
}
