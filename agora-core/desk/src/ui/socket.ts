import type {DeskMessage} from '../state/types.js'
import type {DeskModel} from './model.js'

/**
 * The live feed: `/ws` authenticated by the session cookie (no key in the URL), subscribed with
 * `since` at the seq each channel's history ended, reconnecting with backoff. Hub system posts
 * (a seat joined, the hub paused) re-read the roster and hub state: events, not a polling loop.
 */
export function connect(model: DeskModel, onFrame: () => void): () => void {
  let ws: WebSocket | null = null
  let stopped = false
  let delay = 500
  const open = (): void => {
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`
    ws = new WebSocket(url)
    ws.onopen = () => {
      delay = 500
      model.connected = true
      const channels = [...model.channels.values()].filter(c => c.member).map(c => c.name)
      const since: Record<string, number> = {}
      for (const c of channels) since[c] = model.channels.get(c)!.last_seq
      ws!.send(JSON.stringify({type: 'subscribe', channels: channels.slice(0, 500), since}))
      // Our own socket changed presence (ours, and a reconnect may have missed joins): read the roster once.
      void model.refreshRoster().then(onFrame, () => {})
      // Posts made while the socket was down settled or opened debts too.
      void model.refreshDebts().then(onFrame)
      onFrame()
    }
    ws.onmessage = ev => {
      const frame = JSON.parse(String(ev.data)) as {type: string; envelope?: DeskMessage}
      if (frame.type !== 'envelope' || !frame.envelope) return
      const m = frame.envelope
      if (!model.channels.has(m.channel)) {
        model.channels.set(m.channel, {name: m.channel, private: true, member: true, member_count: 0, last_seq: 0, last_at: null, archived: false})
      }
      model.fold(m)
      // Any post may open or settle a debt (a reply, a resolution, a retraction, a directive): the hub says which.
      void model.refreshDebts()
      if (m.sender === 'hub' || !model.agents.some(a => a.id === m.sender)) void model.refreshRoster().then(onFrame, () => {})
      onFrame()
    }
    ws.onclose = () => {
      model.connected = false
      onFrame()
      if (stopped) return
      setTimeout(open, delay)
      delay = Math.min(delay * 2, 15_000)
    }
  }
  open()
  return () => {
    stopped = true
    ws?.close()
  }
}
