import {expect} from 'chai'
import {GROUP_MEMBERS_MAX, REQUESTS, SUBSCRIBE_CHANNELS_MAX} from '../src/index.js'
import type {PostBody, RequestBody} from '../src/index.js'

/** The JSON Schema as ajv and /openapi.json see it: plain JSON, TypeBox's symbol tags dropped. */
const json = (schema: unknown): Record<string, any> => JSON.parse(JSON.stringify(schema))

describe('request schemas', () => {
  it('closes every request body to unknown fields', () => {
    const open = Object.entries(REQUESTS).filter(([, schema]) => json(schema).additionalProperties !== false).map(([name]) => name)
    expect(open).to.deep.equal([])
  })

  it('carries the list limits inside the schemas', () => {
    expect(json(REQUESTS.group).properties.members.maxItems).to.equal(GROUP_MEMBERS_MAX)
    expect(json(REQUESTS.subscribe).properties.channels.maxItems).to.equal(SUBSCRIBE_CHANNELS_MAX)
  })

  it('bounds every integer field of every request to the integers a JSON number holds exactly', () => {
    const loose: string[] = []
    const visit = (name: string, path: string, s: any): void => {
      if (!s || typeof s !== 'object') return
      if (s.type === 'integer' && !(Math.abs(s.minimum ?? -Infinity) <= Number.MAX_SAFE_INTEGER && Math.abs(s.maximum ?? Infinity) <= Number.MAX_SAFE_INTEGER)) loose.push(`${name}${path}`)
      for (const [k, v] of Object.entries(s)) if (v && typeof v === 'object') visit(name, `${path}.${k}`, v)
    }
    for (const [name, schema] of Object.entries(REQUESTS)) visit(name, '', json(schema))
    expect(loose).to.deep.equal([])
  })

  it('requires exactly the fields a request cannot do without', () => {
    expect(json(REQUESTS.register).required).to.deep.equal(['id'])
    expect(json(REQUESTS.subscribe).required).to.deep.equal(['type', 'channels'])
    expect(json(REQUESTS.delegation).required).to.deep.equal(['agent_id', 'powers'])
    expect(json(REQUESTS.post).required).to.equal(undefined)
  })

  it('writes nullable fields as a type list and enums as plain enum, the shapes whose 422 details clients know', () => {
    const post = json(REQUESTS.post).properties
    expect(post.reply_to).to.deep.equal({type: ['string', 'null']})
    expect(post.data).to.deep.equal({type: ['object', 'null']})
    expect(post.status).to.deep.equal({enum: ['open', 'reply', 'fyi', 'blocked', 'resolved']})
    expect(json(REQUESTS.ack).properties.cursors).to.deep.equal({type: 'object', additionalProperties: {type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER}})
  })

  it('yields the TypeScript type of each body from the same schema', () => {
    const post: PostBody = {status: 'open', reply_to: null, to: ['bob'], data: {asks: []}}
    const ack: RequestBody<'ack'> = {cursors: {room: 3}}
    // @ts-expect-error: a status outside the enum is not a PostBody
    const wrong: PostBody = {status: 'done'}
    expect([post.status, ack.cursors.room, wrong.status]).to.deep.equal(['open', 3, 'done'])
  })
})
