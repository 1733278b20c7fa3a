import {ExitCode} from '@agora/command/exit-codes'
import type {Hook} from '@oclif/core'
import {rewritePluginInstallArgs} from '../plugin-install-args.js'

/**
 * oclif reads a bare filesystem path given to `plugins install` as a GitHub slug and hangs for a
 * minute. Rewrite local paths to the `file:` form before the command parses its argv (the same
 * array), and refuse a path that does not exist at once.
 */
const hook: Hook<'prerun'> = async function (options) {
  if (options.Command.id !== 'plugins:install') return
  const result = rewritePluginInstallArgs(options.argv, process.cwd())
  if (result.error) this.error(result.error, {exit: ExitCode.Refused})
  options.argv.splice(0, options.argv.length, ...result.argv)
}

export default hook
