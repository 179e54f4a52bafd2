package shield

import "testing"

func TestDecideDefaultPolicy(t *testing.T) {
	p := DefaultPolicy()
	resp := func(sc Scores) *Response { return &Response{Scores: sc} }
	in := Action{Kind: Read, Direction: Inbound}
	out := Action{Kind: Send, Direction: Outbound}
	cases := []struct {
		name  string
		resp  *Response
		a     Action
		want  Outcome
		class Class
	}{
		// §4 row 1: malicious, any class: block.
		{"malicious injection inbound", resp(Scores{PromptInjection: 0.95}), in, Block, PromptInjection},
		{"malicious ssrf outbound", resp(Scores{SSRF: 0.9}), out, Block, SSRF},
		// §4 row 2: suspicious inbound: proceed with a flag.
		{"suspicious secrets inbound", resp(Scores{Secrets: 0.6}), in, Flag, Secrets},
		{"suspicious pii inbound", resp(Scores{PII: 0.4}), in, Flag, PII},
		// §4 row 3: suspicious outbound: fail closed for secrets and pii.
		{"suspicious secrets outbound", resp(Scores{Secrets: 0.6}), out, Block, Secrets},
		{"suspicious pii outbound", resp(Scores{PII: 0.4}), out, Block, PII},
		{"suspicious injection outbound", resp(Scores{PromptInjection: 0.5}), out, Flag, PromptInjection},
		{"clean", resp(Scores{}), out, Proceed, ""},
		{"the most severe class decides", resp(Scores{PromptInjection: 0.5, PII: 0.4}), out, Block, PII},
		// §4 row 4: unreachable, stated in advance.
		{"unreachable read", nil, Action{Kind: Read, Direction: Inbound}, Flag, ""},
		{"unreachable write", nil, Action{Kind: Write, Direction: Outbound}, Block, ""},
		{"unreachable send", nil, Action{Kind: Send, Direction: Outbound}, Block, ""},
		{"unreachable credentials", nil, Action{Kind: Credentials, Direction: Inbound}, Block, ""},
		{"unreachable unknown kind", nil, Action{Kind: "teleport"}, Block, ""},
		{"unknown direction", resp(Scores{}), Action{Kind: Read, Direction: "sideways"}, Block, ""},
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
	p.Inbound[PII] = Rule{Suspicious: Proceed, Malicious: Flag}
	p.Outbound[SSRF] = Rule{Suspicious: Block, Malicious: Block}
	if d := Decide(p, &Response{Scores: Scores{PII: 0.9}}, Action{Kind: Read, Direction: Inbound}); d.Outcome != Flag {
		t.Errorf("malicious inbound pii: %+v, want flag", d)
	}
	if d := Decide(p, &Response{Scores: Scores{PII: 0.4}}, Action{Kind: Read, Direction: Inbound}); d.Outcome != Proceed {
		t.Errorf("suspicious inbound pii: %+v, want proceed", d)
	}
	if d := Decide(p, &Response{Scores: Scores{SSRF: 0.5}}, Action{Kind: Send, Direction: Outbound}); d.Outcome != Block {
		t.Errorf("suspicious outbound ssrf: %+v, want block", d)
	}
	// A policy silent about a class fails closed.
	delete(p.Inbound, KnownBadURL)
	if d := Decide(p, &Response{Scores: Scores{KnownBadURL: 0.2}}, Action{Kind: Read, Direction: Inbound}); d.Outcome != Block {
		t.Errorf("class without a rule: %+v, want block", d)
	}
}
