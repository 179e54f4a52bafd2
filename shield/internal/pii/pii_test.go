package pii

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/plainsight/plainsight/internal/testkit/benchtext"
)

type found struct{ Kind, Value string }

func find(text string) []found {
	var out []found
	Find(text, func(m Match) { out = append(out, found{m.Kind, text[m.Start:m.End]}) })
	return out
}

// The expectations follow the rules of docs/judgement/pii.md, written from
// the issuing schemes' rules (check digits computed by hand where noted).
func TestFind(t *testing.T) {
	cases := []struct {
		name, text string
		want       []found
	}{
		// E-mail addresses of persons, not of roles, services or logins.
		{"person", "write to jane.doe+work@mailbox.org today", []found{{"email_address", "jane.doe+work@mailbox.org"}}},
		{"person at a business", "jane.doe@acme.com", []found{{"email_address", "jane.doe@acme.com"}}},
		{"mailto", "mailto:jane@mailbox.org", []found{{"email_address", "jane@mailbox.org"}}},
		{"labelled with a colon", "Email:jane@mailbox.org", []found{{"email_address", "jane@mailbox.org"}}},
		{"role hello", "hello@acme.com", nil},
		{"role support", "Questions? support@stripe.com", nil},
		{"role compound", "support-team@acme.com and sales.uk@acme.com", nil},
		{"no-reply", "noreply@github.com and do-not-reply@bank.com", nil},
		{"no-reply domain", "12345+jdoe@users.noreply.github.com", nil},
		{"documentation domain", "jane@example.com", nil},
		{"connection string password", "postgres://app:q8Zt3Lw9Xv2R@db-1.prod.acme.net:5432/app", nil},
		{"dsn password", "user:hunter2@tcp(db.acme.net:3306)/shop", nil},
		{"password with punctuation", "postgres://app:pa!ss#w0rd@db.acme.net/x and user:s3cr$t@db.acme.net", nil},
		{"address after a url in the same line", "see https://acme.net/team, or write to jane@mailbox.org", []found{{"email_address", "jane@mailbox.org"}}},
		{"address in a query", "https://acme.net/invite?to=jane@mailbox.org", []found{{"email_address", "jane@mailbox.org"}}},
		{"url userinfo", "https://jdoe@git.acme.net/repo", nil},
		{"ssh login", "ssh deploy@build-01.acme.net", nil},
		{"git remote", "git@github.com:acme/app.git", nil},
		{"image name", "logo@2x.png", nil},
		{"message id", "<20150811100527.GW14466@dinwoodie.org> and https://lore.kernel.org/git/7vbp.fsf@gitster.dyndns.org/", nil},
		{"module version", "golang.org/x/tools@v0.21.0 and m.Path@m.Version", nil},

		// Phone numbers.
		{"international", "call +44 20 7946 0958", []found{{"phone_number", "+44 20 7946 0958"}}},
		{"international compact", "+442079460958", []found{{"phone_number", "+442079460958"}}},
		{"international with trunk prefix", "+44 (0)20 7946 0958", []found{{"phone_number", "+44 (0)20 7946 0958"}}},
		{"international nanp parens", "+1 (415) 555-2671", []found{{"phone_number", "+1 (415) 555-2671"}}},
		{"nanp dashed valid", "415-555-2671", []found{{"phone_number", "415-555-2671"}}},
		{"nanp parens", "(212) 555-0198", []found{{"phone_number", "(212) 555-0198"}}},
		{"nanp invalid area unlabelled", "123-456-7890", nil},
		{"nanp invalid area labelled", "phone: 123-456-7890", []found{{"phone_number", "123-456-7890"}}},
		{"national labelled", "call me on 020 7946 0958", []found{{"phone_number", "020 7946 0958"}}},
		{"national unlabelled", "020 7946 0958", nil},
		{"ten digits unlabelled", "id 4155552671", nil},
		{"ten digits labelled", "mobile 4155552671", []found{{"phone_number", "4155552671"}}},
		{"ten digits far after a label", "call: true,\n\t\treg: regInfo{\n\t\t\tclobbers: 2147483631,", nil},
		{"year range beside a phone word", "Copyright 2016-2020 Endless Mobile", nil},
		{"zip+4 beside a phone word", "Pittsburgh, PA 15213-3890, phone", nil},
		{"isbn", "ISBN 978-0-306-40615-7", nil},
		{"indian mobile labelled", "mobile 98765 43210", []found{{"phone_number", "98765 43210"}}},
		{"hex dump beside a call", "R_CALL thunk: 8d 81 00 00 00 00", nil},
		{"version", "go 1.26.0 and 10.0.0.1", nil},
		{"plus one alone", "call +1 for more", nil},
		{"hex literals", "0x1 0x12 0x1234567", nil},
		{"extension", "212-555-0198x123", []found{{"phone_number", "212-555-0198"}}},
		{"international prefix dialled", "001-418-555-1234x567", []found{{"phone_number", "001-418-555-1234"}}},
		{"international extension", "+1-212-555-0198x4567 today", []found{{"phone_number", "+1-212-555-0198"}}},
		{"local seven digits labelled", "call 555-0198", []found{{"phone_number", "555-0198"}}},
		{"local seven digits unlabelled", "part 555-0198", nil},

		// SSN and ITIN.
		{"ssn dashed", "536-22-8143", []found{{"us_ssn", "536-22-8143"}}},
		{"ssn spaced", "536 22 8143", []found{{"us_ssn", "536 22 8143"}}},
		{"ssn labelled", "SSN: 536-22-8143", []found{{"us_ssn_labelled", "536-22-8143"}}},
		{"ssn undashed labelled", "social security number 536228143", []found{{"us_ssn_labelled", "536228143"}}},
		{"ssn undashed unlabelled", "536228143", nil},
		{"ssn sample labelled", "My SSN is 078-05-1120", []found{{"us_ssn_labelled", "078-05-1120"}}},
		{"ssn sample unlabelled", "078-05-1120", nil},
		{"ssn area 000", "SSN 000-12-3456", nil},
		{"ssn area 666", "SSN 666-12-3456", nil},
		{"ssn group 00", "SSN 536-00-8143", nil},
		{"ssn serial 0000", "SSN 536-22-0000", nil},
		{"ssn area 9xx is not an ssn", "SSN 912-22-8143", nil},
		{"itin dashed", "912-71-2345", []found{{"us_itin", "912-71-2345"}}},
		{"itin labelled", "ITIN 912712345", []found{{"us_itin_labelled", "912712345"}}},
		{"itin bad group", "ITIN 912-93-2345", nil},

		// Cards: Luhn, issuer prefix, length, consistent groups.
		// 4539 1488 0343 6467 passes Luhn (checked by hand: sum 70).
		{"card spaced", "card 4539 1488 0343 6467 exp 12/29", []found{{"card_number", "4539 1488 0343 6467"}}},
		{"card dashed", "4539-1488-0343-6467", []found{{"card_number", "4539-1488-0343-6467"}}},
		{"card compact labelled", "credit card 4539148803436467", []found{{"card_number", "4539148803436467"}}},
		{"card compact unlabelled", "4539148803436467", []found{{"card_number_unformatted", "4539148803436467"}}},
		{"card-like number in a table", "{84926274344903, 4539148803436467, 1028470286882429}", nil},
		{"a list of card numbers", "4539148803436467, 5112533517383356", []found{{"card_number_unformatted", "4539148803436467"}, {"card_number_unformatted", "5112533517383356"}}},
		{"card mixed separators", "4539 1488-0343 6467", nil},
		{"card bad luhn", "card 4539 1488 0343 6468", nil},
		{"test card", "card 4111 1111 1111 1111", []found{{"card_number_test", "4111 1111 1111 1111"}}},
		// 5019 7170 1010 3742: Dankort's prefix, Luhn sum 50.
		{"dankort", "card 5019 7170 1010 3742", []found{{"card_number", "5019 7170 1010 3742"}}},

		// IBAN (ISO 13616's example), NHS (mod 11: 943 476 5919, the NHS's
		// published example), passports, licences, accounts.
		{"iban grouped", "IBAN GB82 WEST 1234 5698 7654 32.", []found{{"iban", "GB82 WEST 1234 5698 7654 32"}}},
		{"iban bad check", "GB83 WEST 1234 5698 7654 32", nil},
		{"nhs labelled", "NHS number 943 476 5919", []found{{"uk_nhs_number_labelled", "943 476 5919"}}},
		{"nhs compact labelled", "NHS: 9434765919", []found{{"uk_nhs_number_labelled", "9434765919"}}},
		{"nhs spaced unlabelled", "patient 943 476 5919", []found{{"uk_nhs_number", "943 476 5919"}}},
		{"nhs bad check labelled", "NHS number 943 476 5918", nil},
		{"passport", "passport number X1234567", []found{{"passport_number", "X1234567"}}},
		{"passport 9 digits", "Passport No: 912803456", []found{{"passport_number", "912803456"}}},
		{"passport unlabelled", "X1234567", nil},
		{"passport prose", "The passport to success is practice.", nil},
		{"licence", "driver's license D1234567", []found{{"drivers_license", "D1234567"}}},
		{"licence dashed", "Driver License No. S530-460-82-123", []found{{"drivers_license", "S530-460-82-123"}}},
		{"licence expiry is no number", "driver's license expires 2030-01-01", nil},
		{"licence software", "MIT License 2.0", nil},
		{"label inside an identifier", "\"X3DLNPJ3V62LRHGEY4DTT35H3R\"", nil},
		{"licence key", "license key ABCD-1234-EFGH-5678", nil},
		{"licence number", "My license number is ABC1234567", []found{{"drivers_license", "ABC1234567"}}},
		{"dl colon", "DL: 123456789", []found{{"drivers_license", "123456789"}}},
		{"account", "account number 12345678", []found{{"bank_account", "12345678"}}},
		{"aws account", "AWS account number 123456789012", nil},
		// 021000021: 3·0+7·2+1·1+3·0+7·0+1·0+3·0+7·2+1·1 = 30.
		{"routing", "routing number 021000021", []found{{"aba_routing_number", "021000021"}}},
		{"routing bad check", "routing number 021000022", nil},
		{"sort code", "sort code 12-34-56", []found{{"uk_sort_code", "12-34-56"}}},
		// UK National Insurance numbers: HMRC's prefix rules; its printed
		// example QQ123456C has a prefix never allocated.
		{"nino", "National Insurance number: AB123456C", []found{{"uk_nino", "AB123456C"}}},
		{"nino label", "NINO JT987654A on file", []found{{"uk_nino", "JT987654A"}}},
		{"nino example", "National Insurance number QQ123456C", nil},
		{"nino unallocated prefix", "NI number GB123456A", nil},
		{"nino bad suffix", "NI number AB123456E", nil},
		{"nino unlabelled", "AB123456C", nil},
		// Canadian SINs: the Luhn check (130 692 544 passes, 130 692 545
		// does not) and a first digit the government issues (not 0 or 8;
		// 812 345 676 passes Luhn).
		{"sin", "SIN: 130 692 544", []found{{"ca_sin", "130 692 544"}}},
		{"sin spaced label", "SIN 130692544", []found{{"ca_sin", "130692544"}}},
		{"sin dashed", "social insurance number 130-692-544", []found{{"ca_sin", "130-692-544"}}},
		{"sin bad luhn", "SIN: 130 692 545", nil},
		{"sin unissued first digit", "SIN: 812 345 676", nil},
		{"sin mixed groups", "SIN: 130 692-544", nil},
		{"since is no label", "since 130 692 544 days", nil},
		// Indian PANs: five capitals, four digits, a capital; the fourth the
		// holder's type.
		{"pan", "PAN: ABCPE1234F", []found{{"in_pan", "ABCPE1234F"}}},
		{"pan card", "my PAN card number is AAACB1234K", []found{{"in_pan", "AAACB1234K"}}},
		{"pan bad type", "PAN: ABCXE1234F", nil},
		{"pan lower case", "PAN: abcpe1234f", nil},
		{"pan unlabelled", "ABCPE1234F", nil},

		// Kept: CPF, DNI, resident identity, Aadhaar.
		{"cpf", "CPF 529.982.247-25", []found{{"br_cpf", "529.982.247-25"}}},
		{"dni", "DNI 87654321X", []found{{"es_dni", "87654321X"}}},                              // 87654321 mod 23 = 10: X
		{"chinese id", "11010519900307101X", []found{{"cn_resident_id", "11010519900307101X"}}}, // weights 7 9 10 5 8 4 2 1 6 3 7 9 10 5 8 4 2: sum 178, mod 11 = 2: X

		// Numbers that only look like personal data.
		{"order number", "Order #123-456-7890 shipped on 2024-05-01", nil},
		{"uuid", "123e4567-e89b-12d3-a456-426614174000", nil},
		{"price", "Total: $1,299.99", nil},
		{"date", "2024-05-01 12:30", nil},
		{"ip", "192.168.10.254", nil},
		{"coordinates", "37.7749, -122.4194", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if diff := cmp.Diff(c.want, find(c.text)); diff != "" {
				t.Errorf("%q (-want +got):\n%s", c.text, diff)
			}
		})
	}
}

func TestChecksums(t *testing.T) {
	// Verhoeff: Wikipedia's worked example, 236 with check digit 3.
	if !verhoeff([]byte("2363")) || verhoeff([]byte("2364")) {
		t.Error("verhoeff")
	}
	// ISO 13616's example IBAN.
	if mod97("GB82WEST12345698765432") != 1 {
		t.Error("mod97")
	}
	if dniLetter([]byte("12345678")) != 'Z' { // 12345678 mod 23 = 14 → Z
		t.Error("dni")
	}
	// NHS: 943476591 weighted 10..2 sums to 299; 299 mod 11 = 2; 11 − 2 = 9.
	if !validNHS([]byte("9434765919")) || validNHS([]byte("9434765918")) {
		t.Error("nhs")
	}
	// ABA: 111000025 sums to 3+7+1+0+0+0+0+14+5 = 30.
	if !validABA([]byte("111000025")) || validABA([]byte("111000026")) {
		t.Error("aba")
	}
	if !validITIN([]byte("900701234")) || validITIN([]byte("900691234")) || validITIN([]byte("900931234")) {
		t.Error("itin")
	}
}

// TestPhoneChecksBounded: past MaxPhoneChecks a candidate is no longer
// validated, so hostile text with thousands of phone-shaped runs costs a
// bounded number of metadata look-ups.
func TestPhoneChecksBounded(t *testing.T) {
	text := strings.Repeat("+44 20 7946 0958 ", 3*MaxPhoneChecks)
	n := 0
	f := &finder{text: text, emit: func(Match) { n++ }}
	f.numbers()
	if f.phoneChecks != MaxPhoneChecks || n != MaxPhoneChecks {
		t.Errorf("%d checks, %d numbers; want %d of each", f.phoneChecks, n, MaxPhoneChecks)
	}
}

func FuzzFind(f *testing.F) {
	for _, s := range []string{
		"call +44 20 7946 0958 or (415) 555-2671; SSN 536-22-8143",
		"card 4539 1488 0343 6467, IBAN GB82 WEST 1234 5698 7654 32",
		"passport number X1234567, driver's license S530-460-82-123, account no. 12345678",
		"postgres://app:pw@db.acme.net/x jane@mail.org hello@acme.com NHS 943 476 5919",
		"+1 +(((( 9999999999999999999999 é😀\xff\xfe ITIN 912-71-2345",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		Find(text, func(m Match) {
			if m.Start < 0 || m.End > len(text) || m.Start >= m.End {
				t.Fatalf("%s span %d..%d out of bounds of %d bytes", m.Kind, m.Start, m.End, len(text))
			}
			if _, ok := Confidences[m.Kind]; !ok {
				t.Fatalf("kind %q has no confidence", m.Kind)
			}
		})
	})
}

// BenchmarkFind reads 16 KB of real prose: the Go distribution's
// documentation comments (GOROOT/src/net/http/doc.go and its neighbours),
// with single calls' percentiles (benchtext.PerCall).
func BenchmarkFind(b *testing.B) {
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		b.Fatal(err)
	}
	root := strings.TrimSpace(string(out))
	var text []byte
	for _, p := range []string{"net/http/doc.go", "fmt/doc.go", "sync/mutex.go", "context/context.go", "io/io.go"} {
		d, err := os.ReadFile(filepath.Join(root, "src", p))
		if err != nil {
			b.Fatal(err)
		}
		text = append(text, d...)
	}
	if len(text) < 16<<10 {
		b.Fatalf("only %d bytes of prose", len(text))
	}
	s := string(text[:16<<10])
	b.SetBytes(int64(len(s)))
	b.ReportAllocs()
	Find(s, func(Match) {}) // the phone metadata's patterns compile on first use
	benchtext.PerCall(b, func() { Find(s, func(Match) {}) })
}

// BenchmarkFindHostile reads 1 MiB texts built against each recognizer's
// loop: each must stay linear, the phone metadata consulted at most
// MaxPhoneChecks times.
func BenchmarkFindHostile(b *testing.B) {
	for _, unit := range []string{"+44 20 7946 0958 ", "(212) 555-0198 ", "call 020 7946 0958 ", "passport X1234567 ",
		"driver's license ", "a@b.cd ", "4111 ", "DE89", "1-", "NHS 943 476 5919 ", "DOB 12/03/1984 ", "born March ",
		"1 Oak St, Austin, TX 78701 ", "Main St, Austin, TX 7870",
		// The fourth pass (business.go, homeaddr.go).
		"Acme Ltd Tel. +44 20 7946 0958 ", "support: +1 800 555 0199 ", "I live at 12 Oak Lane ", "address 1 ",
		"Lindenstraße 12 Adresse ", "(555) 123-4567 ", "Test card 4917 4845 8989 7107 "} {
		text := strings.Repeat(unit, (1<<20)/len(unit))
		b.Run(strings.TrimSpace(unit), func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			for b.Loop() {
				Find(text, func(Match) {})
			}
		})
	}
}

// TestLabelWindows: the labelled pass reads only the stretches before
// digit runs, and the whole text once they are too many to keep; a
// labelled value is found either way.
func TestLabelWindows(t *testing.T) {
	want := []found{{"passport_number", "X1234567"}}
	for name, text := range map[string]string{
		"after prose":          strings.Repeat("The quick brown fox jumps. ", 400) + "passport number X1234567",
		"after many numbers":   strings.Repeat("row 17 of 99; ", 400) + "passport number X1234567",
		"label before numbers": "passport number X1234567 " + strings.Repeat("row 17 of 99; ", 400),
	} {
		var got []found
		for _, m := range find(text) {
			if m.Kind == "passport_number" {
				got = append(got, m)
			}
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", name, diff)
		}
	}
}
