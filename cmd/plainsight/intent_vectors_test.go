package main

import (
	"encoding/hex"
	"encoding/json"
	"io/fs"
	"strings"
	"testing"

	"github.com/plainsight/plainsight/vectors"
)

// TestIntentVectors runs every intent vector through `plainsight intent
// hash` and `--canonical`: a valid binding prints its hash and canonical
// form, a refused one exits 1 with its code on stderr.
func TestIntentVectors(t *testing.T) {
	data, err := fs.ReadFile(vectors.FS(), "intent/intent_hash.json")
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		TestGroups []struct {
			Tests []struct {
				TcID        int     `json:"tcId"`
				BindingJSON *string `json:"bindingJson"`
				BindingHex  *string `json:"bindingHex"`
				Result      string  `json:"result"`
				Canonical   string  `json:"canonical"`
				Hash        string  `json:"hash"`
				Error       string  `json:"error"`
			} `json:"tests"`
		} `json:"testGroups"`
	}
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	ran := 0
	for _, g := range f.TestGroups {
		for _, tc := range g.Tests {
			ran++
			in := ""
			if tc.BindingJSON != nil {
				in = *tc.BindingJSON
			} else {
				b, err := hex.DecodeString(*tc.BindingHex)
				if err != nil {
					t.Fatal(err)
				}
				in = string(b)
			}
			code, out, stderr := plainsight(t, in, "intent", "hash")
			codeC, outC, _ := plainsight(t, in, "intent", "hash", "--canonical")
			switch tc.Result {
			case "valid":
				if code != 0 || out != tc.Hash+"\n" || codeC != 0 || outC != tc.Canonical+"\n" {
					t.Errorf("#%d: exit %d %q, --canonical exit %d (stderr %q)", tc.TcID, code, out, codeC, stderr)
				}
			case "invalid":
				if code != 1 || !strings.Contains(stderr, tc.Error) || codeC != 1 {
					t.Errorf("#%d: exit %d, stderr %q; want 1, %s", tc.TcID, code, stderr, tc.Error)
				}
			default:
				t.Fatalf("#%d: result %q has no policy", tc.TcID, tc.Result)
			}
		}
	}
	if ran < 100 {
		t.Errorf("only %d intent vectors", ran)
	}
}
