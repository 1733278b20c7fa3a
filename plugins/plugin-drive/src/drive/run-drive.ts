import {ExitCode} from '@agora/command'
import type {DiscoveredHarness} from '@agora/contract'

import {httpHub} from '../hub-port.js'
import {runListen} from '../listen/run-listen.js'
import {openWsSource} from '../listen/ws-source.js'
import {removeIfOurs, touch} from '../pidfile.js'
import {announceReady, armDrive, DriveRefusal, stateDirFor} from './arm.js'
import type {ArmFlags} from './arm.js'
import {Driver} from './driver.js'
import type {DriverExit} from './driver.js'
import {mirrorMission} from './mission.js'
import {filePointer, fileSessions} from './sessions.js'
import {openTurnLog} from './turn-log.js'
import {turnRunner} from './turn-runner.js'
import {turnTimeouts} from './turn-timeouts.js'
import {chunkProgress} from './work-progress.js'
import {workLeases} from './work-leases.js'
import {findContinuableWork} from './work-scan.js'
import {isDelegate} from './delegation.js'
import {mcpBindingEnv} from '@agora/contract'
import {openRigFor} from '../openrig/drive-runner.js'
import {rigTurns} from '../openrig/rig-turns.js'
import type {PaneStream} from '../openrig/pane-reader.js'

export interface DriveOptions extends ArmFlags {
  maxWait: number
  debounce: number
  turnBudget: number
  workBudget: number
  /** Seconds; absent: 3600, or the longest turn the harness's transport carries whole if that is shorter. */
  receptionTimeout?: number
  workTimeout?: number
  sessionRotate: number
  /** Record turns to drive-<id>.turns.jsonl (or to turnLogPath). */
  turnLog: boolean
  /** The operator's turn-log PATH; implies turnLog. */
  turnLogPath?: string
  once: boolean
  maxTurns?: number
  /** Listen window while a chunk is ready (tests only; the CLI keeps the spec's 20 s). */
  chunkWindow?: number
  backoffBase?: number
  backoffCeiling?: number
  /** Run as an OpenRig runner (`--openrig`), with the `--launch-id` it was started with. */
  openrig?: {launchId: string | null}
}

export interface DriveContext {
  cwd: string
  home: string
  env: NodeJS.ProcessEnv
  found: DiscoveredHarness[]
  out(line: string): void
  err(line: string): void
  agoraScript?: string
  /** The packaged agora-channels SKILL.md, when the CLI has it. */
  skillPath?: string
  signal?: AbortSignal
  /** The pane under `--openrig` (stdin): its messages become turns, `/abort` and Ctrl-C cancel one. */
  pane?: PaneStream
  /** Raw bytes to the pane (bracketed paste on/off); default stdout. */
  write?(text: string): void
  /** Stop the whole runner (a second Ctrl-C while idle; raw mode sends no SIGINT). */
  interrupt?(): void
}

/** `agora drive` end to end: arm, mirror the mission, then the loop until once/interrupt/fatal. */
export async function runDrive(options: DriveOptions, ctx: DriveContext): Promise<DriverExit> {
  if (options.turnLogPath !== undefined && !options.turnLogPath.trim()) {
    throw new DriveRefusal('--turn-log-path needs a file path; pass --turn-log alone to record to AGORA_HOME/drive-<id>.turns.jsonl')
  }
  const armed = await armDrive(options, ctx)
  const {decl, seat, files} = armed
  let bounds: ReturnType<typeof turnTimeouts>
  try {
    bounds = turnTimeouts(options, decl, ctx.out)
  } catch (error) {
    removeIfOurs(files.drivePid)
    throw error
  }
  const {reception: receptionTimeout, work: workTimeout} = bounds
  let rig: ReturnType<typeof openRigFor> | null = null
  let turns: ReturnType<typeof rigTurns> | null = null
  try {
    rig = options.openrig ? openRigFor(options.openrig.launchId, seat.agentId, ctx) : null
    announceReady(armed, options.workBudget, ctx.out)
    rig?.runner.ready(`agora:${seat.agentId}`)
    const hub = httpHub({url: seat.url, agentId: seat.agentId, home: seat.home})
    try {
      const who = await hub.whoami()
      const mirrored = mirrorMission(ctx.cwd, decl.workspace.ruleFile, who.mission ?? '')
      if ('file' in mirrored) ctx.out(`AGORA_DRIVE event=mission status=ok agent=${seat.agentId} file=${mirrored.file} chars=${mirrored.chars}`)
      else ctx.out(`AGORA_DRIVE warn=no-mission agent=${seat.agentId} reason=${mirrored.skipped}`)
    } catch (error) {
      ctx.out(`AGORA_DRIVE warn=no-mission agent=${seat.agentId} reason=whoami-failed detail=${JSON.stringify((error as Error).message)}`)
    }
    const turnLog = options.turnLog || options.turnLogPath !== undefined
      ? openTurnLog({path: options.turnLogPath ?? files.turns, explicit: options.turnLogPath !== undefined, cwd: ctx.cwd, agent: seat.agentId, out: ctx.out})
      : null
    const sessions = fileSessions((lane) => files.session(lane, decl.name))
    const base = {
      decl, all: armed.all, request: armed.request, seat, workspace: ctx.cwd, pluginRoot: armed.pluginRoot,
      mcp: {command: armed.mcpCommand, args: [], env: mcpBindingEnv(seat)},
      stateDir: stateDirFor(seat.home, seat.agentId, decl.name), skillPath: ctx.skillPath, operatorEnv: rig ? rig.turnEnv : ctx.env, hub, out: ctx.out,
      failuresPath: files.failures, turnLog, signal: ctx.signal,
    }
    turns = rig ? rigTurns(base, rig.runner, {
      pane: ctx.pane, sessions, timeoutS: receptionTimeout, out: ctx.out, signal: ctx.signal,
      write: ctx.write ?? ((text) => process.stdout.write(text)), interrupt: ctx.interrupt ?? (() => process.kill(process.pid, 'SIGINT')),
    }) : null
    const runTurn = turns ? turns.runTurn : turnRunner(base)
    const driver = new Driver(
      {
        agentId: seat.agentId, maxWaitS: options.maxWait, turnBudget: options.turnBudget, workBudget: options.workBudget,
        receptionTimeoutS: receptionTimeout, workTimeoutS: workTimeout,
        sessionRotate: options.sessionRotate, once: options.once, maxTurns: options.maxTurns, chunkWindowS: options.chunkWindow,
        backoffBaseS: options.backoffBase, backoffCeilingS: options.backoffCeiling,
      },
      {
        out: ctx.out,
        listen: async (window) => {
          const result = await runListen(
            {agentId: seat.agentId, url: seat.url, home: seat.home, source: 'auto', once: true, importantOnly: true, maxWaitS: window, debounceS: options.debounce, heartbeatS: 300, driverCall: true},
            {out: ctx.out, err: ctx.err, hub, openWs: openWsSource, signal: ctx.signal, onHeartbeat: () => touch(files.drivePid)},
          )
          return result.reason === 'hub-unreachable' ? ExitCode.Ok : result.code
        },
        runTurn,
        sessions,
        workClaim: filePointer(files.session('work', decl.name).replace(/\.session$/, '.claim')),
        work: {
          find: (strikes) => findContinuableWork(hub, seat.agentId, strikes),
          progress: (row, sinceMs) => chunkProgress(hub, seat.agentId, row, sinceMs),
        },
        initiative: async () => !(await isDelegate(hub, seat.agentId)) && (await hub.owed()).to_answer.length === 0,
        delegate: () => isDelegate(hub, seat.agentId),
        leases: workLeases({url: seat.url, agentId: seat.agentId, home: seat.home, workspace: ctx.cwd}),
        now: Date.now,
        signal: ctx.signal,
        touch: () => touch(files.drivePid),
      },
    )
    return await driver.run()
  } finally {
    removeIfOurs(files.drivePid)
    await turns?.close()
    await rig?.runner.exited()
  }
}
