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
exports.LEXICAL_ONLY_NOTICE = exports.SECTIONS = void 0;
exports.messageHit = messageHit;
exports.runSearch = runSearch;
var query_js_1 = require("./query.js");
var messages_sql_js_1 = require("./messages-sql.js");
var store_hits_js_1 = require("./store-hits.js");
var semantic_js_1 = require("./semantic.js");
/** The six fixed sections of a SearchReport, in wire order. */
exports.SECTIONS = ['decisions', 'open_threads', 'work', 'people', 'files', 'messages'];
exports.LEXICAL_ONLY_NOTICE = 'search lexical-only: semantic is not enabled on this hub — a zero here does not prove absence.';
function messageHit(r, words) {
    return { channel: r.channel, seq: r.seq, id: r.id, ref: "".concat(r.channel, "#").concat(r.seq), sender: r.sender, status: r.status,
        title: r.title, snippet: (0, query_js_1.snippet)(r.body || r.title, words), reply_to: r.reply_to, created_at: r.created_at };
}
/** One lexical pass over every wanted section; `relaxed` matches any word instead of all. */
function lexical(ctx, viewer, channels, p, relaxed) {
    return __awaiter(this, void 0, void 0, function () {
        var wanted, out, msgSections, rows, _i, rows_1, r, b, messageOnly, _a, _b, s, skip, room, found, found, _c, SECTIONS_1, s;
        var _d;
        var _e, _f;
        return __generator(this, function (_g) {
            switch (_g.label) {
                case 0:
                    wanted = p.kind ? [p.kind] : __spreadArray([], exports.SECTIONS, true);
                    out = Object.fromEntries(exports.SECTIONS.map(function (s) { return [s, { hits: [], shown: 0, total: 0 }]; }));
                    msgSections = wanted.filter(function (s) { return messages_sql_js_1.MESSAGE_SECTIONS.includes(s); });
                    return [4 /*yield*/, (0, messages_sql_js_1.searchMessages)(ctx, p.q, relaxed, { channels: channels, viewer: viewer, sender: p.sender, since: p.since, until: p.until, ref: p.ref,
                            rated: p.rated, minVotes: p.minVotes, sort: p.sort, sections: msgSections }, p.offset, p.limit)];
                case 1:
                    rows = _g.sent();
                    for (_i = 0, rows_1 = rows; _i < rows_1.length; _i++) {
                        r = rows_1[_i];
                        b = out[r.section];
                        b.hits.push(messageHit(r, (_f = (_e = p.q) === null || _e === void 0 ? void 0 : _e.words) !== null && _f !== void 0 ? _f : []));
                        b.total = Number(r.total);
                    }
                    messageOnly = p.ref !== null || p.rated !== null || p.minVotes !== null;
                    if (!!messageOnly) return [3 /*break*/, 6];
                    _a = 0, _b = ['decisions', 'work', 'files'];
                    _g.label = 2;
                case 2:
                    if (!(_a < _b.length)) return [3 /*break*/, 5];
                    s = _b[_a];
                    if (!wanted.includes(s))
                        return [3 /*break*/, 4];
                    skip = s === 'decisions' ? Math.max(0, p.offset - out.decisions.total) : p.offset;
                    room = p.limit - out[s].hits.length;
                    return [4 /*yield*/, (0, store_hits_js_1.searchStore)(ctx, s, p.q, relaxed, { channels: channels, sender: p.sender, since: p.since, until: p.until }, skip, room)];
                case 3:
                    found = _g.sent();
                    (_d = out[s].hits).push.apply(_d, found.hits);
                    out[s].total += found.total;
                    _g.label = 4;
                case 4:
                    _a++;
                    return [3 /*break*/, 2];
                case 5:
                    if (wanted.includes('people') && p.sender === null && p.since === null && p.until === null) {
                        found = (0, store_hits_js_1.searchPeople)(ctx, channels, p.q, relaxed, p.offset, p.limit);
                        out.people = { hits: found.hits, shown: 0, total: found.total };
                    }
                    _g.label = 6;
                case 6:
                    for (_c = 0, SECTIONS_1 = exports.SECTIONS; _c < SECTIONS_1.length; _c++) {
                        s = SECTIONS_1[_c];
                        out[s].shown = out[s].hits.length;
                    }
                    return [2 /*return*/, out];
            }
        });
    });
}
function empty(sections) {
    return exports.SECTIONS.every(function (s) { return sections[s].total === 0; });
}
/**
 * GET /search: membership-scoped, grouped into six sections. A requested channel the seat is not
 * in is dropped exactly like one that does not exist, so the answer cannot tell them apart.
 */
function runSearch(ctx, viewer, p) {
    return __awaiter(this, void 0, void 0, function () {
        var mine, channels, relaxed, sections, modeUsed, coverage, notice, sem, seen, _i, MESSAGE_SECTIONS_1, s, _a, _b, r, b, more;
        var _c;
        return __generator(this, function (_d) {
            switch (_d.label) {
                case 0:
                    mine = (_c = ctx.cache.agentChannels.get(viewer)) !== null && _c !== void 0 ? _c : new Set();
                    channels = (p.channels === null ? __spreadArray([], mine, true) : __spreadArray([], new Set(p.channels), true).filter(function (c) { return mine.has(c); })).sort();
                    relaxed = false;
                    return [4 /*yield*/, lexical(ctx, viewer, channels, p, false)];
                case 1:
                    sections = _d.sent();
                    if (!(empty(sections) && p.q && (0, query_js_1.canRelax)(p.q))) return [3 /*break*/, 3];
                    return [4 /*yield*/, lexical(ctx, viewer, channels, p, true)];
                case 2:
                    sections = _d.sent();
                    relaxed = !empty(sections);
                    _d.label = 3;
                case 3:
                    modeUsed = 'lexical';
                    coverage = null;
                    notice = null;
                    if (!(p.mode !== 'lexical' && p.q && p.q.words.length > 0)) return [3 /*break*/, 5];
                    return [4 /*yield*/, (0, semantic_js_1.semanticSearch)(ctx, p.q, channels, p)];
                case 4:
                    sem = _d.sent();
                    if (sem.state === 'off') {
                        // auto on a lexical hub is silently lexical; an explicit semantic request is told.
                        if (p.mode === 'semantic')
                            notice = exports.LEXICAL_ONLY_NOTICE;
                    }
                    else if (sem.state === 'failed') {
                        notice = "search lexical-only: the embedding endpoint failed (".concat(sem.reason, ") \u2014 a zero here does not prove absence.");
                    }
                    else {
                        modeUsed = p.mode === 'semantic' ? 'semantic' : 'hybrid';
                        coverage = sem.coverage;
                        seen = new Set(exports.SECTIONS.flatMap(function (s) { return sections[s].hits.map(function (h) { return h.id; }); }));
                        if (p.mode === 'semantic')
                            for (_i = 0, MESSAGE_SECTIONS_1 = messages_sql_js_1.MESSAGE_SECTIONS; _i < MESSAGE_SECTIONS_1.length; _i++) {
                                s = MESSAGE_SECTIONS_1[_i];
                                sections[s] = { hits: [], shown: 0, total: 0 };
                            }
                        for (_a = 0, _b = sem.rows; _a < _b.length; _a++) {
                            r = _b[_a];
                            b = sections[r.section];
                            if (p.mode !== 'semantic' && seen.has(r.id))
                                continue;
                            b.total++;
                            if (b.hits.length < p.limit)
                                b.hits.push(messageHit(r, p.q.words));
                            b.shown = b.hits.length;
                        }
                    }
                    _d.label = 5;
                case 5:
                    more = exports.SECTIONS.some(function (s) { return sections[s].total > p.offset + p.limit; });
                    return [2 /*return*/, __assign(__assign({}, sections), { relaxed: relaxed, channels_searched: channels, next_cursor: more ? Buffer.from(JSON.stringify({ o: p.offset + p.limit })).toString('base64url') : null, computed_at: ctx.now(), mode_used: modeUsed, semantic_coverage: coverage, notice: notice })];
            }
        });
    });
}
