package markup

import "strings"

// appendHTMLComments finds the html_comment constructs of §3, "the text from
// <!-- to the next -->", taken literally rather than as HTML tokenizes
// comments: "<!-->" and "<!--->" do not close themselves, and "--!>" does
// not close a comment. A comment with no "-->" after it runs to the end of
// the text, as a browser hides everything after it. from is where to start
// looking: the first '<'.
func appendHTMLComments(out []Construct, text string, from int, keep *keeper) []Construct {
	for i := from; ; {
		start := indexCommentOpen(text, i)
		if start < 0 {
			return out
		}
		end := len(text)
		if k := strings.Index(text[start+len("<!--"):], "-->"); k >= 0 {
			end = start + len("<!--") + k + len("-->")
		}
		out = keep.add(out, Construct{Kind: HTMLComment, Start: start, End: end})
		i = end
	}
}

// indexCommentOpen returns the index of the first "<!--" in text at or
// after i, or -1: strings.Index, but looking for its '!', which HTML
// holds far fewer of than '<' (strings.Index stops at each '<').
func indexCommentOpen(text string, i int) int {
	for p := i + 1; p < len(text); p++ {
		j := strings.IndexByte(text[p:], '!')
		if j < 0 {
			return -1
		}
		p += j
		if text[p-1] == '<' && p+3 <= len(text) && text[p+1] == '-' && text[p+2] == '-' {
			return p - 1
		}
	}
	return -1
}

// appendMarkdownComments finds the markdown_comment lines of §3: up to three
// leading spaces, then [label]: # with the target in parentheses, double
// quotes, single quotes, or bare to the end of the line. Lines end at LF,
// CRLF or CR; a construct spans its whole line without the line ending.
func appendMarkdownComments(out []Construct, text string, keep *keeper) []Construct {
	lineStart := 0 // no line before it holds "]:"
	for {
		k := strings.Index(text[lineStart:], "]:")
		if k < 0 {
			return out
		}
		at := lineStart + k
		// The line holding "]:": back to the last line ending (no further
		// back than lineStart, which follows a line ending or is 0) ...
		start := at
		for start > lineStart && text[start-1] != '\n' && text[start-1] != '\r' {
			start--
		}
		// ... and on to the next.
		end := at
		for end < len(text) && text[end] != '\n' && text[end] != '\r' {
			end++
		}
		if isMarkdownComment(text[start:end]) {
			out = keep.add(out, Construct{Kind: MarkdownComment, Start: start, End: end})
		}
		if end == len(text) {
			return out
		}
		lineStart = end + 1
	}
}

// isMarkdownComment reports whether line (without its line ending) is a
// markdown reference-style comment.
func isMarkdownComment(line string) bool {
	i := 0
	for i < len(line) && i < 3 && line[i] == ' ' {
		i++
	}
	if i == len(line) || line[i] != '[' {
		return false
	}
	label := strings.IndexByte(line[i+1:], ']')
	if label <= 0 || strings.IndexByte(line[i+1:i+1+label], '[') >= 0 {
		return false // no label, an empty one, or a '[' in it
	}
	rest, ok := strings.CutPrefix(line[i+1+label+1:], ":")
	if !ok {
		return false
	}
	rest = strings.TrimLeft(rest, " \t")
	rest, ok = strings.CutPrefix(rest, "#")
	if !ok {
		return false
	}
	title := strings.TrimRight(rest, " \t")
	if title == "" {
		return true // [label]: #
	}
	if rest[0] != ' ' && rest[0] != '\t' {
		return false // [label]: #anchor is a link, not a comment
	}
	title = strings.TrimLeft(title, " \t")
	switch open := title[0]; open {
	case '(', '"', '\'':
		closer := open
		if open == '(' {
			closer = ')'
		}
		return len(title) >= 2 && title[len(title)-1] == closer
	}
	return true // bare to the end of the line
}
