import type {Probe, ProbeId} from '../types.js'
import {c0Declared} from './c0-declared.js'
import {c1Binary} from './c1-binary.js'
import {c2SingleTurn} from './c2-single-turn.js'
import {c3AgoraRuntime} from './c3-agora-runtime.js'
import {c4ToolReach} from './c4-tool-reach.js'
import {c5Identity} from './c5-identity.js'
import {c6Evidence} from './c6-evidence.js'
import {c7Continuity} from './c7-continuity.js'
import {c8Knobs} from './c8-knobs.js'
import {c9LiveTurn} from './c9-live-turn.js'
import {c10LeaseHook} from './c10-lease-hook.js'

/**
 * The probes in the order they RUN. Explicit, no glob. C9 runs before C6 because C6 may only say
 * "verified by the live turn" when the live turn passed.
 */
export const PROBES: readonly Probe[] = [
  c0Declared, c1Binary, c2SingleTurn, c3AgoraRuntime, c4ToolReach, c5Identity, c8Knobs, c10LeaseHook, c9LiveTurn, c6Evidence, c7Continuity,
]

/** The order the report SHOWS (the reference's: C8 follows the C4/C5 block, then agora's C10, the live turn last). */
export const DISPLAY_ORDER: readonly ProbeId[] = ['C0', 'C1', 'C2', 'C3', 'C4', 'C5', 'C8', 'C10', 'C6', 'C7', 'C9']

export {c0Declared, c1Binary, c2SingleTurn, c3AgoraRuntime, c4ToolReach, c5Identity, c6Evidence, c7Continuity, c8Knobs, c9LiveTurn, c10LeaseHook}
