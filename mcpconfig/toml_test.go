package mcpconfig

import (
	"errors"
	"reflect"
	"testing"
)

func TestParseTOML(t *testing.T) {
	doc, err := parseTOML(`# top
a = "x\ty\u00e9"
b.c = 'lit\n'
n = 1_000
d = 1979-05-27 07:32:00Z
arr = [ "p", [1, 2], { k = true } ]
ml = """
one \
   two"""
ml2 = '''q''''
[t."quoted key"]
v = false
[[aot]]
i = 1
[[aot]]
i = 2
`)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]any{
		"a":   "x\tyé",
		"b":   map[string]any{"c": `lit\n`},
		"n":   tomlScalar("1_000"),
		"d":   tomlScalar("1979-05-27 07:32:00Z"),
		"arr": []any{"p", []any{tomlScalar("1"), tomlScalar("2")}, map[string]any{"k": true}},
		"ml":  "one two",
		"ml2": "q'",
		"t":   map[string]any{"quoted key": map[string]any{"v": false}},
		"aot": []any{map[string]any{"i": tomlScalar("1")}, map[string]any{"i": tomlScalar("2")}},
	}
	if !reflect.DeepEqual(doc, want) {
		t.Errorf("got  %#v\nwant %#v", doc, want)
	}
}

func TestParseTOMLRefused(t *testing.T) {
	for _, in := range []string{
		"a = 1\na = 2\n",
		"[t]\n[t]\n",
		"a = \"open\n",
		"a = \"\\q\"\n",
		"a = '''never closed",
		"a = [1, 2\n",
		"a = { b = 1\n",
		"= 1\n",
		"a\n",
		"a = 1 b = 2\n",
		"a = \"\\ud800\"\n",
		"\xff = 1\n",
		"a = 1\n[a]\n",
		"[x]\nb = 1\n[x.b]\n",
	} {
		if _, err := parseTOML(in); !errors.Is(err, ErrTOML) {
			t.Errorf("%q: got %v, want ErrTOML", in, err)
		}
	}
	deep := "a = " + repeat("[", maxDepth+2) + repeat("]", maxDepth+2)
	if _, err := parseTOML(deep); !errors.Is(err, ErrTOML) {
		t.Errorf("deep arrays: got %v, want ErrTOML", err)
	}
}

func repeat(s string, n int) string {
	out := ""
	for range n {
		out += s
	}
	return out
}

func TestStripJSONC(t *testing.T) {
	in := "{\"a\": \"// not a comment\", /* c\n */ \"b\": [1, 2,], // end\n}"
	out, had, err := stripJSONC([]byte(in))
	if err != nil || !had {
		t.Fatalf("got %v %v", had, err)
	}
	// " /* c" is five blanks; the commas before ] and before } go.
	want := "{\"a\": \"// not a comment\",     \n    \"b\": [1, 2 ]        \n}"
	if string(out) != want {
		t.Errorf("got  %q\nwant %q", out, want)
	}
	if _, _, err := stripJSONC([]byte(`{"a": /* open`)); err == nil {
		t.Error("an open comment: no error")
	}
}
