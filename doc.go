// Package plainsight is the map of a pure-Go implementation of the published
// agent-safety formats: the checks an agent runs on text it did not write
// (MCP tool descriptions, skill files, emails, web pages) and on the tool
// definitions it trusts.
//
// Which package for which job:
//
//   - [github.com/plainsight/plainsight/scan]: the invisible-text scan of the
//     agent-safety formats, version 1: the result shape (§1), the six
//     codepoint classes (§2), hidden markup (§3), base64 payloads (§4), the
//     heuristic classes (§5) and the sanitized copy (§6). Its Strict
//     profile (the command line's default; the library's zero value is
//     Spec, the specification exactly) adds extension classes for attacks
//     the specification does not name, and its email context reads a raw
//     e-mail message.
//   - [github.com/plainsight/plainsight/markup]: the hidden-markup constructs
//     of §3 (HTML and markdown comments, CSS hide rules, hidden elements)
//     and the style test, for callers that want them without a scan.
//   - [github.com/plainsight/plainsight/b64]: the base64 payloads of §4,
//     with their decoded text, likewise.
//   - [github.com/plainsight/plainsight/vectors]: the language-neutral
//     conformance corpus, as an [io/fs.FS].
//   - [github.com/plainsight/plainsight/fingerprint]: the tool-definition
//     fingerprint of §7, its diff and the integrity check.
//   - [github.com/plainsight/plainsight/probe]: §7's probe of an MCP server,
//     over Streamable HTTP (with the HTTP+SSE fallback) or stdio.
//   - [github.com/plainsight/plainsight/guard]: the one way to a URL that
//     someone else names (§9's guard): https only, special-purpose addresses
//     in every spelling refused with a reason, redirects checked by hand, a
//     loopback policy the embedding program chooses.
//   - [github.com/plainsight/plainsight/precall]: the pre-call check of §9
//     for unregistered and registered servers, the registry (registration,
//     the integrity refresh), the collision warnings of §10 and the change
//     feed of §11.
//   - [github.com/plainsight/plainsight/mcpconfig]: the MCP configurations
//     of the installed clients (Claude Desktop, Claude Code, Cursor, VS
//     Code, Windsurf, Zed, Gemini CLI, Codex) and the skill folders they
//     load; routing their servers through plainsight proxy and back.
//   - [github.com/plainsight/plainsight/audit]: the audit of every server
//     those configurations name: probed, scanned whole, pinned on first
//     sight, every change reported with its old and new text.
//   - [github.com/plainsight/plainsight/pin]: trust on first use of an MCP
//     server's whole surface (the extended fingerprint), shared by audit and
//     the proxy; plainsight approve releases a change.
//   - [github.com/plainsight/plainsight/proxy]: the MCP proxy between a
//     client and one server: pins, the shield on every result and call,
//     signed receipts (plainsight proxy, docs/proxy.md).
//   - [github.com/plainsight/plainsight/skill]: the checks of an agent skill
//     package, file by file, with located results at error, warning or info
//     level.
//   - [github.com/plainsight/plainsight/report]: the formats for CI of scan
//     and skill results (SARIF 2.1.0 with stable fingerprints and
//     suppressions, GitHub annotations, JSON and JSON Lines) and the
//     baselines read back from them: what plainsight scan and skill write.
//   - [github.com/plainsight/plainsight/intent]: the agent-safe.intent/1
//     canonical form, binding hash and the executor's re-check.
//   - [github.com/plainsight/plainsight/shield]: the Agent-Shield protocol
//     v0.1: the pre-action check (verdict, five per-class scores with their
//     evidence, a receipt signed as a detached JWS), the enforcer's policy
//     and decision, the receipt log; [github.com/plainsight/plainsight/shield/mcpguard]
//     puts it around an MCP client at the protocol's conformance levels.
//   - [github.com/plainsight/plainsight/flag]: the security flag record of
//     §8, the ingestion gate and the flag lifecycle (dispute, award).
//   - [github.com/plainsight/plainsight/ledger]: the append-only,
//     hash-chained ledger that anchors flags, and its verification.
//   - [github.com/plainsight/plainsight/store]: the persistence contracts of
//     the stateful packages, with the backends store/memory, store/sqlite
//     (the embedded default) and store/postgres; every backend's tests run
//     the conformance suite internal/testkit/storetest. The scanning
//     packages never import it.
//   - [github.com/plainsight/plainsight/signature]: the Shield method 1.0's
//     community attack signatures: report validation, cleaning, shingle
//     fingerprints, confirmation, the poisoning guard, check and feed.
//   - [github.com/plainsight/plainsight/server]: the HTTP routes (the §9
//     pre-call check, the §11 feed, the §1 scan, the Agent-Shield REST
//     binding and receipt log, the registry, §8 flags, the community
//     signatures' check and feed; the write routes behind API keys) and the
//     human pages (a registered server, the change feed, a flag, a
//     signature: HTML without script, every excerpt written visibly and set
//     apart) as one http.Handler a host can mount, loopback refused by
//     default; plainsight serve runs it. The same operations as MCP tools:
//     server.NewMCP, which plainsight mcp serves over stdio or Streamable
//     HTTP.
//   - cmd/plainsight: the command line (plainsight scan, skill,
//     fingerprint, intent, shield, flags, ledger, precall, registry,
//     changes, signature, serve, mcp, keys, audit, proxy, approve and pins;
//     docs/cli.md).
//   - examples/guarded-mcp-client: the wiring to copy into an agent host —
//     an MCP client (official Go SDK) that pins its server's tools at first
//     use, checks them on every reconnection and scans every tool result
//     before the model reads it.
//
// # Unicode
//
// Every package uses the character properties of Unicode [UnicodeVersion],
// from tables generated from the Unicode Character Database, not the
// (older) version of the Go toolchain's unicode package.
//
// # Stability
//
// The wire formats (the JSON the scan result marshals to, the vector corpus)
// follow the specifications and are stable; extension fields are marked as
// such. The Strict profile's classes and allow-rules are plainsight's and
// may grow: a text clean today may be flagged by a later version. The Go
// API may still change before a tagged v1. The text output
// of the command line is for people: do not parse it; use --format json.
//
// # What none of this claims
//
// These formats carry evidence, not verdicts. A clean scan says none of the
// classes of the specification were found; it is never a finding that a
// text, a tool or a server is safe.
package plainsight

import "github.com/plainsight/plainsight/internal/ucd"

// UnicodeVersion is the version of Unicode whose character properties every
// package uses.
const UnicodeVersion = ucd.Version
