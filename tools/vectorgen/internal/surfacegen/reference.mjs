// reference.mjs — an independent model of plainsight's extended fingerprint profile (issue 30,
// item 1; package fingerprint's documentation, "The extended profile"): the surface of an MCP
// server, its canonical fingerprint input and SHA-256 fingerprint, the §7 fingerprint of its
// tools, and the field-level changes between two surfaces. It reads cases-input.json (the
// hand-written cases), computes every expected value, and writes cases.json and flags.json. Plain
// Node (>= 20), no packages; it reads no Go code.
//
//   node reference.mjs            # writes cases.json and flags.json next to this file
//   node reference.mjs --check    # recomputes and fails if either differs
//
// Strings come from JSON.parse (lone surrogates kept); the canonical form is written here, keys
// sorted with the default sort (UTF-16 code units) at every depth, strings and numbers by
// JSON.stringify. The cases use only numbers whose literal JSON.parse keeps exactly.

import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const INPUT = join(here, 'cases-input.json');
const OUTPUT = join(here, 'cases.json');
const FLAGS_OUTPUT = join(here, 'flags.json');

export const FLAGS = {
  AllToolFields: ['A tool with a title, annotations, an output schema and _meta.', 'Each of them is in the tool\'s Def, keys sorted; §7 sees none of them.'],
  ToolDefaults: ['A tool without a description or input schema (absent or null).', 'The Def holds "description":"" and "inputSchema":{}, as §7 defaults them.'],
  NullAbsent: ['A member of the profile whose value is null.', 'It is absent: not in the Def, and never a change against an absent member.'],
  LeftOut: ['Members the profile leaves out: icons, execution, a resource\'s size and annotations, unknown members.', 'They are not in the Def; a change of them is no change.'],
  MetaText: ['_meta members: strings, objects holding a string, numbers and booleans only.', 'Only the members holding a string (at any depth) are kept, whole; a _meta with none is left out.'],
  Prompts: ['A prompt list.', 'Each prompt\'s Def holds name, title, description and arguments (the array as given).'],
  Resources: ['A resource list.', 'Each resource\'s Def holds uri, name, title, description and mimeType, its key the uri.'],
  Templates: ['A resource template list.', 'Each template\'s Def holds uriTemplate, name, title, description and mimeType, its key the uriTemplate; the input\'s member is "resource_templates".'],
  Instructions: ['Server instructions.', 'They are part of the fingerprint input (the protocol version is not).'],
  EmptySurface: ['A server without lists.', 'Every list is written as [].'],
  ServerVersionNull: ['A server without a version.', 'The version is null in the input.'],
  KeyOrder: ['Entries given out of key order.', 'Each list is sorted by key in UTF-16 code unit order.'],
  KindsApart: ['A tool and a prompt of one name.', 'Keys are unique within a kind only.'],
  LoneSurrogate: ['A lone surrogate in a key.', 'Kept and escaped as \\udxxx in the canonical form.'],
  Section7View: ['The §7 fingerprint of the surface\'s tools.', 'expected.section7_fingerprint is §7\'s fingerprint of the same tools/list: the extended profile never changes it.'],
  InvalidTool: ['A tool the profile refuses: a member of the wrong JSON type, no name.', 'Refused with InvalidTool.'],
  InvalidEntry: ['A prompt, resource or template the profile refuses: no key, a member of the wrong type, not an object.', 'Refused with InvalidEntry.'],
  DuplicateName: ['Two tools of one name.', 'Refused with DuplicateName.'],
  DuplicateKey: ['Two prompts, resources or templates of one key.', 'Refused with DuplicateKey.'],
  Unchanged: ['Two surfaces with equal fingerprints.', 'status unchanged, no changes.'],
  FieldChanged: ['A member of a Def that differs.', 'One change at its JSON Pointer, op changed, old and new its text.'],
  FieldAdded: ['A member present only after.', 'op added, old "".'],
  FieldRemoved: ['A member present only before.', 'op removed, new "".'],
  EntryAdded: ['An entry present only after.', 'A change of the whole entry (field ""), new its Def.'],
  EntryRemoved: ['An entry present only before.', 'A change of the whole entry, old its Def.'],
  Renamed: ['An entry whose key changed and nothing else.', 'One change, op renamed, key the new key and renamed_from the old; the first added entry by key pairs with each removed one.'],
  ArrayLength: ['An array whose length changed.', 'One change of the whole array; arrays of one length are compared element by element.'],
  PointerEscape: ['A member name with / or ~.', 'Escaped in the pointer as ~1 and ~0 (RFC 6901).'],
  Visible: ['Text with invisible or control characters.', 'old and new write them as ⟨U+XXXX NAME⟩ (the excerpt rendering).'],
  ServerChange: ['Server instructions, name or version changed.', 'A change of kind server, key instructions, name or version, field "".'],
  ChangeOrder: ['Several changes.', 'Sorted by kind (server, tool, prompt, resource, resource_template), then key, then field, in UTF-16 code unit order.'],
};

const own = (o, k) => Object.prototype.hasOwnProperty.call(o, k);
const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
const byCodeUnit = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

class ProfileError extends Error {
  constructor(code, why) { super(`${code}: ${why}`); this.code = code; }
}

export function canonical(v) {
  if (v === null) return 'null';
  switch (typeof v) {
    case 'boolean': return v ? 'true' : 'false';
    case 'number': return JSON.stringify(v);
    case 'string': return JSON.stringify(v);
    case 'object':
      if (Array.isArray(v)) return '[' + v.map(canonical).join(',') + ']';
      return '{' + Object.keys(v).sort().map((k) => JSON.stringify(k) + ':' + canonical(v[k])).join(',') + '}';
  }
  throw new Error(`unexpected ${typeof v}`);
}

const KINDS = {
  tool: { list: 'tools', key: 'name', err: 'InvalidTool', dup: 'DuplicateName', tool: true,
    fields: { name: 's', title: 's', description: 's', inputSchema: 'o', outputSchema: 'o', annotations: 'o', _meta: 'm' } },
  prompt: { list: 'prompts', key: 'name', err: 'InvalidEntry', dup: 'DuplicateKey',
    fields: { name: 's', title: 's', description: 's', arguments: 'a', _meta: 'm' } },
  resource: { list: 'resources', key: 'uri', err: 'InvalidEntry', dup: 'DuplicateKey',
    fields: { uri: 's', name: 's', title: 's', description: 's', mimeType: 's', _meta: 'm' } },
  resource_template: { list: 'resourceTemplates', key: 'uriTemplate', err: 'InvalidEntry', dup: 'DuplicateKey',
    fields: { uriTemplate: 's', name: 's', title: 's', description: 's', mimeType: 's', _meta: 'm' } },
};
const KIND_ORDER = ['server', 'tool', 'prompt', 'resource', 'resource_template'];

function holdsString(v) {
  if (typeof v === 'string') return true;
  if (Array.isArray(v)) return v.some(holdsString);
  if (isObject(v)) return Object.keys(v).some((k) => holdsString(v[k]));
  return false;
}

// def: the members of one definition the profile keeps, as a plain object.
function def(spec, e) {
  if (!isObject(e)) throw new ProfileError(spec.err, 'not an object');
  const out = {};
  for (const [k, type] of Object.entries(spec.fields)) {
    if (!own(e, k) || e[k] === null) continue;
    const v = e[k];
    const ok = { s: typeof v === 'string', o: isObject(v), a: Array.isArray(v), m: isObject(v) }[type];
    if (!ok) throw new ProfileError(spec.err, `${k} of the wrong type`);
    if (type === 'm') {
      const kept = {};
      for (const mk of Object.keys(v)) if (holdsString(v[mk])) kept[mk] = v[mk];
      if (Object.keys(kept).length) out[k] = kept;
      continue;
    }
    out[k] = v;
  }
  if (!own(out, spec.key)) throw new ProfileError(spec.err, `no ${spec.key}`);
  if (spec.tool) {
    if (!own(out, 'description')) out.description = '';
    if (!own(out, 'inputSchema')) out.inputSchema = {};
  }
  return out;
}

function entries(spec, list) {
  if (list === undefined) return [];
  const out = list.map((e) => { const d = def(spec, e); return { key: d[spec.key], def: d }; });
  out.sort((a, b) => byCodeUnit(a.key, b.key));
  for (let i = 1; i < out.length; i++) if (out[i].key === out[i - 1].key) throw new ProfileError(spec.dup, JSON.stringify(out[i].key));
  return out;
}

function identity(server) {
  return { name: server?.name ?? '', version: server?.version ?? null };
}

export function surface(side) {
  const s = { server: identity(side.server), instructions: side.instructions ?? '' };
  for (const [kind, spec] of Object.entries(KINDS)) s[kind] = entries(spec, side[spec.list]);
  return s;
}

export function fingerprint(side) {
  const s = surface(side);
  const defs = (kind) => s[kind].map((e) => e.def);
  const input = { instructions: s.instructions, prompts: defs('prompt'), resource_templates: defs('resource_template'),
    resources: defs('resource'), server: s.server, tools: defs('tool') };
  const text = canonical(input);
  if (!text.isWellFormed()) throw new Error('canonical form is not well-formed UTF-16');
  // §7: {name, description, inputSchema} of each tool, sorted by name.
  const tools7 = s.tool.map((e) => ({ description: e.def.description, inputSchema: e.def.inputSchema, name: e.def.name }));
  const text7 = canonical({ server: s.server, tools: tools7 });
  const sha = (t) => createHash('sha256').update(Buffer.from(t, 'utf8')).digest('hex');
  return { canonical: text, fingerprint: sha(text), section7_fingerprint: sha(text7) };
}

// visible: the excerpt rendering. A codepoint annotates when it is a C0 control or DEL, of a
// General_Category C* or Z* (but U+0020), or Default_Ignorable_Code_Point; its name comes from
// this small table, and a name missing from it is a case error, never a guess.
const NAMES = { 0x0009: 'CHARACTER TABULATION', 0x000A: 'LINE FEED', 0x00A0: 'NO-BREAK SPACE', 0x200B: 'ZERO WIDTH SPACE',
  0x202E: 'RIGHT-TO-LEFT OVERRIDE', 0xFEFF: 'ZERO WIDTH NO-BREAK SPACE', 0x2060: 'WORD JOINER', 0xE0041: 'TAG LATIN CAPITAL LETTER A' };
const annotates = /[\p{C}\p{Z}\p{Default_Ignorable_Code_Point}]/u;
export function visible(s) {
  let out = '';
  for (let i = 0; i < s.length;) {
    const cp = s.codePointAt(i);
    const ch = String.fromCodePoint(cp);
    i += ch.length;
    if (cp === 0x20 || !annotates.test(ch)) { out += ch; continue; }
    const hex = cp.toString(16).toUpperCase().padStart(4, '0');
    const name = cp >= 0xD800 && cp <= 0xDFFF ? 'SURROGATE' : NAMES[cp];
    if (!name) throw new Error(`case error: no name for U+${hex} in the table`);
    out += `⟨U+${hex} ${name}⟩`;
  }
  return out;
}
const text = (v) => visible(typeof v === 'string' ? v : canonical(v));
const token = (k) => k.replace(/~/g, '~0').replace(/\//g, '~1');

function fieldChanges(kind, key, p, b, a, out) {
  if (canonical(b) === canonical(a)) return;
  if (isObject(b) && isObject(a)) {
    const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].sort();
    for (const k of keys) {
      const q = p + '/' + token(k);
      if (!own(b, k)) out.push({ kind, key, field: q, op: 'added', old: '', new: text(a[k]) });
      else if (!own(a, k)) out.push({ kind, key, field: q, op: 'removed', old: text(b[k]), new: '' });
      else fieldChanges(kind, key, q, b[k], a[k], out);
    }
    return;
  }
  if (Array.isArray(b) && Array.isArray(a) && b.length === a.length) {
    b.forEach((_, i) => fieldChanges(kind, key, `${p}/${i}`, b[i], a[i], out));
    return;
  }
  out.push({ kind, key, field: p, op: 'changed', old: text(b), new: text(a) });
}

export function changes(before, after) {
  const sb = surface(before), sa = surface(after);
  const out = [];
  const server = (key, b, a) => {
    if (b === a) return;
    if (b === null || (b === '' && a !== null)) out.push({ kind: 'server', key, field: '', op: 'added', old: '', new: visible(a) });
    else if (a === null || a === '') out.push({ kind: 'server', key, field: '', op: 'removed', old: visible(b), new: '' });
    else out.push({ kind: 'server', key, field: '', op: 'changed', old: visible(b), new: visible(a) });
  };
  server('instructions', sb.instructions, sa.instructions);
  server('name', sb.server.name, sa.server.name);
  server('version', sb.server.version, sa.server.version);
  for (const [kind, spec] of Object.entries(KINDS)) {
    const b = new Map(sb[kind].map((e) => [e.key, e.def])), a = new Map(sa[kind].map((e) => [e.key, e.def]));
    const removed = [...b.keys()].filter((k) => !a.has(k)).sort(byCodeUnit);
    const added = [...a.keys()].filter((k) => !b.has(k)).sort(byCodeUnit);
    for (const k of [...b.keys()].filter((k) => a.has(k))) fieldChanges(kind, k, '', b.get(k), a.get(k), out);
    const bare = (d) => { const c = { ...d }; delete c[spec.key]; return canonical(c); };
    const taken = new Set();
    for (const r of removed) {
      const to = added.find((x) => !taken.has(x) && bare(a.get(x)) === bare(b.get(r)));
      if (to !== undefined) {
        taken.add(to);
        out.push({ kind, key: to, field: '', op: 'renamed', old: visible(r), new: visible(to), renamed_from: r });
      } else out.push({ kind, key: r, field: '', op: 'removed', old: visible(canonical(b.get(r))), new: '' });
    }
    for (const x of added) if (!taken.has(x)) out.push({ kind, key: x, field: '', op: 'added', old: '', new: visible(canonical(a.get(x))) });
  }
  out.sort((x, y) => (KIND_ORDER.indexOf(x.kind) - KIND_ORDER.indexOf(y.kind)) || byCodeUnit(x.key, y.key) || byCodeUnit(x.field, y.field));
  const same = fingerprint(before).fingerprint === fingerprint(after).fingerprint;
  if (same !== (out.length === 0)) throw new Error('model error: fingerprint equality and an empty change list disagree');
  return { status: same ? 'unchanged' : 'changed', changes: out };
}

// The vector file is easier to read with invisible code units escaped; the strings are the same.
const unseen = /[\u007f-\u009f\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cn}]|(?! )\p{Zs}/gu;
const layout = (v) => JSON.stringify(v, null, 2).replace(unseen, (c) => [...Array(c.length).keys()].map((j) => '\\u' + c.charCodeAt(j).toString(16).padStart(4, '0')).join(''));

function build() {
  const cases = JSON.parse(readFileSync(INPUT, 'utf8'));
  const used = new Set();
  const counts = {};
  const out = cases.map((c, i) => {
    for (const f of c.flags) {
      if (!FLAGS[f]) throw new Error(`case ${i + 1}: flag ${f} has no note`);
      used.add(f);
    }
    counts[c.kind] = (counts[c.kind] ?? 0) + 1;
    let expected;
    try {
      expected = c.kind === 'surface' ? fingerprint(c.input) : changes(c.before, c.after);
    } catch (e) {
      if (!(e instanceof ProfileError)) throw e;
      expected = { error: e.code };
    }
    if ((c.expect === 'error') !== ('error' in expected)) throw new Error(`case ${i + 1} (${c.comment}): expected ${c.expect}, got ${JSON.stringify(expected)}`);
    if (c.expect === 'error' && c.error !== expected.error) throw new Error(`case ${i + 1}: error ${expected.error}, want ${c.error}`);
    const { expect, error, ...rest } = c;
    return { ...rest, expected };
  });
  for (const f of Object.keys(FLAGS)) if (!used.has(f)) throw new Error(`flag ${f} is never used`);
  const flagsOut = {};
  for (const f of Object.keys(FLAGS).sort()) flagsOut[f] = { description: FLAGS[f][0], effect: FLAGS[f][1] };
  return { text: layout(out) + '\n', counts, flagsText: JSON.stringify(flagsOut, null, 2) + '\n' };
}

const { text: outText, counts, flagsText } = build();
if (process.argv.includes('--check')) {
  if (readFileSync(OUTPUT, 'utf8') !== outText) throw new Error('cases.json is stale: run node reference.mjs');
  if (readFileSync(FLAGS_OUTPUT, 'utf8') !== flagsText) throw new Error('flags.json is stale: run node reference.mjs');
  console.log('cases.json and flags.json are up to date', counts);
} else {
  writeFileSync(OUTPUT, outText);
  writeFileSync(FLAGS_OUTPUT, flagsText);
  console.log('wrote cases.json and flags.json', counts);
}
