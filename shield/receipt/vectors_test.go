package receipt

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"testing"

	"github.com/plainsight/plainsight/vectors"
)

// The struct below mirrors vectors/schemas/shield_receipt_schema_v1.json;
// the file is decoded strictly.

type receiptVectorFile struct {
	Schema        string                     `json:"schema"`
	Spec          json.RawMessage            `json:"spec"`
	NumberOfTests int                        `json:"numberOfTests"`
	Header        []string                   `json:"header"`
	Notes         map[string]json.RawMessage `json:"notes"`
	JWKS          json.RawMessage            `json:"jwks"`
	TestGroups    []struct {
		Type  string `json:"type"`
		Tests []struct {
			TcID          int             `json:"tcId"`
			Comment       string          `json:"comment"`
			Spec          []string        `json:"spec"`
			Response      json.RawMessage `json:"response"`
			ResponseJSON  *string         `json:"response_json"`
			SignedPayload string          `json:"signed_payload"`
			Result        string          `json:"result"`
			Error         string          `json:"error"`
			Flags         []string        `json:"flags"`
		} `json:"tests"`
	} `json:"testGroups"`
}

// sentinels maps the error names of the vectors to this package's errors.
var sentinels = map[string]error{
	"ErrUnsigned": ErrUnsigned, "ErrMalformedReceipt": ErrMalformedReceipt,
	"ErrUnknownKey": ErrUnknownKey, "ErrBadSignature": ErrBadSignature,
}

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

func TestReceiptVectors(t *testing.T) {
	const name = "shield/shield_receipt.json"
	var f receiptVectorFile
	decodeVectors(t, name, &f)
	keys, err := ParseJWKS(f.JWKS)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, g := range f.TestGroups {
		for _, tc := range g.Tests {
			n++
			t.Run(fmt.Sprintf("%s/#%d %s", name, tc.TcID, tc.Comment), func(t *testing.T) {
				// The text of the response: response_json, or the
				// response object as the file spells it.
				text := []byte(tc.Response)
				if tc.ResponseJSON != nil {
					text = []byte(*tc.ResponseJSON)
				}
				if (tc.ResponseJSON == nil) == (tc.Response == nil) {
					t.Fatal("want exactly one of response and response_json")
				}
				// Both entry points: the text through VerifyJSON,
				// and ParseResponse then Verify.
				resp, err := VerifyJSON(text, keys)
				resp2, err2 := ParseResponse(text)
				if err2 == nil {
					err2 = Verify(resp2, keys)
				}
				for _, err := range []error{err, err2} {
					if tc.Result == "valid" {
						if err != nil {
							t.Fatalf("valid receipt: %v", err)
						}
					} else if want, ok := sentinels[tc.Error]; !ok || !errors.Is(err, want) {
						t.Fatalf("error %v, want %s", err, tc.Error)
					}
				}
				if tc.SignedPayload != "" {
					p, err := SignedPayload(resp)
					if err != nil || string(p) != tc.SignedPayload {
						t.Errorf("signed payload %s, want %s", p, tc.SignedPayload)
					}
				}
			})
		}
	}
	if n != f.NumberOfTests || n == 0 {
		t.Errorf("numberOfTests %d, counted %d", f.NumberOfTests, n)
	}
}
