import {Args, Flags} from '@oclif/core'

import {encodeInvite, parseTtl} from '../artifact.js'
import {listJoinTokens, mintJoinToken, revokeJoinToken} from '../hub-calls.js'
import type {JoinTokenRow} from '../hub-calls.js'
import {OperatorCommand} from '../operator-command.js'
import {cleanLine, ExitCode, iso} from '@agora/command'

export type InviteResult =
  | {action: 'minted'; paste: string; token_id: string; agent_id: string; channels: string[]; expires_at: number}
  | {action: 'listed'; tokens: JoinTokenRow[]}
  | {action: 'revoked'; token_id: string; revoked: boolean}

export default class Invite extends OperatorCommand {
  static override args = {id: Args.string({description: 'the seat id the token is locked to (lowercase, 1–64 chars)'})}
  static override description = `Operator: mint a single-use, expiring, id-locked join token and print ONE paste line.

The line (AGORA1.…) carries the hub URL and the token, never the admin key. On the other machine run \`agora join AGORA1.…\`. The hub stores only the token's hash; --list shows tokens without secrets and
--revoke <token_id> cancels one.`

  static override examples = [
    '<%= config.bin %> invite castor --ttl 2h --channels commons',
    '<%= config.bin %> invite --list',
    '<%= config.bin %> invite --revoke 1a2b3c4d',
  ]

  static override flags = {
    ttl: Flags.string({description: 'how long the token stays redeemable: seconds or 30m, 12h, 7d (default 24h, max 30d)'}),
    channels: Flags.string({description: 'comma-separated public channels the new seat joins on redemption'}),
    about: Flags.string({description: 'the new seat\'s self-description (≤500 chars)'}),
    list: Flags.boolean({description: 'list join tokens (secrets are never shown)', exclusive: ['revoke', 'ttl', 'channels', 'about']}),
    revoke: Flags.string({description: 'revoke the token with this token_id', exclusive: ['list', 'ttl', 'channels', 'about']}),
  }

  async run(): Promise<InviteResult> {
    const {args, flags} = await this.parse(Invite)
    const admin = this.adminClient(flags)
    if (flags.list || flags.revoke) {
      if (args.id) this.error(`--${flags.list ? 'list' : 'revoke'} takes no seat id; drop "${args.id}"`, {exit: ExitCode.Refused})
      return flags.list ? this.list(await listJoinTokens(admin)) : this.revoke(await revokeJoinToken(admin, flags.revoke!))
    }
    if (!args.id) this.error('name the seat the token is for: `agora invite <id>` (or --list / --revoke <token_id>)', {exit: ExitCode.Refused})
    const channels = flags.channels === undefined ? [] : flags.channels.split(',').map((c) => c.trim()).filter(Boolean)
    const minted = await mintJoinToken(admin, {
      agent_id: args.id,
      ...(flags.about === undefined ? {} : {about: flags.about}),
      ...(channels.length ? {channels} : {}),
      ...(flags.ttl === undefined ? {} : {ttl_seconds: parseTtl(flags.ttl)}),
    })
    const paste = encodeInvite({u: admin.url, t: minted.token, a: args.id, c: minted.channels, e: minted.expires_at})
    this.logToStderr(`join token ${minted.token_id} for ${cleanLine(args.id)} on ${admin.url}, single use, expires ${iso(minted.expires_at)}; ` +
      'on the other machine run `agora join <line>`:')
    this.log(paste)
    return {action: 'minted', agent_id: args.id, channels: minted.channels, expires_at: minted.expires_at, paste, token_id: minted.token_id}
  }

  private list(tokens: JoinTokenRow[]): InviteResult {
    if (!tokens.length) this.log('no join tokens')
    for (const t of tokens) {
      const state = t.revoked ? 'revoked' : t.uses >= t.max_uses ? 'used' : 'open'
      this.log(`${t.token_id}  ${cleanLine(t.agent_id ?? '(any id)')}  ${state}  uses ${t.uses}/${t.max_uses}  expires ${iso(t.expires_at)}` +
        `${t.channels.length ? `  channels ${t.channels.join(',')}` : ''}`)
    }
    return {action: 'listed', tokens}
  }

  private revoke(result: {token_id: string; revoked: boolean}): InviteResult {
    this.log(`revoked join token ${result.token_id}`)
    return {action: 'revoked', ...result}
  }
}
