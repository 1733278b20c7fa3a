import {Args, Flags} from '@oclif/core'

import {grant, listDelegations, revoke} from '../../governance-calls.js'
import type {Delegation, DelegationRow} from '../../governance-calls.js'
import {OperatorCommand} from '../../operator-command.js'
import {cleanLine, iso} from '@agora/command'

export type DelegateResult = {granted: Delegation} | {revoked: {agent_id: string; revoked: boolean}} | {delegations: DelegationRow[]}

const UNITS: Record<string, number> = {s: 1, m: 60, h: 3600, d: 86400}

/** `3600`, `90m`, `12h`, `7d` → seconds. */
export function parseTtl(text: string): number {
  const [, digits, unit] = /^(\d+)([smhd]?)$/.exec(text.trim()) ?? []
  const scale = UNITS[unit || 's']
  if (digits === undefined || Number(digits) === 0 || scale === undefined) throw new Error(`--ttl '${text}' is not a duration; use seconds or a number with s, m, h or d (e.g. 12h, 7d)`)
  return Number(digits) * scale
}

export default class Delegate extends OperatorCommand {
  static override args = {id: Args.string({description: 'the seat to delegate to'})}
  static override summary = 'Operator: grant a seat delegated powers, revoke them, or list every grant.'
  static override description = `Operator: grant a seat delegated powers (ruling, operational, reporting, moderation, proxy), revoke them, or list every grant. One active grant per seat: a new grant replaces the old one. TTL defaults to 7d (cap 30d); proxy defaults to 1d (cap 7d) and needs --scope. A seat with no mission is refused unless --mission is passed.`

  static override examples = [
    '<%= config.bin %> delegate castor --powers ruling,operational --scope code --ttl 3d --note "steward of #code"',
    '<%= config.bin %> delegate --revoke castor',
    '<%= config.bin %> delegate --list',
  ]

  static override flags = {
    as: Flags.string({description: 'act as this operator seat instead of the admin key', helpGroup: 'HUB'}),
    powers: Flags.string({description: 'comma-separated: ruling,operational,reporting,moderation,proxy'}),
    ttl: Flags.string({description: 'how long: seconds or 90m, 12h, 7d'}),
    scope: Flags.string({description: '"" (hub-wide), "*" (every channel) or a channel name'}),
    note: Flags.string({description: 'why (≤200 chars), shown in hub-alerts and whoami'}),
    mission: Flags.string({description: 'set the seat\'s mission in the same act (required when it has none)'}),
    revoke: Flags.string({description: 'revoke this seat\'s grant', exclusive: ['powers', 'list', 'ttl', 'scope', 'note', 'mission']}),
    list: Flags.boolean({description: 'list every grant with its state', exclusive: ['powers', 'revoke', 'ttl', 'scope', 'note', 'mission']}),
  }

  async run(): Promise<DelegateResult> {
    const {args, flags} = await this.parse(Delegate)
    const client = flags.as ? await this.seatClient(flags) : this.adminClient(flags)
    const admin = !flags.as
    if (flags.list) {
      const delegations = await listDelegations(client, admin)
      for (const d of delegations) {
        this.log(`${cleanLine(d.agent_id)}  ${d.powers.join(',')}  scope=${d.scope || '(hub)'}  ${d.state}  until ${iso(d.expires_at)}${d.note ? `  ${cleanLine(d.note)}` : ''}`)
      }
      if (delegations.length === 0) this.log('no delegations yet')
      return {delegations}
    }
    if (flags.revoke) {
      const r = await revoke(client, flags.revoke, admin)
      this.log(r.revoked ? `revoked ${cleanLine(r.agent_id)}'s delegation` : `${cleanLine(r.agent_id)} held no active delegation`)
      return {revoked: r}
    }
    if (!args.id || !flags.powers) this.error('name the seat and its powers: agora delegate <id> --powers ruling,operational (or --revoke <id>, --list)')
    const body = {agent_id: args.id, powers: flags.powers.split(',').map(p => p.trim()).filter(Boolean),
      ...(flags.ttl ? {ttl_seconds: parseTtl(flags.ttl)} : {}), ...(flags.scope !== undefined ? {scope: flags.scope} : {}),
      ...(flags.note ? {note: flags.note} : {}), ...(flags.mission ? {mission: flags.mission} : {})}
    const g = await grant(client, body, admin)
    this.log(`delegated ${g.powers.join(', ')} to ${cleanLine(g.agent_id)} ${g.scope ? `in ${cleanLine(g.scope)}` : 'hub-wide'} until ${iso(g.expires_at)}`)
    return {granted: g}
  }
}
