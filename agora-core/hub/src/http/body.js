"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.BODY_LIMIT = void 0;
exports.jsonBody = jsonBody;
exports.hasNonFiniteLiteral = hasNonFiniteLiteral;
var protocol_1 = require("@agora/protocol");
var protocol_2 = require("@agora/protocol");
var limits_js_1 = require("../limits.js");
Object.defineProperty(exports, "BODY_LIMIT", { enumerable: true, get: function () { return limits_js_1.BODY_LIMIT; } });
var text_js_1 = require("./text.js");
var MAYBE_LOSSY = /[0-9][.eE]|[0-9]{16}/;
/**
 * Reads JSON bodies ourselves: a plain parse for schema validation and a lossless parse for
 * the fields whose number tokens must survive (`data`, store `value`). Bad JSON is 422, too
 * large is 413, and text that is not valid Unicode (bad UTF-8 bytes, a lone surrogate escape)
 * or JSON past the depth or array limits is 422 naming where, before any route sees it.
 */
function jsonBody(req, _res, next) {
    var _a;
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS')
        return next();
    // Attachment uploads are raw bytes; their route streams the body itself.
    if (req.method === 'POST' && /^\/channels\/[^/]+\/attachments\/?$/.test(req.path))
        return next();
    var declared = Number((_a = req.headers['content-length']) !== null && _a !== void 0 ? _a : 0);
    if (declared > limits_js_1.BODY_LIMIT)
        return next(new protocol_2.AgoraError(413, "request body is ".concat(declared, " bytes; the limit is ").concat(limits_js_1.BODY_LIMIT)));
    var chunks = [];
    var total = 0;
    var failed = false;
    req.on('data', function (c) {
        total += c.length;
        if (total > limits_js_1.BODY_LIMIT && !failed) {
            failed = true;
            next(new protocol_2.AgoraError(413, "request body is over ".concat(limits_js_1.BODY_LIMIT, " bytes; send less")));
            return;
        }
        if (!failed)
            chunks.push(c);
    });
    req.on('error', function () {
        if (!failed) {
            failed = true;
            next(new protocol_2.AgoraError(400, 'the request body could not be read; resend it'));
        }
    });
    req.on('end', function () {
        if (failed)
            return;
        var text;
        try {
            text = (0, text_js_1.decodeUtf8)(Buffer.concat(chunks), 'body');
        }
        catch (err) {
            return next(err);
        }
        if (text.trim() === '') {
            req.body = undefined;
            return next();
        }
        var plain;
        try {
            plain = JSON.parse(text);
        }
        catch (err) {
            if (hasNonFiniteLiteral(text)) {
                return next(new protocol_2.AgoraError(400, 'request body uses NaN or Infinity, which strict JSON does not allow; send finite numbers or null'));
            }
            // FastAPI (the reference) answers an unparseable body with 422 json_invalid, not 400.
            return next(new protocol_2.AgoraError(422, [{ loc: ['body'], msg: "request body is not valid JSON (".concat(err.message, "); send a JSON object"), type: 'json_invalid' }]));
        }
        // Checked before the lossless parse, which recurses per level.
        var bad = (0, text_js_1.textViolation)(plain, 'body', (0, text_js_1.mayHoldSurrogate)(text));
        if (bad)
            return next(new protocol_2.AgoraError(422, [bad]));
        req.body = plain;
        try {
            // A plain parse is exact unless some number token has a point, an exponent or 16+ digits.
            var lossless = MAYBE_LOSSY.test(text) ? (0, protocol_1.parseJsonLossless)(text) : plain;
            req.lossless = lossless && typeof lossless === 'object' ? lossless : undefined;
        }
        catch (err) {
            return next(new protocol_2.AgoraError(422, [{ loc: ['body'], msg: "request body is not valid JSON (".concat(err.message, "); send a JSON object"), type: 'json_invalid' }]));
        }
        next();
    });
}
/** Python's json module reads NaN/Infinity, so the reference refuses them later with 400; mirror that. */
function hasNonFiniteLiteral(text) {
    var out = '';
    var found = false;
    for (var i = 0; i < text.length; i++) {
        var c = text[i];
        if (c === '"') {
            var start = i;
            for (i++; i < text.length && text[i] !== '"'; i++)
                if (text[i] === '\\')
                    i++;
            out += text.slice(start, i + 1);
            continue;
        }
        var rest = text.slice(i, i + 9);
        var m = /^(-?Infinity|NaN)/.exec(rest);
        if (m) {
            out += 'null';
            i += m[1].length - 1;
            found = true;
            continue;
        }
        out += c;
    }
    if (!found)
        return false;
    try {
        JSON.parse(out);
        return true;
    }
    catch (_a) {
        return false;
    }
}
