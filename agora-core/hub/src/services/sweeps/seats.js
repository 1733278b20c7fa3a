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
Object.defineProperty(exports, "__esModule", { value: true });
exports.LURK_CONFIRM = void 0;
exports.sweepDeaf = sweepDeaf;
exports.sweepLurk = sweepLurk;
var walk_js_1 = require("./walk.js");
var presence_js_1 = require("../presence.js");
var envelopes_js_1 = require("../envelopes.js");
var store_js_1 = require("../store.js");
var messages_js_1 = require("../messages.js");
exports.LURK_CONFIRM = 600;
/**
 * Start or continue an episode for `guard` while `active`; alert once per episode, and a new episode
 * only when the last alert is at least 6 h old. Returns true when it alerted.
 */
function episode(pass, guard, active, alert) {
    return __awaiter(this, void 0, void 0, function () {
        var ep;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    ep = pass.guards.get(guard);
                    if (!!active) return [3 /*break*/, 3];
                    if (!(ep === null || ep === void 0 ? void 0 : ep.open)) return [3 /*break*/, 2];
                    return [4 /*yield*/, pass.guards.set(guard, __assign(__assign({}, ep), { open: false }))];
                case 1:
                    _a.sent();
                    _a.label = 2;
                case 2: return [2 /*return*/, false];
                case 3:
                    if (ep === null || ep === void 0 ? void 0 : ep.open)
                        return [2 /*return*/, false];
                    if (ep && pass.now - ep.alerted_at < walk_js_1.REALERT_GUARD)
                        return [2 /*return*/, false];
                    return [4 /*yield*/, alert()];
                case 4:
                    _a.sent();
                    return [4 /*yield*/, pass.guards.set(guard, { open: true, alerted_at: pass.now })];
                case 5:
                    _a.sent();
                    return [2 /*return*/, true];
            }
        });
    });
}
/** Deaf: present (a live socket or recent calls) but the reception heartbeat is stale while SLA-breached work waits. */
function sweepDeaf(pass) {
    return __awaiter(this, void 0, void 0, function () {
        var out, ctx;
        var _this = this;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    out = [];
                    ctx = pass.ctx;
                    return [4 /*yield*/, (0, walk_js_1.walkSeats)(pass, 'deaf', function (agent) { return __awaiter(_this, void 0, void 0, function () {
                            var reception, present, stale, breached, _a, fired;
                            var _this = this;
                            return __generator(this, function (_b) {
                                switch (_b.label) {
                                    case 0:
                                        reception = ctx.presence.receptionAt(agent);
                                        present = ctx.presence.row(agent).state !== 'offline';
                                        stale = reception != null && pass.now - reception > presence_js_1.RECEPTION_WINDOW;
                                        if (!(present && stale)) return [3 /*break*/, 2];
                                        return [4 /*yield*/, pass.toAnswer(agent)];
                                    case 1:
                                        _a = (_b.sent()).filter(function (r) { return r.escalated; });
                                        return [3 /*break*/, 3];
                                    case 2:
                                        _a = [];
                                        _b.label = 3;
                                    case 3:
                                        breached = _a;
                                        return [4 /*yield*/, episode(pass, "deaf:".concat(agent), breached.length > 0, function () { return __awaiter(_this, void 0, void 0, function () {
                                                var where, _a, _b, _c;
                                                var _d;
                                                return __generator(this, function (_e) {
                                                    switch (_e.label) {
                                                        case 0:
                                                            where = breached.slice(0, 10).map(function (d) { return "".concat(pass.shown(d.channel), "#").concat(d.seq); }).join(', ');
                                                            _b = (_a = pass).alert;
                                                            _c = ["AGENT DEAF: ".concat(agent, " is present but its reception has been silent for ").concat(Math.round((pass.now - (reception !== null && reception !== void 0 ? reception : 0)) / 60), " min with ").concat(breached.length, " SLA-breached debt").concat(breached.length === 1 ? '' : 's', " (").concat(where, ")")];
                                                            _d = { title: "AGENT DEAF ".concat(agent) };
                                                            return [4 /*yield*/, pass.reporting()];
                                                        case 1: return [4 /*yield*/, _b.apply(_a, _c.concat([(_d.to = _e.sent(), _d.data = { alert: 'agent_deaf', agent: agent, escalated: breached.length }, _d.dedupeKey = "deaf:".concat(agent, ":").concat(pass.now), _d)]))];
                                                        case 2:
                                                            _e.sent();
                                                            return [2 /*return*/];
                                                    }
                                                });
                                            }); })];
                                    case 4:
                                        fired = _b.sent();
                                        if (fired)
                                            out.push(agent);
                                        return [2 /*return*/];
                                }
                            });
                        }); })];
                case 1:
                    _a.sent();
                    return [2 /*return*/, out];
            }
        });
    });
}
/** Lurk: reception armed, yet escalated debts past 2×SLA stay unread; confirmed for 600 s before the alert. */
function sweepLurk(pass) {
    return __awaiter(this, void 0, void 0, function () {
        var out, ctx;
        var _this = this;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    out = [];
                    ctx = pass.ctx;
                    return [4 /*yield*/, (0, walk_js_1.walkSeats)(pass, 'lurk', function (agent) { return __awaiter(_this, void 0, void 0, function () {
                            var reception, armed, lurked, late, _i, _a, r, _b, _c, _d, read_1, seenKey, firstSeen, confirmed, fired;
                            var _this = this;
                            var _e;
                            return __generator(this, function (_f) {
                                switch (_f.label) {
                                    case 0:
                                        reception = ctx.presence.receptionAt(agent);
                                        armed = reception != null && pass.now - reception <= presence_js_1.RECEPTION_WINDOW;
                                        lurked = [];
                                        if (!armed) return [3 /*break*/, 9];
                                        late = [];
                                        _i = 0;
                                        return [4 /*yield*/, pass.toAnswer(agent)];
                                    case 1:
                                        _a = _f.sent();
                                        _f.label = 2;
                                    case 2:
                                        if (!(_i < _a.length)) return [3 /*break*/, 7];
                                        r = _a[_i];
                                        _b = r.escalated;
                                        if (!_b) return [3 /*break*/, 5];
                                        return [4 /*yield*/, (0, envelopes_js_1.debtAge)(ctx, r.created_at, pass.now)];
                                    case 3:
                                        _c = (_f.sent());
                                        _d = 2;
                                        return [4 /*yield*/, (0, store_js_1.slaMinutes)(ctx, r.channel)];
                                    case 4:
                                        _b = _c > _d * (_f.sent()) * 60;
                                        _f.label = 5;
                                    case 5:
                                        if (_b)
                                            late.push(r);
                                        _f.label = 6;
                                    case 6:
                                        _i++;
                                        return [3 /*break*/, 2];
                                    case 7: return [4 /*yield*/, (0, messages_js_1.readSet)(ctx, agent, late.map(function (r) { return r.id; }))];
                                    case 8:
                                        read_1 = _f.sent();
                                        lurked = late.filter(function (r) { return !read_1.has(r.id); });
                                        _f.label = 9;
                                    case 9:
                                        seenKey = "lurk-seen:".concat(agent);
                                        if (!(lurked.length === 0)) return [3 /*break*/, 12];
                                        return [4 /*yield*/, pass.guards.delete(seenKey)];
                                    case 10:
                                        _f.sent();
                                        return [4 /*yield*/, episode(pass, "lurk:".concat(agent), false, function () { return __awaiter(_this, void 0, void 0, function () { return __generator(this, function (_a) {
                                                return [2 /*return*/];
                                            }); }); })];
                                    case 11:
                                        _f.sent();
                                        return [2 /*return*/];
                                    case 12:
                                        firstSeen = (_e = pass.guards.get(seenKey)) !== null && _e !== void 0 ? _e : pass.now;
                                        return [4 /*yield*/, pass.guards.set(seenKey, firstSeen)];
                                    case 13:
                                        _f.sent();
                                        confirmed = pass.now - firstSeen >= exports.LURK_CONFIRM;
                                        if (!confirmed)
                                            return [2 /*return*/];
                                        return [4 /*yield*/, episode(pass, "lurk:".concat(agent), true, function () { return __awaiter(_this, void 0, void 0, function () {
                                                var where, _a, _b, _c;
                                                var _d;
                                                return __generator(this, function (_e) {
                                                    switch (_e.label) {
                                                        case 0:
                                                            where = lurked.slice(0, 10).map(function (d) { return "".concat(pass.shown(d.channel), "#").concat(d.seq); }).join(', ');
                                                            _b = (_a = pass).alert;
                                                            _c = ["AGENT LURKING: ".concat(agent, " has reception armed but left ").concat(lurked.length, " escalated debt").concat(lurked.length === 1 ? '' : 's', " unread past 2\u00D7SLA (").concat(where, ")")];
                                                            _d = { title: "AGENT LURKING ".concat(agent) };
                                                            return [4 /*yield*/, pass.reporting()];
                                                        case 1: return [4 /*yield*/, _b.apply(_a, _c.concat([(_d.to = _e.sent(), _d.data = { alert: 'agent_lurk', agent: agent, unread: lurked.length }, _d.dedupeKey = "lurk:".concat(agent, ":").concat(pass.now), _d)]))];
                                                        case 2:
                                                            _e.sent();
                                                            return [2 /*return*/];
                                                    }
                                                });
                                            }); })];
                                    case 14:
                                        fired = _f.sent();
                                        if (fired)
                                            out.push(agent);
                                        return [2 /*return*/];
                                }
                            });
                        }); })];
                case 1:
                    _a.sent();
                    return [2 /*return*/, out];
            }
        });
    });
}
