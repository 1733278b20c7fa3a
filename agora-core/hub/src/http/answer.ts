import type {Response} from 'express'
import type {RouteAnswer, RouteKey} from '@agora/protocol'
import {send, sendJson} from './respond.js'

/**
 * Send a route's success answer. The route key names the @agora/protocol record the value must be
 * (`RouteAnswer<route>`), so an answer that drifts from the wire fails the type check, not a client.
 * No validation at run time: the live wire test checks every route's real answer against its schema.
 */
export function answer<K extends RouteKey>(res: Response, route: K, value: RouteAnswer<K>, status = 200): void {
  void route
  send(res, value, status)
}

/** Send a route's answer that a service already rendered as wire JSON (the inbox renders its envelopes once, for speed). */
export function answerJson(res: Response, route: RouteKey, json: string | Buffer): void {
  void route
  sendJson(res, json)
}
