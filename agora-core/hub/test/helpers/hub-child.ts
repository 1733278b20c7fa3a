// One hub in its own process, for the multi-process suites: options as JSON in argv[2]; prints
// `READY <url>` when serving; SIGTERM closes it cleanly; SIGKILL is the crash the tests inflict.
import {createHub} from '@agora/hub'
import {present} from '../../../../test/helpers/present.js'
import {memoCounts} from '../../src/services/obligations/answer-memo.js'

const opts = JSON.parse(present(process.argv[2], 'the hub options as JSON in argv[2]')) as Parameters<typeof createHub>[0]
const hub = await createHub(opts)
process.stdout.write(`READY ${hub.url}\n`)
process.on('SIGTERM', () => { void hub.close().then(() => process.exit(0)) })
process.on('disconnect', () => process.exit(0))
// What the answer memo did so far (test/cluster/answer-memo.test.ts asks, to tell a served answer from a computed one).
process.on('message', m => { if (m === 'memo-counts') process.send?.({type: 'memo-counts', ...memoCounts}) })
