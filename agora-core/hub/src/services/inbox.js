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
exports.INBOX_WINDOW = void 0;
exports.computeInbox = computeInbox;
exports.computeInboxJson = computeInboxJson;
exports.pinsObligation = pinsObligation;
exports.waitInbox = waitInbox;
var messages_js_1 = require("./messages.js");
var protocol_1 = require("@agora/protocol");
var envelopes_js_1 = require("./envelopes.js");
var debts_js_1 = require("./debts.js");
var obligations_js_1 = require("./obligations.js");
var in_order_js_1 = require("./in-order.js");
exports.INBOX_WINDOW = 100;
var WINDOW = "FROM messages WHERE channel = ? AND seq > ? AND sender != ? ORDER BY seq LIMIT ".concat(exports.INBOX_WINDOW);
/**
 * The cursor window of one channel. For the text form, a first pass reads only the columns that
 * decide reuse; when every row's serialized envelope is at hand, bodies and data are never read.
 */
function windowOf(ctx, viewer, channel, after, asText) {
    return __awaiter(this, void 0, void 0, function () {
        var light, reused, _i, light_1, _a, id, sender, status_1, retractedAt, critical, createdAt, seq, text;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0:
                    if (!asText) return [3 /*break*/, 2];
                    return [4 /*yield*/, ctx.db.rows("SELECT id, sender, status, retracted_at, critical, created_at, seq ".concat(WINDOW), channel, after, viewer)];
                case 1:
                    light = _b.sent();
                    reused = [];
                    for (_i = 0, light_1 = light; _i < light_1.length; _i++) {
                        _a = light_1[_i], id = _a[0], sender = _a[1], status_1 = _a[2], retractedAt = _a[3], critical = _a[4], createdAt = _a[5], seq = _a[6];
                        if ((status_1 === 'open' || status_1 === 'blocked') && retractedAt == null)
                            break;
                        text = texts.get(keyOf(ctx, viewer, id, retractedAt, sender));
                        if (text === undefined)
                            break;
                        reused.push({ id: id, critical: !!critical, created_at: createdAt, seq: seq, text: text });
                    }
                    if (reused.length === light.length)
                        return [2 /*return*/, reused];
                    _b.label = 2;
                case 2: return [4 /*yield*/, (0, messages_js_1.selectMessages)(ctx, WINDOW, channel, after, viewer)];
                case 3: return [2 /*return*/, (_b.sent()).map(function (m) { return ({ m: m, pinned: false, debt: false }); })];
            }
        });
    });
}
/** Inbox selection (docs/protocol.md#inbox): cursor window + unread criticals + pinned obligations + directive debts. */
function selectInbox(ctx, viewer, asText) {
    return __awaiter(this, void 0, void 0, function () {
        var picked, cursors, _a, _i, _b, channel, _c, _d, p, criticals, _e, criticals_1, m, open, _f, _g, reads, _h, open_1, _j, m, state, _k, _l, d;
        var _m;
        return __generator(this, function (_o) {
            switch (_o.label) {
                case 0:
                    picked = new Map();
                    _a = Map.bind;
                    return [4 /*yield*/, ctx.db.all('SELECT channel, last_seq FROM cursors WHERE agent = ?', viewer)];
                case 1:
                    cursors = new (_a.apply(Map, [void 0, (_o.sent())
                            .map(function (r) { return [r.channel, r.last_seq]; })]))();
                    _i = 0, _b = ctx.cache.channelsOf(viewer);
                    _o.label = 2;
                case 2:
                    if (!(_i < _b.length)) return [3 /*break*/, 7];
                    channel = _b[_i];
                    _c = 0;
                    return [4 /*yield*/, windowOf(ctx, viewer, channel, (_m = cursors.get(channel)) !== null && _m !== void 0 ? _m : 0, asText)];
                case 3:
                    _d = _o.sent();
                    _o.label = 4;
                case 4:
                    if (!(_c < _d.length)) return [3 /*break*/, 6];
                    p = _d[_c];
                    picked.set(isReused(p) ? p.id : p.m.id, p);
                    _o.label = 5;
                case 5:
                    _c++;
                    return [3 /*break*/, 4];
                case 6:
                    _i++;
                    return [3 /*break*/, 2];
                case 7: return [4 /*yield*/, (0, messages_js_1.selectMessages)(ctx, "FROM messages m WHERE m.critical = 1 AND m.retracted_at IS NULL\n    AND m.sender != ? AND m.channel IN (SELECT channel FROM members WHERE agent_id = ?)\n    AND NOT EXISTS (SELECT 1 FROM reads r WHERE r.message_id = m.id AND r.agent = ?)", viewer, viewer, viewer)];
                case 8:
                    criticals = _o.sent();
                    for (_e = 0, criticals_1 = criticals; _e < criticals_1.length; _e++) {
                        m = criticals_1[_e];
                        if (!picked.has(m.id))
                            picked.set(m.id, { m: m, pinned: false, debt: false });
                    }
                    _f = debts_js_1.withStates;
                    _g = [ctx];
                    return [4 /*yield*/, (0, debts_js_1.openObligations)(ctx, viewer)];
                case 9: return [4 /*yield*/, _f.apply(void 0, _g.concat([_o.sent()]))];
                case 10:
                    open = _o.sent();
                    return [4 /*yield*/, (0, messages_js_1.readSet)(ctx, viewer, open.map(function (o) { return o.m.id; }))];
                case 11:
                    reads = _o.sent();
                    _h = 0, open_1 = open;
                    _o.label = 12;
                case 12:
                    if (!(_h < open_1.length)) return [3 /*break*/, 15];
                    _j = open_1[_h], m = _j.m, state = _j.state;
                    return [4 /*yield*/, pinsObligation(ctx, m, state, viewer, reads.has(m.id))];
                case 13:
                    if (!(_o.sent()))
                        return [3 /*break*/, 14];
                    picked.set(m.id, { m: m, pinned: true, debt: false, state: state });
                    _o.label = 14;
                case 14:
                    _h++;
                    return [3 /*break*/, 12];
                case 15:
                    _k = 0;
                    return [4 /*yield*/, (0, debts_js_1.directiveDebts)(ctx, viewer)];
                case 16:
                    _l = _o.sent();
                    _o.label = 17;
                case 17:
                    if (!(_k < _l.length)) return [3 /*break*/, 19];
                    d = _l[_k];
                    picked.set(d.id, { m: d, pinned: true, debt: true });
                    _o.label = 18;
                case 18:
                    _k++;
                    return [3 /*break*/, 17];
                case 19: return [2 /*return*/, __spreadArray([], picked.values(), true)];
            }
        });
    });
}
function isReused(p) {
    return 'text' in p;
}
/** A plain (not pinned, not an obligation) envelope depends only on the row, the viewer and the sender's role. */
function isStable(p) {
    return !p.pinned && !p.debt && !(0, obligations_js_1.isObligation)(p.m);
}
var TEXT_LIMIT = 20000;
/** Stable envelopes as UTF-8 bytes: a response copies them, never re-encodes them. */
var texts = new Map();
function keyOf(ctx, viewer, id, retractedAt, sender) {
    return "".concat(viewer, "\0").concat(id, "\0").concat(retractedAt !== null && retractedAt !== void 0 ? retractedAt : '', "\0").concat(ctx.cache.isOperator(sender) ? 1 : 0);
}
function stableKey(ctx, m, viewer) {
    return keyOf(ctx, viewer, m.id, m.retracted_at, m.sender);
}
/** Envelope fields that are a function of the stored row alone (body and data only through whether they are inlined). */
var ROW_FIELDS = new Set(['id', 'channel', 'seq', 'sender', 'kind', 'urgency', 'critical', 'downgraded', 'to', 'reply_to',
    'created_at', 'body_bytes', 'attachments', 'signature', 'body', 'data']);
/** Pinned and obligation envelopes move with thread state, reads and time: their bytes, with the fields that moved them. */
var pinnedTexts = new Map();
/** Every field that is not a function of the row, in order, plus whether body and data are inlined. */
function fingerprintOf(env) {
    var fp = env.body === null ? '0' : '1';
    fp += env.data === null ? '0' : '1';
    for (var k in env) {
        if (ROW_FIELDS.has(k))
            continue;
        var v = env[k];
        fp += '\u0001' + (Array.isArray(v) ? v.join('\u0002') : String(v));
    }
    return fp;
}
/** A pinned envelope's bytes, reused while its fingerprint holds (serializing ~300 of them was ~20% of an /inbox). */
function pinnedText(viewer, env) {
    var key = "".concat(viewer, "\0").concat(env.id);
    var fingerprint = fingerprintOf(env);
    var hit = pinnedTexts.get(key);
    if (hit && hit.fingerprint === fingerprint)
        return hit.bytes;
    var bytes = Buffer.from((0, protocol_1.stringifyWire)(env));
    if (!hit && pinnedTexts.size >= TEXT_LIMIT)
        pinnedTexts.delete(pinnedTexts.keys().next().value);
    pinnedTexts.set(key, { fingerprint: fingerprint, bytes: bytes });
    return bytes;
}
/** Build every envelope (or reuse the serialized text of a stable one) and sort (docs/protocol.md#inbox). */
function render(ctx, viewer, picked, asText) {
    return __awaiter(this, void 0, void 0, function () {
        var all, needParents, parents, pinnedRead, out;
        var _this = this;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    all = picked.filter(function (p) { return !isReused(p); });
                    needParents = all.filter(function (p) { return p.m.reply_to && !(asText && isStable(p) && texts.has(stableKey(ctx, p.m, viewer))); });
                    return [4 /*yield*/, (0, messages_js_1.sendersOf)(ctx, needParents.map(function (p) { return p.m.reply_to; }))];
                case 1:
                    parents = _a.sent();
                    return [4 /*yield*/, (0, messages_js_1.readSet)(ctx, viewer, all.filter(function (p) { return p.pinned; }).map(function (p) { return p.m.id; }))];
                case 2:
                    pinnedRead = _a.sent();
                    return [4 /*yield*/, (0, in_order_js_1.mapInOrder)(picked, function (p) { return __awaiter(_this, void 0, void 0, function () {
                            var key, cached, env, sort, text, bytes;
                            var _a;
                            return __generator(this, function (_b) {
                                switch (_b.label) {
                                    case 0:
                                        if (isReused(p))
                                            return [2 /*return*/, { sort: [p.critical ? 1 : 0, 0, p.created_at, p.seq], text: p.text }];
                                        key = asText && isStable(p) ? stableKey(ctx, p.m, viewer) : null;
                                        cached = key ? texts.get(key) : undefined;
                                        if (cached !== undefined)
                                            return [2 /*return*/, { sort: [p.m.critical ? 1 : 0, 0, p.m.created_at, p.m.seq], text: cached }];
                                        return [4 /*yield*/, (0, envelopes_js_1.buildEnvelope)(ctx, p.m, viewer, { pinned: p.pinned, directiveDebt: p.debt, state: p.state,
                                                parentSender: p.m.reply_to ? ((_a = parents.get(p.m.reply_to)) !== null && _a !== void 0 ? _a : null) : null, read: pinnedRead.has(p.m.id) })];
                                    case 1:
                                        env = _b.sent();
                                        sort = [p.m.critical ? 1 : 0, env.escalated ? 1 : 0, p.m.created_at, p.m.seq];
                                        if (!asText)
                                            return [2 /*return*/, { sort: sort, env: env }];
                                        if (!key)
                                            return [2 /*return*/, { sort: sort, text: pinnedText(viewer, env) }];
                                        text = (0, protocol_1.stringifyWire)(env);
                                        if (texts.size >= TEXT_LIMIT)
                                            texts.delete(texts.keys().next().value);
                                        bytes = Buffer.from(text);
                                        texts.set(key, bytes);
                                        return [2 /*return*/, { sort: sort, text: bytes }];
                                }
                            });
                        }); })];
                case 3:
                    out = _a.sent();
                    out.sort(function (a, b) { return b.sort[0] - a.sort[0] || b.sort[1] - a.sort[1] || a.sort[2] - b.sort[2] || a.sort[3] - b.sort[3]; });
                    return [2 /*return*/, out];
            }
        });
    });
}
/** The viewer's envelopes, sorted: critical first, then escalated, then oldest. */
function computeInbox(ctx, viewer) {
    return __awaiter(this, void 0, void 0, function () {
        var _a, _b;
        return __generator(this, function (_c) {
            switch (_c.label) {
                case 0:
                    _a = render;
                    _b = [ctx, viewer];
                    return [4 /*yield*/, selectInbox(ctx, viewer, false)];
                case 1: return [4 /*yield*/, _a.apply(void 0, _b.concat([_c.sent(), false]))];
                case 2: return [2 /*return*/, (_c.sent()).map(function (e) { return e.env; })];
            }
        });
    });
}
/**
 * The same list as wire JSON in one Buffer: stored envelopes are copied as bytes, the rest encoded
 * in place, so no response-sized string is ever built (it cost a UTF-8 pass and young-generation GC).
 */
function computeInboxJson(ctx, viewer) {
    return __awaiter(this, void 0, void 0, function () {
        var items, _a, _b, size, _i, items_1, text, out, at;
        return __generator(this, function (_c) {
            switch (_c.label) {
                case 0:
                    _a = render;
                    _b = [ctx, viewer];
                    return [4 /*yield*/, selectInbox(ctx, viewer, true)];
                case 1: return [4 /*yield*/, _a.apply(void 0, _b.concat([_c.sent(), true]))];
                case 2:
                    items = _c.sent();
                    size = 1 + Math.max(items.length, 1);
                    for (_i = 0, items_1 = items; _i < items_1.length; _i++) {
                        text = items_1[_i].text;
                        size += typeof text === 'string' ? Buffer.byteLength(text) : text.length;
                    }
                    out = Buffer.allocUnsafe(size);
                    at = 0;
                    out[at++] = 0x5b; // [
                    items.forEach(function (_a, i) {
                        var text = _a.text;
                        if (i > 0)
                            out[at++] = 0x2c; // ,
                        at += typeof text === 'string' ? out.write(text, at) : text.copy(out, at);
                    });
                    out[at++] = 0x5d; // ]
                    return [2 /*return*/, { json: out, count: items.length }];
            }
        });
    });
}
/** Does this unclosed open/blocked message stay pinned for the viewer? */
function pinsObligation(ctx, m, state, viewer, read) {
    return __awaiter(this, void 0, void 0, function () {
        var addressees, isAddressee, _i, addressees_1, a;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    if (state.closed)
                        return [2 /*return*/, false];
                    addressees = (0, debts_js_1.addresseesOf)(m, state);
                    isAddressee = addressees.has(viewer) || (0, obligations_js_1.inheritsFromOperator)(ctx, m, viewer);
                    if (!(addressees.size > 0 && !isAddressee)) return [3 /*break*/, 4];
                    _i = 0, addressees_1 = addressees;
                    _a.label = 1;
                case 1:
                    if (!(_i < addressees_1.length)) return [3 /*break*/, 4];
                    a = addressees_1[_i];
                    return [4 /*yield*/, (0, debts_js_1.isLiveAddressee)(ctx, m.channel, a)];
                case 2:
                    if (_a.sent())
                        return [2 /*return*/, false];
                    _a.label = 3;
                case 3:
                    _i++;
                    return [3 /*break*/, 1];
                case 4:
                    if (!isAddressee)
                        return [2 /*return*/, !read];
                    if ((0, debts_js_1.repliedBy)(state, viewer))
                        return [2 /*return*/, false];
                    return [2 /*return*/, (0, debts_js_1.namesViewer)(ctx, m, state, viewer)];
            }
        });
    });
}
/** Long-poll: capture the wake-up BEFORE checking, re-check at least every 5 s until the deadline. */
function waitInbox(ctx, viewer, waitSeconds, closed) {
    return __awaiter(this, void 0, void 0, function () {
        var deadline, _loop_1, state_1;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    deadline = Date.now() + waitSeconds * 1000;
                    _loop_1 = function () {
                        var wake, result, left, timer;
                        return __generator(this, function (_b) {
                            switch (_b.label) {
                                case 0:
                                    if (closed() || ctx.bus.closing)
                                        return [2 /*return*/, { value: { json: Buffer.from('[]'), count: 0 } }];
                                    wake = ctx.bus.nextPost();
                                    return [4 /*yield*/, computeInboxJson(ctx, viewer)];
                                case 1:
                                    result = _b.sent();
                                    left = deadline - Date.now();
                                    if (result.count > 0 || left <= 0 || closed())
                                        return [2 /*return*/, { value: result }];
                                    return [4 /*yield*/, Promise.race([wake, new Promise(function (resolve) { timer = setTimeout(resolve, Math.min(left, 5000)); })])];
                                case 2:
                                    _b.sent();
                                    clearTimeout(timer);
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
