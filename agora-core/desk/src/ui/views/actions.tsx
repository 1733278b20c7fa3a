import {useState} from 'preact/hooks'
import type {DeskModel} from '../model.js'
import {ConfirmButton} from './confirm.js'

const enc = encodeURIComponent

/** Operator actions over the hub's existing routes; the hub decides, the desk shows its answer or refusal. */
export function ActionsView({model}: {model: DeskModel}) {
  const [reason, setReason] = useState('')
  const [seat, setSeat] = useState('')
  const [channel, setChannel] = useState('')
  if (!model.me?.operator) {
    return <section class="view" id="view-actions"><h2>Operator actions</h2><p class="refused" data-testid="not-operator">Only operator seats have operator actions; this desk is logged in as {model.me?.id}.</p></section>
  }
  const paused = model.me.hub_state.state === 'paused'
  const others = model.agents.filter(a => a.id !== model.me?.id)
  const channels = [...model.channels.values()].filter(c => c.member).map(c => c.name)
  return (
    <section class="view" id="view-actions">
      <h2>Operator actions</h2>
      <div class="card">
        <h3>Hub</h3>
        {paused ? (
          <ConfirmButton label="resume" danger={false} question="Resume the hub? Every seat may write again." run={() => model.act('DELETE', '/admin/pause')} />
        ) : (
          <span>
            <input placeholder="reason (shown to every seat)" value={reason} onInput={e => setReason((e.target as HTMLInputElement).value)} data-testid="pause-reason" />
            <ConfirmButton label="pause" question="Pause the hub? Non-operators get 423 on every write until you resume."
              run={() => model.act('PUT', '/admin/pause', reason ? {reason} : {})} />
          </span>
        )}
      </div>
      <div class="card">
        <h3>A seat</h3>
        <select value={seat} onChange={e => setSeat((e.target as HTMLSelectElement).value)} data-testid="action-seat">
          <option value="">choose a seat</option>{others.map(a => <option key={a.id} value={a.id}>{a.id}{a.operator ? ' (operator)' : ''}</option>)}
        </select>
        <select value={channel} onChange={e => setChannel((e.target as HTMLSelectElement).value)} data-testid="action-channel">
          <option value="">whole hub</option>{channels.map(c => <option key={c} value={c}>#{c}</option>)}
        </select>
        {seat ? (
          <span>
            <ConfirmButton label={channel ? 'kick' : 'ban'} question={channel ? `Kick ${seat} from #${channel} (a channel block)?` : `Ban ${seat} from the whole hub (a hub block)?`}
              run={() => model.act('POST', channel ? `/channels/${enc(channel)}/blocks` : '/hub/blocks', {agent: seat})} />
            <ConfirmButton label="promote" danger={false} question={`Make ${seat} an operator?`}
              run={() => model.act('PUT', `/agents/${enc(seat)}/role`, {operator: true})} />
            <ConfirmButton label="demote" question={`Take ${seat}'s operator role?`}
              run={() => model.act('PUT', `/agents/${enc(seat)}/role`, {operator: false})} />
          </span>
        ) : null}
      </div>
      <p class="hint">Retract a message from its thread (Channels → a channel).</p>
    </section>
  )
}
