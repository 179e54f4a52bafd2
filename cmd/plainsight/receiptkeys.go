package main

// The receipt key ring of serve and mcp (issue 28, item 1): created in
// the data directory at the first start, reused at the next ones,
// rotated with --rotate-receipt-key.
//
// The ring lives, unless --keys names another file, beside the SQLite
// database (PATH.receipt-keys for sqlite:PATH) or, for a postgres://
// database, in the data directory (receipt-keys); instances sharing one
// PostgreSQL database should share one ring file (--keys). It is the
// private JWK set `plainsight shield keygen` prints, mode 0600. A ring
// file readable or writable by group or others, not a regular file, or
// that does not parse is a startup error, never replaced.

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/plainsight/plainsight/shield/receipt"
)

// receiptKeysSuffix names the ring beside a SQLite database.
const receiptKeysSuffix = ".receipt-keys"

// receiptKeysPath is where serve keeps its ring: flagValue when given,
// else beside the SQLite database (where is "sqlite:PATH"), else the data
// directory's receipt-keys.
func receiptKeysPath(flagValue, where string) (string, error) {
	if flagValue != "" {
		return flagValue, nil
	}
	if p, ok := strings.CutPrefix(where, "sqlite:"); ok {
		return p + receiptKeysSuffix, nil
	}
	dir, err := dataDir()
	if err != nil {
		return "", fmt.Errorf("no data directory for the receipt keys (give --keys): %w", err)
	}
	return filepath.Join(dir, "receipt-keys"), nil
}

// readKeyRing reads a ring stored by `plainsight shield keygen` (the
// one loader of shield scan --keys and of serve's ring).
func readKeyRing(path string) (*receipt.KeyRing, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return receipt.LoadKeyRing(b)
}

// readPrivateRing reads the ring at path after checking that only its
// owner can read it: a regular file with no permission bit for group or
// others (on systems with Unix permissions).
func readPrivateRing(path string) (*receipt.KeyRing, error) {
	fi, err := os.Lstat(path)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("receipt keys %s: not a regular file", path)
	}
	if runtime.GOOS != "windows" && fi.Mode().Perm()&0o077 != 0 {
		return nil, fmt.Errorf("receipt keys %s: mode %04o, want 0600 (the ring is private: chmod 600 it, or rotate keys if others read it)", path, fi.Mode().Perm())
	}
	ring, err := readKeyRing(path)
	if err != nil {
		return nil, fmt.Errorf("receipt keys %s: %s", path, describe(err))
	}
	return ring, nil
}

// openReceiptKeys returns the ring at path, creating it when there is
// none (created reports that); with rotate, a new current key is added
// and the file replaced, the older keys kept so that older receipts
// verify.
func openReceiptKeys(path string, rotate bool) (ring *receipt.KeyRing, created bool, err error) {
	ring, err = readPrivateRing(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		ring, created, err = createRing(path)
		if err != nil {
			return nil, false, err
		}
	case err != nil:
		return nil, false, err
	}
	if rotate && !created {
		if err := ring.Rotate(); err != nil {
			return nil, false, err
		}
		if err := writeRing(path, ring, true); err != nil {
			return nil, false, err
		}
	}
	return ring, created, nil
}

// createRing makes a new ring at path, atomically: written whole to a
// temporary file (mode 0600) and linked to path only if path does not
// exist yet (link's O_EXCL semantics), so two starts at once make one
// ring; the one that loses reads the winner's.
func createRing(path string) (*receipt.KeyRing, bool, error) {
	ring, err := receipt.NewKeyRing()
	if err != nil {
		return nil, false, err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, false, err
	}
	err = writeRing(path, ring, false)
	if errors.Is(err, fs.ErrExist) {
		ring, err = readPrivateRing(path)
		return ring, false, err
	}
	return ring, err == nil, err
}

// writeRing writes ring to path through a temporary file in its
// directory: renamed over path with replace, else linked to it (failing
// with fs.ErrExist when path exists).
func writeRing(path string, ring *receipt.KeyRing, replace bool) error {
	b, err := ring.MarshalPrivate()
	if err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(path), ".receipt-keys-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	defer os.Remove(tmp)
	_, err = f.Write(append(b, '\n'))
	if err == nil {
		err = f.Chmod(0o600) // CreateTemp's mode already; said again
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	if replace {
		err = os.Rename(tmp, path)
	} else {
		err = os.Link(tmp, path)
	}
	if err != nil {
		return err
	}
	if d, derr := os.Open(filepath.Dir(path)); derr == nil {
		d.Sync() // the new name is durable too
		d.Close()
	}
	return nil
}
