// Package fingerprint implements §7 of the agent-safety formats, version 1:
// the tool-definition fingerprint of an MCP server, its diff, and the
// integrity check that pins a server's tools against a "rug pull" (a tool
// whose definition changes after it was trusted).
//
// A tool record is exactly the tool's name, description ("" when absent)
// and input schema ({} when absent); every other field of a tool, such as
// annotations, is left out, so that what clients display differently
// between connections does not look like a change. The records are sorted
// by name (UTF-16 code units, as JavaScript sorts), and the fingerprint
// input is {"server":{"name":…,"version":…},"tools":[…]}, the version null
// when the server reports none. [Input] writes its canonical form — every
// object's keys sorted by UTF-16 code units at every depth, arrays in
// order, no whitespace, strings and numbers exactly as JavaScript's
// JSON.stringify writes them — and [Fingerprint] is the lowercase hex
// SHA-256 of it.
//
// [Check] answers an integrity check with one of [Unchanged], [Changed]
// (with a [Diff] in exactly §7's shape) or [Unreachable], which is never
// reported as unchanged. [NotRegistered] is the pre-call check's fourth
// answer (§9). [Analyze] says more than the diff, as separate API: tools
// that look renamed, and changed server instructions, which §7 does not
// hash although the agent reads them.
//
// A [Record] is what a user keeps between checks, so it has a documented,
// versioned JSON form ([RecordFormat], "plainsight.fingerprint.record/1",
// written by [Record.MarshalJSON]): the fingerprint, the record version and
// the [Definitions] — server identity, protocol version, instructions, and
// each tool's name, description and input schema (canonical, or null when
// none). Strings are escaped as JSON.stringify escapes them, so lone
// surrogates survive; reading a record back gives an equal record, and a
// record whose fingerprint is not that of its definitions, of another
// version, or with a member unknown to it is refused ([ErrInvalidRecord]).
// Its JSON Schema is record.schema.json, beside this file.
//
// Decisions where §7 is silent: a tool list with two tools of one name is
// refused ([ErrDuplicateName]) rather than fingerprinted, as the diff by
// name would be ambiguous; a description that is null reads as absent;
// a description, schema or name of the wrong JSON type is refused
// ([ErrInvalidTool]); strings keep lone surrogates (escaped in the
// canonical form as JavaScript escapes them).
//
// A match of fingerprints says the definitions match a record; it is not a
// finding that the tools are safe.
package fingerprint
