package precall

import (
	"time"

	"github.com/plainsight/plainsight/fingerprint"
	"github.com/plainsight/plainsight/guard"
	"github.com/plainsight/plainsight/scan"
)

// Answer is the pre-call answer object of §9: exactly its fields, in its
// order. Lists are never null in JSON.
type Answer struct {
	// URL is the URL that was asked about, as given.
	URL string `json:"url"`
	// EffectiveURL is where the probe landed: the URL that answered its
	// first request after Redirects (even with something that is not MCP,
	// such as a 404); null when nothing answered — a name that does not
	// resolve, a refused connection, a refused redirect hop.
	EffectiveURL *string `json:"effective_url"`
	// Redirects are the hops followed, in order.
	Redirects []guard.Redirect `json:"redirects"`
	// Registered reports whether the server is in the external registry.
	Registered bool `json:"registered"`
	// CheckedNotRegistered is true when Registered is false: the server
	// was probed for this answer only, and nothing about it is stored.
	CheckedNotRegistered bool `json:"checked_not_registered"`
	// Server is the identity the answering server reports; null when an
	// unregistered server cannot be probed at all.
	Server *Server `json:"server"`
	// Registration is the registry record's summary; null when not
	// registered.
	Registration *Registration `json:"registration"`
	// Integrity is the §7 status of the server.
	Integrity Integrity `json:"integrity"`
	// Scan is the fresh scan of the definitions served for this check.
	Scan ScanReport `json:"scan"`
	// Flags are the permanent flags standing against the URL (§8).
	Flags Flags `json:"flags"`
	// Reviews is the review aggregate.
	Reviews Reviews `json:"reviews"`
	// ShadowingWarnings are the tool-name collisions of §10.
	ShadowingWarnings []Warning `json:"shadowing_warnings"`
	// ToolFocus answers for the tool asked about; null when none was.
	ToolFocus *ToolFocus `json:"tool_focus"`
	// Note is the standing honesty line, always [Note].
	Note string `json:"note"`
}

// Server is the server identity in an answer. It is the answering
// server's — the one at AnsweringURL, which differs from the asked URL
// when the asked URL redirects — disclosed as such.
type Server struct {
	Name            string  `json:"name"`
	Version         *string `json:"version"`
	ProtocolVersion string  `json:"protocol_version"`
	// AnsweringURL is the URL of the server these values come from (the
	// effective URL); null for recorded values of an unreachable server.
	AnsweringURL *string `json:"answering_url"`
	// Basis is BasisServed (reported for this check) or BasisRecorded
	// (the last recorded values of a registered server that cannot be
	// probed).
	Basis string `json:"basis"`
}

// The bases of Server and ToolFocus.
const (
	// BasisServed: the definitions served for this check.
	BasisServed = "served_for_this_check"
	// BasisRecorded: the last recorded definitions of a registered
	// server that is unreachable.
	BasisRecorded = "last_recorded"
)

// Registration is the registry record's part of an answer (§9).
type Registration struct {
	Slug    string `json:"slug"`
	PageURL string `json:"page_url"`
	// PublisherStatus is "unclaimed" until the publisher proves control of
	// the server's domain, then "claimed" (Claims.Verify).
	PublisherStatus    string    `json:"publisher_status"`
	LinkedStoreListing *string   `json:"linked_store_listing"`
	FirstSeen          time.Time `json:"first_seen"`
}

// Integrity is the §7 part of an answer.
type Integrity struct {
	// Status is not_registered for an unregistered server that answered,
	// unreachable for one that did not (§7).
	Status fingerprint.Status `json:"status"`
	// Fingerprint is the live fingerprint for an unregistered server;
	// null when none could be computed.
	Fingerprint *string `json:"fingerprint"`
	// FingerprintVersion is null for an unregistered server.
	FingerprintVersion *int `json:"fingerprint_version"`
	// Diff is present when the status is changed.
	Diff *fingerprint.Diff `json:"diff,omitempty"`
	// Detail says what happened, for people.
	Detail string `json:"detail"`
	// Note is always [IntegrityNote].
	Note string `json:"note"`
}

// The scan statuses of §9.
const (
	ScanClean   = "clean"
	ScanFlagged = "flagged"
	ScanNotRun  = "not_run"
)

// ScanReport is the scan part of an answer: the deterministic findings of
// every tool name, description and input-schema string, and of the
// server's instructions.
type ScanReport struct {
	Status   string    `json:"status"`
	Findings []Located `json:"findings"`
	// FlagIDs are the flags recorded from the findings: always empty for
	// an unregistered server (nothing is recorded).
	FlagIDs []string `json:"flag_ids"`
	Note    string   `json:"note"`
}

// Where a finding was found.
const (
	FieldName        = "name"
	FieldDescription = "description"
	// FieldInputSchema: a string value inside the input schema, at Path.
	FieldInputSchema = "input_schema"
	// FieldInputSchemaKey: an object key inside the input schema; Path
	// names the member.
	FieldInputSchemaKey = "input_schema_key"
	FieldInstructions   = "instructions"
)

// Located is a finding and the string it was found in. Offsets are
// relative to that string.
type Located struct {
	// Tool is the tool's name; null for the instructions.
	Tool *string `json:"tool"`
	// Field is one of the Field constants.
	Field string `json:"field"`
	// Path is the JSON Pointer (RFC 6901) of the schema string; empty
	// outside the schema.
	Path    string       `json:"path,omitempty"`
	Finding scan.Finding `json:"finding"`
}

// Flags is the flags part of an answer.
type Flags struct {
	// Status is FlagsStanding when any flag stands against the URL,
	// FlagsNone otherwise.
	Status          string   `json:"status"`
	StandingFlagIDs []string `json:"standing_flag_ids"`
	Note            string   `json:"note"`
}

// The flag statuses of an answer.
const (
	FlagsNone     = "none"
	FlagsStanding = "standing"
)

// Reviews is the review aggregate of an answer: reviews come only from
// KYA-verified agents and are bound to fingerprint versions.
type Reviews struct {
	Total          int      `json:"total"`
	CurrentCount   int      `json:"current_count"`
	CurrentAverage *float64 `json:"current_average"`
	OlderCount     int      `json:"older_count"`
	Note           string   `json:"note"`
}

// ToolFocus answers for one tool name.
type ToolFocus struct {
	Tool string `json:"tool"`
	// Offered is null when nothing is known (an unregistered server that
	// cannot be probed).
	Offered *bool `json:"offered"`
	// Basis is BasisServed or BasisRecorded; null with Offered.
	Basis *string `json:"basis"`
}

// The fixed lines of an answer (§9, §12).
const (
	// Note is the standing honesty line of every answer.
	Note = "A pre-call check is evidence gathered at one moment, never a guarantee that a tool is safe."
	// IntegrityNote qualifies the fingerprint.
	IntegrityNote = "A fingerprint says which definitions were served; a match says they match a record, not that they are safe."
	// ScanNoteUnregistered qualifies the scan of an unregistered server.
	ScanNoteUnregistered = "A clean scan means none of the classes of the agent-safety formats were found in the definitions served for this check; it is never a finding that they are safe. The server is not registered: findings are reported and nothing is recorded."
	// ScanNoteNotRun is the scan note when nothing could be scanned.
	ScanNoteNotRun = "The server could not be probed, so nothing was scanned."
	// FlagsNote qualifies the flags.
	FlagsNote = "A flag says invisible content was found and attributed, and is a permanent record; no standing flag is not a finding that the server is safe."
	// ReviewsNote qualifies the reviews.
	ReviewsNote = "Reviews come only from KYA-verified agents and are bound to fingerprint versions; a review is testimony. Zero means none exist."
	// WarningNote is the note of every collision warning (§10).
	WarningNote = "A warning is a fact about names and definitions: a client that loads both servers cannot tell the two tools apart by name alone. It is not an accusation against any server, and any of them may be the one a caller intended."
)
