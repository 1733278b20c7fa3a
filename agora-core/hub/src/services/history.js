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
exports.decorate = decorate;
exports.history = history;
exports.readWithAncestors = readWithAncestors;
var messages_js_1 = require("./messages.js");
var obligations_js_1 = require("./obligations.js");
var in_order_js_1 = require("./in-order.js");
/** History row: Message + pending_asks, has_resolved_reply, closed, closed_by, ratings, read. */
function decorate(ctx, rows, viewer) {
    return __awaiter(this, void 0, void 0, function () {
        var ids, resolved, _a, read;
        var _this = this;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0:
                    if (rows.length === 0)
                        return [2 /*return*/, []];
                    ids = JSON.stringify(rows.map(function (r) { return r.id; }));
                    _a = Set.bind;
                    return [4 /*yield*/, ctx.db.rows("SELECT DISTINCT reply_to FROM messages WHERE reply_to IN (".concat((0, messages_js_1.jsonValues)(ctx), ")\n    AND status = 'resolved' AND retracted_at IS NULL"), ids)];
                case 1:
                    resolved = new (_a.apply(Set, [void 0, (_b.sent()).map(function (r) { return r[0]; })]))();
                    return [4 /*yield*/, (0, messages_js_1.readSet)(ctx, viewer, rows.map(function (r) { return r.id; }))];
                case 2:
                    read = _b.sent();
                    return [2 /*return*/, (0, in_order_js_1.mapInOrder)(rows, function (m) { return __awaiter(_this, void 0, void 0, function () {
                            var base, pending, closed, closedBy, s;
                            return __generator(this, function (_a) {
                                switch (_a.label) {
                                    case 0:
                                        base = (0, messages_js_1.wireMessage)(m);
                                        if (m.retracted_at != null) {
                                            return [2 /*return*/, __assign(__assign({}, base), { pending_asks: null, has_resolved_reply: null, closed: null, closed_by: null, ratings: null, read: null })];
                                        }
                                        pending = [];
                                        closed = false;
                                        closedBy = null;
                                        if (!(0, obligations_js_1.isObligation)(m)) return [3 /*break*/, 2];
                                        return [4 /*yield*/, (0, obligations_js_1.threadState)(ctx, m)];
                                    case 1:
                                        s = _a.sent();
                                        pending = s.closed ? [] : s.pending;
                                        closed = s.closed;
                                        closedBy = s.closedBy;
                                        _a.label = 2;
                                    case 2: return [2 /*return*/, __assign(__assign({}, base), { pending_asks: pending, has_resolved_reply: resolved.has(m.id), closed: closed, closed_by: closedBy, ratings: { up: 0, down: 0, mine: 0 }, read: m.sender === viewer ? null : read.has(m.id) })];
                                }
                            });
                        }); })];
            }
        });
    });
}
function history(ctx, channel, since, limit) {
    return __awaiter(this, void 0, void 0, function () {
        return __generator(this, function (_a) {
            return [2 /*return*/, (0, messages_js_1.selectMessages)(ctx, 'FROM messages WHERE channel = ? AND seq > ? ORDER BY seq LIMIT ?', channel, since, limit)];
        });
    });
}
/** Read a message: it plus up to 5 unread ancestors (oldest first), recording receipts for all. */
function readWithAncestors(ctx, m, viewer) {
    return __awaiter(this, void 0, void 0, function () {
        var chain, cur, a, _a, out;
        var _this = this;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0:
                    chain = [];
                    cur = m.reply_to;
                    _b.label = 1;
                case 1:
                    if (!(cur && chain.length < 5)) return [3 /*break*/, 5];
                    return [4 /*yield*/, (0, messages_js_1.getMessage)(ctx, cur)];
                case 2:
                    a = _b.sent();
                    _a = !a || a.channel !== m.channel || a.sender === viewer;
                    if (_a) return [3 /*break*/, 4];
                    return [4 /*yield*/, (0, messages_js_1.isRead)(ctx, a.id, viewer)];
                case 3:
                    _a = (_b.sent());
                    _b.label = 4;
                case 4:
                    if (_a)
                        return [3 /*break*/, 5];
                    chain.push(a);
                    cur = a.reply_to;
                    return [3 /*break*/, 1];
                case 5:
                    out = __spreadArray(__spreadArray([], chain.reverse(), true), [m], false);
                    return [4 /*yield*/, ctx.db.tx(function () { return __awaiter(_this, void 0, void 0, function () {
                            var _i, out_1, x;
                            return __generator(this, function (_a) {
                                switch (_a.label) {
                                    case 0:
                                        _i = 0, out_1 = out;
                                        _a.label = 1;
                                    case 1:
                                        if (!(_i < out_1.length)) return [3 /*break*/, 4];
                                        x = out_1[_i];
                                        return [4 /*yield*/, (0, messages_js_1.recordRead)(ctx, x.id, viewer)];
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
                case 6:
                    _b.sent();
                    return [2 /*return*/, out];
            }
        });
    });
}
