package signature

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/netip"
	"strings"
	"time"
	"unicode/utf8"

	"golang.org/x/net/idna"
	"golang.org/x/net/publicsuffix"
)

// Bounds of a check-in (Shield method 1.0, "What agents report").
const (
	MaxReportsPerCheckIn = 5
	MaxSnippetChars      = 1000
	// MaxCheckInBytes bounds the JSON of one check-in's reports: five
	// snippets of 1,000 four-byte characters, each JSON-escaped at worst
	// six bytes a byte, and room for the other fields.
	MaxCheckInBytes = 5 * (MaxSnippetChars*4*6 + 1024)
	// ClockSkew is how far in the future observed_at may lie.
	ClockSkew = 5 * time.Minute
)

// Source types (Shield method 1.0, "What agents report").
var SourceTypes = []string{"web_page", "email", "document", "chat_message", "tool_output", "skill_file", "other"}

// Categories (Shield method 1.0, "What agents report").
var Categories = []string{"instruction_override", "data_exfiltration", "credential_request", "payment_request", "tool_misuse", "persona_hijack", "other"}

// Report is one report of a check-in, in its wire form.
type Report struct {
	ObservedAt   time.Time `json:"observed_at"`
	SourceType   string    `json:"source_type"`
	SourceDomain string    `json:"source_domain,omitempty"`
	Category     string    `json:"category"`
	Snippet      string    `json:"snippet"`
}

// ParseReports decodes the reports of a check-in: a JSON array of report
// objects, at most MaxCheckInBytes, no unknown field, no trailing data.
// It only decodes; [ValidateReports] applies the rules.
func ParseReports(r io.Reader) ([]Report, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxCheckInBytes+1))
	if err != nil {
		return nil, refuse("reports", ErrBadRequest, err.Error())
	}
	if len(data) > MaxCheckInBytes {
		return nil, refuse("reports", ErrBadRequest, "too large")
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var wire []struct {
		ObservedAt   *string `json:"observed_at"`
		SourceType   string  `json:"source_type"`
		SourceDomain string  `json:"source_domain"`
		Category     string  `json:"category"`
		Snippet      string  `json:"snippet"`
	}
	if err := dec.Decode(&wire); err != nil {
		return nil, refuse("reports", ErrBadRequest, "not an array of reports")
	}
	if dec.More() {
		return nil, refuse("reports", ErrBadRequest, "trailing data")
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, refuse("reports", ErrBadRequest, "trailing data")
	}
	if len(wire) > MaxReportsPerCheckIn {
		return nil, refuse("reports", ErrTooManyReports, fmt.Sprintf("%d reports, at most %d", len(wire), MaxReportsPerCheckIn))
	}
	out := make([]Report, len(wire))
	for i, w := range wire {
		out[i] = Report{SourceType: w.SourceType, SourceDomain: w.SourceDomain, Category: w.Category, Snippet: w.Snippet}
		if w.ObservedAt == nil {
			continue // ValidateReports names the missing field
		}
		t, err := time.Parse(time.RFC3339, *w.ObservedAt)
		if err != nil {
			return nil, refuse(fmt.Sprintf("reports[%d].observed_at", i), ErrBadTime, "not an RFC 3339 time")
		}
		out[i].ObservedAt = t
	}
	return out, nil
}

// ValidateReports checks a check-in's reports against the spec's rules
// and returns them with source_domain reduced to its registrable domain.
// The first refusal is returned as an *Error naming the field
// ("reports[i].category"). It does not clean snippets: see [Clean].
func ValidateReports(reports []Report, now time.Time) ([]Report, error) {
	if len(reports) > MaxReportsPerCheckIn {
		return nil, refuse("reports", ErrTooManyReports, fmt.Sprintf("%d reports, at most %d", len(reports), MaxReportsPerCheckIn))
	}
	out := make([]Report, len(reports))
	for i, r := range reports {
		f := func(name string) string { return fmt.Sprintf("reports[%d].%s", i, name) }
		switch {
		case r.ObservedAt.IsZero():
			return nil, refuse(f("observed_at"), ErrMissingField, "")
		case r.ObservedAt.After(now.Add(ClockSkew)):
			return nil, refuse(f("observed_at"), ErrBadTime, "in the future")
		case r.SourceType == "":
			return nil, refuse(f("source_type"), ErrMissingField, "")
		case !contains(SourceTypes, r.SourceType):
			return nil, refuse(f("source_type"), ErrUnknownSourceType, "")
		case r.Category == "":
			return nil, refuse(f("category"), ErrMissingField, "")
		case !contains(Categories, r.Category):
			return nil, refuse(f("category"), ErrUnknownCategory, "")
		case r.Snippet == "":
			return nil, refuse(f("snippet"), ErrMissingField, "")
		case utf8.RuneCountInString(r.Snippet) > MaxSnippetChars:
			return nil, refuse(f("snippet"), ErrSnippetTooLong, fmt.Sprintf("more than %d characters", MaxSnippetChars))
		}
		if r.SourceDomain != "" {
			d, err := RegistrableDomain(r.SourceDomain)
			if err != nil {
				return nil, refuse(f("source_domain"), ErrBadDomain, "")
			}
			r.SourceDomain = d
		}
		out[i] = r
	}
	return out, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// RegistrableDomain reduces a host name to its registrable domain (the
// public suffix and one label, by the Public Suffix List of
// golang.org/x/net/publicsuffix): "mail.example.co.uk" → "example.co.uk".
// A host name in Unicode is turned to its ASCII form first (IDNA 2008,
// lookup profile); case and one trailing dot are dropped.
//
// A full address is refused, not reduced: anything with a scheme, a
// userinfo, a port, a path, a query or a fragment, and an IP address. The
// spec says "never a full address"; an agent that sends one has not
// reduced it, and its path or query may carry what was not meant to leave
// the agent, so it is not kept even in part. A public suffix alone
// ("co.uk") has no registrable domain and is refused too.
func RegistrableDomain(host string) (string, error) {
	if len(host) > 253 || strings.ContainsAny(host, "/:@?#[]\\ %") {
		return "", ErrBadDomain
	}
	h := strings.TrimSuffix(host, ".")
	if _, err := netip.ParseAddr(h); err == nil {
		return "", ErrBadDomain
	}
	a, err := idna.Lookup.ToASCII(h)
	if err != nil || a == "" || !strings.Contains(a, ".") {
		return "", ErrBadDomain
	}
	a = strings.ToLower(a)
	for _, c := range []byte(a) {
		if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' || c == '.') {
			return "", ErrBadDomain
		}
	}
	d, err := publicsuffix.EffectiveTLDPlusOne(a)
	if err != nil {
		return "", ErrBadDomain
	}
	return d, nil
}
