// Command mkcorpus writes a deterministic benchmark text of -size bytes,
// with a hidden character of some §2 class every -every bytes or so (none
// with -every 0). -kind chooses the text. The real ones (issue 33, item 1):
// prose (real English technical prose: the Go distribution's comments,
// benchtext.GoDocs, repeated), tutors (multilingual prose: Vim's tutors in
// every language, benchtext.VimTutors, repeated) and rusthtml (real HTML:
// the Rust toolchain's HTML documentation, benchtext.RustHTMLFiles,
// concatenated). Beside them: multilingual (generated lines of English and
// multilingual prose, the default) and html (the Go distribution's HTML
// documents and an HTML email, benchtext.GoHTML, repeated). A real text the
// machine lacks is an error that says so (exit status 2). The text is
// benchtext.WriteCorpus's, which the scan's corpus benchmarks read too.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"

	"github.com/plainsight/plainsight/internal/testkit/benchtext"
)

func main() {
	size := flag.Int("size", 100<<20, "bytes to write (about)")
	every := flag.Int("every", 100<<10, "bytes between hidden characters (about)")
	out := flag.String("o", "", "output file (required)")
	kind := flag.String("kind", benchtext.Multilingual, "the text: prose, tutors, rusthtml, multilingual or html")
	flag.Parse()
	if *out == "" {
		fmt.Fprintln(os.Stderr, "mkcorpus: -o is required")
		os.Exit(2)
	}
	f, err := os.Create(*out)
	if err != nil {
		fmt.Fprintln(os.Stderr, "mkcorpus:", err)
		os.Exit(2)
	}
	w := bufio.NewWriter(f)
	if err := benchtext.WriteCorpus(w, *kind, *size, *every); err != nil {
		fmt.Fprintln(os.Stderr, "mkcorpus:", err)
		os.Remove(*out)
		os.Exit(2)
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintln(os.Stderr, "mkcorpus:", err)
		os.Exit(2)
	}
	if err := f.Close(); err != nil {
		fmt.Fprintln(os.Stderr, "mkcorpus:", err)
		os.Exit(2)
	}
}
