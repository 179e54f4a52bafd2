package enforce

import (
	"fmt"
	"strings"

	"github.com/plainsight/plainsight/shield"
)

// Outcome is what an enforcer does with an action (§3 step 3).
type Outcome string

// The outcomes of §3: proceed, proceed with a flag, block. Their order is
// their severity.
const (
	Proceed Outcome = "proceed"
	Flag    Outcome = "flag"
	Block   Outcome = "block"
)

func severity(o Outcome) int {
	switch o {
	case Flag:
		return 1
	case Block:
		return 2
	}
	return 0
}

// ActionKind is the kind of thing the agent is about to do with the
// content, for the scanner-unreachable rule of §4.
type ActionKind string

// The action kinds of §4's last row.
const (
	// Read: a low-risk read (the content feeds the agent's context).
	Read ActionKind = "read"
	// Write: a change to something (a file, a record, a repository).
	Write ActionKind = "write"
	// Send: content leaves (a message, an e-mail, a request to a third
	// party).
	Send ActionKind = "send"
	// Credentials: anything that reads, uses or moves a credential.
	Credentials ActionKind = "credentials"
)

// Action is what the agent is about to do.
type Action struct {
	Kind      ActionKind       `json:"kind"`
	Direction shield.Direction `json:"direction"`
}

// Rule is what a policy does with one class in one direction, by band.
type Rule struct {
	Suspicious Outcome `json:"suspicious"`
	Malicious  Outcome `json:"malicious"`
}

// Policy is an enforcer's policy (§4): a rule per class and direction, the
// block thresholds that decide a class's band, and the rule for a scanner
// that cannot be reached, stated in advance. §4 asks for policies per class
// rather than per verdict: a secrets-egress risk is not an injection risk.
type Policy struct {
	Inbound     map[shield.Class]Rule  `json:"inbound"`
	Outbound    map[shield.Class]Rule  `json:"outbound"`
	Thresholds  shield.Scores          `json:"thresholds"`
	Unreachable map[ActionKind]Outcome `json:"unreachable"`
}

// DefaultPolicy returns the table of §4 as a policy:
//
//   - malicious, any class, either direction: block;
//   - suspicious inbound: proceed with a flag (and the receipt);
//   - suspicious outbound: block for secrets and pii (fail closed), flag
//     for the other classes;
//   - scanner unreachable: fail open (flag) for reads, closed (block) for
//     writes, sends and anything touching credentials.
//
// §4's third row also covers malicious outbound content ("fail closed for
// secrets and pii; flag otherwise"); read beside its first row ("malicious,
// any class: block") and §3.2's "block by default", this policy blocks every
// malicious class and takes the third row for the suspicious band.
func DefaultPolicy() Policy {
	p := Policy{
		Inbound:    map[shield.Class]Rule{},
		Outbound:   map[shield.Class]Rule{},
		Thresholds: shield.DefaultThresholds,
		Unreachable: map[ActionKind]Outcome{
			Read: Flag, Write: Block, Send: Block, Credentials: Block,
		},
	}
	for _, c := range shield.Classes() {
		p.Inbound[c] = Rule{Suspicious: Flag, Malicious: Block}
		p.Outbound[c] = Rule{Suspicious: Flag, Malicious: Block}
	}
	p.Outbound[shield.Secrets] = Rule{Suspicious: Block, Malicious: Block}
	p.Outbound[shield.PII] = Rule{Suspicious: Block, Malicious: Block}
	return p
}

// Decision is an enforcer's decision and why.
type Decision struct {
	Outcome Outcome `json:"outcome"`
	// Class is the class that decided (empty for an unreachable scanner or
	// a clean response).
	Class shield.Class `json:"class,omitempty"`
	// Reason says why, in words for a log or an operator's screen.
	Reason string `json:"reason"`
}

// Decide applies p to a response for action a. A nil resp means the
// scanner could not be reached (or failed): the policy's Unreachable rule
// for a.Kind decides, and an action kind the policy does not name is
// blocked. Otherwise each class is put in its band by p.Thresholds (at or
// above: malicious; above zero: suspicious; a zero threshold means the
// default one) and the direction's rule gives
// its outcome; the most severe outcome wins, the first class in §3.2's
// order among equals. A class or band the policy has no rule for blocks:
// the policy fails closed where it is silent.
func Decide(p Policy, resp *shield.Response, a Action) Decision {
	if resp == nil {
		o, ok := p.Unreachable[a.Kind]
		if !ok {
			return Decision{Outcome: Block, Reason: fmt.Sprintf("scanner unreachable; the policy has no rule for a %q action: blocked", a.Kind)}
		}
		return Decision{Outcome: o, Reason: fmt.Sprintf("scanner unreachable; the policy says %s for a %s action", o, a.Kind)}
	}
	rules := p.Inbound
	if a.Direction == shield.Outbound {
		rules = p.Outbound
	} else if a.Direction != shield.Inbound {
		return Decision{Outcome: Block, Reason: fmt.Sprintf("unknown direction %q: blocked", a.Direction)}
	}
	best := Decision{Outcome: Proceed, Reason: "no signal in any class"}
	var flagged []string
	for _, c := range shield.Classes() {
		score := resp.Scores.Get(c)
		if score <= 0 {
			continue
		}
		band, th := "suspicious", p.Thresholds.Get(c)
		if th == 0 {
			th = shield.DefaultThresholds.Get(c) // a zero Thresholds means the defaults
		}
		if score >= th {
			band = "malicious"
		}
		r, ok := rules[c]
		o := r.Suspicious
		if band == "malicious" {
			o = r.Malicious
		}
		if !ok || o == "" {
			o = Block
		}
		if o != Proceed {
			flagged = append(flagged, fmt.Sprintf("%s %s (%.2f)", c, band, score))
		}
		if severity(o) > severity(best.Outcome) {
			best = Decision{Outcome: o, Class: c,
				Reason: fmt.Sprintf("%s is %s (score %.2f, block threshold %.2f); the %s policy says %s", c, band, score, th, a.Direction, o)}
		}
	}
	if len(flagged) > 1 {
		best.Reason += "; signals: " + strings.Join(flagged, ", ")
	}
	return best
}
