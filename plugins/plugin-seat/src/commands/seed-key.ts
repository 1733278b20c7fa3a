import {AgoraClient, AgoraHttpError} from '@agora/client'
import {cacheKey, keysPath, resolveSeat} from '@agora/home'
import {Args, Flags} from '@oclif/core'

import {HubCommand} from '../seat-command.js'
import {cleanLine, ExitCode} from '@agora/command'
import {readSecretFromStdin} from '../stdin-secret.js'

export interface SeedKeyResult {
  agent_id: string
  url: string
  keys_file: string
  verified: boolean
}

const KEY_RE = /^agora_[0-9a-f]{48}$/

/** Caches an existing seat's key; the key comes on stdin so it never lands in argv, shell history or `ps`. */
export default class SeedKey extends HubCommand {
  static override args = {id: Args.string({description: 'the seat the key belongs to', required: true})}
  static override description = 'Cache an existing seat\'s API key in keys.json (0600) for "<url>::<id>". The key is read from ' +
    'stdin, never from the command line, and checked against the hub (GET /whoami must name <id>) before it is saved.'
  static override examples = [
    'printf %s "$ALICE_KEY" | <%= config.bin %> seed-key alice --url http://127.0.0.1:8765',
    '<%= config.bin %> seed-key alice < alice.key --json',
  ]
  static override flags = {
    key: Flags.string({hidden: true, description: 'refused: keys never go on the command line'}),
    'no-verify': Flags.boolean({description: 'save without asking the hub (offline set-up); the key is still format-checked'}),
  }

  async run(): Promise<SeedKeyResult> {
    const {args, flags} = await this.parse(SeedKey)
    if (flags.key !== undefined) {
      this.error('--key would leave the key in argv and shell history; pipe it instead: printf %s "$KEY" | agora seed-key ' + args.id, {exit: ExitCode.Refused})
    }
    const home = this.homeOf(flags)
    const {url} = resolveSeat({url: flags.url}, {cwd: process.cwd(), env: process.env, home})
    const key = await readSecretFromStdin(process.stdin, (t) => process.stderr.write(t))
    if (!key) this.error(`no key on stdin; pipe it in: printf %s "$KEY" | agora seed-key ${args.id}`, {exit: ExitCode.Refused})
    if (!KEY_RE.test(key)) this.error('that is not a seat key: seat keys look like agora_ followed by 48 hex digits', {exit: ExitCode.Refused})
    let verified = false
    if (!flags['no-verify']) {
      const me = await new AgoraClient({url, apiKey: key}).whoami().catch((error: unknown) => {
        if (error instanceof AgoraHttpError && error.status === 401) {
          throw new Error(`${url} does not accept that key (401); nothing was saved. Ask the operator for ${args.id}'s key`)
        }
        throw error
      })
      if (me.id !== args.id) throw new Error(`that key belongs to "${cleanLine(me.id)}", not "${args.id}"; nothing was saved`)
      verified = true
    }
    cacheKey(home, url, args.id, key)
    const result: SeedKeyResult = {agent_id: args.id, keys_file: keysPath(home), url, verified}
    this.log(`cached ${args.id}'s key for ${url} in ${result.keys_file}${verified ? ' (verified with the hub)' : ' (not verified)'}`)
    return result
  }
}
