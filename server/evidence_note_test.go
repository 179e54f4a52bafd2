package server

import (
	"encoding/json"
	"os"
	"slices"
	"sort"
	"strings"
	"testing"
)

// evidenceKeys are the members that show a fingerprint, a flag or a
// verdict.
var evidenceKeys = []string{"fingerprint", "fingerprint_before", "fingerprint_after", "flag_ids", "standing_flag_ids", "flags",
	"finding_class", "verdict", "match", "matches"}

// evidenceExempt are the answers that show one and carry no §12 line of
// their own, and why.
var evidenceExempt = map[string]string{
	"POST /v2/scan 200":                        "the Agent-Shield §3.2 response, that protocol's signed shape",
	"GET /v1/security/flags/{id} 200":          "one §8 flag record, the spec's shape (the list route, the page and the command line carry the line)",
	"POST /v1/security/flags/{id}/dispute 200": "the §8 flag record after the dispute",
	"POST /v1/security/flags/{id}/award 200":   "the §8 flag record after the award",
	"GET /v2/receipts 200":                     "the Agent-Shield Level 3 log's entries, that protocol's shape",
	"POST /v2/receipts/{scan_id}/outcome 201":  "an enforcer's outcome appended to that log",
}

// Every JSON answer in the document that shows a fingerprint, a flag or a
// verdict requires a note — at its top, or on every item of a list it is
// made of — or is exempt with a reason (issue 28, item 5). It reads the
// document, so a new route is held to it; TestOpenAPI checks the answers
// against the document.
func TestEvidenceNotesInTheDocument(t *testing.T) {
	raw, err := os.ReadFile("openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Paths      map[string]map[string]json.RawMessage `json:"paths"`
		Components struct {
			Schemas map[string]map[string]any `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	resolve := func(s map[string]any) map[string]any {
		for range 8 {
			ref, ok := s["$ref"].(string)
			if !ok {
				break
			}
			s = doc.Components.Schemas[strings.TrimPrefix(ref, "#/components/schemas/")]
		}
		return s
	}
	var shows func(s map[string]any, depth int) bool
	shows = func(s map[string]any, depth int) bool {
		s = resolve(s)
		if s == nil || depth > 16 {
			return false
		}
		props, _ := s["properties"].(map[string]any)
		for k, v := range props {
			if slices.Contains(evidenceKeys, k) {
				return true
			}
			if m, ok := v.(map[string]any); ok && shows(m, depth+1) {
				return true
			}
		}
		if m, ok := s["items"].(map[string]any); ok && shows(m, depth+1) {
			return true
		}
		for _, k := range []string{"oneOf", "anyOf", "allOf"} {
			xs, _ := s[k].([]any)
			for _, x := range xs {
				if m, ok := x.(map[string]any); ok && shows(m, depth+1) {
					return true
				}
			}
		}
		return false
	}
	requiresNote := func(s map[string]any) bool {
		req, _ := s["required"].([]any)
		return slices.Contains(req, any("note"))
	}
	noted := func(s map[string]any) bool {
		s = resolve(s)
		if requiresNote(s) {
			return true
		}
		props, _ := s["properties"].(map[string]any)
		for _, v := range props {
			m, _ := v.(map[string]any)
			if items, ok := m["items"].(map[string]any); ok && shows(items, 0) && requiresNote(resolve(items)) {
				return true
			}
		}
		return false
	}
	var checked []string
	for path, ops := range doc.Paths {
		for method, rawOp := range ops {
			var op struct {
				Responses map[string]struct {
					Content map[string]struct {
						Schema map[string]any `json:"schema"`
					} `json:"content"`
				} `json:"responses"`
			}
			if json.Unmarshal(rawOp, &op) != nil {
				continue // a path-level member, not an operation
			}
			for status, r := range op.Responses {
				c, ok := r.Content["application/json"]
				if !ok || !strings.HasPrefix(status, "2") || !shows(c.Schema, 0) {
					continue
				}
				name := strings.ToUpper(method) + " " + path + " " + status
				checked = append(checked, name)
				_, exempt := evidenceExempt[name]
				if has := noted(c.Schema); has == exempt {
					t.Errorf("%s: a note %v, exempt %v: want exactly one", name, has, exempt)
				}
			}
		}
	}
	sort.Strings(checked)
	for _, want := range []string{"GET /v1/registry/server 200", "GET /v1/registry/servers 200", "GET /v1/security/changes 200", "GET /v1/security/precall 200"} {
		if !slices.Contains(checked, want) {
			t.Errorf("%s was not checked (checked: %v)", want, checked)
		}
	}
	for name := range evidenceExempt {
		if !slices.Contains(checked, name) {
			t.Errorf("exempt %s is no answer showing evidence", name)
		}
	}
}
