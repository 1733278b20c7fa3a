"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.nfcIdentifier = nfcIdentifier;
exports.codePointLength = codePointLength;
var context_js_1 = require("./context.js");
/**
 * The identifier rule: names that pick a thing (channel and group names, fs paths, store keys)
 * are compared in Unicode NFC, so `café` typed precomposed or decomposed names one channel, and
 * they may not hold characters that are invisible or reorder text, so two names that look alike
 * are one name. Content (bodies, titles, data) is never normalized: it stays as written.
 */
var CONTROL = /[\u0000-\u001f\u007f-\u009f]/u;
var ZERO_WIDTH = /[\u00ad\u034f\u180e\u200b-\u200f\u2060-\u2064\ufeff]/u;
var BIDI = /[\u061c\u202a-\u202e\u2066-\u2069]/u;
var LONE_SURROGATE = /\p{Cs}/u;
var codePoint = function (c) { return "U+".concat(c.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')); };
/**
 * `raw` in NFC, or a 400 naming the first character that may not appear in an identifier.
 * `what` starts the detail ("channel name 'x'"), `fix` ends it with what to send instead.
 */
function nfcIdentifier(raw, what, fix) {
    var name = raw.normalize('NFC');
    for (var _i = 0, _a = [[LONE_SURROGATE, 'a lone surrogate'], [CONTROL, 'a control character'],
        [ZERO_WIDTH, 'an invisible (zero-width) character'], [BIDI, 'a bidirectional-text control']]; _i < _a.length; _i++) {
        var _b = _a[_i], re = _b[0], kind = _b[1];
        var m = re.exec(name);
        if (m)
            (0, context_js_1.fail)(400, "".concat(what, " contains ").concat(kind, " (").concat(codePoint(m[0]), "), which would make look-alike names; remove it, ").concat(fix));
    }
    return name;
}
/** Code points, not UTF-16 units: an astral letter counts once against a length limit. */
function codePointLength(s) {
    var n = 0;
    for (var _i = 0, s_1 = s; _i < s_1.length; _i++) {
        var _ = s_1[_i];
        n++;
    }
    return n;
}
