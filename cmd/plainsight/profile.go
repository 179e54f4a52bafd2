package main

import (
	"flag"

	"github.com/plainsight/plainsight/scan"
)

// profileFlag defines --profile on fset: every command that scans takes
// it, Strict by default (docs/profiles.md; issue 31, item 2).
func profileFlag(fset *flag.FlagSet) *string {
	return fset.String("profile", "strict", "the scan profile: spec or strict")
}

// badProfile is the usage error of a --profile that is neither spec nor
// strict, nil for one that is.
func badProfile(name *string) error {
	_, err := parseProfileFlag(*name)
	return err
}

// profileOf is the profile a --profile names that badProfile accepted
// (Strict for any other).
func profileOf(name *string) scan.Profile {
	if *name == "spec" {
		return scan.Spec
	}
	return scan.Strict
}
