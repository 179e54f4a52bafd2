package injrules_test

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/plainsight/plainsight/internal/injrules"
	"github.com/plainsight/plainsight/internal/jsonview"
)

// BenchmarkFindToolDef runs FindToolDef on the view of a tools/list
// result of shield's benchmark definitions (shield/testdata/bench/tools.json).
func BenchmarkFindToolDef(b *testing.B) {
	data, err := os.ReadFile("../../shield/testdata/bench/tools.json")
	if err != nil {
		b.Fatal(err)
	}
	var tools []json.RawMessage
	if err := json.Unmarshal(data, &tools); err != nil {
		b.Fatal(err)
	}
	list, _ := json.Marshal(map[string]any{"tools": tools})
	v, ok := jsonview.Parse(string(list))
	if !ok {
		b.Fatal("not JSON")
	}
	text := v.Text
	b.SetBytes(int64(len(text)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		injrules.FindToolDef(text, func(injrules.Hit) {})
	}
}
