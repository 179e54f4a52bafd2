// Package secrettest builds credential-shaped test strings, one for each
// family of formats that package internal/secret finds, and look-alikes it
// must not find. Every string is written for this project from the
// format's published structure (prefix, alphabet, length, checksum) with a
// fixed pseudo-random body: none is a real key, and none is copied from
// another project's tests. Tests of internal/secret, shield and signature
// and the scan vectors share them.
package secrettest

import (
	"encoding/base64"
	"hash/crc32"
	"strings"
)

// Sample is one test text: Text holds one credential of the format Rule
// names (for a negative, Rule is "").
type Sample struct {
	Name, Text, Rule string
}

const (
	lowerHex = "0123456789abcdef"
	base62   = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	b64url   = base62 + "-_"
	b64      = base62 + "+/"
	base32   = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
)

// Body returns n characters of alphabet, pseudo-random from seed (a
// linear congruential generator: the same seed, the same string).
func Body(alphabet string, n int, seed uint32) string {
	var b strings.Builder
	x := seed*2654435761 + 12345
	for i := 0; i < n; i++ {
		x = x*1664525 + 1013904223
		b.WriteByte(alphabet[(x>>16)%uint32(len(alphabet))])
	}
	return b.String()
}

// GitHubToken returns prefix, 30 base62 characters and their checksum
// (the base62 CRC-32 of the 30, six characters), GitHub's token format.
func GitHubToken(prefix string, seed uint32) string {
	body := Body(base62, 30, seed)
	c := crc32.ChecksumIEEE([]byte(body))
	var sum [6]byte
	for k := 5; k >= 0; k-- {
		sum[k] = base62[c%62]
		c /= 62
	}
	return prefix + body + string(sum[:])
}

// Positives returns one sample per family, each in a line of the context
// where such keys are met (an environment file, a config, a command).
func Positives() []Sample {
	pem := "-----BEGIN OPENSSH PRIVATE KEY-----\n" + Body(b64, 70, 40) + "\n" + Body(b64, 70, 41) + "\n-----END OPENSSH PRIVATE KEY-----\n"
	return []Sample{
		{"aws access key id", "AWS_ACCESS_KEY_ID=AKIA" + Body(base32, 16, 1), "aws_access_key_id"},
		{"aws secret access key", "aws_secret_access_key = " + Body(b64, 40, 2), "aws_secret_access_key"},
		{"github token with checksum", "GITHUB_TOKEN=" + GitHubToken("ghp_", 3), "github_token"},
		{"github fine-grained pat", "token: github_pat_" + Body(base62, 22, 4) + "_" + Body(base62, 59, 5), "github_fine_grained_pat"},
		{"gitlab pat", "glpat-" + Body(b64url, 20, 6), "gitlab_token"},
		{"npm token with checksum", "//registry.npmjs.org/:_authToken=" + GitHubToken("npm_", 7), "npm_token"},
		{"slack bot token", "SLACK_BOT_TOKEN=xoxb-" + Body("0123456789", 11, 8) + "-" + Body("0123456789", 13, 9) + "-" + Body(base62, 24, 10), "slack_token"},
		{"stripe live secret key", "STRIPE_SECRET_KEY=sk_live_" + Body(base62, 24, 11), "stripe_key"},
		{"stripe live secret key, long", "stripe.api_key = \"sk_live_51" + Body(base62, 97, 12) + "\"", "stripe_key"},
		{"stripe restricted key", "rk_live_" + Body(base62, 24, 13), "stripe_key"},
		{"stripe prod key", "sk_prod_" + Body(base62, 16, 14), "stripe-access-token"},
		{"shopify admin token", "SHOPIFY_ACCESS_TOKEN=shpat_" + Body(lowerHex, 32, 15), "shopify_token"},
		{"shopify custom app token", "shpca_" + Body(lowerHex, 32, 16), "shopify_token"},
		{"shopify private app password", "shppa_" + Body(lowerHex, 32, 17), "shopify_token"},
		{"shopify shared secret", "shpss_" + Body(lowerHex, 32, 18), "shopify_token"},
		{"docker pat", "docker login -u ci -p dckr_pat_" + Body(b64url, 27, 19), "docker-pat"},
		{"groq key", "GROQ_API_KEY=gsk_" + Body(base62, 52, 20), "groq-api-key"},
		{"vault service token", "VAULT_TOKEN=hvs." + Body(b64url, 95, 21), "vault-service-token"},
		{"vault service token, short form", "export VAULT_TOKEN=hvs." + Body(base62, 24, 53), "vault-token"},
		{"shopify token with a base62 body", "shpat_" + Body(base62, 32, 54), "shopify_token"},
		{"azure openai key", "AZURE_OPENAI_API_KEY=" + Body(lowerHex, 32, 55), "azure-api-key"},
		{"vault batch token", "VAULT_TOKEN=hvb." + Body(b64url, 150, 22), "vault-batch-token"},
		{"azure ad client secret", "AZURE_CLIENT_SECRET=" + Body(base62, 3, 23) + "8Q~" + Body(base62+"_~.-", 34, 24), "azure-ad-client-secret"},
		{"azure storage account key", "DefaultEndpointsProtocol=https;AccountName=acct;AccountKey=" + Body(b64, 86, 25) + "==;EndpointSuffix=core.windows.net", "azure_storage_key"},
		{"azure sas url", "https://acct.blob.core.windows.net/backups/db.bak?sv=2022-11-02&ss=b&srt=o&sp=r&se=2026-12-31T00:00:00Z&spr=https&sig=" + Body(base62, 43, 26) + "%3D", "azure-sas-token"},
		{"azure service bus key", "Endpoint=sb://ns.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=" + Body(b64, 43, 27) + "=", "azure-shared-access-key"},
		{"openai project key", "OPENAI_API_KEY=sk-proj-" + Body(b64url, 48, 28), "openai_key"},
		{"anthropic key", "ANTHROPIC_API_KEY=sk-ant-api03-" + Body(b64url, 93, 29) + "AA", "anthropic_key"},
		{"google api key", "key=AIza" + Body(b64url, 35, 30), "google_api_key"},
		{"huggingface token", "HF_TOKEN=hf_" + Body("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", 34, 31), "huggingface_token"},
		{"sendgrid key", "SG." + Body(b64url, 22, 32) + "." + Body(b64url, 43, 33), "sendgrid_key"},
		{"notion token", "NOTION_TOKEN=ntn_" + Body("0123456789", 11, 34) + Body(base62, 35, 35), "notion-api-token"},
		{"perplexity key", "pplx-" + Body(base62, 48, 36), "perplexity-api-key"},
		{"pulumi token", "PULUMI_ACCESS_TOKEN=pul-" + Body(lowerHex, 40, 37), "pulumi-api-token"},
		{"grafana service account token", "glsa_" + Body(base62, 32, 38) + "_" + Body(lowerHex, 8, 39), "grafana-service-account-token"},
		{"openssh private key", pem, "private_key"},
		{"postgres url with password", "DATABASE_URL=postgres://app:" + Body(base62, 16, 42) + "@10.0.0.5:5432/app", "connection_string_password"},
		{"ethereum private key, labelled", "PRIVATE_KEY=0x" + Body(lowerHex, 64, 43), "hex_private_key"},
		{"hex private key, labelled, no 0x", "wallet private key: " + Body(lowerHex, 64, 44), "hex_private_key"},
		{"xai key", "XAI_API_KEY=xai-" + Body(base62, 80, 45), "xai-api-key"},
		{"openrouter key", "sk-or-v1-" + Body(lowerHex, 64, 46), "openrouter-api-key"},
		{"tavily key", "TAVILY_API_KEY=tvly-" + Body(base62, 32, 47), "tavily-api-key"},
		{"langsmith key", "LANGSMITH_API_KEY=lsv2_pt_" + Body(lowerHex, 32, 48) + "_" + Body(lowerHex, 10, 49), "langsmith-api-key"},
		{"replicate token", "REPLICATE_API_TOKEN=r8_" + Body(base62, 37, 50), "replicate-api-token"},
		{"supabase token", "sbp_" + Body(lowerHex, 40, 51), "supabase-access-token"},
		{"bearer token in a header", "Authorization: Bearer " + Body(b64url, 40, 59), "authorization-header"},
		{"basic credentials in a header", "Authorization: Basic " + base64.StdEncoding.EncodeToString([]byte("deploy:"+Body(base62, 16, 61))), "authorization-header"},
		{"new relic user key, bare", "NRAK-" + Body("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", 27, 62), "new-relic-user-api-key-bare"},
		{"launchdarkly sdk key", "LD_SDK_KEY=sdk-" + Body(lowerHex, 8, 63) + "-" + Body(lowerHex, 4, 64) + "-" + Body(lowerHex, 4, 65) + "-" + Body(lowerHex, 4, 66) + "-" + Body(lowerHex, 12, 67), "launchdarkly-sdk-key"},
		{"firebase fcm server key", "FCM_SERVER_KEY=AAAA" + Body(b64url, 7, 68) + ":APA91b" + Body(b64url, 134, 69), "firebase-fcm-server-key"},
		{"generic token assignment", `auth_token = "` + Body(base62, 20, 52) + `"`, "generic-api-key"},
		{"password in an environment file", "DB_PASSWORD=" + Body(base62, 10, 56) + "!" + Body("0123456789", 2, 57), "password_assignment"},
		{"password in a connection string", "Server=db;Database=app;User Id=sa;Password=" + Body(base62+"!#%", 14, 58) + ";", "password_assignment"},
	}
}

// Negatives returns look-alikes that are not credentials: keys printed
// in the services' documentation as examples, identifiers, hashes, and
// prose about key formats.
func Negatives() []Sample {
	return []Sample{
		{"aws documentation key id", "AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE", ""},
		{"aws documentation secret", "AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", ""},
		{"stripe documentation test key", "Stripe.api_key = 'sk_test_4eC39HqLyjWDarjtT1zdp7dc'", ""},
		{"jwt.io example", "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c", ""},
		{"placeholder token", "GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", ""},
		{"uuid", "request id 7f468c16-cb7f-41e1-824d-b3a4f4b20343 failed", ""},
		{"git commit hash", "fixed in commit 3f1c2a9e8b7d6c5f4a3b2c1d0e9f8a7b6c5d4e3f", ""},
		{"sha256 digest", "sha256: 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08", ""},
		{"base64 image", "<img src=\"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==\">", ""},
		{"bcrypt hash", "$2b$12$" + Body("./"+base62, 53, 60), ""},
		{"prose about prefixes", "Live Stripe keys start with sk_live_ and Shopify admin tokens with shpat_; never commit them.", ""},
		{"code identifiers", "priv, err := x509.ParsePKCS8PrivateKey(testRSA2048PrivateKey)\nkey := NewEncapsulationKey768(seed)", ""},
		{"environment variable reference", "OPENAI_API_KEY=${OPENAI_API_KEY}\nauth_token: {{ .Values.token }}", ""},
		{"basic credentials of RFC 7617's example", "Authorization: Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==", ""},
		{"header placeholder", "curl -H \"Authorization: Bearer YOUR_API_TOKEN_HERE\" https://api.example.com/v1/items", ""},
	}
}
