// Package report writes the results of package scan and package skill in
// the formats a CI pipeline reads, and reads them back as a baseline: the
// command line's --format sarif, github, json and jsonl, and --baseline,
// for a Go program that runs the checks itself.
//
// A program chooses one [Writer] once — [NewSARIF] (SARIF 2.1.0, for
// GitHub code scanning), [NewGitHub] (GitHub Actions workflow commands,
// shown as annotations), [NewJSON] and [NewJSONLines] (scan's result
// object, §1 of the agent-safety formats), [NewSkillJSON] (skill.Report)
// — gives it each file's outcome as a [File] as the file is done, ends
// each skill package with [Writer.EndPackage] ([WriteSkill] does both for
// a skill.Report), and ends the output with [Writer.Close].
//
// A File holds either a scan's result and the bytes scanned, which the
// located formats (SARIF, GitHub) turn into results with a file, a 1-based
// line and column (columns count codepoints) and a byte offset, at the
// skill invisible-characters proposal's levels (a deterministic finding
// and ill-formed UTF-8 are errors, a heuristic one a warning); or results
// already located, as skill gives them. An e-mail's findings (scan's email
// context) are located at the start of the message, their excerpts naming
// their part.
//
// # SARIF
//
// The log has one run: the tool plainsight with one rule a class (scan's,
// Strict's and skill's), its results, and one invocation. A result's
// artifact location is a URI reference relative to SRCROOT, the working
// directory's file URI (originalUriBaseIds), for a file at or below the
// working directory, else an absolute file URI; any path, with spaces or
// any Unicode, is percent-encoded. A result with an excerpt carries it
// (properties.excerpt) and a fingerprint, partialFingerprints
// plainsightEvidence/v1: the first 16 bytes of SHA-256 of its class, a NUL
// byte and its excerpt, in hex — stable when lines are added above it. A
// result a baseline matched is listed with a suppression of kind external.
//
// # Baselines
//
// [ParseBaseline] reads any output of these writers (scan's JSON or JSON
// Lines, skill's JSON, a SARIF log of either) as a multiset of known
// results; a [Filter] with it suppresses a result of the same file, class
// and excerpt, whatever its line, once an entry. The filter also selects
// classes (Only, Skip).
//
// # Bounds
//
// A SARIF log lists at most [MaxSARIFResults] (10,000) results and
// [MaxSARIFBytes] (8 MiB) of them, uncompressed, far below what GitHub
// code scanning takes (25,000 results a run, 10 MB gzipped); a file lists
// at most skill.MaxPerFile (1,000). Results beyond are counted, not
// listed: the log's properties.omitted says how many, and a warning
// notification of the invocation says "N more results were not listed: a
// file lists at most 1000, a log at most 10000 results or 8 MiB of them".
// A skill report in JSON lists at most skill.MaxResults, counting the rest
// in its omitted. Writers stream: memory holds one file's results (one
// package's, up to skill.MaxResults, for skill's JSON), not the run's.
// [JSONWriter.Encode] writes a result as the scan makes it, never holding
// a sanitized copy whole. ParseBaseline reads what it is given whole; the
// caller bounds it.
//
// # What it does not claim
//
// A report carries the scan's evidence, not a verdict: a log without
// results says the checks found none of their classes, never that a file
// is safe. A suppressed result is one a baseline already held — known,
// not judged harmless. A baseline matches on class and excerpt, not on
// meaning: the same excerpt in another place of the same file matches, and
// results not listed (beyond the bounds) cannot be matched. The SARIF log
// is checked against Microsoft's SARIF validator in CI; it is not
// certified for any other consumer.
package report
