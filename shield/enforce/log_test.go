package enforce

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"

	"github.com/plainsight/plainsight/shield"
	"github.com/plainsight/plainsight/shield/receipt"
)

func TestLogEntryRoundTrip(t *testing.T) {
	ring, err := receipt.NewKeyRingFromSeed(bytes.Repeat([]byte{7}, 32))
	if err != nil {
		t.Fatal(err)
	}
	s, err := shield.New(shield.Options{Signer: ring})
	if err != nil {
		t.Fatal(err)
	}
	r := shield.Request{Content: "AKIAZ3VQ7MXR5NB2KL4P", Context: shield.Context{Source: shield.SourceWeb, Direction: shield.Inbound}}
	resp, err := s.Scan(context.Background(), r)
	if err != nil {
		t.Fatal(err)
	}
	a := Action{Kind: Send, Direction: shield.Outbound}
	e := NewLogEntry("who", r, &resp, a, Decide(DefaultPolicy(), &resp, a))
	b, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	var back LogEntry
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if back != e {
		t.Errorf("round trip: %+v, want %+v", back, e)
	}
	if e.Schema != LogSchema || e.Outcome != Block {
		t.Errorf("entry %+v", e)
	}
}
