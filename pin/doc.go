// Package pin is trust on first use for the MCP servers an agent's client
// runs (issue 30, items 2 and 3): the first surface seen of an upstream
// is pinned; a later one that differs is recorded as a sighting, its new
// and changed entries withheld until a person approves them. Package
// audit and package proxy share it, with the same keys, so that an
// audit's pin and a proxy's pin of one server are one pin, and
// `plainsight approve KEY` releases a definition a running proxy withholds.
// The surface and its diff are package fingerprint's (the extended
// profile, [fingerprint.Surface], [fingerprint.CompareSurfaces]); the
// records are package store's ([store.Pins]), append-only in every
// backend.
//
// # Keys
//
// A key names an upstream the same way whichever client's configuration
// names it, and holds no secret of its configuration: [StdioKey] is the
// command and its arguments (never the environment), [URLKey] the URL
// without its userinfo and fragment (never a header). URLKey keeps the
// query, since it can select what a server serves; a token in the query
// is then part of the key, kept in the local store and shown by
// `plainsight pins` — a header is the place for a token. Keys longer than
// [store.PinKeyMaxBytes] are hashed to a fixed length.
//
// # Observing
//
// [Keeper.Observe] reads the key's pin and answers:
//
//   - first_use: there was none; the surface is pinned as version 1,
//     reason first_use. Of keepers pinning one key at once, one pins and
//     the others compare with its pin.
//   - unchanged: the fingerprint is the pin's.
//   - changed: the [Outcome] carries the changes from the pinned surface
//     (fingerprint.CompareSurfaces: field, old and new text,
//     visible-rendered), the withheld entries — new, changed or renamed
//     ones, untrusted until approved — and the pinned surface, to serve in
//     their place. A removed entry is a change too, reported, but not
//     withheld (there is nothing left to withhold; a caller serving the
//     trusted surface should not offer it, since the upstream no longer
//     answers it). The fresh surface is
//     recorded as the key's sighting, once per change (seeing the same
//     change again records nothing), and a sighting of the pinned surface
//     is recorded when an upstream changes back, so nothing stays pending.
//
// # Approving
//
// [Keeper.Approve] makes the pending sighting (the newest, when it
// differs from the pin) the key's next pin version, reason approved, with
// the approver's name. With entries named, only those are approved: the
// new pin is the pinned surface with each named entry as the sighting has
// it — replaced when changed, added when new, dropped when the sighting
// has it no more (approving a removal: a later return of that entry is
// then new, and withheld). The server's name, version and instructions
// change only with a whole approval; a rename is a removal and an
// addition (name both keys to approve it whole). An entry that is
// neither pinned nor seen is [ErrUnknownEntry]; when nothing would
// change, [ErrNothingPending].
//
// Approval is a compare-and-set: a pin version must be its key's head
// version + 1 ([store.Pins.AppendPin]), so of two approvals racing, one
// lands and the other reads the new head and the newest sighting again
// and applies its entries to them (at most 32 attempts): neither is lost,
// and no two pins share a version — on one SQLite file or one PostgreSQL
// database shared by several processes alike. [Keeper.ApproveSighting]
// approves only the sighting the approver was shown ([ErrStale] when a
// newer one was recorded since), which `plainsight approve` uses.
//
// # Bounds
//
// A record (the pinned or sighted surface) is at most
// [store.PinRecordMaxBytes]: a surface larger is refused by the store and
// Observe returns the error. Each call holds at most two surfaces and
// their changes; it makes a bounded number of store calls (retries
// included).
//
// # What it does not claim
//
// Trust on first use trusts the first surface seen: a server poisoned
// before its first sight is pinned poisoned (package audit scans what it
// pins; a pin is no verdict). A keeper does not authenticate approvers:
// who can write the store can approve, and By is what the approver says.
// An Observe that fails (the store unreachable) returns no outcome; a
// caller that withholds changed entries must then withhold everything.
package pin
