//go:build unix

package probe

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// running reports whether process pid runs: it exists and is not a zombie
// waiting for a parent to reap it (which a container's first process may
// never do).
func running(pid int) bool {
	if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) {
		return false
	}
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return !errors.Is(err, os.ErrNotExist) || !dirExists("/proc/self")
	}
	// The state follows the command name, which is in parentheses.
	if i := bytes.LastIndexByte(stat, ')'); i >= 0 && i+2 < len(stat) {
		return stat[i+2] != 'Z' && stat[i+2] != 'X'
	}
	return true
}

func dirExists(name string) bool {
	fi, err := os.Stat(name)
	return err == nil && fi.IsDir()
}

// TestStdioEndsProcessGroup: a server started through sh -c, which leaves
// a subshell and, under it, a grandchild running, leaves none of them
// running after the probe, however the probe ends: an answer, the server's
// exit, the call budget, the caller's context.
func TestStdioEndsProcessGroup(t *testing.T) {
	saved := callBudget
	callBudget = 2 * time.Second
	t.Cleanup(func() { callBudget = saved })
	for _, tt := range []struct {
		name, behaviour string
		cancel          time.Duration // when the caller cancels, if not 0
		want            error         // nil: the probe succeeds
	}{
		{"answer", "sdk", 0, nil},
		// The server exits, but what it started holds its standard output
		// open: the probe waits out the budget, then ends them.
		{"server exits", "exits", 0, ErrBudget},
		{"call budget", "silent", 0, ErrBudget},
		{"context canceled", "silent", 300 * time.Millisecond, context.Canceled},
	} {
		t.Run(tt.name, func(t *testing.T) {
			pidFile := filepath.Join(t.TempDir(), "pid")
			s := selfCommand(t, tt.behaviour)
			// $1 is the pid file: the subshell writes its own pid there and
			// its child's to $1.2; the server starts once both are written.
			s.Command = []string{"sh", "-c",
				`(sleep 300 & echo $! > "$1.2"; wait) & echo $! > "$1"
				while [ ! -s "$1.2" ]; do sleep 0.01; done
				exec "$0"`,
				s.Command[0], pidFile}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			if tt.cancel > 0 {
				time.AfterFunc(tt.cancel, cancel)
			}
			_, err := s.Probe(ctx)
			if !errors.Is(err, tt.want) {
				t.Errorf("Probe: %v, want %v", err, tt.want)
			}
			var pids []int
			for _, name := range []string{pidFile, pidFile + ".2"} {
				b, err := os.ReadFile(name)
				if err != nil {
					t.Fatalf("the server's shell did not start its children: %v", err)
				}
				pid, err := strconv.Atoi(string(bytes.TrimSpace(b)))
				if err != nil || pid <= 0 {
					t.Fatalf("pid file %q", b)
				}
				pids = append(pids, pid)
				t.Cleanup(func() {
					if running(pid) {
						syscall.Kill(pid, syscall.SIGKILL)
					}
				})
			}
			// A killed process is gone within moments; give it two seconds.
			deadline := time.Now().Add(2 * time.Second)
			for {
				left := 0
				for _, pid := range pids {
					if running(pid) {
						left++
					}
				}
				if left == 0 {
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("%d of the %d processes the server started still run after the probe", left, len(pids))
				}
				time.Sleep(20 * time.Millisecond)
			}
		})
	}
}
