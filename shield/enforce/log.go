package enforce

import (
	"context"
	"slices"
	"sync"

	"github.com/plainsight/plainsight/shield"
)

// LogSchema names the JSON form of a LogEntry; it changes only with a
// change of that form.
const LogSchema = "shield-receipt-log/1"

// LogEntry is one record of the receipt log of conformance Level 3 (§5):
// who scanned what hash, when, with which engine, the verdict, and what
// the enforcer did. It never holds the content, nor any excerpt of it.
type LogEntry struct {
	Schema string `json:"schema"` // LogSchema
	// Who is the requester: an agent, a session, a user id, as the host
	// names it.
	Who     string         `json:"who"`
	Receipt shield.Receipt `json:"receipt"`
	Engine  shield.Engine  `json:"engine"`
	Verdict shield.Verdict `json:"verdict"`
	Scores  shield.Scores  `json:"scores"`
	// Source, Direction and Tool are the request's context (§3.1).
	Source    shield.Source    `json:"source"`
	Direction shield.Direction `json:"direction"`
	Tool      string           `json:"tool,omitempty"`
	// Action is what the agent was about to do, and Outcome and Reason
	// what the enforcer decided (see Decide).
	Action  Action  `json:"action"`
	Outcome Outcome `json:"outcome"`
	Reason  string  `json:"reason"`
}

// NewLogEntry builds the log entry of a decision on a response.
func NewLogEntry(who string, req shield.Request, resp *shield.Response, a Action, d Decision) LogEntry {
	e := LogEntry{Schema: LogSchema, Who: who, Source: req.Context.Source, Direction: req.Context.Direction,
		Tool: req.Context.Tool, Action: a, Outcome: d.Outcome, Reason: d.Reason}
	if resp != nil {
		e.Receipt, e.Engine, e.Verdict, e.Scores = resp.Receipt, resp.Engine, resp.Verdict, resp.Scores
	}
	return e
}

// ReceiptLog keeps the receipts of Level 3. Append stores one entry; it
// must be safe for concurrent use, keep entries in the order appended, and
// never change or drop one. An error means the entry was not stored; the
// enforcer then treats the action as it treats an unreachable scanner
// (the audit trail is part of the check).
type ReceiptLog interface {
	Append(ctx context.Context, e LogEntry) error
}

// MemoryLog is a ReceiptLog in memory, for tests and short-lived hosts.
type MemoryLog struct {
	mu      sync.Mutex
	entries []LogEntry
}

var _ ReceiptLog = (*MemoryLog)(nil)

// Append adds e.
func (l *MemoryLog) Append(_ context.Context, e LogEntry) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.entries = append(l.entries, e)
	return nil
}

// Entries returns a copy of the entries, in order.
func (l *MemoryLog) Entries() []LogEntry {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.entries)
}
