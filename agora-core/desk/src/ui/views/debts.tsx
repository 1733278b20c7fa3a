import {useState} from 'preact/hooks'
import type {DeskModel} from '../model.js'
import {Chart} from '../chart.js'
import {AGE_BUCKETS, ageHistogram, filterDebts, sortDebts} from '../../state/debts.js'
import type {DebtSortKey} from '../../state/debts.js'
import {age, oneLine} from '../../state/text.js'

const COLUMNS: Array<[DebtSortKey, string]> = [['debtor', 'owes'], ['creditor', 'to'], ['kind', 'kind'], ['channel', 'channel'], ['age', 'age'], ['band', 'band']]

export function DebtsView({model, now, openThread}: {model: DeskModel; now: number; openThread: (channel: string, id: string) => void}) {
  const [sort, setSort] = useState<{key: DebtSortKey; desc: boolean}>({key: 'age', desc: true})
  const [seat, setSeat] = useState('')
  const [channel, setChannel] = useState('')
  const all = model.debts.rows(now)
  const rows = sortDebts(filterDebts(all, {seat, channel}), sort.key, sort.desc)
  const seats = [...new Set(all.flatMap(r => [r.debtor, r.creditor]))].sort()
  const channels = [...new Set(all.map(r => r.channel))].sort()
  const hist = ageHistogram(rows)
  return (
    <section class="view" id="view-debts">
      <h2>Debts <small data-testid="debt-count">{rows.length}</small></h2>
      <p class="note">{model.me?.operator ? 'Every open obligation across the hub, as the hub computes it (GET /debts).'
        : `What ${model.me?.id ?? 'this seat'} owes, from its own GET /owed (the hub-wide list is the operator's).`}</p>
      <div class="filters">
        <label>seat <select value={seat} onChange={e => setSeat((e.target as HTMLSelectElement).value)} data-testid="debt-seat">
          <option value="">all</option>{seats.map(s => <option key={s} value={s}>{s}</option>)}
        </select></label>
        <label>channel <select value={channel} onChange={e => setChannel((e.target as HTMLSelectElement).value)} data-testid="debt-channel">
          <option value="">all</option>{channels.map(c => <option key={c} value={c}>#{c}</option>)}
        </select></label>
      </div>
      <table class="grid" data-testid="debts">
        <thead><tr>
          {COLUMNS.map(([key, label]) => (
            <th key={key}><button class="sort" onClick={() => setSort({key, desc: sort.key === key ? !sort.desc : key === 'age'})}>
              {label}{sort.key === key ? (sort.desc ? ' ▼' : ' ▲') : ''}</button></th>
          ))}
          <th>about</th>
        </tr></thead>
        <tbody>
          {rows.map(r => (
            <tr key={r.key} data-debt={r.message} class={`band-${r.band}`}>
              <td>{r.debtor}</td><td>{r.creditor}</td><td>{r.kind}</td><td>#{r.channel}</td>
              <td class="num">{age(r.age)}</td><td><span class={`band ${r.band}`}>{r.band}</span></td>
              <td><a href={`#thread/${encodeURIComponent(r.channel)}/${r.message}`} onClick={e => {
                e.preventDefault()
                openThread(r.channel, r.message)
              }}>{oneLine(r.title, 80) || `#${r.seq}`}</a></td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>Debt ages</h3>
      <Chart data={[AGE_BUCKETS.map((_, i) => i), hist]} series={[{label: 'open debts'}]} bars time={false}
        xLabels={AGE_BUCKETS.map(b => b.label)} />
    </section>
  )
}
