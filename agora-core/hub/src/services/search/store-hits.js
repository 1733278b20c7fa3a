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
exports.searchStore = searchStore;
exports.searchPeople = searchPeople;
var query_js_1 = require("./query.js");
/** Store rows a section reads: decisions (`decision:`), work (`work:`, `claim:`), files (`fs/`, live only). */
var PREFIXES = { decisions: ['decision:'], work: ['work:', 'claim:'], files: ['fs/'] };
/** Store rows scanned per search: rooms keep few of these, and the scan must stay bounded. */
var SCAN_CAP = 5000;
function textOf(value) {
    var _a, _b;
    if (typeof value === 'string')
        return value;
    if (value && typeof value === 'object') {
        var v = value;
        // A file row: its path, description and text content (binary content is not words).
        if (typeof v.content === 'string' || typeof v.description === 'string')
            return "".concat((_a = v.description) !== null && _a !== void 0 ? _a : '', " ").concat(v.encoding === 'base64' ? '' : (_b = v.content) !== null && _b !== void 0 ? _b : '');
        return JSON.stringify(value);
    }
    return value == null ? '' : String(value);
}
/** Every matching store row of one section, newest first: `{total, hits}` for the requested page. */
function searchStore(ctx, section, q, relaxed, f, offset, limit) {
    return __awaiter(this, void 0, void 0, function () {
        var likes, params, conds, rows, words, matched, _i, rows_1, r, value, name_1, text, base;
        var _a;
        var _b;
        return __generator(this, function (_c) {
            switch (_c.label) {
                case 0:
                    if (f.channels.length === 0)
                        return [2 /*return*/, { hits: [], total: 0 }];
                    likes = PREFIXES[section].map(function () { return 'key LIKE ?'; }).join(' OR ');
                    params = __spreadArray(__spreadArray([], f.channels, true), PREFIXES[section].map(function (p) { return "".concat(p, "%"); }), true);
                    conds = ["channel IN (".concat(f.channels.map(function () { return '?'; }).join(', '), ")"), "(".concat(likes, ")")];
                    if (f.sender !== null) {
                        conds.push('updated_by = ?');
                        params.push(f.sender);
                    }
                    if (f.since !== null) {
                        conds.push('updated_at >= ?');
                        params.push(f.since);
                    }
                    if (f.until !== null) {
                        conds.push('updated_at <= ?');
                        params.push(f.until);
                    }
                    return [4 /*yield*/, (_a = ctx.db).all.apply(_a, __spreadArray(["SELECT channel, key, version, updated_by, updated_at, value_json FROM store\n    WHERE ".concat(conds.join(' AND '), " ORDER BY updated_at DESC, channel, key LIMIT ").concat(SCAN_CAP)], params, false))];
                case 1:
                    rows = _c.sent();
                    words = (_b = q === null || q === void 0 ? void 0 : q.words) !== null && _b !== void 0 ? _b : [];
                    matched = [];
                    for (_i = 0, rows_1 = rows; _i < rows_1.length; _i++) {
                        r = rows_1[_i];
                        value = r.value_json == null ? null : JSON.parse(r.value_json);
                        if (section === 'files' && (value === null || value === void 0 ? void 0 : value.deleted) === true)
                            continue;
                        name_1 = section === 'files' ? r.key.slice(3) : r.key;
                        text = "".concat(name_1, " ").concat(textOf(value));
                        if (!(0, query_js_1.matchesAll)(text, words, relaxed))
                            continue;
                        base = section === 'files' ? { channel: r.channel, path: name_1 } : { channel: r.channel, key: r.key };
                        matched.push(__assign(__assign({}, base), { version: r.version, updated_by: r.updated_by, updated_at: r.updated_at, snippet: (0, query_js_1.snippet)(textOf(value), words) }));
                    }
                    return [2 /*return*/, { hits: matched.slice(offset, offset + limit), total: matched.length }];
            }
        });
    });
}
/** Seats that share a searched channel with the viewer, matched on id, name and about. */
function searchPeople(ctx, channels, q, relaxed, offset, limit) {
    var _a, _b, _c;
    var seen = new Set();
    for (var _i = 0, channels_1 = channels; _i < channels_1.length; _i++) {
        var c = channels_1[_i];
        for (var _d = 0, _e = (_b = (_a = ctx.cache.members.get(c)) === null || _a === void 0 ? void 0 : _a.keys()) !== null && _b !== void 0 ? _b : []; _d < _e.length; _d++) {
            var id = _e[_d];
            seen.add(id);
        }
    }
    var words = (_c = q === null || q === void 0 ? void 0 : q.words) !== null && _c !== void 0 ? _c : [];
    var hits = [];
    for (var _f = 0, _g = __spreadArray([], seen, true).sort(); _f < _g.length; _f++) {
        var id = _g[_f];
        var a = ctx.cache.agents.get(id);
        if (!a || a.retired_at != null || a.deleted_at != null)
            continue;
        if (words.length === 0 || !(0, query_js_1.matchesAll)("".concat(a.id, " ").concat(a.name, " ").concat(a.about), words, relaxed))
            continue;
        hits.push({ id: a.id, name: a.name, about: a.about, operator: a.operator });
    }
    return { hits: hits.slice(offset, offset + limit), total: hits.length };
}
