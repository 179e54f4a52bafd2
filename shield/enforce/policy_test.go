package enforce

import (
	"testing"

	"github.com/plainsight/plainsight/shield"
)

func TestDecideDefaultPolicy(t *testing.T) {
	p := DefaultPolicy()
	resp := func(sc shield.Scores) *shield.Response { return &shield.Response{Scores: sc} }
	in := Action{Kind: Read, Direction: shield.Inbound}
	out := Action{Kind: Send, Direction: shield.Outbound}
	cases := []struct {
		name  string
		resp  *shield.Response
		a     Action
		want  Outcome
		class shield.Class
	}{
		// §4 row 1: malicious, any class: block.
		{"malicious injection inbound", resp(shield.Scores{PromptInjection: 0.95}), in, Block, shield.PromptInjection},
		{"malicious ssrf outbound", resp(shield.Scores{SSRF: 0.9}), out, Block, shield.SSRF},
		// §4 row 2: suspicious inbound: proceed with a flag.
		{"suspicious secrets inbound", resp(shield.Scores{Secrets: 0.6}), in, Flag, shield.Secrets},
		{"suspicious pii inbound", resp(shield.Scores{PII: 0.4}), in, Flag, shield.PII},
		// §4 row 3: suspicious outbound: fail closed for secrets and pii.
		{"suspicious secrets outbound", resp(shield.Scores{Secrets: 0.6}), out, Block, shield.Secrets},
		{"suspicious pii outbound", resp(shield.Scores{PII: 0.4}), out, Block, shield.PII},
		{"suspicious injection outbound", resp(shield.Scores{PromptInjection: 0.5}), out, Flag, shield.PromptInjection},
		{"clean", resp(shield.Scores{}), out, Proceed, ""},
		{"the most severe class decides", resp(shield.Scores{PromptInjection: 0.5, PII: 0.4}), out, Block, shield.PII},
		// §4 row 4: unreachable, stated in advance.
		{"unreachable read", nil, Action{Kind: Read, Direction: shield.Inbound}, Flag, ""},
		{"unreachable write", nil, Action{Kind: Write, Direction: shield.Outbound}, Block, ""},
		{"unreachable send", nil, Action{Kind: Send, Direction: shield.Outbound}, Block, ""},
		{"unreachable credentials", nil, Action{Kind: Credentials, Direction: shield.Inbound}, Block, ""},
		{"unreachable unknown kind", nil, Action{Kind: "teleport"}, Block, ""},
		{"unknown direction", resp(shield.Scores{}), Action{Kind: Read, Direction: "sideways"}, Block, ""},
	}
	for _, c := range cases {
		d := Decide(p, c.resp, c.a)
		if d.Outcome != c.want || d.Class != c.class || d.Reason == "" {
			t.Errorf("%s: %+v, want %s by %q", c.name, d, c.want, c.class)
		}
	}
}

func TestDecidePerClassPolicy(t *testing.T) {
	p := DefaultPolicy()
	// An operator who lets inbound PII through unflagged and blocks
	// suspicious outbound SSRF.
	p.Inbound[shield.PII] = Rule{Suspicious: Proceed, Malicious: Flag}
	p.Outbound[shield.SSRF] = Rule{Suspicious: Block, Malicious: Block}
	if d := Decide(p, &shield.Response{Scores: shield.Scores{PII: 0.9}}, Action{Kind: Read, Direction: shield.Inbound}); d.Outcome != Flag {
		t.Errorf("malicious inbound pii: %+v, want flag", d)
	}
	if d := Decide(p, &shield.Response{Scores: shield.Scores{PII: 0.4}}, Action{Kind: Read, Direction: shield.Inbound}); d.Outcome != Proceed {
		t.Errorf("suspicious inbound pii: %+v, want proceed", d)
	}
	if d := Decide(p, &shield.Response{Scores: shield.Scores{SSRF: 0.5}}, Action{Kind: Send, Direction: shield.Outbound}); d.Outcome != Block {
		t.Errorf("suspicious outbound ssrf: %+v, want block", d)
	}
	// A policy silent about a class fails closed.
	delete(p.Inbound, shield.KnownBadURL)
	if d := Decide(p, &shield.Response{Scores: shield.Scores{KnownBadURL: 0.2}}, Action{Kind: Read, Direction: shield.Inbound}); d.Outcome != Block {
		t.Errorf("class without a rule: %+v, want block", d)
	}
}
