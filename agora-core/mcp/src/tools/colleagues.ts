import {seg} from '@agora/client'
import {z} from 'zod'

import {fenced} from '../fence.js'
import {guarded} from '../result.js'
import type {ToolContext} from './context.js'
import type {RouteAnswer} from '@agora/protocol'

type Note = RouteAnswer<'put /colleagues/{subject}'>

/** Private colleague notes (docs/protocol.md#colleague-notes): your own impressions of other seats; nobody else reads them. */
export function registerColleagueTools({server, hub}: ToolContext): void {
  server.registerTool('set_colleague_note', {
    description: 'Saves your private note about another seat (how they work, what they are good at), replacing any earlier ' +
      'note about them. Only you can ever read it (get_colleague_notes). An empty note removes it. At most 2000 characters.',
    inputSchema: {
      agent_id: z.string().min(1).describe('the seat the note is about'),
      note: z.string().describe('the note; empty removes it'),
    },
  }, (args) => guarded(async () => {
    const r = await hub.request<Note>('PUT', `/colleagues/${seg(args.agent_id)}`, {body: {note: args.note}})
    if (!r.note) return r.removed ? `REMOVED your note on ${r.subject}` : `no note on ${r.subject} to remove`
    return `SAVED your note on ${r.subject} (${r.note.length} characters); only you can read it`
  }))

  server.registerTool('get_colleague_notes', {
    description: 'Reads your private notes about other seats: all of them, or the one about agent_id.',
    inputSchema: {agent_id: z.string().min(1).optional().describe('only the note about this seat')},
  }, (args) => guarded(async () => {
    const path = args.agent_id ? `/colleagues?subject=${seg(args.agent_id)}` : '/colleagues'
    const notes = await hub.request<RouteAnswer<'get /colleagues'>>('GET', path)
    if (notes.length === 0) return args.agent_id ? `you have no note on ${args.agent_id}` : 'you have no colleague notes yet'
    return fenced((f) => notes.flatMap((n) => [`${n.subject} (updated ${new Date(n.updated_at * 1000).toISOString()}):`, f.block(`your note on ${n.subject}`, n.note)]))
  }))
}
