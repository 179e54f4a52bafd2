// Package precall implements §9 (the pre-call check), §10 (tool-name
// collision warnings) and §11 (the definition-change feed) of the
// agent-safety formats, version 1.
//
// [Checker.Check] probes the server named by a URL through a
// [guard.Guard] and answers with the §9 object ([Answer]): the asked URL,
// where the probe landed (effective_url, every redirect), the identity the
// answering server reports — disclosed as the answering server's, with its
// URL —, the integrity status, a fresh scan of every tool name,
// description and input-schema string (keys and values) and of the
// server's instructions, the flags standing against the URL, the reviews,
// the §10 warnings against the registry's recorded definitions, and the
// focus on one tool when asked.
//
// The scanned fields of a definition are [ScannedFields]'s, and only
// theirs: the answer's scan, the flags [Checker.Register] and
// [Checker.Refresh] record, and plainsight fingerprint all scan them
// ([ScanDefinitions]). They are scanned in [Checker].Profile: the zero
// value is the Spec profile, the conformance mode the vectors run in;
// plainsight's commands and server use Strict unless told --profile spec
// (issue 31, item 2). In either profile a flag is recorded only for a
// finding of a §2–§4 class (§8); a Strict extension finding is reported
// in the answer and holds a registration, and no flag records it.
//
// For a server that is not registered: registered false and
// checked_not_registered true, the live fingerprint with a null version
// (status not_registered, or unreachable), zero reviews; nothing is
// stored. [Unregistered] is that assembly as a pure function, which the
// answer-shape vectors run through.
//
// With a store ([Checker.Store], any backend of package store), the
// external registry is live:
//
//   - [Checker.Register] probes and registers a server: fingerprint
//     version 1 and its definitions recorded, publisher status unclaimed.
//     Deterministic findings become flags (source external_pull, through
//     package flag) that stand against the URL and hold the registration.
//     A URL that redirects is refused with a [*RedirectError] naming the
//     destination: a record always names the server that answers.
//   - [Checker.Refresh] is the integrity check of a registered server
//     (§7): unchanged; changed — the next fingerprint version, a change
//     event and the flags of the refresh's findings (source
//     integrity_refresh, deduplicated per §8) in one [store.Store.Atomic]
//     write, which re-reads the record first so that two instances
//     refreshing one change bump the version once; or unreachable, never
//     unchanged. A registered URL that starts redirecting is changed, and
//     the destination's definitions are never recorded as its own; the
//     transition — it starts redirecting, redirects along another chain,
//     or stops — is a redirect event in the feed, once per transition
//     (issue 28, item 4; see [ChangeEvent]).
//   - Check of a registered server runs that refresh and answers with the
//     registration, the version, the diff, the refresh's flag ids, the
//     reviews of the current version against older ones, and tool_focus on
//     the last recorded definitions when the server is unreachable.
//   - [Checker.Changes] reads the §11 feed newest first, a page at a time;
//     it first re-checks at most [FeedRefreshes] servers whose last check
//     is older than [StaleAfter], oldest first, each claimed by a
//     compare-and-set of its last-check time, so two concurrent reads
//     never refresh one server twice. Times come from [Checker.Clock].
//     [Checker.RecordedChanges] lists the same pages without re-checking
//     anything, and [Checker.ServerPageBySlug] reads one server's record
//     and recorded definitions: the human pages' reads (package server),
//     which probe nothing.
//   - [Checker.PageURL], when set, names a registered server's page in
//     every answer (§9 registration.page_url, §10 others' page_url, §11
//     server.page_url): a host that renders the pages points them at its
//     own. Nil names it [PageURLUnder] the public URL the store records
//     (`plainsight serve` records its --public-url), so that the command
//     line and the server answer the same page_url on one database
//     (issue 28, item 5). A page URL given at registration is kept in
//     the record, never answered.
//
// # Extension: redirect events
//
// The §11 feed's events keep exactly §11's members; a redirect event adds
// one, "redirects": the chain the check followed, each hop {"from", "to",
// "status"} as in the §9 answer's redirects, [] when the URL stopped
// redirecting. A redirect event records no fingerprint version: its
// from_version and to_version are both the recorded version, its two
// fingerprints the recorded one, its diff empty. Clients that know only
// §11 read it as a change event that changed nothing recorded.
//
// [Collisions] is §10 as a pure function over recorded definitions:
// identical definitions under one name do not warn. The registry a check
// reads is a [Registry]: [StoreRegistry] over a store, or any other
// implementation; with a Registry but no Store, a registered URL is
// [ErrRegisteredCheck].
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
// clean, flagged and not_run). A feed read re-checks at most three
// servers, each one probe. §10 over a registry ([StoreRegistry.Offers])
// reads the registered servers' rows, a page at a time, and looks tool
// names up in an index of each recorded version's names that a Checker
// keeps across checks (at most 100,000 versions and 1,000,000 names; a
// version never changes, so no entry goes stale): only the definitions
// of the servers that offer a name the check asks about are read and
// decoded, and those of versions recorded since the last check. The rows
// are still read in full, so a check remains linear in the number of
// registered servers, with a small constant. Recorded definitions are
// bounded by store.DefinitionsMaxBytes.
//
// # Publishers
//
// [Claims] lets a publisher prove control of a registered server's domain
// (§9: "unclaimed until the publisher proves control of its domain"; issue
// 28, item 3). [Claims.Challenge] issues a token (256 random bits, bound
// to the URL and the account, valid for [ClaimTTL], stored only as its
// SHA-256); [Claims.Verify] looks for it at https://HOST[ClaimPath] (the
// registered URL's host and port, through the guard, no redirect
// followed, at most [ClaimMaxBody] bytes read) and else in the TXT record
// [ClaimDNSPrefix]HOST (value [ClaimDNSValuePrefix]TOKEN, through an
// injectable [TXTResolver], at most [ClaimDNSTimeout] and
// [ClaimMaxRecords] records), and claims the server: unclaimed → claimed,
// once, as a compare-and-set with a [TypeServerClaimed] ledger entry in
// the same transaction. From then on the flags registration and refresh
// record against the server are attributed to the publisher's account; the
// anonymous flags recorded before the claim keep their records and become
// the publisher's to dispute (flag.AttributedAccount).
//
// # What it does not claim
//
// The feed has no background schedule (§11): a change is recorded when a
// check next probes the server, and an empty feed means no change has
// been observed yet. A host may run one beside it — [Refresher], the
// background refresh of `plainsight serve --refresh-every` (issue 33,
// item 4) — whose checks are the same integrity checks; the feed's own
// rule does not change with it. A refresh's findings are recorded as flags against
// the URL even when the definitions did not change.
//
// An answer is evidence gathered at one moment, never a guarantee that a
// tool is safe (§12): a clean scan says none of the classes were found in
// what was served for this check, a fingerprint says which definitions
// were served, a warning is a fact about names, not an accusation. Every
// answer carries [Note].
package precall
