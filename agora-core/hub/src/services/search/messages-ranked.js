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
exports.SECTION_SQL = void 0;
exports.rankedPage = rankedPage;
/** The section a message hit belongs to, from its status (the SQL both paths share). */
exports.SECTION_SQL = "CASE WHEN m.status IN ('open', 'blocked') AND m.closed = 0 THEN 'open_threads'\n    WHEN m.status = 'resolved' THEN 'decisions' ELSE 'messages' END";
var FIRST_BATCH = 64;
/**
 * SQLite, sort=relevance, no vote filter: the page without ranking and numbering every match in SQL.
 * Hits come from FTS5's own `ORDER BY rank LIMIT k` (bm25 inside the engine, no join or window over
 * every match), filtered here by the membership and filter conditions; totals from one narrow COUNT
 * per section. The page is settled when each wanted section's candidates hold its whole count, or
 * its last needed row ranks strictly before the k-th candidate (so a tie at the cut can never hide a
 * row that belongs on the page). Otherwise (a boundary inside a tie, a section the first candidates
 * barely reach) this answers null and the caller runs the windowed query over every match: at most
 * one candidate pass and one count more than that query, never a growing series of passes.
 */
function rankedPage(ctx, match, conds, params, sections, offset, limit) {
    return __awaiter(this, void 0, void 0, function () {
        var where, need, k, rows, kth, bySection, _i, rows_1, r, _a, _b, list, total, counts, settled, out, _c, bySection_1, _d, s, list, _e, _f, r;
        var _g, _h;
        var _j, _k;
        return __generator(this, function (_l) {
            switch (_l.label) {
                case 0:
                    where = conds.join(' AND ');
                    need = offset + limit;
                    k = Math.max(FIRST_BATCH, need * 4);
                    return [4 /*yield*/, (_g = ctx.db).all.apply(_g, __spreadArray(__spreadArray(["SELECT m.id, m.created_at, f.rank AS rank, CASE WHEN ".concat(where, " THEN ").concat(exports.SECTION_SQL, " END AS section\n    FROM (SELECT rowid, rank FROM messages_fts WHERE messages_fts MATCH ? ORDER BY rank LIMIT ?) f\n    LEFT JOIN messages m ON m.rowid = f.rowid")], params, false), [match, k], false))];
                case 1:
                    rows = _l.sent();
                    kth = rows.reduce(function (m, r) { return Math.max(m, r.rank); }, -Infinity);
                    bySection = new Map(sections.map(function (s) { return [s, []]; }));
                    for (_i = 0, rows_1 = rows; _i < rows_1.length; _i++) {
                        r = rows_1[_i];
                        if (r.section !== null && r.id !== null)
                            (_j = bySection.get(r.section)) === null || _j === void 0 ? void 0 : _j.push(r);
                    }
                    for (_a = 0, _b = bySection.values(); _a < _b.length; _a++) {
                        list = _b[_a];
                        list.sort(function (a, b) { return a.rank - b.rank || b.created_at - a.created_at; });
                    }
                    if (!(rows.length < k)) return [3 /*break*/, 2];
                    // Every match is a candidate: the counts are exact as they stand.
                    total = new Map(__spreadArray([], bySection, true).map(function (_a) {
                        var s = _a[0], list = _a[1];
                        return [s, list.length];
                    }));
                    return [3 /*break*/, 4];
                case 2:
                    // A tie across the cut is already visible here: skip the count and let the window settle it.
                    if (__spreadArray([], bySection.values(), true).some(function (list) { return list.length >= need && list[need - 1].rank >= kth; }))
                        return [2 /*return*/, null];
                    return [4 /*yield*/, (_h = ctx.db).all.apply(_h, __spreadArray(__spreadArray(["SELECT section, COUNT(*) AS n FROM (\n        SELECT ".concat(exports.SECTION_SQL, " AS section FROM messages_fts f JOIN messages m ON m.rowid = f.rowid WHERE messages_fts MATCH ? AND ").concat(where, "\n      ) h WHERE section IN (").concat(sections.map(function () { return '?'; }).join(', '), ") GROUP BY section"), match], params, false), sections, false))];
                case 3:
                    counts = _l.sent();
                    total = new Map(counts.map(function (c) { return [c.section, Number(c.n)]; }));
                    settled = __spreadArray([], total, true).every(function (_a) {
                        var s = _a[0], n = _a[1];
                        var list = bySection.get(s);
                        return list.length >= n || (list.length >= need && list[need - 1].rank < kth);
                    });
                    if (!settled)
                        return [2 /*return*/, null];
                    _l.label = 4;
                case 4:
                    out = [];
                    for (_c = 0, bySection_1 = bySection; _c < bySection_1.length; _c++) {
                        _d = bySection_1[_c], s = _d[0], list = _d[1];
                        for (_e = 0, _f = list.slice(offset, need); _e < _f.length; _e++) {
                            r = _f[_e];
                            out.push({ id: r.id, section: s, total: (_k = total.get(s)) !== null && _k !== void 0 ? _k : 0 });
                        }
                    }
                    return [2 /*return*/, out];
            }
        });
    });
}
