package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/plainsight/plainsight/signature"
)

// corpusEnv names the environment variable read when --corpus is not
// given.
const corpusEnv = "PLAINSIGHT_CORPUS"

// corpusSuffix makes the default operator corpus path from a SQLite
// database's: a file next to it.
const corpusSuffix = ".benign"

// maxCorpusFile bounds one file read by `signature corpus add`.
const maxCorpusFile = 16 << 20

// corpusPath is where the operator's benign corpus lives: --corpus, else
// $PLAINSIGHT_CORPUS, else the SQLite database's path (--db,
// $PLAINSIGHT_DB or the default database; see resolveDB) and ".benign". A PostgreSQL
// database has no path to put it next to: then --corpus is needed.
func corpusPath(corpus, db string) (string, error) {
	if corpus == "" {
		corpus = os.Getenv(corpusEnv)
	}
	if corpus != "" {
		return corpus, nil
	}
	d, err := resolveDB(db)
	if err != nil || d.postgres != "" {
		return "", errors.New("--corpus is required (or set " + corpusEnv + ", or give a SQLite --db to keep it next to)")
	}
	return d.path + corpusSuffix, nil
}

// loadOperatorCorpus reads the operator's corpus at path; a missing file
// is an empty corpus.
func loadOperatorCorpus(path string) (*signature.Corpus, error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	c, err := signature.ReadCorpus(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return c, nil
}

// serviceCorpus is the corpus a signature service of this command uses:
// the shipped one and the operator's at path (when it exists).
func serviceCorpus(path string) (*signature.Corpus, error) {
	op, err := loadOperatorCorpus(path)
	if err != nil {
		return nil, err
	}
	if op == nil {
		return signature.DefaultCorpus(), nil
	}
	return signature.DefaultCorpus().Union(op), nil
}

// runCorpus is `plainsight signature corpus add [--corpus PATH] [--db
// PATH] FILE...`: the shingles of each file (read as text, at most 16 MiB
// each, normalized as reports are) are added to the operator's benign
// corpus, a file of 64-bit shingle hashes (signature's compact form; no
// text is kept), written whole to a temporary file and renamed over the
// old one. The signature services of `signature check`, `serve` and
// `mcp` consult it beside the shipped corpus (a server reads it when it
// starts). `signature corpus show` prints its path and counts.
func runCorpus(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] != "add" && args[0] != "show" {
		fmt.Fprintln(stderr, "plainsight signature corpus: want the subcommand add or show (see plainsight signature --help)")
		return exitError
	}
	name := "signature corpus " + args[0]
	fset := flag.NewFlagSet(name, flag.ContinueOnError)
	fset.SetOutput(io.Discard)
	corpus := fset.String("corpus", "", "the operator's benign corpus file (default: next to the SQLite --db, as PATH.benign)")
	db := fset.String("db", "", "the database `DB` (as for every command), a SQLite file next to which the corpus is kept")
	rest, err := parseInterleaved(fset, args[1:])
	switch {
	case err != nil:
	case args[0] == "add" && len(rest) == 0:
		err = errors.New("want at least one FILE")
	case args[0] == "show" && len(rest) != 0:
		err = fmt.Errorf("unexpected argument %q", rest[0])
	}
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			writeHelp(stdout, name, fset)
			return exitClean
		}
		fmt.Fprintf(stderr, "plainsight %s: %s (see plainsight signature --help)\n", name, describe(err))
		return exitError
	}
	path, err := corpusPath(*corpus, *db)
	if err != nil {
		fmt.Fprintf(stderr, "plainsight %s: %s\n", name, describe(err))
		return exitError
	}
	old, err := loadOperatorCorpus(path)
	if err != nil {
		fmt.Fprintf(stderr, "plainsight %s: %s\n", name, describe(err))
		return exitError
	}
	if args[0] == "show" {
		fmt.Fprintf(stdout, "operator corpus %s: %d shingles; shipped corpus: %d shingles\n", path, old.Len(), signature.DefaultCorpus().Len())
		return exitClean
	}
	next := old
	if next == nil {
		next = &signature.Corpus{}
	}
	for _, f := range rest {
		b, err := readCorpusFile(f)
		if err != nil {
			fmt.Fprintf(stderr, "plainsight %s: %s\n", name, describe(err))
			return exitError
		}
		next = next.With(string(b))
	}
	var buf bytes.Buffer
	if _, err := next.WriteTo(&buf); err != nil {
		fmt.Fprintf(stderr, "plainsight %s: %s\n", name, describe(err))
		return exitError
	}
	if _, err := signature.ReadCorpus(bytes.NewReader(buf.Bytes())); err != nil {
		fmt.Fprintf(stderr, "plainsight %s: the corpus would be too large: %s\n", name, describe(err))
		return exitError
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".tmp*")
	if err == nil {
		_, err = tmp.Write(buf.Bytes())
		if cerr := tmp.Close(); err == nil {
			err = cerr
		}
		if err == nil {
			err = os.Rename(tmp.Name(), path)
		}
		if err != nil {
			os.Remove(tmp.Name())
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "plainsight %s: %s\n", name, describe(err))
		return exitError
	}
	fmt.Fprintf(stdout, "operator corpus %s: %d shingles (%d added from %d files)\n", path, next.Len(), next.Len()-old.Len(), len(rest))
	return exitClean
}

func readCorpusFile(name string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxCorpusFile+1))
	if err != nil {
		return nil, err
	}
	if len(b) > maxCorpusFile {
		return nil, fmt.Errorf("%s is over %d bytes", name, maxCorpusFile)
	}
	return b, nil
}
