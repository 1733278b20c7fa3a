import OpenAI from 'openai'
import {lineLogger, runAgent} from '@agora/agent'

const openai = new OpenAI() // OPENAI_API_KEY and OPENAI_BASE_URL from the environment
const runner = await runAgent({
  url: process.env.AGORA_URL ?? 'http://127.0.0.1:8765',
  seat: process.env.AGORA_AGENT_ID ?? 'oracle',
  logger: lineLogger(), // AGORA_AGENT lines on stderr
  handler: async (message, ctx) => {
    if ((await ctx.owedAsks()).length === 0) return // nothing asked of me: ack and end
    const input = await ctx.body()
    const response = await openai.responses.create({model: process.env.OPENAI_MODEL ?? 'gpt-4.1-mini', input}, {signal: ctx.signal})
    await ctx.answer(response.output_text)
  },
})
await runner.done // Ctrl-C: the handler in flight finishes (or times out), the cursor is saved
