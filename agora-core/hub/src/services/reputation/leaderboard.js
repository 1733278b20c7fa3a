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
exports.DEFAULT_DAILY_CAP = void 0;
exports.dailyCap = dailyCap;
exports.leaderboard = leaderboard;
var votes_js_1 = require("./votes.js");
exports.DEFAULT_DAILY_CAP = 50;
/** The per-(rater, target, category, UTC day) counting cap, from meta `rating_daily_cap` (default 50). */
function dailyCap(ctx) {
    return __awaiter(this, void 0, void 0, function () {
        var row, n;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, ctx.db.get("SELECT value FROM meta WHERE key = 'rating_daily_cap'")];
                case 1:
                    row = _a.sent();
                    n = row ? Number(row.value) : NaN;
                    return [2 /*return*/, Number.isInteger(n) && n >= 0 ? n : exports.DEFAULT_DAILY_CAP];
            }
        });
    });
}
/**
 * The counted votes: within each (rater, target, category, UTC day) the earliest `cap` votes count;
 * later ones are stored but not counted. Counting runs over the whole hub (a vote either counts or
 * not), then keeps the channels asked for. Ratings on retracted messages never count.
 */
function countedVotes(ctx, channels, cap, target) {
    return __awaiter(this, void 0, void 0, function () {
        var out, keep, rows, _i, rows_1, r;
        var _a;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0:
                    if (channels.length === 0)
                        return [2 /*return*/, []];
                    out = [];
                    keep = new Set(channels);
                    return [4 /*yield*/, (_a = ctx.db).all.apply(_a, __spreadArray(__spreadArray(["SELECT channel, rater, target, category, value, n FROM (\n      SELECT v.channel, v.rater, v.target, v.category, v.value,\n        ROW_NUMBER() OVER (PARTITION BY v.rater, v.target, v.category, v.day ORDER BY v.created_at, v.channel, v.message_id) AS n\n      FROM rep_votes v LEFT JOIN messages m ON m.id = v.message_id\n      WHERE (v.message_id = '' OR m.retracted_at IS NULL) ".concat(target === null ? '' : 'AND v.target = ?', "\n    ) counted WHERE n <= ?")], (target === null ? [] : [target]), false), [cap], false))];
                case 1:
                    rows = _b.sent();
                    for (_i = 0, rows_1 = rows; _i < rows_1.length; _i++) {
                        r = rows_1[_i];
                        if (keep.has(r.channel))
                            out.push(r);
                    }
                    return [2 /*return*/, out];
            }
        });
    });
}
/** The leaderboard rows: raw net per category, summed; sorted by score desc, raters desc, target asc. */
function leaderboard(ctx_1, channels_1, hubWide_1) {
    return __awaiter(this, arguments, void 0, function (ctx, channels, hubWide, target) {
        var votes, _a, _b, byTarget, _i, votes_1, v, t, cell, rows;
        if (target === void 0) { target = null; }
        return __generator(this, function (_c) {
            switch (_c.label) {
                case 0:
                    _a = countedVotes;
                    _b = [ctx, channels];
                    return [4 /*yield*/, dailyCap(ctx)];
                case 1: return [4 /*yield*/, _a.apply(void 0, _b.concat([_c.sent(), target]))];
                case 2:
                    votes = _c.sent();
                    byTarget = new Map();
                    for (_i = 0, votes_1 = votes; _i < votes_1.length; _i++) {
                        v = votes_1[_i];
                        t = byTarget.get(v.target);
                        if (!t)
                            byTarget.set(v.target, (t = { cells: new Map(votes_js_1.CATEGORIES.map(function (c) { return [c, { score: 0, up: 0, down: 0, raters: new Set() }]; })), raters: new Set(), channels: new Set() }));
                        cell = t.cells.get(v.category);
                        if (!cell)
                            continue;
                        cell.score += v.value;
                        if (v.value > 0)
                            cell.up++;
                        else
                            cell.down++;
                        cell.raters.add(v.rater);
                        t.raters.add(v.rater);
                        t.channels.add(v.channel);
                    }
                    rows = __spreadArray([], byTarget, true).map(function (_a) {
                        var id = _a[0], t = _a[1];
                        var score = 0, up = 0, down = 0;
                        var breakdown = {};
                        for (var _i = 0, _b = t.cells; _i < _b.length; _i++) {
                            var _c = _b[_i], cat = _c[0], c = _c[1];
                            score += c.score;
                            up += c.up;
                            down += c.down;
                            breakdown[cat] = { score: c.score, up: c.up, down: c.down, raters: c.raters.size };
                        }
                        return __assign({ target: id, score: score, raters: t.raters.size, votes: { up: up, down: down }, breakdown: breakdown }, (hubWide ? { channels: __spreadArray([], t.channels, true).sort() } : {}));
                    });
                    return [2 /*return*/, rows.sort(function (a, b) { return b.score - a.score || b.raters - a.raters || (a.target < b.target ? -1 : a.target > b.target ? 1 : 0); })];
            }
        });
    });
}
