"use strict";
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
Object.defineProperty(exports, "__esModule", { value: true });
exports.INLINE_TO_ME = exports.INLINE_ANY = void 0;
exports.debtAge = debtAge;
exports.buildEnvelope = buildEnvelope;
var messages_js_1 = require("./messages.js");
var obligations_js_1 = require("./obligations.js");
var pause_js_1 = require("./pause.js");
var store_js_1 = require("./store.js");
exports.INLINE_ANY = 1200;
exports.INLINE_TO_ME = 4096;
/**
 * Viewer-independent parts, computed once per message object (one fan-out reuses them). The
 * promise is memoized, so the sockets of one fan-out, which all ask at once, share one read.
 */
var sharedMemo = new WeakMap();
function shared(ctx, m, o) {
    var s = sharedMemo.get(m);
    if (!s) {
        s = computeShared(ctx, m, o);
        sharedMemo.set(m, s);
        // A failed read is not memoized: the next viewer tries again.
        s.catch(function () { return sharedMemo.delete(m); });
    }
    return s;
}
function computeShared(ctx, m, o) {
    return __awaiter(this, void 0, void 0, function () {
        var base, state, _a, _b, parentSender, _c, _d;
        var _e, _f, _g;
        return __generator(this, function (_h) {
            switch (_h.label) {
                case 0:
                    base = (0, messages_js_1.wireMessage)(m);
                    if (!(m.retracted_at == null && (0, obligations_js_1.isObligation)(m))) return [3 /*break*/, 4];
                    if (!((_e = o.state) !== null && _e !== void 0)) return [3 /*break*/, 1];
                    _b = _e;
                    return [3 /*break*/, 3];
                case 1: return [4 /*yield*/, (0, obligations_js_1.threadState)(ctx, m)];
                case 2:
                    _b = _h.sent();
                    _h.label = 3;
                case 3:
                    _a = (_b);
                    return [3 /*break*/, 5];
                case 4:
                    _a = undefined;
                    _h.label = 5;
                case 5:
                    state = _a;
                    if (!(o.parentSender !== undefined)) return [3 /*break*/, 6];
                    _c = o.parentSender;
                    return [3 /*break*/, 10];
                case 6:
                    if (!m.reply_to) return [3 /*break*/, 8];
                    return [4 /*yield*/, (0, messages_js_1.getMessage)(ctx, m.reply_to)];
                case 7:
                    _d = ((_g = (_f = (_h.sent())) === null || _f === void 0 ? void 0 : _f.sender) !== null && _g !== void 0 ? _g : null);
                    return [3 /*break*/, 9];
                case 8:
                    _d = null;
                    _h.label = 9;
                case 9:
                    _c = _d;
                    _h.label = 10;
                case 10:
                    parentSender = _c;
                    return [2 /*return*/, { base: base, state: state, parentSender: parentSender, bodyBytes: Buffer.byteLength(base.body) }];
            }
        });
    });
}
/** Seconds a debt has been waiting, minus time the hub spent paused. */
function debtAge(ctx_1, born_1) {
    return __awaiter(this, arguments, void 0, function (ctx, born, now) {
        var _a;
        if (now === void 0) { now = ctx.now(); }
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0:
                    _a = now - born;
                    return [4 /*yield*/, (0, pause_js_1.pausedOverlap)(ctx, born, now)];
                case 1: return [2 /*return*/, _a - (_b.sent())];
            }
        });
    });
}
/**
 * THE envelope builder (docs/protocol.md#envelopes): /inbox, WS push and notify lines all call this, so the
 * viewer-specific flags and the inlining decision can never drift between surfaces.
 */
function buildEnvelope(ctx_1, m_1, viewer_1) {
    return __awaiter(this, arguments, void 0, function (ctx, m, viewer, o) {
        var _a, base, state, parentSender, bodyBytes, gone, pending, toMe, pendingSet, addressed, replyToMe, body, redelivery, _b, _c, owesIt, escalated, list, _d, meta, _e, now, inline, data, asks;
        var _f, _g, _h, _j, _k, _l, _m, _o, _p;
        if (o === void 0) { o = {}; }
        return __generator(this, function (_q) {
            switch (_q.label) {
                case 0: return [4 /*yield*/, shared(ctx, m, o)];
                case 1:
                    _a = _q.sent(), base = _a.base, state = _a.state, parentSender = _a.parentSender, bodyBytes = _a.bodyBytes;
                    gone = m.retracted_at != null;
                    pending = state && !state.closed ? state.pending : [];
                    toMe = !gone && (m.to.includes(viewer) || (state !== undefined && !state.closed && (0, obligations_js_1.pendingAskNames)(state, viewer)) ||
                        (state !== undefined && (0, obligations_js_1.inheritsFromOperator)(ctx, m, viewer)));
                    pendingSet = new Set(pending);
                    addressed = m.to.length > 0 || ((_f = state === null || state === void 0 ? void 0 : state.asks) !== null && _f !== void 0 ? _f : []).some(function (a) { var _a, _b; return pendingSet.has(a.id) && (((_b = (_a = a.to) === null || _a === void 0 ? void 0 : _a.length) !== null && _b !== void 0 ? _b : 0) > 0 || !!a.assignee); });
                    replyToMe = parentSender === viewer;
                    body = base.body;
                    _b = !!o.pinned;
                    if (!_b) return [3 /*break*/, 5];
                    if (!((_g = o.read) !== null && _g !== void 0)) return [3 /*break*/, 2];
                    _c = _g;
                    return [3 /*break*/, 4];
                case 2: return [4 /*yield*/, (0, messages_js_1.isRead)(ctx, m.id, viewer)];
                case 3:
                    _c = _q.sent();
                    _q.label = 4;
                case 4:
                    _b = (_c);
                    _q.label = 5;
                case 5:
                    redelivery = _b;
                    owesIt = (state !== undefined && !state.closed && m.sender !== viewer) || !!o.directiveDebt;
                    escalated = false;
                    if (!(!gone && !m.critical && m.urgency !== 'interrupt' && owesIt)) return [3 /*break*/, 12];
                    if (!((_h = ctx.pauseCache) !== null && _h !== void 0)) return [3 /*break*/, 6];
                    _d = _h;
                    return [3 /*break*/, 8];
                case 6: return [4 /*yield*/, (0, pause_js_1.pauses)(ctx)];
                case 7:
                    _d = _q.sent();
                    _q.label = 8;
                case 8:
                    list = _d;
                    if (!((_j = ctx.metaCache.get(m.channel)) !== null && _j !== void 0)) return [3 /*break*/, 9];
                    _e = _j;
                    return [3 /*break*/, 11];
                case 9: return [4 /*yield*/, (0, store_js_1.channelMeta)(ctx, m.channel)];
                case 10:
                    _e = _q.sent();
                    _q.label = 11;
                case 11:
                    meta = _e;
                    now = ctx.now();
                    escalated = now - m.created_at - (0, pause_js_1.overlapOf)(list, m.created_at, now) > (0, store_js_1.slaOf)(meta) * 60;
                    _q.label = 12;
                case 12:
                    inline = !redelivery && (m.critical || ((toMe || replyToMe) && bodyBytes <= exports.INLINE_TO_ME) || bodyBytes <= exports.INLINE_ANY);
                    data = (_k = base.data) !== null && _k !== void 0 ? _k : null;
                    asks = (_l = state === null || state === void 0 ? void 0 : state.asks) !== null && _l !== void 0 ? _l : [];
                    // An explicit literal, not `{...base, body, data}`: overriding spread keys drops V8 into a slow path.
                    return [2 /*return*/, {
                            id: m.id, channel: m.channel, seq: m.seq, sender: m.sender, kind: m.kind, status: base.status, urgency: m.urgency,
                            critical: m.critical, downgraded: m.downgraded, to: m.to, title: base.title,
                            body: inline ? body : null,
                            data: inline ? data : null,
                            reply_to: m.reply_to, created_at: m.created_at, retracted: gone, retracted_at: m.retracted_at,
                            effective_urgency: m.critical || escalated ? 'interrupt' : m.urgency,
                            escalated: escalated,
                            to_me: toMe,
                            addressed: addressed,
                            from_operator: ctx.cache.isOperator(m.sender),
                            reply_to_me: replyToMe,
                            body_bytes: bodyBytes,
                            pending_asks: pending,
                            your_pending_asks: state && !state.closed ? (0, obligations_js_1.asksNaming)(state, viewer) : [],
                            ask_progress: asks.length ? "".concat(asks.length - ((_m = state === null || state === void 0 ? void 0 : state.pending.length) !== null && _m !== void 0 ? _m : 0), "/").concat(asks.length) : '',
                            declined_asks: (_o = state === null || state === void 0 ? void 0 : state.declined) !== null && _o !== void 0 ? _o : [],
                            has_resolved_reply: (_p = state === null || state === void 0 ? void 0 : state.hasResolvedReply) !== null && _p !== void 0 ? _p : false,
                            redelivery: redelivery,
                            attachments: Array.isArray(data === null || data === void 0 ? void 0 : data.attachments) ? data.attachments : [],
                            signature: typeof (data === null || data === void 0 ? void 0 : data.signature) === 'string' ? data.signature : null,
                            verified_by: null,
                        }];
            }
        });
    });
}
