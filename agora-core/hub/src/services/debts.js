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
exports.threadState = void 0;
exports.withStates = withStates;
exports.recomputeClosed = recomputeClosed;
exports.openObligations = openObligations;
exports.ownObligations = ownObligations;
exports.repliedBy = repliedBy;
exports.addresseesOf = addresseesOf;
exports.isLiveAddressee = isLiveAddressee;
exports.directiveDebts = directiveDebts;
exports.hasLinkedClaim = hasLinkedClaim;
exports.namesViewer = namesViewer;
var protocol_1 = require("@agora/protocol");
var messages_js_1 = require("./messages.js");
var obligations_js_1 = require("./obligations.js");
Object.defineProperty(exports, "threadState", { enumerable: true, get: function () { return obligations_js_1.threadState; } });
var agents_js_1 = require("./agents.js");
var delegations_js_1 = require("./governance/delegations.js");
var MY_CHANNELS = 'SELECT channel FROM members WHERE agent_id = ?';
/** Roots with their thread state, replies fetched in one batched pass. */
function withStates(ctx, roots) {
    return __awaiter(this, void 0, void 0, function () {
        var replies;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, (0, messages_js_1.repliesToMany)(ctx, roots.map(function (m) { return m.id; }))];
                case 1:
                    replies = _a.sent();
                    return [2 /*return*/, roots.map(function (m) { var _a; return ({ m: m, state: (0, obligations_js_1.threadStateOf)(ctx, m, (_a = replies.get(m.id)) !== null && _a !== void 0 ? _a : []) }); })];
            }
        });
    });
}
/**
 * Recompute the stored `closed` flag of every live open/blocked root. Closure depends on who is an
 * operator, so a role change can open or close threads without any new reply.
 */
function recomputeClosed(ctx) {
    return __awaiter(this, void 0, void 0, function () {
        var roots;
        var _this = this;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, (0, messages_js_1.selectMessages)(ctx, "FROM messages WHERE status IN ('open','blocked') AND retracted_at IS NULL")];
                case 1:
                    roots = _a.sent();
                    return [4 /*yield*/, ctx.db.tx(function () { return __awaiter(_this, void 0, void 0, function () {
                            var _i, _a, _b, m, state;
                            return __generator(this, function (_c) {
                                switch (_c.label) {
                                    case 0:
                                        _i = 0;
                                        return [4 /*yield*/, withStates(ctx, roots)];
                                    case 1:
                                        _a = _c.sent();
                                        _c.label = 2;
                                    case 2:
                                        if (!(_i < _a.length)) return [3 /*break*/, 5];
                                        _b = _a[_i], m = _b.m, state = _b.state;
                                        return [4 /*yield*/, ctx.db.run('UPDATE messages SET closed = ? WHERE id = ?', state.closed ? 1 : 0, m.id)];
                                    case 3:
                                        _c.sent();
                                        _c.label = 4;
                                    case 4:
                                        _i++;
                                        return [3 /*break*/, 2];
                                    case 5: return [2 /*return*/];
                                }
                            });
                        }); })];
                case 2:
                    _a.sent();
                    return [2 /*return*/];
            }
        });
    });
}
/** Unclosed open/blocked roots in the viewer's channels, not sent by the viewer. */
function openObligations(ctx, viewer) {
    return __awaiter(this, void 0, void 0, function () {
        return __generator(this, function (_a) {
            return [2 /*return*/, (0, messages_js_1.selectMessages)(ctx, "FROM messages WHERE status IN ('open','blocked')\n    AND retracted_at IS NULL AND closed = 0 AND channel IN (".concat(MY_CHANNELS, ") AND sender != ? ORDER BY created_at, seq"), viewer, viewer)];
        });
    });
}
/** The viewer's own open/blocked roots (for to_consume, to_close and waiting_on). */
function ownObligations(ctx, viewer) {
    return __awaiter(this, void 0, void 0, function () {
        return __generator(this, function (_a) {
            return [2 /*return*/, (0, messages_js_1.selectMessages)(ctx, "FROM messages WHERE sender = ? AND status IN ('open','blocked')\n    AND retracted_at IS NULL AND channel IN (".concat(MY_CHANNELS, ") ORDER BY created_at, seq"), viewer, viewer)];
        });
    });
}
function repliedBy(state, agent) {
    return state.replies.some(function (r) { return r.sender === agent; });
}
/** Everyone an obligation names: `to` plus every ask's `to` and assignee. */
function addresseesOf(m, state) {
    var _a;
    var set = new Set(m.to);
    for (var _i = 0, _b = state.asks; _i < _b.length; _i++) {
        var a = _b[_i];
        for (var _c = 0, _d = (_a = a.to) !== null && _a !== void 0 ? _a : []; _c < _d.length; _c++) {
            var t = _d[_c];
            set.add(t);
        }
        if (a.assignee)
            set.add(a.assignee);
    }
    return set;
}
function isLiveAddressee(ctx, channel, agent) {
    return __awaiter(this, void 0, void 0, function () {
        var _a;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0:
                    _a = ctx.cache.isMember(channel, agent);
                    if (!_a) return [3 /*break*/, 2];
                    return [4 /*yield*/, (0, agents_js_1.activeHubBlock)(ctx, agent)];
                case 1:
                    _a = !(_b.sent());
                    _b.label = 2;
                case 2: return [2 /*return*/, _a];
            }
        });
    });
}
/**
 * Operator replies and fyis in the channels a reporting delegate's grant reaches: the delegate owes
 * them even when not named (docs/protocol.md#discharge-and-closure). Empty for everyone else.
 */
function inheritedDirectives(ctx, viewer) {
    return __awaiter(this, void 0, void 0, function () {
        var g, scoped;
        return __generator(this, function (_a) {
            g = (0, delegations_js_1.activeGrant)(ctx, viewer);
            if (!g || !g.powers.includes('reporting'))
                return [2 /*return*/, []];
            scoped = g.scope !== '' && g.scope !== '*';
            return [2 /*return*/, messages_js_1.selectMessages.apply(void 0, __spreadArray([ctx, "FROM messages m WHERE m.kind = 'message' AND m.status IN ('reply','fyi') AND m.sender != ?\n    AND m.retracted_at IS NULL AND m.sender IN (SELECT id FROM agents WHERE operator = 1)\n    AND m.channel IN (".concat(MY_CHANNELS, ")").concat(scoped ? ' AND m.channel = ?' : ''), viewer, viewer], (scoped ? [g.scope] : []), false))];
        });
    });
}
/** Directive debts the viewer owes (docs/protocol.md#discharge-and-closure): addressed peer replies / operator directives not yet engaged. */
function directiveDebts(ctx, viewer) {
    return __awaiter(this, void 0, void 0, function () {
        var named, byId, _i, _a, d, rows, out, parents, candidates, repliesById, _b, candidates_1, d, replies;
        var _c;
        return __generator(this, function (_d) {
            switch (_d.label) {
                case 0: return [4 /*yield*/, (0, messages_js_1.selectMessages)(ctx, "FROM messages m JOIN message_to t ON m.id = t.message_id\n    WHERE t.agent_id = ? AND t.cleared = 0 AND m.kind = 'message' AND m.status IN ('reply','fyi') AND m.sender != ?\n    AND m.retracted_at IS NULL AND m.channel IN (".concat(MY_CHANNELS, ")"), viewer, viewer, viewer)];
                case 1:
                    named = _d.sent();
                    byId = new Map(named.map(function (d) { return [d.id, d]; }));
                    _i = 0;
                    return [4 /*yield*/, inheritedDirectives(ctx, viewer)];
                case 2:
                    _a = _d.sent();
                    _d.label = 3;
                case 3:
                    if (!(_i < _a.length)) return [3 /*break*/, 5];
                    d = _a[_i];
                    if (!byId.has(d.id))
                        byId.set(d.id, d);
                    _d.label = 4;
                case 4:
                    _i++;
                    return [3 /*break*/, 3];
                case 5:
                    rows = __spreadArray([], byId.values(), true).sort(function (a, b) { return a.created_at - b.created_at || a.seq - b.seq; });
                    out = [];
                    return [4 /*yield*/, (0, messages_js_1.sendersOf)(ctx, rows.filter(function (d) { return d.reply_to; }).map(function (d) { return d.reply_to; }))];
                case 6:
                    parents = _d.sent();
                    candidates = rows.filter(function (d) { var _a; return (0, obligations_js_1.isDirectiveFor)(ctx, d, viewer, d.reply_to ? ((_a = parents.get(d.reply_to)) !== null && _a !== void 0 ? _a : null) : null); });
                    return [4 /*yield*/, (0, messages_js_1.repliesToMany)(ctx, candidates.map(function (d) { return d.id; }))];
                case 7:
                    repliesById = _d.sent();
                    for (_b = 0, candidates_1 = candidates; _b < candidates_1.length; _b++) {
                        d = candidates_1[_b];
                        replies = (_c = repliesById.get(d.id)) !== null && _c !== void 0 ? _c : [];
                        if (replies.some(function (r) { return r.sender === viewer; }))
                            continue;
                        if ((0, obligations_js_1.authoritativeResolution)(ctx, d, replies))
                            continue;
                        out.push(d);
                    }
                    return [2 /*return*/, out];
            }
        });
    });
}
/** A live `claim:*` row owned by the viewer that links back to `m` releases their /owed row. */
function hasLinkedClaim(ctx, m, viewer) {
    return __awaiter(this, void 0, void 0, function () {
        var rows, refs, _i, rows_1, r, v;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, ctx.db.all("SELECT value_json FROM store WHERE channel = ? AND key >= 'claim:' AND key < 'claim;'", m.channel)];
                case 1:
                    rows = _a.sent();
                    refs = new Set([m.id, "".concat(m.channel, "#").concat(m.seq)]);
                    for (_i = 0, rows_1 = rows; _i < rows_1.length; _i++) {
                        r = rows_1[_i];
                        if (!r.value_json)
                            continue;
                        v = (0, protocol_1.toPlain)((0, protocol_1.parseJsonLossless)(r.value_json));
                        if (!v || typeof v !== 'object')
                            continue;
                        if (v.owner === viewer && v.status !== 'done' && refs.has(v.source_message_id))
                            return [2 /*return*/, true];
                    }
                    return [2 /*return*/, false];
            }
        });
    });
}
/**
 * Is `m` an open obligation the viewer must answer (the /owed to_answer test, before release)?
 * Named in `to`, named by a pending ask, or a reporting delegate inheriting an operator's message.
 */
function namesViewer(ctx, m, state, viewer) {
    return m.to.includes(viewer) || (0, obligations_js_1.pendingAskNames)(state, viewer) || (0, obligations_js_1.inheritsFromOperator)(ctx, m, viewer);
}
