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
exports.FleetOwed = void 0;
var messages_js_1 = require("../messages.js");
var obligations_js_1 = require("../obligations.js");
var debts_js_1 = require("../debts.js");
var envelopes_js_1 = require("../envelopes.js");
var store_js_1 = require("../store.js");
/**
 * Every seat's /owed `to_answer` rows for one sweep pass, with the open threads (and their replies)
 * read once for the whole fleet instead of once per seat. The per-seat rules are /owed's own
 * (services/owed.ts), applied in the same order; test/sweeps/fleet-owed.test.ts checks the two agree
 * seat by seat.
 */
var FleetOwed = /** @class */ (function () {
    function FleetOwed(ctx, now) {
        this.ctx = ctx;
        this.now = now;
        this.roots = null;
    }
    FleetOwed.prototype.open = function () {
        return __awaiter(this, void 0, void 0, function () {
            var _a, _b, _c, _d;
            var _e;
            return __generator(this, function (_f) {
                switch (_f.label) {
                    case 0:
                        if (!((_e = this.roots) !== null && _e !== void 0)) return [3 /*break*/, 1];
                        _a = _e;
                        return [3 /*break*/, 4];
                    case 1:
                        _b = this;
                        _c = debts_js_1.withStates;
                        _d = [this.ctx];
                        return [4 /*yield*/, (0, messages_js_1.selectMessages)(this.ctx, "FROM messages WHERE status IN ('open','blocked')\n      AND retracted_at IS NULL AND closed = 0 ORDER BY created_at, seq")];
                    case 2: return [4 /*yield*/, _c.apply(void 0, _d.concat([_f.sent()]))];
                    case 3:
                        _a = (_b.roots = _f.sent());
                        _f.label = 4;
                    case 4:
                        _a;
                        return [2 /*return*/, this.roots];
                }
            });
        });
    };
    FleetOwed.prototype.toAnswer = function (viewer) {
        return __awaiter(this, void 0, void 0, function () {
            var _a, ctx, now, escalated, rows, _loop_1, _i, _b, _c, m, state, _d, _e, d, _f, _g;
            var _h;
            var _this = this;
            return __generator(this, function (_j) {
                switch (_j.label) {
                    case 0:
                        _a = this, ctx = _a.ctx, now = _a.now;
                        escalated = function (channel, born) { return __awaiter(_this, void 0, void 0, function () { var _a; return __generator(this, function (_b) {
                            switch (_b.label) {
                                case 0: return [4 /*yield*/, (0, envelopes_js_1.debtAge)(ctx, born, now)];
                                case 1:
                                    _a = (_b.sent());
                                    return [4 /*yield*/, (0, store_js_1.slaMinutes)(ctx, channel)];
                                case 2: return [2 /*return*/, _a > (_b.sent()) * 60];
                            }
                        }); }); };
                        rows = [];
                        _loop_1 = function (m, state) {
                            var pending, namesMe, allNamed, _k, _l, _m;
                            var _o;
                            return __generator(this, function (_p) {
                                switch (_p.label) {
                                    case 0:
                                        if (m.sender === viewer || !ctx.cache.isMember(m.channel, viewer))
                                            return [2 /*return*/, "continue"];
                                        if (state.closed || !((0, debts_js_1.namesViewer)(ctx, m, state, viewer)))
                                            return [2 /*return*/, "continue"];
                                        if (!(0, debts_js_1.repliedBy)(state, viewer)) return [3 /*break*/, 3];
                                        pending = state.asks.filter(function (a) { return state.pending.includes(a.id); });
                                        namesMe = pending.some(function (a) { var _a; return ((_a = a.to) !== null && _a !== void 0 ? _a : []).includes(viewer) || a.assignee === viewer; });
                                        allNamed = pending.every(function (a) { var _a, _b; return ((_b = (_a = a.to) === null || _a === void 0 ? void 0 : _a.length) !== null && _b !== void 0 ? _b : 0) > 0 || !!a.assignee; });
                                        if (state.asks.length > 0 && !namesMe && allNamed && !((0, obligations_js_1.inheritsFromOperator)(ctx, m, viewer)))
                                            return [2 /*return*/, "continue"];
                                        _k = !ctx.cache.isOperator(m.sender);
                                        if (!_k) return [3 /*break*/, 2];
                                        return [4 /*yield*/, (0, debts_js_1.hasLinkedClaim)(ctx, m, viewer)];
                                    case 1:
                                        _k = (_p.sent());
                                        _p.label = 2;
                                    case 2:
                                        if (_k)
                                            return [2 /*return*/, "continue"];
                                        _p.label = 3;
                                    case 3:
                                        _m = (_l = rows).push;
                                        _o = { channel: m.channel, id: m.id, seq: m.seq, sender: m.sender, title: m.title, created_at: m.created_at };
                                        return [4 /*yield*/, escalated(m.channel, m.created_at)];
                                    case 4:
                                        _m.apply(_l, [(_o.escalated = _p.sent(), _o.kind = state.pending.length > 0 ? 'ask' : 'answer', _o)]);
                                        return [2 /*return*/];
                                }
                            });
                        };
                        _i = 0;
                        return [4 /*yield*/, this.open()];
                    case 1:
                        _b = _j.sent();
                        _j.label = 2;
                    case 2:
                        if (!(_i < _b.length)) return [3 /*break*/, 5];
                        _c = _b[_i], m = _c.m, state = _c.state;
                        return [5 /*yield**/, _loop_1(m, state)];
                    case 3:
                        _j.sent();
                        _j.label = 4;
                    case 4:
                        _i++;
                        return [3 /*break*/, 2];
                    case 5:
                        _d = 0;
                        return [4 /*yield*/, (0, debts_js_1.directiveDebts)(ctx, viewer)];
                    case 6:
                        _e = _j.sent();
                        _j.label = 7;
                    case 7:
                        if (!(_d < _e.length)) return [3 /*break*/, 10];
                        d = _e[_d];
                        _g = (_f = rows).push;
                        _h = { channel: d.channel, id: d.id, seq: d.seq, sender: d.sender, title: d.title, created_at: d.created_at };
                        return [4 /*yield*/, escalated(d.channel, d.created_at)];
                    case 8:
                        _g.apply(_f, [(_h.escalated = _j.sent(), _h.kind = 'directive', _h)]);
                        _j.label = 9;
                    case 9:
                        _d++;
                        return [3 /*break*/, 7];
                    case 10: return [2 /*return*/, rows];
                }
            });
        });
    };
    return FleetOwed;
}());
exports.FleetOwed = FleetOwed;
