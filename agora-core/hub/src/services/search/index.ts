// search: lexical and semantic message search, store hits, embedding settings.
// The public face of services/search/: code outside this folder imports from here only.

export {EMBEDDING_KEY, embed, endpointOf, loadEmbedding, saveEmbedding} from './embedding.js'
export type {EmbeddingConfig} from './embedding.js'
export {rebuildSearch, searchDrift} from './index-admin.js'
export {parseQuery} from './query.js'
export {SECTIONS, runSearch} from './report.js'
export type {SearchParams} from './report.js'
export {backfill, embedderOf, syncEmbedder} from './semantic.js'
