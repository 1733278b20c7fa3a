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
exports.VOTES_SORT_MAX = void 0;
exports.historyByVotes = historyByVotes;
exports.withRatings = withRatings;
var messages_js_1 = require("../messages.js");
var votes_js_1 = require("./votes.js");
exports.VOTES_SORT_MAX = 200;
/**
 * `sort=votes`: the channel's messages after `since`, highest net rating first (ties by seq), at
 * most 200. Retracted rows sort as zero: their ratings are not served.
 */
function historyByVotes(ctx, channel, since, limit) {
    return __awaiter(this, void 0, void 0, function () {
        var ids, out, _i, ids_1, id, _a, _b;
        return __generator(this, function (_c) {
            switch (_c.label) {
                case 0: return [4 /*yield*/, ctx.db.all("SELECT m.id FROM messages m\n    LEFT JOIN (SELECT message_id, SUM(value) AS net FROM rep_votes WHERE channel = ? AND category = 'general' AND message_id <> ''\n      GROUP BY message_id) r ON r.message_id = m.id\n    WHERE m.channel = ? AND m.seq > ?\n    ORDER BY CASE WHEN m.retracted_at IS NULL THEN COALESCE(r.net, 0) ELSE 0 END DESC, m.seq ASC LIMIT ?", channel, channel, since, limit)];
                case 1:
                    ids = _c.sent();
                    out = [];
                    _i = 0, ids_1 = ids;
                    _c.label = 2;
                case 2:
                    if (!(_i < ids_1.length)) return [3 /*break*/, 5];
                    id = ids_1[_i].id;
                    _b = (_a = out).push;
                    return [4 /*yield*/, (0, messages_js_1.getMessage)(ctx, id)];
                case 3:
                    _b.apply(_a, [(_c.sent())]);
                    _c.label = 4;
                case 4:
                    _i++;
                    return [3 /*break*/, 2];
                case 5: return [2 /*return*/, out];
            }
        });
    });
}
/** Put real `ratings:{up,down,mine}` on decorated history rows (retracted rows keep `ratings:null`). */
function withRatings(ctx, rows, viewer) {
    return __awaiter(this, void 0, void 0, function () {
        var tallies;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, (0, votes_js_1.ratingTallies)(ctx, rows.map(function (r) { return r.id; }), viewer)];
                case 1:
                    tallies = _a.sent();
                    return [2 /*return*/, rows.map(function (r) { return (r.ratings === null ? r : __assign(__assign({}, r), { ratings: tallies.get(r.id) })); })];
            }
        });
    });
}
