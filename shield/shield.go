package shield

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"time"
)

// Source is where the content came from: context.source of §3.1.
type Source string

// The sources of §3.1; no other value is accepted.
const (
	SourceWeb          Source = "web"
	SourceEmail        Source = "email"
	SourceToolOutput   Source = "tool_output"
	SourceUserMessage  Source = "user_message"
	SourceAgentMessage Source = "agent_message"
	SourceFile         Source = "file"
)

// Sources lists the sources of §3.1 in the order the specification gives them.
func Sources() []Source {
	return []Source{SourceWeb, SourceEmail, SourceToolOutput, SourceUserMessage, SourceAgentMessage, SourceFile}
}

func (s Source) valid() bool {
	switch s {
	case SourceWeb, SourceEmail, SourceToolOutput, SourceUserMessage, SourceAgentMessage, SourceFile:
		return true
	}
	return false
}

// Direction says whether the content feeds the agent (inbound) or is
// emitted by it (outbound): context.direction of §3.1.
type Direction string

// The directions of §3.1.
const (
	Inbound  Direction = "inbound"
	Outbound Direction = "outbound"
)

func (d Direction) valid() bool { return d == Inbound || d == Outbound }

// Context is the advisory metadata of a request (§3.1). It is data: it
// selects nothing in the scan, and no value of it can lower a score.
type Context struct {
	Source    Source    `json:"source"`
	Tool      string    `json:"tool,omitempty"`
	Direction Direction `json:"direction"`
}

// Request is the request of §3.1.
type Request struct {
	Content string  `json:"content"`
	Context Context `json:"context"`
}

// Verdict is the verdict band of §3.2.
type Verdict string

// The verdict bands of §3.2.
const (
	// Clean: no signal of any class.
	Clean Verdict = "clean"
	// Suspicious: at least one signal, every class below its block threshold.
	Suspicious Verdict = "suspicious"
	// Malicious: at least one class at or above its block threshold.
	Malicious Verdict = "malicious"
)

// Engine names the scanner and its version (§3.2). The version changes
// whenever a detector, a confidence or a threshold does, so that a receipt
// names the calibration its scores come from.
type Engine struct {
	ID      string `json:"id"`
	Version string `json:"version"`
}

// The engine this package reports.
const (
	EngineID      = "plainsight"
	EngineVersion = "shield-1"
)

// Receipt is the receipt of §3.2: it identifies the scan and the content by
// hash, never by the content itself.
type Receipt struct {
	// ScanID is a UUID version 7 (RFC 9562): unique, and ordered by time.
	ScanID string `json:"scan_id"`
	// ContentHash is "sha256:" and the lowercase hex SHA-256 of the content's
	// bytes as given (UTF-8).
	ContentHash string `json:"content_hash"`
	// Timestamp is when the scan finished, RFC 3339 in UTC with
	// milliseconds.
	Timestamp string `json:"timestamp"`
	// Signature is a detached compact JWS (see the package doc), empty when
	// the scanner has no signing key.
	Signature string `json:"signature,omitempty"`
}

// Response is the response of §3.2, with one extension: Signals, the
// evidence behind the scores.
type Response struct {
	Verdict Verdict `json:"verdict"`
	Scores  Scores  `json:"scores"`
	Engine  Engine  `json:"engine"`
	Receipt Receipt `json:"receipt"`
	// Signals (an extension of §3.2) lists what each score rests on, with
	// positions, in order of position; never any of the content.
	Signals []Signal `json:"signals"`
	// Truncated (an extension) reports that Signals was cut at
	// Options.MaxSignals; the scores count every signal.
	Truncated bool `json:"truncated,omitempty"`
}

// HashContent returns the receipt's content hash of content: "sha256:" and
// the lowercase hex SHA-256 of its bytes.
func HashContent(content string) string {
	// Hashed through a small buffer: converting a large content to
	// []byte would copy all of it.
	h := sha256.New()
	var buf [4096]byte
	for len(content) > 0 {
		n := copy(buf[:], content)
		h.Write(buf[:n])
		content = content[n:]
	}
	var sum [sha256.Size]byte
	return "sha256:" + hex.EncodeToString(h.Sum(sum[:0]))
}

var defaultScanner = mustNew()

func mustNew() *Scanner {
	s, err := New(Options{})
	if err != nil {
		panic("shield: default scanner: " + err.Error()) // unreachable: the zero Options are valid
	}
	return s
}

// Scan scans req with the default scanner: no signing key (the receipt's
// signature is empty), the shipped known_bad_url list and no operator
// list, no signature set, the built-in address rules. It is the in-process binding of §3.3.
func Scan(ctx context.Context, req Request) (Response, error) {
	return defaultScanner.Scan(ctx, req)
}

func timestamp(t time.Time) string {
	return t.UTC().Format("2006-01-02T15:04:05.000Z07:00")
}
