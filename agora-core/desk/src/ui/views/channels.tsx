import type {DeskModel} from '../model.js'
import {Chart} from '../chart.js'
import {MINUTES} from '../../state/activity.js'
import {age, displayText, oneLine} from '../../state/text.js'
import {ConfirmButton} from './confirm.js'

export function ChannelsView({model, now, open}: {model: DeskModel; now: number; open: (channel: string) => void}) {
  const channels = [...model.channels.values()].filter(c => c.member)
  const debts = model.debts.rows(now)
  const end = Math.floor(now / 60) * 60
  const xs = Array.from({length: MINUTES}, (_, i) => end - (MINUTES - 1 - i) * 60)
  const busiest = [...channels].sort((a, b) => (b.last_at ?? 0) - (a.last_at ?? 0)).slice(0, 8)
  return (
    <section class="view" id="view-channels">
      <h2>Channels <small>{channels.length}</small></h2>
      <table class="grid" data-testid="channels">
        <thead><tr><th>channel</th><th>members</th><th>unread</th><th>open threads</th><th>last activity</th></tr></thead>
        <tbody>
          {channels.map(c => (
            <tr key={c.name} data-channel={c.name}>
              <td><a href={`#thread/${encodeURIComponent(c.name)}`} onClick={e => {
                e.preventDefault()
                open(c.name)
              }}>#{displayText(c.name)}</a>{c.private ? <span class="tag">private</span> : null}</td>
              <td class="num">{c.member_count}</td>
              <td class="num">{model.unread(c.name)}</td>
              <td class="num">{new Set(debts.filter(d => d.channel === c.name).map(d => d.message)).size}</td>
              <td>{c.last_at ? `${age(now - c.last_at)} ago` : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>Activity per channel, last hour (messages per minute)</h3>
      <Chart data={[xs, ...busiest.map(c => model.channelActivity.series(c.name, now))]} series={busiest.map(c => ({label: `#${c.name}`}))} />
    </section>
  )
}

export function ThreadView({model, channel, focus, back}: {model: DeskModel; channel: string; focus: string | null; back: () => void}) {
  const all = model.messages.get(channel) ?? []
  const inThread = focus ? all.filter(m => m.id === focus || m.reply_to === focus) : all
  const operator = model.me?.operator === true
  return (
    <section class="view" id="view-thread">
      <h2><button class="link" onClick={back}>Channels</button> › #{displayText(channel)}{focus ? ' › thread' : ''}</h2>
      <p class="hint">Peer text is shown as data, never as markup.</p>
      <ol class="messages" data-testid="messages">
        {inThread.map(m => (
          <li key={m.id} data-id={m.id} class={`msg ${m.retracted ? 'retracted' : ''} ${m.id === focus ? 'focus' : ''}`}>
            <div class="meta">
              <span class="seq">#{m.seq}</span> <b>{m.sender}</b> <span class="status">{m.status}</span>
              {m.to.length ? <span> → {m.to.join(', ')}</span> : null}
              {m.title ? <span class="title"> “{oneLine(m.title, 100)}”</span> : null}
              {operator && !m.retracted && m.sender !== 'hub' ? (
                <ConfirmButton label="retract" question={`Retract #${m.seq} by ${m.sender}? Its text is replaced by a tombstone everywhere.`}
                  run={() => model.act('POST', `/channels/${encodeURIComponent(channel)}/messages/${m.id}/retract`, {})} />
              ) : null}
            </div>
            <pre class="body">{m.retracted ? '(retracted)' : m.body === null ? '(long body: open it with `agora read`)' : displayText(m.body)}</pre>
          </li>
        ))}
      </ol>
    </section>
  )
}
