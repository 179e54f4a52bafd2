package canon

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"
)

func TestKeyOrder(t *testing.T) {
	keys := []string{"b", "10", "9", "a", "01", "-1", "1.0", "4294967295", "4294967294", "0", "",
		"\ue000", "\U0001F680", "\xed\xa0\x80", "\xed\xb0\x80", "Z", "é"}
	var ms []Member
	for _, k := range keys {
		ms = append(ms, Member{Key: k, Value: Number(1)})
	}
	// What node 20 prints for the object rebuilt from Object.keys(o).sort(),
	// and for the sorted keys themselves.
	tests := []struct {
		order Order
		want  string
	}{
		{JSObject, `{"0":1,"9":1,"10":1,"4294967294":1,"":1,"-1":1,"01":1,"1.0":1,"4294967295":1,"Z":1,"a":1,"b":1,"é":1,"\ud800":1,"` + "\U0001F680" + `":1,"\udc00":1,"` + "\ue000" + `":1}`},
		{SortedUTF16, `{"":1,"-1":1,"0":1,"01":1,"1.0":1,"10":1,"4294967294":1,"4294967295":1,"9":1,"Z":1,"a":1,"b":1,"é":1,"\ud800":1,"` + "\U0001F680" + `":1,"\udc00":1,"` + "\ue000" + `":1}`},
	}
	for _, tt := range tests {
		got, err := Marshal(Object(ms...), tt.order, Limits{})
		if err != nil || string(got) != tt.want {
			t.Errorf("%v:\ngot  %s (%v)\nwant %s", tt.order, got, err, tt.want)
		}
	}
}

func TestArrayIndex(t *testing.T) {
	tests := []struct {
		k  string
		n  uint32
		ok bool
	}{
		{"0", 0, true}, {"7", 7, true}, {"4294967294", 4294967294, true},
		{"4294967295", 0, false}, {"9999999999", 0, false}, {"10000000000", 0, false},
		{"01", 0, false}, {"00", 0, false}, {"-1", 0, false}, {"1.0", 0, false},
		{"+1", 0, false}, {"", 0, false}, {" 1", 0, false}, {"1e3", 0, false},
	}
	for _, tt := range tests {
		if n, ok := arrayIndex(tt.k); n != tt.n || ok != tt.ok {
			t.Errorf("arrayIndex(%q) = %d, %v; want %d, %v", tt.k, n, ok, tt.n, tt.ok)
		}
	}
}

// utf16Units is the slow, obvious conversion compareUTF16 must agree with.
func utf16Units(s string) []uint16 {
	var out []uint16
	for len(s) > 0 {
		var u [2]uint16
		n, size := units(s, &u)
		out = append(out, u[:n]...)
		s = s[size:]
	}
	return out
}

func TestCompareUTF16(t *testing.T) {
	alphabet := []string{"a", "b", "\u00e9", "\uffff", "\ue000", "\U0001F680", "\U00010000", "\U0010FFFF",
		"\xed\xa0\xbd", "\xed\xa0\x80", "\xed\xb8\x80", "\xed\xbf\xbf", "\ud7ff"}
	r := rand.New(rand.NewPCG(1, 2))
	gen := func() string {
		var b strings.Builder
		for range r.IntN(4) {
			b.WriteString(alphabet[r.IntN(len(alphabet))])
		}
		return b.String()
	}
	for range 20000 {
		a, b := gen(), gen()
		if !validWTF8(a) || !validWTF8(b) {
			continue
		}
		want := slices.Compare(utf16Units(a), utf16Units(b))
		if got := compareUTF16(a, b); got != want {
			t.Fatalf("compareUTF16(%q, %q) = %d, want %d", a, b, got, want)
		}
	}
	// The conversion itself, checked against unicode/utf16 on UTF-8.
	s := "a\u00e9\U0001F680\ue000"
	if got, want := utf16Units(s), utf16.Encode([]rune(s)); !slices.Equal(got, want) {
		t.Errorf("units: %x, want %x", got, want)
	}
}
