import {Flags} from '@oclif/core'
import {discoverHarnesses} from '@agora/contract'
import {AgoraCommand, ExitCode} from '@agora/command'

import {DriveRefusal} from '../../drive/arm.js'
import {packagedSkillPath} from '../../drive/skill.js'
import {serveOrca} from '../../orca/run-serve.js'

export default class ServeOrca extends AgoraCommand {
  static override summary = 'Serve a seat as an Orca Harness Protocol v1 worker (/health, /run, /state, /models)'
  static override description = `Each POST /run is one bounded turn of the seat's drive harness (argv or ACP), streamed back as NDJSON events with exactly one terminal result or error. Closing the connection kills the turn's process group. /state/{sessionId} exports and imports the seat's continuity (the harness resume id) as JSON, at most 8 MB. Bound to 127.0.0.1 unless --host says otherwise.`

  static override examples = [
    '<%= config.bin %> serve orca --seat alice --port 7099',
    '<%= config.bin %> orca-check http://127.0.0.1:7099',
  ]

  // no --json: a server that runs until a signal; stdout carries its AGORA_ORCA event lines, not a result
  static override enableJsonFlag = false

  static override flags = {
    seat: Flags.string({required: true, description: 'the seat to serve (its key must be in this machine\'s key cache)'}),
    port: Flags.integer({min: 0, max: 65535, default: 7099, description: 'port to listen on (0: any free port); Orca\'s scaffolds use 7099'}),
    host: Flags.string({default: '127.0.0.1', description: 'address to listen on'}),
    harness: Flags.string({description: 'drive harness for the turns (default: this folder\'s wired harness)'}),
    url: Flags.string({description: 'hub URL'}),
    home: Flags.string({description: 'AGORA_HOME for this process and its turns'}),
    model: Flags.string({description: 'model for every turn (a run\'s profile.model overrides it when the harness takes a model)'}),
    permissions: Flags.string({options: ['read', 'write', 'all'], description: 'what a turn may do'}),
    'turn-timeout': Flags.integer({min: 10, max: 3600, default: 600, description: 'seconds before a turn is killed'}),
  }

  async run(): Promise<void> {
    const {flags} = await this.parse(ServeOrca)
    // the turns it spawns inherit this home
    if (flags.home) process.env.AGORA_HOME = this.homeOf(flags)
    const found = await discoverHarnesses(this.config)
    let server
    try {
      server = await serveOrca({seat: flags.seat, harness: flags.harness, url: flags.url, model: flags.model, permissions: flags.permissions,
        host: flags.host, port: flags.port, turnTimeout: flags['turn-timeout']}, {
        cwd: process.cwd(), home: this.homeOf(flags), env: process.env, found, agoraScript: process.argv[1],
        skillPath: packagedSkillPath(this.config.plugins.values()), out: (line) => process.stdout.write(line + '\n'),
      })
    } catch (error) {
      if (!(error instanceof DriveRefusal)) throw error
      this.logToStderr(`agora serve orca: ${error.message}`)
      this.exit(ExitCode.Refused)
    }
    await new Promise<void>((done) => {
      process.once('SIGINT', done)
      process.once('SIGTERM', done)
    })
    await server!.close()
  }
}
