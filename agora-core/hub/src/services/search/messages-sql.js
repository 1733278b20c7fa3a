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
exports.MESSAGE_SECTIONS = void 0;
exports.searchMessages = searchMessages;
var protocol_1 = require("@agora/protocol");
var query_js_1 = require("./query.js");
var messages_ranked_js_1 = require("./messages-ranked.js");
exports.MESSAGE_SECTIONS = ['decisions', 'open_threads', 'messages'];
/**
 * Lexical message search, the one place its SQL lives. SQLite reads the FTS5 index the triggers
 * keep (`messages_fts`); PostgreSQL reads the generated `search_tsv` column through
 * `websearch_to_tsquery`. Both give the same rows: live human messages in the given channels,
 * ranked, numbered within their section (decisions, open_threads, messages) and paged there.
 */
function searchMessages(ctx, q, relaxed, f, offset, limit) {
    return __awaiter(this, void 0, void 0, function () {
        var params, conds, source, rank, rankParams, sourceParams, needVotes, join, joinParams, order, section, sql, page, ranked, _a, _b, err_1, e, full, _c;
        var _d, _e;
        return __generator(this, function (_f) {
            switch (_f.label) {
                case 0:
                    if (f.channels.length === 0 || f.sections.length === 0)
                        return [2 /*return*/, []];
                    params = [];
                    conds = ["m.kind = 'message'", 'm.retracted_at IS NULL', "m.channel IN (".concat(f.channels.map(function () { return '?'; }).join(', '), ")")];
                    source = 'messages m';
                    rank = '0';
                    rankParams = [];
                    sourceParams = [];
                    if (q && q.words.length + (q.raw ? 1 : 0) > 0) {
                        if (ctx.db.dialect === 'sqlite') {
                            // FTS5 is SQLite's; its hidden `rank` column is bm25 (lower is better). Ranking inside the
                            // subquery, before the join, costs about 40% less on a word most messages hold.
                            source = '(SELECT rowid, rank FROM messages_fts WHERE messages_fts MATCH ?) f JOIN messages m ON m.rowid = f.rowid';
                            sourceParams.push((0, query_js_1.ftsMatch)(q, relaxed));
                            rank = 'f.rank';
                        }
                        else {
                            conds.unshift("m.search_tsv @@ websearch_to_tsquery('simple', ?)");
                            params.push((0, query_js_1.webSearchText)(q, relaxed));
                            rank = "-ts_rank(m.search_tsv, websearch_to_tsquery('simple', ?))";
                            rankParams.push((0, query_js_1.webSearchText)(q, relaxed));
                        }
                    }
                    params.push.apply(params, f.channels);
                    if (f.sender !== null) {
                        conds.push('m.sender = ?');
                        params.push(f.sender);
                    }
                    if (f.since !== null) {
                        conds.push('m.created_at >= ?');
                        params.push(f.since);
                    }
                    if (f.until !== null) {
                        conds.push('m.created_at <= ?');
                        params.push(f.until);
                    }
                    if (f.ref !== null) {
                        conds.push('(m.id = ? OR m.reply_to = ?)');
                        params.push(f.ref, f.ref);
                    }
                    needVotes = f.rated !== null || f.minVotes !== null || f.sort === 'votes';
                    join = '';
                    joinParams = [];
                    if (needVotes) {
                        join = "LEFT JOIN (SELECT message_id, SUM(value) AS net, SUM(CASE WHEN value > 0 THEN 1 ELSE 0 END) AS ups, COUNT(*) AS n,\n      MAX(CASE WHEN rater = ? THEN 1 ELSE 0 END) AS mine FROM rep_votes WHERE category = 'general' AND message_id <> ''\n      GROUP BY message_id) r ON r.message_id = m.id";
                        joinParams.push(f.viewer);
                        if (f.rated === 'up')
                            conds.push('r.net > 0');
                        if (f.rated === 'down')
                            conds.push('r.net < 0');
                        if (f.rated === 'any')
                            conds.push('r.n > 0');
                        if (f.rated === 'mine')
                            conds.push('r.mine = 1');
                        if (f.minVotes !== null) {
                            conds.push('COALESCE(r.ups, 0) >= ?');
                            params.push(f.minVotes);
                        }
                    }
                    order = f.sort === 'votes' ? 'net DESC, created_at DESC, seq DESC'
                        : f.sort === 'recency' || rank === '0' ? 'created_at DESC, seq DESC' : 'rank ASC, created_at DESC';
                    section = messages_ranked_js_1.SECTION_SQL;
                    sql = "SELECT id, section, total FROM (\n      SELECT h.*, ROW_NUMBER() OVER (PARTITION BY section ORDER BY ".concat(order, ") AS rn, COUNT(*) OVER (PARTITION BY section) AS total FROM (\n        SELECT m.id, m.seq, m.created_at, ").concat(rank, " AS rank, ").concat(needVotes ? 'COALESCE(r.net, 0)' : '0', " AS net, ").concat(section, " AS section\n        FROM ").concat(source, " ").concat(join, " WHERE ").concat(conds.join(' AND '), "\n      ) h WHERE section IN (").concat(f.sections.map(function () { return '?'; }).join(', '), ")\n    ) ranked WHERE rn > ? AND rn <= ? ORDER BY section, rn");
                    _f.label = 1;
                case 1:
                    _f.trys.push([1, 8, , 9]);
                    if (!(rank === 'f.rank' && f.sort === 'relevance' && !needVotes && !((q === null || q === void 0 ? void 0 : q.raw) && q.text.includes('"')))) return [3 /*break*/, 3];
                    return [4 /*yield*/, (0, messages_ranked_js_1.rankedPage)(ctx, sourceParams[0], conds, params, f.sections, offset, limit)];
                case 2:
                    _a = _f.sent();
                    return [3 /*break*/, 4];
                case 3:
                    _a = null;
                    _f.label = 4;
                case 4:
                    ranked = _a;
                    if (!(ranked !== null && ranked !== void 0)) return [3 /*break*/, 5];
                    _b = ranked;
                    return [3 /*break*/, 7];
                case 5: return [4 /*yield*/, (_d = ctx.db).all.apply(_d, __spreadArray(__spreadArray(__spreadArray(__spreadArray(__spreadArray(__spreadArray([sql], rankParams, false), sourceParams, false), joinParams, false), params, false), f.sections, false), [offset, offset + limit], false))];
                case 6:
                    _b = _f.sent();
                    _f.label = 7;
                case 7:
                    page = _b;
                    return [3 /*break*/, 9];
                case 8:
                    err_1 = _f.sent();
                    e = err_1;
                    if ((q === null || q === void 0 ? void 0 : q.raw) && e.code === 'SQLITE_ERROR') {
                        throw new protocol_1.AgoraError(422, [{ loc: ['query', 'q'], msg: "q is not a valid search query (".concat(e.message, "); quote words with \"...\" or drop the operators AND, OR, NOT, NEAR, *, ( ), :"), type: 'value_error' }]);
                    }
                    throw err_1;
                case 9:
                    if (page.length === 0)
                        return [2 /*return*/, []];
                    _c = Map.bind;
                    return [4 /*yield*/, (_e = ctx.db).all.apply(_e, __spreadArray(["SELECT id, channel, seq, sender, status, title, body, created_at, reply_to FROM messages\n    WHERE id IN (".concat(page.map(function () { return '?'; }).join(', '), ")")], page.map(function (p) { return p.id; }), false))];
                case 10:
                    full = new (_c.apply(Map, [void 0, (_f.sent()).map(function (r) { return [r.id, r]; })]))();
                    return [2 /*return*/, page.map(function (p) { return (__assign(__assign({}, full.get(p.id)), { section: p.section, total: p.total })); })];
            }
        });
    });
}
