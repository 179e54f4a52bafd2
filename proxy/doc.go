// Package proxy is an MCP proxy between one client and one server (issue
// 30, item 3): the client speaks MCP to the proxy (standard input and
// output, or Streamable HTTP on a loopback address), the proxy speaks to
// the upstream server (a command on its standard input and output, with
// its environment, or a Streamable HTTP or HTTP+SSE URL with headers,
// reached through package guard's client), both sides with the official
// Go SDK. It forwards tools, prompts, resources and resource templates
// (their lists, calls, reads, subscriptions and completions), logging,
// progress both ways and cancellation (a request the client cancels is
// cancelled upstream), and the upstream's list_changed notifications.
//
// # The shield
//
// Between the two sits the guard of package shield/mcpguard, as sending
// middleware of the proxy's client of the upstream, unchanged: every tool
// result is scanned before it reaches the client (Level 1 of the
// Agent-Shield protocol's §5), every outgoing call's arguments before they
// leave (Level 2), each decided by the policy per class (package
// shield/enforce: §4's table, fail closed where it says so), and each
// decision appended to the guard's receipt log (Level 3; the command
// keeps it in the database with shield/receiptstore, each receipt signed).
// The guard judges every definition of every list whole, as one text
// (the shield's verdict): a poisoned tool, prompt or resource is filtered
// out of its list and a call to it refused. Each tool is also scanned as
// plainsight's commands scan definitions (precall.ScanDefinitions in the
// Strict profile: names, descriptions, input-schema keys and strings),
// and the server's instructions too: hidden content the shield does not
// read as an instruction — zero-width characters, an element hidden by
// its style — withholds the tool (or empties the instructions) as well.
// A call made before any list lists the tools first, so that it is
// judged by them (a list that cannot be had refuses the call). A call the guard blocks is answered with an error
// result (isError) that says why; a flagged result carries the verdict
// in its _meta ("plainsight.dev/shield").
//
// # The pins
//
// With Config.Pins, each list is fingerprinted with the other lists last
// seen (the whole surface: package fingerprint's extended profile) and
// observed by package pin's Keeper under the upstream's key (the key
// `plainsight audit` pins under, so one server has one pin). On first
// sight the surface is pinned; after that a definition that changed, or
// is new, is withheld from its list and a call to it (a read of it) is
// answered with an error naming the change and the `plainsight approve
// KEY` command that releases it. A refused call is logged too. The pin
// is read again on the next list, and on a call to a withheld definition
// once the decision is older than two seconds, so an approval reaches a
// running proxy without a restart (and the client is sent list_changed).
//
// # Bounds
//
// The SDK decodes a JSON-RPC message whole, so the proxy does not stream
// a result through: it caps each message instead, and memory is bounded
// by the cap, not by what a server sends.
//
//   - One message from the upstream, or from the client, is at most
//     MaxMessageBytes (16 MiB by default): a line on stdio, an event of an
//     event stream (the SDK's MaxEventSize, so an endless SSE line is cut
//     there), a JSON response body. A result over it is refused: the client
//     gets an error result saying so, and never the content. On stdio a
//     message over the cap ends the upstream's connection (a stream cannot
//     be resynchronized); the command is stopped and started again on the
//     next request, at most once a second.
//   - One forwarded request waits at most CallTimeout (two minutes by
//     default): a server that never answers is cancelled upstream and the
//     client gets an error result. Starting and initializing the
//     upstream waits at most ConnectTimeout (one minute).
//   - One list, all pages together, holds at most MaxListItems
//     definitions (5000) in at most 100 pages; a longer list is refused
//     (an error the client sees) before the guard scans it.
//   - A server that crashes mid-call: the call is answered with an error
//     and the server is started again on the next request. A server that
//     changes its tools on every call: each change is forwarded as
//     list_changed (the SDK sends at most one per 10 ms), each list is
//     judged and observed afresh, and a changed tool stays withheld.
//
// # What it does not claim
//
// The client is answered with the SDK's structs: a member of a definition
// or result that go-sdk v1.8.0 does not model (2025-11-25's tool
// "execution", say) does not reach it, and a member whose value is its
// zero may be left out. The pins do not suffer from this on stdio and
// HTTP+SSE: each list page is kept as the upstream sent it (the
// connection is read before the SDK decodes it), so the proxy's surface
// is the one plainsight audit's probe pins. On Streamable HTTP the SDK's
// connection cannot be wrapped, and the pins read the lists as the SDK
// writes them back: a prompt argument's "required": false, say, is then
// absent, and a pin made by the audit reads as changed there.
//
// The upstream's server-initiated requests (sampling, elicitation, roots)
// are not forwarded: the proxy's client does not offer them upstream. Its
// log messages are passed on unscanned (a client shows them to its user,
// not to the model). Images, audio and blobs are not scanned (as mcpguard says). The
// proxy speaks protocol version 2025-11-25 and older on both sides.
package proxy
