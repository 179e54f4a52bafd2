// Package guard is the one way plainsight reaches a URL that someone else
// names: the server-side request forgery guard of §9 of the agent-safety
// formats, version 1 ("the probe cannot be steered into the network the
// platform itself runs on"). [Guard.Client] is the HTTP client every probe
// of a caller-named URL uses; [CheckURL], [CheckHost] and [ClassifyAddr]
// apply the same rules without a network, for a server that refuses a URL
// before probing (422) and for scanners that classify an address found in
// text.
//
// It is a public package, not an internal one, because the policy belongs
// to the program that embeds plainsight: precall, the server and a host
// mounting the server each choose whether loopback may be probed, and a
// scanner (shield's ssrf class) classifies hosts by the same rules.
//
// # The rules
//
// A URL must be absolute, http or https, with a host and no credentials.
// https is required; http only for a host that is loopback by its spelling
// when the policy allows loopback.
//
// A host is read as a resolver reads it ([ParseHost]): IPv4 in every
// spelling inet_aton and the WHATWG URL parser accept (decimal 2130706433,
// octal 0177.0.0.1, hexadecimal 0x7f.1, short forms 127.1, a trailing
// dot), IPv6 in brackets, names mapped to ASCII by IDNA as net/http does.
// A host whose last label is a number but that is no IPv4 address is
// malformed, never passed to a resolver.
//
// Addresses ([ClassifyAddr]) are refused by the IANA IPv4 and IPv6
// special-purpose registries as code.dny.dev/ssrf v0.3.0 generates them
// (every IPv6 address outside 2000::/3, and ssrf's denied prefixes inside
// it), each refusal with its reason: loopback, private, link-local,
// shared, documentation, multicast, unspecified, reserved. An
// IPv4-mapped address (::ffff:a.b.c.d) is judged as the IPv4 address the
// system dials. IPv4-compatible (::a.b.c.d), IPv4-translated, NAT64
// (64:ff9b::/96, 64:ff9b:1::/48), 6to4 (2002::/16) and Teredo (2001::/32,
// server and client) addresses that carry a refused IPv4 address are
// refused for that address's reason; all but 64:ff9b::/96 are refused
// anyway. The one departure from ssrf's defaults: 64:ff9b::/96 carrying a
// globally reachable IPv4 address is allowed, as the IANA registry marks
// it — it is what DNS64 gives an IPv6-only host for every IPv4-only
// server.
//
// Names are resolved, fully qualified (no search domain completes them),
// and refused when any address they resolve to is refused — no
// first-answer luck. Some are refused before resolving: single-label
// names (a search domain would complete them), and names under .local,
// .internal, .home.arpa, .corp, .home, .mail, .lan, .example, .test,
// .invalid, .onion, .alt and .arpa, and the cloud metadata names
// metadata.google.internal, metadata.goog and instance-data.ec2.internal.
//
// The address actually dialed is checked again at connect time
// (net.Dialer's ControlContext), so a name that resolves differently the
// second time cannot pass. No proxy is used.
//
// # Loopback
//
// Loopback is 127.0.0.0/8 and ::1 as dialed, their IPv4-mapped forms,
// every spelling of them above (127.1, 2130706433, [::ffff:127.0.0.1],
// 0x7f.1), localhost and names under .localhost (RFC 6761, resolved to
// 127.0.0.1 and ::1 without asking the resolver). A translation form
// carrying 127.x (64:ff9b::7f00:1, 2002:7f00:1::) is not loopback: it is
// routed to a gateway, and is refused under every policy.
//
// [Policy] decides it: the zero Policy refuses loopback (plainsight serve,
// plainsight mcp, any host serving strangers); the command line allows
// it where the person at the keyboard asked for it. Even when it is
// allowed, it is allowed only for a URL that names loopback by its
// spelling — an address above, or localhost and names under .localhost,
// which the guard itself resolves to 127.0.0.1 and ::1 (RFC 6761 §6.3),
// so no resolver can re-point them. A name the resolver answers with a
// loopback address is refused under every policy, at resolution and
// again at connect time (issue 29: a server registered while its name
// resolved publicly, then re-pointed at 127.0.0.1, must not have the
// probing machine's own services recorded as its definitions). And a
// redirect hop may reach loopback only when the URL first asked was
// loopback by its spelling: a public server cannot redirect a probe into
// the machine running it.
//
// # Redirects
//
// Followed by hand, at most five ([MaxRedirects]); each hop is checked
// under the same rules before it is sent — its URL, then its name resolved
// and every address checked, since a pooled connection is not dialed
// again —; the sixth is refused
// ([ErrRedirects]). 307 and 308 repeat the method and body, 301, 302 and
// 303 turn into GET, credentials are dropped on a change of host. The
// chain is kept: in a [Trace] for the answer, and in a refusal.
//
// # Errors
//
// Every refusal is a *[RefusedError] wrapping one [Reason] sentinel
// (ErrURL, ErrScheme, ErrLoopback, ErrPrivate, ErrLinkLocal, ErrShared,
// ErrDocumentation, ErrMulticast, ErrUnspecified, ErrReserved,
// ErrRedirects); nothing was dialed for the refused URL, and a server
// answers it with 422. ErrResolve and ErrTooLarge are not refusals: the
// server could not be reached, or said too much.
//
// # Bounds
//
// Each request, with its redirects, has its response headers within
// [DefaultTimeout] (six seconds, as a probe's call); its body is read
// under the caller's context (a probe gives each call six seconds; an
// event stream may outlive the request's timeout) and is at most [DefaultMaxBody]
// (16 MiB, as a probe's); response headers at most 64 KiB; at most four
// of a name's addresses dialed in turn (all are checked). The address
// check takes well under a microsecond and does not allocate.
//
// # What it does not claim
//
// It keeps requests away from the addresses and names above; it does not
// judge the server that answers, and a public address can still belong to
// anyone. Names are as their resolver answers them: a resolver that lies
// can only point at public addresses, which the connect-time check
// enforces. Ports are not restricted (MCP servers listen anywhere).
package guard
