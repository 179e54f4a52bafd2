// Package secret finds credentials in text: the formats that a service
// prints when it issues a key or token, each recognised by its fixed
// prefix or structure and, where the format has one, its checksum.
//
// It is shared by package shield (the secrets score of the Agent-Shield
// protocol) and by the cleaning of community signatures, which must find
// the same things.
//
// # Formats
//
// Each Finding names its Rule; the rules, and what each checks:
//
//   - aws_access_key_id: AKIA, ASIA, ABIA or ACCA (or A3T and one more
//     character) and 16 base32 characters;
//     aws_secret_access_key: a 40-character key after aws_secret_access_key
//     or SecretAccessKey and "=" or ":".
//
//   - github_token: ghp_, gho_, ghu_, ghs_ or ghr_ and 36 base62 characters,
//     the last six being the base62 CRC-32 of the first thirty (a token
//     whose checksum fails is github_token_unchecked, lower confidence);
//     github_fine_grained_pat: github_pat_, 22, "_", 59.
//
//   - gitlab_token: glpat-, gldt-, glrt-, glptt-, glcbt- or gloas- and at
//     least 20 characters of [0-9A-Za-z_.-].
//
//   - npm_token: npm_ and 36 base62 characters with the GitHub checksum.
//
//   - pypi_token: pypi-AgEIcHlwaS5vcmc (a macaroon for pypi.org) and 50 or
//     more base64url characters.
//
//   - slack_token: xoxb-, xoxp-, xoxa-, xoxr-, xoxs-, xoxe- and digit groups,
//     or an app-level xapp- token;
//     slack_webhook: hooks.slack.com/services/T…/B…/….
//
//   - discord_webhook: discord(app).com/api/webhooks/ID/TOKEN.
//
//   - telegram_bot_token: 8–10 digits, ":AA" and 33 base64url characters.
//
//   - stripe_key: sk_ or rk_ with live_ or test_ and 24 or more base62
//     characters (test keys lower confidence); stripe_webhook_secret: whsec_.
//
//   - square_token: sq0atp- (22) or sq0csp- (43); braintree_token:
//     access_token$production$….
//
//   - google_api_key: AIza and 35 characters; google_oauth_secret: GOCSPX-
//     and 28.
//
//   - openai_key: sk-proj-, sk-svcacct-, sk-admin- and 40 or more, or sk-,
//     20, T3BlbkFJ, 20; anthropic_key: sk-ant-api03- or sk-ant-admin01- and
//     90 or more.
//
//   - huggingface_token: hf_ and 34 letters; shopify_token: shpat_, shpca_,
//     shppa_ or shpss_ and 32 hex; digitalocean_token: dop_v1_, doo_v1_ or
//     dor_v1_ and 64 hex; sendgrid_key: SG., 22, ".", 43; twilio_api_key: SK
//     and 32 lowercase hex.
//
//   - private_key: a PEM or OpenSSH "-----BEGIN … PRIVATE KEY-----" block
//     (also PGP PRIVATE KEY BLOCK) with at least 64 characters of base64
//     body, in a file or JSON-escaped; a BEGIN line with no body is
//     private_key_header, a weak signal (documentation names them).
//
//   - jwt: three base64url parts whose first two decode to JSON objects, the
//     first holding "alg".
//
//   - connection_string_password: a URL of a database, queue, mail or
//     directory scheme (postgres, mysql, mongodb, redis, amqp, mssql, smtp,
//     ldap, …) with a password in its userinfo that is not a placeholder.
//
//   - azure_storage_key: AccountKey= and 86 base64 characters and "==".
//
//   - linear_api_key: lin_api_ and 40 base62 characters;
//     onepassword_service_token: ops_eyJ and a base64url token.
//
//   - basic_auth_url: an http or https URL with a password in its userinfo
//     that is not a placeholder (weaker than a database URL: documentation
//     writes them).
//
//   - seed_phrase: a wallet recovery phrase: 12, 15, 18, 21 or 24 words of
//     the BIP-39 English list in a row (separated by spaces, line breaks,
//     commas or numbering) whose BIP-39 checksum holds; a run of 12 or
//     more list words with no window whose checksum holds is
//     seed_phrase_unchecked, weaker (a phrase with one word wrong).
//
// Keys printed in the services' own documentation as examples (AWS's
// AKIAIOSFODNN7EXAMPLE, the jwt.io example token, values containing
// EXAMPLE) are not findings.
//
// # Bounds
//
// Find makes one pass over the text, looking at each byte once to see
// whether a rule can start there, and reads at most a bounded window (at
// most 16 KiB, for a private-key block) from each candidate start; it
// allocates only for the JWT parts it decodes (bounded at 4 KiB each) and,
// for recovery phrases, a window of at most 64 words, an upper-case word's
// lower-case copy and the list of phrases found (each of 12 words or more).
//
// # What it does not claim
//
// A finding is a string in the format of a credential, not a live one: no
// key is ever tried. Formats without a prefix or structure (a bare 40-hex
// token, a password in prose) are not found, and a credential split by
// whitespace or quoting is not found. Recovery phrases are found in the
// English BIP-39 list only; the other languages' lists, and phrases of
// other wallet schemes, are not.
package secret
