package pii

import (
	"strings"

	"github.com/nyaruka/phonenumbers"
)

// A phone number is a person's contact detail only when it is a person's:
// a company's switchboard, hotline or support line printed in a footer, a
// signature or a contact page names the company (issue 27, item 3: "PII
// that a privacy officer would sign"). businessPhone decides that from the
// number's line and its neighbourhood, in this order:
//
//  1. the nearest label before the number on its line: a person's
//     ("my", "mobile", "home", "cell", "emergency contact", …) keeps it, a
//     business's ("support", "sales", "hotline", "switchboard", "office",
//     "fax", "customer service", "call us", "Zentrale", "service client",
//     "atención al cliente", …, in several languages) drops it, and a
//     business word in the 32 bytes after it on the line ("(toll-free)")
//     drops it too;
//  2. the number's type in the phone metadata: toll-free, premium-rate,
//     shared-cost and universal access numbers are a business's unless a
//     person's label stands before them;
//  3. a company's mark within 160 bytes before or 80 after (a legal form
//     such as "Ltd", "GmbH", "Inc.", "S.A.", a copyright sign, "registered
//     in", "VAT", "www.", opening hours, a role e-mail address) with no
//     person's label in the same stretch drops a number that the metadata
//     does not call a mobile one.
//
// docPhone, checked first, drops a number a text gives as an example of
// a format ("e.g. +14155552671", "numbers look like 020 7946 0000").

var (
	bizPhoneLabels = newWordList(
		"support", "sales", "hotline", "helpline", "helpdesk", "help desk", "service desk", "switchboard", "office", "offices",
		"fax", "telefax", "customer service", "customer services", "customer care", "customer support", "client services",
		"call us", "contact us", "reach us", "call our", "our", "us at", "us on", "enquiries", "inquiries", "press", "media",
		"reception", "front desk", "reservations", "bookings", "main line", "main number", "general enquiries",
		"headquarters", "hq", "toll-free", "toll free", "tollfree", "freephone", "free phone", "freecall", "service line",
		"info line", "infoline", "store", "shop", "branch", "pharmacy", "clinic", "dispatch", "billing", "accounts",
		"technical support", "tech support", "it support", "service", "services", "team", "department", "dept",
		// German, French, Spanish, Italian, Dutch, Portuguese, Nordic
		"zentrale", "telefonzentrale", "kundenservice", "kundendienst", "kundenhotline", "servicehotline", "vertrieb",
		"geschäftsstelle", "büro", "sekretariat", "standard", "accueil", "service client", "service clients",
		"service clientèle", "bureau", "siège", "ventes", "assistance", "atención al cliente", "servicio al cliente",
		"centralita", "oficina", "ventas", "soporte", "servizio clienti", "assistenza", "centralino", "ufficio",
		"vendite", "klantenservice", "kantoor", "receptie", "atendimento", "escritório", "kundtjänst", "växel",
		"kundeservice", "sentralbord", "asiakaspalvelu", "vaihde")
	personalPhoneLabels = newWordList(
		"my", "me", "mine", "personal", "private", "privat", "privé", "home", "mobile", "mob", "cell", "cellphone",
		"handy", "portable", "móvil", "movil", "cellulare", "celular", "whatsapp", "emergency contact", "mother",
		"father", "mum", "mom", "dad", "wife", "husband", "partner", "son", "daughter", "sister", "brother",
		"patient", "tenant", "applicant", "guardian", "parent", "employee", "guest", "lead", "candidate",
		"mein", "meine", "meiner", "mon", "ma", "mi", "mio", "mia", "meu", "minha", "mijn", "min", "mitt",
		"his", "her", "their")
	companyMarks = newWordList(
		"ltd", "ltd.", "limited", "gmbh", "inc", "inc.", "llc", "llp", "plc", "corp", "corp.", "corporation",
		"company", "co.", "pty", "s.a.", "s.l.", "s.r.l.", "srl", "s.p.a.", "spa", "sarl", "s.a.r.l.", "b.v.",
		"n.v.", "a/s", "oyj", "gmbh & co", "kgaa", "e.k.", "e.v.", "all rights reserved", "registered in",
		"registered office", "company no", "company number", "companies house", "vat", "vat no", "ust-idnr",
		"handelsregister", "amtsgericht", "hrb", "siret", "siren", "rcs", "cif", "partita iva", "kvk", "www",
		"opening hours", "office hours", "business hours", "open daily", "mon-fri", "mon–fri", "monday to friday",
		"monday–friday", "öffnungszeiten", "horaires", "horario", "orari")
	// companyForms are legal forms short enough to be English or Romance
	// words in lower case ("as", "sa", "ab"): they count in capitals only.
	companyForms   = []string{"AG", "KG", "SA", "SAS", "AB", "AS", "ASA", "BV", "NV", "OY", "SE", "SpA", "Srl"}
	docPhoneLabels = newWordList("e.g.", "eg", "e. g.", "for example", "for instance", "example", "examples", "format", "formats",
		"formatted", "look like", "looks like", "such as", "i.e.", "sample", "placeholder", "fictional", "fictitious",
		"not a phone", "the form", "pattern", "z.b.", "z. b.", "par exemple", "por ejemplo", "ad esempio", "bijvoorbeeld")
)

// maxPhoneTypeChecks bounds the metadata lookups of businessPhone in one
// call of Find (each parses the number once more: some tens of µs).
const maxPhoneTypeChecks = 16

// lastWordEnd returns the end of the last of words in s (as wordList.in
// matches them), or -1.
func (l *wordList) lastEnd(s string) int {
	best := -1
	for k := 0; k < len(s); k++ {
		ws := l.byFirst[lowerByte(s[k])]
		if len(ws) == 0 || k > 0 && isAlnum(s[k-1]) {
			continue
		}
		for _, w := range ws {
			if !hasPrefixFold(s[k:], w) {
				continue
			}
			if e := k + len(w); (e == len(s) || !isLetter(s[e])) && e > best {
				best = e
			}
		}
	}
	return best
}

// lineStart returns the start of the line holding position i, looking
// back at most limit bytes.
func lineStart(text string, i, limit int) int {
	lo := max(0, i-limit)
	if k := strings.LastIndexByte(text[lo:i], '\n'); k >= 0 {
		return lo + k + 1
	}
	return lo
}

// lineEnd returns the end of the line holding position i, looking ahead
// at most limit bytes.
func lineEnd(text string, i, limit int) int {
	hi := min(len(text), i+limit)
	if k := strings.IndexByte(text[i:hi], '\n'); k >= 0 {
		return i + k
	}
	return hi
}

// hasCompanyForm reports whether one of companyForms stands in s as a
// word, in its own case.
func hasCompanyForm(s string) bool {
	for _, w := range companyForms {
		for k := 0; k+len(w) <= len(s); {
			j := strings.Index(s[k:], w)
			if j < 0 {
				break
			}
			j += k
			e := j + len(w)
			if (j == 0 || !isAlnum(s[j-1])) && (e == len(s) || !isAlnum(s[e])) {
				return true
			}
			k = j + 1
		}
	}
	return false
}

// roleAddressIn reports whether s holds an e-mail address whose local
// part is a role's (info@, support@, sales@): a company's contact block.
func roleAddressIn(s string) bool {
	for k := 0; k < len(s); {
		j := strings.IndexByte(s[k:], '@')
		if j < 0 {
			return false
		}
		j += k
		b := j
		for b > 0 && isLocalChar(s[b-1]) {
			b--
		}
		if b < j && isRoleLocal(strings.ToLower(s[b:j])) {
			return true
		}
		k = j + 1
	}
	return false
}

// docPhone reports whether the number at [s, e) is given as an example of
// a format: a documentation word is the nearest label before it on its
// line (within 48 bytes), with no person's label nearer.
func (f *finder) docPhone(s int) bool {
	before := f.text[lineStart(f.text, s, 48):s]
	d := docPhoneLabels.lastEnd(before)
	return d >= 0 && d >= personalPhoneLabels.lastEnd(before)
}

// businessPhone reports whether the phone number at [s, e) is a
// company's (see the comment at the top of this file). e164 is the
// number with its country code and without "+", or "" when the region is
// not known.
func (f *finder) businessPhone(s, e int, e164 string) bool {
	text := f.text
	before := text[lineStart(text, s, 64):s]
	pb, pp := bizPhoneLabels.lastEnd(before), personalPhoneLabels.lastEnd(before)
	if pp > pb {
		return false
	}
	if pb >= 0 {
		return true
	}
	after := text[e:lineEnd(text, e, 32)]
	if bizPhoneLabels.in(after) && !personalPhoneLabels.in(after) {
		return true
	}
	mobile := false
	if e164 != "" && f.typeChecks < maxPhoneTypeChecks {
		f.typeChecks++
		if num, err := phonenumbers.Parse("+"+e164, "ZZ"); err == nil {
			switch phonenumbers.GetNumberType(num) {
			case phonenumbers.TOLL_FREE, phonenumbers.PREMIUM_RATE, phonenumbers.SHARED_COST, phonenumbers.UAN:
				return pp < 0
			case phonenumbers.MOBILE:
				mobile = true
			}
		}
	}
	if mobile || pp >= 0 {
		return false
	}
	wide := text[max(0, s-160):min(len(text), e+80)]
	return (companyMarks.in(wide) || hasCompanyForm(wide) || roleAddressIn(wide)) && !personalPhoneLabels.in(wide)
}

// addPhone reports the phone number at [s, e) unless it is an example of
// a format or a company's. e164 is as for businessPhone.
func (f *finder) addPhone(s, e int, e164 string) {
	if f.docPhone(s) || f.businessPhone(s, e, e164) {
		return
	}
	f.add("phone_number", s, e)
}
