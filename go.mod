module github.com/plainsight/plainsight

go 1.26.0

require github.com/google/go-cmp v0.7.0

require (
	code.dny.dev/ssrf v0.3.0
	github.com/go-jose/go-jose/v4 v4.1.9
	golang.org/x/net v0.62.0
)

require golang.org/x/text v0.43.0 // indirect

require (
	github.com/google/jsonschema-go v0.4.3 // indirect
	github.com/modelcontextprotocol/go-sdk v1.8.0
	github.com/segmentio/asm v1.1.3 // indirect
	github.com/segmentio/encoding v0.5.4 // indirect
	github.com/yosida95/uritemplate/v3 v3.0.2 // indirect
	golang.org/x/oauth2 v0.35.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/time v0.15.0 // indirect
)
