import {useEffect} from 'preact/hooks'
import type {DeskModel} from '../model.js'

/** Each channel's chain, re-hashed in this browser with @agora/protocol's canonicalization (what `agora ledger verify` runs). */
export function LedgersView({model}: {model: DeskModel}) {
  const channels = [...model.channels.values()].filter(c => c.member).map(c => c.name)
  useEffect(() => {
    for (const c of channels) if (!model.ledgers.has(c)) void model.verify(c)
  }, [channels.join('|')])
  return (
    <section class="view" id="view-ledgers">
      <h2>Ledgers <button onClick={() => channels.forEach(c => void model.verify(c))}>verify again</button></h2>
      <table class="grid" data-testid="ledgers">
        <thead><tr><th>channel</th><th>verdict (computed here)</th><th>broken at seq</th><th>turns</th><th>hub says</th></tr></thead>
        <tbody>
          {channels.map(c => {
            const s = model.ledgers.get(c)
            if (!s) return <tr key={c} data-ledger={c}><td>#{c}</td><td>verifying…</td><td /><td /><td /></tr>
            if ('error' in s) return <tr key={c} data-ledger={c}><td>#{c}</td><td class="refused">{s.error}</td><td /><td /><td /></tr>
            const verdict = s.intact ? 'INTACT' : 'TAMPERED'
            return (
              <tr key={c} data-ledger={c} class={s.intact ? '' : 'broken'}>
                <td>#{c}</td><td><span class={`verdict ${verdict}`}>{verdict}{s.headMismatch ? ' (head mismatch)' : ''}</span></td>
                <td class="num">{s.brokenAt ?? '—'}</td><td class="num">{s.turns}</td>
                <td>{s.hubVerified === null ? '—' : s.hubVerified ? 'verified' : 'not verified'}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </section>
  )
}
