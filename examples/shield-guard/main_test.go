package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// TestRun runs the example end to end over the SDK's in-memory transports
// and checks what the guard did with each call, from what the example's
// tools return: the page with a hidden instruction is withheld (malicious
// prompt_injection), the customer record passes with a flag (an e-mail
// address: suspicious pii, inbound), the mail with a key is never sent
// (secrets, outbound).
func TestRun(t *testing.T) {
	var out bytes.Buffer
	if err := run(context.Background(), &out); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, want := range []string{
		"fetch_page: result passed\n",
		"fetch_page: result withheld from the model\n",
		"lookup_customer: result passed with a flag\n",
		"send_email: result passed\n",
		"send_email: call blocked before sending (secrets)\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
	// Level 3: one entry per scan (two per completed call, one for the
	// blocked one), each with a verifying signature.
	log := got[strings.Index(got, "receipt log:"):]
	if n := strings.Count(log, "agent-demo"); n != 9 {
		t.Errorf("%d log entries, want 9:\n%s", n, log)
	}
	if n := strings.Count(log, "signature ok"); n != 9 {
		t.Errorf("%d verified entries, want 9:\n%s", n, log)
	}
	if strings.Contains(got, "AKIAZ3VQ7MXR5NB2KL4P") || strings.Contains(got, "jane.roe") {
		t.Errorf("content reached the log:\n%s", got)
	}
}
