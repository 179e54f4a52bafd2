package scangen

// markupHeader is the free-text header of the hidden-markup file.
var markupHeader = []string{
	"Conformance vectors for the hidden-markup scan of the agent-safety formats, version 1: §3 (html_comment, markdown_comment, css_hide_rule, hidden_element and the style test), with §1 (result object, positions, excerpts) and §6 (the sanitized copy).",
	"Every markup finding, sanitized copy and many excerpts were derived by hand from the specification text and the rules in the README of this corpus; the generator checks each span against the text, the sanitized copy against the spans, the excerpts against the excerpt algorithm, and any §2 finding in the same input against a reference model (vectors/internal/scangen). The file is generated, do not edit it by hand.",
	"A hidden_markup finding carries kind and, for css_hide_rule and hidden_element, reason; it has no codepoints. Findings of all classes are sorted by start, end, class, kind and may overlap. The sanitized copy removes the union of the markup spans and the §2 codepoints.",
	"Positions are codepoint offsets [start, end). expected_extensions holds plainsight's extension fields (byte and UTF-16 offsets); an implementation without them still conforms.",
	"The wording of expected.note is plainsight's: the specification requires the honesty line, not its words. A runner for an implementation with other wording checks note only for being a non-empty string.",
	"Base64 blobs (§4) and the heuristic classes (§5) are not part of these vectors; no input here holds one. Unicode 17.0.0.",
}

// markupNotes documents every flag the hidden-markup file uses.
var markupNotes = map[string]Note{
	"RebuiltMarkup": {
		Description: "Removing findings from the text builds markup that was not there: \"<\\u200b!-- x -->\" holds no comment until the zero-width space goes, and \"<<!-- a -->!-- b -->\" holds a second comment once the first goes. The sanitized copy removes such markup too, round after round; if markup is still left after 8 rounds, every '<' and '[' becomes U+FFFD (replacing rather than removing them joins nothing).",
		Effect:      "A one-pass sanitizer hands a reader a copy that still hides text; scanning the sanitized copy again then finds markup.",
	},
	"HtmlComment": {
		Description: "Pins the html_comment rule: from each <!-- (not inside an earlier comment) to the end of the next --> found from just after the <!--, or to the end of the text when there is none; anywhere in the text.",
		Effect:      "An implementation that tokenizes comments as HTML5 does, or only outside tags and raw text, reports other spans or misses comments.",
	},
	"MarkdownComment": {
		Description: "Pins the markdown_comment line rule: 0–3 spaces, [label]:, optional spaces or tabs, #, then nothing, a (…), \"…\" or '…' title ending the line, or bare text; the span is the line without its line ending.",
		Effect:      "An implementation that parses link reference definitions as CommonMark does, or matches more loosely (#anchor, four spaces, a title followed by text), reports other lines.",
	},
	"StyleTest": {
		Description: "Pins a detail of the style test: splitting, trimming, lowercasing, !important, the last declaration winning, the order of reasons, the font-size pattern or colour normalization.",
		Effect:      "An implementation with another reading of a declaration list hides visible text or shows hidden text, or reports another reason.",
	},
	"HiddenElement": {
		Description: "Pins the hidden_element rule: which start tags are hidden (style attribute, hidden attribute, class of a css_hide_rule, in that order of reasons) and the span (through the matching end tag, the start tag only for void or unclosed elements).",
		Effect:      "An implementation that ends the span elsewhere removes too much or too little from the sanitized copy.",
	},
	"CssHideRule": {
		Description: "Pins the css_hide_rule rule: a style rule inside a <style> element whose declarations pass the style test and whose selector list holds a plain class selector (.name or type.name); its span runs from the selector list to the closing }.",
		Effect:      "An implementation that accepts other selectors, misses rules in at-rule blocks, or is confused by CSS comments reports other rules and hides other elements.",
	},
	"SpecOverHtml5": {
		Description: "The specification's literal rule differs here from what an HTML5 parser does (<!--> and <!---> do not close a comment, --!> does not end one, an element without its own end tag is not closed implicitly).",
		Effect:      "An implementation built on an HTML5 tokenizer or tree builder gives another span; the vector follows the specification.",
	},
	"SpecOverCss": {
		Description: "The literal style test differs here from the CSS cascade (the last declaration wins even over an earlier !important; an element's inline style does not override a hiding class rule; a rule inside @media print counts).",
		Effect:      "An implementation that computes styles as a browser does reports another result; the vector follows the specification.",
	},
	"SpecOverCommonMark": {
		Description: "The literal markdown_comment rule differs here from CommonMark (a matching line inside a fenced code block or continuing a paragraph, or a bare title, is still a comment).",
		Effect:      "An implementation that parses markdown reports no finding; the vector follows the specification.",
	},
	"Unclosed": {
		Description: "A construct without its end: an unterminated <!-- (the comment runs to the end of the text) or a hidden element with no matching end tag (the span is its start tag only, its content stays in the sanitized copy).",
		Effect:      "An implementation that drops the construct, or removes an unclosed element's content, reports another span and sanitized copy.",
	},
	"EntityDecoded": {
		Description: "An attribute value holds an HTML character reference, decoded before the style test or the class match as a browser decodes it; the content of a <style> element is raw text and is not decoded.",
		Effect:      "An implementation that reads attribute values undecoded misses hidden elements such as style=\"display&#58;none\".",
	},
	"OverlappingFindings": {
		Description: "Findings overlap: a §2 codepoint or a comment inside a markup span, or a hidden element inside another. Each is reported, all sorted by start, end, class, kind; the sanitized copy removes their union.",
		Effect:      "An implementation that reports only the outer finding, or removes a codepoint twice, gives other findings or a wrong sanitized copy.",
	},
	"RawText": {
		Description: "Tags or rules sit inside a comment, a <script> or a <style> element, where they are not elements (or, inside a comment, not a style element), while comments are found there all the same.",
		Effect:      "An implementation that matches tags with a pattern over the whole text reports elements that a browser never builds.",
	},
	"LineEnding": {
		Description: "CR LF or a lone CR ends lines, or a line break sits inside a finding.",
		Effect:      "A markdown_comment span excludes its line ending whatever it is; an implementation that splits lines at LF only keeps a CR in the span or misses lines after a lone CR. Inside a finding, line breaks are annotated in the excerpt.",
	},
	"AstralOffsets": {
		Description: "A codepoint outside the Basic Multilingual Plane sits inside a markup finding, and a two-byte codepoint before it, so codepoint, UTF-16 and UTF-8 offsets all differ.",
		Effect:      "An implementation that counts UTF-16 code units or bytes for start and end reports wrong positions.",
	},
	"ExcerptCut": {
		Description: "Pins a cutting rule of the excerpt on a markup finding: 30 codepoints of context per side or the 600-character limit on the whole excerpt.",
		Effect:      "Only the excerpt is affected; findings, offsets and the sanitized copy are the same whatever the excerpt rules.",
	},
}
