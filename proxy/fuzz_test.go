package proxy

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/plainsight/plainsight/fingerprint"
	"github.com/plainsight/plainsight/pin"
	"github.com/plainsight/plainsight/store/memory"
)

// FuzzObserveLists feeds what an upstream lists, as any bytes, to the
// two judges of a list the proxy adds to the guard's: the Strict scan of
// the tools and the pins. Neither may panic; a surface observed twice is
// unchanged the second time (nothing withheld), and the Strict scan names
// only tools of the list.
func FuzzObserveLists(f *testing.F) {
	for _, seed := range []string{
		`[{"name":"echo","description":"Echoes.","inputSchema":{"type":"object"}}]`,
		`[{"name":"notes","description":"Saves notes.\u200b\u200c","inputSchema":{"type":"object","properties":{"a\u200bb":{"type":"string"}}}}]`,
		`[{"name":"a","inputSchema":{}},{"name":"a","inputSchema":{}}]`,
		`[{"description":"no name"}]`,
		`{"tools":[]}`,
		`[`,
	} {
		f.Add([]byte(seed), []byte(`[{"name":"greet","description":"Greets."}]`))
	}
	f.Fuzz(func(t *testing.T, tools, prompts []byte) {
		for name := range strictPoisoned(tools) {
			var list []struct {
				Name string `json:"name"`
			}
			if json.Unmarshal(tools, &list) == nil {
				found := false
				for _, x := range list {
					found = found || x.Name == name
				}
				if !found {
					t.Fatalf("the Strict scan names %q, not a tool of %s", name, tools)
				}
			}
		}
		strictInstructions(string(tools))
		kp := keeperPins{k: &pin.Keeper{Store: memory.New()}}
		s := surface{name: "fuzz", lists: map[fingerprint.Kind]json.RawMessage{fingerprint.KindTool: tools, fingerprint.KindPrompt: prompts}}
		ctx := context.Background()
		if _, err := kp.observe(ctx, "stdio:[\"fuzz\"]", s); err != nil {
			return
		}
		w, err := kp.observe(ctx, "stdio:[\"fuzz\"]", s)
		if err != nil || len(w) != 0 {
			t.Fatalf("the same surface again: withheld %v, %v", w, err)
		}
	})
}
