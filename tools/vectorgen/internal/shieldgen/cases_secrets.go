package shieldgen

import "github.com/plainsight/plainsight/internal/secret/secrettest"

// secretsVerdicts is, for each rule of the family samples, the verdict
// its confidence gives (docs/judgement/secrets.md): gitleaks' rules of a
// distinctive format and the package's own checked formats reach the
// block threshold (0.85); the assignment rules (a label and a value: 0.75,
// generic-api-key 0.6) are signals below it.
var secretsVerdicts = map[string]string{
	"aws_access_key_id": "malicious", "aws_secret_access_key": "malicious", "github_token": "malicious",
	"github_fine_grained_pat": "malicious", "gitlab_token": "malicious", "npm_token": "malicious",
	"slack_token": "malicious", "stripe_key": "malicious", "stripe-access-token": "malicious",
	"shopify_token": "malicious", "docker-pat": "malicious", "groq-api-key": "malicious",
	"vault-service-token": "malicious", "vault-batch-token": "malicious", "azure-ad-client-secret": "malicious",
	"azure_storage_key": "malicious", "azure-sas-token": "malicious", "azure-shared-access-key": "malicious",
	"openai_key": "malicious", "anthropic_key": "malicious", "google_api_key": "malicious",
	"huggingface_token": "malicious", "sendgrid_key": "malicious", "notion-api-token": "malicious",
	"perplexity-api-key": "malicious", "pulumi-api-token": "malicious", "grafana-service-account-token": "malicious",
	"private_key": "malicious", "connection_string_password": "malicious", "hex_private_key": "malicious",
	"xai-api-key": "malicious", "openrouter-api-key": "malicious", "tavily-api-key": "malicious",
	"langsmith-api-key": "malicious", "replicate-api-token": "malicious", "supabase-access-token": "malicious",
	"new-relic-user-api-key-bare": "malicious", "launchdarkly-sdk-key": "malicious", "firebase-fcm-server-key": "malicious",
	"vault-token": "malicious", "authorization-header": "malicious", "azure-api-key": "suspicious", "password_assignment": "suspicious", "generic-api-key": "suspicious",
}

// secretsCases are the scan vectors of the secrets detector: one case per
// family of package secrettest (keys written for this project from each
// format's structure, none real), and its look-alikes, which stay clean.
var secretsCases = func() []ScanCase {
	var cs []ScanCase
	for _, s := range secrettest.Positives() {
		v, ok := secretsVerdicts[s.Rule]
		if !ok {
			panic("shieldgen: no verdict for rule " + s.Rule)
		}
		c := ScanCase{Comment: "secrets: " + s.Name, Spec: []string{"§3.2"}, Content: s.Text, Verdict: v, Signals: sec, Kinds: []string{s.Rule}}
		if v == "suspicious" {
			c.Flags = []string{"CalibratedBand"}
		}
		cs = append(cs, c)
	}
	for _, s := range secrettest.Negatives() {
		cs = append(cs, ScanCase{Comment: "secrets, not a credential: " + s.Name, Spec: []string{"§3.2"}, Content: s.Text, Verdict: "clean", Signals: none})
	}
	return cs
}()
