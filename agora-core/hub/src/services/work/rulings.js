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
exports.RULING_ACK_KEYS_MAX = void 0;
exports.rulings = rulings;
exports.unacknowledged = unacknowledged;
exports.ackRulings = ackRulings;
var protocol_1 = require("@agora/protocol");
var context_js_1 = require("../context.js");
var store_js_1 = require("../store.js");
exports.RULING_ACK_KEYS_MAX = 100;
function rulingText(value) {
    var v = (0, protocol_1.toPlain)(value);
    if (typeof v === 'string')
        return v;
    return v && typeof v === 'object' && typeof v.text === 'string' ? v.text : '';
}
/** The room's `ruling:` rows: standing constraints an operator set, oldest key first. */
function rulings(ctx, channel) {
    return __awaiter(this, void 0, void 0, function () {
        var rows;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, ctx.db.all("SELECT * FROM store WHERE channel = ? AND key >= 'ruling:' AND key < 'ruling;' ORDER BY key", channel)];
                case 1:
                    rows = _a.sent();
                    return [2 /*return*/, rows.map(function (r) {
                            var value = (0, protocol_1.toPlain)((0, store_js_1.parseValue)(r));
                            return { key: r.key, text: rulingText(value), value: value, version: r.version, updated_by: r.updated_by, updated_at: r.updated_at };
                        })];
            }
        });
    });
}
/** Ruling keys the seat has not acknowledged at their current version (a changed ruling needs a new ack). */
function unacknowledged(ctx, channel, agent, list) {
    return __awaiter(this, void 0, void 0, function () {
        var all, _a, acks, _b;
        return __generator(this, function (_c) {
            switch (_c.label) {
                case 0:
                    if (!(list !== null && list !== void 0)) return [3 /*break*/, 1];
                    _a = list;
                    return [3 /*break*/, 3];
                case 1: return [4 /*yield*/, rulings(ctx, channel)];
                case 2:
                    _a = _c.sent();
                    _c.label = 3;
                case 3:
                    all = _a;
                    if (all.length === 0)
                        return [2 /*return*/, []];
                    _b = Map.bind;
                    return [4 /*yield*/, ctx.db.all('SELECT key, version FROM ruling_acks WHERE channel = ? AND agent_id = ?', channel, agent)];
                case 4:
                    acks = new (_b.apply(Map, [void 0, (_c.sent())
                            .map(function (a) { return [a.key, a.version]; })]))();
                    return [2 /*return*/, all.filter(function (r) { var _a; return ((_a = acks.get(r.key)) !== null && _a !== void 0 ? _a : 0) < r.version; }).map(function (r) { return r.key; })];
            }
        });
    });
}
/** POST /channels/{c}/ruling-acks: acknowledge rulings at their current version; every key must be a ruling here. */
function ackRulings(ctx, channel, agent, keys) {
    return __awaiter(this, void 0, void 0, function () {
        var all, byKey, wanted, unknown, now;
        var _a;
        var _this = this;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0:
                    if (!Array.isArray(keys) || keys.length === 0 || keys.length > exports.RULING_ACK_KEYS_MAX || !keys.every(function (k) { return typeof k === 'string'; })) {
                        (0, context_js_1.fail)(400, "keys must be a list of 1-".concat(exports.RULING_ACK_KEYS_MAX, " ruling keys, e.g. {\"keys\":[\"ruling:no-force-push\"]}; list them with GET /channels/").concat(channel, "/digest"));
                    }
                    return [4 /*yield*/, rulings(ctx, channel)];
                case 1:
                    all = _b.sent();
                    byKey = new Map(all.map(function (r) { return [r.key, r]; }));
                    wanted = __spreadArray([], new Set(keys), true);
                    unknown = wanted.find(function (k) { return !byKey.has(k); });
                    if (unknown !== undefined)
                        (0, context_js_1.fail)(404, "no ruling '".concat(unknown.slice(0, 100), "' in '").concat(channel, "'; the standing ones are ").concat(all.map(function (r) { return r.key; }).join(', ') || 'none'));
                    now = ctx.now();
                    return [4 /*yield*/, ctx.db.tx(function () { return __awaiter(_this, void 0, void 0, function () {
                            var _i, wanted_1, k;
                            return __generator(this, function (_a) {
                                switch (_a.label) {
                                    case 0:
                                        _i = 0, wanted_1 = wanted;
                                        _a.label = 1;
                                    case 1:
                                        if (!(_i < wanted_1.length)) return [3 /*break*/, 4];
                                        k = wanted_1[_i];
                                        return [4 /*yield*/, ctx.db.run("INSERT INTO ruling_acks (channel, key, agent_id, version, acked_at) VALUES (?, ?, ?, ?, ?)\n        ON CONFLICT (channel, key, agent_id) DO UPDATE SET version = excluded.version, acked_at = excluded.acked_at", channel, k, agent, byKey.get(k).version, now)];
                                    case 2:
                                        _a.sent();
                                        _a.label = 3;
                                    case 3:
                                        _i++;
                                        return [3 /*break*/, 1];
                                    case 4: return [2 /*return*/];
                                }
                            });
                        }); })];
                case 2:
                    _b.sent();
                    _a = { channel: channel, acked: wanted.map(function (k) { return ({ key: k, version: byKey.get(k).version }); }) };
                    return [4 /*yield*/, unacknowledged(ctx, channel, agent, all)];
                case 3: return [2 /*return*/, (_a.unacknowledged_rulings = _b.sent(), _a)];
            }
        });
    });
}
