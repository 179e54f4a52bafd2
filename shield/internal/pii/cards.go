package pii

// testCards are the card numbers that payment processors publish for
// testing (Stripe's, Adyen's, Braintree's, PayPal's documentation):
// look-alikes, not anyone's card. Find reports one as card_number_test
// (0.2), and nothing when the text calls it a test number.
var testCards = map[string]bool{
	"4111111111111111": true, "4242424242424242": true, "4012888888881881": true,
	"4000056655665556": true, "5555555555554444": true, "5105105105105100": true,
	"2223003122003222": true, "378282246310005": true, "371449635398431": true,
	"6011111111111117": true, "6011000990139424": true, "3530111333300000": true,
	"30569309025904": true, "38520000023237": true, "5200828282828210": true,
	"4000000000000002": true, "4000000000009995": true, "4000000000000069": true,
	"4000000000000127": true, "4000000000000119": true, "4000002500003155": true,
	"4000002760003184": true, "4000000000003220": true, "4000000000000077": true,
	"4000000000000341": true, "4000000000000101": true, "4000000000000010": true,
	"3056930009020004": true, "36227206271667": true, "6200000000000005": true,
	"4012000033330026": true, "4217651111111119": true, "2222400070000005": true,
	"5454545454545454": true, "4444333322221111": true, "4000000000000044": true,
	"6011000000000004": true, "3566002020360505": true, "4005519200000004": true,
	"4009348888881881": true, "4012000077777777": true, "4000000000000259": true,
	// Adyen's test cards.
	"5555341244441115": true, "370000000000002": true, "4111111145551142": true,
	"2222400010000008": true, "6011601160116611": true, "36006666333344": true,
	"3569990010095841": true, "4988438843884305": true, "5101180000000007": true,
}

// testCardWords around a card number make it a test number a processor
// documents, whatever its digits: "test card", "test mode", "sandbox"
// (within testCardReach bytes before it or 48 after: a table of test
// numbers under its heading).
var testCardWords = newWordList("test card", "test cards", "test number", "test numbers", "test card numbers", "test mode",
	"sandbox", "test environment", "testing", "test data", "card for testing", "cards for testing", "testkarte",
	"carte de test", "tarjeta de prueba", "carta di test")

const testCardReach = 200

// cardKind reports whether d is a payment card number: a known issuer
// prefix (IIN) with a length it issues, and a Luhn check digit.
func cardKind(d []byte) (string, bool) {
	if !luhn(d) || allSame(d) {
		return "", false
	}
	n := len(d)
	p2 := int(d[0]-'0')*10 + int(d[1]-'0')
	p4 := p2*100 + int(d[2]-'0')*10 + int(d[3]-'0')
	ok := false
	switch {
	case d[0] == '4':
		ok = n == 13 || n == 16 || n == 19 // Visa
	case p2 >= 51 && p2 <= 55, p4 >= 2221 && p4 <= 2720:
		ok = n == 16 // Mastercard
	case p2 == 34 || p2 == 37:
		ok = n == 15 // American Express
	case p4 == 6011, p2 == 65, p4 >= 6440 && p4 <= 6499:
		ok = n >= 16 && n <= 19 // Discover
	case p4 >= 3528 && p4 <= 3589:
		ok = n >= 16 && n <= 19 // JCB
	case p2 == 36, p2 == 38, p4 >= 3000 && p4 <= 3059:
		ok = n >= 14 && n <= 19 // Diners Club
	case p2 == 62:
		ok = n >= 16 && n <= 19 // UnionPay
	case p4 >= 2200 && p4 <= 2204:
		ok = n >= 16 && n <= 19 // Mir
	case p4 == 5019:
		ok = n == 16 // Dankort
	case p4 == 5018, p4 == 5020, p4 == 5038, p4 == 5893, p4 == 6304, p4 == 6759, p4 >= 6761 && p4 <= 6763:
		ok = n >= 12 && n <= 19 // Maestro
	case p4 == 9792:
		ok = n == 16 // Troy
	}
	if !ok {
		return "", false
	}
	if testCards[string(d)] {
		return "card_number_test", true
	}
	return "card_number", true
}

// cardGroups reports whether the token is printed in the groups cards
// are: 4-4-4-4 (and 4-4-4-4-3 for 19 digits), 4-6-5 (American Express),
// 4-6-4 (Diners Club).
func cardGroups(t *numberToken) bool {
	return t.is(' ', 4, 4, 4, 4) || t.is('-', 4, 4, 4, 4) || t.is(' ', 4, 4, 4, 4, 3) || t.is('-', 4, 4, 4, 4, 3) ||
		t.is(' ', 4, 6, 5) || t.is('-', 4, 6, 5) || t.is(' ', 4, 6, 4) || t.is('-', 4, 6, 4)
}
