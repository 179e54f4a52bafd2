package pii

import (
	"strings"
	"time"
)

// National identifiers of persons outside the US and the UK (issue 27,
// item 3: "PII that a privacy officer would sign"). Each is found after
// one of its labels (intlLabelled, read by the labelled pass) with its
// published validity rule: a check digit or letter, the structure of the
// scheme and, where the number holds one, a birth date that exists. The
// forms distinctive enough to be found alone (an Italian codice fiscale,
// a CURP, an NIE, an NRIC, a Finnish code with a letter check, a French
// NIR or Belgian number printed in its groups, a Korean RRN printed with
// its dash) are read by the number pass (intlBare, intlToken). Documented
// example numbers are never reported (exampleIDs).
//
// Confidences: a labelled value with its check is certain (0.9, like the
// UK NINO); a bare value with its check is 0.85 (es_dni, br_cpf); a
// labelled value without a check digit (Danish CPR, Argentine DNI) is
// 0.85; an Australian ABN or a Brazilian CNPJ is a business number, found
// only with words that make it a person's (a sole trader, an MEI) at 0.6.
var intlConfidences = map[string]float64{
	"es_nie":             0.85,
	"it_codice_fiscale":  0.9,
	"pt_nif":             0.9,
	"fr_nir":             0.9,
	"be_national_number": 0.9,
	"nl_bsn":             0.9,
	"de_tax_id":          0.9,
	"pl_pesel":           0.9,
	"se_personnummer":    0.9,
	"no_fodselsnummer":   0.9,
	"dk_cpr":             0.85,
	"fi_hetu":            0.9,
	"br_cnpj":            0.6,
	"mx_curp":            0.9,
	"cl_rut":             0.9,
	"ar_dni":             0.85,
	"sg_nric":            0.9,
	"au_tfn":             0.9,
	"au_medicare":        0.9,
	"au_abn":             0.6,
	"kr_rrn":             0.9,
	"jp_my_number":       0.9,
	"za_id_number":       0.9,
	"il_id_number":       0.9,
	"tr_tc_kimlik":       0.9,
	// A wallet address (a Bitcoin address with its checksum, an
	// Ethereum address after wallet words) is a person's financial
	// identifier, pseudonymous: suspicious alone.
	"crypto_wallet": 0.6,
	// An IPv4 address written as a person's (see personIP).
	"ip_address": 0.5,
	// A postal address outside the US (intladdr.go), as us_street_address.
	"street_address": 0.6,
}

func init() {
	for k, v := range intlConfidences {
		Confidences[k] = v
	}
}

// exampleIDs are numbers printed as examples by their issuers, the
// standards that define them or their best-known validators: they pass
// their checks but are no one's (like sampleSSNs).
var exampleIDs = map[string]bool{
	"12345678Z":          true, // Spanish DNI, the usual example
	"X1234567L":          true, // Spanish NIE
	"RSSMRA85T10A562S":   true, // codice fiscale of "Mario Rossi"
	"12345678909":        true, // CPF 123.456.789-09
	"191212121212":       true, // Skatteverket's Tolvan Tolvansson
	"1212121212":         true,
	"131052308T":         true, // Finnish DVV example
	"123456782":          true, // BSN example
	"S1234567D":          true, // NRIC example
	"11010519491231002X": true, // GB 11643-1999 example
	"234123412346":       true, // Aadhaar validators' sample
}

// compactID is v in upper case without the separators a label's value
// may hold.
func compactID(raw string) string {
	var b strings.Builder
	for i := 0; i < len(raw); i++ {
		if c := raw[i]; isAlnum(c) {
			b.WriteByte(upper(c))
		}
	}
	return b.String()
}

// intlLabelled are the labelled recognizers of national identifiers
// (issue 27, item 3). Each validator cites its rule.
var intlLabelled = []labelledRecognizer{
	{kind: "pt_nif", labels: []label{{"nif", []string{":", " ", "."}}, {stem: "contribuinte"}, {stem: "número de contribuinte"}, {stem: "numero de contribuinte"}},
		valid: validPTNIF},
	{kind: "fr_nir", labels: []label{{stem: "sécurité sociale"}, {stem: "securite sociale"}, {stem: "sécu"}, {"n° ss", nil}, {"nir", []string{":", " "}},
		{stem: "carte vitale"}, {stem: "french social security"}, {stem: "insee"}},
		valid: validNIR, seps: " "},
	{kind: "be_national_number", labels: []label{{stem: "rijksregisternummer"}, {stem: "rijksregister"}, {stem: "registre national"}, {stem: "numéro national"},
		{stem: "numero national"}, {stem: "national number"}, {"insz", nil}, {"niss", nil}, {stem: "identificatienummer"}},
		valid: validBENN, seps: " .-"},
	{kind: "nl_bsn", labels: []label{{"bsn", nil}, {stem: "burgerservicenummer"}, {stem: "sofinummer"}, {stem: "sofi-nummer"}, {stem: "citizen service number"}},
		valid: validBSN, seps: " .-"},
	{kind: "de_tax_id", labels: []label{{stem: "steuer-id"}, {stem: "steuerid"}, {stem: "steuer id"}, {stem: "steueridentifikationsnummer"},
		{stem: "steuerliche identifikationsnummer"}, {stem: "identifikationsnummer"}, {"idnr", nil}, {"id-nr", nil}, {"tin", []string{":", " "}}, {stem: "tax id"}},
		valid: validDETaxID, seps: " "},
	{kind: "pl_pesel", labels: []label{{"pesel", nil}}, valid: validPESEL},
	{kind: "se_personnummer", labels: []label{{stem: "personnummer"}, {stem: "personnr"}, {stem: "person nr"}, {"pnr", nil}, {stem: "personal identity number"},
		{stem: "samordningsnummer"}, {stem: "swedish personal"}},
		valid: validPersonnummer, seps: "-+"},
	{kind: "no_fodselsnummer", labels: []label{{stem: "fødselsnummer"}, {stem: "fodselsnummer"}, {stem: "fødselsnr"}, {"f.nr", nil}, {"fnr", nil}, {stem: "personnummer"},
		{stem: "norwegian national id"}, {stem: "d-nummer"}},
		valid: validFodselsnummer, seps: " "},
	{kind: "dk_cpr", labels: []label{{"cpr", nil}, {stem: "personnummer"}, {stem: "danish cpr"}},
		valid: validCPR, seps: "-"},
	{kind: "fi_hetu", labels: []label{{stem: "henkilötunnu"}, {stem: "henkilotunnu"}, {"hetu", nil}, {"sotu", nil}, {stem: "personal identity code"}},
		valid: validHetu, seps: "-+"},
	{kind: "br_cpf", labels: []label{{"cpf", nil}}, valid: func(v []byte, raw string) bool {
		return len(raw) == 11 && digitsOnly(v) && validCPF(v) && !exampleIDs[string(v)]
	}},
	{kind: "br_cnpj", labels: []label{{"cnpj", nil}}, valid: validCNPJ, seps: "./-", personal: soleTraderWords},
	{kind: "cl_rut", labels: []label{{"rut", nil}, {"r.u.t", nil}, {"run", []string{":", " "}}, {stem: "rol único tributario"}, {stem: "rol unico tributario"}},
		valid: validRUT, seps: ".-"},
	{kind: "ar_dni", labels: []label{{"dni", nil}, {"d.n.i", nil}, {stem: "documento nacional de identidad"}}, valid: validARDNI, seps: "."},
	{kind: "in_aadhaar", labels: []label{{stem: "aadhaar"}, {stem: "aadhar"}, {"uid", []string{":", " ", " no", " number"}}, {stem: "आधार"}},
		valid: validAadhaar, seps: " -"},
	{kind: "au_tfn", labels: []label{{"tfn", nil}, {stem: "tax file number"}}, valid: validTFN, seps: " -"},
	{kind: "au_medicare", labels: []label{{stem: "medicare"}}, valid: validMedicare, seps: " -"},
	{kind: "au_abn", labels: []label{{"abn", nil}, {stem: "australian business number"}}, valid: validABN, seps: " ", personal: soleTraderWords},
	{kind: "kr_rrn", labels: []label{{stem: "주민등록번호"}, {stem: "주민번호"}, {stem: "resident registration number"}, {"rrn", nil}},
		valid: validRRN, seps: "-"},
	{kind: "jp_my_number", labels: []label{{stem: "マイナンバー"}, {stem: "個人番号"}, {stem: "my number"}, {stem: "individual number"}},
		valid: validMyNumber, seps: " -"},
	{kind: "za_id_number", labels: []label{{"id number", nil}, {"id no", nil}, {stem: "identity number"}, {"sa id", nil}, {"rsa id", nil}, {stem: "south african id"}},
		valid: validZAID, seps: " "},
	{kind: "il_id_number", labels: []label{{stem: "תעודת זהות"}, {stem: "ת.ז"}, {stem: "teudat zehut"}, {stem: "israeli id"}},
		valid: validILID, seps: "-"},
	{kind: "tr_tc_kimlik", labels: []label{{stem: "tc kimlik"}, {stem: "t.c. kimlik"}, {stem: "kimlik no"}, {stem: "kimlik numara"}, {"tckn", nil}, {stem: "turkish national id"}},
		valid: validTCKimlik},
}

// soleTraderWords near an ABN or a CNPJ make it a person's: the number of
// a sole trader or an individual micro-entrepreneur names the person.
var soleTraderWords = newWordList("sole trader", "my abn", "contractor", "freelancer", "freelance", "self-employed", "self employed",
	"mei", "autônomo", "autonomo", "empresa individual", "microempreendedor", "meu cnpj", "minha empresa")

// digitsVal is the value of the decimal digits d.
func digitsVal(d []byte) int {
	n := 0
	for _, c := range d {
		n = n*10 + int(c-'0')
	}
	return n
}

// weighted is the sum of d's digits times w's weights.
func weighted(d []byte, w ...int) int {
	s := 0
	for i, x := range w {
		s += int(d[i]-'0') * x
	}
	return s
}

// dateOK reports whether year-month-day is a calendar date.
func dateOK(y, m, d int) bool {
	if m < 1 || m > 12 || d < 1 || d > 31 {
		return false
	}
	t := time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC)
	return t.Day() == d
}

// two is the number of the two digits at d[i:i+2].
func two(d []byte, i int) int { return int(d[i]-'0')*10 + int(d[i+1]-'0') }

// validPTNIF: Portugal's número de identificação fiscal (Autoridade
// Tributária): nine digits, the first 1, 2 or 3 for a person (45 a
// non-resident), weights 9 down to 2, the check 11 minus the sum mod 11
// (10 and 11 written 0).
func validPTNIF(v []byte, raw string) bool {
	if len(v) != 9 || len(raw) != 9 || !digitsOnly(v) || !(v[0] >= '1' && v[0] <= '3' || v[0] == '4' && v[1] == '5') {
		return false
	}
	c := 11 - weighted(v, 9, 8, 7, 6, 5, 4, 3, 2)%11
	if c >= 10 {
		c = 0
	}
	return c == int(v[8]-'0')
}

// validNIR: France's numéro d'inscription au répertoire (INSEE), the
// social security number: sex (1, 2; 3, 4, 7, 8 provisional), year,
// month (01–12, or 20, 30–42, 50–99 when unknown), department (01–99,
// 2A, 2B for Corsica), commune, order, and the key 97 minus the 13-digit
// number mod 97, 2A read as 19 and 2B as 18.
func validNIR(v []byte, raw string) bool {
	if len(v) != 15 || !strings.ContainsRune("123478", rune(v[0])) {
		return false
	}
	d := make([]byte, 15)
	copy(d, v)
	switch string(v[5:7]) {
	case "2A":
		d[5], d[6] = '1', '9'
	case "2B":
		d[5], d[6] = '1', '8'
	}
	if !digitsOnly(d) {
		return false
	}
	if m := two(d, 3); m < 1 || m > 12 && m != 20 && (m < 30 || m > 42) && m < 50 {
		return false
	}
	n := 0
	for _, c := range d[:13] {
		n = (n*10 + int(c-'0')) % 97
	}
	return 97-n == two(d, 13)
}

// validBENN: Belgium's national register number (rijksregisternummer):
// birth date YYMMDD (month or day 00 when unknown), a serial of three
// digits and two check digits, 97 minus the first nine digits mod 97 —
// with a 2 prefixed for those born from 2000.
func validBENN(v []byte, raw string) bool {
	if len(v) != 11 || !digitsOnly(v) {
		return false
	}
	n := digitsVal(v[:9])
	c := two(v, 9)
	m := two(v, 2)
	if m > 12 && (m < 20 || m > 32) && (m < 40 || m > 52) {
		return false // bis numbers add 20 or 40 to the month
	}
	return 97-n%97 == c || 97-(2000000000+n)%97 == c
}

// validBSN: the Netherlands' burgerservicenummer, the "11-proof": nine
// digits weighted 9 down to 2 and the last −1, the sum a multiple of 11
// (and not 0).
func validBSN(v []byte, raw string) bool {
	if len(v) == 8 {
		v = append([]byte{'0'}, v...)
	}
	if len(v) != 9 || !digitsOnly(v) || allSame(v) || exampleIDs[string(v)] {
		return false
	}
	s := weighted(v, 9, 8, 7, 6, 5, 4, 3, 2) - int(v[8]-'0')
	return s > 0 && s%11 == 0
}

// validDETaxID: Germany's steuerliche Identifikationsnummer (§ 139b AO,
// BZSt): eleven digits, the first not 0; in the first ten one digit
// occurs twice or three times and the others at most once; the last is
// the ISO 7064 MOD 11,10 check digit.
func validDETaxID(v []byte, raw string) bool {
	if len(v) != 11 || !digitsOnly(v) || v[0] == '0' {
		return false
	}
	var cnt [10]int
	for _, c := range v[:10] {
		cnt[c-'0']++
	}
	multi := 0
	for _, n := range cnt {
		if n > 3 {
			return false
		}
		if n > 1 {
			multi++
		}
	}
	if multi != 1 {
		return false
	}
	return iso7064Mod1110(v[:10]) == int(v[10]-'0')
}

// iso7064Mod1110 is the ISO 7064 MOD 11,10 check digit of d.
func iso7064Mod1110(d []byte) int {
	p := 10
	for _, c := range d {
		s := (int(c-'0') + p) % 10
		if s == 0 {
			s = 10
		}
		p = s * 2 % 11
	}
	c := 11 - p
	if c == 10 {
		c = 0
	}
	return c
}

// validPESEL: Poland's PESEL: birth date YYMMDD with the century in the
// month (+80 1800s, +0 1900s, +20 2000s, +40 2100s, +60 2200s), four
// digits and a check digit: weights 1, 3, 7, 9 repeated, the check 10
// minus the sum mod 10.
func validPESEL(v []byte, raw string) bool {
	if len(v) != 11 || !digitsOnly(v) {
		return false
	}
	m := two(v, 2)
	y := 1900 + two(v, 0)
	switch {
	case m > 80:
		y, m = y-100, m-80
	case m > 60:
		y, m = y+300, m-60
	case m > 40:
		y, m = y+200, m-40
	case m > 20:
		y, m = y+100, m-20
	}
	if !dateOK(y, m, two(v, 4)) {
		return false
	}
	return (10-weighted(v, 1, 3, 7, 9, 1, 3, 7, 9, 1, 3)%10)%10 == int(v[10]-'0')
}

// validPersonnummer: Sweden's personnummer (Skatteverket, SKV 704):
// YYMMDD-NNNC or YYYYMMDD-NNNC (the sign + after a hundredth birthday),
// compact or with the sign; the day plus 60 for a samordningsnummer; the
// Luhn check over the ten digits YYMMDDNNNC.
func validPersonnummer(v []byte, raw string) bool {
	if !digitsOnly(v) || len(v) != 10 && len(v) != 12 {
		return false
	}
	if exampleIDs[string(v)] {
		return false
	}
	y := 1900
	if len(v) == 12 {
		y = int(v[0]-'0')*1000 + int(v[1]-'0')*100
		if y != 1800 && y != 1900 && y != 2000 {
			return false
		}
		v = v[2:]
	}
	if n := len(raw); n != 10 && n != 12 && !(n == 11 || n == 13) {
		return false
	} else if n == 11 || n == 13 {
		if s := raw[n-5]; s != '-' && s != '+' {
			return false
		}
	}
	d := two(v, 4)
	if d > 60 {
		d -= 60
	}
	if !dateOK(y+two(v, 0), two(v, 2), d) {
		return false
	}
	return luhn(v)
}

// validFodselsnummer: Norway's fødselsnummer (Skatteetaten): DDMMYY (the
// day plus 40 for a D-number, the month plus 40 for an H-number), an
// individual number of three digits and two mod 11 check digits, weights
// 3 7 6 1 8 9 4 5 2 and 5 4 3 2 7 6 5 4 3 2, each 11 minus the sum mod
// 11 (11 is 0, 10 never issued).
func validFodselsnummer(v []byte, raw string) bool {
	if len(v) != 11 || !digitsOnly(v) || allSame(v) {
		return false
	}
	d, m := two(v, 0), two(v, 2)
	if d > 40 {
		d -= 40
	}
	if m > 40 {
		m -= 40
	}
	if !dateOK(2000, m, d) { // a leap year: 29 February is let through
		return false
	}
	k := func(s int) int {
		c := 11 - s%11
		if c == 11 {
			c = 0
		}
		return c
	}
	k1 := k(weighted(v, 3, 7, 6, 1, 8, 9, 4, 5, 2))
	k2 := k(weighted(v, 5, 4, 3, 2, 7, 6, 5, 4, 3, 2))
	return k1 == int(v[9]-'0') && k2 == int(v[10]-'0')
}

// validCPR: Denmark's CPR number (CPR-kontoret): DDMMYY-SSSS with a
// birth date that exists; the modulus 11 check was dropped in 2007, so
// the label and the date carry the evidence.
func validCPR(v []byte, raw string) bool {
	if len(v) != 10 || !digitsOnly(v) || len(raw) != 10 && !(len(raw) == 11 && raw[6] == '-') {
		return false
	}
	return dateOK(2000, two(v, 2), two(v, 0)) && !allSame(v)
}

// hetuChecks is the check character alphabet of the Finnish
// henkilötunnus: the nine digits DDMMYYZZZ mod 31.
const hetuChecks = "0123456789ABCDEFHJKLMNPRSTUVWXY"

// validHetu: Finland's henkilötunnus (DVV): DDMMYY, the century sign (+
// 1800s; - Y X W V U 1900s; A B C D E F 2000s), an individual number
// 002–899 and the check character.
func validHetu(v []byte, raw string) bool {
	return hetuAt(compactID(raw), raw) // the sign '-' is no alnum
}

func hetuAt(c, raw string) bool {
	// c is DDMMYY ZZZ Q without the sign when the sign was '-' or '+'.
	var digits, sign string
	switch {
	case len(raw) == 11 && len(c) == 10:
		sign, digits = raw[6:7], c[:9]
	case len(raw) == 11 && len(c) == 11:
		sign, digits = c[6:7], c[:6]+c[7:10]
	default:
		return false
	}
	if !digitsOnly([]byte(digits)) || exampleIDs[c] {
		return false
	}
	var century int
	switch {
	case sign == "+":
		century = 1800
	case strings.Contains("-YXWVU", sign):
		century = 1900
	case strings.Contains("ABCDEF", sign):
		century = 2000
	default:
		return false
	}
	d := []byte(digits)
	if !dateOK(century+two(d, 4), two(d, 2), two(d, 0)) {
		return false
	}
	if z := digitsVal(d[6:9]); z < 2 || z > 899 {
		return false
	}
	return hetuChecks[digitsVal(d)%31] == upper(c[len(c)-1])
}

// validCNPJ: Brazil's CNPJ (Receita Federal): twelve digits and two mod
// 11 check digits, weights 5 4 3 2 9 8 7 6 5 4 3 2 and 6 5 4 3 2 9 8 7 6
// 5 4 3 2, each 11 minus the sum mod 11 (0 when that is 10 or 11).
func validCNPJ(v []byte, raw string) bool {
	if len(v) != 14 || !digitsOnly(v) || allSame(v) {
		return false
	}
	k := func(s int) int {
		if r := s % 11; r >= 2 {
			return 11 - r
		}
		return 0
	}
	return k(weighted(v, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2)) == int(v[12]-'0') &&
		k(weighted(v, 6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2)) == int(v[13]-'0')
}

// curpStates are the two-letter state codes of the CURP (RENAPO), NE for
// those born abroad.
const curpStates = "AS BC BS CC CL CM CS CH DF CX DG GT GR HG JC MC MN MS NT NL OC PL QT QR SP SL SR TC TS TL VZ YN ZS NE"

// validCURP: Mexico's Clave Única de Registro de Población (RENAPO):
// four letters, the birth date YYMMDD, H or M (X since 2023), a state
// code, three consonants, a homonym character (a digit before 2000, a
// letter after) and the check digit: each character's value in
// 0–9A–N&O–Z times 18 down to 2, the check 10 minus the sum mod 10.
func validCURP(c string) bool {
	if len(c) != 18 || exampleIDs[c] {
		return false
	}
	for i := 0; i < 4; i++ {
		if !isUpper(c[i]) {
			return false
		}
	}
	d := []byte(c[4:10])
	if !digitsOnly(d) || strings.IndexByte("HMX", c[10]) < 0 || !strings.Contains(curpStates, c[11:13]) || !isUpper(c[11]) || !isUpper(c[12]) {
		return false
	}
	for i := 13; i < 16; i++ {
		if !isUpper(c[i]) || strings.IndexByte("AEIOU", c[i]) >= 0 {
			return false
		}
	}
	y := 1900
	if isUpper(c[16]) {
		y = 2000
	} else if !isDigit(c[16]) {
		return false
	}
	if !dateOK(y+two(d, 0), two(d, 2), two(d, 4)) || !isDigit(c[17]) {
		return false
	}
	const alphabet = "0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ"
	s := 0
	for i := 0; i < 17; i++ {
		s += strings.IndexByte(alphabet, c[i]) * (18 - i)
	}
	return (10-s%10)%10 == int(c[17]-'0')
}

// validRUT: Chile's Rol Único Tributario / Rol Único Nacional (SII): the
// body's digits from the right times 2, 3, 4, 5, 6, 7 repeated, the check
// 11 minus the sum mod 11 (11 is 0, 10 is K); a person's is below
// 50,000,000 (companies are numbered from there).
func validRUT(v []byte, raw string) bool {
	if len(v) < 8 || len(v) > 9 || !digitsOnly(v[:len(v)-1]) {
		return false
	}
	// Written with its dash before the check: 12.345.678-5, 12345678-5.
	if len(raw) < 2 || raw[len(raw)-2] != '-' {
		return false
	}
	body := v[:len(v)-1]
	if digitsVal(body) >= 50000000 || digitsVal(body) < 100000 {
		return false
	}
	s, w := 0, 2
	for i := len(body) - 1; i >= 0; i-- {
		s += int(body[i]-'0') * w
		if w++; w > 7 {
			w = 2
		}
	}
	var c byte
	switch k := 11 - s%11; k {
	case 11:
		c = '0'
	case 10:
		c = 'K'
	default:
		c = byte('0' + k)
	}
	return upper(v[len(v)-1]) == c
}

// validARDNI: Argentina's Documento Nacional de Identidad (RENAPER):
// seven or eight digits, written plain or with dots between thousands;
// no check digit, so the label carries the evidence.
func validARDNI(v []byte, raw string) bool {
	if len(v) < 7 || len(v) > 8 || !digitsOnly(v) || allSame(v) {
		return false
	}
	if strings.IndexByte(raw, '.') >= 0 {
		p := strings.Split(raw, ".")
		return len(p) == 3 && len(p[0]) <= 2 && len(p[1]) == 3 && len(p[2]) == 3
	}
	return true
}

// validNRIC: Singapore's NRIC and FIN (ICA): a prefix S or T (citizens
// and permanent residents, born before and from 2000), F or G (foreigners)
// or M (foreigners from 2022), seven digits and a check letter: the
// digits times 2 7 6 5 4 3 2, plus 4 for T and G and 3 for M, mod 11,
// read from JZIHGFEDCBA (S, T), XWUTRQPNMLK (F, G) or, reversed,
// KLJNPQRTUWX (M).
func validNRIC(c string) bool {
	if len(c) != 9 || strings.IndexByte("STFGM", c[0]) < 0 || !digitsOnly([]byte(c[1:8])) || exampleIDs[c] {
		return false
	}
	s := weighted([]byte(c[1:8]), 2, 7, 6, 5, 4, 3, 2)
	switch c[0] {
	case 'T', 'G':
		s += 4
	case 'M':
		s += 3
	}
	r := s % 11
	switch c[0] {
	case 'S', 'T':
		return "JZIHGFEDCBA"[r] == c[8]
	case 'F', 'G':
		return "XWUTRQPNMLK"[r] == c[8]
	}
	return "KLJNPQRTUWX"[10-r] == c[8]
}

// validAadhaar: India's Aadhaar (UIDAI): twelve digits, the first not 0
// or 1, the Verhoeff check.
func validAadhaar(v []byte, raw string) bool {
	return len(raw) == 12 && len(v) == 12 && digitsOnly(v) && v[0] >= '2' && verhoeff(v) && !exampleIDs[string(v)] && !allSame(v)
}

// validTFN: Australia's tax file number (ATO): nine digits weighted 1 4
// 3 7 5 8 6 9 10 (eight digits: 10 7 8 4 6 3 5 1), the sum a multiple
// of 11.
func validTFN(v []byte, raw string) bool {
	switch {
	case len(v) == 9 && digitsOnly(v):
		return weighted(v, 1, 4, 3, 7, 5, 8, 6, 9, 10)%11 == 0 && !allSame(v)
	case len(v) == 8 && digitsOnly(v):
		return weighted(v, 10, 7, 8, 4, 6, 3, 5, 1)%11 == 0 && !allSame(v)
	}
	return false
}

// validMedicare: Australia's Medicare card number (Services Australia):
// ten digits (an eleventh, the individual reference number, may follow),
// the first 2–6, the ninth the check digit: the first eight weighted 1 3
// 7 9 1 3 7 9, mod 10.
func validMedicare(v []byte, raw string) bool {
	if len(v) != 10 && len(v) != 11 || !digitsOnly(v) || v[0] < '2' || v[0] > '6' {
		return false
	}
	return weighted(v, 1, 3, 7, 9, 1, 3, 7, 9)%10 == int(v[8]-'0')
}

// validABN: Australia's business number (ABR): eleven digits; 1
// subtracted from the first, the digits weighted 10 1 3 5 7 9 11 13 15
// 17 19, the sum a multiple of 89.
func validABN(v []byte, raw string) bool {
	if len(v) != 11 || !digitsOnly(v) || v[0] == '0' {
		return false
	}
	s := weighted(v, 10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19) - 10
	return s%89 == 0
}

// validRRN: South Korea's resident registration number (주민등록번호):
// YYMMDD, a sex and century digit (9, 0: 1800s; 1, 2, 5, 6: 1900s; 3,
// 4, 7, 8: 2000s), five digits and a check digit: the twelve digits
// times 2 3 4 5 6 7 8 9 2 3 4 5, the check 11 minus the sum mod 11, mod
// 10. (Numbers issued from October 2020 have no check; they are not
// found.)
func validRRN(v []byte, raw string) bool {
	if len(v) != 13 || !digitsOnly(v) || len(raw) != 13 && !(len(raw) == 14 && raw[6] == '-') {
		return false
	}
	y := 1900
	switch v[6] {
	case '9', '0':
		y = 1800
	case '3', '4', '7', '8':
		y = 2000
	}
	if !dateOK(y+two(v, 0), two(v, 2), two(v, 4)) {
		return false
	}
	s := weighted(v, 2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5)
	return (11-s%11)%10 == int(v[12]-'0')
}

// validMyNumber: Japan's individual number (マイナンバー, the Act on the
// Use of Numbers, ordinance art. 5): twelve digits, the last the check:
// P(n) the n-th digit from the right of the first eleven, Q(n) n+1 for n
// ≤ 6 and n−5 above, the check 11 minus ΣP·Q mod 11, 0 when that
// remainder is 0 or 1.
func validMyNumber(v []byte, raw string) bool {
	if len(v) != 12 || !digitsOnly(v) || allSame(v) {
		return false
	}
	s := 0
	for n := 1; n <= 11; n++ {
		q := n + 1
		if n > 6 {
			q = n - 5
		}
		s += int(v[11-n]-'0') * q
	}
	c := 0
	if r := s % 11; r > 1 {
		c = 11 - r
	}
	return c == int(v[11]-'0')
}

// validZAID: South Africa's identity number (Department of Home Affairs):
// YYMMDD, four digits of sex and sequence, a citizenship digit (0 citizen,
// 1 permanent resident, 2 refugee), a digit and the Luhn check.
func validZAID(v []byte, raw string) bool {
	if len(v) != 13 || !digitsOnly(v) || v[10] > '2' {
		return false
	}
	return dateOK(2000, two(v, 2), two(v, 4)) && luhn(v)
}

// validILID: Israel's identity number (מספר זהות, Population and
// Immigration Authority): up to nine digits, zero-padded, weights 1 and 2
// alternating from the left, the digits of each product summed, the total
// a multiple of ten: the Luhn check over nine digits.
func validILID(v []byte, raw string) bool {
	if len(v) < 5 || len(v) > 9 || !digitsOnly(v) || allSame(v) {
		return false
	}
	d := make([]byte, 9)
	for i := range d {
		d[i] = '0'
	}
	copy(d[9-len(v):], v)
	return luhn(d)
}

// validTCKimlik: Turkey's T.C. Kimlik No (Nüfus ve Vatandaşlık İşleri):
// eleven digits, the first not 0; the tenth is (7 × the sum of the odd
// places 1, 3, 5, 7, 9 − the sum of the even places 2, 4, 6, 8) mod 10, the
// eleventh the sum of the first ten mod 10.
func validTCKimlik(v []byte, raw string) bool {
	if len(v) != 11 || !digitsOnly(v) || v[0] == '0' {
		return false
	}
	odd := weighted(v, 1, 0, 1, 0, 1, 0, 1, 0, 1)
	even := weighted(v, 0, 1, 0, 1, 0, 1, 0, 1, 0)
	d10 := ((7*odd-even)%10 + 10) % 10
	return d10 == int(v[9]-'0') && weighted(v, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1)%10 == int(v[10]-'0')
}

// cfOmocodia are the letters that replace the digits 0–9 of a codice
// fiscale when two persons would share one.
const cfOmocodia = "LMNPQRSTUV"

// validCodiceFiscale: Italy's codice fiscale (DM 23 dicembre 1976,
// Agenzia delle Entrate): three letters of the surname, three of the
// name, two of the year, a month letter (ABCDEHLMPRST), two of the day
// (plus 40 for women), a municipality code (a letter and three), any
// digit possibly replaced by its omocodia letter, and the check letter:
// odd places (1st, 3rd…) valued by the odd table, even places by their
// value (0–9 as A–J = 0–9), the sum mod 26 as A–Z.
func validCodiceFiscale(c string) bool {
	if len(c) != 16 || exampleIDs[c] {
		return false
	}
	digitAt := func(i int) (int, bool) {
		if isDigit(c[i]) {
			return int(c[i] - '0'), true
		}
		if k := strings.IndexByte(cfOmocodia, c[i]); k >= 0 {
			return k, true
		}
		return 0, false
	}
	for _, i := range []int{0, 1, 2, 3, 4, 5, 8, 11, 15} {
		if !isUpper(c[i]) {
			return false
		}
	}
	var num [7]int
	for k, i := range []int{6, 7, 9, 10, 12, 13, 14} {
		n, ok := digitAt(i)
		if !ok {
			return false
		}
		num[k] = n
	}
	if strings.IndexByte("ABCDEHLMPRST", c[8]) < 0 {
		return false
	}
	day := num[2]*10 + num[3]
	if day > 40 {
		day -= 40
	}
	month := strings.IndexByte("ABCDEHLMPRST", c[8]) + 1
	if !dateOK(2000, month, day) {
		return false
	}
	// The odd table: the values of 0–9 and A–Z at odd places.
	odd := [36]int{1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23}
	s := 0
	for i := 0; i < 15; i++ {
		var k int
		if isDigit(c[i]) {
			k = int(c[i] - '0')
		} else {
			k = int(c[i]-'A') + 10
		}
		if i%2 == 0 {
			s += odd[k]
		} else if k >= 10 {
			s += k - 10
		} else {
			s += k
		}
	}
	return c[15] == byte('A'+s%26)
}

// validNIE: Spain's número de identidad de extranjero (Ministerio del
// Interior): X, Y or Z (read 0, 1, 2), seven digits and the DNI's mod-23
// check letter over the eight digits.
func validNIE(c string) bool {
	if len(c) != 9 || strings.IndexByte("XYZ", c[0]) < 0 || !digitsOnly([]byte(c[1:8])) || exampleIDs[c] {
		return false
	}
	d := []byte{'0' + c[0] - 'X'}
	d = append(d, c[1:8]...)
	return dniLetter(d) == c[8]
}
