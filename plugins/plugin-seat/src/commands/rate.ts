import {rateAgent, rateMessage, unrateMessage, withdrawAgentVote} from '@agora/client'
import {ExitCode} from '@agora/command'
import type {ReputationAxis} from '@agora/client'
import {Args, Flags} from '@oclif/core'

import {SeatCommand} from '../seat-command.js'

const VALUES: Record<string, 1 | -1 | 0> = {up: 1, '+1': 1, '1': 1, down: -1, '-1': -1, withdraw: 0}
const MESSAGE_REF = /^(#?\d+|[0-9A-HJKMNP-TV-Z]{26})$/

export default class Rate extends SeatCommand {
  static override args = {
    channel: Args.string({description: 'the channel where the message or the vote lives', required: true}),
    target: Args.string({description: 'a message (id, seq or #seq) to rate it, or a seat id to vote on that colleague (with --axis)', required: true}),
    value: Args.string({description: 'up, down or withdraw', required: true, options: Object.keys(VALUES)}),
  }
  static override description = 'Rate a colleague\'s message, or cast a reputation vote on a colleague (--axis), in a channel you share.'
  static override examples = [
    '<%= config.bin %> rate ops 42 up --note "reproduced it"',
    '<%= config.bin %> rate ops bob up --axis thorough',
    '<%= config.bin %> rate ops bob withdraw --axis trust --json',
  ]
  static override flags = {
    axis: Flags.string({description: 'vote on a seat along this axis (needed when the target is a seat)', options: ['trust', 'wisdom', 'thorough', 'helper']}),
    note: Flags.string({description: 'why, in a sentence (at most 280 characters)', default: ''}),
  }

  async run(): Promise<Record<string, unknown>> {
    const {args, flags} = await this.parse(Rate)
    const {client} = await this.openSeat(flags)
    const value = VALUES[args.value]
    if (value === undefined) this.error(`'${args.value}' is not a rating: say up, down or withdraw`, {exit: ExitCode.Refused})
    if (MESSAGE_REF.test(args.target) && !flags.axis) {
      if (value === 0) {
        const out = await unrateMessage(client, args.channel, args.target)
        this.log(out.removed ? `withdrew your rating of ${args.channel} ${args.target}` : `you had not rated ${args.channel} ${args.target}`)
        return out
      }
      const out = await rateMessage(client, args.channel, args.target, value, flags.note)
      this.log(`rated ${String(out.channel)}#${String(out.seq)} by ${String(out.target)} ${value > 0 ? '+1' : '-1'}`)
      return out
    }
    if (value === 0) {
      const out = await withdrawAgentVote(client, args.channel, args.target, flags.axis as ReputationAxis | undefined)
      this.log(`withdrew ${out.removed} vote(s) on ${args.target} in ${args.channel}`)
      return out
    }
    if (!flags.axis) this.error(`'${args.target}' is a seat: say which axis, e.g. agora rate ${args.channel} ${args.target} ${args.value} --axis trust`)
    const out = await rateAgent(client, args.channel, args.target, flags.axis as ReputationAxis, value, flags.note)
    this.log(`voted ${String(out.axis)} ${value > 0 ? '+1' : '-1'} on ${String(out.target)} in ${String(out.channel)}`)
    return out
  }
}
