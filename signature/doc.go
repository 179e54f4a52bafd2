// Package signature implements the Shield method 1.0
// (shield-method-1.0.md): community attack signatures. Agents report
// hostile text they met; near-duplicate reports from independent owners
// become confirmed signatures; anyone can check a text against them.
//
// The pure method lives here and needs no store: [ParseReports] and
// [ValidateReports] (what agents report), [Clean] and [Normalize]
// (cleaning), [NewFingerprint], [Shingles], [Similarity] and [Matches]
// (fingerprints and the match rule), [Decide] (confirmation and the
// poisoning guard, against a [Corpus]), [Index] (the check, also a
// [github.com/plainsight/plainsight/shield.SignatureMatcher] for shield's
// prompt_injection class) and [Excerpt]. [Service] adds the stateful
// half over a [github.com/plainsight/plainsight/store.Store]: it records
// reports and candidates, confirms, keeps the feed and retires.
//
// # Choices where the spec is silent
//
// Each is pinned by a vector in vectors/signature.
//
//   - source_domain: a host name is reduced to its registrable domain
//     (Public Suffix List); a full address (scheme, path, port, query,
//     userinfo) or an IP address is refused, never reduced — see
//     [RegistrableDomain].
//   - snippet length: 1,000 codepoints of the snippet as sent.
//   - Cleaning order: invisible characters (every
//     Default_Ignorable_Code_Point, which holds all zero-width and
//     bidirectional controls) removed, NFKC, the secret check, placeholders,
//     lowercase, whitespace — see [Clean] for why. Which whitespace: the
//     White_Space property. Lowercase: the simple mapping.
//   - A secret is anything package internal/secret finds, shield's secrets
//     class included, seed phrases (BIP-39) among them: a snippet holding
//     one is refused whole, and the refusal carries none of it.
//   - A word is a maximal run of General_Category L, M, N or Pc; all else
//     separates words. A shingle hash is the first 8 bytes of the SHA-256 of
//     its five words joined by one space.
//   - A text under five words has no shingles: a report of it is refused
//     (ErrTooShort), a check of it matches nothing. A phrase that short
//     would match benign text about attacks too often; the scan package's
//     instruction patterns cover it.
//   - Near-duplicates: Jaccard similarity of the shingle sets ≥ 0.8. The
//     check's match: containment of the signature's shingles in the text's
//     ≥ 0.8. Both counted exactly in integers (5·shared ≥ 4·whole).
//   - The 14-day window runs on the time the service received each report,
//     not on observed_at, which the reporter chooses; it is inclusive.
//   - Review: each owner's earliest vote counts, once; votes from agents
//     that did not opt in are not counted; at least 5 hostile owners and
//     hostile ≥ 80 % of the owners voting. An owner that reported the
//     candidate is no reviewer of it: the [Service] refuses its review job
//     and its vote (ErrSelfReview), and its votes are not counted (issue
//     29: the reports rule and the review rule are independent only when
//     no owner is on both sides).
//   - The poisoning guard runs first and wins: a candidate with half or
//     more of its shingles in the benign corpus is never confirmed, by
//     either rule. The [Service] marks it blocked when a rule would
//     otherwise have confirmed it, and keeps it open (and unconfirmed)
//     until then. The corpus ([DefaultCorpus]) is a binary fuse filter
//     of the shingles of the text of a Go + Debian machine, MCP servers'
//     packages and the project's benign skills and documents (issue 27;
//     docs/judgement/poisoning-guard.md gives its sources, size and
//     false-positive rate); an operator adds their own with
//     `plainsight signature corpus add` ([Corpus.With], [Corpus.Union]).
//   - Beyond the method, the [Service] has a second guard (issue 27): a
//     candidate a rule would confirm is blocked instead (rule
//     [BenignJudge]) when a [Judge] — by default [ShieldJudge], the
//     shield's prompt_injection detector — finds no attack in its
//     cleaned text. The method names a reason a candidate is never
//     confirmed, not every one; [Decide] and the vectors stay the method
//     alone, and Options.NoJudge turns the second guard off.
//   - A report joins the first candidate it is a near-duplicate of,
//     whatever that candidate's category (owners may name one attack
//     differently; the first report's category stays) and status (so
//     blocked or retired text cannot found a new candidate and be confirmed
//     anew).
//   - How fresh a check is (the method says a check uses the confirmed
//     signatures; issue 28, item 8, why no check reads the store): a
//     [Service]'s checks share an index of the feed's active set that
//     one read of the feed at a time refreshes, in the background once it
//     is older than Options.Refresh/4 (0.5 s), and that a check waits for
//     only when it is older than Refresh (2 s) or the Service itself has
//     confirmed or retired a signature since. So a signature confirmed
//     through a Service is seen by that Service's next check, and one
//     confirmed through another (another instance on the same database)
//     by every check that starts 2 s after the confirmation committed.
//
// # Unicode
//
// Default_Ignorable_Code_Point and the word categories come from
// internal/ucd (Unicode 17.0.0). NFKC comes from
// golang.org/x/text/unicode/norm (v0.43.0), whose tables are Unicode
// [NFKCVersion]: 15.0.0 when built with Go 1.26 (x/text selects its 17.0.0
// tables from Go 1.27 on), so a compatibility character added in 15.1–17.0
// is not decomposed yet. Lowercase and White_Space come from Go's unicode
// package (Unicode 15.0.0): a letter given a case mapping after 15.0 keeps
// its case. The vectors use no character whose treatment differs between
// these versions.
//
// # Bounds
//
// A check-in holds at most 5 reports and MaxCheckInBytes of JSON; a
// snippet at most 1,000 characters; a checked text at most 16 KiB, and a
// check returns at most 10 matches. Cleaning and fingerprinting are linear
// in the text (the regular expressions are RE2). A check costs one hash
// per shingle of the text and one map lookup per shingle: it visits only
// the signatures that share a shingle with the text, never all of them.
// [ReadCorpus] refuses more than 16 filters of 2^28 fingerprints and
// more than 2^24 exact hashes, and allocates no more than it reads. A
// corpus lookup costs one binary search of the exact part and three
// memory reads per filter. [Service.CheckIn] looks for
// a report's candidate by reading every candidate, page by page: linear
// in their number, fine for thousands; an index over shingle hashes in the
// store is the step after this one.
//
// # What it does not claim
//
// A signature matches reworded copies of an attack only as far as the
// words survive: five words in a row must be kept for a shingle to be
// shared, so a paraphrase that changes every fifth word matches nothing,
// and NFKC does not fold homoglyphs (a Cyrillic "і" stays itself). The
// docs/signatures.md measures this. Confirmation
// counts owners; it cannot tell whether several owners are one person.
// A match says a text resembles a reported attack, not that it is one.
// The poisoning guard knows benign text only as far as its corpus holds
// it: a benign quote from outside the corpus is stopped only by the
// second guard, which is as good as the shield's prompt_injection
// detector — and an attack that detector misses cannot become a
// signature while the second guard is on. A shingle of no benign text is
// found in the corpus with a chance of about 1 in 256, so a candidate of
// one or two shingles is wrongly held benign with a chance of about 0.4
// or 0.8 %.
package signature
