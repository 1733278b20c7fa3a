#!/usr/bin/env node
// `agora up` is the one long-lived command: it skips oclif, whose plugin loading would stay resident
// beside the hub for its whole life (~58 MB). Its help, and every other command, go through oclif.
const [command, ...rest] = process.argv.slice(2)
if (command === 'up' && !rest.some((a) => a === '--help' || a === '-h')) {
  const {runUp} = await import('@agora/plugin-hub/launch')
  await runUp(rest)
} else {
  const {execute} = await import('@oclif/core')
  await execute({dir: import.meta.url})
}
