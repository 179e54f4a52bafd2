// Package enforce is the enforcer's side of the Agent-Shield protocol,
// version 0.1 (§2's Enforcer role: "the component that applies policy to a
// verdict"): the policy of §4, the decision it gives on a response, and the
// receipt log that conformance Level 3 (§5) keeps of each decision.
//
// [DefaultPolicy] is §4's table as a [Policy] per class and direction, with
// the scanner-unreachable rule stated in advance; [Decide] returns the
// [Decision] and why, for an [Action] the agent is about to take. Level 3's
// audit trail is a [ReceiptLog] of [LogEntry] records (who, the receipt,
// the engine, the verdict, what the enforcer did; [LogSchema] names their
// JSON form), with [MemoryLog] here and, for persistence, package
// [github.com/plainsight/plainsight/shield/receiptstore] (memory, SQLite
// or PostgreSQL), which this package does not import.
//
// It sits apart from package shield, the scanner, because the protocol
// separates scanning from enforcement on purpose (§2: "the scanner
// advises; the operator's policy decides"): a scanner never imports this
// package, and a host can enforce on responses that another scanner
// produced. Until issue 32 this code was part of package shield; the
// decisions, their reasons and the log entries' JSON are unchanged.
//
// # Bounds
//
// Decide reads the five scores of a response once and writes one reason;
// a MemoryLog keeps every entry appended, in memory, without a bound (a
// long-lived host keeps its log in a store instead).
//
// # What it does not claim
//
// A decision is only as good as the scores it reads (§7: a verdict is
// evidence, not proof), and this package does not check that a response
// is genuine: verify its receipt first (package
// [github.com/plainsight/plainsight/shield/receipt]) when it came over a
// wire. A log entry holds hashes, scores and the enforcer's reason, never
// the content; it is not signed itself (its receipt may be).
package enforce
