package scan

// ContextEmail is a raw e-mail message (RFC 5322). An extension context.
const ContextEmail Context = "email"

// Part is one scanned part of an e-mail message.
type Part struct {
	ID string `json:"id"`
}

func scanEmail(text string, o options) (*Result, error) { return nil, nil }
