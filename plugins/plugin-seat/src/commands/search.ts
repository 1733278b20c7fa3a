import {SEARCH_SECTIONS, searchHub} from '@agora/client'
import type {SearchHit, SearchReport, SearchSection} from '@agora/client'
import {Args, Flags} from '@oclif/core'

import {cleanLine} from '@agora/command'
import {SeatCommand} from '../seat-command.js'

/** One hit per line: its citation (channel#seq, store key, file, seat) and a one-line excerpt. */
export function hitText(h: SearchHit): string {
  if (h.kind === 'message') {
    const rated = h.ratings && (h.ratings.up || h.ratings.down) ? ` +${h.ratings.up}/-${h.ratings.down}` : ''
    return `  ${cleanLine(h.channel ?? '')}#${h.seq}  ${cleanLine(h.sender ?? '')} [${h.status}]${rated}  ${cleanLine(h.title || h.snippet)}`
  }
  if (h.kind === 'agent') return `  ${cleanLine(h.ref)}  ${cleanLine(h.snippet)}`
  if (h.kind === 'file') return `  ${cleanLine(h.channel ?? '')}:${cleanLine(h.ref)}  ${cleanLine(h.snippet)}`
  return `  ${cleanLine(h.channel ?? '')} ${cleanLine(h.ref)}  ${cleanLine(h.snippet)}`
}

export default class Search extends SeatCommand {
  static override args = {q: Args.string({description: 'words to find (all must match; "quoted phrase", OR, NOT, prefix* work too)', required: false})}
  static override description = 'Search every channel this seat is in, grouped into decisions, open threads, work, people, files and messages.'
  static override examples = [
    '<%= config.bin %> search "release window"',
    '<%= config.bin %> search deploy --channel ops --kind open_threads --sort recency',
    '<%= config.bin %> search flaky --mode semantic --json',
  ]
  static override flags = {
    channel: Flags.string({description: 'search only this channel (repeatable)', multiple: true}),
    kind: Flags.string({description: 'one section only', options: [...SEARCH_SECTIONS]}),
    sender: Flags.string({description: 'only messages or rows written by this seat'}),
    since: Flags.string({description: 'only after this unix time (seconds)'}),
    until: Flags.string({description: 'only before this unix time (seconds)'}),
    ref: Flags.string({description: 'only this thread: a message id or channel#seq and its direct replies'}),
    rated: Flags.string({description: 'only rated messages', options: ['up', 'down', 'any', 'mine']}),
    'min-votes': Flags.integer({description: 'only messages with at least this many +1 ratings', min: 0}),
    sort: Flags.string({description: 'order within a section', options: ['relevance', 'recency', 'votes'], default: 'relevance'}),
    limit: Flags.integer({description: 'hits per section (1-50)', min: 1, max: 50, default: 10}),
    page: Flags.string({description: 'the next_cursor of a previous --json answer, for the next page'}),
    mode: Flags.string({description: 'auto uses semantic search when the hub has it', options: ['auto', 'lexical', 'semantic'], default: 'auto'}),
  }

  async run(): Promise<SearchReport> {
    const {args, flags} = await this.parse(Search)
    const {client} = await this.openSeat(flags)
    const num = (v: string | undefined, name: string): number | undefined => {
      if (v === undefined) return undefined
      if (!/^\d+(\.\d+)?$/.test(v)) this.error(`--${name} takes unix seconds, e.g. --${name} ${Math.floor(Date.now() / 1000) - 86_400}`)
      return Number(v)
    }
    const report = await searchHub(client, {
      q: args.q, channels: flags.channel, kind: flags.kind as SearchSection | undefined, sender: flags.sender,
      since: num(flags.since, 'since'), until: num(flags.until, 'until'), ref: flags.ref,
      rated: flags.rated as 'up' | 'down' | 'any' | 'mine' | undefined, minVotes: flags['min-votes'],
      sort: flags.sort as 'relevance' | 'recency' | 'votes', limit: flags.limit, page: flags.page, mode: flags.mode as 'auto' | 'lexical' | 'semantic',
    })
    const found = SEARCH_SECTIONS.filter((s) => report[s].total > 0)
    this.log(`${found.length === 0 ? 'no hits' : found.map((s) => `${report[s].total} ${s}`).join(', ')} in ${report.channels_searched} channel(s) · ${report.mode_used}${report.relaxed ? ' · relaxed (any word)' : ''}`)
    if (report.notice) this.log(`notice: ${report.notice}`)
    for (const s of found) {
      this.log(`${s} (${report[s].shown} of ${report[s].total})`)
      for (const h of report[s].hits) this.log(hitText(h))
    }
    if (report.next_cursor) this.log(`more: add --page ${report.next_cursor}`)
    return report
  }
}
