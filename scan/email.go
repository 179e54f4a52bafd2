package scan

import (
	"strings"

	"github.com/plainsight/plainsight/scan/internal/mailparts"
)

// ContextEmail is a raw e-mail message (RFC 5322 with MIME), an extension
// of the contexts of §6. The scan reads the message (package
// scan/internal/mailparts): the Subject, the From display name, and every text
// part decoded from its transfer encoding and charset; text/html parts are
// scanned in the EmailHTML context, the others in Text. Each finding's Part
// names its part, and its offsets are within that part's decoded text.
// Findings are in the order of the parts, then in §1's order. The counts
// and the status cover every part; Sanitized is the parts' sanitized
// copies, each ending with a line feed; Parts lists every part with what
// could not be read; InvalidUTF8 lists the ill-formed UTF-8 of every part
// (a part whose charset is UTF-8 or undeclared, or unknown), each naming
// its part. A message whose header cannot be read at all is an
// error wrapping ErrMalformedEmail; everything else is scanned, never
// passed over.
const ContextEmail Context = "email"

// ErrMalformedEmail is returned (wrapped) by an email scan whose message
// header cannot be read.
var ErrMalformedEmail = mailparts.ErrMalformed

// Part is one part of an e-mail message that an email scan read.
type Part struct {
	// ID names the part: "header:subject", "header:from", "body", or a
	// path in the MIME tree such as "2.1" (see ContextEmail).
	ID string `json:"id"`
	// ContentType is "header" or the part's media type.
	ContentType string `json:"content_type"`
	// Charset is the declared charset the part was decoded from.
	Charset string `json:"charset,omitempty"`
	// Context is the context the part was scanned in; empty when it was
	// not scanned (not text).
	Context Context `json:"context,omitempty"`
	// Problem says what could not be read, when anything.
	Problem string `json:"problem,omitempty"`
}

func scanEmail(raw string, o options) (*Result, error) {
	parts, err := mailparts.Read([]byte(raw))
	if err != nil {
		return nil, err
	}
	res := &Result{Findings: []Finding{}, Note: Note}
	if o.profile == Strict {
		res.Profile = Strict.String()
	}
	var san strings.Builder
	for _, p := range parts {
		part := Part{ID: p.ID, ContentType: p.ContentType, Charset: p.Charset, Problem: p.Problem}
		if p.ContentType == "header" || strings.HasPrefix(p.ContentType, "text/") || p.Problem != "" && p.Text != "" {
			po := o
			po.context = Text
			if p.HTML() {
				po.context = EmailHTML
			}
			part.Context = po.context
			r := runProfile(p.Text, false, po)
			for _, f := range r.Findings {
				if o.maxFindings >= 0 && len(res.Findings) >= o.maxFindings {
					res.Truncated = true
					break
				}
				f.Part = p.ID
				res.Findings = append(res.Findings, f)
			}
			res.DeterministicCount += r.DeterministicCount
			res.HeuristicCount += r.HeuristicCount
			res.ExtensionCount += r.ExtensionCount
			res.Allowed += r.Allowed
			res.Truncated = res.Truncated || r.Truncated
			res.InvalidUTF8Count += r.InvalidUTF8Count
			for _, inv := range r.InvalidUTF8 {
				if o.maxFindings >= 0 && len(res.InvalidUTF8) >= o.maxFindings {
					res.Truncated = true
					break
				}
				inv.Part = p.ID
				res.InvalidUTF8 = append(res.InvalidUTF8, inv)
			}
			if !o.omitSanitized {
				san.WriteString(r.Sanitized)
				san.WriteByte('\n')
			}
		}
		res.Parts = append(res.Parts, part)
	}
	res.Sanitized = san.String()
	res.Status = statusOf(res.DeterministicCount, res.HeuristicCount)
	return res, nil
}
