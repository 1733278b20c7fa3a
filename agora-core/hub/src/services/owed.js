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
exports.computeOwed = computeOwed;
var messages_js_1 = require("./messages.js");
var envelopes_js_1 = require("./envelopes.js");
var obligations_js_1 = require("./obligations.js");
var debts_js_1 = require("./debts.js");
var store_js_1 = require("./store.js");
var receipts_js_1 = require("./governance/receipts.js");
/** GET /owed (docs/protocol.md#owed). Read receipts are ignored for to_answer: reading is not answering. */
function computeOwed(ctx, viewer) {
    return __awaiter(this, void 0, void 0, function () {
        var now, agent, escalated, toAnswer, _loop_1, _i, _a, _b, _c, _d, m, state, _e, _f, d, _g, _h, toConsume, toClose, waitingOn, own, _j, _k, reads, _loop_2, _l, own_1, _m, m, state, _o;
        var _p, _q;
        var _this = this;
        var _r, _s, _t;
        return __generator(this, function (_u) {
            switch (_u.label) {
                case 0:
                    now = ctx.now();
                    agent = ctx.cache.agents.get(viewer);
                    escalated = function (channel, born) { return __awaiter(_this, void 0, void 0, function () { var _a; return __generator(this, function (_b) {
                        switch (_b.label) {
                            case 0: return [4 /*yield*/, (0, envelopes_js_1.debtAge)(ctx, born, now)];
                            case 1:
                                _a = (_b.sent());
                                return [4 /*yield*/, (0, store_js_1.slaMinutes)(ctx, channel)];
                            case 2: return [2 /*return*/, _a > (_b.sent()) * 60];
                        }
                    }); }); };
                    toAnswer = [];
                    _loop_1 = function (m, state) {
                        var pending, namesMe, allNamed, _v, _w, _x;
                        var _y;
                        return __generator(this, function (_z) {
                            switch (_z.label) {
                                case 0:
                                    if (state.closed || !(0, debts_js_1.namesViewer)(ctx, m, state, viewer))
                                        return [2 /*return*/, "continue"];
                                    if (!(0, debts_js_1.repliedBy)(state, viewer)) return [3 /*break*/, 3];
                                    pending = state.asks.filter(function (a) { return state.pending.includes(a.id); });
                                    namesMe = pending.some(function (a) { var _a; return ((_a = a.to) !== null && _a !== void 0 ? _a : []).includes(viewer) || a.assignee === viewer; });
                                    allNamed = pending.every(function (a) { var _a, _b; return ((_b = (_a = a.to) === null || _a === void 0 ? void 0 : _a.length) !== null && _b !== void 0 ? _b : 0) > 0 || !!a.assignee; });
                                    if (state.asks.length > 0 && !namesMe && allNamed && !(0, obligations_js_1.inheritsFromOperator)(ctx, m, viewer))
                                        return [2 /*return*/, "continue"];
                                    _v = !ctx.cache.isOperator(m.sender);
                                    if (!_v) return [3 /*break*/, 2];
                                    return [4 /*yield*/, (0, debts_js_1.hasLinkedClaim)(ctx, m, viewer)];
                                case 1:
                                    _v = (_z.sent());
                                    _z.label = 2;
                                case 2:
                                    if (_v)
                                        return [2 /*return*/, "continue"];
                                    _z.label = 3;
                                case 3:
                                    _x = (_w = toAnswer).push;
                                    _y = { channel: m.channel, id: m.id, seq: m.seq, sender: m.sender, title: m.title,
                                        pending_asks: state.pending, asks_naming_you: (0, obligations_js_1.asksNaming)(state, viewer), created_at: m.created_at };
                                    return [4 /*yield*/, escalated(m.channel, m.created_at)];
                                case 4:
                                    _x.apply(_w, [(_y.escalated = _z.sent(), _y)]);
                                    return [2 /*return*/];
                            }
                        });
                    };
                    _i = 0;
                    _b = debts_js_1.withStates;
                    _c = [ctx];
                    return [4 /*yield*/, (0, debts_js_1.openObligations)(ctx, viewer)];
                case 1: return [4 /*yield*/, _b.apply(void 0, _c.concat([_u.sent()]))];
                case 2:
                    _a = _u.sent();
                    _u.label = 3;
                case 3:
                    if (!(_i < _a.length)) return [3 /*break*/, 6];
                    _d = _a[_i], m = _d.m, state = _d.state;
                    return [5 /*yield**/, _loop_1(m, state)];
                case 4:
                    _u.sent();
                    _u.label = 5;
                case 5:
                    _i++;
                    return [3 /*break*/, 3];
                case 6:
                    _e = 0;
                    return [4 /*yield*/, (0, debts_js_1.directiveDebts)(ctx, viewer)];
                case 7:
                    _f = _u.sent();
                    _u.label = 8;
                case 8:
                    if (!(_e < _f.length)) return [3 /*break*/, 11];
                    d = _f[_e];
                    _h = (_g = toAnswer).push;
                    _p = { channel: d.channel, id: d.id, seq: d.seq, sender: d.sender, title: d.title, pending_asks: [],
                        asks_naming_you: [], created_at: d.created_at };
                    return [4 /*yield*/, escalated(d.channel, d.created_at)];
                case 9:
                    _h.apply(_g, [(_p.escalated = _u.sent(), _p)]);
                    _u.label = 10;
                case 10:
                    _e++;
                    return [3 /*break*/, 8];
                case 11:
                    toConsume = [];
                    toClose = [];
                    waitingOn = [];
                    _j = debts_js_1.withStates;
                    _k = [ctx];
                    return [4 /*yield*/, (0, debts_js_1.ownObligations)(ctx, viewer)];
                case 12: return [4 /*yield*/, _j.apply(void 0, _k.concat([_u.sent()]))];
                case 13:
                    own = (_u.sent()).filter(function (o) { return !o.state.closedWithAuthority; });
                    return [4 /*yield*/, (0, messages_js_1.readSet)(ctx, viewer, own.flatMap(function (o) { return o.state.replies.filter(function (r) { return r.sender !== viewer; }).map(function (r) { return r.id; }); }))];
                case 14:
                    reads = _u.sent();
                    _loop_2 = function (m, state) {
                        var others, _loop_3, _0, others_1, r, last, decliners, _1, _2, ask, seats, _3, seats_1, seat, agent_1, cursor, st;
                        return __generator(this, function (_4) {
                            switch (_4.label) {
                                case 0:
                                    others = state.replies.filter(function (r) { return r.sender !== viewer; });
                                    _loop_3 = function (r) {
                                        var answers = (0, obligations_js_1.substantiveAnswers)(r);
                                        if (state.asks.length > 0 && answers.length === 0)
                                            return "continue";
                                        var consumed = reads.has(r.id) || state.replies.some(function (x) { return x.sender === viewer && x.seq > r.seq; });
                                        if (consumed)
                                            return "continue";
                                        toConsume.push({ channel: m.channel, id: m.id, seq: m.seq, title: m.title, your_asks: answers,
                                            answered_by: r.sender, answer_id: r.id, answer_seq: r.seq, answer_created_at: r.created_at });
                                    };
                                    for (_0 = 0, others_1 = others; _0 < others_1.length; _0++) {
                                        r = others_1[_0];
                                        _loop_3(r);
                                    }
                                    if (state.discharged && others.length > 0) {
                                        last = others[others.length - 1];
                                        if (now - last.created_at >= ctx.opts.toCloseMinAge) {
                                            decliners = others.filter(function (r) { var _a; return (0, obligations_js_1.substantiveAnswers)(r).length < (Array.isArray((_a = r.data) === null || _a === void 0 ? void 0 : _a.answers) ? r.data.answers.length : 0); });
                                            toClose.push({ channel: m.channel, id: m.id, seq: m.seq, title: m.title,
                                                answered_by: last.sender, answered_at: last.created_at,
                                                declined_asks: state.declined, declined_by: __spreadArray([], new Set(decliners.map(function (r) { return r.sender; })), true) });
                                        }
                                    }
                                    if (state.closed)
                                        return [2 /*return*/, "continue"];
                                    _1 = 0, _2 = state.asks.filter(function (a) { return state.pending.includes(a.id); });
                                    _4.label = 1;
                                case 1:
                                    if (!(_1 < _2.length)) return [3 /*break*/, 6];
                                    ask = _2[_1];
                                    seats = ((_r = ask.to) === null || _r === void 0 ? void 0 : _r.length) ? ask.to : m.to;
                                    _3 = 0, seats_1 = seats;
                                    _4.label = 2;
                                case 2:
                                    if (!(_3 < seats_1.length)) return [3 /*break*/, 5];
                                    seat = seats_1[_3];
                                    if (seat === viewer || (0, debts_js_1.repliedBy)(state, seat))
                                        return [3 /*break*/, 4];
                                    agent_1 = ctx.cache.agents.get(seat);
                                    return [4 /*yield*/, ctx.db.get('SELECT last_seq FROM cursors WHERE agent = ? AND channel = ?', seat, m.channel)];
                                case 3:
                                    cursor = (_t = (_s = (_4.sent())) === null || _s === void 0 ? void 0 : _s.last_seq) !== null && _t !== void 0 ? _t : 0;
                                    st = (agent_1 === null || agent_1 === void 0 ? void 0 : agent_1.retired_at) != null ? 'retired' : cursor >= m.seq ? 'acked-past-no-reply' : 'not-yet-acked';
                                    waitingOn.push({ channel: m.channel, seq: m.seq, ask: ask.id, seat: seat, state: st });
                                    _4.label = 4;
                                case 4:
                                    _3++;
                                    return [3 /*break*/, 2];
                                case 5:
                                    _1++;
                                    return [3 /*break*/, 1];
                                case 6: return [2 /*return*/];
                            }
                        });
                    };
                    _l = 0, own_1 = own;
                    _u.label = 15;
                case 15:
                    if (!(_l < own_1.length)) return [3 /*break*/, 18];
                    _m = own_1[_l], m = _m.m, state = _m.state;
                    return [5 /*yield**/, _loop_2(m, state)];
                case 16:
                    _u.sent();
                    _u.label = 17;
                case 17:
                    _l++;
                    return [3 /*break*/, 15];
                case 18:
                    _q = {
                        to_answer: toAnswer, to_consume: toConsume, to_close: toClose, waiting_on: waitingOn, phases: []
                    };
                    if (!agent) return [3 /*break*/, 20];
                    return [4 /*yield*/, (0, receipts_js_1.owedCharters)(ctx, agent)];
                case 19:
                    _o = _u.sent();
                    return [3 /*break*/, 21];
                case 20:
                    _o = [];
                    _u.label = 21;
                case 21: return [2 /*return*/, (_q.charters = _o,
                        _q.counts = { to_answer: toAnswer.length, to_consume: toConsume.length, to_close: toClose.length },
                        _q.computed_at = now,
                        _q)];
            }
        });
    });
}
