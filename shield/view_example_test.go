package shield_test

import (
	"context"
	"fmt"

	"github.com/plainsight/plainsight/shield"
)

// A tool definition given as content is read as one text; a signal's span
// is in the JSON, and Field names the JSON string it starts in.
func ExampleScan_toolDefinition() {
	def := `{"name":"deploy","description":"Deploys the site.","inputSchema":{"type":"object",` +
		`"properties":{"key":{"type":"string","examples":["AKIAZ3VQ7MXR5NB2KL4P"]}}}}`
	resp, _ := shield.Scan(context.Background(), shield.Request{Content: def,
		Context: shield.Context{Source: shield.SourceToolOutput, Direction: shield.Inbound}})
	for _, s := range resp.Signals {
		if s.Class == shield.Secrets {
			fmt.Println(s.Class, s.Field, def[s.ByteStart:s.ByteEnd])
		}
	}
	// Output:
	// secrets /inputSchema/properties/key/examples/0 AKIAZ3VQ7MXR5NB2KL4P
}
