// Cross-checks `plainsight scan` against an independent implementation of
// §2 of the agent-safety formats in JavaScript, whose Unicode data is
// Node's own (ICU; Node 20 with ICU 78 has Unicode 17.0). Run by hand, not in CI:
//
//   go build -o /tmp/plainsight ./cmd/plainsight && node bench/crosscheck-node.mjs /tmp/plainsight [count]
//
// It writes random multilingual texts (with every class mixed in) to files,
// scans them all with one `plainsight scan --format jsonl DIR`, and compares
// classes, offsets (codepoint and UTF-16), codepoint lists and the sanitized
// copy. Excerpts are not compared: their rules are plainsight's own. Only
// §2 is compared; findings of §3 and §4 that a random text happens to hold
// are left out.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const [bin, countArg] = process.argv.slice(2);
if (!bin) {
  console.error("usage: node bench/crosscheck-node.mjs PLAINSIGHT [count]");
  process.exit(2);
}
const count = Number(countArg ?? 2000);
const unicode = process.versions.unicode;
if (unicode !== "17.0") console.warn(`warning: Node's Unicode is ${unicode}, plainsight's 17.0`);

// §2, from the specification text.
const cn = /^\p{Cn}$/u;
function classOf(cp) {
  const inr = (lo, hi) => cp >= lo && cp <= hi;
  if ([0x200b, 0x200c, 0x200d, 0xfeff, 0x2060].includes(cp)) return "zero_width";
  if (inr(0x202a, 0x202e) || inr(0x2066, 0x2069)) return "bidi_control";
  if (inr(0xe0000, 0xe007f)) return "unicode_tag";
  if ((inr(0, 0x1f) && ![9, 10, 13].includes(cp)) || cp === 0x7f || inr(0x80, 0x9f)) return "control_char";
  if (inr(0xe000, 0xf8ff) || inr(0xf0000, 0xffffd) || inr(0x100000, 0x10fffd)) return "private_use";
  if (inr(0xd800, 0xdfff) || cn.test(String.fromCodePoint(cp))) return "unassigned_codepoint";
  return null;
}

function scan(text) {
  const cps = Array.from(text).map((c) => c.codePointAt(0));
  const findings = [];
  let sanitized = "", u16 = 0, run = null;
  cps.forEach((cp, i) => {
    const k = classOf(cp);
    if (run && run.class !== k) { findings.push(run); run = null; }
    if (k) {
      if (!run) run = { class: k, start: i, end: i, utf16_start: u16, utf16_end: u16, codepoints: [] };
      const name = "U+" + cp.toString(16).toUpperCase().padStart(4, "0");
      if (run.codepoints.length < 12 && !run.codepoints.includes(name)) run.codepoints.push(name);
      run.end = i + 1;
      run.utf16_end = u16 + (cp > 0xffff ? 2 : 1);
    } else {
      sanitized += String.fromCodePoint(cp);
    }
    u16 += cp > 0xffff ? 2 : 1;
  });
  if (run) findings.push(run);
  return { findings, sanitized };
}

// Random text: every script the corpus cares about, line breaks, every class and its edges.
const pools = [
  "abc xyz ABC 0123456789 .,;:!?-_'\"\t", "\n\r",
  "αβγδ ΑΒΓΔ абвгд АБВГД éüñçø", "中文字符日本語한국어", "العربيةहिन्दीעבריתไทย",
  "👨👩👧🙂✅\u{1FAE9}\u{1F6D8}\u20c1\u{10940}\u{323B0}",
  "\u200b\u200c\u200d\ufeff\u2060\u200a\u200e\u205f\u2061",
  "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u2065\u206a",
  "\u{E0000}\u{E0001}\u{E0002}\u{E0041}\u{E007F}\u{E0080}\u{E0100}",
  "\x00\x01\x08\x0b\x0c\x0e\x1f\x7f\u0080\u0085\u009f\u00a0\u00ad",
  "\ue000\uf8ff\uf900\u{F0000}\u{FFFFD}\u{FFFFE}\u{100000}\u{10FFFD}\u{10FFFF}",
  "\u0378\ufdd0\ufdef\ufffe\uffff\u{1FFFE}\u{DFFFF}\u{30000}\u{3FFFF}",
  "\ufe0f\u034f\u115f\u3164\u2028\u2029\u3000\u{1D173}",
];
let seed = 1;
const rand = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
const texts = [];
for (let t = 0; t < count; t++) {
  let s = "";
  const len = rand(200);
  for (let i = 0; i < len; i++) { const p = Array.from(pools[rand(pools.length)]); s += p[rand(p.length)]; }
  if (s.startsWith("\ufeff")) s = "x" + s; // a file's leading BOM is a signature, not text
  texts.push(s);
}

const dir = mkdtempSync(join(tmpdir(), "crosscheck-"));
try {
  texts.forEach((s, t) => writeFileSync(join(dir, String(t).padStart(6, "0") + ".txt"), s, "utf8"));
  let out;
  try { out = execFileSync(bin, ["scan", "--format", "jsonl", dir], { maxBuffer: 1 << 30 }); }
  catch (e) { if (e.status !== 1) throw e; out = e.stdout; }
  const lines = out.toString("utf8").trim().split("\n");
  if (lines.length !== texts.length) throw new Error(`${lines.length} results for ${texts.length} texts`);
  let bad = 0;
  lines.forEach((line, t) => {
    const got = JSON.parse(line).result;
    const want = scan(texts[t]);
    const strip = (f) => ({ class: f.class, start: f.start, end: f.end, utf16_start: f.utf16_start, utf16_end: f.utf16_end, codepoints: f.codepoints });
    // Only §2 is compared: §3 and §4 findings are left out, and so is the
    // sanitized copy of a text with markup (which it loses).
    const chars = got.findings.filter((f) => f.class !== "hidden_markup" && f.class !== "base64_blob");
    const markup = got.findings.some((f) => f.class === "hidden_markup");
    const a = JSON.stringify({ f: chars.map(strip), s: markup ? "" : got.sanitized, n: chars.length });
    const b = JSON.stringify({ f: want.findings.map(strip), s: markup ? "" : want.sanitized, n: want.findings.length });
    if (a !== b) { if (bad++ < 5) console.log(`text ${t} differs:\n plainsight ${a}\n reference  ${b}`); }
  });
  console.log(`${texts.length} texts, ${bad} differ (Node ${process.version}, Unicode ${unicode})`);
  process.exit(bad ? 1 : 0);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
