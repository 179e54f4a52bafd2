//go:build !unix

package main

import "errors"

// measure needs wait4's resource usage, which only Unix gives.
func measure([]string) error { return errors.New("measure: only on Unix") }
