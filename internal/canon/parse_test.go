package canon

import (
	"encoding/json"
	"errors"
	"math"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestParseSyntax(t *testing.T) {
	// Each is a SyntaxError for JSON.parse in node 20, or invalid UTF-8.
	tests := []struct {
		in   string
		want error
		why  string
	}{
		{"", ErrSyntax, "empty"},
		{" ", ErrSyntax, "only whitespace"},
		{"\ufeff{}", ErrSyntax, "byte order mark"},
		{"{} x", ErrSyntax, "trailing text"},
		{"{}{}", ErrSyntax, "two texts"},
		{"[1,]", ErrSyntax, "trailing comma"},
		{`{"a":1,}`, ErrSyntax, "trailing comma in object"},
		{"[,1]", ErrSyntax, "leading comma"},
		{`{a:1}`, ErrSyntax, "unquoted key"},
		{`{'a':1}`, ErrSyntax, "single quotes"},
		{`{"a" 1}`, ErrSyntax, "missing colon"},
		{`{"a":1 "b":2}`, ErrSyntax, "missing comma"},
		{`[1}`, ErrSyntax, "mismatched close"},
		{`{"a":1]`, ErrSyntax, "mismatched close in object"},
		{"01", ErrSyntax, "leading zero"},
		{"-", ErrSyntax, "lone minus"},
		{"+1", ErrSyntax, "plus sign"},
		{"1.", ErrSyntax, "no fraction digits"},
		{".5", ErrSyntax, "no integer part"},
		{"1e", ErrSyntax, "no exponent digits"},
		{"1e+", ErrSyntax, "no exponent digits after sign"},
		{"0x10", ErrSyntax, "hex"},
		{"NaN", ErrSyntax, "NaN"},
		{"Infinity", ErrSyntax, "Infinity"},
		{"-Infinity", ErrSyntax, "-Infinity"},
		{"tru", ErrSyntax, "short literal"},
		{"True", ErrSyntax, "capital literal"},
		{"nul", ErrSyntax, "short null"},
		{`"abc`, ErrSyntax, "unterminated string"},
		{`"a\"`, ErrSyntax, "unterminated after escape"},
		{"\"a\tb\"", ErrSyntax, "raw tab in string"},
		{"\"a\nb\"", ErrSyntax, "raw newline in string"},
		{`"\x41"`, ErrSyntax, "unknown escape"},
		{`"\u12"`, ErrSyntax, "short \\u"},
		{`"\u12G4"`, ErrSyntax, "bad hex"},
		{`"\'"`, ErrSyntax, "escaped single quote"},
		{"[1 2]", ErrSyntax, "missing comma in array"},
		{"\v1", ErrSyntax, "vertical tab is not whitespace"},
		{"\u00a01", ErrSyntax, "no-break space is not whitespace"},
		{"\"\xff\"", ErrInvalidUTF8, "invalid byte in string"},
		{"\"\xed\xa0\x80\"", ErrInvalidUTF8, "raw surrogate bytes (CESU-8)"},
		{"\"\xc0\xaf\"", ErrInvalidUTF8, "overlong"},
		{"\"a\\n\xe2\x82\"", ErrInvalidUTF8, "truncated sequence after an escape"},
		{"1e400", ErrInvalidNumber, "beyond the largest double (JSON.parse: Infinity)"},
		{"[-1e400]", ErrInvalidNumber, "beyond the largest double, negative"},
	}
	for _, tt := range tests {
		_, err := Parse([]byte(tt.in), Limits{})
		if !errors.Is(err, tt.want) {
			t.Errorf("%s: Parse(%q) = %v, want %v", tt.why, tt.in, err, tt.want)
		}
		var e *Error
		if err != nil && (!errors.As(err, &e) || e.Offset < 0 || e.Offset > len(tt.in)) {
			t.Errorf("%s: Parse(%q): error %#v without an offset in the input", tt.why, tt.in, err)
		}
	}
}

func TestParseValues(t *testing.T) {
	tests := []struct {
		in   string
		want Value
		why  string
	}{
		{" \t\r\n null \n", Null(), "whitespace around"},
		{"true", Bool(true), "true"},
		{"false", Bool(false), "false"},
		{`"\ud800"`, String("\xed\xa0\x80"), "lone surrogate kept, in WTF-8"},
		{`"\ud83d\ude80"`, String("\U0001F680"), "pair joined"},
		{`"\u0000"`, String("\x00"), "NUL"},
		{"-0", Number(math.Copysign(0, -1)), "negative zero"},
		{"1e-400", Number(0), "underflow to zero, as JSON.parse"},
		{"9007199254740993", Number(9007199254740992), "rounded to nearest even"},
		{"0.1", Number(0.1), "nearest double"},
		{"1E+2", Number(100), "capital E"},
		{"123456789012345678", Number(123456789012345678), "more than 15 digits"},
		{"[]", Array(), "empty array"},
		{"{}", Object(), "empty object"},
		{`[1,"a",[null]]`, Array(Number(1), String("a"), Array(Null())), "nested"},
		// JSON.parse('{"b":1,"a":2,"b":3}'): Object.keys → ["b","a"], b is 3.
		{`{"b":1,"a":2,"b":3}`, Object(Member{"b", Number(3)}, Member{"a", Number(2)}), "duplicate: first position, last value"},
		{`{"a":{"x":1},"a":[2]}`, Object(Member{"a", Array(Number(2))}), "duplicate replaces a container"},
	}
	for _, tt := range tests {
		got, err := Parse([]byte(tt.in), Limits{})
		if err != nil {
			t.Errorf("%s: Parse(%q): %v", tt.why, tt.in, err)
			continue
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s: Parse(%q) (-want +got):\n%s", tt.why, tt.in, diff)
		}
	}
	v, _ := Parse([]byte("-0"), Limits{})
	if !math.Signbit(v.Num) {
		t.Errorf("Parse(-0) lost the sign")
	}
}

func TestParseDuplicatesLarge(t *testing.T) {
	// Past indexFrom members, repeated keys are found through the index.
	var b strings.Builder
	b.WriteString("{")
	for i := range 40 {
		b.WriteString(`"k` + itoa(i) + `":1,`)
	}
	b.WriteString(`"k1":2,"k0":3}`)
	v, err := Parse([]byte(b.String()), Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if len(v.Members) != 40 || v.Members[0].Value.Num != 3 || v.Members[1].Value.Num != 2 {
		t.Errorf("got %d members, first %v, second %v", len(v.Members), v.Members[0], v.Members[1])
	}
}

func TestParseHostile(t *testing.T) {
	deep := []byte(strings.Repeat("[", 100000))
	start := time.Now()
	_, err := Parse(deep, Limits{})
	if !errors.Is(err, ErrTooDeep) {
		t.Errorf("100,000 '[': %v, want ErrTooDeep", err)
	}
	// Deep and closed, within a raised bound: no recursion, so no stack
	// growth to speak of.
	closed := []byte(strings.Repeat("[", 100000) + strings.Repeat("]", 100000))
	if _, err := Parse(closed, Limits{MaxDepth: 100000}); err != nil {
		t.Errorf("100,000 nested arrays with MaxDepth 100000: %v", err)
	}
	// Many repeated keys and many distinct keys in one object stay linear.
	var b strings.Builder
	b.WriteString("{")
	for i := range 200000 {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(`"` + strings.Repeat("x", i%50) + `":0`)
	}
	b.WriteString("}")
	if _, err := Parse([]byte(b.String()), Limits{}); err != nil {
		t.Error(err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("hostile inputs took %v", d)
	}
}

// nest wraps inner in n arrays.
func nest(n int, inner string) string {
	return strings.Repeat("[", n) + inner + strings.Repeat("]", n)
}

func TestLimits(t *testing.T) {
	ref := ReferenceLimits
	obj := func(inner string) string { return `{"a":` + inner + `}` }
	arr := func(n int) string {
		return "[" + strings.TrimSuffix(strings.Repeat("0,", n), ",") + "]"
	}
	keys := func(n int) string {
		var b strings.Builder
		b.WriteString("{")
		for i := range n {
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString(`"k` + itoa(i) + `":0`)
		}
		b.WriteString("}")
		return b.String()
	}
	str := func(n int) string { return `{"s":"` + strings.Repeat("x", n) + `"}` }
	tests := []struct {
		in   string
		want error // nil: accepted
		path string
		why  string
	}{
		// The root object is depth 0, so 19 arrays inside it put a scalar
		// at depth 20; 20 arrays put it at 21, which the reference refuses
		// (it checks the depth of every value, not only of containers).
		{obj(nest(19, "0")), nil, "", "scalar at depth 20"},
		{obj(nest(20, "0")), ErrTooDeep, "$.a[0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0]", "scalar at depth 21"},
		{obj(nest(19, "[]")), nil, "", "empty array at depth 20"},
		{obj(nest(20, "[]")), ErrTooDeep, "", "empty array at depth 21"},
		{`{"a":` + arr(1000) + `}`, nil, "", "array of 1,000"},
		{`{"a":` + arr(1001) + `}`, ErrArrayTooLarge, "$.a[1000]", "array of 1,001"},
		// Entries: 4 arrays of 1,000 plus their 4 keys is 4,004; then n keys.
		{`{"a":` + arr(1000) + `,"b":` + arr(1000) + `,"c":` + arr(1000) + `,"d":` + arr(1000) + `,"e":` + keys(995) + `}`, nil, "", "5,000 entries"},
		{`{"a":` + arr(1000) + `,"b":` + arr(1000) + `,"c":` + arr(1000) + `,"d":` + arr(1000) + `,"e":` + keys(996) + `}`, ErrTooComplex, `$.e.k995`, "5,001 entries"},
		{keys(5000), nil, "", "5,000 keys"},
		{keys(5001), ErrTooComplex, "$.k5000", "5,001 keys"},
		{`{"a":1,"a":2}`, nil, "", "a repeated key counts once"},
		{`{"__proto__":1}`, ErrUnsafeKey, "$.__proto__", "__proto__"},
		{`{"a":[{"constructor":1}]}`, ErrUnsafeKey, "$.a[0].constructor", "constructor, deep"},
		{`{"prototype":{}}`, ErrUnsafeKey, "$.prototype", "prototype"},
		{`{"Prototype":1,"__proto":1,"proto":1}`, nil, "", "near misses"},
		{`[]`, ErrNotObject, "$", "array root"},
		{`"x"`, ErrNotObject, "$", "string root"},
		{`null`, ErrNotObject, "$", "null root"},
		// 102,400 canonical bytes: {"s":"…"} is 8 bytes plus the string.
		{str(102400 - 8), nil, "", "102,400 canonical bytes"},
		{str(102400 - 7), ErrTooLarge, "$", "102,401 canonical bytes"},
	}
	for _, tt := range tests {
		v, err := Parse([]byte(tt.in), ref)
		if err == nil {
			_, err = Marshal(v, JSObject, ref)
		}
		if !errors.Is(err, tt.want) && !(err == nil && tt.want == nil) {
			t.Errorf("%s: %v, want %v", tt.why, err, tt.want)
			continue
		}
		var e *Error
		if tt.path != "" && errors.As(err, &e) && e.Path != tt.path {
			t.Errorf("%s: path %s, want %s", tt.why, e.Path, tt.path)
		}
	}
}

func itoa(i int) string { return string(appendNumber(nil, float64(i))) }

// TestMarshalLimits checks that Marshal enforces the limits on a Value that
// did not come through Parse.
func TestMarshalLimits(t *testing.T) {
	deep := Number(1)
	for range 21 {
		deep = Array(deep)
	}
	big := make([]Value, 1001)
	tests := []struct {
		v    Value
		want error
		path string
	}{
		{Object(Member{"a", deep}), ErrTooDeep, "$.a[0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0]"},
		{Object(Member{"a", Array(big...)}), ErrArrayTooLarge, "$.a"},
		{Object(Member{"x y", Object(Member{"constructor", Null()})}), ErrUnsafeKey, `$["x y"].constructor`},
		{Object(Member{"n", Number(math.Inf(1))}), ErrInvalidNumber, "$.n"},
		{Object(Member{"n", Number(math.NaN())}), ErrInvalidNumber, "$.n"},
		{Array(), ErrNotObject, "$"},
	}
	for _, tt := range tests {
		_, err := Marshal(tt.v, JSObject, ReferenceLimits)
		var e *Error
		if !errors.Is(err, tt.want) || !errors.As(err, &e) || e.Path != tt.path {
			t.Errorf("Marshal: %v, want %v at %s", err, tt.want, tt.path)
		}
	}
	// Repeated keys in a hand-built object: the last one is written.
	got, err := Marshal(Object(Member{"b", Number(1)}, Member{"a", Null()}, Member{"b", Number(2)}), JSObject, Limits{})
	if err != nil || string(got) != `{"a":null,"b":2}` {
		t.Errorf("repeated keys: %s, %v", got, err)
	}
}

type marshaler struct{ s string }

func (m marshaler) MarshalJSON() ([]byte, error) { return []byte(m.s), nil }

type failing struct{}

var errFailing = errors.New("failing")

func (failing) MarshalJSON() ([]byte, error) { return nil, errFailing }

func TestFromGo(t *testing.T) {
	when := time.Date(2026, 8, 14, 10, 0, 0, 0, time.UTC)
	var nilMap map[string]any
	var nilPtr *marshaler
	in := map[string]any{
		"s":       "x\xed\xa0\x80",
		"f":       1.5,
		"f32":     float32(0.5),
		"i":       -3,
		"u64":     uint64(1<<63 + 1),
		"i64":     int64(9007199254740993),
		"b":       true,
		"nil":     nil,
		"nilMap":  nilMap,
		"nilPtr":  nilPtr,
		"num":     json.Number("1e21"),
		"raw":     json.RawMessage(`{"z":"\ud800","a":[1]}`),
		"time":    when,
		"strs":    []string{"a", "b"},
		"arr":     [2]int{1, 2},
		"nested":  map[string]map[string]int{"x": {"10": 1, "9": 2}},
		"ptr":     &[]any{1},
		"named":   marshaler{`"m"`},
		"10":      0,
		"9":       0,
		"escaped": "<&>",
	}
	v, err := FromGo(in, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	got, err := Marshal(v, JSObject, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	// Checked against node 20 with the same values written in JavaScript.
	want := `{"9":0,"10":0,"arr":[1,2],"b":true,"escaped":"<&>","f":1.5,"f32":0.5,"i":-3,"i64":9007199254740992,` +
		`"named":"m","nested":{"x":{"9":2,"10":1}},"nil":null,"nilMap":null,"nilPtr":null,"num":1e+21,` +
		`"ptr":[1],"raw":{"a":[1],"z":"\ud800"},"s":"x\ud800","strs":["a","b"],"time":"2026-08-14T10:00:00Z",` +
		`"u64":9223372036854776000}`
	if string(got) != want {
		t.Errorf("FromGo:\ngot  %s\nwant %s", got, want)
	}

	cyclic := map[string]any{"a": 1}
	cyclic["self"] = map[string]any{"back": cyclic}
	loop := []any{nil}
	loop[0] = loop
	shared := map[string]any{"v": 1}
	errTests := []struct {
		in   any
		lim  Limits
		want error
		path string
	}{
		{cyclic, Limits{}, ErrCyclic, "$.self.back"},
		{loop, Limits{}, ErrCyclic, "$[0]"},
		{map[string]any{"x": math.NaN()}, Limits{}, ErrInvalidNumber, "$.x"},
		{map[string]any{"x": math.Inf(-1)}, Limits{}, ErrInvalidNumber, "$.x"},
		{float32(math.Inf(1)), Limits{}, ErrInvalidNumber, "$"},
		{struct{}{}, Limits{}, ErrUnsupported, "$"},
		{[]byte("x"), Limits{}, ErrUnsupported, "$"},
		{map[int]any{}, Limits{}, ErrUnsupported, "$"},
		{make(chan int), Limits{}, ErrUnsupported, "$"},
		{map[string]any{"f": failing{}}, Limits{}, errFailing, "$.f"},
		{map[string]any{"f": failing{}}, Limits{}, ErrUnsupported, "$.f"},
		{map[string]any{"j": json.Number("01")}, Limits{}, ErrSyntax, "$.j"},
		{map[string]any{"r": json.RawMessage(`{"a":[1,{"__proto__":0}]}`)}, ReferenceLimits, ErrUnsafeKey, "$.r.a[1].__proto__"},
		{map[string]any{"r": json.RawMessage(`[[[[1]]]]`)}, Limits{MaxDepth: 4}, ErrTooDeep, "$.r[0][0][0][0]"},
		{map[string]any{"a": []any{1, 2}, "r": json.RawMessage(`[1,2]`)}, Limits{MaxEntries: 5}, ErrTooComplex, "$.r[1]"},
		{map[string]any{"prototype": 1}, ReferenceLimits, ErrUnsafeKey, "$.prototype"},
		{[]any{}, ReferenceLimits, ErrNotObject, "$"},
		{map[string]any{"a": make([]any, 1001)}, ReferenceLimits, ErrArrayTooLarge, "$.a"},
		{map[string]any{"k\xff": 1}, Limits{}, ErrInvalidUTF8, `$["k\xff"]`},
	}
	for i, tt := range errTests {
		_, err := FromGo(tt.in, tt.lim)
		var e *Error
		if !errors.Is(err, tt.want) || !errors.As(err, &e) || e.Path != tt.path {
			t.Errorf("#%d FromGo(%T): %v, want %v at %s", i, tt.in, err, tt.want, tt.path)
		}
	}
	// A map reached twice without a cycle is not cyclic.
	if _, err := FromGo(map[string]any{"a": shared, "b": shared}, Limits{}); err != nil {
		t.Errorf("shared map: %v", err)
	}
}

// A document full of ':' inside strings must not make the parser size its
// member storage by them: memory stays proportional to what is parsed.
func TestColonsDoNotInflate(t *testing.T) {
	doc := []byte(`{"a":"` + strings.Repeat(":", 4<<20) + `"}`)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	if _, err := Parse(doc, Limits{}); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	if got, limit := after.TotalAlloc-before.TotalAlloc, uint64(3*len(doc)); got > limit {
		t.Errorf("parsing %d bytes allocated %d, want at most %d", len(doc), got, limit)
	}
}
