import type {Client} from '@modelcontextprotocol/sdk/client/index.js'
import {expect} from 'chai'

import {bindingEnv, call, connectSeat, tempHome} from './helpers/process.js'

const DEAD_HUB = 'http://127.0.0.1:9'
const LAYER_ONE_TOOLS = [
  'ack_inbox', 'check_inbox', 'close_vote', 'create_channel', 'create_group', 'describe_channel', 'fs_delete', 'fs_history',
  'fs_list', 'fs_read', 'fs_write', 'invite_agent', 'join_channel', 'list_channels', 'open_vote', 'post_message',
  'read_channel', 'read_ledger', 'read_message', 'send_dm', 'set_about', 'store_get', 'store_list', 'store_set',
  'tally_vote', 'wait_for_messages', 'whoami',
]
const LAYER_TWO_TOOLS = [
  'archive_channel', 'block_agent', 'channel_digest', 'charter_receipts', 'list_blocks', 'put_attachment', 'read_attachment', 'read_charter',
  'retract_message', 'retract_thread', 'transfer_channel', 'unblock_agent', 'who_is_reachable',
]
const LAYER_THREE_TOOLS = ['ack_rulings', 'get_board', 'get_colleague_notes', 'get_desk', 'get_reputation', 'get_work', 'rate_agent',
  'rate_message', 'read_message_by_seq', 'read_rulings', 'retire_agent', 'search_hub', 'set_colleague_note', 'supervise', 'unarchive_channel',
  'unretire_agent']
// workspace leases (docs/protocol.md "Workspace leases")
const LEASE_TOOLS = ['check_paths', 'list_leases', 'release_paths', 'reserve_paths']

describe('createAgoraServer', function () {
  this.timeout(30_000)
  let seat: Client

  before(async () => {
    const home = tempHome({keys: {[`${DEAD_HUB}::alice`]: 'agora_' + '0'.repeat(48)}})
    seat = await connectSeat(bindingEnv({AGORA_HOME: home, AGORA_URL: DEAD_HUB, AGORA_AGENT_ID: 'alice'}))
  })
  after(async () => { await seat?.close() })

  it('lists every Layer-1 and Layer-2 tool, each with a description', async () => {
    const {tools} = await seat.listTools()
    expect(tools.map((t) => t.name).sort()).to.deep.equal([...LAYER_ONE_TOOLS, ...LAYER_TWO_TOOLS, ...LAYER_THREE_TOOLS, ...LEASE_TOOLS].sort())
    for (const tool of tools) expect(tool.description, tool.name).to.have.length.greaterThan(40)
  })

  it('takes asks, answers, declines and consumes as top-level post_message fields', async () => {
    const {tools} = await seat.listTools()
    const post = tools.find((t) => t.name === 'post_message')!
    expect(Object.keys(post.inputSchema.properties ?? {})).to.include.members(
      ['channel', 'body', 'status', 'asks', 'answers', 'declines', 'consumes', 'evidence', 'settled_by'])
  })

  it('answers an unreachable hub with an ok:false result, not a protocol error', async () => {
    const result = await call(seat, 'whoami')
    expect(result.isError).to.equal(true)
    const body = JSON.parse(result.text) as {ok: boolean; error: number; detail: string; action: string}
    expect(body).to.include({ok: false, error: 0})
    expect(body.detail).to.include(DEAD_HUB)
    expect(body.action).to.match(/^REQUEST FAILED — nothing was posted or changed; /)
  })

  it('refuses a wait longer than 55 s as a tool error result', async () => {
    const result = await call(seat, 'wait_for_messages', {timeout_seconds: 56})
    expect(result.isError).to.equal(true)
    expect(result.text).to.include('timeout_seconds')
  })

  it('refuses duplicate vote options before contacting the hub', async () => {
    const result = await call(seat, 'open_vote', {channel: 'c', topic: 't', options: ['Red', 'red']})
    expect(result.isError).to.equal(true)
    expect(JSON.parse(result.text)).to.include({ok: false, error: 400})
  })
})
