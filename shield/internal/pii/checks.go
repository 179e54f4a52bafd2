package pii

// luhn reports whether the digits pass the Luhn (mod 10) check of
// ISO/IEC 7812-1.
func luhn(d []byte) bool {
	sum, double := 0, false
	for i := len(d) - 1; i >= 0; i-- {
		v := int(d[i] - '0')
		if double {
			v *= 2
			if v > 9 {
				v -= 9
			}
		}
		sum += v
		double = !double
	}
	return sum%10 == 0
}

func allSame(d []byte) bool {
	for _, c := range d {
		if c != d[0] {
			return false
		}
	}
	return true
}

// validCPF checks the two mod-11 check digits of a Brazilian CPF.
func validCPF(d []byte) bool {
	if len(d) != 11 || allSame(d) {
		return false
	}
	for k := 9; k <= 10; k++ {
		sum := 0
		for i := 0; i < k; i++ {
			sum += int(d[i]-'0') * (k + 1 - i)
		}
		check := sum * 10 % 11 % 10
		if check != int(d[k]-'0') {
			return false
		}
	}
	return true
}

// dniLetter is the check letter of a Spanish DNI number (mod 23).
func dniLetter(d []byte) byte {
	n := 0
	for i := 0; i < len(d); i++ {
		n = n*10 + int(d[i]-'0')
	}
	return "TRWAGMYFPDXBNJZSQVHLCKE"[n%23]
}

// validRIC checks a Chinese resident identity number (GB 11643-1999): a
// plausible birth date in digits 7–14 and the ISO 7064 MOD 11-2 check
// character.
func validRIC(d []byte) bool {
	if len(d) != 18 {
		return false
	}
	y := string(d[6:10])
	m := int(d[10]-'0')*10 + int(d[11]-'0')
	day := int(d[12]-'0')*10 + int(d[13]-'0')
	if y < "1900" || y > "2099" || m < 1 || m > 12 || day < 1 || day > 31 {
		return false
	}
	sum := 0
	for i := 0; i < 17; i++ {
		w := 1
		for k := 0; k < 17-i; k++ {
			w = w * 2 % 11
		}
		sum += int(d[i]-'0') * w
	}
	return "10X98765432"[sum%11] == d[17]
}

// The Verhoeff tables (dihedral group D5).
var (
	verhoeffD = [10][10]byte{
		{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, {1, 2, 3, 4, 0, 6, 7, 8, 9, 5},
		{2, 3, 4, 0, 1, 7, 8, 9, 5, 6}, {3, 4, 0, 1, 2, 8, 9, 5, 6, 7},
		{4, 0, 1, 2, 3, 9, 5, 6, 7, 8}, {5, 9, 8, 7, 6, 0, 4, 3, 2, 1},
		{6, 5, 9, 8, 7, 1, 0, 4, 3, 2}, {7, 6, 5, 9, 8, 2, 1, 0, 4, 3},
		{8, 7, 6, 5, 9, 3, 2, 1, 0, 4}, {9, 8, 7, 6, 5, 4, 3, 2, 1, 0},
	}
	verhoeffP = [8][10]byte{
		{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, {1, 5, 7, 6, 2, 8, 3, 0, 9, 4},
		{5, 8, 0, 3, 7, 9, 6, 1, 4, 2}, {8, 9, 1, 6, 0, 4, 3, 5, 2, 7},
		{9, 4, 5, 3, 1, 2, 6, 8, 7, 0}, {4, 2, 8, 6, 5, 7, 3, 9, 0, 1},
		{2, 7, 9, 3, 8, 0, 6, 4, 1, 5}, {7, 0, 4, 6, 9, 1, 3, 2, 5, 8},
	}
)

// verhoeff reports whether d passes the Verhoeff check (Aadhaar's).
func verhoeff(d []byte) bool {
	c := byte(0)
	for i := 0; i < len(d); i++ {
		c = verhoeffD[c][verhoeffP[i%8][d[len(d)-1-i]-'0']]
	}
	return c == 0
}

// mod97 is the ISO 7064 mod 97-10 remainder of an IBAN: the first four
// characters moved to the end, letters as 10–35.
func mod97(iban string) int {
	r := 0
	s := iban[4:] + iban[:4]
	for i := 0; i < len(s); i++ {
		c := s[i]
		if isDigit(c) {
			r = (r*10 + int(c-'0')) % 97
		} else {
			v := int(c-'A') + 10
			r = (r*100 + v) % 97
		}
	}
	return r
}

// validSSN applies the Social Security Administration's rules for issued
// numbers (since 2011's randomization): no area 000, 666 or 900–999, no
// group 00, no serial 0000.
func validSSN(d []byte) bool {
	if len(d) != 9 || allSame(d) {
		return false
	}
	area, group, serial := string(d[:3]), string(d[3:5]), string(d[5:])
	return area != "000" && area != "666" && area[0] != '9' && group != "00" && serial != "0000"
}

// sampleSSNs are numbers printed as examples (the Woolworth wallet card's
// 078-05-1120, the SSA's advertised 219-09-9999, 123-45-6789): with their
// label they are still what the text calls an SSN; unlabelled, they are
// examples.
var sampleSSNs = map[string]bool{"078051120": true, "219099999": true, "123456789": true, "987654320": true}

// validITIN applies the IRS's format of an Individual Taxpayer
// Identification Number: area 9XX, group 50–65, 70–88, 90–92 or 94–99.
func validITIN(d []byte) bool {
	if len(d) != 9 || d[0] != '9' {
		return false
	}
	g := int(d[3]-'0')*10 + int(d[4]-'0')
	return g >= 50 && g <= 65 || g >= 70 && g <= 88 || g >= 90 && g <= 92 || g >= 94
}

// validNHS checks an NHS number's mod 11 check digit: the first nine
// digits weighted 10 down to 2, the check 11 minus the sum mod 11 (11 is
// 0; 10 is never issued).
func validNHS(d []byte) bool {
	if len(d) != 10 || allSame(d) {
		return false
	}
	sum := 0
	for i := 0; i < 9; i++ {
		sum += int(d[i]-'0') * (10 - i)
	}
	c := 11 - sum%11
	if c == 11 {
		c = 0
	}
	return c != 10 && c == int(d[9]-'0')
}

// validABA checks an ABA routing transit number: weights 3, 7, 1
// repeated, the sum a multiple of ten, and a first two digits of a Federal
// Reserve district (00–12, 21–32) or the thrift and electronic ranges
// (61–72, 80).
func validABA(d []byte) bool {
	if len(d) != 9 || allSame(d) {
		return false
	}
	w := [3]int{3, 7, 1}
	sum := 0
	for i := 0; i < 9; i++ {
		sum += int(d[i]-'0') * w[i%3]
	}
	p := int(d[0]-'0')*10 + int(d[1]-'0')
	return sum%10 == 0 && (p <= 12 || p >= 21 && p <= 32 || p >= 61 && p <= 72 || p == 80)
}
