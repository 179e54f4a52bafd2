package shield

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/plainsight/plainsight/shield/urllist"
	"github.com/plainsight/plainsight/vectors"
)

// The structs below mirror vectors/schemas/shield_*_schema_v1.json; files
// are decoded strictly.

type scanVectorFile struct {
	Schema        string                     `json:"schema"`
	Spec          json.RawMessage            `json:"spec"`
	Engine        Engine                     `json:"engine"`
	NumberOfTests int                        `json:"numberOfTests"`
	Header        []string                   `json:"header"`
	Notes         map[string]json.RawMessage `json:"notes"`
	TestGroups    []struct {
		Type    string `json:"type"`
		Options struct {
			KnownBadURLList []string `json:"known_bad_url_list"`
			DefaultList     bool     `json:"default_list"`
		} `json:"options"`
		Tests []struct {
			TcID     int      `json:"tcId"`
			Comment  string   `json:"comment"`
			Spec     []string `json:"spec"`
			Request  Request  `json:"request"`
			Expected *struct {
				Verdict     Verdict        `json:"verdict"`
				ContentHash string         `json:"content_hash"`
				Signals     map[Class]bool `json:"signals"`
			} `json:"expected"`
			ExpectedExtensions *struct {
				Kinds []string `json:"kinds"`
			} `json:"expected_extensions"`
			Result string   `json:"result"`
			Error  string   `json:"error"`
			Flags  []string `json:"flags"`
		} `json:"tests"`
	} `json:"testGroups"`
}

// sentinels maps the error names of the vectors to this package's errors.
var sentinels = map[string]error{
	"ErrUnknownSource": ErrUnknownSource, "ErrUnknownDirection": ErrUnknownDirection,
	"ErrContentTooLarge": ErrContentTooLarge,
}

// flagPolicy says how this harness treats each flag: CalibratedBand tests
// hold this implementation's band, so they are checked exactly.
var flagPolicy = map[string]bool{"CalibratedBand": true}

func decodeVectors(t *testing.T, name string, v any) {
	t.Helper()
	b, err := fs.ReadFile(vectors.FS(), name)
	if err != nil {
		t.Fatalf("%v: the corpus is missing", err)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

func TestScanVectors(t *testing.T) {
	const name = "shield/shield_scan.json"
	var f scanVectorFile
	decodeVectors(t, name, &f)
	if f.Schema != "shield_scan_schema_v1.json" || f.Engine != (Engine{EngineID, EngineVersion}) {
		t.Fatalf("schema %q engine %+v", f.Schema, f.Engine)
	}
	seen := map[int]bool{}
	n := 0
	for _, g := range f.TestGroups {
		opts := Options{NoDefaultURLs: !g.Options.DefaultList}
		if len(g.Options.KnownBadURLList) > 0 {
			l, err := urllist.Parse(strings.NewReader(strings.Join(g.Options.KnownBadURLList, "\n")))
			if err != nil {
				t.Fatal(err)
			}
			opts.URLs = l
		}
		s, _ := New(opts)
		for _, tc := range g.Tests {
			n++
			if seen[tc.TcID] {
				t.Errorf("duplicate tcId %d", tc.TcID)
			}
			seen[tc.TcID] = true
			t.Run(fmt.Sprintf("%s/#%d %s", name, tc.TcID, tc.Comment), func(t *testing.T) {
				for _, fl := range tc.Flags {
					if !flagPolicy[fl] {
						t.Fatalf("flag %s has no policy in this harness", fl)
					}
				}
				resp, err := s.Scan(context.Background(), tc.Request)
				if tc.Result == "invalid" {
					want, ok := sentinels[tc.Error]
					if !ok || !errors.Is(err, want) {
						t.Fatalf("error %v, want %s", err, tc.Error)
					}
					return
				}
				if err != nil {
					t.Fatal(err)
				}
				e := tc.Expected
				if resp.Verdict != e.Verdict || resp.Receipt.ContentHash != e.ContentHash {
					t.Errorf("verdict %s hash %s, want %s %s", resp.Verdict, resp.Receipt.ContentHash, e.Verdict, e.ContentHash)
				}
				got := map[Class]bool{}
				var kinds []string
				for _, c := range Classes() {
					got[c] = resp.Scores.Get(c) > 0
				}
				for _, sg := range resp.Signals {
					kinds = append(kinds, sg.Kind)
					if !(sg.Confidence > 0 && sg.Confidence <= 1) {
						t.Errorf("signal %+v: confidence outside (0,1]", sg)
					}
				}
				slices.Sort(kinds)
				kinds = slices.Compact(kinds)
				if diff := cmp.Diff(e.Signals, got); diff != "" {
					t.Errorf("signals (-want +got):\n%s", diff)
				}
				if kinds == nil {
					kinds = []string{}
				}
				if diff := cmp.Diff(tc.ExpectedExtensions.Kinds, kinds); diff != "" {
					t.Errorf("kinds (-want +got):\n%s", diff)
				}
			})
		}
	}
	if n != f.NumberOfTests || n == 0 {
		t.Errorf("numberOfTests %d, counted %d", f.NumberOfTests, n)
	}
}
