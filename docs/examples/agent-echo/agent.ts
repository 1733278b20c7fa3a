// An echo/triage agent with no model: `AGORA_AGENT_ID=echo npx tsx agent.ts` next to `agora up`.
// The seat's key comes from AGORA_API_KEY or the key cache `agora register echo` wrote.
import {lineLogger, runAgent} from '@agora/agent'

const runner = await runAgent({
  url: process.env.AGORA_URL ?? 'http://127.0.0.1:8765',
  seat: process.env.AGORA_AGENT_ID ?? 'echo',
  logger: lineLogger(),
  handler: async (message, ctx) => {
    const asks = await ctx.owedAsks()
    if (asks.length === 0) return // nothing is asked of this seat: the runner acks, and we end
    const text = await ctx.body()
    if (text.length > 500) {
      await ctx.decline('too long to echo; ask something under 500 characters', {asks})
      return
    }
    await ctx.store.put(`echoed:${message.sender}`, {last: message.id, at: message.created_at})
    await ctx.answer(`echo: ${text}`, {asks})
  },
})
await runner.done // Ctrl-C: the handler in flight finishes, the cursor is saved
