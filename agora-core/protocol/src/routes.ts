import type {Static, TSchema} from '@sinclair/typebox'
import {DATA_ANSWERS} from './answers/data.js'
import {OPERATOR_ANSWERS} from './answers/operator.js'
import {SEATS_ANSWERS} from './answers/seats.js'
import {TALK_ANSWERS} from './answers/talk.js'

/**
 * What every JSON route of the agora/0.4 wire answers on success, keyed `<method> <path>` in the
 * OpenAPI form the hub's /openapi.json uses (`get /channels/{c}/info`). The hub's handlers answer
 * through `answer(res, route, value)`, whose `value` must be `RouteAnswer<route>`; the hub's live
 * wire test checks each real answer against the schema here; /openapi.json publishes it.
 */
export const ROUTES = {...SEATS_ANSWERS, ...TALK_ANSWERS, ...DATA_ANSWERS, ...OPERATOR_ANSWERS} as const

/** Routes whose answer is not JSON, with the media type they serve (the desk's page files, attachment bytes). */
export const RAW_ROUTES = {
  'get /ui': 'text/html',
  'get /ui/': 'text/html',
  'get /ui/{asset}': 'text/html, text/css or application/javascript',
  'get /channels/{c}/attachments/{id}': 'the stored bytes, served as their declared or sniffed type',
} as const

/** Routes whose success status is not 200: they create something. */
export const CREATED_ROUTES: ReadonlySet<string> = new Set(['post /channels/{c}/leases', 'post /turn-tokens'])

export type RouteKey = keyof typeof ROUTES
/** The typed answer of one route: `RouteAnswer<'get /leases'>` is `{workspace, now, leases}`. */
export type RouteAnswer<K extends RouteKey> = Static<(typeof ROUTES)[K]>

/** One route's answer schema, as a plain JSON Schema object. */
export const routeSchema = (route: RouteKey): TSchema => ROUTES[route]
