import type express from 'express'

/** One route the express app serves, its path in OpenAPI form (`/channels/{c}/fs/{path}`). */
export interface ServedRoute {
  method: 'get' | 'post' | 'put' | 'delete'
  path: string
}

interface Layer {
  route?: {path: string; methods: Record<string, boolean>}
  handle?: {stack?: Layer[]}
}

/** `:c` and the wildcard `*path` both become `{name}`. */
export const openApiPath = (expressPath: string): string => expressPath.replace(/[:*]([A-Za-z_]\w*)/g, '{$1}')

/**
 * Every route of the app, read from express's own router stack (nested routers included), so a
 * route added anywhere is listed without anyone remembering to list it.
 */
export function servedRoutes(app: express.Express): ServedRoute[] {
  const out: ServedRoute[] = []
  const visit = (stack: Layer[]): void => {
    for (const layer of stack) {
      if (layer.route) {
        for (const [method, on] of Object.entries(layer.route.methods)) {
          if (on && method !== '_all') out.push({method: method as ServedRoute['method'], path: openApiPath(layer.route.path)})
        }
      } else if (layer.handle?.stack) visit(layer.handle.stack)
    }
  }
  visit((app as unknown as {router: {stack: Layer[]}}).router.stack)
  return out
}
