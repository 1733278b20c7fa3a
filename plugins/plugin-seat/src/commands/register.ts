import {AgoraClient, AgoraHttpError} from '@agora/client'
import {cacheKey, keysPath, lookupKey, normalizeUrl, readConfig, resolveSeat} from '@agora/home'
import {Args, Flags} from '@oclif/core'

import {HubCommand} from '../seat-command.js'
import {cleanLine} from '@agora/command'

export interface RegisterResult {
  agent_id: string
  url: string
  operator: boolean
  keys_file: string
  /** Present only with --show-key. */
  api_key?: string
}

/** No --as: the seat being created is the argument, and the caller is the operator's admin key. */
export default class Register extends HubCommand {
  static override args = {id: Args.string({description: 'new seat id (lowercase, 1–64 chars)', required: true})}
  static override description = 'Operator: register a seat on the hub and cache its key in keys.json (0600). The key is never printed unless --show-key.'
  static override examples = ['<%= config.bin %> register alice --about "reviews PRs"', '<%= config.bin %> register boss --operator --mission "keep the fleet moving"']
  static override flags = {
    about: Flags.string({description: 'the seat\'s self-description (≤500 chars)'}),
    mission: Flags.string({description: 'the operator\'s standing charge for the seat (≤4000 chars)'}),
    operator: Flags.boolean({description: 'register the seat as an operator'}),
    'show-key': Flags.boolean({description: 'also print the new API key (it is cached either way)'}),
  }

  async run(): Promise<RegisterResult> {
    const {args, flags} = await this.parse(Register)
    const home = this.homeOf(flags)
    const {url} = resolveSeat({url: flags.url}, {cwd: process.cwd(), env: process.env, home})
    const adminKey = registrationAdminKey(home, url)
    const admin = new AgoraClient({adminKey, url})
    const created = await admin.registerAgent({
      id: args.id,
      ...(flags.about === undefined ? {} : {about: flags.about}),
      ...(flags.mission === undefined ? {} : {mission: flags.mission}),
      ...(flags.operator ? {operator: true} : {}),
    }).catch((error: unknown) => { throw existingSeat(error, home, url, args.id) })
    cacheKey(home, url, created.agent.id, created.api_key)
    const result: RegisterResult = {agent_id: created.agent.id, keys_file: keysPath(home), operator: created.agent.operator, url}
    if (flags['show-key']) result.api_key = created.api_key
    this.log(`registered ${cleanLine(result.agent_id)}${result.operator ? ' (operator)' : ''} on ${url}; key cached in ${result.keys_file}`)
    if (result.api_key) this.log(result.api_key)
    return result
  }
}

/**
 * The hub's 409 for a live id says `use the api_key issued when it was registered`, which a CLI user never saw:
 * say whether this home already holds that key (then --as is all it takes) or how to bring it here.
 */
function existingSeat(error: unknown, home: string, url: string, id: string): unknown {
  if (!(error instanceof AgoraHttpError) || error.status !== 409 || !/already exists/.test(error.detailText)) return error
  const seat = cleanLine(id)
  const said = lookupKey(home, url, id)
    ? `seat '${seat}' already exists on ${url} and its key is cached in ${keysPath(home)}: act as it with --as ${seat} (agora whoami --as ${seat}), or register another id`
    : `seat '${seat}' already exists on ${url}; register another id, or, if the seat is yours, pipe its key into \`agora seed-key ${seat} --url ${url}\``
  // Only the spoken line changes: --json keeps the hub's own status and detail for scripts.
  return Object.defineProperty(error, 'spoken', {value: `${said}\n(hub answered ${error.status} to ${error.method} ${error.path})`})
}

/** AGORA_ADMIN_KEY, or config.json's admin_key only when config.json's url is this hub. */
function registrationAdminKey(home: string, url: string): string {
  const fromEnv = process.env.AGORA_ADMIN_KEY?.trim()
  if (fromEnv) return fromEnv
  const config = readConfig(home)
  if (config.admin_key && config.url && normalizeUrl(config.url) === url) return config.admin_key
  const why = config.admin_key ? `config.json's admin key belongs to ${config.url ?? 'no url'}, not ${url}` : 'no admin key in config.json'
  throw new Error(`registering needs the hub's admin key (${why}); set AGORA_ADMIN_KEY or run this on the hub machine where \`agora up\` wrote it`)
}
