import type {DeskModel} from '../model.js'
import {PROBES} from '../harness.js'
import {age} from '../../state/text.js'

/** The latest `agora harness-check --report-to-hub` per harness and seat, C0–C10 as a grid. */
export function HarnessView({model, now}: {model: DeskModel; now: number}) {
  return (
    <section class="view" id="view-harness">
      <h2>Harness matrix <small>{model.harness.length}</small></h2>
      {model.harness.length === 0 ? <p class="hint">No reports yet: run <code>agora harness-check &lt;harness&gt; --report-to-hub</code> in a seat's workspace.</p> : null}
      <table class="grid matrix" data-testid="harness">
        <thead><tr><th>harness</th><th>seat</th>{PROBES.map(p => <th key={p}>{p}</th>)}<th>verdict</th><th>reported</th></tr></thead>
        <tbody>
          {model.harness.map(h => (
            <tr key={`${h.harness}:${h.seat}`}>
              <td>{h.harness}</td><td>{h.seat}</td>
              {PROBES.map(p => <td key={p} class={`probe ${h.probes[p] ?? 'none'}`}>{h.probes[p] ?? '·'}</td>)}
              <td>{h.verdict}</td><td>{age(now - h.at)} ago</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
