package pii

import (
	"slices"
	"strings"
	"testing"
)

// TestIntlIdentifiers checks each national identifier of intl.go
// (issue 27, item 3) on a valid number whose check was computed by hand
// from the published rule (the arithmetic is beside it) and on the same
// number with its check broken.
func TestIntlIdentifiers(t *testing.T) {
	cases := []struct {
		name, text string
		want       []found
	}{
		// NIE: Y is 1, 12345678 mod 23 = 14 (23 × 536768 = 12345664), letter 14 of TRWAGMYFPDXBNJZSQVHLCKE = Z.
		{"nie", "Mi NIE es Y2345678Z.", []found{{"es_nie", "Y2345678Z"}}},
		{"nie bad letter", "Mi NIE es Y2345678A.", nil},
		// Codice fiscale BNCGLI90A41H501: odd places B0 C5 L4 9→21 A1 1→0 5→13 1→0, even N13 G6 I8 0 4 H7 0: sum 82, 82 mod 26 = 4: E.
		{"codice fiscale", "Codice fiscale: BNCGLI90A41H501E", []found{{"it_codice_fiscale", "BNCGLI90A41H501E"}}},
		{"codice fiscale bare", "il cliente BNCGLI90A41H501E ha chiamato", []found{{"it_codice_fiscale", "BNCGLI90A41H501E"}}},
		// Omocodia: the 0 of H501 written M (digits 0–9 as LMNPQRSTUV): the sum becomes 94 (even M is 12, not 0), 94 mod 26 = 16: Q.
		{"codice fiscale omocodia", "CF BNCGLI90A41H5M1Q", []found{{"it_codice_fiscale", "BNCGLI90A41H5M1Q"}}},
		{"codice fiscale bad check", "Codice fiscale: BNCGLI90A41H501F", nil},
		{"codice fiscale no such day", "CF BNCGLI90A71H501E", nil},
		// Portuguese NIF 23456789: 2·9+3·8+4·7+5·6+6·5+7·4+8·3+9·2 = 200, 200 mod 11 = 2, 11 − 2 = 9.
		{"pt nif", "NIF: 234567899", []found{{"pt_nif", "234567899"}}},
		{"pt nif bad", "NIF: 234567898", nil},
		// NIR 1 85 05 78 006 084: 1850578006084 mod 97 = 6, key 97 − 6 = 91.
		{"nir", "Numéro de sécurité sociale : 1 85 05 78 006 084 91", []found{{"fr_nir", "1 85 05 78 006 084 91"}}},
		{"nir bare spaced", "assuré 1 85 05 78 006 084 91 ok", []found{{"fr_nir", "1 85 05 78 006 084 91"}}},
		// Corsica: 185052A006084 read 1850519006084, mod 97 = 62, key 35.
		{"nir corsica", "N° SS 1 85 05 2A 006 084 35", []found{{"fr_nir", "1 85 05 2A 006 084 35"}}},
		{"nir bad key", "NIR: 185057800608490", nil},
		// Belgian 850730 033: 850730033 mod 97 = 69, 97 − 69 = 28.
		{"be", "Rijksregisternummer: 85.07.30-033.28", []found{{"be_national_number", "85.07.30-033.28"}}},
		{"be bare", "dossier 85.07.30-033.28 ouvert", []found{{"be_national_number", "85.07.30-033.28"}}},
		// Born in 2005: 2 prefixed, 2050101001 mod 97 = 84, 97 − 84 = 13.
		{"be 2000s", "INSZ 05010100113", []found{{"be_national_number", "05010100113"}}},
		{"be bad", "Rijksregisternummer: 85073003329", nil},
		// BSN 111222333: 9+8+7+12+10+8+9+6 − 3 = 66 = 6 × 11.
		{"bsn", "BSN: 111222333", []found{{"nl_bsn", "111222333"}}},
		{"bsn bad", "BSN: 111222334", nil},
		{"bsn example", "BSN 123456782", nil},
		// Steuer-ID 1234567891: MOD 11,10 products 2 8 2 1 1 3 9 3 4 10; 11 − 10 = 1.
		{"steuer-id", "Steuer-ID: 12345678911", []found{{"de_tax_id", "12345678911"}}},
		{"steuer-id spaced", "Identifikationsnummer 12 345 678 911", []found{{"de_tax_id", "12 345 678 911"}}},
		{"steuer-id bad", "Steuer-ID: 12345678912", nil},
		{"steuer-id no repeat", "Steuer-ID: 12345678905", nil},
		// PESEL 9001011234: 9·1+0+0+1·9+0+1·3+1·7+2·9+3·1+4·3 = 61, (10 − 1) mod 10 = 9.
		{"pesel", "PESEL: 90010112349", []found{{"pl_pesel", "90010112349"}}},
		{"pesel bad", "PESEL: 90010112340", nil},
		// Personnummer 850709-980: Luhn doubles the 1st, 3rd, 5th, 7th and 9th digits (8→7, 0, 0, 9→9, 0: 16) and adds 5, 7, 9, 8 (29): 45; the check 5 makes 50.
		{"personnummer", "Personnummer: 850709-9805", []found{{"se_personnummer", "850709-9805"}}},
		{"personnummer long", "personnr 19850709-9805", []found{{"se_personnummer", "19850709-9805"}}},
		{"personnummer bad", "Personnummer: 850709-9806", nil},
		{"personnummer tolvan", "Personnummer: 19121212-1212", nil},
		// Fødselsnummer 150385123: k1 weights 3 7 6 1 8 9 4 5 2 sum 170, 11 − 170 mod 11 (5) = 6; k2 weights 5 4 3 2 7 6 5 4 3 2 sum 151, 11 − 8 = 3.
		{"fodselsnummer", "Fødselsnummer: 15038512363", []found{{"no_fodselsnummer", "15038512363"}}},
		{"fodselsnummer bad", "Fødselsnummer: 15038512364", nil},
		// CPR: 15 March 1985, no check since 2007.
		{"cpr", "CPR-nummer: 150385-1234", []found{{"dk_cpr", "150385-1234"}}},
		{"cpr no date", "CPR-nummer: 320385-1234", nil},
		// Henkilötunnus 010190-123: 10190123 mod 31 = 20: M.
		{"hetu", "Henkilötunnus: 010190-123M", []found{{"fi_hetu", "010190-123M"}}},
		{"hetu bare", "asiakas 010190-123M soitti", []found{{"fi_hetu", "010190-123M"}}},
		{"hetu bad", "Henkilötunnus: 010190-123N", nil},
		{"hetu example", "esimerkki 131052-308T", nil},
		// CPF compact 52998224725 (the CPF test's 529.982.247-25).
		{"cpf compact", "CPF 52998224725", []found{{"br_cpf", "52998224725"}}},
		{"cpf example", "CPF de exemplo: 123.456.789-09", nil},
		// CNPJ 11222333 0001: first check weights 5 4 3 2 9 8 7 6 5 4 3 2 sum 102, 102 mod 11 = 3, 11 − 3 = 8; then 1.
		{"cnpj of an mei", "Sou MEI, meu CNPJ é 11.222.333/0001-81", []found{{"br_cnpj", "11.222.333/0001-81"}}},
		{"cnpj of a company", "CNPJ da empresa: 11.222.333/0001-81", nil},
		// CURP GOPL850101HDFRRN0: values × 18…2 sum 2279, (10 − 9) mod 10 = 1.
		{"curp", "Mi CURP es GOPL850101HDFRRN01", []found{{"mx_curp", "GOPL850101HDFRRN01"}}},
		{"curp bad", "Mi CURP es GOPL850101HDFRRN02", nil},
		// RUT 15432987: from the right × 2 3 4 5 6 7 2 3 sum 143, 143 mod 11 = 0, 11: 0.
		{"rut", "RUT: 15.432.987-0", []found{{"cl_rut", "15.432.987-0"}}},
		{"rut bad", "RUT: 15.432.987-1", nil},
		{"rut company", "RUT empresa 76.432.987-3", nil},
		{"ar dni", "DNI: 30.123.456", []found{{"ar_dni", "30.123.456"}}},
		{"ar dni plain", "Mi DNI es 30123456, soy de Rosario", []found{{"ar_dni", "30123456"}}},
		// NRIC S8012345: 8·2+0+1·6+2·5+3·4+4·3+5·2 = 66, 66 mod 11 = 0: J. T0123456: 77 + 4 = 81, mod 11 = 4: G.
		{"nric", "NRIC: S8012345J", []found{{"sg_nric", "S8012345J"}}},
		{"nric t", "patient T0123456G missed her slot", []found{{"sg_nric", "T0123456G"}}},
		{"nric bad", "NRIC: S8012345K", nil},
		{"nric example", "format e.g. S1234567D", nil},
		{"aadhaar compact", "Aadhaar: 234567890124", []found{{"in_aadhaar", "234567890124"}}},
		{"aadhaar bad", "Aadhaar: 234567890125", nil},
		// TFN 876543210: 8·1+7·4+6·3+5·7+4·5+3·8+2·6+1·9+0 = 154 = 14 × 11.
		{"tfn", "TFN: 876 543 210", []found{{"au_tfn", "876 543 210"}}},
		{"tfn bad", "TFN: 876 543 211", nil},
		// Medicare 21234567: 2+3+14+27+4+15+42+63 = 170, mod 10 = 0.
		{"medicare", "Medicare number: 2123 45670 1", []found{{"au_medicare", "2123 45670 1"}}},
		{"medicare bad", "Medicare number: 2123 45671 1", nil},
		// ABN 53058024753: 4·10+3+0+5·5+8·7+0+2·11+4·13+7·15+5·17+3·19 = 445 = 5 × 89.
		{"abn sole trader", "I'm a sole trader, my ABN is 53 058 024 753.", []found{{"au_abn", "53 058 024 753"}}},
		{"abn company", "ABN 53 058 024 753 (Acme Pty Ltd)", nil},
		// RRN 850730-123456: × 2 3 4 5 6 7 8 9 2 3 4 5 sum 178, (11 − 2) mod 10 = 9.
		{"rrn", "주민등록번호: 850730-1234569", []found{{"kr_rrn", "850730-1234569"}}},
		{"rrn bare", "고객 850730-1234569 확인", []found{{"kr_rrn", "850730-1234569"}}},
		{"rrn bad", "RRN 850730-1234568", nil},
		// My Number 12345678901: ΣP·Q = 212, 212 mod 11 = 3, 11 − 3 = 8.
		{"my number", "マイナンバー：123456789018", []found{{"jp_my_number", "123456789018"}}},
		{"my number bad", "マイナンバー：123456789017", nil},
		// South African 850730 5123 0 8: the Luhn check is 1.
		{"za id", "ID number: 8507305123081", []found{{"za_id_number", "8507305123081"}}},
		{"za id bad", "ID number: 8507305123082", nil},
		// Israeli 20304050: weights 1 2 1 2 1 2 1 2: 2+0+3+0+4+0+5+0 = 14, check 6 makes 20.
		{"il id", "Teudat zehut 203040506", []found{{"il_id_number", "203040506"}}},
		{"il id bad", "Teudat zehut 203040507", nil},
		// TC Kimlik 123456789: odd 1+3+5+7+9 = 25, even 2+4+6+8 = 20, (175 − 20) mod 10 = 5; (45 + 5) mod 10 = 0.
		{"tc kimlik", "TC Kimlik No: 12345678950", []found{{"tr_tc_kimlik", "12345678950"}}},
		{"tc kimlik bad", "TC Kimlik No: 12345678951", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := find(c.text); !slices.Equal(got, c.want) {
				t.Errorf("Find(%q) = %v, want %v", c.text, got, c.want)
			}
		})
	}
}

// TestOtherLanguageLabels: passports, driving licences and dates of
// birth after their labels in other languages.
func TestOtherLanguageLabels(t *testing.T) {
	cases := []struct {
		name, text string
		want       []found
	}{
		{"pasaporte", "Número de pasaporte: AAB123456", []found{{"passport_number", "AAB123456"}}},
		{"passeport", "N° de passeport 19AB12345", []found{{"passport_number", "19AB12345"}}},
		{"reisepass", "Reisepass-Nr. CFGH12345 gültig bis 2030", []found{{"passport_number", "CFGH12345"}}},
		{"führerschein", "Führerschein-Nr.: B072RRE2I55", []found{{"drivers_license", "B072RRE2I55"}}},
		{"permis", "permis de conduire n° 12AB34567", []found{{"drivers_license", "12AB34567"}}},
		{"rijbewijs", "rijbewijsnummer 5123456789", []found{{"drivers_license", "5123456789"}}},
		{"geboortedatum", "Geboortedatum: 12-03-1984", []found{{"date_of_birth", "12-03-1984"}}},
		{"doğum tarihi", "Doğum tarihi: 05.11.1979", []found{{"date_of_birth", "05.11.1979"}}},
		{"nacido", "nacido el 03/07/1990 en Lima", []found{{"date_of_birth", "03/07/1990"}}},
		{"passe partout", "passe 12345678 fois", nil},
		{"führerschein prose", "Der Führerschein wird 2031 erneuert.", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := find(c.text); !slices.Equal(got, c.want) {
				t.Errorf("Find(%q) = %v, want %v", c.text, got, c.want)
			}
		})
	}
}

// TestIntlAddresses: a street-type word, a number and a postcode of the
// country's grammar make an address; a postcode or a city alone, or a
// company's registered office, do not.
func TestIntlAddresses(t *testing.T) {
	cases := []struct {
		name, text, want string
	}{
		{"uk", "Please send it to 14 Larkspur Road, Bristol BS7 9QR.", "14 Larkspur Road, Bristol BS7 9QR"},
		{"uk flat", "Delivery address: Flat 3, 27 Kingsley Avenue, Manchester M20 2RN", "27 Kingsley Avenue, Manchester M20 2RN"},
		{"ca", "Ship to 221 Maple Street, Toronto, ON M4C 1B5", "221 Maple Street, Toronto, ON M4C 1B5"},
		{"ca rue", "1450 rue Sainte-Catherine, Montréal QC H3G 1P1", "1450 rue Sainte-Catherine, Montréal QC H3G 1P1"},
		{"au", "Residential address: 7 Banksia Street, Fitzroy VIC 3065", "7 Banksia Street, Fitzroy VIC 3065"},
		{"nl", "Mijn adres is Keizersgracht 123, 1015 CJ Amsterdam.", "Keizersgracht 123, 1015 CJ Amsterdam"},
		{"de", "Meine Adresse: Lindenstraße 12, 10115 Berlin", "Lindenstraße 12, 10115 Berlin"},
		{"de am", "an Am Rosengarten 7, 50667 Köln.", "Am Rosengarten 7, 50667 Köln"},
		{"fr", "J'habite au 18 rue des Lilas, 75019 Paris.", "18 rue des Lilas, 75019 Paris"},
		{"es", "Calle de Alcalá 45, 3º B, 28014 Madrid.", "Calle de Alcalá 45, 3º B, 28014 Madrid"},
		{"it", "Il mio indirizzo è Via Roma 12, 20121 Milano.", "Via Roma 12, 20121 Milano"},
		{"uk bad postcode", "14 Larkspur Road, Bristol QS7 9QR", ""},
		{"uk bad inward", "14 Larkspur Road, Bristol BS7 9QC", ""},
		{"ca bad letter", "221 Maple Street, Toronto, ON D4C 1B5", ""},
		{"au wrong state", "7 Banksia Street, Fitzroy NSW 3065", ""},
		{"bare postcode", "Postcode area M20 2RN covers Didsbury.", ""},
		{"bare city", "10115 Berlin ist ein Postleitzahlbereich.", ""},
		{"company", "Head office: Siemens AG, Werner-von-Siemens-Straße 1, 80333 München", ""},
		{"company uk", "Unilever PLC, 100 Victoria Road, London EC4Y 0DY", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var got []string
			Find(c.text, func(m Match) {
				if m.Kind == "street_address" {
					got = append(got, c.text[m.Start:m.End])
				}
			})
			want := []string(nil)
			if c.want != "" {
				want = []string{c.want}
			}
			if !slices.Equal(got, want) {
				t.Errorf("Find(%q) = %q, want %q", c.text, got, want)
			}
		})
	}
}

// TestWalletsAndIPs: a Bitcoin address passes its checksum; an Ethereum
// address needs wallet words; an IPv4 address needs a person's words and
// a public range.
func TestWalletsAndIPs(t *testing.T) {
	cases := []struct {
		name, text string
		want       []found
	}{
		// The address of the first Bitcoin block's reward (base58check, version 0).
		{"btc base58", "send it to my wallet 1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa", []found{{"crypto_wallet", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa"}}},
		{"btc base58 bad", "send it to 1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb", nil},
		// BIP 173's mainnet P2WPKH vector.
		{"btc bech32", "BTC: bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", []found{{"crypto_wallet", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"}}},
		{"btc bech32 bad", "BTC: bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5", nil},
		{"btc burn", "burn 1111111111111111111114oLvT2", nil},
		{"eth wallet", "My ETH wallet is 0x52908400098527886E0F7030069857D2E4169EE7", []found{{"crypto_wallet", "0x52908400098527886E0F7030069857D2E4169EE7"}}},
		{"eth no words", "sha1 0x52908400098527886E0F7030069857D2E4169EE7 in the log", nil},
		{"my ip", "My IP address is 81.2.69.160, can you unblock me?", []found{{"ip_address", "81.2.69.160"}}},
		{"server ip", "upstream 81.2.69.160:8080 timed out", nil},
		{"private ip", "my IP is 192.168.1.20", nil},
		{"doc ip", "my IP is 203.0.113.7", nil},
		{"version", "my version is 1.2.3.4", nil},
		{"your server", "set your server's IP to 81.2.69.160", nil},
		{"minutes", "IP 81.2.69.160 blocked for 10 min", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := find(c.text); !slices.Equal(got, c.want) {
				t.Errorf("Find(%q) = %v, want %v", c.text, got, c.want)
			}
		})
	}
}

// TestIntlBech32 checks the bech32 checksum on BIP 173's published
// mainnet address (the P2WPKH of the key hash 751e76e8…3bd6) and on it
// with one character changed or in upper case (a mixed- or upper-case
// address is not read: addresses are written in lower case).
func TestIntlBech32(t *testing.T) {
	good := "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"
	if !validBech32(good) {
		t.Errorf("validBech32(%q) = false", good)
	}
	if bad := good[:len(good)-1] + "5"; validBech32(bad) {
		t.Errorf("validBech32(%q) = true", bad)
	}
	if validBech32(strings.ToUpper(good)) {
		t.Errorf("upper case accepted")
	}
}

// FuzzIntl feeds the national identifier, address and wallet readers
// (and so the whole of Find) texts built around their forms: no panic,
// spans inside the text, every kind with its confidence, and the same
// matches twice.
func FuzzIntl(f *testing.F) {
	for _, s := range []string{
		"NIE Y2345678Z CF BNCGLI90A41H5M1Q NIR 1 85 05 2A 006 084 35 85.07.30-033.28",
		"BSN: 111222333 Steuer-ID 12 345 678 911 PESEL 90010112349 personnr 19850709-9805",
		"Fødselsnummer 15038512363 CPR 150385-1234 010190-123M 010190A123M CURP GOPL850101HDFRRN01",
		"RUT 15.432.987-K DNI 30.123.456 S8012345J Aadhaar 234567890124 TFN 876 543 210 Medicare 2123 45670 1",
		"sole trader ABN 53 058 024 753 주민등록번호 850730-1234569 マイナンバー 123456789018 ID number 8507305123081",
		"14 Larkspur Road, Bristol BS7 9QR; 1450 rue Sainte-Catherine, Montréal QC H3G 1P1; Lindenstraße 12, 10115 Berlin",
		"wallet 1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4 ETH 0x52908400098527886E0F7030069857D2E4169EE7 my IP 81.2.69.160",
		"1 2 3 4 5 6 7 8 9 0 A1 B2 Z9 bc1 0x 1111 2A 2B NSW 2000 SW1A 1AA M4C 1B5 1015 CJ \xff\xfe",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		var first []Match
		Find(text, func(m Match) {
			if m.Start < 0 || m.End > len(text) || m.Start >= m.End {
				t.Fatalf("%s span %d..%d out of bounds of %d bytes", m.Kind, m.Start, m.End, len(text))
			}
			if _, ok := Confidences[m.Kind]; !ok {
				t.Fatalf("kind %q has no confidence", m.Kind)
			}
			first = append(first, m)
		})
		var second []Match
		Find(text, func(m Match) { second = append(second, m) })
		if !slices.Equal(first, second) {
			t.Fatalf("two calls differ: %v and %v", first, second)
		}
	})
}

// BenchmarkFindHostileIntl keeps the international readers linear on
// 1 MiB built against them: postcodes after street words, tokens in the
// shapes of codice fiscale and wallets, long letter-and-digit runs,
// labels with their values.
func BenchmarkFindHostileIntl(b *testing.B) {
	for _, unit := range []string{"Lindenstraße 12, 10115 Berlin ", "14 Larkspur Road, Bristol BS7 9QR ", "Via Via Via 1, 20121 Milano ",
		"RSSMRA85T10A562S ", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4 ", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa ", "a1b2c3d4e5f6",
		"BSN: 111222333 ", "sécu 2 69 04 2A ", "my IP 81.2.69.160 ", "010190-123M "} {
		text := strings.Repeat(unit, (1<<20)/len(unit))
		b.Run(strings.TrimSpace(unit), func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			for b.Loop() {
				Find(text, func(Match) {})
			}
		})
	}
}
