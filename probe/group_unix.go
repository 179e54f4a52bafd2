//go:build unix

package probe

import (
	"os/exec"
	"syscall"
)

// inGroup starts cmd as the leader of a process group of its own, so that
// everything it starts (a shell's children, an npx-style wrapper's server,
// a server's forks) can be ended with it.
func inGroup(cmd *exec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Setpgid = true
	cmd.Cancel = func() error { return endGroup(cmd) }
}

// endGroup kills the process group cmd leads. Called before cmd is reaped,
// the group's id is still the leader's, and no other group can have it.
func endGroup(cmd *exec.Cmd) error {
	if cmd.Process == nil || cmd.Process.Pid <= 0 {
		return nil
	}
	return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
}
