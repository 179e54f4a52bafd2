package fingerprint

import (
	"encoding/json"
	"errors"
	"testing"
)

// FuzzParseTools checks, for any input: no panic; a list that parses
// fingerprints (or is refused for a repeated name); its canonical input is
// JSON and a fixed point: the tools read back from it give it again.
func FuzzParseTools(f *testing.F) {
	for _, s := range []string{
		`[{"name":"a","description":"d","inputSchema":{"b":1,"a":[2,{"z":null,"y":-0}]}}]`,
		`[{"name":"\ud800"},{"name":"\uff61"},{"name":"\ud83d\ude00"}]`,
		`[{"name":"a"},{"name":"a"}]`, `[{"name":1}]`, `[]`, `[{"name":"x","inputSchema":{"10":1,"9":2}}]`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		tools, err := ParseTools(data)
		if err != nil {
			return
		}
		d := &Definitions{Server: Server{Name: "s"}, Tools: tools}
		in, err := Input(d)
		if err != nil {
			if !errors.Is(err, ErrDuplicateName) {
				t.Fatalf("Input of parsed tools: %v", err)
			}
			return
		}
		if !json.Valid(in) {
			t.Fatalf("Input is not JSON: %q", in)
		}
		var back struct {
			Tools json.RawMessage `json:"tools"`
		}
		if err := json.Unmarshal(in, &back); err != nil {
			t.Fatal(err)
		}
		again, err := ParseTools(back.Tools)
		if err != nil {
			t.Fatalf("the canonical tools do not parse: %v", err)
		}
		in2, err := Input(&Definitions{Server: Server{Name: "s"}, Tools: again})
		if err != nil || string(in2) != string(in) {
			t.Fatalf("not a fixed point:\n%s\n%s (%v)", in, in2, err)
		}
	})
}
