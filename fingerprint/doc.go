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
// # The extended profile
//
// §7 hashes a tool's name, description and input schema only: a flipped
// destructiveHint, a changed title or output schema, the server's
// instructions and every prompt and resource go unseen. The extended
// profile (plainsight's, issue 30, item 1; not part of the specification)
// sees them. A [Surface], made by [NewSurface] from the four list results,
// holds the server identity, the instructions and one [Entry] per tool,
// prompt, resource and resource template: its key and Def, the canonical
// JSON of exactly these members of it (the MCP schema's fields that a
// client shows to a model or acts on):
//
//   - tool (key: name): name, title, description, inputSchema,
//     outputSchema, annotations, _meta — description and inputSchema always
//     written, "" and {} when absent, as §7 defaults them;
//   - prompt (key: name): name, title, description, arguments;
//   - resource (key: uri): uri, name, title, description, mimeType;
//   - resource template (key: uriTemplate): uriTemplate, name, title,
//     description, mimeType;
//
// and, for every kind, the members of _meta that carry text: those whose
// value is a string or holds one at any depth (such as OpenAI's
// "openai/widgetDescription", text a client hands to the model); members
// of numbers, booleans and null only are left out, and so is a _meta with
// no such member. A member that is null is absent. Left out as well:
// fields that change without the definition changing, or that a model
// never reads — a resource's size, icons, annotations of resources (their
// lastModified is a timestamp), execution hints, every member the schema
// does not define. The protocol version is kept but not fingerprinted, so
// that two clients negotiating different versions with one server see one
// surface. A title, description, name, uri, uriTemplate or mimeType that
// is not a string, an object member (inputSchema, outputSchema,
// annotations, _meta) that is not an object, or arguments that are not an
// array are refused ([ErrInvalidTool] for a tool, [ErrInvalidEntry]
// otherwise), as §7 refuses a description of the wrong type; so is a key
// twice in one list ([ErrDuplicateName], [ErrDuplicateKey]).
//
// [Surface.Fingerprint] is the lowercase hex SHA-256 of [Surface.Input],
// the canonical form of {"instructions", "prompts", "resource_templates",
// "resources", "server", "tools"}, each list of Defs sorted by key.
// [Surface.Definitions] is the §7 view of the same surface, whose
// [Fingerprint] is §7's byte for byte. [CompareSurfaces] lists each
// difference as a [Change]: the entry, the JSON Pointer of the member, and
// the old and new text, visible-rendered (⟨U+200B ZERO WIDTH SPACE⟩), with
// renames paired as [Analyze] pairs them. A [SurfaceRecord]
// ([SurfaceFormat], "plainsight.fingerprint.surface/1", JSON Schema
// surface.schema.json) is what is pinned; its reader refuses another
// format, an unknown member, an entry not in the profile's form and a
// fingerprint that is not that of its surface.
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
