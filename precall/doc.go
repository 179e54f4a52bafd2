// Package precall implements §9 (the pre-call check) and §10 (tool-name
// collision warnings) of the agent-safety formats, version 1, for servers
// that are not registered: [Checker.Check] probes the server named by a
// URL through a [guard.Guard], and answers with the §9 object ([Answer]):
// the asked URL, where the probe landed (effective_url, every redirect),
// registered false and checked_not_registered true, the identity the
// answering server reports — disclosed as the answering server's, with its
// URL —, the live fingerprint with a null version (status not_registered,
// or unreachable when the probe failed), a fresh scan of every tool name,
// description and input-schema string (keys and values) and of the
// server's instructions, the flags standing against the URL, zero
// reviews, the §10 warnings against the registry's recorded definitions,
// and the focus on one tool when asked. Nothing is stored.
//
// [Collisions] is §10 as a pure function over recorded definitions:
// identical definitions under one name do not warn. [Unregistered] is the
// assembly of an unregistered answer as a pure function, which the
// answer-shape vectors run through.
//
// The registry is a [Registry] (one interface: a registered server, the
// recorded offers of tool names, the standing flags), so that the
// store-backed registry plugs in; a nil Registry is an empty one. The
// integrity check of a registered server, registration, refresh flags and
// the §11 change feed come with that registry: Check answers
// [ErrRegisteredCheck] for a registered URL until then.
//
// # Refusals
//
// A URL the guard refuses — malformed, not https (http only for loopback
// where the policy allows it), naming or resolving to a private,
// link-local, shared, documentation, multicast, unspecified or reserved
// address, a refused redirect hop, a sixth redirect — is an error
// wrapping a *guard.RefusedError: a server answers it with 422. A
// server that does not answer, or answers with something that is not
// MCP, is an answer with integrity unreachable, scan not_run and a null
// server.
//
// # Bounds
//
// The probe is §7's (package probe): six seconds per call, at most five
// tools/list pages, 16 MiB per response, through the guard's client (six
// seconds per request with its redirects). An answer lists at most 1000
// findings; only deterministic findings are listed (§9's scan statuses are
// clean, flagged and not_run).
//
// # What it does not claim
//
// An answer is evidence gathered at one moment, never a guarantee that a
// tool is safe (§12): a clean scan says none of the classes were found in
// what was served for this check, a fingerprint says which definitions
// were served, a warning is a fact about names, not an accusation. Every
// answer carries [Note].
package precall
