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

// homeLabels name an address, lower case. The labelled pass reads them
// at the word starts it reads (the stretches before digit runs: every
// address of these forms holds its house number within labelReach bytes
// of its label), as it reads birth labels.
var homeLabels = []string{
	"address", "home address", "mailing address", "postal address", "shipping address", "billing address",
	"delivery address", "live at", "lives at", "living at", "reside at", "resides at", "residing at", "moved to",
	"ship to", "deliver to", "send it to", "residence", "wohnhaft", "anschrift", "adresse", "dirección",
	"indirizzo", "domicilio", "woonadres", "morada", "vivo en", "abito in", "j'habite", "wohne in",
}

// homeByFirst indexes homeLabels by their first byte.
var homeByFirst = func() (t [256][]string) {
	for _, l := range homeLabels {
		t[l[0]] = append(t[l[0]], l)
	}
	return t
}()

// homeStart marks the bytes a home label starts with, both cases.
var homeStart = func() (t [256]bool) {
	for _, l := range homeLabels {
		t[l[0]], t[l[0]-'a'+'A'] = true, true
	}
	return t
}()

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

// homeAddressAt reads a label of homeLabels at the word start s and the
// address after it.
func (f *finder) homeAddressAt(s int) {
	text := f.text
	if s+1 >= len(text) {
		return
	}
	label := ""
	second := lowerByte(text[s+1])
	for _, l := range homeByFirst[lowerByte(text[s])] {
		if l[1] == second && hasPrefixFold(text[s:], l) && (s+len(l) == len(text) || !isLetter(text[s+len(l)])) && len(l) > len(label) {
			label = l
		}
	}
	if label == "" {
		return
	}
	f.homeChecks++
	if label == "address" && placeAddress(text, s) {
		return
	}
	e := s + len(label)
	// A digit must follow within the reach: the house number.
	if !strings.ContainsAny(text[e:min(len(text), e+homeReach)], "0123456789") {
		return
	}
	m := homeAddrRe().FindStringIndex(text[e:min(len(text), e+homeReach)])
	if m == nil {
		return
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
		return
	}
	if f.addressReported(vs, ve) {
		return
	}
	f.homes[f.nhomes] = [2]int{vs, ve}
	f.nhomes++
}

// homeAddresses reports the addresses homeAddressAt read, after the
// postcoded recognizers (which win on the same bytes).
func (f *finder) homeAddresses() {
	for _, h := range f.homes[:min(f.nhomes, len(f.homes))] {
		if !f.addressReported(h[0], h[1]) {
			f.add("street_address", h[0], h[1])
		}
	}
}

// placeAddressWords, as the word before "address" (location_address,
// "office address"), name a place's or a machine's address, not a
// person's home.
var placeAddressWords = map[string]bool{
	"location": true, "office": true, "store": true, "shop": true, "business": true, "company": true, "work": true,
	"event": true, "venue": true, "restaurant": true, "hotel": true, "branch": true, "site": true, "pickup": true,
	"ip": true, "email": true, "e-mail": true, "mac": true, "web": true, "server": true, "memory": true, "return": true,
	"returns": true, "warehouse": true, "registered": true, "head": true, "property": true, "clinic": true,
}

// placeAddress reports whether the word before "address" at s (joined
// by "_", "-" or a space) is one of placeAddressWords.
func placeAddress(text string, s int) bool {
	e := s
	if e > 0 && (text[e-1] == '_' || text[e-1] == '-' || text[e-1] == ' ') {
		e--
	}
	b := e
	for b > 0 && e-b < 16 && (isLetter(text[b-1]) || text[b-1] == '-') {
		b--
	}
	return b < e && placeAddressWords[strings.ToLower(text[b:e])]
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
