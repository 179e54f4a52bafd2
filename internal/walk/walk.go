// Package walk is the one directory walk of the command line and of package
// skill: which files a directory holds for a check, and how each is read.
//
// The policy, in one place:
//   - The folder named is entered even when the name is a symbolic link (the
//     one link followed: the person asking named it); every symbolic link met
//     inside is reported (Symlink) and never followed.
//   - The version-control folders .git, .hg and .svn are skipped: their
//     contents are a tool's storage, not text anyone reads.
//   - Files and folders an Options.Ignore function names are passed over
//     (Ignored counts them).
//   - A regular file is read up to MaxFile bytes. One with a NUL byte in its
//     first SniffLen bytes is Binary: it is read no further and its text is
//     not returned. One longer than MaxFile is Text with TooLarge set and
//     its first MaxFile bytes (cut back to a codepoint boundary, so the cut
//     makes no ill-formed UTF-8 of its own).
//   - Anything that cannot be read is Unreadable, with the error; a folder
//     that cannot be read is not entered. Other non-regular files (devices,
//     pipes, sockets) are passed over: reading one could block or never end.
//
// Files come in lexical order of their path below the folder.
//
// # Bounds
//
// One file's bytes are in memory at a time, at most MaxFile+1 of them, in a
// buffer reused from file to file.
//
// # What it does not claim
//
// A file is binary by the NUL-byte sniff alone (as git and grep decide); a
// UTF-16 text file is therefore binary. Nothing beyond MaxFile is read.
package walk

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"unicode/utf8"
)

// MaxFile is the most bytes of one file that are read.
const MaxFile = 16 << 20

// SniffLen is how many leading bytes decide that a file is binary.
const SniffLen = 8 << 10

// Kind is what a walk found at a path.
type Kind int

// The kinds of entries.
const (
	// Text is a regular file read as text: File.Data holds it.
	Text Kind = iota
	// Binary is a regular file with a NUL byte in its first SniffLen bytes.
	Binary
	// Symlink is a symbolic link, not followed; File.Target is its target.
	Symlink
	// Unreadable is a file or folder that could not be read; File.Err says
	// why.
	Unreadable
)

// File is one entry of a walk.
type File struct {
	// Path is the entry's path as the caller would name it: the folder as
	// given, joined with Rel.
	Path string
	// Rel is the path relative to the folder, with forward slashes.
	Rel  string
	Kind Kind
	// Data is a Text file's contents (at most MaxFile bytes). It is valid
	// only until the callback returns: the buffer is reused.
	Data []byte
	// TooLarge reports that a Text file is longer than MaxFile: Data is its
	// start.
	TooLarge bool
	// Target is a Symlink's target, as stored in the link.
	Target string
	// Err is why an Unreadable entry could not be read.
	Err error
}

// Options adjust a walk.
type Options struct {
	// Ignore, when set, names the entries to pass over: rel is the path
	// below the folder with forward slashes, dir reports a folder (which
	// is then not entered).
	Ignore func(rel string, dir bool) bool
}

// Stats count what a walk passed over.
type Stats struct {
	// Ignored counts the files and folders Options.Ignore named.
	Ignored int
	// Skipped counts the version-control folders skipped.
	Skipped int
}

// ErrNotDir is returned when the path given to Walk is not a folder.
var ErrNotDir = errors.New("not a directory")

// Error is a walk that could not start, or a callback's error, with the
// folder it concerns.
type Error struct {
	Dir string
	Err error
}

func (e *Error) Error() string { return e.Dir + ": " + e.Err.Error() }
func (e *Error) Unwrap() error { return e.Err }

// skipDirs are the version-control folders a walk skips.
var skipDirs = map[string]bool{".git": true, ".hg": true, ".svn": true}

// Walk calls fn for every entry below dir, in lexical order (see the
// package doc for what an entry is). It stops at the first error fn
// returns, and returns it; the error is an *Error if dir cannot be walked
// at all (missing, or ErrNotDir).
func Walk(dir string, opts *Options, fn func(*File) error) (Stats, error) {
	var st Stats
	if opts == nil {
		opts = &Options{}
	}
	info, err := os.Stat(dir)
	if err != nil {
		return st, &Error{Dir: dir, Err: unwrapPath(err)}
	}
	if !info.IsDir() {
		return st, &Error{Dir: dir, Err: ErrNotDir}
	}
	root, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return st, &Error{Dir: dir, Err: unwrapPath(err)}
	}
	buf := make([]byte, 0, 64<<10)
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		rel, _ := filepath.Rel(root, path)
		f := &File{Path: filepath.Join(dir, rel), Rel: filepath.ToSlash(rel)}
		if path == root {
			if err != nil {
				return err
			}
			return nil
		}
		if err != nil {
			f.Kind, f.Err = Unreadable, unwrapPath(err)
			if cbErr := fn(f); cbErr != nil {
				return cbErr
			}
			if d != nil && d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if opts.Ignore != nil && opts.Ignore(f.Rel, d.IsDir()) {
			st.Ignored++
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		switch {
		case d.IsDir():
			if skipDirs[d.Name()] {
				st.Skipped++
				return fs.SkipDir
			}
			return nil
		case d.Type()&fs.ModeSymlink != 0:
			f.Kind = Symlink
			f.Target, _ = os.Readlink(path)
			return fn(f)
		case !d.Type().IsRegular():
			return nil
		}
		buf = read(f, path, buf[:0])
		return fn(f)
	})
	if err != nil {
		return st, &Error{Dir: dir, Err: err}
	}
	return st, nil
}

// read fills in a regular file's kind and data, reading into buf.
func read(f *File, path string, buf []byte) []byte {
	file, err := os.Open(path)
	if err != nil {
		f.Kind, f.Err = Unreadable, unwrapPath(err)
		return buf
	}
	defer file.Close()
	size := int64(-1)
	if info, err := file.Stat(); err == nil {
		size = info.Size()
	}
	return classify(f, file, size, buf)
}

// classify reads a file of the given size (-1 when unknown) from r into
// buf, and fills in its kind and data: its first SniffLen bytes first, and
// the rest only when they hold no NUL byte — a binary file is never read
// further.
func classify(f *File, r io.Reader, size int64, buf []byte) []byte {
	if size >= 0 && int64(cap(buf)) < min(size, MaxFile)+1 {
		buf = make([]byte, 0, min(size, MaxFile)+1)
	}
	buf, eof, err := readBounded(r, buf, SniffLen)
	if err == nil && bytes.IndexByte(buf[:min(len(buf), SniffLen)], 0) >= 0 {
		f.Kind = Binary
		return buf
	}
	if err == nil && !eof {
		buf, _, err = readBounded(r, buf, MaxFile+1)
	}
	if err != nil {
		f.Kind, f.Err = Unreadable, unwrapPath(err)
		return buf
	}
	f.Kind, f.Data = Text, buf
	if len(buf) > MaxFile {
		end := MaxFile
		for k := MaxFile; k > MaxFile-utf8.UTFMax; k-- {
			if utf8.RuneStart(buf[k]) {
				end = k
				break
			}
		}
		f.Data, f.TooLarge = buf[:end], true
	}
	return buf
}

// readBounded reads r, appending to buf, until buf holds n bytes or r
// ends, and reports whether it ended.
func readBounded(r io.Reader, buf []byte, n int) ([]byte, bool, error) {
	for len(buf) < n {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)] // grow
		}
		k, err := r.Read(buf[len(buf):min(cap(buf), n)])
		buf = buf[:len(buf)+k]
		if err == io.EOF {
			return buf, true, nil
		}
		if err != nil {
			return buf, false, err
		}
	}
	return buf, false, nil
}

// unwrapPath drops the *fs.PathError around err: the caller names the
// path itself, once.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
