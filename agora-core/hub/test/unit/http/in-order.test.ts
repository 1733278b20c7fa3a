// inOrder: several middlewares as one layer, with express's rules for next(err), throws and rejections.
import {expect} from 'chai'
import express from 'express'
import type {NextFunction, Request, Response} from 'express'
import {createServer} from 'node:http'
import type {AddressInfo} from 'node:net'
import {inOrder} from '../../../src/http/in-order.js'

type Step = (req: Request, res: Response, next: NextFunction) => void | Promise<void>

async function run(steps: Step[]): Promise<{status: number; body: unknown}> {
  const app = express()
  app.use(inOrder(...steps))
  app.use((req: Request, res: Response) => { res.json({reached: true, seen: (req as unknown as {seen?: string[]}).seen ?? []}) })
  app.use((err: Error, req: Request, res: Response, _next: NextFunction) => { res.status(500).json({error: err.message, seen: (req as unknown as {seen?: string[]}).seen ?? []}) })
  const server = createServer(app)
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  try {
    const r = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/x`)
    return {status: r.status, body: await r.json()}
  } finally {
    await new Promise<void>((ok) => server.close(() => ok()))
  }
}

const mark = (name: string): Step => (req, _res, next) => { const r = req as unknown as {seen?: string[]}; (r.seen ??= []).push(name); next() }

describe('inOrder', () => {
  it('runs every step in order, then the next layer', async () => {
    expect(await run([mark('a'), mark('b'), mark('c')])).to.deep.equal({status: 200, body: {reached: true, seen: ['a', 'b', 'c']}})
  })

  it('skips the remaining steps when one passes an error, throws or rejects', async () => {
    const failing: Step[] = [
      (_req, _res, next) => next(new Error('passed')),
      () => { throw new Error('thrown') },
      async () => { await Promise.resolve(); throw new Error('rejected') },
    ]
    for (const fail of failing) {
      const out = await run([mark('a'), fail, mark('c')])
      expect(out.status).to.equal(500)
      expect((out.body as {seen: string[]}).seen).to.deep.equal(['a'])
    }
  })

  it('waits for a step that calls next later', async () => {
    const later: Step = (_req, _res, next) => { setTimeout(() => next(), 20) }
    expect(await run([later, mark('b')])).to.deep.equal({status: 200, body: {reached: true, seen: ['b']}})
  })
})
