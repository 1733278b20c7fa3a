import {Args} from '@oclif/core'

import {cleanLine, fence} from '@agora/command'
import {SeatCommand} from '../seat-command.js'

interface Question {seq: number; title?: string; sender?: string}
interface Digest {channel: string; open_questions: Question[]; decided: Question[]; decisions: Array<{key: string; value?: unknown}>; counts: Record<string, number>}

export default class DigestCommand extends SeatCommand {
  static override args = {channel: Args.string({description: 'channel name', required: true})}
  static override description = 'Summarize a channel: open questions, what was decided, decision rows and counts.'
  static override examples = ['<%= config.bin %> digest proj', '<%= config.bin %> digest proj --json']

  async run(): Promise<Digest> {
    const {args, flags} = await this.parse(DigestCommand)
    const {client} = await this.openSeat(flags)
    const d = await client.request<Digest>('GET', `/channels/${encodeURIComponent(args.channel)}/digest`)
    this.log(`${cleanLine(d.channel)}: ${Object.entries(d.counts ?? {}).map(([k, v]) => `${k}=${v}`).join(' ')}`)
    const line = (q: Question): string => `#${q.seq} ${cleanLine(q.sender ?? '')} ${cleanLine(q.title ?? '')}`.trimEnd()
    if (d.open_questions.length) this.log(fence('open questions', d.open_questions.map(line).join('\n')))
    if (d.decided.length) this.log(fence('decided', d.decided.map(line).join('\n')))
    if (d.decisions.length) this.log(fence('decisions', d.decisions.map((r) => `${r.key}: ${JSON.stringify(r.value)}`).join('\n')))
    return d
  }
}
