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
exports.board = board;
var owed_js_1 = require("../owed.js");
var rows_js_1 = require("./rows.js");
var phases_js_1 = require("./phases.js");
/**
 * GET /board: the caller's fleet picture, computed on read: every live claim and phase row in the
 * caller's rooms (with staleness), the seats of those rooms with what each holds and owes, and the
 * caller's own obligations and held rows.
 */
function board(ctx, viewer) {
    return __awaiter(this, void 0, void 0, function () {
        var now, rooms, rows, owed, seatIds, _i, rooms_1, c, _a, _b, m, seats, toAnswer;
        var _c;
        return __generator(this, function (_d) {
            switch (_d.label) {
                case 0:
                    now = ctx.now();
                    rooms = ctx.cache.channelsOf(viewer).slice().sort();
                    return [4 /*yield*/, (0, rows_js_1.liveRows)(ctx, rooms, now)];
                case 1:
                    rows = _d.sent();
                    return [4 /*yield*/, (0, owed_js_1.computeOwed)(ctx, viewer)];
                case 2:
                    owed = _d.sent();
                    seatIds = new Set();
                    for (_i = 0, rooms_1 = rooms; _i < rooms_1.length; _i++) {
                        c = rooms_1[_i];
                        for (_a = 0, _b = ctx.cache.membersOf(c); _a < _b.length; _a++) {
                            m = _b[_a];
                            seatIds.add(m.agent_id);
                        }
                    }
                    seats = __spreadArray([], seatIds, true).sort().filter(function (id) { var _a; return ((_a = ctx.cache.agents.get(id)) === null || _a === void 0 ? void 0 : _a.retired_at) == null; }).map(function (id) {
                        var held = rows.filter(function (r) { return r.holder === id; });
                        return { agent_id: id, state: ctx.presence.row(id).state, claims: held.filter(function (r) { return r.kind === 'claim'; }).length,
                            phases: held.filter(function (r) { return r.kind === 'phase'; }).length, stale: held.filter(function (r) { return r.stale; }).length,
                            blocking: rows.filter(function (r) { return r.needs_from.includes(id); }).map(function (r) { return "".concat(r.channel, "/").concat(r.key); }) };
                    });
                    toAnswer = owed.to_answer;
                    _c = {
                        agent_id: viewer,
                        rows: rows,
                        mine: rows.filter(function (r) { return r.holder === viewer; }).map(function (r) { return "".concat(r.channel, "/").concat(r.key); }),
                        blocking_me: rows.filter(function (r) { return r.needs_from.includes(viewer); }).map(function (r) { return "".concat(r.channel, "/").concat(r.key); }),
                        obligations: { to_answer: toAnswer.length, escalated: toAnswer.filter(function (r) { return r.escalated; }).length,
                            to_consume: owed.to_consume.length, to_close: owed.to_close.length }
                    };
                    return [4 /*yield*/, (0, phases_js_1.openPhases)(ctx, rooms)];
                case 3: return [2 /*return*/, (_c.phases = (_d.sent()).map(function (p) { var _a, _b; return ({ channel: p.channel, key: p.key, steward: (_a = p.value.steward) !== null && _a !== void 0 ? _a : null, status: (_b = p.value.status) !== null && _b !== void 0 ? _b : null }); }),
                        _c.seats = seats,
                        _c.computed_at = now,
                        _c)];
            }
        });
    });
}
