// reference.mjs — an independent reference model of the §7 tool-definition fingerprint of the
// agent-safety formats, version 1 (/work/shared/specs/agent-safety-formats-v1.md §7), as pinned
// by the plainsight fingerprint contract. It reads cases-input.json (the hand-written cases),
// computes every expected value, and writes cases.json. It uses plain Node (>= 20), no packages,
// and reads no Go code.
//
//   node reference.mjs            # writes cases.json and flags.json next to this file
//   node reference.mjs --check    # recomputes and fails if cases.json or flags.json differ
//
// Semantics come from JavaScript itself: each raw value is handed to JSON.parse (which keeps lone
// surrogates, parses numbers as IEEE-754 doubles and keeps the last of duplicate keys), and
// strings and numbers are written with JSON.stringify (well-formed JSON.stringify: lone
// surrogates as lowercase \udxxx, Number::toString for numbers, -0 as 0). Object keys are sorted
// with the default Array.prototype.sort (UTF-16 code units) and the object is written member by
// member here, so integer-like keys are NOT moved first the way a JavaScript object would.
//
// A small lossless JSON reader is used only to carry the raw input through to cases.json
// unchanged: number literals such as 9007199254740993, 1e21 or -0 must reach the vector file as
// written, which a JSON.parse / JSON.stringify round trip would destroy.

import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';

const here = dirname(fileURLToPath(import.meta.url));
const INPUT = join(here, 'cases-input.json');
const OUTPUT = join(here, 'cases.json');
const FLAGS_OUTPUT = join(here, 'flags.json');

// ---------------------------------------------------------------------------------------------
// Flags: every flag a case may carry, with what it pins.

export const FLAGS = {
  Basic: ['A plain, well-formed definition set.', 'Pins the overall shape: {"server":{"name","version"},"tools":[records]} with each record exactly {"description","inputSchema","name"}, keys sorted, no whitespace.'],
  EmptyList: ['The server lists no tools.', 'The fingerprint input still has "tools":[]; a diff against it lists every tool as added or removed.'],
  DefaultDescription: ['A tool description that is absent, null or "".', 'All three are the empty string: same record, same fingerprint, never a description_changed.'],
  DefaultSchema: ['A tool inputSchema that is absent, null or {}.', 'All three are the empty object: same record, same fingerprint, never a schema_changed.'],
  ServerVersionNull: ['The server reports no version (absent or null).', 'version is written as null; absent and null are the same, and null differs from "".'],
  ServerVersionEmpty: ['The server reports the version "".', 'The empty string is kept as a string, not turned into null.'],
  ServerNameAbsent: ['The server reports no name.', 'name is written as ""; absent and "" are the same.'],
  ExtraFieldsIgnored: ['The tool objects carry title, annotations, outputSchema, _meta or icons.', 'Only name, description and inputSchema enter the record; the other fields never change the fingerprint or the diff.'],
  ToolOrder: ['Tools are given out of order.', 'Records are sorted by name; the order a server lists its tools in never changes the fingerprint.'],
  CaseSensitiveOrder: ['Names or keys differing in case.', 'Sorting is by UTF-16 code unit, so uppercase sorts before lowercase ("B" < "a"); no case folding.'],
  CodeUnitOrder: ['Names or keys with astral characters (surrogate pairs) next to characters in U+E000–U+FFFF.', 'Sorting is by UTF-16 code unit: U+1F600 (D83D DE00) sorts before U+FF61; codepoint or UTF-8 byte order gives the opposite.'],
  EmptyName: ['A tool named "".', 'The empty string is a valid name and sorts first.'],
  PrototypeNames: ['Names or keys such as __proto__, constructor, toString.', 'They are ordinary strings; an implementation that uses plain JavaScript objects as maps mishandles them.'],
  NoNormalization: ['NFC and NFD spellings of one text.', 'No Unicode normalization: they are different names and different descriptions.'],
  NestedKeyOrder: ['Object keys out of order at several depths, including inside arrays.', 'Keys are sorted at every depth of the input schema, not only at the top.'],
  ArrayOrder: ['Arrays whose elements are not sorted.', 'Arrays keep their order; reordering one is a schema change.'],
  IntegerLikeKeys: ['Keys such as "10", "9", "1", "01", "-1".', 'They are sorted as strings by code unit ("10" before "9"), not in JavaScript object order (which puts array-index keys first in numeric order).'],
  SortBeforeEscape: ['Keys holding characters that are escaped in the output (\\n, ", \\, U+001F).', 'Keys are sorted on their code units before escaping: "\\n" (U+000A) sorts first although its escaped form starts with a backslash.'],
  NegativeZero: ['-0 in a number literal.', 'Written as 0, as JSON.stringify does.'],
  NumberExponent: ['Numbers whose Number::toString form uses or avoids exponent notation.', '1e21 and above and below 1e-6 use exponent form with an explicit sign (1e+21, 1e-7); 1e20 and 0.000001 are written out.'],
  NumberRounding: ['Number literals that are not exactly representable (2^53+1, 0.30000000000000001).', 'Numbers are parsed as IEEE-754 doubles (round to nearest even) and written in the shortest form that round-trips.'],
  NumberSpelling: ['One number spelled in several ways (1.0, 1E2, 0.5e1).', 'The canonical form depends only on the double value, never on the literal.'],
  Subnormal: ['Subnormal doubles such as 5e-324.', 'Parsed and written exactly as JavaScript does (4.9e-324 is written 5e-324).'],
  NumberUnderflow: ['A literal below half the smallest subnormal (1e-400).', 'It parses to 0, as in JavaScript; it is not an error.'],
  LoneSurrogate: ['A lone UTF-16 surrogate, written in the vector file as a \\ud800-style escape.', 'It is kept (not replaced by U+FFFD), sorted by code unit, and written in the canonical form as a lowercase \\udxxx escape, so the bytes hashed are valid UTF-8.'],
  LineSeparator: ['U+2028 or U+2029 in a string.', 'Written raw (three UTF-8 bytes), not escaped.'],
  ControlEscape: ['Control characters U+0000–U+001F and U+007F.', '\\b \\t \\n \\f \\r use the short escapes, the others \\u00xx in lowercase hex; U+007F is written raw.'],
  NoHtmlEscape: ['The characters < > & / and \'.', 'Written raw: no HTML-safe escaping, no escaping of the solidus.'],
  QuoteBackslash: ['Quotation marks and backslashes in strings.', 'Escaped as \\" and \\\\.'],
  NonAsciiRaw: ['Non-ASCII text (é, 日本語, emoji, U+00A0, U+FEFF).', 'Written raw in UTF-8, never as \\u escapes.'],
  InputEscapes: ['Strings spelled with JSON escapes in the input (\\u00e9, \\/, \\uD83D, surrogate-pair escapes).', 'The canonical form depends only on the decoded string: escapes are decoded and re-escaped only where JSON.stringify escapes.'],
  MissingName: ['A tool object without a name.', 'The whole list is refused with InvalidTool.'],
  NameNotString: ['A tool name that is a number, null or an object.', 'The whole list is refused with InvalidTool.'],
  DescriptionNotString: ['A description that is present and neither a string nor null.', 'The whole list is refused with InvalidTool; false or an array is not treated as absent.'],
  SchemaNotObject: ['An inputSchema that is present and neither an object nor null (a string, an array, true, a number).', 'The whole list is refused with InvalidTool.'],
  ToolNotObject: ['An element of the tools array that is not an object (a string, null, an array).', 'The whole list is refused with InvalidTool.'],
  DuplicateNames: ['Two tools with the same name (equal UTF-16 code unit sequences).', 'The whole list is refused with DuplicateName, even when the two tools are identical.'],
  Unchanged: ['A diff between two definition sets with equal fingerprints.', 'status is "unchanged" and the diff is all-empty.'],
  ToolAdded: ['A tool present only in the fresh definitions.', 'Listed in tools_added.'],
  ToolRemoved: ['A tool present only in the recorded definitions.', 'Listed in tools_removed.'],
  ToolRenamed: ['A tool whose name changed.', 'Names identify tools: a rename is one name added and one removed, never a tools_changed entry.'],
  DescriptionChanged: ['A tool whose description text differs.', 'tools_changed carries "description_changed" (before "schema_changed" when both apply).'],
  SchemaChanged: ['A tool whose input schema differs under the canonical form.', 'tools_changed carries "schema_changed".'],
  SchemaKeyOrder: ['An input schema with the same members in another key order.', 'Equal canonical forms: not a schema change.'],
  WhitespaceSignificant: ['A description that differs only in whitespace.', 'Descriptions are compared exactly: any difference is a description_changed.'],
  ServerIdentity: ['The server name or version differs.', 'server_identity_changed is true (and the fingerprints differ).'],
  DiffSorted: ['A diff with several names in one list.', 'tools_added, tools_removed and tools_changed are each sorted by name in UTF-16 code unit order.'],
};

// ---------------------------------------------------------------------------------------------
// A lossless JSON reader for the case files. Nodes:
//   {t:'o', m:[[key, node, keyRaw], ...]}  {t:'a', v:[node, ...]}  {t:'s', v:string, raw}
//   {t:'n', raw:'1e21'}                    {t:'b', v:bool}           {t:'z'} (null)
// Strings are decoded (lone surrogates kept) and also kept as written (raw, quotes included), so
// that escapes in the input (\u00e9, \/, \uD83D) reach the vector file as written; number
// literals are kept as written.

function readLossless(text) {
  let i = 0;
  const fail = (msg) => { throw new Error(`JSON: ${msg} at offset ${i}`); };
  const ws = () => { while (i < text.length && ' \t\n\r'.includes(text[i])) i++; };
  const value = () => {
    ws();
    const c = text[i];
    if (c === '{') {
      i++; const m = []; ws();
      if (text[i] === '}') { i++; return { t: 'o', m }; }
      for (;;) {
        ws(); if (text[i] !== '"') fail('expected key');
        const from = i, k = str(), kraw = text.slice(from, i); ws();
        if (text[i] !== ':') fail('expected :'); i++;
        m.push([k, value(), kraw]); ws();
        if (text[i] === ',') { i++; continue; }
        if (text[i] === '}') { i++; return { t: 'o', m }; }
        fail('expected , or }');
      }
    }
    if (c === '[') {
      i++; const v = []; ws();
      if (text[i] === ']') { i++; return { t: 'a', v }; }
      for (;;) {
        v.push(value()); ws();
        if (text[i] === ',') { i++; continue; }
        if (text[i] === ']') { i++; return { t: 'a', v }; }
        fail('expected , or ]');
      }
    }
    if (c === '"') { const from = i, v = str(); return { t: 's', v, raw: text.slice(from, i) }; }
    if (text.startsWith('true', i)) { i += 4; return { t: 'b', v: true }; }
    if (text.startsWith('false', i)) { i += 5; return { t: 'b', v: false }; }
    if (text.startsWith('null', i)) { i += 4; return { t: 'z' }; }
    const m = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/.exec(text.slice(i, i + 400));
    if (!m) fail('unexpected character');
    i += m[0].length;
    return { t: 'n', raw: m[0] };
  };
  const str = () => {
    i++; let s = '';
    for (;;) {
      if (i >= text.length) fail('unterminated string');
      const c = text[i];
      if (c === '"') { i++; return s; }
      if (c < ' ') fail('raw control character in string');
      if (c !== '\\') { s += c; i++; continue; }
      const e = text[i + 1];
      const simple = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
      if (e in simple) { s += simple[e]; i += 2; continue; }
      if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
        s += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16)); i += 6; continue;
      }
      fail('bad escape');
    }
  };
  const v = value(); ws();
  if (i !== text.length) fail('trailing text');
  return v;
}

const get = (node, key) => {
  if (node.t !== 'o') throw new Error('not an object');
  const hit = node.m.filter(([k]) => k === key);
  if (hit.length > 1) throw new Error(`duplicate key ${key} in a case`);
  return hit.length ? hit[0][1] : undefined;
};

// quote: JSON text of a string for the vector file. It is JSON.stringify's text, except that
// code units a reader cannot see (DEL and C1 controls, format characters, line and paragraph
// separators, spaces other than U+0020, private-use and unassigned codepoints) are also written
// as lowercase \uxxxx escapes. The decoded string is the same; only the file is easier to read.
// (This is about the layout of the vector file, never about the canonical form.)
const unseen = /[\u007f-\u009f\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cn}]|(?! )\p{Zs}/gu;
function quote(s) {
  return JSON.stringify(s).replace(unseen, (c) => [...Array(c.length).keys()].map((j) => '\\u' + c.charCodeAt(j).toString(16).padStart(4, '0')).join(''));
}

// Compact JSON text of a node, number literals as written (fed to JSON.parse for semantics).
function compact(n) {
  switch (n.t) {
    case 'o': return '{' + n.m.map(([k, v, kraw]) => (kraw ?? quote(k)) + ':' + compact(v)).join(',') + '}';
    case 'a': return '[' + n.v.map(compact).join(',') + ']';
    case 's': return n.raw ?? quote(n.v);
    case 'n': return n.raw;
    case 'b': return String(n.v);
    case 'z': return 'null';
  }
  throw new Error('bad node');
}

// The vector file's layout: JSON.stringify(value, null, 2) style, number literals as written.
function pretty(n, ind = '') {
  const inner = ind + '  ';
  switch (n.t) {
    case 'o':
      if (n.m.length === 0) return '{}';
      return '{\n' + n.m.map(([k, v, kraw]) => inner + (kraw ?? quote(k)) + ': ' + pretty(v, inner)).join(',\n') + '\n' + ind + '}';
    case 'a':
      if (n.v.length === 0) return '[]';
      return '[\n' + n.v.map((v) => inner + pretty(v, inner)).join(',\n') + '\n' + ind + ']';
    default: return compact(n);
  }
}

// A node from a plain JavaScript value (expected values only: no numbers occur there).
function fromJS(v) {
  if (v === null) return { t: 'z' };
  if (typeof v === 'string') return { t: 's', v };
  if (typeof v === 'boolean') return { t: 'b', v };
  if (Array.isArray(v)) return { t: 'a', v: v.map(fromJS) };
  if (typeof v === 'object') return { t: 'o', m: Object.keys(v).map((k) => [k, fromJS(v[k])]) };
  throw new Error(`unexpected ${typeof v} in an expected value`);
}

// ---------------------------------------------------------------------------------------------
// The §7 model.

const own = (o, k) => Object.prototype.hasOwnProperty.call(o, k);
const member = (o, k) => Object.getOwnPropertyDescriptor(o, k).value;
const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
const byCodeUnit = (a, b) => (a < b ? -1 : a > b ? 1 : 0); // JS string comparison is by code unit

class FingerprintError extends Error {
  constructor(name, why) { super(`${name}: ${why}`); this.code = name; }
}

// canonical: the §7 canonical form of a JSON value (parsed by JSON.parse).
export function canonical(v) {
  if (v === null) return 'null';
  switch (typeof v) {
    case 'boolean': return v ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(v)) throw new Error('non-finite number');
      return JSON.stringify(v); // Number::toString; -0 -> "0"
    case 'string': return JSON.stringify(v);
    case 'object':
      if (Array.isArray(v)) return '[' + v.map(canonical).join(',') + ']';
      return '{' + Object.keys(v).sort().map((k) => JSON.stringify(k) + ':' + canonical(member(v, k))).join(',') + '}';
  }
  throw new Error(`unexpected ${typeof v}`);
}

// records: the sorted tool records of a raw tools/list array, or a FingerprintError.
export function records(tools) {
  const out = [];
  for (const tool of tools) {
    if (!isObject(tool)) throw new FingerprintError('InvalidTool', 'tool is not an object');
    if (!own(tool, 'name') || typeof member(tool, 'name') !== 'string') throw new FingerprintError('InvalidTool', 'name absent or not a string');
    let description = '';
    if (own(tool, 'description') && member(tool, 'description') !== null) {
      description = member(tool, 'description');
      if (typeof description !== 'string') throw new FingerprintError('InvalidTool', 'description not a string');
    }
    let inputSchema = {};
    if (own(tool, 'inputSchema') && member(tool, 'inputSchema') !== null) {
      inputSchema = member(tool, 'inputSchema');
      if (!isObject(inputSchema)) throw new FingerprintError('InvalidTool', 'inputSchema not an object');
    }
    out.push({ name: member(tool, 'name'), description, inputSchema });
  }
  const seen = new Set();
  for (const r of out) {
    if (seen.has(r.name)) throw new FingerprintError('DuplicateName', JSON.stringify(r.name));
    seen.add(r.name);
  }
  return out.sort((a, b) => byCodeUnit(a.name, b.name));
}

// identity: the server's {name, version} as the fingerprint input writes it.
export function identity(server) {
  const name = own(server, 'name') && member(server, 'name') !== null ? member(server, 'name') : '';
  const version = own(server, 'version') && member(server, 'version') !== null ? member(server, 'version') : null;
  if (typeof name !== 'string') throw new Error('case error: server name must be a string');
  if (version !== null && typeof version !== 'string') throw new Error('case error: server version must be a string or null');
  return { name, version };
}

export function fingerprint(server, tools) {
  const input = { server: identity(server), tools: records(tools) };
  const text = canonical(input);
  if (!text.isWellFormed()) throw new Error('canonical form is not well-formed UTF-16');
  return { canonical: text, fingerprint: createHash('sha256').update(Buffer.from(text, 'utf8')).digest('hex') };
}

export function diff(before, after) {
  const b = new Map(records(before.tools).map((r) => [r.name, r]));
  const a = new Map(records(after.tools).map((r) => [r.name, r]));
  const added = [...a.keys()].filter((n) => !b.has(n)).sort(byCodeUnit);
  const removed = [...b.keys()].filter((n) => !a.has(n)).sort(byCodeUnit);
  const changed = [];
  for (const n of [...a.keys()].filter((k) => b.has(k)).sort(byCodeUnit)) {
    const changes = [];
    if (b.get(n).description !== a.get(n).description) changes.push('description_changed');
    if (canonical(b.get(n).inputSchema) !== canonical(a.get(n).inputSchema)) changes.push('schema_changed');
    if (changes.length) changed.push({ tool: n, changes });
  }
  const ib = identity(before.server), ia = identity(after.server);
  const d = { tools_added: added, tools_removed: removed, tools_changed: changed, server_identity_changed: ib.name !== ia.name || ib.version !== ia.version };
  const same = fingerprint(before.server, before.tools).fingerprint === fingerprint(after.server, after.tools).fingerprint;
  const empty = !added.length && !removed.length && !changed.length && !d.server_identity_changed;
  if (same !== empty) throw new Error('model error: fingerprint equality and an empty diff disagree');
  return { status: same ? 'unchanged' : 'changed', diff: d };
}

// ---------------------------------------------------------------------------------------------
// Cross-checks of the model on every value it canonicalises.

// A second, independent path to the canonical form for values without integer-like keys:
// rebuild every object with its keys sorted and let JSON.stringify write it.
const arrayIndexLike = /^(?:0|[1-9][0-9]*)$/;
function hasIntegerLikeKey(v) {
  if (Array.isArray(v)) return v.some(hasIntegerLikeKey);
  if (isObject(v)) return Object.keys(v).some((k) => arrayIndexLike.test(k) || hasIntegerLikeKey(member(v, k)));
  return false;
}
function sortedRebuild(v) {
  if (Array.isArray(v)) return v.map(sortedRebuild);
  if (!isObject(v)) return v;
  const o = {};
  for (const k of Object.keys(v).sort()) Object.defineProperty(o, k, { value: sortedRebuild(member(v, k)), enumerable: true, writable: true, configurable: true });
  return o;
}
function crossCheck(text) {
  const again = JSON.parse(text);
  if (canonical(again) !== text) throw new Error(`canonical form is not a fixed point: ${text}`);
  if (/[\s]/.test(text.replace(/"(?:[^"\\]|\\.)*"/g, '""'))) throw new Error('whitespace between tokens');
  if (!hasIntegerLikeKey(again) && JSON.stringify(sortedRebuild(again)) !== text) throw new Error(`second path disagrees: ${text}`);
}

// ---------------------------------------------------------------------------------------------
// Build the vector cases.

function semantic(node) { return JSON.parse(compact(node)); }

function build() {
  const root = readLossless(readFileSync(INPUT, 'utf8'));
  if (root.t !== 'a') throw new Error('input must be an array');
  const comments = new Set();
  const out = [];
  for (const c of root.v) {
    const kind = get(c, 'kind').v;
    const comment = get(c, 'comment').v;
    const flags = get(c, 'flags');
    const expect = get(c, 'expect').v;
    if (comments.has(comment)) throw new Error(`duplicate comment: ${comment}`);
    comments.add(comment);
    if (!flags.v.length) throw new Error(`no flags: ${comment}`);
    for (const f of flags.v) if (!own(FLAGS, f.v)) throw new Error(`unknown flag ${f.v}: ${comment}`);
    let expected;
    const fields = [['kind', get(c, 'kind')], ['comment', get(c, 'comment')], ['flags', flags]];
    if (kind === 'fingerprint') {
      const server = get(c, 'server'), tools = get(c, 'tools');
      for (const [k] of server.m) if (k !== 'name' && k !== 'version') throw new Error(`server field ${k}: ${comment}`);
      try {
        expected = fingerprint(semantic(server), semantic(tools));
        crossCheck(expected.canonical);
      } catch (e) {
        if (!(e instanceof FingerprintError)) throw e;
        expected = { error: e.code };
      }
      const got = expected.error ?? 'ok';
      if (got !== expect) throw new Error(`case says ${expect}, model says ${got}: ${comment}`);
      fields.push(['server', server], ['tools', tools]);
    } else if (kind === 'diff') {
      const side = (n) => ({ server: semantic(get(n, 'server')), tools: semantic(get(n, 'tools')) });
      const before = get(c, 'before'), after = get(c, 'after');
      for (const n of [before, after]) crossCheck(fingerprint(side(n).server, side(n).tools).canonical);
      expected = diff(side(before), side(after));
      if (expected.status !== expect) throw new Error(`case says ${expect}, model says ${expected.status}: ${comment}`);
      fields.push(['before', before], ['after', after]);
    } else {
      throw new Error(`unknown kind ${kind}`);
    }
    for (const [k] of c.m) if (!['kind', 'comment', 'flags', 'expect', 'server', 'tools', 'before', 'after'].includes(k)) throw new Error(`unknown field ${k}: ${comment}`);
    fields.push(['expected', fromJS(expected)]);
    out.push({ t: 'o', m: fields });
  }
  const text = pretty({ t: 'a', v: out }) + '\n';

  // The written file must parse, carry the raw input unchanged, and agree with the model.
  if (Buffer.from(text, 'utf8').toString('utf8') !== text || !text.isWellFormed()) throw new Error('output is not well-formed');
  const reread = readLossless(text);
  JSON.parse(text);
  reread.v.forEach((c, i) => {
    const src = root.v[i];
    for (const k of ['server', 'tools', 'before', 'after']) {
      const a = get(c, k), b = get(src, k);
      if ((a === undefined) !== (b === undefined) || (a && compact(a) !== compact(b))) throw new Error(`round trip changed ${k} of case ${i}`);
    }
  });

  // Read back as a consumer would: JSON.parse of the file gives the same inputs, and the model
  // run on them gives the same expected values.
  const parsed = JSON.parse(text);
  parsed.forEach((c, i) => {
    const src = root.v[i];
    for (const k of ['server', 'tools', 'before', 'after']) {
      if (get(src, k) && !isDeepStrictEqual(c[k], semantic(get(src, k)))) throw new Error(`read back: ${k} of case ${i} differs`);
    }
    let again;
    if (c.kind === 'fingerprint') {
      try { again = fingerprint(c.server, c.tools); } catch (e) { if (!(e instanceof FingerprintError)) throw e; again = { error: e.code }; }
    } else {
      again = diff(c.before, c.after);
    }
    if (!isDeepStrictEqual(again, c.expected)) throw new Error(`read back: expected of case ${i} differs`);
  });

  const counts = {};
  for (const c of JSON.parse(text)) counts[c.kind] = (counts[c.kind] ?? 0) + 1;
  const used = new Set(JSON.parse(text).flatMap((c) => c.flags));
  const flagsOut = {};
  for (const f of Object.keys(FLAGS).sort()) {
    if (!used.has(f)) throw new Error(`flag ${f} is never used`);
    flagsOut[f] = { description: FLAGS[f][0], effect: FLAGS[f][1] };
  }
  return { text, counts, flagsText: JSON.stringify(flagsOut, null, 2) + '\n' };
}

const { text, counts, flagsText } = build();
const total = Object.values(counts).reduce((x, y) => x + y, 0);
if (total < 70 || (counts.diff ?? 0) < 20) throw new Error(`too few cases: ${JSON.stringify(counts)}`);
if (process.argv.includes('--check')) {
  if (readFileSync(OUTPUT, 'utf8') !== text) throw new Error('cases.json is stale: run node reference.mjs');
  if (readFileSync(FLAGS_OUTPUT, 'utf8') !== flagsText) throw new Error('flags.json is stale: run node reference.mjs');
  console.log('cases.json and flags.json are up to date', counts);
} else {
  writeFileSync(OUTPUT, text);
  writeFileSync(FLAGS_OUTPUT, flagsText);
  console.log('wrote cases.json and flags.json', counts);
}
