package scangen

import "strings"

// Spec section lists of the hidden-markup cases.
var (
	s3   = []string{"§3"}
	s36  = []string{"§3", "§6"}
	s136 = []string{"§1", "§3", "§6"}
	s236 = []string{"§2", "§3", "§6"}
)

// Flags of the hidden-markup cases.
const (
	fCom  = "HtmlComment"
	fMd   = "MarkdownComment"
	fSty  = "StyleTest"
	fEl   = "HiddenElement"
	fRule = "CssHideRule"
	fH5   = "SpecOverHtml5"
	fCss  = "SpecOverCss"
	fCm   = "SpecOverCommonMark"
	fUnc  = "Unclosed"
	fEnt  = "EntityDecoded"
	fOv   = "OverlappingFindings"
	fRaw  = "RawText"
	fLine = "LineEnding"
	fCut  = "ExcerptCut"
	fAst  = "AstralOffsets"
	fReb  = "RebuiltMarkup"
)

// Excerpt pieces, written out by hand from the names in the Unicode Character Database.
const (
	aLF = "⟨U+000A LINE FEED⟩"
	aCR = "⟨U+000D CARRIAGE RETURN⟩"
)

func fl(f ...string) []string { return f }

// marks lists hand findings.
func marks(m ...Mark) []Mark { return m }

// styled is a style-test case on an inline style: the text a<span style="DECL">x</span>b. When
// reason is not empty the span is hidden: a hidden_element from the "<" at 1 through "</span>",
// that is 1 + 13 (`<span style="`) + len(decl) + 10 (`">x</span>`); the sanitized copy is "ab".
// Otherwise the text is clean and left as it is.
func styled(comment, decl, reason string, flags ...string) MCase {
	for _, r := range decl {
		if r >= 0x80 {
			panic("styled: the declaration must be ASCII, its length is counted in bytes")
		}
	}
	in := `a<span style="` + decl + `">x</span>b`
	c := MCase{Cat: "style_test", Comment: comment, Spec: s36, In: in, Flags: append(fl(fSty), flags...)}
	if reason == "" {
		c.San = sp(in)
	} else {
		c.Marks = marks(elem(reason, 1, 24+len(decl)))
		c.San = sp("ab")
	}
	return c
}

// MarkupCases returns the hand-written hidden-markup cases, in tcId order. Append new cases at
// the end of their category; the tcIds of the text group follow this order.
func MarkupCases() []MCase {
	var cs []MCase
	add := func(c ...MCase) { cs = append(cs, c...) }

	// ---- html_comment.
	add(
		MCase{Cat: "html_comment", Comment: "a comment between two letters", Spec: s136,
			In: "a<!-- hidden -->b", Marks: marks(hc(1, 16).x("a<!-- hidden -->b")), San: sp("ab"), Flags: fl(fCom)}.email(),
		MCase{Cat: "html_comment", Comment: "a comment over several lines: each line feed is annotated in the excerpt", Spec: s136,
			In:    "x\n<!--\nline one\nline two\n-->\ny",
			Marks: marks(hc(2, 28).x("<!--" + aLF + "line one" + aLF + "line two" + aLF + "-->")),
			San:   sp("x\n\ny"), Flags: fl(fCom, fLine)}.email(),
		MCase{Cat: "html_comment", Comment: "<!----> is a complete empty comment", Spec: s36,
			In: "a<!---->b", Marks: marks(hc(1, 8)), San: sp("ab"), Flags: fl(fCom)},
		MCase{Cat: "html_comment", Comment: "<!--> does not close itself: the comment runs to the next -->", Spec: s36,
			In: "a<!-->b-->c", Marks: marks(hc(1, 10)), San: sp("ac"), Flags: fl(fCom, fH5)},
		MCase{Cat: "html_comment", Comment: "<!---> does not close itself: the comment runs to the next -->", Spec: s36,
			In: "a<!--->b-->c", Marks: marks(hc(1, 11)), San: sp("ac"), Flags: fl(fCom, fH5)},
		MCase{Cat: "html_comment", Comment: "<!--> with no --> after it runs to the end of the text", Spec: s36,
			In: "a<!-->b", Marks: marks(hc(1, 7)), San: sp("a"), Flags: fl(fCom, fH5, fUnc)},
		MCase{Cat: "html_comment", Comment: "--!> does not end a comment: the next --> does", Spec: s36,
			In: "<!--a--!>b-->c", Marks: marks(hc(0, 13)), San: sp("c"), Flags: fl(fCom, fH5)},
		MCase{Cat: "html_comment", Comment: "an unterminated comment runs to the end of the text", Spec: s36,
			In: "keep<!-- rest of the text", Marks: marks(hc(4, 25)), San: sp("keep"), Flags: fl(fCom, fUnc)}.email(),
		MCase{Cat: "html_comment", Comment: "two comments are two findings; the text between them stays", Spec: s36,
			In: "<!--a-->b<!--c-->", Marks: marks(hc(0, 8), hc(9, 17)), San: sp("b"), Flags: fl(fCom)},
		MCase{Cat: "html_comment", Comment: "a <!-- inside a comment does not nest: the first --> ends the comment", Spec: s36,
			In: "<!--a<!--b-->c-->", Marks: marks(hc(0, 13)), San: sp("c-->"), Flags: fl(fCom)},
		MCase{Cat: "html_comment", Comment: "a comment inside the content of a <style> element", Spec: s36,
			In: "<style>p{color:red}<!--x--></style>", Marks: marks(hc(19, 27)), San: sp("<style>p{color:red}</style>"),
			Flags: fl(fCom, fRaw)},
		MCase{Cat: "html_comment", Comment: "a comment inside a string in a <script> element", Spec: s36,
			In: `<script>s="<!--x-->"</script>`, Marks: marks(hc(11, 19)), San: sp(`<script>s=""</script>`), Flags: fl(fCom, fRaw)},
		MCase{Cat: "html_comment", Comment: "a comment inside an attribute value", Spec: s36,
			In: `<a title="<!--x-->">link</a>`, Marks: marks(hc(10, 18)), San: sp(`<a title="">link</a>`), Flags: fl(fCom)},
		MCase{Cat: "html_comment", Comment: "a zero-width space inside a comment: a zero_width finding inside an html_comment finding", Spec: s236,
			In:    "a<!--b\u200bc-->d",
			Marks: marks(hc(1, 11).x("a<!--b" + aZWSP + "c-->d")),
			Chars: []Want{w(zw, 6, 7, 0x200B)}, San: sp("ad"), Flags: fl(fCom, fOv)}.email(),
		MCase{Cat: "html_comment", Comment: "CR LF inside a comment and around it", Spec: s136,
			In:    "a\r\n<!--x\r\ny-->\r\nb",
			Marks: marks(hc(3, 14).x("<!--x" + aCR + aLF + "y-->")),
			San:   sp("a\r\n\r\nb"), Flags: fl(fCom, fLine)},
		MCase{Cat: "html_comment", Comment: "tags inside a comment are not elements: only the comment is reported", Spec: s36,
			In: "<!-- <div hidden>x</div> -->", Marks: marks(hc(0, 28)), San: sp(""), Flags: fl(fCom, fEl, fRaw)},
		MCase{Cat: "html_comment", Comment: "a <style> inside a comment is no style element: its class rule hides nothing", Spec: s36,
			In:    `<!--<style>.x{display:none}</style>--><p class="x">a</p>`,
			Marks: marks(hc(0, 38)), San: sp(`<p class="x">a</p>`), Flags: fl(fCom, fRule, fRaw)},
		MCase{Cat: "html_comment", Comment: "a comment of 707 codepoints: the excerpt body is cut at 600", Spec: s136,
			In:    "<!--" + strings.Repeat("a ", 350) + "-->", // spaced: no base64 token (§4)
			Marks: marks(hc(0, 707).x("<!--" + strings.Repeat("a ", 350)[:595] + "…")), San: sp(""), Flags: fl(fCom, fCut)},
		MCase{Cat: "html_comment", Comment: "<!- with one hyphen opens no comment", Spec: s3,
			In: "a<!-b->c", San: sp("a<!-b->c"), Flags: fl(fCom)},
		MCase{Cat: "html_comment", Comment: "--> without an opener is text", Spec: s3,
			In: "a-->b", San: sp("a-->b"), Flags: fl(fCom)},
		MCase{Cat: "html_comment", Comment: "a markdown document with an html comment and a markdown comment", Spec: s36,
			In:    "# Title\n<!-- a -->\n[x]: # (b)\ntext",
			Marks: marks(hc(8, 18), mdc(19, 29)), San: sp("# Title\n\n\ntext"), Flags: fl(fCom, fMd)}.email(),
		MCase{Cat: "html_comment", Comment: "an emoji inside a comment and é before it: codepoint, UTF-16 and byte offsets differ", Spec: s136,
			In: "é<!--\U0001F600-->b", Marks: marks(hc(1, 9).x("é<!--\U0001F600-->b")), San: sp("éb"), Flags: fl(fCom, fAst)},
	)

	// ---- markdown_comment.
	add(
		MCase{Cat: "markdown_comment", Comment: "[x]: # (title): the target in parentheses", Spec: s136,
			In: "a\n\n[x]: # (hidden)\n\nb", Marks: marks(mdc(3, 18).x("[x]: # (hidden)")), San: sp("a\n\n\n\nb"), Flags: fl(fMd)}.email(),
		MCase{Cat: "markdown_comment", Comment: "[x]: # \"title\": the target in double quotes", Spec: s36,
			In: `[x]: # "hidden"`, Marks: marks(mdc(0, 15)), San: sp(""), Flags: fl(fMd)},
		MCase{Cat: "markdown_comment", Comment: "[x]: # 'title': the target in single quotes", Spec: s36,
			In: `[x]: # 'hidden'`, Marks: marks(mdc(0, 15)), San: sp(""), Flags: fl(fMd)},
		MCase{Cat: "markdown_comment", Comment: "[x]: # bare text to the end of the line", Spec: s36,
			In: "[x]: # hidden text", Marks: marks(mdc(0, 18)), San: sp(""), Flags: fl(fMd, fCm)},
		MCase{Cat: "markdown_comment", Comment: "[x]: # with nothing after the #", Spec: s36,
			In: "[x]: #", Marks: marks(mdc(0, 6)), San: sp(""), Flags: fl(fMd)},
		MCase{Cat: "markdown_comment", Comment: "[x]: # then a space and a tab: the span keeps the trailing blanks", Spec: s36,
			In: "[x]: # \t\nb", Marks: marks(mdc(0, 8)), San: sp("\nb"), Flags: fl(fMd)},
		MCase{Cat: "markdown_comment", Comment: "the common [//]: # (comment) form", Spec: s36,
			In: "[//]: # (comment)", Marks: marks(mdc(0, 17)), San: sp(""), Flags: fl(fMd)},
		MCase{Cat: "markdown_comment", Comment: "[x]: # () with an empty title", Spec: s36,
			In: "[x]: # ()", Marks: marks(mdc(0, 9)), San: sp(""), Flags: fl(fMd)},
		MCase{Cat: "markdown_comment", Comment: "one leading space: the span includes it", Spec: s36,
			In: " [x]: # (y)", Marks: marks(mdc(0, 11)), San: sp(""), Flags: fl(fMd)},
		MCase{Cat: "markdown_comment", Comment: "three leading spaces: still a comment", Spec: s36,
			In: "a\n\n   [x]: # (y)", Marks: marks(mdc(3, 16)), San: sp("a\n\n"), Flags: fl(fMd)},
		MCase{Cat: "markdown_comment", Comment: "four leading spaces is code, not a comment", Spec: s3,
			In: "    [x]: # (y)", San: sp("    [x]: # (y)"), Flags: fl(fMd)},
		MCase{Cat: "markdown_comment", Comment: "a leading tab is not one of the 0–3 spaces", Spec: s3,
			In: "\t[x]: # (y)", San: sp("\t[x]: # (y)"), Flags: fl(fMd)},
		MCase{Cat: "markdown_comment", Comment: "CR LF line endings: each span ends before the CR", Spec: s36,
			In: "[x]: # (y)\r\n[z]: # (w)\r\nb", Marks: marks(mdc(0, 10), mdc(12, 22)), San: sp("\r\n\r\nb"), Flags: fl(fMd, fLine)},
		MCase{Cat: "markdown_comment", Comment: "lone CR line endings: a line starts after each CR", Spec: s36,
			In: "[x]: # (y)\r[z]: # (w)\rb", Marks: marks(mdc(0, 10), mdc(11, 21)), San: sp("\r\rb"), Flags: fl(fMd, fLine)},
		MCase{Cat: "markdown_comment", Comment: "no space between ]: and #: still a comment", Spec: s36,
			In: "[x]:# (y)", Marks: marks(mdc(0, 9)), San: sp(""), Flags: fl(fMd)},
		MCase{Cat: "markdown_comment", Comment: "tabs around the #", Spec: s36,
			In: "[x]:\t#\t(y)", Marks: marks(mdc(0, 10)), San: sp(""), Flags: fl(fMd)},
		MCase{Cat: "markdown_comment", Comment: "trailing spaces after the closing parenthesis are in the span", Spec: s36,
			In: "[x]: # (y)  \nz", Marks: marks(mdc(0, 12)), San: sp("\nz"), Flags: fl(fMd)},
		MCase{Cat: "markdown_comment", Comment: "a label with spaces and a colon", Spec: s36,
			In: "[a b:c]: # x", Marks: marks(mdc(0, 12)), San: sp(""), Flags: fl(fMd, fCm)},
		MCase{Cat: "markdown_comment", Comment: "two comment lines in a row", Spec: s36,
			In: "[a]: # (1)\n[b]: # (2)", Marks: marks(mdc(0, 10), mdc(11, 21)), San: sp("\n"), Flags: fl(fMd)},
		MCase{Cat: "markdown_comment", Comment: "a matching line inside a fenced code block still counts", Spec: s36,
			In: "```\n[x]: # (y)\n```", Marks: marks(mdc(4, 14)), San: sp("```\n\n```"), Flags: fl(fMd, fCm)},
		MCase{Cat: "markdown_comment", Comment: "a matching line right after a paragraph line still counts", Spec: s36,
			In: "text\n[x]: # (y)", Marks: marks(mdc(5, 15)), San: sp("text\n"), Flags: fl(fMd, fCm)},
		MCase{Cat: "markdown_comment", Comment: "[x]: #anchor is a link target, not a comment", Spec: s3,
			In: "[x]: #anchor", San: sp("[x]: #anchor"), Flags: fl(fMd)},
		MCase{Cat: "markdown_comment", Comment: "[x]: #(y) with no blank after the # is not a comment", Spec: s3,
			In: "[x]: #(y)", San: sp("[x]: #(y)"), Flags: fl(fMd)},
		MCase{Cat: "markdown_comment", Comment: "a title in parentheses followed by text is not a comment", Spec: s3,
			In: "[x]: # (text) more", San: sp("[x]: # (text) more"), Flags: fl(fMd)},
		MCase{Cat: "markdown_comment", Comment: "a title in double quotes followed by text is not a comment", Spec: s3,
			In: `[x]: # "text" more`, San: sp(`[x]: # "text" more`), Flags: fl(fMd)},
		MCase{Cat: "markdown_comment", Comment: "an unterminated double-quoted title is not a comment", Spec: s3,
			In: `[x]: # "text`, San: sp(`[x]: # "text`), Flags: fl(fMd)},
		MCase{Cat: "markdown_comment", Comment: "an http target is a link reference definition, not a comment", Spec: s3,
			In: "[x]: http://e.com", San: sp("[x]: http://e.com"), Flags: fl(fMd)},
		MCase{Cat: "markdown_comment", Comment: "an empty label is not a comment", Spec: s3,
			In: "[]: # (x)", San: sp("[]: # (x)"), Flags: fl(fMd)},
		MCase{Cat: "markdown_comment", Comment: "a label holding [ is not a comment", Spec: s3,
			In: "[a[b]: # (x)", San: sp("[a[b]: # (x)"), Flags: fl(fMd)},
		MCase{Cat: "markdown_comment", Comment: "[//]: <> (x) has the target <>, not #: not a comment", Spec: s3,
			In: "[//]: <> (x)", San: sp("[//]: <> (x)"), Flags: fl(fMd)},
		MCase{Cat: "markdown_comment", Comment: "a definition that does not start the line is not a comment", Spec: s3,
			In: "see [x]: # (y)", San: sp("see [x]: # (y)"), Flags: fl(fMd)},
		MCase{Cat: "markdown_comment", Comment: "inline links are not comments", Spec: s3,
			In: "[a](b) and [c](#d)", San: sp("[a](b) and [c](#d)"), Flags: fl(fMd)},
	)

	// ---- the style test, on an inline style (a<span style="…">x</span>b).
	add(
		styled("display:none", "display:none", rDisplay).email(),
		styled("visibility:hidden", "visibility:hidden", rVis),
		styled("visibility:collapse is not hidden", "visibility:collapse", ""),
		styled("font-size:0", "font-size:0", rFont),
		styled("color equal to background-color", "color:#fff;background-color:#fff", rColor),
		styled("display:none !important", "display:none !important", rDisplay),
		styled("display:none!IMPORTANT: !important in any case, no blank before it", "display:none!IMPORTANT", rDisplay),
		styled("DISPLAY: NONE in upper case", "DISPLAY: NONE", rDisplay),
		styled("blanks around property, colon, value and semicolon", " display : none ; ", rDisplay),
		styled("tabs and a line feed around property and value", "\tdisplay\t:\tnone\n", rDisplay, fLine),
		styled("display:none;display:block: the last declaration wins, visible", "display:none;display:block", ""),
		styled("display:block;display:none: the last declaration wins, hidden", "display:block;display:none", rDisplay),
		styled("display:none !important;display:block: the last declaration wins over !important", "display:none !important;display:block", "", fCss),
		styled("display:none and visibility:hidden: the reason is display_none", "visibility:hidden;display:none", rDisplay),
		styled("font-size:0 and visibility:hidden: the reason is visibility_hidden", "font-size:0;visibility:hidden", rVis),
		styled("font-size:0 and matching colours: the reason is font_size_zero", "color:#fff;background:#fff;font-size:0", rFont),
		styled("a piece without a colon is ignored", "display none;visibility:hidden", rVis),
		styled("an empty declaration list is visible", "", ""),
		styled("color:red is visible", "color:red", ""),
	)
	for _, fs := range []struct {
		value  string
		hidden bool
	}{
		{"0px", true}, {"0.0em", true}, {"0.00rem", true}, {"0%", true}, {"0pt", true}, {"0PX", true}, {"0.0", true},
		{"0.5px", false}, {"0vw", false}, {".0", false}, {"00px", false}, {"00", false}, {"1px", false}, {"0.px", false}, {"0 px", false},
	} {
		reason, what := rFont, "zero"
		if !fs.hidden {
			reason, what = "", "not zero"
		}
		add(styled("font-size:"+fs.value+" is "+what, "font-size:"+fs.value, reason))
	}
	add(
		styled("colour #fff against white", "color:#fff;background-color:white", rColor),
		styled("colour #FFFFFF against #fff", "color:#FFFFFF;background-color:#fff", rColor),
		styled("colour #ABC against #aabbcc", "color:#ABC;background-color:#aabbcc", rColor),
		styled("colour transparent against rgba(0, 0, 0, 0)", "color:transparent;background-color:rgba(0, 0, 0, 0)", rColor),
		styled("colour grey against gray", "color:grey;background-color:gray", rColor),
		styled("colour navy against #000080", "color:navy;background-color:#000080", rColor),
		styled("colour and background with blanks and !important", "color: black ; background-color : #000 !important", rColor),
		styled("background shorthand: its first token is the background", "color:white;background:#fff url(x.png) no-repeat", rColor),
		styled("background shorthand: blanks inside rgb() do not split the first token", "color:rgb(255,255,255);background:rgb(255, 255, 255) url(x)", rColor),
		styled("background shorthand: only the first token counts", "color:white;background:url(x) white", ""),
		styled("rgb(255,255,255) is not white: no colour conversion beyond the named list", "color:rgb(255,255,255);background-color:white", ""),
		styled("color:red;background:blue is visible", "color:red;background:blue", ""),
		styled("a colour without a background is visible", "color:white", ""),
		styled("background-color then background: the background declared last counts, visible", "background-color:white;background:black;color:white", ""),
		styled("background then background-color: the background declared last counts, hidden", "background:black;background-color:white;color:white", rColor),
	)

	// ---- hidden_element.
	add(
		MCase{Cat: "hidden_element", Comment: "the hidden attribute with no value", Spec: s36,
			In: "<div hidden>secret</div>", Marks: marks(elem(rAttr, 0, 24)), San: sp(""), Flags: fl(fEl)}.email(),
		MCase{Cat: "hidden_element", Comment: `hidden="" between letters`, Spec: s36,
			In: `a<p hidden="">b</p>c`, Marks: marks(elem(rAttr, 1, 19)), San: sp("ac"), Flags: fl(fEl)},
		MCase{Cat: "hidden_element", Comment: `hidden="until-found" is the hidden attribute`, Spec: s36,
			In: `<p hidden="until-found">b</p>`, Marks: marks(elem(rAttr, 0, 29)), San: sp(""), Flags: fl(fEl)},
		MCase{Cat: "hidden_element", Comment: `hidden="false" is still the hidden attribute`, Spec: s36,
			In: `<b hidden="false">x</b>`, Marks: marks(elem(rAttr, 0, 23)), San: sp(""), Flags: fl(fEl)},
		MCase{Cat: "hidden_element", Comment: "the attribute name HIDDEN in upper case", Spec: s36,
			In: "<p HIDDEN>x</p>", Marks: marks(elem(rAttr, 0, 15)), San: sp(""), Flags: fl(fEl)},
		MCase{Cat: "hidden_element", Comment: `an inline style in a text: font-size:0`, Spec: s136,
			In:    `Dear user,<span style="font-size:0">secret</span> thanks`,
			Marks: marks(elem(rFont, 10, 49).x(`Dear user,<span style="font-size:0">secret</span> thanks`)),
			San:   sp("Dear user, thanks"), Flags: fl(fEl, fSty)}.email(),
		MCase{Cat: "hidden_element", Comment: "tag and attribute names in upper case", Spec: s36,
			In: `<DIV STYLE="display:none">x</DIV>`, Marks: marks(elem(rDisplay, 0, 33)), San: sp(""), Flags: fl(fEl)},
		MCase{Cat: "hidden_element", Comment: "the end tag matches the start tag case-insensitively", Spec: s36,
			In: "<Span hidden>x</sPAN>", Marks: marks(elem(rAttr, 0, 21)), San: sp(""), Flags: fl(fEl)},
		MCase{Cat: "hidden_element", Comment: "an unquoted style attribute value", Spec: s36,
			In: "<div style=display:none>x</div>", Marks: marks(elem(rDisplay, 0, 31)), San: sp(""), Flags: fl(fEl)},
		MCase{Cat: "hidden_element", Comment: "a single-quoted style attribute value", Spec: s36,
			In: "<div style='visibility:hidden'>x</div>", Marks: marks(elem(rVis, 0, 38)), San: sp(""), Flags: fl(fEl)},
		MCase{Cat: "hidden_element", Comment: "a > inside a quoted attribute value does not end the start tag", Spec: s36,
			In: `<div hidden title="a>b">x</div>`, Marks: marks(elem(rAttr, 0, 31)), San: sp(""), Flags: fl(fEl)},
		MCase{Cat: "hidden_element", Comment: "the style reason comes before the hidden attribute", Spec: s36,
			In: `<div hidden style="visibility:hidden">x</div>`, Marks: marks(elem(rVis, 0, 45)), San: sp(""), Flags: fl(fEl)},
		MCase{Cat: "hidden_element", Comment: "a visible style falls through to the hidden attribute", Spec: s36,
			In: `<div style="color:red" hidden>x</div>`, Marks: marks(elem(rAttr, 0, 37)), San: sp(""), Flags: fl(fEl)},
		MCase{Cat: "hidden_element", Comment: "nested elements of the same name: the span ends at the outer end tag", Spec: s36,
			In: "<div hidden><div>a</div>b</div>c", Marks: marks(elem(rAttr, 0, 31)), San: sp("c"), Flags: fl(fEl)},
		MCase{Cat: "hidden_element", Comment: "a hidden element nested in a visible one of the same name", Spec: s36,
			In: "<div><div hidden>a</div>b</div>", Marks: marks(elem(rAttr, 5, 24)), San: sp("<div>b</div>"), Flags: fl(fEl)},
		MCase{Cat: "hidden_element", Comment: "nested hidden elements are each reported", Spec: s36,
			In:    `<div hidden><span style="display:none">a</span></div>`,
			Marks: marks(elem(rAttr, 0, 53), elem(rDisplay, 12, 47)), San: sp(""), Flags: fl(fEl, fOv)},
		MCase{Cat: "hidden_element", Comment: "two hidden siblings", Spec: s36,
			In: "<p hidden>a</p><p hidden>b</p>", Marks: marks(elem(rAttr, 0, 15), elem(rAttr, 15, 30)), San: sp(""), Flags: fl(fEl)},
		MCase{Cat: "hidden_element", Comment: "end tags of other names do not end the span", Spec: s36,
			In: "<div hidden>a</span>b</div>", Marks: marks(elem(rAttr, 0, 27)), San: sp(""), Flags: fl(fEl)},
		MCase{Cat: "hidden_element", Comment: "an unclosed hidden element: the span is its start tag, its content stays", Spec: s36,
			In: "<div hidden>abc", Marks: marks(elem(rAttr, 0, 12)), San: sp("abc"), Flags: fl(fEl, fUnc)},
		MCase{Cat: "hidden_element", Comment: "<p hidden>a<p>b</p>: the only </p> closes the second p, the first has no end tag", Spec: s36,
			In: "<p hidden>a<p>b</p>", Marks: marks(elem(rAttr, 0, 10)), San: sp("a<p>b</p>"), Flags: fl(fEl, fUnc, fH5)},
		MCase{Cat: "hidden_element", Comment: "a void element: the span is its start tag", Spec: s36,
			In: "a<img hidden src=x>b", Marks: marks(elem(rAttr, 1, 19)), San: sp("ab"), Flags: fl(fEl)},
		MCase{Cat: "hidden_element", Comment: "a void element does not take a later end tag", Spec: s36,
			In: "<br hidden>a</br>", Marks: marks(elem(rAttr, 0, 11)), San: sp("a</br>"), Flags: fl(fEl)},
		MCase{Cat: "hidden_element", Comment: "/> on a non-void element is ignored: the span runs to </span>", Spec: s36,
			In: "<span hidden/>x</span>", Marks: marks(elem(rAttr, 0, 22)), San: sp(""), Flags: fl(fEl)},
		MCase{Cat: "hidden_element", Comment: `<input type="hidden"> is not a hidden element`, Spec: s3,
			In: `<input type="hidden" name="t" value="v">`, San: sp(`<input type="hidden" name="t" value="v">`), Flags: fl(fEl)},
		MCase{Cat: "hidden_element", Comment: "hidden as a value or inside another attribute name is not the hidden attribute", Spec: s3,
			In: `<div title="hidden" class="hidden" data-hidden>x</div>`, San: sp(`<div title="hidden" class="hidden" data-hidden>x</div>`), Flags: fl(fEl)},
		MCase{Cat: "hidden_element", Comment: "an end tag inside a comment does not close the element", Spec: s36,
			In: "<div hidden>a<!--</div>-->b</div>c", Marks: marks(elem(rAttr, 0, 33), hc(13, 26)), San: sp("c"), Flags: fl(fEl, fCom, fOv, fRaw)},
		MCase{Cat: "hidden_element", Comment: "a zero-width space inside a hidden element: both reported", Spec: s236,
			In: "<span hidden>a\u200bb</span>", Marks: marks(elem(rAttr, 0, 23)), Chars: []Want{w(zw, 14, 15, 0x200B)},
			San: sp(""), Flags: fl(fEl, fOv)},
		MCase{Cat: "hidden_element", Comment: "tags inside a <script> element are not elements", Spec: s3,
			In: "<script>document.write('<div hidden>x</div>')</script>", San: sp("<script>document.write('<div hidden>x</div>')</script>"),
			Flags: fl(fEl, fRaw)},
		MCase{Cat: "hidden_element", Comment: "tags inside a <style> element are not elements", Spec: s3,
			In: "<style>/* <div hidden>x</div> */</style>", San: sp("<style>/* <div hidden>x</div> */</style>"), Flags: fl(fEl, fRaw)},
		MCase{Cat: "hidden_element", Comment: "a visible inline style", Spec: s3,
			In: `<span style="color:red">x</span>`, San: sp(`<span style="color:red">x</span>`), Flags: fl(fEl, fSty)},
		MCase{Cat: "hidden_element", Comment: "a hidden element with more than 30 codepoints of context each side", Spec: s136,
			In:    "X" + a30 + "<b hidden>x</b>" + a30 + "Y",
			Marks: marks(elem(rAttr, 31, 46).x("…" + a30 + "<b hidden>x</b>" + a30 + "…")),
			San:   sp("X" + a30 + a30 + "Y"), Flags: fl(fEl, fCut)},
	)

	// ---- entity-decoded attribute values.
	add(
		MCase{Cat: "entity_decoded", Comment: `style="display&#58;none" is display:none`, Spec: s36,
			In: `<div style="display&#58;none">x</div>`, Marks: marks(elem(rDisplay, 0, 37)), San: sp(""), Flags: fl(fEl, fEnt)},
		MCase{Cat: "entity_decoded", Comment: `a hexadecimal character reference in the value`, Spec: s36,
			In: `<div style="visibility:&#x68;idden">x</div>`, Marks: marks(elem(rVis, 0, 43)), San: sp(""), Flags: fl(fEl, fEnt)},
		MCase{Cat: "entity_decoded", Comment: `a named character reference: &colon;`, Spec: s36,
			In: `<div style="display&colon;none">x</div>`, Marks: marks(elem(rDisplay, 0, 39)), San: sp(""), Flags: fl(fEl, fEnt)},
		MCase{Cat: "entity_decoded", Comment: `a decoded &#59; is a semicolon: display:block comes last, visible`, Spec: s3,
			In: `<div style="display:none&#59;display:block">x</div>`, San: sp(`<div style="display:none&#59;display:block">x</div>`),
			Flags: fl(fEl, fEnt, fSty)},
		MCase{Cat: "entity_decoded", Comment: "a character reference in the class attribute", Spec: s36,
			In:    `<style>.x{display:none}</style><p class="&#120;">a</p>`,
			Marks: marks(rule(rDisplay, 7, 23), elem(rClass, 31, 54)), San: sp("<style></style>"), Flags: fl(fEl, fRule, fEnt)},
		MCase{Cat: "entity_decoded", Comment: "the content of a <style> element is not entity-decoded", Spec: s3,
			In:    `<style>.x{display&#58;none}</style><p class="x">a</p>`,
			San:   sp(`<style>.x{display&#58;none}</style><p class="x">a</p>`),
			Flags: fl(fRule, fEnt, fRaw)},
	)

	// ---- css_hide_rule and hidden_class.
	add(
		MCase{Cat: "css_hide_rule", Comment: ".x{display:none} and an element of class x after it", Spec: s36,
			In:    `<style>.x{display:none}</style><p class="x">a</p>`,
			Marks: marks(rule(rDisplay, 7, 23), elem(rClass, 31, 49)), San: sp("<style></style>"), Flags: fl(fRule, fEl)}.email(),
		MCase{Cat: "css_hide_rule", Comment: "the class rule may come after the element", Spec: s36,
			In:    `<p class="x">a</p><style>.x{display:none}</style>`,
			Marks: marks(elem(rClass, 0, 18), rule(rDisplay, 25, 41)), San: sp("<style></style>"), Flags: fl(fRule, fEl)},
		MCase{Cat: "css_hide_rule", Comment: "a rule with visibility:hidden", Spec: s36,
			In: "<style>.a{visibility:hidden}</style>", Marks: marks(rule(rVis, 7, 28)), San: sp("<style></style>"), Flags: fl(fRule)},
		MCase{Cat: "css_hide_rule", Comment: "a rule with font-size:0px", Spec: s36,
			In: "<style>.a{font-size:0px}</style>", Marks: marks(rule(rFont, 7, 24)), San: sp("<style></style>"), Flags: fl(fRule)},
		MCase{Cat: "css_hide_rule", Comment: "a rule with matching colours", Spec: s36,
			In: "<style>.a{color:#fff;background-color:#fff}</style>", Marks: marks(rule(rColor, 7, 43)), San: sp("<style></style>"),
			Flags: fl(fRule)},
		MCase{Cat: "css_hide_rule", Comment: "p.x{…} hides a p of class x", Spec: s36,
			In:    `<style>p.x{display:none}</style><p class="x">a</p>`,
			Marks: marks(rule(rDisplay, 7, 24), elem(rClass, 32, 50)), San: sp("<style></style>"), Flags: fl(fRule, fEl)},
		MCase{Cat: "css_hide_rule", Comment: "p.x{…} hides <P CLASS=\"x\">: tag and attribute names are case-insensitive", Spec: s36,
			In:    `<style>p.x{display:none}</style><P CLASS="x">a</P>`,
			Marks: marks(rule(rDisplay, 7, 24), elem(rClass, 32, 50)), San: sp("<style></style>"), Flags: fl(fRule, fEl)},
		MCase{Cat: "css_hide_rule", Comment: "span.x{…} is reported but does not hide a div of class x", Spec: s36,
			In:    `<style>span.x{display:none}</style><div class="x">a</div>`,
			Marks: marks(rule(rDisplay, 7, 27)), San: sp(`<style></style><div class="x">a</div>`), Flags: fl(fRule, fEl)},
		MCase{Cat: "css_hide_rule", Comment: "one class of several in the class attribute", Spec: s36,
			In:    `<style>.y{display:none}</style><p class="x y">a</p>`,
			Marks: marks(rule(rDisplay, 7, 23), elem(rClass, 31, 51)), San: sp("<style></style>"), Flags: fl(fRule, fEl)},
		MCase{Cat: "css_hide_rule", Comment: "class names are case-sensitive: .x does not hide class X", Spec: s36,
			In:    `<style>.x{display:none}</style><p class="X">a</p>`,
			Marks: marks(rule(rDisplay, 7, 23)), San: sp(`<style></style><p class="X">a</p>`), Flags: fl(fRule, fEl)},
		MCase{Cat: "css_hide_rule", Comment: "a selector list .a, .b: one rule finding, class b hidden", Spec: s36,
			In:    `<style>.a, .b {display:none}</style><i class="b">x</i>`,
			Marks: marks(rule(rDisplay, 7, 28), elem(rClass, 36, 54)), San: sp("<style></style>"), Flags: fl(fRule, fEl)},
		MCase{Cat: "css_hide_rule", Comment: "a selector list with an id and a class: reported for the class", Spec: s36,
			In: "<style>#x, .y{display:none}</style>", Marks: marks(rule(rDisplay, 7, 27)), San: sp("<style></style>"), Flags: fl(fRule)},
		MCase{Cat: "css_hide_rule", Comment: "one rule, two elements of its class", Spec: s36,
			In:    `<style>.x{display:none}</style><b class="x">1</b><i class="x">2</i>`,
			Marks: marks(rule(rDisplay, 7, 23), elem(rClass, 31, 49), elem(rClass, 49, 67)), San: sp("<style></style>"), Flags: fl(fRule, fEl)},
		MCase{Cat: "css_hide_rule", Comment: "a descendant selector .a .b is not a plain class selector: nothing reported", Spec: s3,
			In:    `<style>.a .b{display:none}</style><div class="a"><span class="b">x</span></div>`,
			San:   sp(`<style>.a .b{display:none}</style><div class="a"><span class="b">x</span></div>`),
			Flags: fl(fRule, fEl)},
		MCase{Cat: "css_hide_rule", Comment: "an id selector is not reported and hides nothing", Spec: s3,
			In: `<style>#x{display:none}</style><p id="x">a</p>`, San: sp(`<style>#x{display:none}</style><p id="x">a</p>`), Flags: fl(fRule, fEl)},
		MCase{Cat: "css_hide_rule", Comment: "a type selector alone is not reported and hides nothing", Spec: s3,
			In: "<style>p{display:none}</style><p>a</p>", San: sp("<style>p{display:none}</style><p>a</p>"), Flags: fl(fRule, fEl)},
		MCase{Cat: "css_hide_rule", Comment: "two classes .a.b is not a plain class selector", Spec: s3,
			In: "<style>.a.b{display:none}</style>", San: sp("<style>.a.b{display:none}</style>"), Flags: fl(fRule)},
		MCase{Cat: "css_hide_rule", Comment: "a pseudo-class .a:hover is not a plain class selector", Spec: s3,
			In: "<style>.a:hover{display:none}</style>", San: sp("<style>.a:hover{display:none}</style>"), Flags: fl(fRule)},
		MCase{Cat: "css_hide_rule", Comment: "a rule inside @media screen counts: its span is the inner rule", Spec: s36,
			In:    `<style>@media screen { .x { display: none } }</style><p class="x">a</p>`,
			Marks: marks(rule(rDisplay, 23, 43), elem(rClass, 53, 71)), San: sp("<style>@media screen {  }</style>"), Flags: fl(fRule, fEl)},
		MCase{Cat: "css_hide_rule", Comment: "a rule inside @supports inside @media print counts", Spec: s36,
			In:    "<style>@media print{@supports (display:grid){.x{visibility:hidden}}}</style>",
			Marks: marks(rule(rVis, 45, 66)), San: sp("<style>@media print{@supports (display:grid){}}</style>"), Flags: fl(fRule, fCss)},
		MCase{Cat: "css_hide_rule", Comment: "CSS comments are ignored: a commented-out rule, comments in selector and value", Spec: s36,
			In:    "<style>/* .y{display:none} */ .x/* c */{display:/* d */none}</style>",
			Marks: marks(rule(rDisplay, 30, 60)), San: sp("<style>/* .y{display:none} */ </style>"), Flags: fl(fRule)},
		MCase{Cat: "css_hide_rule", Comment: "a } inside a CSS comment does not end the block", Spec: s36,
			In: "<style>.x{/* } */display:none}</style>", Marks: marks(rule(rDisplay, 7, 30)), San: sp("<style></style>"), Flags: fl(fRule)},
		MCase{Cat: "css_hide_rule", Comment: "a rule over several lines: the span starts at the selector", Spec: s136,
			In:    "<style>\n  .x {\n    display: none;\n  }\n</style>",
			Marks: marks(rule(rDisplay, 10, 37).x("  .x {" + aLF + "    display: none;" + aLF + "  }")),
			San:   sp("<style>\n  \n</style>"), Flags: fl(fRule, fLine)},
		MCase{Cat: "css_hide_rule", Comment: "<STYLE> in upper case with attributes", Spec: s36,
			In: `<STYLE type="text/css">.x{display:none}</STYLE>`, Marks: marks(rule(rDisplay, 23, 39)), San: sp(`<STYLE type="text/css"></STYLE>`),
			Flags: fl(fRule)},
		MCase{Cat: "css_hide_rule", Comment: "the last declaration of a rule wins: display:block, nothing hidden", Spec: s3,
			In:    `<style>.x{display:none;display:block}</style><p class="x">a</p>`,
			San:   sp(`<style>.x{display:none;display:block}</style><p class="x">a</p>`),
			Flags: fl(fRule, fSty)},
		MCase{Cat: "css_hide_rule", Comment: "an inline display:block does not override the class rule", Spec: s36,
			In:    `<style>.x{display:none}</style><p class="x" style="display:block">a</p>`,
			Marks: marks(rule(rDisplay, 7, 23), elem(rClass, 31, 71)), San: sp("<style></style>"), Flags: fl(fRule, fEl, fCss)},
		MCase{Cat: "css_hide_rule", Comment: "the hidden attribute comes before the class as a reason", Spec: s36,
			In:    `<style>.x{display:none}</style><p class="x" hidden>a</p>`,
			Marks: marks(rule(rDisplay, 7, 23), elem(rAttr, 31, 56)), San: sp("<style></style>"), Flags: fl(fRule, fEl)},
		MCase{Cat: "css_hide_rule", Comment: "a rule outside a <style> element is text", Spec: s3,
			In: `.x{display:none} <p class="x">a</p>`, San: sp(`.x{display:none} <p class="x">a</p>`), Flags: fl(fRule)},
	)

	// ---- text that is not markup.
	add(
		MCase{Cat: "not_markup", Comment: "a < b and c > d in prose", Spec: s3,
			In: "a < b and c > d", San: sp("a < b and c > d"), Flags: fl(fEl)}.email(),
		MCase{Cat: "not_markup", Comment: "comparisons x<y and y>z", Spec: s3,
			In: "if x<y and y>z then", San: sp("if x<y and y>z then"), Flags: fl(fEl)},
		MCase{Cat: "not_markup", Comment: "escaped markup &lt;span hidden&gt; is text", Spec: s3,
			In: "&lt;span hidden&gt;x&lt;/span&gt;", San: sp("&lt;span hidden&gt;x&lt;/span&gt;"), Flags: fl(fEl)}.email(),
		MCase{Cat: "not_markup", Comment: "ordinary HTML with no hidden construct", Spec: s3,
			In: `<p>Hello <b>world</b>, <a href="#top">top</a></p>`, San: sp(`<p>Hello <b>world</b>, <a href="#top">top</a></p>`), Flags: fl(fEl)},
		MCase{Cat: "not_markup", Comment: "a stray end tag and a lone < at the end", Spec: s3,
			In: "a</div>b<", San: sp("a</div>b<"), Flags: fl(fEl)},
	)

	// ---- decisions beyond the letter of §3, and the rounds of §6.
	add(
		MCase{Cat: "decisions", Comment: "CSS ignores <!-- and --> around rules: the rule counts, inside an html_comment", Spec: s36,
			In:    `<style><!-- .x{display:none} --></style><p class="x">a</p>`,
			Marks: marks(hc(7, 32), rule(rDisplay, 12, 28), elem(rClass, 40, 58)), San: sp("<style></style>"), Flags: fl(fCom, fRule, fEl, fOv, fCss)},
		MCase{Cat: "decisions", Comment: "*.x is a plain class selector (the universal selector names no type)", Spec: s36,
			In:    `<style>*.x{display:none}</style><b class="x">a</b>`,
			Marks: marks(rule(rDisplay, 7, 24), elem(rClass, 32, 50)), San: sp("<style></style>"), Flags: fl(fRule, fEl)},
		styled("whitespace between ! and important is allowed, as in CSS", "display:none ! important", rDisplay, fCss),
		styled("a declaration without a value is dropped: color:;background: is visible", "color:;background:", "", fCss),
		MCase{Cat: "decisions", Comment: "duplicate attributes: the first counts, as in HTML", Spec: s3,
			In: `<b style="color:red" style="display:none">x</b>`, San: sp(`<b style="color:red" style="display:none">x</b>`), Flags: fl(fEl, fSty)},
		MCase{Cat: "decisions", Comment: "mis-nested tags: the span ends at the end tag of its own name, whatever is open inside", Spec: s36,
			In: "<b hidden><i>x</b>y</i>", Marks: marks(elem(rAttr, 0, 18)), San: sp("y</i>"), Flags: fl(fEl, fH5)},
		MCase{Cat: "decisions", Comment: "tags inside a textarea are text, not elements", Spec: s3,
			In: `<textarea><b hidden>x</b></textarea>`, San: sp(`<textarea><b hidden>x</b></textarea>`), Flags: fl(fEl, fRaw)},
		MCase{Cat: "sanitizer", Comment: "removing a zero-width space builds a comment, which the sanitized copy removes too", Spec: s236,
			In:    "<\u200b!-- x -->y",
			Chars: []Want{w(zw, 1, 2, 0x200B)}, San: sp("<!-- x -->y"), Rebuilt: sp("y"), Flags: fl(fCom, fReb)},
		MCase{Cat: "sanitizer", Comment: "removing a comment builds another, which the sanitized copy removes too", Spec: s36,
			In:    "<<!-- a -->!-- b -->c",
			Marks: marks(hc(1, 11)), San: sp("<!-- b -->c"), Rebuilt: sp("c"), Flags: fl(fCom, fReb)},
		MCase{Cat: "sanitizer", Comment: "removing a comment builds a hidden element, which the sanitized copy removes too", Spec: s36,
			In:    "<b<!-- x --> hidden>y</b>z",
			Marks: marks(hc(2, 12)), San: sp("<b hidden>y</b>z"), Rebuilt: sp("z"), Flags: fl(fCom, fEl, fReb)},
		MCase{Cat: "sanitizer", Comment: "nine nested comments: the first removal and 8 rounds remove them all", Spec: s36,
			In:    strings.Repeat("<", 9) + strings.Repeat("!-- -->", 9) + "end",
			Marks: marks(hc(8, 16)), San: sp(strings.Repeat("<", 8) + strings.Repeat("!-- -->", 8) + "end"), Rebuilt: sp("end"), Flags: fl(fCom, fReb)},
		MCase{Cat: "sanitizer", Comment: "ten nested comments: markup is left after 8 rounds, so every < and [ becomes U+FFFD", Spec: s36,
			In:    strings.Repeat("<", 10) + strings.Repeat("!-- -->", 10) + "end [a]",
			Marks: marks(hc(9, 17)), San: sp(strings.Repeat("<", 9) + strings.Repeat("!-- -->", 9) + "end [a]"), Rebuilt: sp("\ufffd!-- -->end \ufffda]"), Flags: fl(fCom, fReb)},
	)
	return cs
}
