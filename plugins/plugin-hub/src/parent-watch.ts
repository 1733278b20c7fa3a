// A hub started through a launcher (`npx agora up`, a wrapper script, the AGORA_HUB_NODE_OPTIONS
// parent) must not outlive it: a supervisor that stops the launcher, even with SIGKILL, expects the
// hub gone too. When the launcher dies the hub is re-parented, so a changed process.ppid says so.

/** Calls `onGone` once when this process's parent changes; returns a function that stops watching. */
export function watchParent(onGone: (formerParent: number) => void, intervalMs = 500): () => void {
  const parent = process.ppid
  // Started by init or a supervisor as pid 1's child: there is no launcher to outlive.
  if (parent <= 1) return () => undefined
  const timer = setInterval(() => {
    if (process.ppid === parent) return
    clearInterval(timer)
    onGone(parent)
  }, intervalMs)
  timer.unref()
  return () => clearInterval(timer)
}
