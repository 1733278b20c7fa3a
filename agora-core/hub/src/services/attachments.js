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
Object.defineProperty(exports, "__esModule", { value: true });
exports.MEDIA_TYPE = exports.CHANNEL_BLOB_CAP = exports.BLOB_CAP = void 0;
exports.cleanFilename = cleanFilename;
exports.saveBlob = saveBlob;
exports.normalizeAttachments = normalizeAttachments;
exports.readBlob = readBlob;
exports.dispositionHeader = dispositionHeader;
var limits_js_1 = require("../limits.js");
Object.defineProperty(exports, "BLOB_CAP", { enumerable: true, get: function () { return limits_js_1.BLOB_CAP; } });
Object.defineProperty(exports, "CHANNEL_BLOB_CAP", { enumerable: true, get: function () { return limits_js_1.CHANNEL_BLOB_CAP; } });
var node_crypto_1 = require("node:crypto");
var context_js_1 = require("./context.js");
var in_order_js_1 = require("./in-order.js");
exports.MEDIA_TYPE = /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+(\s*;.*)?$/i;
var ACTIVE = /(html|svg|xml|javascript|ecmascript)|\+xml|\+html/i;
function meta(r) {
    return { channel: r.channel, id: r.id, filename: r.filename, content_type: r.content_type, size: r.size,
        created_by: r.created_by, created_at: r.created_at };
}
function cleanFilename(name) {
    var f = (0, context_js_1.sanitize)(name).replace(/[/\\]/g, '_');
    if (f.length > 200)
        (0, context_js_1.fail)(400, "filename is ".concat(f.length, " characters; the limit is 200"));
    return f || 'attachment';
}
/** Store a blob; id = sha256(bytes), so a repeat upload in the same channel is a no-op. */
function saveBlob(ctx, channel, bytes, filename, contentType, by) {
    return __awaiter(this, void 0, void 0, function () {
        var type, id;
        var _this = this;
        return __generator(this, function (_a) {
            if (bytes.length === 0)
                (0, context_js_1.fail)(400, 'the attachment is empty; send the file bytes as the request body');
            if (bytes.length > limits_js_1.BLOB_CAP)
                (0, context_js_1.fail)(413, "the attachment is ".concat(bytes.length, " bytes; the cap is 16 MiB"));
            type = (contentType || 'application/octet-stream').slice(0, 100);
            id = (0, node_crypto_1.createHash)('sha256').update(bytes).digest('hex');
            return [2 /*return*/, ctx.db.tx(function () { return __awaiter(_this, void 0, void 0, function () {
                    var existing, used, row;
                    var _a, _b;
                    return __generator(this, function (_c) {
                        switch (_c.label) {
                            case 0: return [4 /*yield*/, ctx.db.get('SELECT channel, id, filename, content_type, size, created_by, created_at FROM blobs WHERE channel = ? AND id = ?', channel, id)];
                            case 1:
                                existing = _c.sent();
                                if (existing)
                                    return [2 /*return*/, meta(existing)];
                                return [4 /*yield*/, ctx.db.get('SELECT SUM(size) AS n FROM blobs WHERE channel = ?', channel)];
                            case 2:
                                used = (_b = (_a = (_c.sent())) === null || _a === void 0 ? void 0 : _a.n) !== null && _b !== void 0 ? _b : 0;
                                if (used + bytes.length > limits_js_1.CHANNEL_BLOB_CAP)
                                    (0, context_js_1.fail)(413, "'".concat(channel, "' would hold more than 1 GiB of attachments; store large files elsewhere"));
                                row = { channel: channel, id: id, filename: cleanFilename(filename), content_type: type, size: bytes.length, created_by: by, created_at: ctx.now() };
                                return [4 /*yield*/, ctx.db.run('INSERT INTO blobs (channel, id, filename, content_type, size, bytes, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)', channel, id, row.filename, row.content_type, row.size, bytes, by, row.created_at)];
                            case 3:
                                _c.sent();
                                return [2 /*return*/, meta(row)];
                        }
                    });
                }); })];
        });
    });
}
/** Post-time `attachments`: at most 8 refs to blobs of this channel, stamped from the blob row. */
function normalizeAttachments(ctx, channel, refs) {
    return __awaiter(this, void 0, void 0, function () {
        var _this = this;
        return __generator(this, function (_a) {
            if (!Array.isArray(refs))
                (0, context_js_1.fail)(400, 'attachments must be a list of {id, filename?}');
            if (refs.length > 8)
                (0, context_js_1.fail)(400, "a message carries at most 8 attachments; this one has ".concat(refs.length));
            return [2 /*return*/, (0, in_order_js_1.mapInOrder)(refs, function (ref, i) { return __awaiter(_this, void 0, void 0, function () {
                    var r, row, _a, filename;
                    return __generator(this, function (_b) {
                        switch (_b.label) {
                            case 0:
                                r = (typeof ref === 'string' ? { id: ref } : ref);
                                if (!(typeof (r === null || r === void 0 ? void 0 : r.id) === 'string')) return [3 /*break*/, 2];
                                return [4 /*yield*/, ctx.db.get('SELECT channel, id, filename, content_type, size, created_by, created_at FROM blobs WHERE channel = ? AND id = ?', channel, r.id)];
                            case 1:
                                _a = _b.sent();
                                return [3 /*break*/, 3];
                            case 2:
                                _a = undefined;
                                _b.label = 3;
                            case 3:
                                row = _a;
                                if (!row)
                                    (0, context_js_1.fail)(400, "attachments[".concat(i, "] is not a blob uploaded to '").concat(channel, "'; upload it with POST /channels/").concat(channel, "/attachments first"));
                                filename = typeof r.filename === 'string' && r.filename ? cleanFilename(r.filename) : row.filename;
                                return [2 /*return*/, { id: row.id, filename: filename, content_type: row.content_type, size: row.size }];
                        }
                    });
                }); })];
        });
    });
}
/** Fetch a blob; 404 once every message that referenced it has been retracted. */
function readBlob(ctx, channel, id) {
    return __awaiter(this, void 0, void 0, function () {
        var row, refs, declared, servedType;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    if (!/^[0-9a-f]{64}$/.test(id))
                        (0, context_js_1.fail)(400, 'an attachment id is 64 lowercase hex characters (its sha256)');
                    return [4 /*yield*/, ctx.db.get('SELECT * FROM blobs WHERE channel = ? AND id = ?', channel, id)];
                case 1:
                    row = _a.sent();
                    if (!row)
                        (0, context_js_1.fail)(404, "no attachment '".concat(id, "' in '").concat(channel, "'"));
                    return [4 /*yield*/, ctx.db.get("SELECT count(*) AS total, SUM(CASE WHEN retracted_at IS NULL THEN 1 ELSE 0 END) AS live FROM messages\n    WHERE channel = ? AND data_json LIKE ?", channel, "%\"attachments\":%".concat(id, "%"))];
                case 2:
                    refs = _a.sent();
                    if (refs && refs.total > 0 && !refs.live)
                        (0, context_js_1.fail)(404, "attachment '".concat(id, "' was withdrawn: every message that carried it was retracted"));
                    declared = row.content_type;
                    servedType = !exports.MEDIA_TYPE.test(declared) || ACTIVE.test(declared) ? 'application/octet-stream' : declared;
                    return [2 /*return*/, { meta: row, bytes: row.bytes, servedType: servedType }];
            }
        });
    });
}
function dispositionHeader(filename) {
    var ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
    return "attachment; filename=\"".concat(ascii, "\"; filename*=UTF-8''").concat(encodeURIComponent(filename));
}
