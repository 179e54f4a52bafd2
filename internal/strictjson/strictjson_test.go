package strictjson

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"
)

type engine struct {
	ID      string `json:"id"`
	Version string `json:"version"`
}

type embedded struct {
	Extra string `json:"extra"`
}

type response struct {
	embedded
	Verdict string             `json:"verdict"`
	Scores  map[string]float64 `json:"scores"`
	Engine  *engine            `json:"engine"`
	List    []engine           `json:"list"`
	Raw     json.RawMessage    `json:"raw"`
	When    time.Time          `json:"when"`
	Skipped string             `json:"-"`
	Plain   int
}

func TestCheck(t *testing.T) {
	for _, tc := range []struct {
		in   string
		lim  Limits
		want error
		why  string
	}{
		{`{"verdict":"clean","scores":{"a":1},"engine":{"id":"x"},"list":[{"id":"y"}],"extra":"e","Plain":1}`, Limits{}, nil, "every member once, exactly"},
		{`{"verdict":"clean","VERDICT":"malicious"}`, Limits{}, ErrFoldedName, "the attack: encoding/json reads the second into verdict"},
		{`{"VERDICT":"malicious"}`, Limits{}, ErrFoldedName, "a folded name alone is read as verdict by encoding/json only"},
		{`{"verdict":"clean","verdict":"malicious"}`, Limits{}, ErrDuplicate, "exact duplicate, top level"},
		{`{"verdict":"clean","verdic\u0074":"malicious"}`, Limits{}, ErrDuplicate, "a name is compared after its escapes"},
		{`{"scores":{"a":0.1,"a":0.9}}`, Limits{}, ErrDuplicate, "duplicate in a map, nested"},
		{`{"scores":{"a":0.1,"A":0.9}}`, Limits{}, nil, "map keys are exact to every reader"},
		{`{"engine":{"id":"x","ID":"y"}}`, Limits{}, ErrFoldedName, "through a pointer"},
		{`{"list":[{"id":"x"},{"Id":"y"}]}`, Limits{}, ErrFoldedName, "in a slice's element"},
		{`{"list":[{"id":"x"},{"id":"y","id":"z"}]}`, Limits{}, ErrDuplicate, "in the second element"},
		{`{"raw":{"a":1,"a":2}}`, Limits{}, ErrDuplicate, "an opaque type still has no duplicate"},
		{`{"raw":{"A":1,"a":2}}`, Limits{}, nil, "an opaque type's names are free"},
		{`{"EXTRA":"e"}`, Limits{}, ErrFoldedName, "a promoted field"},
		{`{"plain":1}`, Limits{}, ErrFoldedName, "a field without a tag"},
		{`{"skipped":"x"}`, Limits{}, nil, "a \"-\" field is not a member"},
		{`{"ſcores":{}}`, Limits{}, ErrFoldedName, "Unicode simple folding: ſ is s"},
		{`{"verdict\u212a":"x","unknown":1}`, Limits{}, nil, "unknown names pass"},
		{`{"unknown":1}`, Limits{DisallowUnknown: true}, ErrUnknown, "unless refused"},
		{`{"a":{"b":{"c":1}}}`, Limits{MaxDepth: 2}, ErrTooDeep, "depth"},
		{`{"a":{"b":1}}`, Limits{MaxDepth: 2}, nil, "depth at the bound"},
		{`{"verdict":"x"}`, Limits{MaxBytes: 5}, ErrTooLarge, "size"},
		{`{"verdict":"x"} {}`, Limits{}, ErrSyntax, "trailing data"},
		{`{"verdict":`, Limits{}, ErrSyntax, "truncated"},
		{``, Limits{}, ErrSyntax, "empty"},
		{`{"verdict":"\ud800"}`, Limits{IJSON: true}, ErrNotIJSON, "lone high surrogate"},
		{`{"verdict":"\udc00\ud800"}`, Limits{IJSON: true}, ErrNotIJSON, "reversed pair"},
		{`{"verdict":"\ud83d\ude00 \\ud800"}`, Limits{IJSON: true}, nil, "a pair, and an escaped backslash"},
		{"{\"verdict\":\"\xff\"}", Limits{IJSON: true}, ErrNotIJSON, "not UTF-8"},
		{`{"verdict":"\ud800"}`, Limits{}, nil, "lone surrogates pass without IJSON"},
		{`[{"a":1},{"a":1}]`, Limits{}, nil, "one name in two objects"},
		{`{"a":[{"a":1}],"b":{"a":1}}`, Limits{}, nil, "one name at two depths"},
	} {
		err := Check([]byte(tc.in), response{}, tc.lim)
		if tc.want == nil && err != nil || tc.want != nil && !errors.Is(err, tc.want) {
			t.Errorf("%s: %s: %v, want %v", tc.why, tc.in, err, tc.want)
		}
		var e *Error
		if err != nil && (!errors.As(err, &e) || !strings.HasPrefix(err.Error(), "strictjson: ")) {
			t.Errorf("%s: %T %v", tc.why, err, err)
		}
	}
}

func TestCheckFree(t *testing.T) {
	if err := Check([]byte(`{"a":{"text":1,"TEXT":2}}`), nil, Limits{}); err != nil {
		t.Errorf("no type: names are free: %v", err)
	}
	if err := Check([]byte(`{"a":{"text":1,"text":2}}`), nil, Limits{}); !errors.Is(err, ErrDuplicate) {
		t.Errorf("no type: %v, want ErrDuplicate", err)
	}
	err := Check([]byte(`{"a":[1,{"b":1,"b":2}]}`), nil, Limits{})
	var e *Error
	if !errors.As(err, &e) || e.Path != "$.a[1]" || e.Name != "b" {
		t.Errorf("%#v, want the path $.a[1] and the name b", err)
	}
}

func TestUnmarshal(t *testing.T) {
	var r response
	if err := Unmarshal([]byte(`{"verdict":"malicious","engine":{"id":"x"}}`), &r, Limits{}); err != nil || r.Verdict != "malicious" || r.Engine.ID != "x" {
		t.Errorf("%v %+v", err, r)
	}
	if err := Unmarshal([]byte(`{"verdict":"clean","VERDICT":"malicious"}`), &r, Limits{}); !errors.Is(err, ErrFoldedName) {
		t.Errorf("%v, want ErrFoldedName", err)
	}
	if err := Unmarshal([]byte(`{"verdict":1}`), &r, Limits{}); !errors.Is(err, ErrSyntax) {
		t.Errorf("%v, want ErrSyntax for a type mismatch", err)
	}
	if err := Unmarshal([]byte(`{}`), r, Limits{}); !errors.Is(err, ErrSyntax) {
		t.Errorf("%v, want ErrSyntax for a non-pointer", err)
	}
}

// TestDeepBounded: a hostile nesting is refused at the bound, not read.
func TestDeepBounded(t *testing.T) {
	in := strings.Repeat("[", 1<<16) + strings.Repeat("]", 1<<16)
	if err := Check([]byte(in), nil, Limits{}); !errors.Is(err, ErrTooDeep) {
		t.Errorf("%v, want ErrTooDeep", err)
	}
}

// FuzzCheck: never a panic; what passes is JSON; a duplicate of a member
// of an accepted object is refused.
func FuzzCheck(f *testing.F) {
	for _, s := range []string{
		`{"verdict":"clean","VERDICT":"malicious"}`, `{"scores":{"a":1,"a":2}}`, `{"a":"\ud800"}`,
		`{"list":[{"id":"x"},{"Id":"y"}]}`, `[[[]]]`, `{"verdict":"x"} 1`, "{\"\xff\":1}", `{"a":"\\u0041"}`,
	} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, in string, typed bool) {
		var v any
		if typed {
			v = response{}
		}
		err := Check([]byte(in), v, Limits{IJSON: typed})
		if err != nil {
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("%T %v", err, err)
			}
			return
		}
		if !json.Valid([]byte(in)) {
			t.Fatalf("%q passes but is not JSON", in)
		}
		in = strings.TrimLeft(in, " \t\r\n")
		var obj map[string]json.RawMessage
		if strings.HasPrefix(in, "{") && json.Unmarshal([]byte(in), &obj) == nil {
			for k, val := range obj {
				name, _ := json.Marshal(k)
				dup := "{" + string(name) + ":" + string(val) + "," + in[1:]
				if err := Check([]byte(dup), nil, Limits{}); !errors.Is(err, ErrDuplicate) && !errors.Is(err, ErrTooLarge) {
					t.Fatalf("%q: %v, want ErrDuplicate", dup, err)
				}
				break
			}
		}
	})
}
