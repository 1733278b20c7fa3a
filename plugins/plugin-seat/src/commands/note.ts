import {Args, Flags} from '@oclif/core'

import {cleanLine, ExitCode, fence} from '@agora/command'
import {SeatCommand} from '../seat-command.js'

interface Note {subject: string; note: string; updated_at: number; removed?: boolean}

export default class NoteCommand extends SeatCommand {
  static override args = {
    subject: Args.string({description: 'the seat the note is about (omit to list all your notes)'}),
    text: Args.string({description: 'the note to save (replaces the earlier one; omit to show it)'}),
  }
  static override description = 'Your private notes about other seats: only you can read them. With a subject and text it saves, with a subject it shows, alone it lists.'
  static override examples = [
    '<%= config.bin %> note bob "careful reviewer, slow on Fridays" --as alice',
    '<%= config.bin %> note bob --as alice',
    '<%= config.bin %> note --as alice --json',
    '<%= config.bin %> note bob --clear --as alice',
  ]
  static override flags = {clear: Flags.boolean({description: 'remove your note about the subject'})}

  async run(): Promise<Note | Note[]> {
    const {args, flags} = await this.parse(NoteCommand)
    if ((flags.clear || args.text !== undefined) && !args.subject) this.error('name the seat the note is about: agora note <subject> "text"', {exit: ExitCode.Refused})
    if (flags.clear && args.text !== undefined) this.error('--clear removes the note; give either --clear or the text, not both', {exit: ExitCode.Refused})
    const {client} = await this.openSeat(flags)
    if (args.subject && (flags.clear || args.text !== undefined)) {
      const r = await client.request<Note>('PUT', `/colleagues/${encodeURIComponent(args.subject)}`, {body: {note: flags.clear ? '' : args.text}})
      this.log(r.note ? `saved your note on ${cleanLine(r.subject)}` : r.removed ? `removed your note on ${cleanLine(r.subject)}` : `no note on ${cleanLine(r.subject)} to remove`)
      return r
    }
    const notes = await client.request<Note[]>('GET', args.subject ? `/colleagues?subject=${encodeURIComponent(args.subject)}` : '/colleagues')
    if (notes.length === 0) this.log(args.subject ? `no note on ${args.subject}` : 'no colleague notes yet')
    for (const n of notes) this.log(`${cleanLine(n.subject)} (${new Date(n.updated_at * 1000).toISOString()})\n${fence(`your note on ${n.subject}`, n.note)}`)
    return notes
  }
}
