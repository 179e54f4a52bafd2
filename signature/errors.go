package signature

import "errors"

// Sentinels of the error classes a caller or a vector can test. Each is
// returned wrapped in an [*Error] naming the field or the operation.
var (
	// ErrTooManyReports: a check-in holds more than MaxReportsPerCheckIn
	// reports.
	ErrTooManyReports = errors.New("signature: too many reports in one check-in")
	// ErrMissingField: a required field is empty.
	ErrMissingField = errors.New("signature: missing field")
	// ErrUnknownSourceType: source_type is not one of the spec's list.
	ErrUnknownSourceType = errors.New("signature: unknown source_type")
	// ErrUnknownCategory: category is not one of the spec's list.
	ErrUnknownCategory = errors.New("signature: unknown category")
	// ErrBadDomain: source_domain is not a registrable domain (a full
	// address, a path, a public suffix alone, an IP address, a malformed
	// name).
	ErrBadDomain = errors.New("signature: source_domain is not a registrable domain")
	// ErrBadTime: observed_at is not an RFC 3339 time, or lies in the
	// future.
	ErrBadTime = errors.New("signature: bad observed_at")
	// ErrSnippetTooLong: snippet has more than MaxSnippetChars characters.
	ErrSnippetTooLong = errors.New("signature: snippet too long")
	// ErrSecret: the snippet looks like it holds a secret; it is refused
	// whole (Shield method 1.0, "Cleaning and fingerprints").
	ErrSecret = errors.New("signature: snippet looks like it holds a secret")
	// ErrTooShort: the cleaned snippet has fewer than ShingleWords words,
	// so it has no shingle and cannot be fingerprinted.
	ErrTooShort = errors.New("signature: snippet has fewer than five words")
	// ErrTextTooLarge: a checked text is longer than MaxCheckBytes.
	ErrTextTooLarge = errors.New("signature: text too large")
	// ErrNotOptedIn: a review vote comes from an agent that did not opt
	// into review jobs.
	ErrNotOptedIn = errors.New("signature: reviewer did not opt in")
	// ErrSelfReview: an owner that reported a candidate asks for a review
	// job of it, or votes on it. The two ways a candidate is confirmed
	// (Shield method 1.0, "When a report becomes a signature": reports of
	// 3 owners, or reviewers of 5 owners) are independent only when a
	// reporter is no reviewer of its own report (issue 29).
	ErrSelfReview = errors.New("signature: a reporting owner may not review its own candidate")
	// ErrBadRequest: a check-in's JSON is malformed or has unknown fields.
	ErrBadRequest = errors.New("signature: malformed report")
)

// Error is a refusal: the field (or operation) and the error class.
type Error struct {
	Field string // "reports", "reports[2].snippet", "text", …
	Kind  error  // one of the sentinels
	Note  string // a detail for people; never a part of the snippet
}

func (e *Error) Error() string {
	msg := e.Kind.Error() + ": " + e.Field
	if e.Note != "" {
		msg += ": " + e.Note
	}
	return msg
}

// Unwrap returns the error class.
func (e *Error) Unwrap() error { return e.Kind }

func refuse(field string, kind error, note string) *Error {
	return &Error{Field: field, Kind: kind, Note: note}
}
