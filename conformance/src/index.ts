export {checkHarness, pickHarness, DEFAULT_TIMEOUTS} from './check.js'
export type {CheckOptions} from './check.js'
export {runProbes} from './run-probes.js'
export type {ProbeProgress} from './run-probes.js'
export {PROBES, DISPLAY_ORDER} from './probes/index.js'
export {judge, exitCodeOf, BLOCKING} from './verdict.js'
export {renderText} from './render-text.js'
export {renderJson} from './render-json.js'
export {LIVE_PROMPT, buildSurface} from './surface.js'
export {realPorts, presenceReader, spawnInGroup, whichIn} from './ports.js'
export type {
  HarnessCheckReport,
  HarnessUnderTest,
  HubPort,
  Ports,
  Probe,
  ProbeContext,
  ProbeId,
  ProbeOutcome,
  ProbeResult,
  SpawnRequest,
  SpawnResult,
  Status,
  Timeouts,
  VerdictWord,
} from './types.js'
export {matrixOf, renderMatrix} from './render-matrix.js'
export type {HarnessCheckMatrix} from './render-matrix.js'
