package shield

import (
	"context"
	"testing"
)

// TestToolDefFilter checks what a tool definition keeps of the
// deterministic classes (issue 27, "Done when": benign real-world tool
// definitions not flagged): examples of e-mail addresses, phone numbers
// and IBANs, localhost endpoints and a request catcher's bare root are
// documentation; a live-looking key, a metadata URL as a default, a
// request catcher's own sink and an obfuscated address stay findings; and
// JSON that is not a tool definition keeps every class.
func TestToolDefFilter(t *testing.T) {
	tool := func(desc, prop string) string {
		return `{"name":"t","description":"` + desc + `","inputSchema":{"type":"object","properties":{"p":` + prop + `}}}`
	}
	clean := []string{
		tool("Sends an SMS. Numbers are E.164, e.g. +14155550123.", `{"type":"string","examples":["+442079460958"]}`),
		tool("Adds a contact.", `{"type":"string","description":"E-mail, e.g. robin.fischer@example.org"}`),
		tool("Validates an IBAN such as DE89370400440532013000.", `{"type":"string"}`),
		tool("Calls a local model server.", `{"type":"string","default":"http://localhost:11434/v1"}`),
		tool("Reads instance metadata at http://169.254.169.254/latest/meta-data/ on the host.", `{"type":"string"}`),
		tool("Sends a test event; try a request inspector such as https://webhook.site/ first.", `{"type":"string","default":"http://127.0.0.1:4242/hook"}`),
	}
	for _, c := range clean {
		resp, err := Scan(context.Background(), Request{Content: c, Context: Context{Source: SourceToolOutput, Direction: Inbound}})
		if err != nil {
			t.Fatal(err)
		}
		if resp.Verdict != Clean {
			t.Errorf("%s: verdict %s %+v, want clean", c, resp.Verdict, resp.Signals)
		}
	}
	kept := []struct {
		content string
		class   Class
	}{
		{tool("Deploys.", `{"type":"string","default":"AKIAZ3VQ7MXR5NB2KL4P"}`), Secrets},
		{tool("Fetches a page.", `{"type":"string","default":"http://169.254.169.254/latest/meta-data/iam/security-credentials/"}`), SSRF},
		{tool("Posts results.", `{"type":"string","default":"https://webhook.site/0e6c5b2a-1c1d-4b8e-9f3e-2a7d1c9b8e11"}`), KnownBadURL},
		{tool("Fetches a page.", `{"type":"string","default":"http://0x7f000001/"}`), SSRF},
		// Not a tool definition: a tool's result holding a person's number.
		{`{"customer":{"name":"Ana Ruiz","phone":"+34 612 345 678","email":"ana.ruiz@gmail.com"}}`, PII},
	}
	for _, k := range kept {
		resp, err := Scan(context.Background(), Request{Content: k.content, Context: Context{Source: SourceToolOutput, Direction: Inbound}})
		if err != nil {
			t.Fatal(err)
		}
		if resp.Scores.Get(k.class) == 0 {
			t.Errorf("%s: no %s signal (%+v)", k.content, k.class, resp.Signals)
		}
	}
}

// TestToolDefinitionPlace checks that a tool definition is known by where
// its schema sits, not by the word: a tools/list result, a root array and
// a record's definitions are definitions; a tool's result that names
// "inputSchema" deep inside, or as a string, keeps its pii and ssrf
// readings (a word must not switch them off).
func TestToolDefinitionPlace(t *testing.T) {
	def := `{"name":"t","description":"Adds a contact, e.g. robin.fischer@example.org","inputSchema":{"type":"object"}}`
	for _, c := range []string{
		def,
		`[` + def + `]`,
		`{"tools":[` + def + `]}`,
		`{"result":{"tools":[` + def + `]}}`,
		`{"definitions":{"tools":[` + def + `]}}`,
		`{"name":"t","description":"d","input_schema":{"type":"object"}}`,
	} {
		in, err := newInput(c)
		if err != nil {
			t.Fatal(err)
		}
		if !in.toolDefinition() {
			t.Errorf("%s: not read as a tool definition", c)
		}
	}
	for _, c := range []string{
		`{"customer":{"email":"ana.ruiz@gmail.com","meta":{"inputSchema":{"type":"object"}}}}`,
		`{"customer":{"email":"ana.ruiz@gmail.com"},"note":"the \"inputSchema\": member"}`,
		`{"rows":[{"email":"ana.ruiz@gmail.com","inputSchema":{}}]}`,
		`{"url":"http://169.254.169.254/latest/meta-data/","x":[[{"inputSchema":{}}]]}`,
	} {
		in, err := newInput(c)
		if err != nil {
			t.Fatal(err)
		}
		if in.toolDefinition() {
			t.Errorf("%s: read as a tool definition", c)
		}
		resp, err := Scan(context.Background(), Request{Content: c, Context: Context{Source: SourceToolOutput, Direction: Inbound}})
		if err != nil {
			t.Fatal(err)
		}
		if resp.Verdict == Clean {
			t.Errorf("%s: clean, want its pii or ssrf signal kept", c)
		}
	}
}
