package sqlstore_test

import (
	"fmt"

	"github.com/plainsight/plainsight/store/internal/sqlstore"
)

// The statements are written once with ? placeholders; the PostgreSQL
// backend sends them rewritten.
func ExampleRebind() {
	fmt.Println(sqlstore.Rebind(`SELECT id FROM api_keys WHERE hash = ? AND label <> '?' LIMIT ?`))
	// Output: SELECT id FROM api_keys WHERE hash = $1 AND label <> '?' LIMIT $2
}
