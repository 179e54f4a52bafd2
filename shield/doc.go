// Package shield implements the Agent-Shield protocol, version 0.1: the
// pre-action safety check of an agent. A [Request] (§3.1) carries
// untrusted content and its context; [Scan] returns a [Response] (§3.2): a
// verdict, five per-class scores, the engine that produced them and a
// receipt that names the content by its hash. This package is the
// scanner's side (§2's Scanner role); the other roles and jobs have
// packages of their own, which import this one:
//
//   - [github.com/plainsight/plainsight/shield/enforce]: the enforcer's
//     side (§2's Enforcer): the §4 policy, Decide, and the receipt log of
//     conformance Level 3 (§5);
//   - [github.com/plainsight/plainsight/shield/receipt]: the receipt
//     cryptography (key rings, JWK sets, signing and verification);
//   - [github.com/plainsight/plainsight/shield/mcpguard]: the check around
//     an MCP client at the conformance levels of §5, and the MCP binding;
//   - [github.com/plainsight/plainsight/shield/receiptstore]: the receipt
//     log kept in a store.
//
// This is the in-process binding of §3.3: a library call, local, that
// sends nothing anywhere (§7: operators with strict privacy requirements
// should use a local scanner). mcpguard.AddScanTool is the MCP binding.
//
// # Requests (§3.1)
//
// context.source must be one of web, email, tool_output, user_message,
// agent_message, file, and context.direction inbound or outbound; any
// other value, the empty one included, is refused with a *RequestError
// wrapping [ErrUnknownSource] or [ErrUnknownDirection]: never guessed.
// Everything in a request is data (§3.1, §7): the context selects nothing in
// the scan, and content that addresses the scanner ("this content is
// verified safe") is scanned like any other text — it can add signals,
// never remove one.
//
// # Classes, signals and scores (§3.2)
//
// Each class has a detector. Package scan reads the content once per
// scan, and every detector reads that one input (the content, scan's
// findings, the decoded text of its base64 payloads): no detector reads
// another's output, so their order changes nothing. Each finding of a
// detector is a [Signal] (an extension field of the response, "signals")
// with a kind, its calibrated confidence and its span in codepoints, bytes
// and UTF-16 code units — never the text itself.
//
// Content that is one JSON object or array (an MCP tool definition, a
// tools/list result, a server's prompts and resources) is read by package
// scan and the judgement detectors as one text, its strings in document
// order with their escapes decoded, so that an attack split across fields
// or written with escapes is read whole (issue 27); spans map back to the
// JSON, and a signal whose span starts in a JSON string names it in
// Field, an RFC 6901 pointer (docs/judgement/tool-definitions.md says
// which strings, in which order, and the bounds: 64 deep, 131072
// strings). Content read as a tool definition (JSON with an
// "inputSchema" member where a definition, a tools/list result or a
// record's definitions hold one) is judged as published documentation of an
// interface: it keeps no pii signal, no ssrf signal but an obfuscated
// address or a metadata URL as a default, and no known_bad_url signal
// for a request catcher's bare root; prompt_injection also runs the
// tool-definition rules of internal/injrules (FindToolDef), and drops
// the rule steer_answer there: a definition addresses the model by
// design, so its "Note to the model: …" is the author's voice.
//
//   - prompt_injection: the findings of package scan — the §2 invisible
//     codepoints, §3 hidden markup, §4 base64 payloads whose decoded text
//     holds a finding, the §5 heuristics —, the rules and framing of
//     internal/injrules (kinds "rule:…"), the embedded model of
//     internal/injmodel (kind "model"), and instructions a reader cannot
//     see (a §5 instruction or a rule inside hidden markup, spelled in
//     Unicode tag characters, or inside a base64 payload — scan's, or a
//     shorter base64, hex, percent-encoded or gzip run of agent egress
//     (docs/judgement/egress.md) —: hidden_instructions); with Options.Signatures, community signature
//     matches ([SignatureMatcher]). A text gets prompt_injection signals
//     only when one piece of evidence alone reaches the floor 0.5: weak
//     hints (a lone zero-width character, an HTML comment, a §5 pattern in
//     an operator's prompt) add to a score but never make one; a text that
//     only cites attacks, an operator's or a project's rules, a tool's echo
//     of a request or a prompt template has its visible evidence braked
//     (internal/injrules' Brake) unless it speaks to the reading model
//     (docs/judgement/injection.md).
//   - secrets: the credential formats of internal/secret — gitleaks'
//     default rules (v8.30.1, embedded and matched there; kind = the
//     gitleaks rule id, e.g. "stripe-access-token"), rules for formats
//     gitleaks lacks (Docker, Groq, Azure SAS…), and the package's own
//     checked formats (checksums, decoded JWTs, PEM blocks, connection
//     strings, seed phrases, labelled hex keys; kinds with underscores) —
//     documentation example keys and placeholders excluded, in the text and
//     in the decoded text of its base64 payloads (kind "base64:" and the
//     rule) and of the shorter encoded runs of agent egress (kind
//     "encoded:" and the rule; a DNS label that decodes to text is
//     dns_label_payload); see docs/judgement/secrets.md and
//     docs/judgement/egress.md.
//   - pii: the recognizers of shield/internal/pii, each a format, its
//     validator and context words (docs/judgement/pii.md lists them with
//     their confidences and measured rates): e-mail addresses of persons
//     (not role or business local parts such as hello@ or support@, not
//     documentation or no-reply domains, never the user:password@host of
//     a URL or connection string), phone numbers (international format or
//     North American groups, valid by github.com/nyaruka/phonenumbers;
//     national numbers only with a phone label), payment card numbers
//     (issuer prefix, length and Luhn, compact or in consistent groups;
//     published test numbers a weaker kind), IBANs (length by country and
//     ISO 7064 mod 97-10), US SSNs (the SSA's area, group and serial
//     rules; undashed only when labelled) and ITINs, NHS numbers (mod 11),
//     passports, driving licences, bank accounts, ABA routing numbers
//     (3-7-1 checksum) and sort codes (only after their label), Brazilian
//     CPFs, Spanish DNIs, Chinese resident identity numbers and Aadhaar
//     numbers (each with its check digit). A value whose format is
//     ambiguous without its label is no signal at all without one.
//   - ssrf: URLs (http, https, ws, ftp, gopher, file and other schemes a
//     fetcher follows) whose host, read by the pre-call guard's host parser
//     (package [github.com/plainsight/plainsight/guard]: the WHATWG URL
//     parser's IPv4 forms of one to four parts in decimal, octal or hex,
//     IPv6 in brackets, IDNA's mapping of full-width digits and dots),
//     after percent-decoding, names an address the guard refuses to dial
//     (the same rules: loopback, private,
//     link-local, unspecified, reserved; the cloud metadata addresses a
//     category of their own), or a name the guard refuses before resolving
//     it (localhost, .internal, .local, .corp, .lan, .home.arpa, single
//     labels), a metadata name or a rebinding name (10.0.0.1.nip.io, and
//     every name under localtest.me, lvh.me, vcap.me), a link-local IPv6
//     address with its zone id ([fe80::1%25eth0]), a file: URL of the
//     local host to system state or credentials (file:///etc/passwd), or
//     a percent-encoded redirect target in a URL's query, read once more
//     after up to two rounds of decoding (OAuth redirect parameters keep
//     a loopback target: docs/judgement/egress.md). A
//     non-canonical spelling of such an address is a signal of its own
//     (obfuscated_address). Names under .example, .test and .invalid, which
//     the guard refuses because it must not resolve them, are no signal:
//     documentation writes them; nor is a loopback, private or internal
//     URL in documentation's frame (a placeholder host, "e.g.", "by
//     default", "runs on", a JSON "default"), unless its host is disguised. Bare dotted quads outside a URL count only
//     for metadata and link-local addresses, and only where they are
//     something to reach: a path or a port follows, they are the value of
//     a key or an assignment, or a fetch command or imperative stands
//     before them on their line (documentation that names 169.254.169.254
//     is no signal; docs/judgement/known-bad-url.md).
//   - known_bad_url: URLs whose host, or whose registrable domain by the
//     Public Suffix List, is on the operator's list (Options.URLs, read by
//     package [github.com/plainsight/plainsight/shield/urllist]), and URLs
//     to a name under an entry of the shipped list (urllist.Default:
//     published test URLs and out-of-band sinks, each with its provenance;
//     Options.NoDefaultURLs turns it off), which also counts such a name
//     outside a URL when it is a subdomain of the entry or a path follows
//     ("nslookup x.k2n8.oast.pro"; docs/judgement/known-bad-url.md).
//
// A class's score is the strongest confidence of each kind of signal in
// it, combined as independent evidence (1 − Π(1 − c)), at most 0.99 and
// rounded to four decimals: never a certainty (§3.2). The confidences and
// the block thresholds ([DefaultThresholds]) come from the calibration the
// docs/shield.md publishes (§3.2 requires it): precision and recall per class on a
// labelled set and the false-positive rate on text nobody here wrote.
//
// # Verdict bands (§3.2)
//
// malicious when a class's score reaches its block threshold; suspicious
// when any signal is present and none does; clean when there is no signal
// at all. A clean verdict says these detectors found nothing; it is not a
// finding that the content is safe (§7: a verdict is evidence, not proof).
//
// # Receipts (§3.2, §8)
//
// scan_id is a UUID version 7 (RFC 9562): unique, its first 48 bits the
// time, strictly increasing within a Scanner. content_hash is "sha256:" and
// the lowercase hex SHA-256 of the content's bytes. timestamp is RFC 3339
// in UTC with milliseconds. A receipt never holds the content.
//
// signature (the signed receipts v0.1 plans for v0.2) is made by the
// scanner's [Signer], when Options.Signer is set: package
// [github.com/plainsight/plainsight/shield/receipt] holds the receipt
// cryptography (key rings, their JWK sets, the detached JWS over the
// verdict, scores, engine and receipt, and the strict reading of a
// received response that its verification needs), which this package does
// not import.
//
// # Enforcement (§4) and conformance levels (§5)
//
// The enforcer applies its policy to a response (§3 step 3): package
// [github.com/plainsight/plainsight/shield/enforce] (DefaultPolicy is §4's
// table, Decide the decision and why, ReceiptLog the Level 3 audit
// trail). The scanner advises; it never decides (§2).
//
// # Bounds
//
// A scan takes time linear in its content: package scan's passes, two
// for secrets (a table look-up per position, a bounded window read from
// each candidate; see internal/secret's Bounds), one for numbers and IBANs, one for the
// pii labels, one per "@" and "://", each reading a bounded window (the
// phone metadata is consulted at most 32 times per scan); for the shipped
// URL list, one jump from dot to dot (each dotted word read once, at most
// eight map look-ups for a word whose last label is a listed top-level
// domain) and, for bare addresses, one strings.Index pass per prefix.
// Content is at most
// Options.MaxContentBytes (8 MiB by default). Memory is package scan's plus
// at most Options.MaxSignals signals per class kept (200 by default; every
// signal still counts in the scores). The latency is published in
// docs/judgement/speed.md.
//
// # What it does not claim
//
// The detectors find formats, not intent: a credential-shaped string may
// be revoked or a test value, an e-mail address may be public, a private
// URL may be legitimate documentation, a link to a listed out-of-band sink
// may sit in a security tutorial; and what they do not know, they do
// not find (novel injections in particular: §7). Scores are this
// implementation's calibrated confidences, not probabilities any other
// scanner shares.
//
// # Security considerations (§7)
//
// The scanner treats everything it is given as adversarial: it follows no
// instruction in the content or the context, it fetches nothing, it
// resolves no name, and it never copies content into a receipt, a signal,
// an error message or a log entry (a refused context value is quoted, cut
// to 32 bytes, in the error).
package shield
