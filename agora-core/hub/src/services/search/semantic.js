"use strict";
var __assign = (this && this.__assign) || function () {
    __assign = Object.assign || function(t) {
        for (var s, i = 1, n = arguments.length; i < n; i++) {
            s = arguments[i];
            for (var p in s) if (Object.prototype.hasOwnProperty.call(s, p))
                t[p] = s[p];
        }
        return t;
    };
    return __assign.apply(this, arguments);
};
var __awaiter = (this && this.__awaiter) || function (thisArg, _arguments, P, generator) {
    function adopt(value) { return value instanceof P ? value : new P(function (resolve) { resolve(value); }); }
    return new (P || (P = Promise))(function (resolve, reject) {
        function fulfilled(value) { try { step(generator.next(value)); } catch (e) { reject(e); } }
        function rejected(value) { try { step(generator["throw"](value)); } catch (e) { reject(e); } }
        function step(result) { result.done ? resolve(result.value) : adopt(result.value).then(fulfilled, rejected); }
        step((generator = generator.apply(thisArg, _arguments || [])).next());
    });
};
var __generator = (this && this.__generator) || function (thisArg, body) {
    var _ = { label: 0, sent: function() { if (t[0] & 1) throw t[1]; return t[1]; }, trys: [], ops: [] }, f, y, t, g = Object.create((typeof Iterator === "function" ? Iterator : Object).prototype);
    return g.next = verb(0), g["throw"] = verb(1), g["return"] = verb(2), typeof Symbol === "function" && (g[Symbol.iterator] = function() { return this; }), g;
    function verb(n) { return function (v) { return step([n, v]); }; }
    function step(op) {
        if (f) throw new TypeError("Generator is already executing.");
        while (g && (g = 0, op[0] && (_ = 0)), _) try {
            if (f = 1, y && (t = op[0] & 2 ? y["return"] : op[0] ? y["throw"] || ((t = y["return"]) && t.call(y), 0) : y.next) && !(t = t.call(y, op[1])).done) return t;
            if (y = 0, t) op = [op[0] & 2, t.value];
            switch (op[0]) {
                case 0: case 1: t = op; break;
                case 4: _.label++; return { value: op[1], done: false };
                case 5: _.label++; y = op[1]; op = [0]; continue;
                case 7: op = _.ops.pop(); _.trys.pop(); continue;
                default:
                    if (!(t = _.trys, t = t.length > 0 && t[t.length - 1]) && (op[0] === 6 || op[0] === 2)) { _ = 0; continue; }
                    if (op[0] === 3 && (!t || (op[1] > t[0] && op[1] < t[3]))) { _.label = op[1]; break; }
                    if (op[0] === 6 && _.label < t[1]) { _.label = t[1]; t = op; break; }
                    if (t && _.label < t[2]) { _.label = t[2]; _.ops.push(op); break; }
                    if (t[2]) _.ops.pop();
                    _.trys.pop(); continue;
            }
            op = body.call(thisArg, _);
        } catch (e) { op = [6, e]; y = 0; } finally { f = t = 0; }
        if (op[0] & 5) throw op[1]; return { value: op[0] ? op[1] : void 0, done: true };
    }
};
var __spreadArray = (this && this.__spreadArray) || function (to, from, pack) {
    if (pack || arguments.length === 2) for (var i = 0, l = from.length, ar; i < l; i++) {
        if (ar || !(i in from)) {
            if (!ar) ar = Array.prototype.slice.call(from, 0, i);
            ar[i] = from[i];
        }
    }
    return to.concat(ar || Array.prototype.slice.call(from));
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.Embedder = void 0;
exports.semanticSearch = semanticSearch;
exports.backfill = backfill;
exports.embedderOf = embedderOf;
var embedding_js_1 = require("./embedding.js");
/** A semantic hit must be at least this similar to the query (cosine), or it is noise. */
var MIN_SIMILARITY = 0.3;
/** Vectors compared per query: a bound, like every list. */
var SCAN_CAP = 50000;
function textOf(m) {
    return "".concat(m.title, "\n").concat(m.body).trim();
}
/** Query vectors against the stored ones of live messages in the searched channels, best first. */
function semanticSearch(ctx, q, channels, f) {
    return __awaiter(this, void 0, void 0, function () {
        var config, vector, err_1, inList, conds, params, rows, live, scored, out, n;
        var _a, _b;
        var _c;
        return __generator(this, function (_d) {
            switch (_d.label) {
                case 0: return [4 /*yield*/, (0, embedding_js_1.loadEmbedding)(ctx)];
                case 1:
                    config = _d.sent();
                    if (!config)
                        return [2 /*return*/, { state: 'off' }
                            // Rating and thread filters are lexical-only refinements: semantic hits would ignore them.
                        ];
                    // Rating and thread filters are lexical-only refinements: semantic hits would ignore them.
                    if (f.rated !== null || f.minVotes !== null || f.ref !== null || channels.length === 0)
                        return [2 /*return*/, { state: 'ok', coverage: 1, rows: [] }];
                    _d.label = 2;
                case 2:
                    _d.trys.push([2, 4, , 5]);
                    return [4 /*yield*/, (0, embedding_js_1.embed)(config, [q.text])];
                case 3:
                    vector = (_d.sent())[0];
                    return [3 /*break*/, 5];
                case 4:
                    err_1 = _d.sent();
                    return [2 /*return*/, { state: 'failed', reason: err_1.message }];
                case 5:
                    inList = channels.map(function () { return '?'; }).join(', ');
                    conds = ["m.channel IN (".concat(inList, ")"), 'm.retracted_at IS NULL', "m.kind = 'message'"];
                    params = __spreadArray([], channels, true);
                    if (f.sender !== null) {
                        conds.push('m.sender = ?');
                        params.push(f.sender);
                    }
                    if (f.since !== null) {
                        conds.push('m.created_at >= ?');
                        params.push(f.since);
                    }
                    if (f.until !== null) {
                        conds.push('m.created_at <= ?');
                        params.push(f.until);
                    }
                    return [4 /*yield*/, (_a = ctx.db).all.apply(_a, __spreadArray(["SELECT m.id, m.channel, m.seq, m.sender, m.status, m.title,\n      m.body, m.created_at, m.reply_to, m.closed, e.vector FROM message_embeddings e JOIN messages m ON m.id = e.message_id\n    WHERE e.model = ? AND ".concat(conds.join(' AND '), " LIMIT ").concat(SCAN_CAP), config.model], params, false))];
                case 6:
                    rows = _d.sent();
                    return [4 /*yield*/, (_b = ctx.db).get.apply(_b, __spreadArray(["SELECT COUNT(*) AS n FROM messages m WHERE ".concat(conds.join(' AND '))], params, false))];
                case 7:
                    live = _d.sent();
                    scored = rows.map(function (r) { return ({ r: r, s: (0, embedding_js_1.cosine)(vector, JSON.parse(r.vector)) }); }).filter(function (x) { return x.s >= MIN_SIMILARITY; });
                    scored.sort(function (a, b) { return b.s - a.s || b.r.created_at - a.r.created_at; });
                    out = scored.map(function (_a) {
                        var r = _a.r;
                        return (__assign(__assign({}, r), { section: r.status === 'resolved' ? 'decisions' : (r.status === 'open' || r.status === 'blocked') && !r.closed ? 'open_threads' : 'messages', total: 0 }));
                    })
                        .filter(function (r) { return f.kind === null || r.section === f.kind; });
                    n = Number((_c = live === null || live === void 0 ? void 0 : live.n) !== null && _c !== void 0 ? _c : 0);
                    return [2 /*return*/, { state: 'ok', coverage: n === 0 ? 1 : Math.min(1, rows.length / n), rows: out }];
            }
        });
    });
}
/** Embed every live message that has no vector for the configured model, in batches; answers how many. */
function backfill(ctx_1, config_1) {
    return __awaiter(this, arguments, void 0, function (ctx, config, onBatch) {
        var done, _loop_1, state_1;
        var _this = this;
        if (onBatch === void 0) { onBatch = function () { }; }
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    done = 0;
                    _loop_1 = function () {
                        var batch, vectors;
                        return __generator(this, function (_b) {
                            switch (_b.label) {
                                case 0: return [4 /*yield*/, ctx.db.all("SELECT m.id, m.channel, m.title, m.body FROM messages m\n      LEFT JOIN message_embeddings e ON e.message_id = m.id AND e.model = ?\n      WHERE m.kind = 'message' AND m.retracted_at IS NULL AND e.message_id IS NULL ORDER BY m.created_at LIMIT ".concat(embedding_js_1.BATCH), config.model)];
                                case 1:
                                    batch = _b.sent();
                                    if (batch.length === 0)
                                        return [2 /*return*/, { value: done }];
                                    return [4 /*yield*/, (0, embedding_js_1.embed)(config, batch.map(textOf))];
                                case 2:
                                    vectors = _b.sent();
                                    return [4 /*yield*/, ctx.db.tx(function () { return __awaiter(_this, void 0, void 0, function () {
                                            var i;
                                            return __generator(this, function (_a) {
                                                switch (_a.label) {
                                                    case 0:
                                                        i = 0;
                                                        _a.label = 1;
                                                    case 1:
                                                        if (!(i < batch.length)) return [3 /*break*/, 4];
                                                        return [4 /*yield*/, storeVector(ctx, batch[i], config.model, vectors[i])];
                                                    case 2:
                                                        _a.sent();
                                                        _a.label = 3;
                                                    case 3:
                                                        i++;
                                                        return [3 /*break*/, 1];
                                                    case 4: return [2 /*return*/];
                                                }
                                            });
                                        }); })];
                                case 3:
                                    _b.sent();
                                    done += batch.length;
                                    onBatch(done);
                                    return [2 /*return*/];
                            }
                        });
                    };
                    _a.label = 1;
                case 1: return [5 /*yield**/, _loop_1()];
                case 2:
                    state_1 = _a.sent();
                    if (typeof state_1 === "object")
                        return [2 /*return*/, state_1.value];
                    _a.label = 3;
                case 3: return [3 /*break*/, 1];
                case 4: return [2 /*return*/];
            }
        });
    });
}
function storeVector(ctx, m, model, v) {
    return __awaiter(this, void 0, void 0, function () {
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, ctx.db.run("INSERT INTO message_embeddings (message_id, channel, model, vector, created_at) VALUES (?, ?, ?, ?, ?)\n    ON CONFLICT (message_id) DO UPDATE SET model = excluded.model, vector = excluded.vector, created_at = excluded.created_at", m.id, m.channel, model, JSON.stringify(v), ctx.now())];
                case 1:
                    _a.sent();
                    return [2 /*return*/];
            }
        });
    });
}
/**
 * Keep vectors in step with posts while an endpoint is set: each stored human message is embedded
 * after its commit (a failure leaves it for the next backfill, never fails the post); a
 * retraction drops its vector.
 */
var Embedder = /** @class */ (function () {
    function Embedder(ctx) {
        this.ctx = ctx;
        this.off = null;
        this.chain = Promise.resolve();
    }
    Embedder.prototype.start = function () {
        var _this = this;
        if (this.off)
            return;
        this.off = this.ctx.bus.on(function (m) {
            if (m.kind !== 'message')
                return;
            _this.chain = _this.chain.then(function () { return _this.one(m); }).catch(function () { });
        });
    };
    Embedder.prototype.stop = function () {
        var _a;
        (_a = this.off) === null || _a === void 0 ? void 0 : _a.call(this);
        this.off = null;
    };
    /** Resolves once every queued message has been handled (tests and the rebuild route wait on it). */
    Embedder.prototype.idle = function () {
        return this.chain;
    };
    Embedder.prototype.one = function (m) {
        return __awaiter(this, void 0, void 0, function () {
            var config, v;
            return __generator(this, function (_a) {
                switch (_a.label) {
                    case 0:
                        if (!(m.retracted_at != null)) return [3 /*break*/, 2];
                        return [4 /*yield*/, this.ctx.db.run('DELETE FROM message_embeddings WHERE message_id = ?', m.id)];
                    case 1:
                        _a.sent();
                        return [2 /*return*/];
                    case 2: return [4 /*yield*/, (0, embedding_js_1.loadEmbedding)(this.ctx)];
                    case 3:
                        config = _a.sent();
                        if (!config)
                            return [2 /*return*/];
                        return [4 /*yield*/, (0, embedding_js_1.embed)(config, [textOf(m)])];
                    case 4:
                        v = (_a.sent())[0];
                        return [4 /*yield*/, storeVector(this.ctx, m, config.model, v)];
                    case 5:
                        _a.sent();
                        return [2 /*return*/];
                }
            });
        });
    };
    return Embedder;
}());
exports.Embedder = Embedder;
var embedders = new WeakMap();
function embedderOf(ctx) {
    var e = embedders.get(ctx);
    if (!e)
        embedders.set(ctx, (e = new Embedder(ctx)));
    return e;
}
