// handcheck.mjs — canonical forms and diffs written out by hand from the §7 rules and the
// contract (not copied from reference.mjs output), compared with cases.json. It shares no code
// with reference.mjs. Run: node handcheck.mjs
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';

const cases = JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'cases.json'), 'utf8'));
const byComment = (c) => {
  const hit = cases.filter((x) => x.comment === c);
  if (hit.length !== 1) throw new Error(`no single case: ${c}`);
  return hit[0];
};
const E = '"description":"","inputSchema":{}'; // an empty record's first two members

// String.raw: every backslash below is a literal backslash of the canonical text.
const canonicals = {
  'one tool with only a name':
    String.raw`{"server":{"name":"demo","version":"1.0.0"},"tools":[{"description":"","inputSchema":{},"name":"echo"}]}`,
  'an empty tool list':
    String.raw`{"server":{"name":"empty","version":"0.0.1"},"tools":[]}`,
  'server version absent is written as null':
    String.raw`{"server":{"name":"demo","version":null},"tools":[{"description":"","inputSchema":{},"name":"echo"}]}`,
  'server name and version both absent':
    String.raw`{"server":{"name":"","version":null},"tools":[{"description":"","inputSchema":{},"name":"echo"}]}`,
  'one tool with a description and an input schema whose keys are given unsorted':
    String.raw`{"server":{"name":"files","version":"2.1.0"},"tools":[{"description":"Read a file from disk.","inputSchema":{"properties":{"path":{"description":"Absolute path","type":"string"}},"required":["path"],"type":"object"},"name":"read_file"}]}`,
  'uppercase sorts before lowercase: B before a':
    String.raw`{"server":{"name":"sorter","version":"1"},"tools":[{"description":"upper","inputSchema":{},"name":"B"},{"description":"lower","inputSchema":{},"name":"a"}]}`,
  'an astral name (U+1F600, code units D83D DE00) sorts before U+FF5E, unlike codepoint or UTF-8 byte order':
    `{"server":{"name":"sorter","version":"1"},"tools":[{"description":"grinning face","inputSchema":{},"name":"\u{1F600}"},{"description":"fullwidth tilde","inputSchema":{},"name":"\uFF5E"}]}`,
  'integer-like keys are sorted as strings by code unit ("-1", "01", "1", "10", "9", "a"), not in JavaScript object order':
    String.raw`{"server":{"name":"keys","version":"1"},"tools":[{"description":"","inputSchema":{"-1":5,"01":4,"1":3,"10":2,"9":1,"a":0},"name":"k"}]}`,
  'keys: an astral key (D83D DE00) sorts before U+FF61 by code unit':
    `{"server":{"name":"keys","version":"1"},"tools":[{${E.replace('{}', '{"z":3,"\u{1F600}":2,"\uFF61":1}')},"name":"k"}]}`,
  'a lone surrogate in a description is escaped as lowercase \\ud800':
    String.raw`{"server":{"name":"lone","version":"1"},"tools":[{"description":"bad\ud800end","inputSchema":{},"name":"t"}]}`,
  'lone surrogates as keys: sorted by code unit, each lone one escaped, the pair raw':
    String.raw`{"server":{"name":"lone","version":"1"},"tools":[{"description":"","inputSchema":{"\ud800":2,"` + '\u{1F600}' + String.raw`":3,"\ude00\ud83d":4,"\udfff":1},"name":"t"}]}`,
  'names holding lone surrogates are sorted by code unit and escaped in lowercase':
    String.raw`{"server":{"name":"sorter","version":"1"},"tools":[{"description":"","inputSchema":{},"name":"\ud800"},{"description":"","inputSchema":{},"name":"` + '\u{1F600}' + String.raw`"},{"description":"","inputSchema":{},"name":"\udc00x"}]}`,
  'control characters: \\b \\t \\n \\f \\r short, the rest \\u00xx lowercase, DEL raw':
    String.raw`{"server":{"name":"ctl","version":"1"},"tools":[{"description":"\u0000\u0001\u0007\b\t\n\u000b\f\r\u000e\u001b\u001f` + '\x7f' + String.raw`","inputSchema":{},"name":"t"}]}`,
  'keys are sorted on their code units before escaping: \\n (U+000A) first, backslash (U+005C) before ]':
    String.raw`{"server":{"name":"ctl","version":"1"},"tools":[{"description":"","inputSchema":{"\n":6,"\u001f":7,"!":5,"\"":4,"#":3,"\\":2,"]":1},"name":"t"}]}`,
  'U+2028 and U+2029 are written raw in descriptions and keys':
    `{"server":{"name":"ls","version":"1"},"tools":[{"description":"line\u2028para\u2029end","inputSchema":{"\u2029":"\u2028"},"name":"t"}]}`,
  '< > & / and \' are not escaped':
    String.raw`{"server":{"name":"html","version":"1"},"tools":[{"description":"<script>alert('x')</script> & a/b","inputSchema":{"&amp;":">","</":"<!-- -->"},"name":"t"}]}`,
  'negative zero in every spelling is written 0':
    String.raw`{"server":{"name":"nums","version":"1"},"tools":[{"description":"","inputSchema":{"a":0,"b":0,"c":0,"d":[0,0]},"name":"n"}]}`,
  '1e-7 and below use exponent form; 1e-6 is written 0.000001':
    String.raw`{"server":{"name":"nums","version":"1"},"tools":[{"description":"","inputSchema":{"a":1e-7,"b":0.000001,"c":1e-7,"d":1.5e-7,"e":0.000001234,"f":-1e-7,"g":1.23e-18},"name":"n"}]}`,
  '2^53+1 (9007199254740993) is parsed as a double and written 9007199254740992':
    String.raw`{"server":{"name":"nums","version":"1"},"tools":[{"description":"","inputSchema":{"b":9007199254740996,"c":9007199254740992,"d":-9007199254740992,"maximum":9007199254740992},"name":"n"}]}`,
  'different spellings of one number give one canonical form (1.0, 1E2, 1e+2, 0.5e1, 10e-1, 100e-2)':
    String.raw`{"server":{"name":"nums","version":"1"},"tools":[{"description":"","inputSchema":{"a":1,"b":100,"c":100,"d":5,"e":1,"f":1,"g":2.5,"h":0},"name":"n"}]}`,
  'escapes in the input (\\u00e9, \\/, \\u65e5, a surrogate pair, \\u0041) are written as the characters':
    `{"server":{"name":"unicode","version":"1"},"tools":[{"description":"\u00e9/\u65e5\u{1F600}A","inputSchema":{"a/b":"\\""},"name":"t"}]}`,
};

const empty = { tools_added: [], tools_removed: [], tools_changed: [], server_identity_changed: false };
const diffs = {
  'a renamed tool is one added and one removed':
    { status: 'changed', diff: { ...empty, tools_added: ['readFile'], tools_removed: ['read_file'] } },
  'description and schema both changed: description_changed then schema_changed':
    { status: 'changed', diff: { ...empty, tools_changed: [{ tool: 'read_file', changes: ['description_changed', 'schema_changed'] }] } },
  'a schema with the same keys in another order at every depth is not a change':
    { status: 'unchanged', diff: empty },
  'the server version went from the empty string to absent: "" and null differ':
    { status: 'changed', diff: { ...empty, server_identity_changed: true } },
  'several changes at once: every list sorted by UTF-16 code unit, server identity changed':
    { status: 'changed', diff: {
      tools_added: ['New_a', 'new_b', '\u{1F600}new', '\uFF61new'],
      tools_removed: ['Old_a', 'old_b', '\u{1F600}old', '\uFF61old'],
      tools_changed: [
        { tool: 'Alpha', changes: ['schema_changed'] },
        { tool: 'bravo', changes: ['description_changed'] },
        { tool: 'mike', changes: ['description_changed', 'schema_changed'] },
        { tool: 'zulu', changes: ['description_changed'] },
      ],
      server_identity_changed: true } },
  'tools_changed is sorted by code unit: B, a, the astral name, then U+FF61':
    { status: 'changed', diff: { ...empty, tools_changed: ['B', 'a', '\u{1F600}', '\uFF61'].map((tool) => ({ tool, changes: ['description_changed'] })) } },
  'a change in annotations only is not a change': { status: 'unchanged', diff: empty },
  'other spellings of the same numbers (1.0, 1E2, -0) are not a change': { status: 'unchanged', diff: empty },
};

let n = 0;
for (const [comment, want] of Object.entries(canonicals)) {
  const got = byComment(comment).expected.canonical;
  if (got !== want) throw new Error(`canonical differs for "${comment}"\n hand: ${want}\n file: ${got}`);
  n++;
}
for (const [comment, want] of Object.entries(diffs)) {
  const got = byComment(comment).expected;
  if (!isDeepStrictEqual(got, want)) throw new Error(`diff differs for "${comment}"\n hand: ${JSON.stringify(want)}\n file: ${JSON.stringify(got)}`);
  n++;
}
// Cases written to share one fingerprint must share it.
const same = (comments) => {
  const fps = new Set(comments.map((c) => byComment(c).expected.fingerprint));
  if (fps.size !== 1) throw new Error(`fingerprints should be equal: ${comments.join(' | ')}`);
  n++;
};
same(['one tool with only a name', 'description null is the empty string (same fingerprint as the name-only tool)',
  'description present and empty (same fingerprint as the name-only tool)', 'inputSchema null is the empty object (same fingerprint as the name-only tool)',
  'inputSchema present and empty (same fingerprint as the name-only tool)', 'a title does not stand in for an absent description']);
same(['server version absent is written as null', 'server version null is written as null (same fingerprint as version absent)']);
same(['one tool with a description and an input schema whose keys are given unsorted', 'title, annotations, outputSchema, _meta and icons are ignored (same fingerprint as the tool without them)']);
console.log(`handcheck: ${n} hand-written expectations agree with cases.json`);
