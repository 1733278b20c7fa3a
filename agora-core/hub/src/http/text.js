"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.isWellFormed = isWellFormed;
exports.decodeUtf8 = decodeUtf8;
exports.textViolation = textViolation;
exports.mayHoldSurrogate = mayHoldSurrogate;
exports.frameTextViolation = frameTextViolation;
exports.requireText = requireText;
exports.urlText = urlText;
var protocol_1 = require("@agora/protocol");
var limits_js_1 = require("../limits.js");
/**
 * The text rule at the hub's door: every string the hub accepts is valid Unicode, so what is
 * hashed is exactly what SQLite stores and serves (SQLite would turn a lone surrogate into
 * U+FFFD after the hash was taken). Also the shape limits: nesting depth and array length.
 */
/** With the u flag a surrogate class matches only unpaired halves (a pair reads as one code point). */
var LONE_SURROGATE = /\p{Cs}/u;
var LONE_SURROGATES = /\p{Cs}/gu;
function isWellFormed(s) {
    return !LONE_SURROGATE.test(s);
}
var STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
/** Decode request bytes; invalid UTF-8 is refused, never replaced. */
function decodeUtf8(bytes, root) {
    try {
        return STRICT_UTF8.decode(bytes);
    }
    catch (_a) {
        throw new protocol_1.AgoraError(422, [{ loc: [root], msg: "".concat(root, " is not valid UTF-8; encode the text as UTF-8"), type: 'unicode_invalid' }]);
    }
}
var lone = function (loc, what) {
    return ({ loc: loc, msg: "the ".concat(what, " at ").concat(loc.join('.'), " holds a lone UTF-16 surrogate (a \\ud800-\\udfff escape without its pair), which is not Unicode text; send the whole character or remove it"), type: 'unicode_invalid' });
};
function locOf(step, root, last) {
    var loc = last === undefined ? [] : [last];
    for (var s = step; s === null || s === void 0 ? void 0 : s.parent; s = s.parent)
        loc.push(s.key);
    loc.push(root);
    return loc.reverse();
}
/**
 * Walk a parsed JSON value once, with its own stack: the first string or key that is not well-formed
 * Unicode, the first container deeper than JSON_DEPTH_MAX, or the first array longer than
 * JSON_ARRAY_MAX, as a violation whose loc is the JSON path from `root`. Null when all is well.
 * Only containers go on the stack and carry a path; leaves are checked where they stand.
 * `strings: false` skips the string checks, for text known to hold no surrogate (see mayHoldSurrogate).
 */
function textViolation(value, root, strings) {
    if (strings === void 0) { strings = true; }
    if (typeof value === 'string')
        return !strings || isWellFormed(value) ? null : lone([root], 'string');
    if (value === null || typeof value !== 'object')
        return null;
    var work = [{ value: value, parent: null, key: root, depth: 0 }];
    while (work.length > 0) {
        var step = work.pop();
        if (step.depth >= limits_js_1.JSON_DEPTH_MAX) {
            return { loc: locOf(step, root), msg: "JSON is nested deeper than ".concat(limits_js_1.JSON_DEPTH_MAX, " levels here; flatten the value (JSON_DEPTH_MAX is ").concat(limits_js_1.JSON_DEPTH_MAX, ")"), type: 'depth_limit' };
        }
        var v = step.value;
        var isArray = Array.isArray(v);
        if (isArray && v.length > limits_js_1.JSON_ARRAY_MAX) {
            return { loc: locOf(step, root), msg: "array has ".concat(v.length, " items; the limit is ").concat(limits_js_1.JSON_ARRAY_MAX, " (JSON_ARRAY_MAX), send fewer"), type: 'array_limit' };
        }
        var keys = isArray ? Array.from(v.keys()) : Object.keys(v);
        for (var i = keys.length - 1; i >= 0; i--) {
            var key = keys[i];
            if (strings && typeof key === 'string' && !isWellFormed(key))
                return lone(locOf(step, root, key.replace(LONE_SURROGATES, '\ufffd')), 'key');
            var child = v[key];
            if (typeof child === 'string') {
                if (strings && !isWellFormed(child))
                    return lone(locOf(step, root, key), 'string');
            }
            else if (child !== null && typeof child === 'object')
                work.push({ value: child, parent: step, key: key, depth: step.depth + 1 });
        }
    }
    return null;
}
/**
 * Text decoded from valid UTF-8 holds no surrogate code units, so after JSON.parse a lone one can
 * only come from a `\\uD800`–`\\uDFFF` escape: without one, the per-string checks can be skipped.
 */
function mayHoldSurrogate(json) {
    return SURROGATE_ESCAPE.test(json);
}
var SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;
/** A WS text frame under the same rule; unparseable frames are left for the frame reader to refuse. */
function frameTextViolation(text) {
    var value;
    try {
        value = JSON.parse(text);
    }
    catch (_a) {
        return null;
    }
    return textViolation(value, 'frame', mayHoldSurrogate(text));
}
/** Throw the 422 for a value that breaks the text rule or a shape limit. */
function requireText(value, root) {
    var bad = textViolation(value, root);
    if (bad)
        throw new protocol_1.AgoraError(422, [bad]);
}
/**
 * The same rule for the URL: the path and every query parameter must percent-decode to UTF-8.
 * (Express would answer a bad path param 400 without naming it, and node's query parser
 * silently turns bad bytes into U+FFFD.)
 */
function urlText(req, _res, next) {
    var url = req.url;
    var q = url.indexOf('?');
    var path = q < 0 ? url : url.slice(0, q);
    try {
        decodeURIComponent(path);
    }
    catch (_a) {
        return next(new protocol_1.AgoraError(422, [{ loc: ['path'], msg: 'the URL path is not valid percent-encoded UTF-8; encode each name as UTF-8 before percent-encoding it', type: 'unicode_invalid' }]));
    }
    if (q < 0)
        return next();
    for (var _i = 0, _b = url.slice(q + 1).split('&'); _i < _b.length; _i++) {
        var pair = _b[_i];
        var eq = pair.indexOf('=');
        var name_1 = eq < 0 ? pair : pair.slice(0, eq);
        try {
            decodeURIComponent(pair.replaceAll('+', ' '));
        }
        catch (_c) {
            var shown = name_1;
            try {
                shown = decodeURIComponent(name_1);
            }
            catch ( /* the name itself is the bad part */_d) { /* the name itself is the bad part */ }
            return next(new protocol_1.AgoraError(422, [{ loc: ['query', shown], msg: "query parameter '".concat(shown, "' is not valid percent-encoded UTF-8; encode its value as UTF-8 before percent-encoding it"), type: 'unicode_invalid' }]));
        }
    }
    next();
}
