package server

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/plainsight/plainsight/internal/canon"
	"github.com/plainsight/plainsight/internal/strictjson"
)

// A request body must mean one thing to every reader (issue 29): a
// member name given twice in one object, at any depth, or differing from
// a member the route reads only by case, is refused with 400 invalid_json
// rather than read as one of the readers would (the last one, as
// encoding/json and JSON.parse do; the folded one, as encoding/json does).

// foldedNameError is a member name that differs from one the route reads
// only by case ("TEXT" for "text").
type foldedNameError struct{ name, member string }

func (e *foldedNameError) Error() string {
	return fmt.Sprintf("member %q is %q spelt with another case", printableKey(e.name), e.member)
}

// unknownMember is the refusal of a member name no field has: a
// foldedNameError when it is a known name up to case.
func unknownMember(prefix, name string, known ...[]string) error {
	for _, names := range known {
		for _, n := range names {
			if strings.EqualFold(n, name) {
				return &foldedNameError{prefix + name, prefix + n}
			}
		}
	}
	return fmt.Errorf("unknown member %q", printableKey(prefix+name))
}

// unknownField is unknownMember for fields' members.
func unknownField(prefix, name string, want map[string]*string, objects map[string]*canon.Value) error {
	return unknownMember(prefix, name, slices.Collect(maps.Keys(want)), slices.Collect(maps.Keys(objects)))
}

// repeatedMember refuses a body that gives one member name twice in an
// object: canon.Parse, which read it, keeps the last, as JSON.parse does;
// another reader may keep the first. It runs on a body canon.Parse
// accepted, so only a duplicate is reported. Names are compared as
// encoding/json decodes them, so two names differing only in the lone
// surrogate they escape count as one; no route reads such a name.
//
// v is canon.Parse's value of b. When the body's member names (its colons
// outside strings) are as many as v's members and every name is UTF-8,
// no object gave a name twice, and the body is not read again: that
// second reading, with encoding/json's tokenizer, cost a 16 KiB scan
// request more than the scan of its text did (issue 33, item 5).
// Otherwise strictjson reads it, for the refusal and its path.
func repeatedMember(b []byte, v canon.Value, maxDepth int) error {
	if n, ok := namesOf(v); ok && n == memberColons(b) {
		return nil
	}
	err := strictjson.Check(b, nil, strictjson.Limits{MaxBytes: max(len(b), 1), MaxDepth: maxDepth})
	var se *strictjson.Error
	if errors.As(err, &se) && errors.Is(err, strictjson.ErrDuplicate) {
		return fmt.Errorf("the body gives member %q twice (in %s)", se.Name, se.Path)
	}
	return nil
}

// bodyRefusal answers a refusal of a body's members: 400 invalid_json for
// a case-folded member name, else 422 invalid_request.
func bodyRefusal(w http.ResponseWriter, err error) {
	var fe *foldedNameError
	if errors.As(err, &fe) {
		writeError(w, http.StatusBadRequest, "invalid_json", "the body is malformed: "+err.Error())
		return
	}
	writeError(w, http.StatusUnprocessableEntity, "invalid_request", err.Error())
}

// toolRefusal is bodyRefusal for the arguments of an MCP tool.
func toolRefusal(err error) *toolError {
	var fe *foldedNameError
	if errors.As(err, &fe) {
		return &toolError{"invalid_json", "the arguments are malformed: " + err.Error()}
	}
	return &toolError{"invalid_request", err.Error()}
}

// checkInShape is the check-in body's members as the route reads them
// (the reports' as package signature reads them): the names
// strictjson.Check holds the body against, at every depth.
type checkInShape struct {
	AgentID string `json:"agent_id"`
	Reports []struct {
		ObservedAt   time.Time `json:"observed_at"`
		SourceType   string    `json:"source_type"`
		SourceDomain string    `json:"source_domain"`
		Category     string    `json:"category"`
		Snippet      string    `json:"snippet"`
	} `json:"reports"`
	FeedSince int64 `json:"feed_since"`
}

// checkInMembers refuses a check-in body that encoding/json would read
// differently from another reader: a repeated member, or a case-folded
// name of the body's or of a report's (encoding/json folds both).
func checkInMembers(b []byte) error {
	err := strictjson.Check(b, checkInShape{}, strictjson.Limits{MaxBytes: max(len(b), 1), MaxDepth: 8})
	var se *strictjson.Error
	if !errors.As(err, &se) {
		return nil
	}
	switch {
	case errors.Is(err, strictjson.ErrDuplicate):
		return fmt.Errorf("the body gives member %q twice (in %s)", se.Name, se.Path)
	case errors.Is(err, strictjson.ErrFoldedName):
		return fmt.Errorf("member %q (in %s) is a known member spelt with another case", se.Name, se.Path)
	}
	return nil // a syntax error: the decoder that follows reports it
}

// namesOf counts the members of v's objects, at every depth; ok is false
// when a name is not UTF-8 (a lone surrogate, which encoding/json reads
// as U+FFFD, so that two names canon keeps apart may be one to it).
func namesOf(v canon.Value) (n int, ok bool) {
	switch v.Kind {
	case canon.KindObject:
		n = len(v.Members)
		for _, m := range v.Members {
			if !utf8.ValidString(m.Key) {
				return 0, false
			}
			k, ok := namesOf(m.Value)
			if !ok {
				return 0, false
			}
			n += k
		}
	case canon.KindArray:
		for _, e := range v.Elems {
			k, ok := namesOf(e)
			if !ok {
				return 0, false
			}
			n += k
		}
	}
	return n, true
}

// memberColons counts the colons outside strings of the JSON text b:
// in a valid text, one for each member name.
func memberColons(b []byte) int {
	n := 0
	for {
		q := bytes.IndexByte(b, '"')
		if q < 0 {
			return n + bytes.Count(b, colon)
		}
		n += bytes.Count(b[:q], colon)
		b = b[q+1:]
		// The string ends at the first quote after an even run of
		// backslashes.
		for {
			e := bytes.IndexByte(b, '"')
			if e < 0 {
				return n // not a valid text: strictjson decides
			}
			k := 0
			for k < e && b[e-1-k] == '\\' {
				k++
			}
			b = b[e+1:]
			if k%2 == 0 {
				break
			}
		}
	}
}

var colon = []byte{':'}
