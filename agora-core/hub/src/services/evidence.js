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
exports.EVIDENCE_CAP = void 0;
exports.normalizeEvidence = normalizeEvidence;
exports.citesEvidence = citesEvidence;
var protocol_1 = require("@agora/protocol");
var context_js_1 = require("./context.js");
var store_js_1 = require("./store.js");
var in_order_js_1 = require("./in-order.js");
exports.EVIDENCE_CAP = 12;
var KINDS = ['fs', 'store', 'blob', 'external'];
var FIELDS = { fs: ['kind', 'ref'], store: ['kind', 'ref'], blob: ['kind', 'ref'], external: ['kind', 'ref', 'sha256', 'size_bytes'] };
var SHA256 = /^[0-9a-f]{64}$/;
function fileSize(v) {
    var _a;
    return v.content_b64 !== undefined ? Buffer.from(v.content_b64, 'base64').length : Buffer.byteLength((_a = v.content) !== null && _a !== void 0 ? _a : '');
}
function liveFile(valueJson) {
    if (valueJson == null)
        return null;
    var v = (0, protocol_1.toPlain)((0, protocol_1.parseJsonLossless)(valueJson));
    return v.deleted ? null : v;
}
/** `path` (the current version) or `path@N` (that version), read from this channel's vfs. */
function fsRef(ctx, channel, ref, i) {
    return __awaiter(this, void 0, void 0, function () {
        var current, file, pinned, row, _a, old;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0: return [4 /*yield*/, (0, store_js_1.getRow)(ctx, channel, "fs/".concat(ref))];
                case 1:
                    current = _b.sent();
                    file = current ? liveFile(current.value_json) : null;
                    if (current && file) {
                        return [2 /*return*/, { kind: 'fs', ref: "".concat(ref, "@").concat(current.version), path: ref, version: current.version, updated_by: current.updated_by,
                                updated_at: current.updated_at, size: fileSize(file), verified: true }];
                    }
                    pinned = /^(.+)@(\d+)$/.exec(ref);
                    if (!pinned) return [3 /*break*/, 3];
                    return [4 /*yield*/, ctx.db.get('SELECT value_json, updated_by, updated_at FROM fs_versions WHERE channel = ? AND key = ? AND version = ?', channel, "fs/".concat(pinned[1]), Number(pinned[2]))];
                case 2:
                    _a = _b.sent();
                    return [3 /*break*/, 4];
                case 3:
                    _a = undefined;
                    _b.label = 4;
                case 4:
                    row = _a;
                    old = row ? liveFile(row.value_json) : null;
                    if (!pinned || !row || !old)
                        (0, context_js_1.fail)(400, "evidence[".concat(i, "] cites file '").concat(ref, "', which '").concat(channel, "' does not hold; write it first (PUT /channels/").concat(channel, "/fs/{path}) or cite path@version from GET /channels/").concat(channel, "/fshist/{path}"));
                    return [2 /*return*/, { kind: 'fs', ref: ref, path: pinned[1], version: Number(pinned[2]), updated_by: row.updated_by, updated_at: row.updated_at, size: fileSize(old), verified: true }];
            }
        });
    });
}
function storeRef(ctx, channel, ref, i) {
    return __awaiter(this, void 0, void 0, function () {
        var row, _a;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0:
                    if (!ref.startsWith('fs/')) return [3 /*break*/, 1];
                    _a = undefined;
                    return [3 /*break*/, 3];
                case 1: return [4 /*yield*/, (0, store_js_1.getRow)(ctx, channel, ref)];
                case 2:
                    _a = _b.sent();
                    _b.label = 3;
                case 3:
                    row = _a;
                    if (!row || row.value_json == null)
                        (0, context_js_1.fail)(400, "evidence[".concat(i, "] cites store key '").concat(ref, "', which '").concat(channel, "' does not hold; cite a key from GET /channels/").concat(channel, "/store (files are kind fs)"));
                    return [2 /*return*/, { kind: 'store', ref: ref, version: row.version, updated_by: row.updated_by, updated_at: row.updated_at, verified: true }];
            }
        });
    });
}
function blobRef(ctx, channel, ref, i) {
    return __awaiter(this, void 0, void 0, function () {
        var row;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, ctx.db.get('SELECT filename, size, created_by FROM blobs WHERE channel = ? AND id = ?', channel, ref)];
                case 1:
                    row = _a.sent();
                    if (!row)
                        (0, context_js_1.fail)(400, "evidence[".concat(i, "] cites blob '").concat(ref, "', which was not uploaded to '").concat(channel, "'; upload it with POST /channels/").concat(channel, "/attachments and cite the id it returns"));
                    return [2 /*return*/, { kind: 'blob', ref: ref, filename: row.filename, size: row.size, created_by: row.created_by, verified: true }];
            }
        });
    });
}
function externalRef(e, ref, i) {
    var sha = typeof e.sha256 === 'string' ? e.sha256.toLowerCase() : '';
    if (!SHA256.test(sha))
        (0, context_js_1.fail)(400, "evidence[".concat(i, "] is external, so it needs sha256: the 64 hex characters of the artifact's digest"));
    var raw = (0, protocol_1.isLosslessNumber)(e.size_bytes) ? Number(e.size_bytes.value) : e.size_bytes;
    if (typeof raw !== 'number' || !Number.isSafeInteger(raw) || raw < 0)
        (0, context_js_1.fail)(400, "evidence[".concat(i, "] is external, so it needs size_bytes: the artifact's size as a whole number of bytes"));
    return { kind: 'external', ref: ref, sha256: sha, size_bytes: raw, verified: false };
}
/**
 * `evidence`: at most 12 refs, each resolved in this channel and stamped with the hub's own
 * record of it. Only `external` refs, which the hub cannot see, are stamped `verified: false`.
 */
function normalizeEvidence(ctx, channel, value) {
    return __awaiter(this, void 0, void 0, function () {
        var _this = this;
        return __generator(this, function (_a) {
            if (!Array.isArray(value))
                (0, context_js_1.fail)(400, 'evidence must be a list of {kind: fs|store|blob|external, ref}');
            if (value.length > exports.EVIDENCE_CAP)
                (0, context_js_1.fail)(400, "evidence cites ".concat(value.length, " refs; the limit is ").concat(exports.EVIDENCE_CAP, ", cite the ones that prove the work"));
            return [2 /*return*/, (0, in_order_js_1.mapInOrder)(value, function (item, i) { return __awaiter(_this, void 0, void 0, function () {
                    var e, kind, _i, _a, k, ref;
                    return __generator(this, function (_b) {
                        if (!item || typeof item !== 'object' || Array.isArray(item))
                            (0, context_js_1.fail)(400, "evidence[".concat(i, "] must be an object {kind, ref}"));
                        e = item;
                        kind = e.kind;
                        if (!KINDS.includes(kind))
                            (0, context_js_1.fail)(400, "evidence[".concat(i, "].kind must be one of ").concat(KINDS.join(', ')));
                        for (_i = 0, _a = Object.keys(e); _i < _a.length; _i++) {
                            k = _a[_i];
                            if (!FIELDS[kind].includes(k))
                                (0, context_js_1.fail)(400, "evidence[".concat(i, "] has field '").concat(k, "', which a ").concat(kind, " ref does not take; allowed: ").concat(FIELDS[kind].join(', '), " (the hub stamps the rest)"));
                        }
                        ref = e.ref;
                        if (typeof ref !== 'string' || !ref || ref.length > 1024)
                            (0, context_js_1.fail)(400, "evidence[".concat(i, "].ref must be a non-empty string of at most 1024 characters"));
                        if (kind === 'fs')
                            return [2 /*return*/, fsRef(ctx, channel, ref, i)];
                        if (kind === 'store')
                            return [2 /*return*/, storeRef(ctx, channel, ref, i)];
                        if (kind === 'blob')
                            return [2 /*return*/, blobRef(ctx, channel, ref, i)];
                        return [2 /*return*/, externalRef(e, ref, i)];
                    });
                }); })];
        });
    });
}
/** Does this (post-time stamped) data cite at least one ref the hub itself verified? External refs alone do not count. */
function citesEvidence(data) {
    var refs = data === null || data === void 0 ? void 0 : data.evidence;
    return Array.isArray(refs) && refs.some(function (r) { return !!r && typeof r === 'object' && r.verified === true; });
}
