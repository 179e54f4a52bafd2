package flag_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/plainsight/plainsight/flag"
	"github.com/plainsight/plainsight/scan"
)

// TestJSONIsSection8 pins the wire form: exactly the fields §8 names, in
// its order, written by hand from the specification.
func TestJSONIsSection8(t *testing.T) {
	f := flag.Flag{
		ID:           "flg_0123456789abcdef0123",
		Status:       flag.Disputed,
		Artifact:     flag.Artifact{Type: "external_server", Ref: "https://mcp.example/mcp", Label: "Example"},
		Field:        "tools[0].description",
		FindingClass: scan.ZeroWidth,
		Evidence:     flag.Evidence{SHA256: strings.Repeat("ab", 32), Excerpt: "a⟨U+200B ZERO WIDTH SPACE⟩b"},
		Actor:        flag.Actor{AccountID: "acc_1", AgentID: "agt_1", Handle: "alice", KYALevel: 2, Kind: "account"},
		Source:       flag.IntegrityRefresh,
		Context:      "email_html",
		Dispute:      &flag.Case{CaseID: "case_1", CaseNumber: 17},
		LedgerSeq:    42,
		CreatedAt:    time.Date(2026, 12, 1, 0, 28, 23, 0, time.UTC),
	}
	want := `{"id":"flg_0123456789abcdef0123","status":"disputed",` +
		`"artifact":{"type":"external_server","ref":"https://mcp.example/mcp","label":"Example"},` +
		`"field":"tools[0].description","finding_class":"zero_width","heuristic":false,` +
		`"evidence":{"sha256":"` + strings.Repeat("ab", 32) + `","excerpt":"a⟨U+200B ZERO WIDTH SPACE⟩b"},` +
		`"actor":{"account_id":"acc_1","agent_id":"agt_1","handle":"alice","kya_level":2,"kind":"account"},` +
		`"source":"integrity_refresh","context":"email_html","dispute":{"case_id":"case_1","case_number":17},` +
		`"ledger_seq":42,"created_at":"2026-12-01T00:28:23Z"}`
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(f); err != nil {
		t.Fatal(err)
	}
	if got := strings.TrimSpace(buf.String()); got != want {
		t.Errorf("JSON:\n got %s\nwant %s", got, want)
	}
	var back flag.Flag
	dec := json.NewDecoder(strings.NewReader(want))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&back); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(f, back); d != "" {
		t.Errorf("round trip (-want +got):\n%s", d)
	}

	// Optional fields are absent when empty: label, context, dispute.
	f.Artifact.Label, f.Context, f.Dispute, f.Status = "", "", nil, flag.Standing
	b, _ := json.Marshal(f)
	var keys map[string]json.RawMessage
	json.Unmarshal(b, &keys)
	for _, k := range []string{"context", "dispute"} {
		if _, ok := keys[k]; ok {
			t.Errorf("%s present when empty: %s", k, b)
		}
	}
	if bytes.Contains(b, []byte(`"label"`)) {
		t.Errorf("artifact label present when empty: %s", b)
	}
	if len(keys) != 11 {
		t.Errorf("%d keys, want the 11 §8 fields that are always present: %s", len(keys), b)
	}
}

func TestItems(t *testing.T) {
	field := []byte("a\u200bb\u202ec\u200bd")
	res, err := scan.Scan(string(field), nil)
	if err != nil {
		t.Fatal(err)
	}
	items, err := flag.Items(field, res.Findings)
	if err != nil {
		t.Fatal(err)
	}
	if len(items) != 2 || items[0].Class != scan.ZeroWidth || items[1].Class != scan.BidiControl {
		t.Fatalf("Items: %+v; want zero_width then bidi_control", items)
	}
	// sha256 of the bytes 61 e2 80 8b 62 e2 80 ae 63 e2 80 8b 64 (sha256sum).
	const want = "6440c173ced0a0a528b717d50860c7379068785bddb54e4259fcb0fc9f178417"
	if items[0].Evidence.SHA256 != want || items[1].Evidence.SHA256 != want {
		t.Errorf("the classes of one field carry one hash: %+v", items)
	}
	if _, err := flag.Items(field, []scan.Finding{{Class: "nope"}}); !errors.Is(err, flag.ErrUnknownClass) {
		t.Errorf("unknown class: %v", err)
	}
}
