"use strict";
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
exports.Q_MAX = void 0;
exports.parseQuery = parseQuery;
exports.ftsMatch = ftsMatch;
exports.webSearchText = webSearchText;
exports.canRelax = canRelax;
exports.snippet = snippet;
exports.matchesAll = matchesAll;
var protocol_1 = require("@agora/protocol");
exports.Q_MAX = 256;
var SYNTAX = /["()*^:]|\b(AND|OR|NOT|NEAR)\b/;
function parseQuery(q) {
    var _a;
    if (q.length > exports.Q_MAX)
        throw new protocol_1.AgoraError(422, [{ loc: ['query', 'q'], msg: "q is ".concat(q.length, " characters; the limit is ").concat(exports.Q_MAX), type: 'string_too_long' }]);
    var text = q.normalize('NFC').trim();
    var raw = SYNTAX.test(text);
    var source = raw ? text.replace(/\b(AND|OR|NOT|NEAR)\b/g, ' ') : text;
    var words = __spreadArray([], new Set((_a = source.toLowerCase().match(/[\p{L}\p{N}_]+/gu)) !== null && _a !== void 0 ? _a : []), true);
    return { text: text, words: words, raw: raw };
}
/** The FTS5 MATCH text: every word quoted and required, or (relaxed) any word. */
function ftsMatch(q, relaxed) {
    if (q.raw && !relaxed)
        return q.text;
    return q.words.map(function (w) { return "\"".concat(w, "\""); }).join(relaxed ? ' OR ' : ' ');
}
/** The PostgreSQL websearch text: the query as written, or (relaxed) any word. */
function webSearchText(q, relaxed) {
    return relaxed ? q.words.join(' OR ') : q.text;
}
/** A relaxed (any-word) retry makes sense only for two or more plain words. */
function canRelax(q) {
    return q.words.length >= 2;
}
/** A short plain-text excerpt around the first query word, so a hit shows why it matched. */
function snippet(text, words, width) {
    if (width === void 0) { width = 160; }
    var flat = text.replace(/\s+/g, ' ').trim();
    if (flat.length <= width)
        return flat;
    var lower = flat.toLowerCase();
    var at = -1;
    for (var _i = 0, words_1 = words; _i < words_1.length; _i++) {
        var w = words_1[_i];
        var i = lower.indexOf(w);
        if (i >= 0 && (at < 0 || i < at))
            at = i;
    }
    var start = Math.max(0, Math.min(at < 0 ? 0 : at - Math.floor(width / 3), flat.length - width));
    return "".concat(start > 0 ? '…' : '').concat(flat.slice(start, start + width)).concat(start + width < flat.length ? '…' : '');
}
function matchesAll(text, words, any) {
    if (words.length === 0)
        return true;
    var lower = text.toLowerCase();
    return any ? words.some(function (w) { return lower.includes(w); }) : words.every(function (w) { return lower.includes(w); });
}
