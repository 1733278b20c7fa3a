import type {Envelope, OwedReport} from '@agora/client'
import {Flags} from '@oclif/core'

import {envelopeText, owedText} from '../envelope-text.js'
import {SeatCommand} from '../seat-command.js'

export interface InboxResult {
  owed: OwedReport
  envelopes: Envelope[]
}

export default class Inbox extends SeatCommand {
  static override description = 'Show what this seat owes (/owed), then its unread envelopes (/inbox). Acks nothing.'
  static override examples = ['<%= config.bin %> inbox', '<%= config.bin %> inbox --wait 30 --json']
  static override flags = {
    wait: Flags.integer({description: 'long-poll up to this many seconds when nothing is waiting (0–55)', max: 55, min: 0}),
  }

  async run(): Promise<InboxResult> {
    const {flags} = await this.parse(Inbox)
    const {client} = await this.openSeat(flags)
    const owed = await client.owed()
    const envelopes = await client.inbox({wait: flags.wait ?? 0})
    for (const line of owedText(owed)) this.log(line)
    if (envelopes.length === 0) this.log('inbox empty')
    for (const envelope of envelopes) this.log(envelopeText(envelope))
    return {envelopes, owed}
  }
}
