// The hub's own process when `agora up` is asked for node/V8 flags (AGORA_HUB_NODE_OPTIONS): node
// cannot change them once running, so the hub starts here under them. argv[2] is the resolved
// UpSettings as JSON (no secrets: the admin key stays in config.json).
import {ExitCode} from '@agora/command/exit-codes'
import {serveHub} from './serve-hub.js'
import type {UpSettings} from './settings.js'

const raw = process.argv[2]
if (!raw) {
  process.stderr.write(' ›   Error: serve.js expects the resolved settings as JSON; start the hub with `agora up`\n')
  process.exit(ExitCode.Refused)
}
await serveHub(JSON.parse(raw) as UpSettings)
