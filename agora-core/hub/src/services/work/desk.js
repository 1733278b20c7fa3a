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
exports.desk = desk;
var owed_js_1 = require("../owed.js");
var rows_js_1 = require("./rows.js");
var store_js_1 = require("../store.js");
var protocol_1 = require("@agora/protocol");
var rulings_js_1 = require("./rulings.js");
/**
 * GET /desk (operator or reporting delegate): everything waiting on the operator's desk, computed on
 * read: the caller's own /owed rows (operator asks land on reporting delegates too), claims that wait
 * on the caller, `queue:` rows in the caller's rooms, and rulings the caller has not acknowledged.
 */
function desk(ctx, viewer) {
    return __awaiter(this, void 0, void 0, function () {
        var now, rooms, owed, rows, queue, _a, unacked, _i, rooms_1, c, list, _b, _c, k;
        var _d;
        return __generator(this, function (_e) {
            switch (_e.label) {
                case 0:
                    now = ctx.now();
                    rooms = ctx.cache.channelsOf(viewer).filter(function (c) { return c !== 'hub-alerts'; }).sort();
                    return [4 /*yield*/, (0, owed_js_1.computeOwed)(ctx, viewer)];
                case 1:
                    owed = _e.sent();
                    return [4 /*yield*/, (0, rows_js_1.liveRows)(ctx, rooms, now)];
                case 2:
                    rows = _e.sent();
                    if (!(rooms.length === 0)) return [3 /*break*/, 3];
                    _a = [];
                    return [3 /*break*/, 5];
                case 3: return [4 /*yield*/, (_d = ctx.db).all.apply(_d, __spreadArray(["SELECT * FROM store WHERE channel IN (".concat(rooms.map(function () { return '?'; }).join(', '), ")\n    AND key >= 'queue:' AND key < 'queue;' ORDER BY channel, key")], rooms, false))];
                case 4:
                    _a = (_e.sent())
                        .map(function (r) { return ({ channel: r.channel, key: r.key, value: (0, protocol_1.toPlain)((0, store_js_1.parseValue)(r)), version: r.version, updated_by: r.updated_by, updated_at: r.updated_at }); });
                    _e.label = 5;
                case 5:
                    queue = _a;
                    unacked = [];
                    _i = 0, rooms_1 = rooms;
                    _e.label = 6;
                case 6:
                    if (!(_i < rooms_1.length)) return [3 /*break*/, 12];
                    c = rooms_1[_i];
                    return [4 /*yield*/, (0, rulings_js_1.rulings)(ctx, c)];
                case 7:
                    list = _e.sent();
                    _b = 0;
                    return [4 /*yield*/, (0, rulings_js_1.unacknowledged)(ctx, c, viewer, list)];
                case 8:
                    _c = _e.sent();
                    _e.label = 9;
                case 9:
                    if (!(_b < _c.length)) return [3 /*break*/, 11];
                    k = _c[_b];
                    unacked.push({ channel: c, key: k });
                    _e.label = 10;
                case 10:
                    _b++;
                    return [3 /*break*/, 9];
                case 11:
                    _i++;
                    return [3 /*break*/, 6];
                case 12: return [2 /*return*/, {
                        agent_id: viewer,
                        to_answer: owed.to_answer, to_close: owed.to_close,
                        waiting_on_you: rows.filter(function (r) { return r.needs_from.includes(viewer); }).map(function (r) { return ({ channel: r.channel, key: r.key, holder: r.holder, status: r.status, idle_s: r.idle_s }); }),
                        queue: queue,
                        unacknowledged_rulings: unacked,
                        counts: { to_answer: owed.to_answer.length, to_close: owed.to_close.length,
                            waiting_on_you: rows.filter(function (r) { return r.needs_from.includes(viewer); }).length, queue: queue.length, unacknowledged_rulings: unacked.length },
                        computed_at: now,
                    }];
            }
        });
    });
}
