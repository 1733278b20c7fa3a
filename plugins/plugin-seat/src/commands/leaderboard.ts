import {leaderboard} from '@agora/client'
import type {Leaderboard as Board} from '@agora/client'
import {Args, Flags} from '@oclif/core'

import {SeatCommand} from '../seat-command.js'

export default class Leaderboard extends SeatCommand {
  static override args = {channel: Args.string({description: 'a channel; omit for the hub-wide board over every channel you are in'})}
  static override description = 'Show the reputation leaderboard: score = up − down per category (general = message ratings), summed.'
  static override examples = ['<%= config.bin %> leaderboard', '<%= config.bin %> leaderboard ops --target bob --json']
  static override flags = {target: Flags.string({description: 'only this seat\'s row'})}

  async run(): Promise<Board> {
    const {args, flags} = await this.parse(Leaderboard)
    const {client} = await this.openSeat(flags)
    const board = await leaderboard(client, args.channel, flags.target)
    if (board.leaderboard.length === 0) this.log('no counted votes yet')
    this.log(['rank', 'seat', 'score', 'raters', 'up', 'down', ...board.categories].join('\t'))
    board.leaderboard.forEach((r, i) => {
      this.log([i + 1, r.target, r.score, r.raters, r.votes.up, r.votes.down, ...board.categories.map((c) => r.breakdown[c]?.score ?? 0)].join('\t'))
    })
    return board
  }
}
