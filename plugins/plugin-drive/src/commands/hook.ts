import {AgoraCommand} from '@agora/command'
import {Args, Flags} from '@oclif/core'

import {gateForSeat} from '../hook/gate-main.js'

import {runHook, HOOK_EVENTS, HOOK_FORMATS} from '../hook/run-hook.js'
import type {HookEventName, HookFormat} from '../hook/run-hook.js'
import {readPayload} from '../hook/stdin.js'
import {httpHub} from '../hub-port.js'
import {receptionSeat} from '../seat-context.js'
import {insideTurn} from '../turn-marker.js'

export default class Hook extends AgoraCommand {
  static override summary = 'Reception hook a harness runs on session events, and the PreToolUse lease gate; always exits 0'
  static override description = 'Reads the harness payload from stdin (at most 0.25 s), then prints the JSON the harness expects, or nothing. PreToolUse refuses a file write on a path another seat leased exclusively (--path-field names the tool_input fields holding paths, --patch-field those holding an apply_patch body). Problems go to stderr; the exit code is always 0.'

  // no --json and no base error line: stdout is the harness's hook protocol (its JSON or nothing), and a failing
  // hook would block the harness, so run() speaks every problem on stderr and always exits 0
  static override enableJsonFlag = false

  static override args = {
    event: Args.string({required: true, options: [...HOOK_EVENTS], description: 'the harness event'}),
  }

  static override flags = {
    as: Flags.string({description: 'seat id (default: $AGORA_AGENT_ID, then .agora/seat.json)'}),
    url: Flags.string({description: 'hub URL'}),
    home: Flags.string({description: 'AGORA_HOME for this process'}),
    'path-field': Flags.string({multiple: true, default: ['file_path'], description: 'PreToolUse: a tool_input field that holds a target path (repeatable)'}),
    'patch-field': Flags.string({multiple: true, default: [], description: 'PreToolUse: a tool_input field holding an apply_patch body whose file headers are the targets (repeatable)'}),
    format: Flags.string({options: [...HOOK_FORMATS], default: 'standard', description: 'stop-hook output shape: standard {"decision":"block"} or followup {"followup_message"}'}),
  }

  async run(): Promise<void> {
    const payloadPromise = readPayload(process.stdin)
    try {
      const {args, flags} = await this.parse(Hook)
      const payload = await payloadPromise
      // the lease gate holds inside driven turns too: a driven seat must honour leases like any other
      if (args.event === 'PreToolUse') return await gateForSeat(payload, flags)
      // a driven or checked turn: the driver verifies reception itself, so the hook stays silent
      if (insideTurn(process.env)) return
      const seat = receptionSeat(flags)
      if (!seat.agentId) {
        this.logToStderr(`agora hook ${args.event}: reception unavailable: no seat identity (pass --as, set AGORA_AGENT_ID, or run \`agora setup <id>\` here)`)
        return
      }
      const hub = httpHub({url: seat.url, agentId: seat.agentId, home: seat.home, headers: {'x-agora-hook': '1'}})
      const result = await runHook({event: args.event as HookEventName, agentId: seat.agentId, home: seat.home, format: flags.format as HookFormat, payload}, {hub})
      if (result.warning) this.logToStderr(result.warning)
      if (result.output) process.stdout.write(JSON.stringify(result.output) + '\n')
    } catch (error) {
      await payloadPromise
      this.logToStderr(`agora hook: reception unavailable: ${(error as Error).message}`)
    }
  }
}
