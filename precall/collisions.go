package precall

import (
	"bytes"
	"cmp"
	"slices"

	"github.com/plainsight/plainsight/fingerprint"
)

// Other names a server in a collision warning (§10).
type Other struct {
	Slug       string `json:"slug"`
	URL        string `json:"url"`
	ServerName string `json:"server_name"`
	// LinkedStoreListing is the store listing linked to the server's
	// external record, if any.
	LinkedStoreListing *string `json:"linked_store_listing"`
	PageURL            string  `json:"page_url"`
}

// Offer is one recorded definition of a tool: a registered server's, or a
// store listing's linked external record's.
type Offer struct {
	Server Other
	Tool   fingerprint.Tool
}

// Warning is a tool-name collision warning of §10.
type Warning struct {
	Tool   string  `json:"tool"`
	Others []Other `json:"others"`
	Note   string  `json:"note"`
}

// Collisions returns the warnings of §10 for the tools a server offers
// (its URL is selfURL): one per tool name that another server's recorded
// definition shares with a materially different definition — different
// description text, or a different input schema under the canonical form.
// Identical definitions under one name do not warn, and the server's own
// records (offers at selfURL) are never "another server". Warnings are
// sorted by tool name (UTF-8 byte order), each warning's others by URL
// then slug, each other server listed once. It is a pure function.
func Collisions(selfURL string, tools []fingerprint.Tool, offers []Offer) []Warning {
	byName := make(map[string]*fingerprint.Tool, len(tools))
	for i := range tools {
		byName[tools[i].Name] = &tools[i]
	}
	found := map[string][]Other{}
	for _, o := range offers {
		mine := byName[o.Tool.Name]
		if mine == nil || o.Server.URL == selfURL || sameDefinition(mine, &o.Tool) {
			continue
		}
		if !slices.ContainsFunc(found[o.Tool.Name], func(x Other) bool { return x.URL == o.Server.URL && x.Slug == o.Server.Slug }) {
			found[o.Tool.Name] = append(found[o.Tool.Name], o.Server)
		}
	}
	warnings := make([]Warning, 0, len(found))
	for name, others := range found {
		slices.SortFunc(others, func(a, b Other) int {
			return cmp.Or(cmp.Compare(a.URL, b.URL), cmp.Compare(a.Slug, b.Slug))
		})
		warnings = append(warnings, Warning{Tool: name, Others: others, Note: WarningNote})
	}
	slices.SortFunc(warnings, func(a, b Warning) int { return cmp.Compare(a.Tool, b.Tool) })
	return warnings
}

// sameDefinition: the same description text and the same canonical input
// schema ({} when a record has none).
func sameDefinition(a, b *fingerprint.Tool) bool {
	return a.Description == b.Description && bytes.Equal(schemaOf(a), schemaOf(b))
}

func schemaOf(t *fingerprint.Tool) []byte {
	if len(t.InputSchema) == 0 {
		return []byte("{}")
	}
	return t.InputSchema
}
