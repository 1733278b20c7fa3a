import type {Request, Response} from 'express'
import {stringifyWire} from '@agora/protocol'
import type {Ctx} from '../services/kernel/index.js'
import {authenticate} from '../services/channels/index.js'
import type {Principal} from '../services/channels/index.js'

/** Send with the wire serializer: lossless number tokens verbatim, timestamps as Python floats. */
export function send(res: Response, value: unknown, status = 200): void {
  sendJson(res, stringifyWire(value), status)
}

/** Send text (or its UTF-8 bytes) that is already wire JSON. */
export function sendJson(res: Response, text: string | Buffer, status = 200): void {
  // Straight to node's response: express's send() (type lookup, freshness, etag) costs more than the JSON.
  res.statusCode = status
  res.setHeader('Content-Type', 'application/json; charset=utf-8')
  res.setHeader('Content-Length', Buffer.byteLength(text))
  res.end(text)
}

export async function principal(ctx: Ctx, req: Request): Promise<Principal> {
  // A desk session cookie (http/desk-cookie.ts) stands in for the bearer only when no Authorization header came.
  if (req.deskPrincipal && !req.headers.authorization) return req.deskPrincipal
  return authenticate(ctx, req.headers.authorization)
}

/**
 * A path parameter. Every one names something (a channel, a file path, a key, an id), so it is
 * read in NFC: the identifier rule, at the door, so either spelling of `café` finds the same channel.
 */
export function param(req: Request, name: string): string {
  const v = (req.params as Record<string, string | string[]>)[name]
  const text = Array.isArray(v) ? v.join('/') : v
  if (text === undefined) throw new Error(`this route declares no :${name} parameter`) // a coding slip, answered 500
  return text.normalize('NFC')
}

/** The body's lossless twin, for fields whose number tokens must survive. */
export function losslessField(req: Request, name: string): unknown {
  return req.lossless?.[name]
}
