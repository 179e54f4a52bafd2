package strictgen

import "strings"

const (
	vs   = "variation_selector"
	inv  = "invisible_format"
	ref  = "invisible_reference"
	zw   = "zero_width"
	hm   = "hidden_markup"
	blob = "base64_blob"
)

func w(class, sub string, cps ...rune) Want { return Want{Class: class, Sub: sub, Cps: cps} }

func latex(kind, sub string) Want { return Want{Class: hm, Kind: kind, Sub: sub} }

// glassworm writes payload the way GlassWorm-style payloads do: a byte b as U+FE00+b when
// b < 16, else U+E0100+b−16.
func glassworm(payload string) string {
	var b strings.Builder
	for _, c := range []byte(payload) {
		if c < 16 {
			b.WriteRune(0xFE00 + rune(c))
		} else {
			b.WriteRune(0xE0100 + rune(c) - 16)
		}
	}
	return b.String()
}

func charCases() []Case {
	gw := glassworm("hi")
	gwLong := glassworm("eval(atob('aGk='))")
	return []Case{
		// Variation selectors.
		{Rule: vs, Comment: "an emoji variation sequence (emoji-variation-sequences.txt): no finding", In: "\u263A\uFE0F ok", San: "\u263A\uFE0F ok"},
		{Rule: vs, Comment: "a text variation sequence: no finding", In: "\u263A\uFE0E", San: "\u263A\uFE0E"},
		{Rule: vs, Comment: "a standardized variation sequence (DIGIT ZERO, short diagonal stroke form): no finding", In: "0\uFE00", San: "0\uFE00"},
		{Rule: vs, Comment: "VS16 after a letter with no sequence: a finding", In: "a\uFE0Fb", Want: []Want{w(vs, "\uFE0F", 0xFE0F)}, San: "ab"},
		{Rule: vs, Comment: "a selector at the start of the text modifies nothing", In: "\uFE0Fx", Want: []Want{w(vs, "\uFE0F", 0xFE0F)}, San: "x"},
		{Rule: vs, Comment: "two selectors after one base: one run, the first included, read as the bytes it carries", In: "\u263A\uFE0F\uFE0F",
			Want: []Want{{Class: vs, Sub: "\uFE0F\uFE0F", Cps: []rune{0xFE0F}, Excerpt: "\u263A⟨2 VARIATION SELECTORS CARRYING 0x0f0f⟩"}}, San: "\u263A"},
		{Rule: vs, Comment: "an ideographic variation sequence: a supplementary selector after a Han ideograph", In: "\u845B\U000E0100", San: "\u845B\U000E0100"},
		{Rule: vs, Comment: "a supplementary selector after a Latin letter", In: "a\U000E0100", Want: []Want{w(vs, "\U000E0100", 0xE0100)}, San: "a"},
		{Rule: vs, Comment: "a GlassWorm-style run carrying printable text: the excerpt shows what it carries", In: "x" + gw + "y",
			Want: []Want{{Class: vs, Sub: gw, Cps: []rune{0xE0158, 0xE0159}, Carried: "hi", Excerpt: "x⟨2 VARIATION SELECTORS CARRYING \"hi\"⟩y"}}, San: "xy"},
		{Rule: vs, Comment: "a GlassWorm-style payload in a template literal", In: "const s = `" + gwLong + "`;",
			Want: []Want{{Class: vs, Sub: gwLong, Cps: []rune{0xE0155, 0xE0166, 0xE0151, 0xE015C, 0xE0118, 0xE0164, 0xE015F, 0xE0152, 0xE0117, 0xE0137, 0xE015B, 0xE012D},
				Carried: "eval(atob('aGk='))", Excerpt: "const s = `⟨18 VARIATION SELECTORS CARRYING \"eval(atob('aGk='))\"⟩`;"}}, San: "const s = ``;"},
		{Rule: vs, Comment: "a run carrying bytes that are not text: shown in hex", In: "x\uFE00\uFE01",
			Want: []Want{{Class: vs, Sub: "\uFE00\uFE01", Cps: []rune{0xFE00, 0xFE01}, Excerpt: "x⟨2 VARIATION SELECTORS CARRYING 0x0001⟩"}}, San: "x"},
		{Rule: vs, Comment: "a Mongolian standardized variant: no finding", In: "\u1820\u180B", San: "\u1820\u180B"},
		{Rule: vs, Comment: "a Mongolian free variation selector after a Latin letter", In: "a\u180B", Want: []Want{w(vs, "\u180B", 0x180B)}, San: "a"},
		{Rule: vs, Comment: "a run mixing selectors that carries nothing: the ordinary excerpt", In: "a\uFE00\u180B", Want: []Want{w(vs, "\uFE00\u180B", 0xFE00, 0x180B)}, San: "a"},
		// Invisible format characters.
		{Rule: inv, Comment: "a soft hyphen between two letters: typography", In: "hyphen\u00ADation", San: "hyphen\u00ADation"},
		{Rule: inv, Comment: "two soft hyphens: a run, neither allowed", In: "a\u00AD\u00ADb", Want: []Want{w(inv, "\u00AD\u00AD", 0x00AD)}, San: "ab"},
		{Rule: inv, Comment: "a soft hyphen at the end of a word", In: "end\u00AD now", Want: []Want{w(inv, "\u00AD", 0x00AD)}, San: "end now"},
		{Rule: inv, Comment: "INVISIBLE TIMES", In: "a\u2062b", Want: []Want{w(inv, "\u2062", 0x2062)}, San: "ab"},
		{Rule: inv, Comment: "a left-to-right mark in a text without right-to-left letters", In: "abc\u200Edef", Want: []Want{w(inv, "\u200E", 0x200E)}, San: "abcdef"},
		{Rule: inv, Comment: "a left-to-right mark in Hebrew text: typography", In: "\u05E9\u05DC\u05D5\u05DD\u200E (1)", San: "\u05E9\u05DC\u05D5\u05DD\u200E (1)"},
		{Rule: inv, Comment: "right-to-left marks in an Arabic text, on a line of their own", In: "\u0627\u0644\u062A\u0627\u0631\u064A\u062E\n%d\u200F/%m\u200F/%Y", San: "\u0627\u0644\u062A\u0627\u0631\u064A\u062E\n%d\u200F/%m\u200F/%Y"},
		{Rule: inv, Comment: "a Hangul jungseong filler after a leading jamo: typography", In: "\u1100\u1160", San: "\u1100\u1160"},
		{Rule: inv, Comment: "HANGUL FILLER", In: "a\u3164b", Want: []Want{w(inv, "\u3164", 0x3164)}, San: "ab"},
		{Rule: inv, Comment: "a Mongolian vowel separator between Mongolian letters: typography", In: "\u1820\u180E\u1821", San: "\u1820\u180E\u1821"},
		{Rule: inv, Comment: "a Mongolian vowel separator in Latin text", In: "a\u180Eb", Want: []Want{w(inv, "\u180E", 0x180E)}, San: "ab"},
		{Rule: inv, Comment: "a combining grapheme joiner before a mark: typography", In: "a\u034F\u0301", San: "a\u034F\u0301"},
		{Rule: inv, Comment: "a combining grapheme joiner between letters", In: "a\u034Fb", Want: []Want{w(inv, "\u034F", 0x034F)}, San: "ab"},
		{Rule: inv, Comment: "MUSICAL SYMBOL BEGIN BEAM (a supplementary codepoint)", In: "x\U0001D173y", Want: []Want{w(inv, "\U0001D173", 0x1D173)}, San: "xy"},
		{Rule: inv, Comment: "interlinear annotation characters: three runs", In: "\uFFF9a\uFFFAb\uFFFB",
			Want: []Want{w(inv, "\uFFF9", 0xFFF9), w(inv, "\uFFFA", 0xFFFA), w(inv, "\uFFFB", 0xFFFB)}, San: "ab"},
		{Rule: inv, Comment: "a prepended concatenation mark has a glyph: no finding", In: "\u0600\u0661", San: "\u0600\u0661"},
		{Rule: inv, Comment: "a Hangul choseong filler before a vowel jamo: typography", In: "\u115F\u1161", San: "\u115F\u1161"},
		{Rule: inv, Comment: "an Egyptian hieroglyph joiner between hieroglyphs: typography", In: "\U00013000\U00013430\U00013001", San: "\U00013000\U00013430\U00013001"},
		{Rule: inv, Comment: "an Egyptian hieroglyph joiner between Latin letters", In: "a\U00013430b", Want: []Want{w(inv, "\U00013430", 0x13430)}, San: "ab"},
		// Zero-width characters of §2 as typography.
		{Rule: "zero_width typography", Comment: "a ZWNJ inside a Persian word: left out", In: "\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645", Allowed: 1, San: "\u0645\u06CC\u062E\u0648\u0627\u0647\u0645"},
		{Rule: "zero_width typography", Comment: "a ZWNJ inside a Latin word: reported, §2", In: "he\u200Cllo", Want: []Want{w(zw, "\u200C", 0x200C)}, San: "hello"},
		{Rule: "zero_width typography", Comment: "a ZWJ inside an emoji ZWJ sequence: left out", In: "\U0001F468\u200D\U0001F4BB", Allowed: 1, San: "\U0001F468\U0001F4BB"},
		{Rule: "zero_width typography", Comment: "a ZWJ after U+FE0F in an emoji ZWJ sequence (heart on fire): left out", In: "\u2764\uFE0F\u200D\U0001F525", Allowed: 1, San: "\u2764\uFE0F\U0001F525"},
		{Rule: "zero_width typography", Comment: "a ZWJ after a Bengali virama: left out", In: "\u09A4\u09CD\u200D\u0997", Allowed: 1, San: "\u09A4\u09CD\u0997"},
		{Rule: "zero_width typography", Comment: "a ZWSP between Khmer words: left out", In: "\u1797\u17B6\u179F\u17B6\u200B\u1781\u17D2\u1798\u17C2\u179A", Allowed: 1, San: "\u1797\u17B6\u179F\u17B6\u1781\u17D2\u1798\u17C2\u179A"},
		{Rule: "zero_width typography", Comment: "two ZWSPs between Khmer words: a run, reported", In: "\u1780\u200B\u200B\u1781", Want: []Want{w(zw, "\u200B\u200B", 0x200B)}, San: "\u1780\u1781"},
		{Rule: "zero_width typography", Comment: "a ZWSP between Latin words: reported", In: "a\u200Bb", Want: []Want{w(zw, "\u200B", 0x200B)}, San: "ab"},
	}
}

func refCases() []Case {
	return []Case{
		{Rule: ref, Comment: "a decimal character reference to a tag character", In: "&#917576;", Want: []Want{w(ref, "&#917576;", 0xE0048)}, San: "&#917576;"},
		{Rule: ref, Comment: "adjacent hexadecimal references are one run", In: "a&#x200B;&#x200c;b", Want: []Want{w(ref, "&#x200B;&#x200c;", 0x200B, 0x200C)}, San: "a&#x200B;&#x200c;b"},
		{Rule: ref, Comment: "a named reference", In: "pay&ZeroWidthSpace;ment", Want: []Want{w(ref, "&ZeroWidthSpace;", 0x200B)}, San: "pay&ZeroWidthSpace;ment"},
		{Rule: ref, Comment: "&shy; between two letters: a soft hyphen where it belongs", In: "hyphen&shy;ation", San: "hyphen&shy;ation"},
		{Rule: ref, Comment: "a \\u escape of a zero-width space", In: `say("\u200b")`, Want: []Want{w(ref, `\u200b`, 0x200B)}, San: `say("\u200b")`},
		{Rule: ref, Comment: "an escaped backslash is no escape", In: `"\\u200b"`, San: `"\\u200b"`},
		{Rule: ref, Comment: "a braced escape of a tag character", In: `\u{E0041}`, Want: []Want{w(ref, `\u{E0041}`, 0xE0041)}, San: `\u{E0041}`},
		{Rule: ref, Comment: "a surrogate pair of escapes is one codepoint, U+E0100", In: `x\uDB40\uDD00`, Want: []Want{w(ref, `\uDB40\uDD00`, 0xE0100)}, San: `x\uDB40\uDD00`},
		{Rule: ref, Comment: "an emoji variation sequence written as escapes: no finding", In: `\u2764\uFE0F`, San: `\u2764\uFE0F`},
		{Rule: ref, Comment: "control characters written as escapes: no finding", In: `\u001b[0m &#10;`, San: `\u001b[0m &#10;`},
		{Rule: ref, Comment: "references to visible characters: no finding", In: `&#x41; &amp; &nbsp; \u00e9`, San: `&#x41; &amp; &nbsp; \u00e9`},
		{Rule: ref, Comment: "an eight-digit escape of LANGUAGE TAG", In: `\U000E0001`, Want: []Want{w(ref, `\U000E0001`, 0xE0001)}, San: `\U000E0001`},
		{Rule: ref, Comment: "a single &zwj; between tables, as e-mail templates write it: no finding", In: "</table>&zwj; <table>", San: "</table>&zwj; <table>"},
		{Rule: ref, Comment: "a run of &zwnj; between tags: reported", In: "<td>&zwnj;&zwnj;&zwnj;</td>", Want: []Want{w(ref, "&zwnj;&zwnj;&zwnj;", 0x200C)}, San: "<td>&zwnj;&zwnj;&zwnj;</td>"},
		{Rule: ref, Comment: "a tag character beside a tag: reported", In: "</p>&#917576;", Want: []Want{w(ref, "&#917576;", 0xE0048)}, San: "</p>&#917576;"},
		{Rule: ref, Comment: "a reference to a private-use codepoint", In: "icon &#xE001; here", Want: []Want{w(ref, "&#xE001;", 0xE001)}, San: "icon &#xE001; here"},
	}
}

func latexCases() []Case {
	return []Case{
		{Rule: "latex_color", Comment: "\\textcolor{white}{…}", In: `\textcolor{white}{secret}`, Want: []Want{latex("latex_color", `\textcolor{white}{secret}`)}, San: ""},
		{Rule: "latex_color", Comment: "\\color{white} to the end of its group", In: `{\color{white} secret} seen`, Want: []Want{latex("latex_color", `\color{white} secret`)}, San: "{} seen"},
		{Rule: "latex_color", Comment: "\\color[rgb]{1,1,1}", In: `{\color[rgb]{1,1,1}x}`, Want: []Want{latex("latex_color", `\color[rgb]{1,1,1}x`)}, San: "{}"},
		{Rule: "latex_color", Comment: "\\color[HTML]{FFFFFF}", In: `{\color[HTML]{FFFFFF}x}`, Want: []Want{latex("latex_color", `\color[HTML]{FFFFFF}x`)}, San: "{}"},
		{Rule: "latex_color", Comment: "a colour other than the page's: no finding", In: `\textcolor{red}{seen}`, San: `\textcolor{red}{seen}`},
		{Rule: "latex_color", Comment: "the page colour set by \\pagecolor", In: `\pagecolor{black}{\color{black}x}`, Want: []Want{latex("latex_color", `\color{black}x`)}, San: `\pagecolor{black}{}`},
		{Rule: "latex_color", Comment: "white on a black page: no finding", In: `\pagecolor{black}\color{white}x`, San: `\pagecolor{black}\color{white}x`},
		{Rule: "latex_font_size", Comment: "\\fontsize{0pt}", In: `{\fontsize{0pt}{0pt}\selectfont secret}`, Want: []Want{latex("latex_font_size", `\fontsize{0pt}{0pt}\selectfont secret`)}, San: "{}"},
		{Rule: "latex_font_size", Comment: "\\fontsize{0.1pt}: under 1pt", In: `x {\fontsize{0.1pt}{0.1pt}\selectfont y}`, Want: []Want{latex("latex_font_size", `\fontsize{0.1pt}{0.1pt}\selectfont y`)}, San: "x {}"},
		{Rule: "latex_font_size", Comment: "\\fontsize{0.9em}: readable", In: `{\fontsize{0.9em}{1em}x}`, San: `{\fontsize{0.9em}{1em}x}`},
		{Rule: "latex_font_size", Comment: "an ordinary \\fontsize: no finding", In: `\fontsize{10pt}{12pt}`, San: `\fontsize{10pt}{12pt}`},
		{Rule: "latex_phantom", Comment: "\\phantom{…}", In: `a \phantom{secret} b`, Want: []Want{latex("latex_phantom", `\phantom{secret}`)}, San: "a  b"},
		{Rule: "latex_scale", Comment: "\\scalebox{0.01}{…}", In: `\scalebox{0.01}{secret}`, Want: []Want{latex("latex_scale", `\scalebox{0.01}{secret}`)}, San: ""},
		{Rule: "latex_scale", Comment: "\\scalebox{0.5}: no finding", In: `\scalebox{0.5}{x}`, San: `\scalebox{0.5}{x}`},
		{Rule: "latex_scale", Comment: "\\resizebox to a thousandth of the text width", In: `\resizebox{0.001\textwidth}{!}{secret}`, Want: []Want{latex("latex_scale", `\resizebox{0.001\textwidth}{!}{secret}`)}, San: ""},
	}
}

func b64Cases() []Case {
	const sha512 = "rki1CkqjvKVQYAMtbFQKFWzEf7ef3bBpxheR8sE83xzVybItHtyE/XD9I4Q6G46+uPMCQDHGsNH78OtOJyZTsA=="
	const sha384 = "7wJfURX8cGlWCOtoWlDor4+IFekb99rvm/sQ71UoyDChehFOFsvPIwuxRkSgBYqF"
	const sha256 = "bPIdrwYaYnCBOL2oiTeFAyV7MQTv8D7RpDOC8gE/ZG0="
	const opaque = "BwgJCgsMDQ4PEBESExQVFhcYGRobHB0eHyAhIiMkJSYnKCkqKywtLi8wMTIz"
	const text = "YSBwcmludGFibGUgc2VudGVuY2UgY2FycmllZCBpbiBhIGxvbmcgdXJsIHBhdGg="
	return []Case{
		{Rule: "declared digest", Comment: "a sha512 integrity string (npm lockfile): left out", In: `"integrity": "sha512-` + sha512 + `"`, Allowed: 1, San: `"integrity": "sha512-` + sha512 + `"`},
		{Rule: "declared digest", Comment: "sha384 and sha256 in one SRI attribute: left out", In: "sha384-" + sha384 + " sha256-" + sha256, Allowed: 1, San: "sha384-" + sha384 + " sha256-" + sha256},
		{Rule: "declared digest", Comment: "sha256- with a digest of sha512's length: a blob", In: "integrity: sha256-" + sha512,
			Want: []Want{{Class: blob, Sub: "sha256-" + sha512, Opaque: true}}, San: "integrity: sha256-" + sha512},
		{Rule: "URL segment", Comment: "an opaque path segment of a URL: left out", In: "see https://example.com/p/" + opaque, Allowed: 1, San: "see https://example.com/p/" + opaque},
		{Rule: "URL segment", Comment: "a URL segment that decodes to printable text: reported", In: "see https://example.com/p/" + text,
			Want: []Want{{Class: blob, Sub: "com/p/" + text, Opaque: true}}, San: "see https://example.com/p/" + text},
		{Rule: "URL segment", Comment: "the same opaque token outside a URL: reported", In: "token " + opaque,
			Want: []Want{{Class: blob, Sub: opaque, Opaque: true}}, San: "token " + opaque},
	}
}

func emailCases() []Case {
	const subject = "Invoice \u200B due"
	const from = "Support\u200B Team"
	const plain = "Hello\u200Bthere" // the CRLF before a boundary belongs to the boundary (RFC 2046)
	const html = "<p>Caf\u00E9</p><div style=\"display:none\">hidden</div>"
	gw := glassworm("hi")
	return []Case{
		{Rule: "email", Comment: "headers, a quoted-printable part and a base64 Latin-1 HTML part, each decoded",
			Context: "email",
			In: "From: =?utf-8?q?Support=E2=80=8B_Team?= <support@example.com>\r\n" +
				"Subject: =?utf-8?b?SW52b2ljZSDigIsgZHVl?=\r\n" +
				"MIME-Version: 1.0\r\n" +
				"Content-Type: multipart/alternative; boundary=\"b1\"\r\n\r\n" +
				"--b1\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n" +
				"Hello=E2=80=8Bthere\r\n" +
				"--b1\r\nContent-Type: text/html; charset=iso-8859-1\r\nContent-Transfer-Encoding: base64\r\n\r\n" +
				"PHA+Q2Fm6TwvcD48ZGl2IHN0eWxlPSJkaXNwbGF5Om5vbmUiPmhpZGRlbjwvZGl2Pg==\r\n" +
				"--b1--\r\n",
			Want: []Want{
				{Class: zw, Sub: "\u200B", Cps: []rune{0x200B}, Part: "header:subject", PartText: subject},
				{Class: zw, Sub: "\u200B", Cps: []rune{0x200B}, Part: "header:from", PartText: from},
				{Class: zw, Sub: "\u200B", Cps: []rune{0x200B}, Part: "1", PartText: plain},
				{Class: hm, Kind: "hidden_element", Reason: "display_none", Sub: "<div style=\"display:none\">hidden</div>", Part: "2", PartText: html},
			},
			Parts: []Part{
				{ID: "header:subject", ContentType: "header", Context: "text"},
				{ID: "header:from", ContentType: "header", Context: "text"},
				{ID: "1", ContentType: "text/plain", Charset: "utf-8", Context: "text"},
				{ID: "2", ContentType: "text/html", Charset: "iso-8859-1", Context: "email_html"},
			},
			San: "Invoice  due\nSupport Team\nHellothere\n<p>Caf\u00E9</p>\n"},
		{Rule: "email", Comment: "a GlassWorm-style payload in a quoted-printable body",
			Context: "email",
			In: "Subject: update\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n" +
				"x=F3=A0=85=98=F3=A0=85=99y\r\n",
			Want: []Want{{Class: vs, Sub: gw, Cps: []rune{0xE0158, 0xE0159}, Carried: "hi", Excerpt: "x⟨2 VARIATION SELECTORS CARRYING \"hi\"⟩y", Part: "body", PartText: "x" + gw + "y\r\n"}},
			Parts: []Part{
				{ID: "header:subject", ContentType: "header", Context: "text"},
				{ID: "body", ContentType: "text/plain", Charset: "utf-8", Context: "text"},
			},
			San: "update\nxy\r\n\n"},
		{Rule: "email", Comment: "an attachment that is not text is listed, not scanned",
			Context: "email",
			In: "Subject: report\r\nContent-Type: multipart/mixed; boundary=x\r\n\r\n" +
				"--x\r\nContent-Type: text/plain\r\n\r\nSee attached.\r\n" +
				"--x\r\nContent-Type: application/pdf\r\nContent-Transfer-Encoding: base64\r\n\r\nJVBERi0xLjQK\r\n--x--\r\n",
			Parts: []Part{
				{ID: "header:subject", ContentType: "header", Context: "text"},
				{ID: "1", ContentType: "text/plain", Context: "text"},
				{ID: "2", ContentType: "application/pdf", Problem: "not text: not scanned"},
			},
			San: "report\nSee attached.\n"},
	}
}
