// Package store defines the persistence contracts of plainsight's stateful
// parts: one small interface per record kind, the records they hold, and one
// way to make several writes atomic. It holds no logic of the
// specifications: the §8 flag lifecycle lives in package flag, the hash
// chain in package ledger; a backend only keeps records and enforces the
// contracts below.
//
// Backends: [github.com/plainsight/plainsight/store/memory] (tests,
// embedding), [github.com/plainsight/plainsight/store/sqlite] (the embedded
// default: one file, WAL) and [github.com/plainsight/plainsight/store/postgres]
// (several instances sharing one database). One conformance suite,
// internal/testkit/storetest, runs against all three.
//
// # Record kinds
//
//   - [Flags]: the §8 security flags. Append-only: there is no delete, and
//     the only update is [Flags.TransitionFlag], a compare-and-set of the
//     lifecycle (status and dispute), each step naming the ledger entry
//     that records it ([Transition].EntrySeq): appended just before it,
//     in the same transaction, so the ledger's head.
//   - [Ledger]: the hash-chained ledger entries. Append-only: no update, no
//     delete; [Ledger.AppendLedgerEntry] accepts only the entry that extends
//     the current head.
//   - [Servers]: the external registry's servers (§9 registration). Never
//     deleted; the only updates are compare-and-sets:
//     [Servers.AdvanceServer] (the fingerprint version, one step, to a
//     recorded version) and [Servers.MarkChecked] (the last check, never
//     backwards — the claim a §11 feed read makes before re-checking).
//   - [FingerprintVersions]: each server's recorded fingerprints and the
//     definitions they were computed from, 1, 2, 3, … without gaps.
//     Append-only.
//   - [ChangeEvents]: the §11 feed. Append-only, listed newest first. A
//     redirect event (issue 28, item 4) carries its chain in
//     [ChangeEvent.Redirects] and records no fingerprint version.
//   - [PublicURLs]: where the instance is reached, recorded by
//     `plainsight serve`, latest first, so every reader names a server's
//     page alike (issue 28, item 5). Append-only.
//   - [Reviews]: reviews by KYA-verified agents, each bound to a recorded
//     fingerprint version. Append-only.
//   - [Signatures]: the Shield method's records (package signature):
//     reports, candidates (a confirmed candidate is a signature), review
//     jobs and votes, and the feed. Append-only, but for
//     [Signatures.TransitionCandidate], a compare-and-set of the lifecycle
//     open → (confirmed → retired | blocked).
//   - [Receipts]: the receipt log of the Agent-Shield protocol's
//     conformance Level 3 (§5): who, the content's hash, when, the engine,
//     the verdict and what the enforcer did, one entry per scan id, never
//     the content. Append-only, listed oldest first, looked up by who, by
//     content hash and by time range.
//   - [APIKeys]: the server's API keys (package server), each with its
//     owner and scopes; the secret is never stored, only its SHA-256. Never
//     deleted; the only change is [APIKeys.RevokeAPIKey], once, a
//     compare-and-set (of concurrent revocations exactly one wins).
//   - [Pins]: trust on first use (issue 30, items 2 and 3; package pin):
//     each upstream's pinned surface, version 1, 2, … per key, a new
//     version per approval — [Pins.AppendPin] takes only the head's next
//     version, the compare-and-set of concurrent approvers — and the
//     sightings of surfaces that differ from the pin, 1, 2, … per key, the
//     newest the pending one. Both append-only.
//
// The SQL backends enforce append-only below the Go code too: their schemas
// carry triggers that refuse a DELETE of a flag or a ledger entry, an
// UPDATE of a ledger entry, and an UPDATE of any flag column other than the
// lifecycle's, whoever sends the SQL; and likewise a DELETE of a server, an
// UPDATE of a server other than its version step, last check or publisher
// status out of unclaimed, and any UPDATE or DELETE of a fingerprint
// version, a change event, a review or a receipt entry; a DELETE of an
// API key, a key inserted revoked, and any UPDATE of a key but its one
// revocation; since migration 9 any UPDATE or DELETE of a pin or a
// sighting, and one inserted other than as its key's next. Since
// migration 6 (issue 29) they also refuse a flag inserted other than
// standing, and any change of a flag's status whose
// lifecycle_seq does not name the ledger's head, of the step's type, for
// this flag, its evidence, class and case — on PostgreSQL also written by
// the current transaction (the entry row's xmin); on SQLite the single
// writer makes the head the entry the same writer appended last. SQLite's
// INSERT OR REPLACE, which deletes the row it collides with without firing
// delete triggers, is refused on every append-only table with a unique
// column (flags, servers, the Shield method's records, and since migration
// 6 API keys — a revoked key could be revived with new scopes — and
// receipts, by scan id); tables whose only key is a sequence number that
// must be the next one (the ledger, receipts by seq, and per key pins and
// sightings) cannot collide.
//
// # Atomic writes
//
// [Store.Atomic] runs a function with a [Tx] that sees every record kind;
// the writes it makes are committed together when the function returns nil
// and none of them is when it returns an error (or panics, or the context
// ends). Transactions of one store are serialized: a backend holds one
// writer at a time (a mutex in memory, BEGIN IMMEDIATE in SQLite, a
// transaction-scoped advisory lock in PostgreSQL, which also serializes
// several processes sharing a database). So a read inside Atomic followed
// by a write is never raced by another writer, and compare-and-set and
// the ledger's head check still guard anything written outside it. A write
// method called on the Store itself is its own one-statement transaction.
// A Tx must not be used after its function returns, nor from another
// goroutine, and Atomic must not be called inside Atomic. Inside Atomic a
// backend may send inserts later than the call that made them (PostgreSQL
// pipelines them): an insert's error, with its usual sentinel, may then be
// returned by the next call that reads, or by Atomic itself, and the
// transaction is rolled back either way.
//
// # Errors
//
// Every error a backend returns for a contract violation wraps one of the
// sentinels [ErrNotFound], [ErrDuplicate], [ErrConflict], [ErrSchemaTooNew]
// or [ErrInvalid] in an [*Error] naming the operation; test with
// [errors.Is]. Other errors (I/O, a closed database, a cancelled context)
// are passed through wrapped in an [*Error] with a nil Kind.
//
// # Adding a record kind
//
// Later record kinds (receipts, signatures, API keys) are added in the
// shape the registry's kinds were:
//
//  1. a record struct and a small interface in this package, its error
//     contract (which sentinel for what) in the interface's doc comment,
//     append-only unless a spec names a lifecycle — and then each
//     transition is a compare-and-set like [Flags.TransitionFlag];
//  2. the interface embedded in [Tx] (and so in [Store]);
//  3. the methods in each backend, with a new numbered migration in the SQL
//     backends (never an edit of a released one), including the triggers
//     that refuse what the contract forbids. Numbers may have gaps (two
//     branches number their migrations apart): each database records the
//     migrations it has applied (table plainsight_migrations) and gets the
//     ones it lacks, whatever their number; one it has and this build does
//     not know refuses the database as too new. Where the two SQL backends
//     send the same statements but for their dialect (placeholders, time
//     encoding, constraint codes), the methods are written once, in the
//     internal package store/internal/sqlstore, over each backend's
//     connection and dialect; what differs for a reason (PostgreSQL's
//     pipelined inserts and foreign keys, SQLite's statement cache and its
//     look-ups after a trigger's refusal) stays in the backend;
//  4. cases in storetest, run by every backend's test, and a raw-SQL test of
//     the triggers.
//
// # Bounds
//
// A backend checks the lengths of the strings it stores against the
// limits of [Flag], [LedgerEntry], [Server], [FingerprintVersion],
// [ChangeEvent], [Review], [ReceiptEntry], [APIKey] and [Pin] (an
// over-long value is [ErrInvalid]; a pin's key is at most [PinKeyMaxBytes],
// its record at most [PinRecordMaxBytes]), and
// every query's Limit is capped at [MaxListLimit] ([Pins.ListPins] returns
// at most that many keys). Ledger entries are
// streamed by [Ledger.LedgerEntries], never loaded all at once, and so are
// the flags in ledger order by [Flags.FlagsByLedgerSeq] (the SQL backends
// let the database sort them: there is no index on ledger_seq, so a walk
// sorts once, in the database's own working memory and temporary files).
//
// # What it does not claim
//
// A store keeps records; it says nothing about what they mean (§12). It
// does not authenticate callers: whoever holds a Store can append. And an
// append-only schema guards against the application and its mistakes, not
// against an operator with the database's owner rights, who can drop a
// trigger and then rewrite flags and entries alike; the ledger's hash chain
// ([github.com/plainsight/plainsight/ledger]) is what makes such an edit
// detectable afterwards, against a head hash published elsewhere. On
// SQLite, a forger with write access who appends a well-formed entry
// naming a flag's step, in one transaction or just before the step, passes
// the trigger: the step is then recorded in the ledger for all to see,
// which is the claim — not that it was authorized.
package store
