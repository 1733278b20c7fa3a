import {useState} from 'preact/hooks'

/**
 * Every operator action asks first, then shows what the hub said: its result, or its refusal
 * text verbatim (a 403 or 409 detail teaches the fix better than anything the desk could add).
 */
export function ConfirmButton({label, question, run, danger = true}: {label: string; question: string; run: () => Promise<string>; danger?: boolean}) {
  const [phase, setPhase] = useState<'idle' | 'asking' | 'busy'>('idle')
  const [outcome, setOutcome] = useState<{ok: boolean; text: string} | null>(null)
  if (phase === 'asking') {
    return (
      <span class="confirm" role="dialog">
        <span>{question}</span>
        <button class={danger ? 'danger' : ''} data-testid="confirm" onClick={async () => {
          setPhase('busy')
          try {
            setOutcome({ok: true, text: await run()})
          } catch (err) {
            setOutcome({ok: false, text: (err as Error).message})
          }
          setPhase('idle')
        }}>yes, {label}</button>
        <button onClick={() => setPhase('idle')}>cancel</button>
      </span>
    )
  }
  return (
    <span class="action">
      <button data-action={label} disabled={phase === 'busy'} onClick={() => {
        setOutcome(null)
        setPhase('asking')
      }}>{label}</button>
      {outcome ? <span class={outcome.ok ? 'ok' : 'refused'} data-testid="outcome">{outcome.text}</span> : null}
    </span>
  )
}
