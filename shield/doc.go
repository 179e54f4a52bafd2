// Package shield implements the Agent-Shield protocol, version 0.1: the
// pre-action safety check of an agent. A request (§3.1) carries untrusted
// content and its context; [Scan] returns a response (§3.2) with a verdict,
// five per-class scores, the engine that produced them and a receipt that
// identifies the content by its hash.
//
// This is the in-process binding of §3.3: a library call, local, with no
// network access.
package shield
