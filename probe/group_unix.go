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
}

// endGroup kills the process group cmd leads. It must be called before cmd
// is reaped: until then the group's id is the leader's pid, which no other
// process can have (so exec.CommandContext, whose Cancel may run as Wait
// reaps, is not used).
func endGroup(cmd *exec.Cmd) error {
	if cmd.Process == nil || cmd.Process.Pid <= 0 {
		return nil
	}
	return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
}
