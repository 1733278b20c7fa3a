#!/usr/bin/env node
// `agora up` is the one long-lived command: it skips oclif, whose plugin loading would stay resident
// beside the hub for its whole life (~58 MB). `hook PreToolUse` (the lease gate) skips it too: a
// harness runs it before every file write, and oclif's start-up is most of its cost. Help goes through oclif.
const [command, ...rest] = process.argv.slice(2)
const wantsHelp = rest.some((a) => a === '--help' || a === '-h')
if (command === 'up' && !wantsHelp) {
  const {runUp} = await import('@agora/plugin-hub/launch')
  await runUp(rest)
} else if (command === 'hook' && rest[0] === 'PreToolUse' && !wantsHelp) {
  const {runGateCli} = await import('@agora/plugin-drive/lease-gate')
  await runGateCli(rest.slice(1))
} else {
  const {execute} = await import('@oclif/core')
  await execute({dir: import.meta.url})
}
