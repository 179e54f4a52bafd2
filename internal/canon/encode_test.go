package canon

import (
	"errors"
	"math"
	"testing"
)

// The expected strings are what node 20 prints for JSON.stringify(x).
func TestAppendNumber(t *testing.T) {
	tests := []struct {
		in   float64
		want string
	}{
		{0, "0"},
		{math.Copysign(0, -1), "0"}, // -0 is written as 0
		{1, "1"},
		{-1, "-1"},
		{0.1, "0.1"},
		{0.30000000000000004, "0.30000000000000004"}, // 0.1+0.2
		{1.5, "1.5"},
		{-1.5, "-1.5"},
		{100, "100"},
		{1e20, "100000000000000000000"},
		{1e21, "1e+21"}, // n = 22 > 21: exponent form
		{-1e21, "-1e+21"},
		{1.2345678901234568e20, "123456789012345680000"}, // shortest digits, then zeros
		{123456789012345678901234, "1.2345678901234569e+23"},
		{9.999999999999999e20, "999999999999999900000"},
		{1.1e21, "1.1e+21"},
		{1e-6, "0.000001"}, // n = -5: plain
		{1e-7, "1e-7"},     // n = -6: exponent form
		{1.5e-7, "1.5e-7"},
		{-1.5e-7, "-1.5e-7"},
		{3e-7, "3e-7"},
		{0.0000012345, "0.0000012345"},
		{0.00001, "0.00001"},
		{123456.7e-10, "0.00001234567"},
		{123e-20, "1.23e-18"},
		{5e-324, "5e-324"}, // smallest subnormal
		{-5e-324, "-5e-324"},
		{2.2250738585072014e-308, "2.2250738585072014e-308"},
		{1.7976931348623157e-300, "1.7976931348623157e-300"},
		{math.MaxFloat64, "1.7976931348623157e+308"},
		{9007199254740991, "9007199254740991"},
		{9007199254740992, "9007199254740992"},
		{9007199254740994, "9007199254740994"},
		{-9007199254740992, "-9007199254740992"},
		{18014398509481984, "18014398509481984"},
		{1e15, "1000000000000000"},
		{1e16, "10000000000000000"},
		{1e17, "100000000000000000"},
		{math.Ldexp(1, 63), "9223372036854776000"},
		{math.Ldexp(1, 64), "18446744073709552000"},
		{4294967295, "4294967295"},
		{4294967296, "4294967296"},
		{4.35, "4.35"},
		{0.5, "0.5"},
		{1.0 / 3, "0.3333333333333333"},
		{2.0 / 3, "0.6666666666666666"},
		{100.0 / 3, "33.333333333333336"},
		{1e300, "1e+300"},
		{12345678.9, "12345678.9"},
		{1.0000000000000002, "1.0000000000000002"},
	}
	for _, tt := range tests {
		if got := string(appendNumber(nil, tt.in)); got != tt.want {
			t.Errorf("appendNumber(%v) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

// The expected strings are what node 20 prints for
// JSON.stringify(JSON.parse(in)).
func TestStringEscaping(t *testing.T) {
	tests := []struct {
		in, want, why string
	}{
		{`"\u0000\u0001\u0007\b\t\n\u000b\f\r\u000e\u001f \u007f"`,
			`"\u0000\u0001\u0007\b\t\n\u000b\f\r\u000e\u001f ` + "\x7f\"",
			"controls: five named escapes, the rest \\u00xx lowercase; DEL raw"},
		{`"\"\\\/"`, `"\"\\/"`, "solidus is not escaped"},
		{`"<>&\u2028\u2029"`, "\"<>&\u2028\u2029\"", "no HTML escaping; U+2028/9 raw"},
		{`"\ud800"`, `"\ud800"`, "lone high surrogate"},
		{`"\udfff"`, `"\udfff"`, "lone low surrogate"},
		{`"a\ud800"`, `"a\ud800"`, "lone at the end"},
		{`"\uDBFF\uDFFF"`, "\"\U0010FFFF\"", "pair, uppercase hex in"},
		{`"\udc00\ud800"`, `"\udc00\ud800"`, "low then high is not a pair"},
		{`"\ud83d\ude80"`, "\"\U0001F680\"", "pair"},
		{`"\ud83d\ud83d\ude80"`, "\"\\ud83d\U0001F680\"", "lone high, then a pair"},
		{`"\ud83dx\ude80"`, `"\ud83dx\ude80"`, "a character between the halves"},
		{`"é𝄞"`, "\"é\U0001D11E\"", "raw UTF-8 stays raw"},
		{`"\ufeff\uFFFF\uFFFE"`, "\"\ufeff\uffff\ufffe\"", "BOM and noncharacters raw"},
		{`"\u00e9"`, `"é"`, "escaped non-ASCII written raw"},
	}
	for _, tt := range tests {
		v, err := Parse([]byte(tt.in), Limits{})
		if err != nil {
			t.Errorf("%s: Parse(%s): %v", tt.why, tt.in, err)
			continue
		}
		got, err := Marshal(v, SortedUTF16, Limits{})
		if err != nil || string(got) != tt.want {
			t.Errorf("%s: %s → %s, %v; want %s", tt.why, tt.in, got, err, tt.want)
		}
	}
}

func TestInvalidWTF8(t *testing.T) {
	for _, s := range []string{
		"\xff",
		"a\xc3",
		"\xed\xa0\xbd\xed\xb8\x80", // a pair as two halves (CESU-8)
		"\xc0\x80",                 // overlong NUL
		"\xf4\x90\x80\x80",         // above U+10FFFF
	} {
		if _, err := Marshal(String(s), SortedUTF16, Limits{}); !errors.Is(err, ErrInvalidUTF8) {
			t.Errorf("Marshal(%q): %v, want ErrInvalidUTF8", s, err)
		}
		if _, err := FromGo(s, Limits{}); !errors.Is(err, ErrInvalidUTF8) {
			t.Errorf("FromGo(%q): %v, want ErrInvalidUTF8", s, err)
		}
	}
	// The three bytes of a lone surrogate are WTF-8.
	got, err := Marshal(String("\xed\xbf\xbf\xed\xa0\x80"), SortedUTF16, Limits{})
	if err != nil || string(got) != `"\udfff\ud800"` {
		t.Errorf("lone surrogates: %s, %v", got, err)
	}
}
