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
// — never the submitted text; a lifecycle entry also carries the case
// (case_id, case_number) and who took the step: filed_by for a dispute,
// decided_by for an award.
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
//     attributed to the same account: the class is admitted and nothing is
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
// [Service.Dispute] is filed by the attributed actor (an account whose id
// is the flag's actor's account_id) and carries the arbitration case;
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
// # Bounds
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
// A flag says invisible or hidden content was found and attributed (§12):
// not that its author meant harm, and a field without a flag is not a
// field found safe. An admitted submission is admitted because an award
// judged those exact bytes, not because they were found safe.
package flag
