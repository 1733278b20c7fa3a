import {AgoraClient, AgoraHttpError} from '@agora/client'
import {AgoraCommand, cleanLine} from '@agora/command'
import {cacheKey, keysPath, normalizeUrl, readConfig, writeConfig} from '@agora/home'
import {Args, Flags} from '@oclif/core'

import {decodeInvite} from '../artifact.js'
import {redeemJoinToken} from '../hub-calls.js'

export interface JoinOutcome {
  agent_id: string
  url: string
  keys_file: string
  config_url_written: boolean
  channels_joined: string[]
  verified: boolean
}

/** Why the hub refused, said as what to do next. */
function refusal(error: AgoraHttpError, id: string | undefined, paste: string): Error {
  const detail = error.detailText
  if (error.status === 409) {
    return new Error(`join refused: the id '${id}' is already taken on this hub (${detail}); the token was NOT used — ` +
      `retry with another id: agora join ${paste.slice(0, 16)}… --as <other-id>`)
  }
  if (error.status === 403) {
    const fix = /locked to/.test(detail) ? 'drop --as (or pass the id the token names)' : 'ask the operator for a fresh `agora invite <id>`'
    return new Error(`join refused: ${detail}; ${fix}`)
  }
  if (error.status === 423) return new Error(`join refused: ${detail}`)
  return new Error(`join refused (${error.status}): ${detail}`)
}

export default class Join extends AgoraCommand {
  static override args = {paste: Args.string({description: 'the AGORA1.… line from `agora invite`', required: true})}
  static override description = `Redeem an invite line on this machine: registers the seat and caches its key.

The key goes only into keys.json (0600) under "<url>::<id>"; config.json gets the hub URL (never an admin key); then GET /whoami verifies the new seat before anything is wired to it.`

  static override examples = ['<%= config.bin %> join AGORA1.eyJ1Ijoi…', '<%= config.bin %> join AGORA1.eyJ1Ijoi… --as castor2']
  static override flags = {
    as: Flags.string({description: 'the seat id to register (default: the id the invite is locked to)'}),
    home: Flags.string({description: 'agora home directory (default: AGORA_HOME, then ~/.agora)'}),
  }

  async run(): Promise<JoinOutcome> {
    const {args, flags} = await this.parse(Join)
    const invite = decodeInvite(args.paste)
    const home = this.homeOf(flags)
    const url = normalizeUrl(invite.u)
    const wanted = flags.as?.trim() || invite.a
    const anon = new AgoraClient({url})
    let redeemed
    try {
      redeemed = await redeemJoinToken(anon, {token: invite.t, ...(wanted ? {agent_id: wanted} : {})})
    } catch (error) {
      if (error instanceof AgoraHttpError) throw refusal(error, wanted, args.paste)
      throw error
    }
    const id = redeemed.agent.id
    cacheKey(home, url, id, redeemed.api_key)
    const config = readConfig(home)
    const foreignAdmin = Boolean(config.admin_key) && config.url !== undefined && normalizeUrl(config.url) !== url
    if (foreignAdmin) {
      this.warn(`config.json keeps url ${config.url} because it holds that hub's admin key; reach ${url} with --url or AGORA_URL`)
    } else {
      writeConfig(home, {url})
    }
    const me = await anon.withApiKey(redeemed.api_key).whoami()
    if (me.id !== id) throw new Error(`the hub answered whoami as '${me.id}', not '${id}'; the key in ${keysPath(home)} is suspect — tell the operator`)
    this.log(`joined ${url} as ${cleanLine(id)}; key cached in ${keysPath(home)} (0600); verified with whoami` +
      `${redeemed.channels_joined.length ? `; joined ${redeemed.channels_joined.map(cleanLine).join(', ')}` : ''}`)
    return {agent_id: id, channels_joined: redeemed.channels_joined, config_url_written: !foreignAdmin, keys_file: keysPath(home), url, verified: true}
  }
}
