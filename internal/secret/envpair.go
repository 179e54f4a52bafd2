package secret

import "strings"

// maxEnvPairs bounds the name/value pairs read per call.
const maxEnvPairs = 64

// envPairs finds the name/value pairs in which Kubernetes manifests,
// GitHub Actions and ECS task definitions write an environment variable —
// "name: API_KEY" and, on the next line, "value: …" — and calls fn with
// the pair written as an assignment ("API_KEY: …") and the offset in text
// of the value, so that the assignment rules (gitleaks' template,
// generic-api-key, password_assignment) read the name as the value's
// label (issue 27, item 2: secrets in the configuration files agents
// read). At most maxEnvPairs pairs; each line is read once.
func envPairs(text string, fn func(assign string, valueAt, nameLen int)) {
	n := 0
	for from := 0; from < len(text); {
		k := strings.Index(text[from:], "value:")
		if k < 0 {
			return
		}
		v := from + k
		from = v + len("value:")
		// The line before: "name: NAME" (after "- " or spaces).
		ls := strings.LastIndexByte(text[:v], '\n')
		if ls < 0 || strings.TrimLeft(text[ls+1:v], " \t-") != "" {
			continue
		}
		ps := strings.LastIndexByte(text[:ls], '\n') + 1
		prev := strings.TrimLeft(text[ps:ls], " \t-")
		if !strings.HasPrefix(prev, "name:") {
			continue
		}
		name := strings.Trim(strings.TrimSpace(prev[len("name:"):]), `"'`)
		if name == "" || len(name) > 64 || strings.ContainsAny(name, " \t:=") {
			continue
		}
		le := strings.IndexByte(text[from:], '\n')
		if le < 0 {
			le = len(text) - from
		}
		if n++; n > maxEnvPairs {
			return
		}
		fn(name+":"+text[from:from+le], from, len(name)+1)
		from += le
	}
}
