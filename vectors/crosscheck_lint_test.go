package vectors_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"strings"
	"testing"
)

// TestCrossCheckLint checks flag/ledger_crosscheck.json without any
// implementation: the declared count, ascending tcIds, flags in notes, a
// result that agrees with the expected answer; each ledger a chain of
// seq 1, 2, … whose prev links hold and whose hashes are the SHA-256 of
// the bodies (but at the stated broken link), each body naming its own
// seq, type and prev; each problem naming a flag of the registry or of an
// entry; and each record_sha256 of a valid test the SHA-256 of the
// record's canonical JSON, computed here with encoding/json (sorted keys,
// no HTML escaping: the canonical form for these ASCII keys and these
// strings).
func TestCrossCheckLint(t *testing.T) {
	raw := readCorpus(t, "flag/ledger_crosscheck.json")
	type flagRec map[string]any
	var f struct {
		Schema        string                     `json:"schema"`
		Spec          json.RawMessage            `json:"spec"`
		Header        []string                   `json:"header"`
		NumberOfTests int                        `json:"numberOfTests"`
		Notes         map[string]json.RawMessage `json:"notes"`
		TestGroups    []struct {
			Type  string `json:"type"`
			Tests []struct {
				TcID    int      `json:"tcId"`
				Comment string   `json:"comment"`
				Spec    []string `json:"spec"`
				Flags   []string `json:"flags"`
				Ledger  []struct {
					Seq  int64  `json:"seq"`
					Type string `json:"type"`
					Prev string `json:"prev"`
					Hash string `json:"hash"`
					Body string `json:"body"`
				} `json:"ledger"`
				Registry []flagRec `json:"registry"`
				Result   string    `json:"result"`
				Expected struct {
					ChainIntact bool  `json:"chain_intact"`
					BrokenAt    int64 `json:"broken_at"`
					Problems    []struct {
						Kind   string `json:"kind"`
						FlagID string `json:"flag_id"`
					} `json:"problems"`
				} `json:"expected"`
			} `json:"tests"`
		} `json:"testGroups"`
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		t.Fatal(err)
	}
	n, last, checked := 0, 0, 0
	kinds := map[string]bool{"orphan_flag": true, "orphan_entry": true, "mismatch": true, "unanchored_transition": true, "invalid_transition": true}
	for _, g := range f.TestGroups {
		for _, tc := range g.Tests {
			n++
			if tc.TcID <= last {
				t.Errorf("#%d after #%d", tc.TcID, last)
			}
			last = tc.TcID
			for _, fl := range tc.Flags {
				if _, ok := f.Notes[fl]; !ok {
					t.Errorf("#%d: flag %s not in notes", tc.TcID, fl)
				}
			}
			exp := tc.Expected
			if (tc.Result == "valid") != (exp.ChainIntact && len(exp.Problems) == 0) || exp.ChainIntact != (exp.BrokenAt == 0) {
				t.Errorf("#%d: result %s disagrees with %+v", tc.TcID, tc.Result, exp)
			}
			ids := map[string]bool{}
			records := map[string]flagRec{}
			for _, r := range tc.Registry {
				id, _ := r["id"].(string)
				ids[id] = true
				records[id] = r
			}
			prev := ""
			for i, e := range tc.Ledger {
				sum := sha256.Sum256([]byte(e.Body))
				hashOK := hex.EncodeToString(sum[:]) == e.Hash
				if e.Seq != int64(i+1) || e.Prev != prev || hashOK != (e.Seq != exp.BrokenAt) {
					t.Errorf("#%d: entry %d: seq, prev or hash wrong (hash of the body: %v)", tc.TcID, i+1, hashOK)
				}
				prev = e.Hash
				var body struct {
					Seq  int64          `json:"seq"`
					Type string         `json:"type"`
					Prev string         `json:"prev"`
					At   string         `json:"at"`
					Data map[string]any `json:"data"`
				}
				if err := json.Unmarshal([]byte(e.Body), &body); err != nil || body.Seq != e.Seq || body.Type != e.Type || body.Prev != e.Prev || body.At == "" {
					t.Errorf("#%d: entry %d: the body does not name its seq, type and prev (%v)", tc.TcID, e.Seq, err)
				}
				id, _ := body.Data["flag_id"].(string)
				ids[id] = true
				rec, sealed := body.Data["record_sha256"].(string)
				if !sealed || tc.Result != "valid" || e.Type != "security.flagged" {
					continue
				}
				r, ok := records[id]
				if !ok {
					t.Errorf("#%d: entry %d names %s, not in the registry", tc.TcID, e.Seq, id)
					continue
				}
				creation := map[string]any{}
				for k, v := range r {
					if k != "status" && k != "dispute" && k != "ledger_seq" {
						creation[k] = v
					}
				}
				var buf bytes.Buffer
				enc := json.NewEncoder(&buf)
				enc.SetEscapeHTML(false)
				enc.Encode(creation)
				s := sha256.Sum256(bytes.TrimSuffix(buf.Bytes(), []byte("\n")))
				checked++
				if hex.EncodeToString(s[:]) != rec {
					t.Errorf("#%d: entry %d: record_sha256 is not the hash of %s", tc.TcID, e.Seq, strings.TrimSpace(buf.String()))
				}
			}
			for _, p := range exp.Problems {
				if !kinds[p.Kind] || !ids[p.FlagID] {
					t.Errorf("#%d: problem %+v: unknown kind, or a flag no record or entry names", tc.TcID, p)
				}
			}
		}
	}
	if n != f.NumberOfTests || n < 4 || checked < 3 {
		t.Errorf("%d tests, numberOfTests %d, %d record hashes checked", n, f.NumberOfTests, checked)
	}
}
