import {freshDatabase} from './pg-cluster.js'
import {openPostgres} from '../../src/db/open-pg.js'
const db = await openPostgres(await freshDatabase('perf'))
const c = await db.dedicated()
let t = performance.now()
for (let i = 0; i < 500; i++) await c.query('SELECT 1 AS x')
console.log('raw client', (performance.now() - t) / 500, 'ms')
t = performance.now()
for (let i = 0; i < 500; i++) { const k = await db.knex.client.acquireConnection(); await db.knex.client.releaseConnection(k) }
console.log('acquire+release', (performance.now() - t) / 500, 'ms')
await c.end()
await db.close()
