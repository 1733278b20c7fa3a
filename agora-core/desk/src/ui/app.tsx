import {render} from 'preact'
import {useEffect, useState} from 'preact/hooks'
import {call, HubRefusal} from './api.js'
import {DeskModel} from './model.js'
import {connect} from './socket.js'
import {SeatsView} from './views/seats.js'
import {DebtsView} from './views/debts.js'
import {ChannelsView, ThreadView} from './views/channels.js'
import {LedgersView} from './views/ledgers.js'
import {HarnessView} from './views/harness.js'
import {ActionsView} from './views/actions.js'
import {displayText} from '../state/text.js'
import 'uplot/dist/uPlot.min.css'
import './desk.css'

const VIEWS = ['seats', 'debts', 'channels', 'ledgers', 'harness', 'actions'] as const

/** `#login=<token>` (from `agora ui`) is exchanged for the session cookie, then wiped from the address bar and history. */
async function exchangeLogin(): Promise<void> {
  const m = /^#login=([A-Za-z0-9_]+)$/.exec(location.hash)
  if (!m) return
  history.replaceState(null, '', location.pathname + '#seats')
  await call('POST', '/ui/session', {token: m[1]})
}

function useRoute(): [string, (r: string) => void] {
  const [route, setRoute] = useState(location.hash.slice(1) || 'seats')
  useEffect(() => {
    const on = (): void => setRoute(location.hash.slice(1) || 'seats')
    addEventListener('hashchange', on)
    return () => removeEventListener('hashchange', on)
  }, [])
  return [route, r => {
    location.hash = r
  }]
}

function Desk({model}: {model: DeskModel}) {
  const [, setVersion] = useState(0)
  const [now, setNow] = useState(Date.now() / 1000)
  const [route, go] = useRoute()
  useEffect(() => {
    let frame = 0
    const off = model.on(() => {
      // One render per animation frame however many frames the socket delivered.
      frame ||= requestAnimationFrame(() => {
        frame = 0
        setNow(Date.now() / 1000)
        setVersion(model.version)
      })
    })
    // Ages and the last-hour window move with the clock; this ticks the local clock only, it asks the hub nothing.
    const clock = setInterval(() => setNow(Date.now() / 1000), 15_000)
    return () => {
      off()
      clearInterval(clock)
    }
  }, [])
  const me = model.me!
  const [view, channel, focus] = route.split('/').map(decodeURIComponent)
  const state = me.hub_state
  const operator = me.operator
  const openThread = (c: string, id?: string): void => {
    model.markSeen(c)
    go(`thread/${encodeURIComponent(c)}${id ? `/${id}` : ''}`)
  }
  return (
    <div class="desk">
      <header>
        <h1>agora desk</h1>
        <nav>
          {VIEWS.filter(v => v !== 'actions' || operator).map(v => (
            <a key={v} href={`#${v}`} class={view === v ? 'on' : ''} data-nav={v}>{v}</a>
          ))}
        </nav>
        <span class="who" data-testid="who">{me.id}{operator ? ' (operator)' : ''} · <span class={model.connected ? 'conn-live' : 'conn-down'}>{model.connected ? 'live' : 'reconnecting'}</span>{model.complete ? '' : ' · loading history…'}</span>
      </header>
      {state.state === 'paused' ? (
        <div class="banner" role="alert" data-testid="paused-banner">
          Hub paused{state.by ? ` by ${displayText(state.by)}` : ''}{state.reason ? `: ${displayText(state.reason)}` : ''} — non-operators cannot write until it resumes.
        </div>
      ) : null}
      <main>
        {view === 'debts' ? <DebtsView model={model} now={now} openThread={openThread} />
          : view === 'channels' ? <ChannelsView model={model} now={now} open={c => openThread(c)} />
          : view === 'thread' && channel ? <ThreadView model={model} channel={channel} focus={focus ?? null} back={() => go('channels')} />
          : view === 'ledgers' ? <LedgersView model={model} />
          : view === 'harness' ? <HarnessView model={model} now={now} />
          : view === 'actions' ? <ActionsView model={model} />
          : <SeatsView model={model} now={now} />}
      </main>
    </div>
  )
}

function Message({title, text}: {title: string; text: string}) {
  return <div class="desk"><header><h1>agora desk</h1></header><main class="view"><h2>{title}</h2><p>{text}</p></main></div>
}

async function start(): Promise<void> {
  const root = document.getElementById('app')!
  root.textContent = ''
  const model = new DeskModel()
  try {
    await exchangeLogin()
    await model.loadCore()
  } catch (err) {
    const text = err instanceof HubRefusal && err.status === 401
      ? 'Not logged in (or the session ended). Run `agora ui` on the hub machine and open the link it prints.'
      : (err as Error).message
    render(<Message title="Log in" text={text} />, root)
    return
  }
  ;(globalThis as {agoraDesk?: DeskModel}).agoraDesk = model
  render(<Desk model={model} />, root)
  document.body.dataset.ready = '1'
  performance.mark('desk-ready')
  // The socket subscribes from each channel's head as listed, so history (≤ head) and live (> head) meet without a gap.
  connect(model, () => model.changed())
  await model.loadRest().catch(err => console.error('desk: history load failed', err))
  document.body.dataset.complete = '1'
  performance.mark('desk-complete')
}

void start()
