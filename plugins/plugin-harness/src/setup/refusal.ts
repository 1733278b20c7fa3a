import {ExitCode} from '@agora/command'
/** A setup the command refuses before writing anything (corrupt config, unknown harness, bad id). Exit 2. */
export class SetupRefusal extends Error {
  readonly exitCode = ExitCode.Refused
  constructor(message: string) {
    super(message)
    this.name = 'SetupRefusal'
  }
}
