package server

import (
	"bytes"
	_ "embed"
	"net/http"
)

// openAPIDoc is the OpenAPI 3.1 document of every route (openapi.json,
// linted in CI with @redocly/cli; TestOpenAPI checks every handler's
// answers against it).
//
//go:embed openapi.json
var openAPIDoc []byte

// OpenAPI returns the OpenAPI 3.1 document that describes the routes of
// [New], as served at GET /openapi.json.
func OpenAPI() []byte { return bytes.Clone(openAPIDoc) }

// openAPI is GET /openapi.json.
func (h *handler) openAPI(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	w.Write(openAPIDoc)
}
