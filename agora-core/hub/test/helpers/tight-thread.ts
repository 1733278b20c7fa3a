import {TestHub} from './hub.js'
import type {Caller} from './hub.js'

/**
 * A hub with a posting budget of a 20-post burst, then one a minute, where amy has asked ben three
 * times down one thread (three of the 20 tokens spent): the resolve_thread budget tests' world.
 */
export async function tightThread(): Promise<{tight: TestHub; amy: Caller; ben: Caller; root: {id: string}}> {
  const tight = await TestHub.start({ratePerMinute: 1})
  const amy = await tight.register('amy')
  const ben = await tight.register('ben')
  await tight.channel(amy, 'room', [ben])
  const post = (body: string, reply_to?: string) => amy.postMessage('room', {body, status: 'open', to: ['ben'], ...(reply_to ? {reply_to} : {})})
  const root = await post('first?')
  const second = await post('second?', root.id)
  await post('third?', second.id)
  return {tight, amy, ben, root}
}
