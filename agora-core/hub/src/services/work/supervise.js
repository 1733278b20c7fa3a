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
exports.superviseChannel = superviseChannel;
exports.superviseAll = superviseAll;
var messages_js_1 = require("../messages.js");
var debts_js_1 = require("../debts.js");
var envelopes_js_1 = require("../envelopes.js");
var store_js_1 = require("../store.js");
var rows_js_1 = require("./rows.js");
/**
 * GET /channels/{c}/supervise: a delegate's radar for one room, computed on read.
 * - idle_seats: live members who hold no live row and are named by no open thread;
 * - dark_seats: offline members named by an escalated open thread;
 * - stuck_rows: live claim/phase rows that are stale or wait on other seats (needs_from);
 * - unowned: open threads nobody is addressed by and nobody but the asker has answered;
 * - escalated: open threads past the room's SLA, with who they wait on.
 */
function superviseChannel(ctx, channel) {
    return __awaiter(this, void 0, void 0, function () {
        var now, rows, roots, _a, _b, sla, open, escalated, _loop_1, _i, open_1, _c, m, state_1, namedOpen, members, state, waitingOnEscalated;
        return __generator(this, function (_d) {
            switch (_d.label) {
                case 0:
                    now = ctx.now();
                    return [4 /*yield*/, (0, rows_js_1.liveRows)(ctx, [channel], now)];
                case 1:
                    rows = _d.sent();
                    _a = debts_js_1.withStates;
                    _b = [ctx];
                    return [4 /*yield*/, (0, messages_js_1.selectMessages)(ctx, "FROM messages WHERE channel = ? AND status IN ('open','blocked')\n    AND retracted_at IS NULL AND closed = 0 ORDER BY seq", channel)];
                case 2: return [4 /*yield*/, _a.apply(void 0, _b.concat([_d.sent()]))];
                case 3:
                    roots = _d.sent();
                    return [4 /*yield*/, (0, store_js_1.slaMinutes)(ctx, channel)];
                case 4:
                    sla = (_d.sent()) * 60;
                    open = roots.filter(function (_a) {
                        var state = _a.state;
                        return !state.closed;
                    });
                    escalated = [];
                    _loop_1 = function (m, state_1) {
                        var age, named;
                        return __generator(this, function (_e) {
                            switch (_e.label) {
                                case 0: return [4 /*yield*/, (0, envelopes_js_1.debtAge)(ctx, m.created_at, now)];
                                case 1:
                                    age = _e.sent();
                                    if (age <= sla)
                                        return [2 /*return*/, "continue"];
                                    named = __spreadArray([], (0, debts_js_1.addresseesOf)(m, state_1), true).filter(function (id) { return !state_1.replies.some(function (r) { return r.sender === id; }); }).sort();
                                    escalated.push({ id: m.id, seq: m.seq, title: m.title, sender: m.sender, waiting_on: named, age_s: Math.round(age) });
                                    return [2 /*return*/];
                            }
                        });
                    };
                    _i = 0, open_1 = open;
                    _d.label = 5;
                case 5:
                    if (!(_i < open_1.length)) return [3 /*break*/, 8];
                    _c = open_1[_i], m = _c.m, state_1 = _c.state;
                    return [5 /*yield**/, _loop_1(m, state_1)];
                case 6:
                    _d.sent();
                    _d.label = 7;
                case 7:
                    _i++;
                    return [3 /*break*/, 5];
                case 8:
                    namedOpen = new Set(open.flatMap(function (_a) {
                        var m = _a.m, state = _a.state;
                        return __spreadArray([], (0, debts_js_1.addresseesOf)(m, state), true);
                    }));
                    members = ctx.cache.membersOf(channel).map(function (m) { return m.agent_id; }).filter(function (id) { var _a; return ((_a = ctx.cache.agents.get(id)) === null || _a === void 0 ? void 0 : _a.retired_at) == null; }).sort();
                    state = function (id) { return ctx.presence.row(id).state; };
                    waitingOnEscalated = new Set(escalated.flatMap(function (e) { return e.waiting_on; }));
                    return [2 /*return*/, {
                            channel: channel,
                            idle_seats: members.filter(function (id) { return state(id) !== 'offline' && !rows.some(function (r) { return r.holder === id; }) && !namedOpen.has(id); }),
                            dark_seats: members.filter(function (id) { return state(id) === 'offline' && waitingOnEscalated.has(id); }),
                            stuck_rows: rows.filter(function (r) { return r.stale || r.needs_from.length > 0; })
                                .map(function (r) { return ({ key: r.key, holder: r.holder, status: r.status, idle_s: r.idle_s, stale: r.stale, needs_from: r.needs_from }); }),
                            unowned: open.filter(function (_a) {
                                var m = _a.m, state = _a.state;
                                return (0, debts_js_1.addresseesOf)(m, state).size === 0 && !ctx.cache.isOperator(m.sender)
                                    && !state.replies.some(function (r) { return r.sender !== m.sender; });
                            }).map(function (_a) {
                                var m = _a.m;
                                return ({ id: m.id, seq: m.seq, title: m.title, sender: m.sender });
                            }),
                            escalated: escalated,
                            computed_at: now,
                        }];
            }
        });
    });
}
/** GET /supervise: the radar of every room the caller is in (DMs left out), one entry per room. */
function superviseAll(ctx, viewer) {
    return __awaiter(this, void 0, void 0, function () {
        var rooms, channels, _i, rooms_1, c, _a, _b;
        return __generator(this, function (_c) {
            switch (_c.label) {
                case 0:
                    rooms = ctx.cache.channelsOf(viewer).filter(function (c) { return !c.startsWith('dm:') && c !== 'hub-alerts'; }).sort();
                    channels = [];
                    _i = 0, rooms_1 = rooms;
                    _c.label = 1;
                case 1:
                    if (!(_i < rooms_1.length)) return [3 /*break*/, 4];
                    c = rooms_1[_i];
                    _b = (_a = channels).push;
                    return [4 /*yield*/, superviseChannel(ctx, c)];
                case 2:
                    _b.apply(_a, [_c.sent()]);
                    _c.label = 3;
                case 3:
                    _i++;
                    return [3 /*break*/, 1];
                case 4: return [2 /*return*/, { channels: channels, computed_at: ctx.now() }];
            }
        });
    });
}
