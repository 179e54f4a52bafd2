package vectors_test

import (
	"io/fs"

	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"github.com/plainsight/plainsight/vectors"
	"testing"
	"unicode/utf8"
)

// TestFlagLint checks the §8 vector files: strict shape, unique ascending
// tcIds, the declared count, every flag named in notes, and — independently
// of any implementation — that each expected evidence hash is the SHA-256
// of the test's input bytes and each excerpt at most 600 characters.
func TestFlagLint(t *testing.T) {
	var names []string
	for _, name := range corpusFiles(t, "flag/*.json") {
		if name != "flag/ledger_crosscheck.json" { // TestCrossCheckLint
			names = append(names, name)
		}
	}
	if len(names) != 2 {
		t.Errorf("flag vector files %v, want evidence.json and lifecycle.json", names)
	}
	type tc struct {
		TcID     int              `json:"tcId"`
		Input    *string          `json:"input"`
		InputHex *string          `json:"inputHex"`
		Result   string           `json:"result"`
		Error    string           `json:"error"`
		Flags    []string         `json:"flags"`
		Expected *json.RawMessage `json:"expected"`
	}
	for _, name := range names {
		var f struct {
			Schema        string                     `json:"schema"`
			NumberOfTests int                        `json:"numberOfTests"`
			Notes         map[string]json.RawMessage `json:"notes"`
			TestGroups    []struct {
				Tests []json.RawMessage `json:"tests"`
			} `json:"testGroups"`
		}
		raw := readCorpus(t, name)
		if err := json.Unmarshal(raw, &f); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if f.Schema != "flag_evidence_schema_v1.json" && f.Schema != "flag_lifecycle_schema_v1.json" {
			t.Errorf("%s: schema %q", name, f.Schema)
		}
		readCorpus(t, "schemas/"+f.Schema)
		n, last := 0, 0
		for _, g := range f.TestGroups {
			for _, rt := range g.Tests {
				var x tc
				if err := json.Unmarshal(rt, &x); err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				n++
				if x.TcID <= last {
					t.Errorf("%s: tcId %d after %d", name, x.TcID, last)
				}
				last = x.TcID
				for _, fl := range x.Flags {
					if _, ok := f.Notes[fl]; !ok {
						t.Errorf("%s #%d: flag %s not in notes", name, x.TcID, fl)
					}
				}
				if (x.Result == "invalid") != (x.Error != "") {
					t.Errorf("%s #%d: result %s with error %q", name, x.TcID, x.Result, x.Error)
				}
				if x.Expected == nil {
					continue
				}
				var field []byte
				switch {
				case x.Input != nil:
					field = []byte(*x.Input)
				case x.InputHex != nil:
					field, _ = hex.DecodeString(*x.InputHex)
				}
				var exp struct {
					Flags []struct {
						Evidence struct{ SHA256, Excerpt string }
					}
				}
				if err := json.Unmarshal(*x.Expected, &exp); err != nil {
					t.Fatalf("%s #%d: %v", name, x.TcID, err)
				}
				sum := sha256.Sum256(field)
				for _, fl := range exp.Flags {
					if fl.Evidence.SHA256 != hex.EncodeToString(sum[:]) {
						t.Errorf("%s #%d: evidence hash is not the SHA-256 of the input bytes", name, x.TcID)
					}
					if utf8.RuneCountInString(fl.Evidence.Excerpt) > 600 {
						t.Errorf("%s #%d: excerpt over 600 characters", name, x.TcID)
					}
				}
			}
		}
		if n != f.NumberOfTests {
			t.Errorf("%s: %d tests, numberOfTests %d", name, n, f.NumberOfTests)
		}
	}
}

func readCorpus(t *testing.T, name string) []byte {
	t.Helper()
	b, err := fs.ReadFile(vectors.FS(), name)
	if err != nil {
		t.Fatalf("%v: the corpus is missing", err)
	}
	return b
}
