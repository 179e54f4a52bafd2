// Package flag implements §8 of the agent-safety formats, the security flag
// record: a permanent, append-only record that content carrying a
// deterministic finding (§2–§4) was submitted, pulled or observed, and
// attributed to an actor.
//
// [Flag] is the record, its JSON exactly the fields §8 names. A [Service]
// creates flags through a [store.Store] and drives their only lifecycle:
//
//	standing → disputed → (overturned | standing)
//
// Every creation is one atomic write of the flag and its
// security.flagged entry in the hash-chained ledger (package ledger), the
// flag's ledger_seq naming that entry; every lifecycle step is one atomic
// write of its entry and then the status (issue 29): a dispute writes
// security.flag_disputed, an uphold security.flag_upheld (both extensions,
// not named by §8), an overturn §8's security.flag_overturned. Ledger
// entries carry the evidence hash, the class, the flag id and the artifact
// — never the submitted text; a creation's entry also carries the hash of
// the whole creation record (record_sha256, see the ledger cross-check
// below), and a lifecycle entry the case (case_id, case_number) and who
// took the step: filed_by for a dispute, decided_by for an award.
//
// # From findings to flags
//
// [Service.Submit] takes one field of one artifact: its exact bytes and
// the scan of them (or scans them itself). Heuristic findings (§5) never
// create a flag. The deterministic findings are grouped by class: each
// class found in the field is one flag, whatever the number of its
// findings, because the §8 identity of a finding is "same artifact, field,
// class and evidence hash" and the evidence hash covers the whole field.
// The flag's excerpt is that of the class's first finding in the field.
//
// For each class, in order of first appearance:
//
//   - a live flag (standing, or disputed and not yet decided) with the same
//     identity already exists: nothing is created, the answer names it (the
//     §8 refresh rule, applied to every source, so at most one live flag
//     exists per identity);
//   - an award has overturned a flag of the same class and evidence hash
//     attributed to the same account (AttributedAccount's): the class is admitted and nothing is
//     created (the §8 ingestion gate: the award judged those exact bytes;
//     one changed byte is a new hash and is held). This is applied to every
//     source, so a refresh does not re-flag bytes an award cleared;
//   - otherwise a flag is created.
//
// The submission is held when any class is held, admitted when it had
// deterministic findings and every one was admitted, and clean when it had
// none.
//
// # Lifecycle
//
// [Service.Dispute] is filed by the attributed account ([AttributedAccount]:
// the flag's actor's account_id, or, for an anonymous flag against an
// external server a publisher has claimed, the publisher's account — issue
// 28, item 3) and carries the arbitration case;
// [Service.DisputeAs] is the same filed by a [Principal] (an account and
// the API key it used). [Service.Overturn] and [Service.Uphold] apply that
// case's award, decided by a Principal. A decided dispute is not reopened:
// disputing again fails with [ErrDecided] and the error names the deciding
// case. Each step is a compare-and-set in the store, so of many concurrent
// disputes of one flag exactly one wins.
//
// Who took a step is recorded as [Principal.ID]: "key:<key id>" for a
// principal that used an API key (the store's record of the key, never
// deleted, names its owner), else "account:<account id>".
//
// Separation of duties (issue 29): a dispute is not decided by its own
// party. A decision is [ErrSelfDecision] when the deciding principal's
// account is the flag's attributed account — the only account that may
// file the dispute, so no key of the disputing account arbitrates it — or
// when its ID is the filed_by of the dispute's entry. This package chose
// the attributed account, not only the filing key, because keys are cheap
// to make: a rule on keys alone would be passed by a second key.
//
// The store refuses a status change without its entry (store.Transition's
// EntrySeq): the SQL schemas' triggers check, on every UPDATE of a flag's
// status, that the ledger's head is the step's entry, naming this flag, its
// evidence, class and case (PostgreSQL: written by the same transaction).
// So the steps are written entry first, then status, in one transaction.
//
// # The ledger cross-check
//
// [VerifyLedger] is what `plainsight ledger verify` runs (issue 29: a
// ledger that vouches for the flags): it walks the hash chain and checks
// every flag against its entries, reporting orphans both ways — a flag no
// security.flagged entry anchors, an entry whose flag is gone — and
// mismatches, and checks each flag's status and dispute against its
// lifecycle entries (security.flag_disputed, security.flag_upheld,
// security.flag_overturned) in ledger order. Each security.flagged entry
// written by [Service] carries record_sha256, [RecordSHA256] of the
// flag's creation record (every member of the §8 record but status,
// dispute and ledger_seq), so that the actor, field, excerpt, source,
// context and created_at are vouched for as well as the members the entry
// names. The rules and the vectors: vectors/flag/ledger_crosscheck.json
// and the vectors' README.
//
// # Bounds
//
// VerifyLedger streams: it merges the entries, in seq order, with the
// flags, in ledger_seq order (store.Flags.FlagsByLedgerSeq, sorted by the
// database), holding one of each, the problems it keeps
// (VerifyOptions.MaxProblems, 100 by default; all are counted) and, per
// flag that is disputed or decided or that a lifecycle entry names, its
// id and two lifecycle states — not a record per flag (170,000 flags:
// 39–42 MiB for the whole command). It makes one look-up of a flag per
// lifecycle entry, and of an entry per flag anchored after the head it
// started from.
//
// An excerpt is at most 600 characters (codepoints); a longer one is
// [ErrExcerptTooLong]. Fields of the record are bounded as package store
// bounds them. When Submit scans the field itself it keeps
// scan.DefaultMaxFindings findings: a class whose first finding comes after
// that many others in one field is not flagged separately (the field is
// flagged regardless, by the classes before it).
//
// # What it does not claim
//
// The guarantee that no status changes without its entry rests on the
// backends' triggers and transactions; an owner of the database who drops
// the triggers can rewrite statuses and history alike, which the ledger's
// chain shows only against a head published elsewhere. The policy on who
// decides is this package's: it knows principals by the ids its caller
// passes, and an operator who holds two accounts is two principals.
//
// VerifyLedger shows that the flags and the ledger agree, not that
// neither was rewritten: whoever can write the database (an owner who
// drops the triggers) can change a flag and its entries together and
// re-hash the chain from there; a head published elsewhere pins the
// entries up to it (`plainsight ledger verify --pin`). A security.flagged
// entry written before entries carried record_sha256 vouches for the flag
// id, class, evidence hash and artifact only: a rewrite of the actor,
// field, excerpt, source, context or created_at under it is not seen
// (CrossCheck.Unsealed counts such flags). A dispute filed or upheld
// before the lifecycle had entries for them shows as an unanchored
// transition. With writers running, a walk may see a step committed
// during it; VerifyLedger walks again (up to three times) when it found
// problems and the head moved.
//
// A flag says invisible or hidden content was found and attributed (§12):
// not that its author meant harm, and a field without a flag is not a
// field found safe. An admitted submission is admitted because an award
// judged those exact bytes, not because they were found safe.
package flag
