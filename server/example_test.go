package server_test

import (
	"fmt"
	"net/http/httptest"
	"strings"

	"github.com/plainsight/plainsight/server"
)

// A host mounts the handler under its own mux or server; here, one scan
// through httptest. A JSON string's lone surrogate reaches the scan as
// itself.
func Example() {
	h := server.New(server.Config{})
	req := httptest.NewRequest("POST", "/v1/security/scan", strings.NewReader(`{"text": "a\u200bb\udc00"}`))
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	fmt.Println(w.Code)
	body := w.Body.String()
	fmt.Println(strings.Contains(body, `"class":"zero_width"`), strings.Contains(body, `"class":"unassigned_codepoint"`))
	// Output:
	// 200
	// true true
}
