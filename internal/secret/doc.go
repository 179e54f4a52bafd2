// Package secret finds credentials in text: the formats that a service
// prints when it issues a key or token, each recognised by its fixed
// prefix or structure and, where the format has one, its checksum.
//
// It is shared by package shield (the secrets score of the Agent-Shield
// protocol) and by the cleaning of community signatures, which must find
// the same things: Find is the detector, Holds the refusal (issue 27).
//
// # Rules
//
// Three sets, matched together (docs/judgement/secrets.md has the
// measurements):
//
//   - gitleaks' default rules (github.com/zricethezav/gitleaks/v8 at
//     GitleaksVersion, MIT, see gitleaks.LICENSE): its config/gitleaks.toml,
//     embedded byte for byte (go generate copies the module's
//     config.DefaultConfig; a test compares them) and matched here with
//     gitleaks' semantics — keywords, regexp, secret group, entropy,
//     allowlists — without linking gitleaks (its detect package costs 9 ms
//     per 16 KiB). The rules that need a file path, and private-key and jwt
//     (covered below, with more checks), are left out. A finding's Rule is
//     the gitleaks id ("stripe-access-token", "vault-service-token").
//   - extra.toml: formats gitleaks lacks (Docker, Groq, xAI, OpenRouter,
//     Tavily, LangSmith, Replicate, Supabase, Azure SAS, shared access and
//     API keys, Vault tokens of the short form, Authorization headers,
//     Notion's secret_ tokens, Atlassian tokens of any issued length,
//     Twitter bearer tokens without a label, Mapbox sk. tokens, HubSpot
//     private app tokens, PuTTY private keys), written
//     for this project in the same format; ids with hyphens.
//   - the package's own rules, listed under Formats (ids with
//     underscores), which check what a regexp cannot: checksums, decoded
//     JWTs, PEM bodies, placeholders. Where one of them and a gitleaks rule
//     find the same bytes, the package's rule is kept.
//
// Confidence: the package's own rules as listed; gitleaks' and extra.toml's
// rules of a distinctive format 0.9; gitleaks' assignment template (a
// vendor's keyword, an operator and a value) 0.75; generic-api-key 0.6.
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
//   - huggingface_token: hf_ and 34 letters; shopify_token: shpat_,
//     shpca_, shppa_ or shpss_ and 32 hex (or base62) characters;
//     digitalocean_token: dop_v1_, doo_v1_ or dor_v1_ and 64 hex;
//     sendgrid_key: SG., 22, ".", 43; twilio_api_key: SK and 32 lowercase
//     hex.
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
//     that looks generated (8 or more characters, letters and digits, more
//     than 3 bits a character; weaker than a database URL: documentation
//     writes them).
//
//   - seed_phrase: a wallet recovery phrase: 12, 15, 18, 21 or 24 words of
//     the BIP-39 English list in a row (separated by spaces, line breaks,
//     commas or numbering) whose BIP-39 checksum holds; a run of 12 or
//     more list words with no window whose checksum holds is
//     seed_phrase_unchecked, weaker (a phrase with one word wrong).
//
//   - hex_private_key: 64 hex digits, optionally after 0x, that a label
//     ("private key", "privkey", "secret key", "signing key", "wallet key",
//     "seed", "wallet(") precedes within 40 bytes on the line.
//
//   - password_assignment: password, passwd, passphrase or pwd in an
//     identifier, a JSON key or a connection string, "=" or ":", and a
//     value of 8 to 100 characters that is not a placeholder, variable,
//     expression, path or name, of two classes of character and more than
//     2.5 bits a character (0.7).
//
//   - secret_assignment: "secret" in an identifier (SECRET_KEY,
//     app_secret), "=" or ":", and a quoted value of 24 to 100 characters
//     of three classes and more than 4 bits a character (a framework's
//     generated key with symbols, which generic-api-key drops), 0.7; where
//     a vendor's rule finds the same bytes, the vendor's rule is kept. A
//     key named secret alone (YAML's "secret: X") also takes an unquoted
//     value of three classes.
//
//   - Passwords by context (issue 27, item 2, fourth pass; cliauth.go),
//     each value braked as password_assignment's: the labels pass, pw and
//     psk as a whole identifier or its last part (ADMIN_PASS,
//     ansible_ssh_pass, bind_pw) with three classes of character; a long
//     flag and a space (--password X, --admin-password X); the password
//     flag of a command whose flag takes one (mysql -p, redis-cli -a,
//     sshpass -p, mosquitto_pub -P, sqlcmd -P, ldapsearch -w, docker login
//     -p; not psql's or ssh's -p, a port); an XML key/value pair
//     (key="SmtpPassword" value="X") or element (<password>X</password>);
//     "the VPN password for the laptop is X", "set the password to X";
//     PHP's PDO constructor; PowerShell's ConvertTo-SecureString;
//     htpasswd -b file user X; a netrc entry; a .pgpass line
//     (password_assignment, 0.7); Go's MySQL
//     DSN, user:pass@tcp(host) (connection_string_password); an htpasswd
//     entry, user:$apr1$…, user:$2y$…, user:{SHA}… (htpasswd_entry, 0.7).
//     Where a vendor's rule finds the same bytes, the vendor's rule is
//     kept.
//
//   - discord_bot_token: three base64url parts whose first decodes to a
//     bot's numeric id of 17 to 20 digits (0.9, no label needed);
//     twilio_auth_token: 32 hex digits quoted within 80 bytes after an
//     account SID (AC and 32 hex), 0.85; telegram_bot_token also after
//     "/bot" in the Bot API's URL.
//
// generic-api-key also takes 32 or 40 hex digits of one case above 3 bits
// a character (gitleaks: above 3.5) after a label naming a key, a token
// or a secret but no digest (hash, sha, checksum, cache, commit, etag…):
// services issue keys in that shape, and a third of random 32-digit hex
// strings fall at or below 3.5 bits. A '#' after the user's colon of a
// connection string is read as part of the password, and a private-key
// block whose body is elided ("...", a placeholder in brackets, nothing)
// is no finding. A manifest's name/value pair ("- name: API_KEY" and
// "value: …" on the next line, as Kubernetes and GitHub Actions write
// environment variables) is read as the assignment "API_KEY: …", at most
// 64 pairs a call; password_assignment also reads "password is X" in
// prose when X holds three classes of character.
//
// Keys printed in the services' own documentation as examples (AWS's
// AKIAIOSFODNN7EXAMPLE and its secret key, Stripe's test keys of its API
// reference, the jwt.io example token, values containing EXAMPLE),
// placeholders, gitleaks' allowlists, and for generic-api-key values
// without a digit, UUIDs, file names and code identifiers are not
// findings; nor is a match inside a line of base64, or a run of BIP-39
// words of which fewer than half are distinct.
//
// # Holds
//
// Holds reports whether Find, or the same rules with the precision filters
// off, finds anything: the rules of a distinctive prefix without their
// entropy threshold and allowlists, placeholders, repetitive phrases, and a
// 0x-prefixed 64-hex key without a label. Only the documented example keys
// pass. The Shield method's cleaning calls it after removing invisible
// characters and applying NFKC.
//
// # Bounds
//
// The package's own rules make one pass over the text, looking at each
// byte once to see whether a rule can start there, and read at most a
// bounded window (at most 16 KiB, for a private-key block) from each
// candidate start; they allocate only for the JWT parts they decode
// (bounded at 4 KiB each) and, for recovery phrases, a window of at most
// 64 words, an upper-case word's lower-case copy and the list of phrases
// found (each of 12 words or more). gitleaks' rules: one pass for their
// keywords, at most 4,096 keyword hits a rule, and regexps that read, in
// one call, at most twice the text's length plus 256 KiB (after which the
// remaining rules are skipped for that text); a window around a hit is at
// most 4 KiB. Merging the findings takes time and memory linear in the
// text. The rules compile once, at the first call (about 30 ms).
//
// # What it does not claim
//
// A finding is a string in the format of a credential, not a live one: no
// key is ever tried, and a test key in code is reported like a real one.
// Formats without a prefix, a structure or a label (a bare 40-hex token, a
// password in prose) are not found, and a credential split by whitespace
// or quoting is not found. Recovery phrases are found in the English
// BIP-39 list only; the other languages' lists, and phrases of other wallet
// schemes, are not. Rules of gitleaks that need a file path, or several
// rules together, are not applied.
package secret
