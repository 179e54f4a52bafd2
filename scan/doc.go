// Package scan implements §1–§6 of the agent-safety formats, version 1: the
// invisible-text scan of a text field, its result object, the heuristic
// classes, and the sanitized copy. Hidden markup (§3) is found by package
// [github.com/plainsight/plainsight/markup], base64 payloads (§4) by
// package [github.com/plainsight/plainsight/b64].
//
// # Classes (§2)
//
// Six classes are defined by codepoint ranges. A codepoint in two ranges
// belongs to the first listed: U+E0000 and U+E0002–U+E001F are unassigned
// but lie in the tag block, and are unicode_tag.
//
//   - zero_width: U+200B, U+200C, U+200D, U+FEFF, U+2060
//   - bidi_control: U+202A–U+202E, U+2066–U+2069
//   - unicode_tag: U+E0000–U+E007F
//   - control_char: U+0000–U+001F except tab, line feed and carriage
//     return; U+007F; U+0080–U+009F
//   - private_use: U+E000–U+F8FF, U+F0000–U+FFFFD, U+100000–U+10FFFD
//   - unassigned_codepoint: General_Category Cn in Unicode
//     [UnicodeVersion], which includes the noncharacters, and a lone
//     surrogate U+D800–U+DFFF
//
// Consecutive codepoints of one class are one finding (a run), which lists
// up to 12 distinct codepoints in order of first appearance. A byte order
// mark (U+FEFF) is zero_width wherever it is in a string; only the command
// line, reading files, treats a file's leading one as an encoding signature.
//
// # Text and positions (§1)
//
// A Go string is read as UTF-8. Ill-formed UTF-8 is decoded as the WHATWG
// Encoding Standard decodes it (and a JavaScript peer sees it): each maximal
// subpart of an ill-formed sequence is one U+FFFD, which is not a finding but
// is listed in Result.InvalidUTF8 so that it is never passed over silently.
// [ScanUTF16] takes UTF-16 code units; there a lone surrogate is a codepoint
// of its own. [ScanWTF8] takes a string that may hold lone surrogates as
// WTF-8 (as a JSON string with escaped lone surrogates decodes) and gives
// what ScanUTF16 gives on the code units it stands for.
//
// Start and End are codepoint offsets, [Start, End). Each finding also
// carries the same span in bytes of the input and in UTF-16 code units, so
// that a Go host, a browser and a JavaScript peer can all point at it.
//
// Findings are sorted by Start, then End, then Class, then Kind or Pattern. Findings
// of different classes may overlap: a zero-width space inside an HTML
// comment is a zero_width finding inside a hidden_markup one, and both are
// reported.
//
// # Hidden markup (§3)
//
// A hidden_markup finding names its construct's Kind (html_comment,
// markdown_comment, css_hide_rule, hidden_element) and, for a rule or an
// element, the Reason it hides. The rules are in the markup package's
// documentation. Markup detection runs in every context.
//
// # Base64 (§4)
//
// A base64_blob finding says whether the blob is Opaque; one that is not
// carries the Decoded text and DecodedFindings, the findings of the §2 and
// §5 classes in the decoded text (the rescan is one level deep: no markup,
// no base64), with offsets relative to it. Nested findings do not count in
// the Result's counts; the blob does. The rules are in the b64 package's
// documentation.
//
// # Heuristic classes (§5)
//
// Two classes are heuristic: their findings have Heuristic true, make a
// result Noted when there is nothing deterministic, never Flagged, and
// leave the sanitized copy as it is. The codepoints of the six §2 classes
// are transparent to them: they read the text without those codepoints, so
// that an invisible character cannot split a word or a phrase, and a span
// (measured in the text as given) covers the invisible codepoints inside
// it, not those at its edges.
//
// mixed_script_confusable: a word is a maximal run of letters, marks and
// numbers (General_Category L, M, N), "_" and "-", from its first letter or
// number on. A word with at least three letters is a finding when its
// letters include one of Script=Latin and one of Script=Greek or
// Script=Cyrillic (the Script property of Unicode 17.0, not
// Script_Extensions). Finding.Scripts lists those present, in the order
// Latin, Greek, Cyrillic. Marks continue a word, as in Unicode's word
// boundaries, so that a combining mark cannot split a homoglyph name; they
// are not letters (§5 lists letters, numbers, "_" and "-"; marks are this
// package's addition).
//
// instruction_like: a passage matching one of the ten patterns, each named
// by a stable [Pattern]. §5 lists nine kinds of language; the third, direct
// imperatives, names nine verbs of two kinds, and each kind has a pattern
// here, which makes ten. The text is read in passages: a passage ends after
// ".", "!" or "?" followed by whitespace, or at a blank line (a line break
// included in the passage before it). Matching is ASCII case-insensitive;
// ' and ’ are the same apostrophe; words (letters and numbers, with
// apostrophes inside) may be separated by any run of other characters
// within a passage. A finding spans the matched phrase from its first word
// to its last (trailing punctuation excluded). Each pattern gives its own
// findings, so one passage may give several; matches of one pattern do not
// overlap. A passage longer than 2048 bytes is searched in windows of 2048
// bytes overlapping by 512.
//
// In the grammar below, [a | b] is a choice, (x)? optional, FILL{n} up to n
// words of any kind; a space is a separator; every pattern begins and ends
// at a word boundary.
//
//   - ignore_instructions, "instructions to ignore or disregard earlier
//     instructions": IGNORE = [ignore | disregard | forget | override |
//     bypass | ignoring | disregarding | forgetting]. IGNORE, then up to four
//     words of which at least one is a qualifier [all | any | every |
//     previous | prior | earlier | above | preceding | original | initial |
//     old | existing | system | your | those | these | other | developer's |
//     developers' | the developer's], then a noun [instruction(s) |
//     direction(s) | directive(s) | rule(s) | guideline(s) | prompt(s) |
//     command(s) | order(s) | guidance | constraint(s) | context | message(s) |
//     programming]. Or IGNORE (the)? noun [above | before | so far | given |
//     you were given | you've been given | you have been given | you
//     received]. Or IGNORE [everything | anything | all | what] [above |
//     before | prior | previously | you were told | you have been told |
//     you've been told | that came before | said before].
//   - keep_secret, "instructions to keep a secret from the reader": [do not
//     | don't | dont | never | without] [tell | inform | mention | alert |
//     notify | show | disclose | reveal, or their -ing forms] FILL{6} [the
//     user(s) | the human | the reader | the operator | the customer | the
//     requester | anyone | anybody | them] (the target); or [do not |
//     don't | dont | never | without] let, the target, FILL{2} know; or keep [this (message | instruction | conversation |
//     request | task) | these instructions | the following | this | it |
//     that | these] [a secret | secret | confidential | hidden | private |
//     between us | to yourself]; or [without | before] the user('s)?
//     [knowing | noticing | knowledge | seeing]; or the user [must not |
//     should not | mustn't | shouldn't | cannot | can't | can not] [know |
//     see | be told | find out | notice].
//   - imperative_disclose, "direct imperatives that the reading agent send,
//     forward, reply, reveal, output, print", and imperative_act, the same
//     for "delete, transfer or pay" (and erase, wipe, wire). The agent is
//     addressed: [assistant | ai | agent | model | llm | chatbot | claude |
//     chatgpt | gpt | copilot | gemini] followed by "," or ":" (please)?
//     VERB; or you [must | should | need to | have to | are to | are
//     required to | are instructed to | will now | shall] ([now |
//     immediately | also | first | then | always | silently | secretly |
//     quietly])? VERB; or [I want you to | I need you to | your task is to
//     | your job is to | your goal is to | you are to] VERB; or [immediately
//     | secretly | silently | quietly | covertly] VERB. The span ends at VERB.
//   - send_to_address, "instructions to send content to another address":
//     [send | forward | e-mail | email | mail | post | upload | submit |
//     transmit | exfiltrate | copy | relay | leak | sending | forwarding |
//     e-mailing | emailing | uploading] FILL{4} CONTENT FILL{4} [to | at |
//     into] ADDRESS. CONTENT is a word for what is sent (attachment(s),
//     invoice(s), copy, data, content(s),
//     conversation(s), chat(s), history, message(s), email(s), mail, inbox,
//     file(s), document(s), secret(s), key(s), credential(s), password(s),
//     token(s), cookie(s), session(s), env, environment, context,
//     instruction(s), prompt, transcript(s), log(s), note(s), information,
//     info, details, everything, summary, output, result(s), response,
//     contact(s), record(s), it, them, this, all); ADDRESS an email address,
//     an http(s) URL, or [this | the following | the | an | that | my | our]
//     (external)? [e-mail address | email address | address | e-mail |
//     email | url | endpoint | webhook | server | inbox | sender].
//   - own_instructions, "references to the agent's own instructions or
//     system prompt": [your | the assistant's | the ai's | the agent's | the
//     model's] (own)? ([initial | original | hidden | secret | previous |
//     current | earlier | prior])? [system prompt | instructions | prompt |
//     directives | guidelines | guidance]; or your [hidden | secret |
//     original | initial | system] rules; or the instructions you [were |
//     have been | 've been]
//     given; or the [initial | original | hidden | secret] [prompt |
//     instructions]; or system [prompt | message | instructions].
//   - reveal_instructions, "instructions to reveal them": [reveal | print |
//     output | repeat | show | display | disclose | leak | dump | recite |
//     echo | share | list | write out | tell me | give me | what is | what
//     are | what were] FILL{3} then an own_instructions phrase, or
//     [everything | all | the text | the words | the content] [above |
//     before this | so far].
//   - addressed_to_ai, "text addressed to an AI assistant": [dear | hey | hi
//     | hello | attention | note to | message to | instructions for | a note
//     for | to] ([the | any | all])? AI followed by ",", ":", "!", a line
//     break or the end of the text, where AI is [ai (assistant | agent |
//     model)? | (large)? language model | assistant | agent | llm | chatbot |
//     claude | chatgpt | gpt | copilot | gemini | bot], singular or plural;
//     or if you are [a | an | the] [ai (assistant | agent | model)? | llm |
//     (large)? language model | assistant | chatbot | agent | automated
//     agent] ([reading | processing])?; or [(language)? model(s) | ai |
//     llm(s) | assistant(s) | agent(s)] [reading | processing | parsing |
//     summarizing | summarising | analyzing | analysing | viewing] [this |
//     these].
//   - new_instructions, "a claim that new instructions follow": [new |
//     updated | revised | real | actual | true | override | secret | hidden
//     | admin | priority | urgent | additional] [instruction(s) | directives
//     | orders | prompt | task | rules] followed by ":", "-" or a line break;
//     or [here are | here is | these are | below are | the following are]
//     (your)? [new | updated | revised | real | actual] [instructions |
//     directives | orders]; or (your)? [new | updated | real | actual]
//     [instructions | task | directives | orders | goal | objective | role]
//     [is | are | follow | as follows]; or from now on [you | your | ignore
//     | only | always | respond | act | answer | reply]; or your [goal |
//     task | objective | job] is now; or new system prompt; or instructions
//     follow.
//   - before_answering, "instructions sequencing what the agent must do
//     before answering": [before | prior to] [answering (the user)? |
//     responding (to the user)? | replying | you answer | you respond | you
//     reply | giving [your | an | the | any] [answer | response | reply] |
//     generating [a | your | the] [response | answer] | you do anything
//     else | doing anything else | you continue]; or [only then | and then |
//     after that | then] [answer | respond | reply]; or [answer | respond |
//     reply] only after.
//
// These are surface patterns: they find the commonest wordings of each kind
// and miss paraphrases, and documentation that quotes an attack, or
// addresses a person with the same words, matches too. docs/heuristics.md publishes
// their precision and recall on a labelled set and their rate on benign
// technical prose.
//
// # Sanitized copy (§6)
//
// Result.Sanitized is the text with every codepoint of the six classes
// removed and every hidden-markup construct removed (the union of their
// spans: a hidden element through its end tag when it has one); a U+FFFD
// read from ill-formed UTF-8 stays. The removals can themselves build
// markup that was not there ("<\u200b!-- x -->" holds no comment until its
// zero-width space goes), so constructs found in the result are removed
// too, round after round; after 8 rounds (only text built to defeat the
// sanitizer gets there) every '<' and '[' becomes U+FFFD. So scanning
// a sanitized copy again finds nothing it removes.
//
// Base64 blobs stay in the sanitized copy of a Text scan. In an EmailHTML
// scan each blob is replaced by [Placeholder], "[base64_blob]"; a blob that
// overlaps or touches markup is replaced together with it by one
// placeholder. There the rounds above look for blobs that the removals
// joined together, too, and after 8 rounds any blob left becomes
// "(base64_blob)". The contexts differ in nothing else.
//
// # Excerpts
//
// Each finding's Excerpt shows it in its passage, readable by eye. Lengths
// below count codepoints.
//
//  1. Context: up to 30 codepoints on each side of the finding, cut short at
//     a line break (line feed or carriage return), which is not included.
//  2. Every codepoint that is in a §2 class, is Default_Ignorable_Code_Point,
//     or is otherwise non-printing (General_Category C* or Z*, except U+0020
//     SPACE) is written ⟨U+XXXX NAME⟩: the Unicode name; for a control, its
//     control (else figment) name alias; else PRIVATE USE, SURROGATE,
//     NONCHARACTER or UNASSIGNED. Everything else is written as itself.
//  3. Each side's context is further cut, from its far end, to at most 150
//     characters as written.
//  4. "…" stands at each side where the context was cut by 1 or 3 before
//     reaching the start or end of its line (or of the text).
//  5. When the whole would pass 600 characters, the finding itself is cut
//     after the last whole codepoint (as written) that leaves room for a
//     closing "…".
//
// # Profiles
//
// [Options].Profile chooses how far a scan goes. [Spec], the zero value, is
// the specification exactly: the conformance mode, in which every vector of
// the corpus's scan files passes. [Strict] adds what real attacks use and
// §2–§4 do not name, and leaves out a few findings that are ordinary text;
// the command line and package skill default to it. Its rules are
// plainsight's, pinned by the vectors in scan/strict-*.json.
//
// Extension classes (each finding has Extension true; heuristic false):
//
//   - variation_selector: a variation selector that modifies nothing. A
//     selector is legitimate only alone, directly after a base with which
//     it forms a standardized or emoji variation sequence
//     (StandardizedVariants.txt, emoji-variation-sequences.txt), or, for
//     U+E0100–U+E01EF, after a Han ideograph (the Ideographic Variation
//     Database). Runs are one finding; a run of two or more is a finding
//     whole. A run of U+FE00–U+FE0F and U+E0100–U+E01EF is read as the
//     bytes GlassWorm-style payloads write (U+FE00+b for b < 16, else
//     U+E0100+b−16): when they are printable text (§4's 85% test) the
//     finding's Carried holds it, and the excerpt writes the run as
//     ⟨N VARIATION SELECTORS CARRYING "text"⟩, else as
//     ⟨N VARIATION SELECTORS CARRYING 0x…⟩ (the first 32 bytes).
//   - invisible_format: Default_Ignorable_Code_Point or General_Category Cf
//     outside §2 and the selectors (soft hyphen, U+034F, U+061C, U+115F,
//     U+1160, U+17B4, U+17B5, U+180E, U+200E, U+200F, U+2061–U+2064,
//     U+206A–U+206F, U+3164, U+FFA0, U+FFF9–U+FFFB, U+13430–U+1343F,
//     U+1BCA0–U+1BCA3, U+1D173–U+1D17A), except where the allow-rules of
//     package internal/extclass find ordinary typography.
//   - invisible_reference: an HTML character reference or a \u escape in
//     the text that decodes to a codepoint of a §2 class (but control_char)
//     or of the two classes above, judged by the same rules in the decoded
//     text (\u2764\uFE0F is an emoji, &shy; between letters a soft hyphen;
//     a single &zwj; or &zwnj; between tags is how e-mail templates space
//     tables). The references stay in the sanitized copy: they are visible
//     text. A \u escape counts only in a format that decodes it (Prose;
//     see names and source code below).
//   - hidden_markup of the kinds latex_color (\color, \textcolor in the
//     page's colour), latex_font_size (\fontsize under 1pt), latex_phantom
//     (\phantom and its h, v forms) and latex_scale (\scalebox,
//     \resizebox to 0.05 or less).
//
// The heuristic extension class (its findings have Extension and
// Heuristic true):
//
//   - instruction_judged: a passage that the prompt-injection judgement of
//     issue 27 reads as an attack (docs/judgement/strict-class.md). Its
//     findings are the hits of the rules of package internal/injrules
//     whose confidence after framing (text about attacks, an operator's
//     system prompt, a quotation) is at least 0.5, and the windows of the
//     trained model of internal/injmodel that the shield's gate lets count
//     alone (a calibrated probability of at least 0.9, 0.95 under twenty
//     words, lowered by the same framing). Finding.Pattern names the rule
//     (role_marker, fake_turn, instruction_block, read_secret, conceal,
//     cross_tool, run_command, override, jailbreak, exfiltrate; see
//     [JudgedRules]) or is "model". The model reads only a text of twelve
//     words or more in which a rule fired or §5 found an instruction_like
//     passage. A text of up to 4 KiB is judged whole; in a longer one, only
//     the regions of 2 KiB on each side of a cheap prefilter's triggers (a
//     §5 instruction_like finding, a '<' or '[' that opens a role marker or
//     an instruction block, a line that opens a System/User/Assistant/Human
//     turn or an "### Instruction" heading, a home-directory path "~/", a
//     key file's name, a pipe into a shell), at most 256 regions; the text
//     of base64 blobs is not read. Its findings overlap §5's where both
//     read one phrase; each class says it in its own words.
//
// Allow-rules and exclusions for the specification's classes: a single
// U+200C or U+200D beside a letter or mark of a script other than Latin,
// Greek and Cyrillic, a U+200D inside an emoji ZWJ sequence, and a single
// U+200B beside a letter of a script written without spaces (Thai, Lao,
// Tibetan, Myanmar, Khmer, …) are not reported; a base64 blob made of
// declared digests (sha256-, sha384-, sha512- and the padded base64 of
// exactly that length: Subresource Integrity, lockfiles) is not reported,
// nor an opaque blob inside a URL unless one of its path segments decodes
// to printable text. Options.KeepZeroWidth turns the zero-width rules off
// for a format that allows no zero-width character at all (package skill:
// a skill file); the other rules stay.
//
// Names and source code (issue 31, "Quiet on code"). In Strict, an opaque
// base64 blob that is a name is not reported, in any format: a path, an
// identifier, an import specifier or a package name written in words, a
// ruler of repeated characters (at most four distinct characters), or an
// alphabet table (eight characters in ASCII order). A token reads as words
// when, split at '/', '-', '_', '+' and '=' and leaving out segments of
// lower-case hexadecimal (commit names in a path), it begins a new word (a
// lower-case letter then an upper-case one, or a change between letter
// and digit) at most once every four characters; identifiers do every
// five to eight, random base64 about every other one. A blob that decodes
// to text is reported whatever it looks like. [Options].Format
// says what kind of file the text is, and so where its references are
// decoded: the command line chooses it from each file's name
// ([FormatOf]), a caller who scans a field leaves it Prose.
//
//   - Prose (the zero value: HTML, XML, e-mail, plain text, and JSON,
//     whose strings are data read decoded, as a tool definition's
//     description is) decodes HTML character references and \u escapes:
//     everything above applies.
//   - Markdown (.md) renders HTML character references and markup, but
//     not \u escapes: an escape there is visible text, not an
//     invisible_reference.
//   - JavaScript and TypeScript, Go and Python source decode no
//     reference a reader sees: a \u escape is visible text (HTML
//     character references still count: JSX text renders them). An
//     html_comment is not reported when its "<!--" lies inside a string,
//     template or regular-expression literal, or inside a comment of the
//     source that does not hold its "-->" as well (a comment that
//     mentions "<!--"), or in a `code span` of such a comment's line. An
//     HTML comment whole inside a comment of the source (a doc comment,
//     which documentation tools render) or in code is reported. The
//     literals are found by a small lexer of strings, comments, template
//     substitutions (nested up to 32 deep) and regular expressions (a '/'
//     after an operator, punctuation or a keyword that takes an
//     expression): one pass, read only when the text has an html_comment.
//   - SourceMap (.map) is JSON whose strings are names and the source of
//     other files: \u escapes are text and no hidden_markup is reported.
//
// Characters themselves are never read by format: a real zero-width,
// bidi or tag character, or a variation-selector payload, in a .js file
// is reported as in any other. The findings these rules leave out count in
// Result.Allowed, and the sanitized copy still removes what they cover,
// as it removes allowed codepoints.
//
// Status and counts. In Strict, the extension findings of the classes
// above but instruction_judged are deterministic: they count in
// DeterministicCount and make the status Flagged, so that a caller who
// gates on Flagged is stopped by a GlassWorm payload exactly as by a
// zero-width space. instruction_judged is heuristic, like §5's classes: it
// counts in HeuristicCount and makes a result Noted, never Flagged, and
// leaves the sanitized copy as it is. Result.ExtensionCount says how many
// of DeterministicCount and HeuristicCount are extensions, Result.Allowed how many findings of
// the specification's classes the rules above left out, and Result.Profile
// is "strict". The sanitized copy of a Strict scan is the Spec one of the
// text without the extension codepoints and the LaTeX constructs (round
// after round, as §6's removals are); like the Spec copy it removes every
// §2 codepoint, allowed or not.
//
// The e-mail context [ContextEmail] is an extension in either profile.
//
// Bounds: in a source format, Strict reads the text once more with the
// literal lexer, up to its last html_comment, only when it has one
// (constant memory but up to 32 nested template substitutions), and up to
// 512 bytes back from each such comment for a code span; the name test
// reads each opaque blob once. Strict adds a pass over the text for the
// extension characters (decoding only the codepoints whose first two bytes can begin one), one
// over its '&' and '\\' for references, one over its '\\' for LaTeX (each
// construct looked at up to 4096 bytes ahead), and, when it finds
// something to remove from the sanitized copy, Spec scans of the text
// without it, at most 8. It keeps at most MaxFindings extension findings;
// the counts stay exact. The allow-rules are applied to the findings kept,
// so a Result cut at MaxFindings may count some allowed findings as
// reported. instruction_judged reads each region it judges once for the
// rules (linear, at most 128 expression windows and 64 hits a region;
// package internal/injrules) and at most once with the model (linear), and
// holds a lowered copy of one region (at most 4 KiB, or 4 KiB around a
// trigger, merged with overlapping ones) and the first 16 KiB of a long
// text, for its framing, at a time. On real prose (6 MiB of the Go
// distribution's comments) it adds about a fifth of a Spec scan's time
// (BenchmarkJudgedPass).
//
// What Strict does not claim: instruction_judged matches wording and
// n-grams, not intent: it is English-first, a paraphrase that neither the
// rules nor the model know passes it, its framing is a heuristic of
// vocabulary, and a long text's attack that none of the prefilter's
// triggers announces (a cross-tool instruction with no marker and no §5
// hint, deep in a long file) is not judged; its confidences were tuned on
// the pool they are reported on. Its other classes are the techniques seen in
// public attack samples, not every way to hide text; its allow-rules let a
// single joiner in a Persian word or a right-to-left mark in Arabic text
// pass, each able to carry a bit. The rescan of a base64 blob's decoded
// text (§4) finds the extension classes too, but no LaTeX (it reads no
// markup), and applies the zero-width allow-rules; its findings do not
// count, as §4's do not.
//
// # Bounds
//
// A scan takes time linear in its input: one pass over the codepoints, one
// over the markup (only for text with '<' or "]:"; the HTML tokenizer only
// for text where some start tag is named style or carries a hidden
// attribute or a hiding style), one over base64 candidates (only for text
// that may hold them), one over the words for §5 (with the patterns tried
// only from words that can begin them, in passages that hold all the words
// they need), and, when removals may have built new markup or blobs, at
// most 8 more rounds over the sanitized copy. A text of 512 KiB or more is
// read for §5 in segments of at least 256 KiB, cut only where a passage
// ends, so that §5 finds in them exactly what it finds in the whole. Such
// a text uses as many cores as GOMAXPROCS allows: the markup and base64
// searches run beside the pass over the codepoints (which, unless it
// builds the sanitized copy, resolves the constructs' positions afterwards
// from checkpoints it records every 16 KiB), and each segment is read for
// §5 as soon as that pass has gone by it, by GOMAXPROCS goroutines, their
// findings merged in order. The result is the same on any number of
// cores. A shorter text starts no goroutine.
// Hostile input can hold a finding every other codepoint, so a Result
// holds at most [Options].MaxFindings findings (DefaultMaxFindings unless
// set), the first in order, as many ill-formed sequences, and as many
// findings of each blob's rescan; heuristic matches beyond the cap are
// counted as they are found, not kept. The counts
// (Result.InvalidUTF8Count for the ill-formed sequences) and the status
// stay exact, and Result.Truncated says that some were left out. Memory is
// the sanitized copy (at most the input's size; up to three times it for
// input that is nothing but ill-formed UTF-8, each byte of which becomes a
// three-byte U+FFFD; [EncodeFile] writes it as it is made instead), the
// kept findings with the decoded text of their blobs that are not opaque
// (less than the input; a blob is decoded 64 KiB at a time, and an opaque
// one is told without keeping what it decodes to; [Options].MaxDecoded
// keeps a prefix of it instead), the spans of every
// markup construct while the scan runs (24 bytes each, at most one per six
// bytes of input; in the text context the sanitizer's cuts are written
// over them), and, for each segment that holds §2 codepoints, a copy of it
// without them, which the heuristics read, at most GOMAXPROCS of them at
// once (a text that no passage end divides is one segment), and the §5
// findings of at most 2×GOMAXPROCS segments read and not yet merged. A
// blob that decodes to more than 1 MiB of text is rescanned in windows of
// about 1 MiB as it is decoded, never held for the rescan: a window ends
// where §5 may cut a text (a blank line, or '.', '!' or '?' and a space),
// so that the findings are exactly those of a rescan of the whole,
// excerpts and Strict rules reading 16 KiB on each side; a window that
// finds no such place grows until it does, since §5 reads a passage whole:
// a decoded text that no passage end divides is held whole, as a text
// scanned directly is. Two Strict rules can read further back than 16 KiB,
// and a window does not see it: a LaTeX \pagecolor set earlier (LaTeX
// findings of a rescan are not reported; they only take places under the
// cap), and a character reference after more than 16 KiB of spaces that
// follow a '>'. [EncodeFile] streams the Strict copy as it streams the
// Spec one when Strict removes nothing from it, and writes a copy that
// holds markup as it is made when the removals cannot have built any.
//
// # What a result does not claim
//
// A finding is a statement about the text, not about whoever sent it;
// zero-width joiners are legitimate in several scripts and in emoji, and a
// finding reports presence, never intent. A clean result says none of these
// classes were found; it is never a finding that the text is safe (§12).
// Every Result carries [Note] to say so.
package scan
