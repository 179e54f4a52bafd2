package shield

import (
	"errors"
	"fmt"
)

// Errors of a request (§3.1). Each is returned wrapped in a *RequestError.
var (
	// ErrUnknownSource: context.source is not one of the six sources of
	// §3.1 (an empty one included: it is never guessed).
	ErrUnknownSource = errors.New("shield: unknown source")
	// ErrUnknownDirection: context.direction is neither inbound nor
	// outbound (an empty one included).
	ErrUnknownDirection = errors.New("shield: unknown direction")
	// ErrContentTooLarge: the content is longer than
	// Options.MaxContentBytes.
	ErrContentTooLarge = errors.New("shield: content too large")
)

// RequestError reports a request the scanner refuses.
type RequestError struct {
	// Field is the request field at fault: "context.source",
	// "context.direction" or "content".
	Field string
	// Value is the refused value, cut to 32 bytes (it is untrusted data).
	Value string
	// Err is one of the sentinels above.
	Err error
}

// Error says what was refused and why.
func (e *RequestError) Error() string {
	return fmt.Sprintf("%v: %s %q", e.Err, e.Field, e.Value)
}

// Unwrap returns the sentinel.
func (e *RequestError) Unwrap() error { return e.Err }

func requestError(field, value string, err error) error {
	if len(value) > 32 {
		value = value[:32]
	}
	return &RequestError{Field: field, Value: value, Err: err}
}
