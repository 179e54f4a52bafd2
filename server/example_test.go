package server_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"strings"
	"time"

	"github.com/plainsight/plainsight/server"
	"github.com/plainsight/plainsight/store"
	"github.com/plainsight/plainsight/store/memory"
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

// An API key for the write routes: the secret is shown once and stored
// only as its hash; a request without it is 401, with it the submission
// goes through the §8 ingestion gate.
func ExampleCreateKey() {
	s := memory.New()
	secret, key, err := server.CreateKey(context.Background(), s, "acct_1", "ci", []string{store.ScopeSubmit}, time.Now())
	if err != nil {
		fmt.Println(err)
		return
	}
	h := server.New(server.Config{Store: s})
	body := `{"artifact":{"type":"skill","ref":"https://example.com/skills/mail"},"field":"description","content":"Reads mail\u200b for you."}`
	for _, auth := range []string{"", "Bearer " + secret} {
		req := httptest.NewRequest("POST", "/v1/security/submissions", strings.NewReader(body))
		if auth != "" {
			req.Header.Set("Authorization", auth)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		fmt.Println(w.Code, strings.Contains(w.Body.String(), `"status":"held"`))
	}
	fmt.Println(key.Scopes, key.Hash == server.KeyHash(secret), strings.Contains(key.Hash, secret))
	// Output:
	// 401 false
	// 200 true
	// [submit] true false
}
