package fingerprint

import (
	"fmt"
	"strings"
	"testing"
)

// tools1000 is the tools/list array of a server with 1,000 tools whose
// schemas look like real ones: a few typed properties with descriptions,
// an enum, a nested object, a required list (about 900 bytes a tool).
var tools1000 = func() []byte {
	var b strings.Builder
	b.WriteString("[")
	for i := range 1000 {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"name":"tool_%04d","title":"Tool %d","description":"Looks up records of kind %d in the catalogue and returns them as JSON. Use it when the user asks about kind %d.",
"annotations":{"readOnlyHint":true,"openWorldHint":false},
"inputSchema":{"type":"object","additionalProperties":false,"required":["query","limit"],
"properties":{"query":{"type":"string","description":"Free text to search for.","minLength":1,"maxLength":512},
"limit":{"type":"integer","minimum":1,"maximum":100,"default":20,"description":"How many records to return."},
"sort":{"type":"string","enum":["relevance","newest","oldest","name"],"default":"relevance"},
"filters":{"type":"object","properties":{"since":{"type":"string","format":"date-time"},"tags":{"type":"array","items":{"type":"string"},"maxItems":10}}},
"ratio":{"type":"number","minimum":0,"maximum":1.5,"multipleOf":0.25}}}}`, i, i, i%17, i%17)
	}
	b.WriteString("]")
	return []byte(b.String())
}()

func BenchmarkFingerprint1000Tools(b *testing.B) {
	tools, err := ParseTools(tools1000)
	if err != nil {
		b.Fatal(err)
	}
	d := &Definitions{Server: Server{Name: "catalogue", Version: new("3.1.0")}, Tools: tools}
	in, _ := Input(d)
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Fingerprint(d); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParseAndFingerprint1000Tools includes reading the tools/list
// JSON, as a probe does.
func BenchmarkParseAndFingerprint1000Tools(b *testing.B) {
	b.SetBytes(int64(len(tools1000)))
	b.ReportAllocs()
	for b.Loop() {
		tools, err := ParseTools(tools1000)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := Fingerprint(&Definitions{Server: Server{Name: "catalogue"}, Tools: tools}); err != nil {
			b.Fatal(err)
		}
	}
}
