//go:build unix

package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"syscall"
	"time"
)

// measure runs a command and writes its wall time, peak resident memory
// and exit status to a file in the words of GNU time -v, for machines
// without GNU time (the suite reads either).
func measure(args []string) error {
	fs := flag.NewFlagSet("measure", flag.ExitOnError)
	out := fs.String("o", "", "the file to write the measures to")
	fs.Parse(args)
	if *out == "" || fs.NArg() == 0 {
		return fmt.Errorf("measure: usage: hostile measure -o FILE COMMAND [ARG]")
	}
	cmd := exec.Command(fs.Arg(0), fs.Args()[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	start := time.Now()
	err := cmd.Run()
	elapsed := time.Since(start)
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		return err
	}
	st := cmd.ProcessState
	report := fmt.Sprintf("\tElapsed (wall clock) time (h:mm:ss or m:ss): %d:%05.2f\n", int(elapsed.Minutes()), elapsed.Seconds()-60*float64(int(elapsed.Minutes())))
	if ru, ok := st.SysUsage().(*syscall.Rusage); ok {
		report += fmt.Sprintf("\tMaximum resident set size (kbytes): %d\n", maxRSSKiB(ru))
	}
	if ws, ok := st.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		report = fmt.Sprintf("Command terminated by signal %d\n", ws.Signal()) + report
	}
	report += fmt.Sprintf("\tExit status: %d\n", st.ExitCode())
	if err := os.WriteFile(*out, []byte(report), 0o644); err != nil {
		return err
	}
	os.Exit(max(st.ExitCode(), 0))
	return nil
}
