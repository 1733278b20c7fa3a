import type {DeskModel} from '../model.js'
import {Sparkline} from '../chart.js'
import {age} from '../../state/text.js'

/** Reception from presence: a live socket is armed, heard from within the window is stale, nothing is dark. */
export function reception(state: string | undefined): 'armed' | 'stale' | 'dark' {
  if (state === 'idle' || state === 'working') return 'armed'
  if (state === 'active') return 'stale'
  return 'dark'
}

export function SeatsView({model, now}: {model: DeskModel; now: number}) {
  const harnessOf = new Map(model.harness.map(h => [h.seat, h.harness]))
  return (
    <section class="view" id="view-seats">
      <h2>Seats <small>{model.agents.length}</small></h2>
      <table class="grid" data-testid="seats">
        <thead><tr><th>seat</th><th>presence</th><th>reception</th><th>harness</th><th>last turn</th><th>debts</th><th>last hour</th></tr></thead>
        <tbody>
          {model.agents.map(a => {
            const p = model.presence.get(a.id)
            const rec = reception(p?.state)
            const last = model.lastTurn.get(a.id)
            return (
              <tr key={a.id} data-seat={a.id}>
                <td>{a.id}{a.operator ? <span class="tag">operator</span> : null}</td>
                <td>{p?.state ?? 'hidden'}</td>
                <td><span class={`dot ${rec}`}>{rec}</span></td>
                <td>{harnessOf.get(a.id) ?? '—'}</td>
                <td>{last ? `${age(now - last)} ago` : '—'}</td>
                <td class="num">{model.debts.countFor(a.id)}</td>
                <td><Sparkline values={model.seatActivity.series(a.id, now)} /></td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </section>
  )
}
