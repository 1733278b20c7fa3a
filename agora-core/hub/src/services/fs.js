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
Object.defineProperty(exports, "__esModule", { value: true });
exports.SEED_CHARTER = exports.CHARTER_PATH = exports.FS_TEXT_CAP = exports.FS_BINARY_CAP = void 0;
exports.validatePath = validatePath;
exports.writeFile = writeFile;
exports.recordCharterReceipt = recordCharterReceipt;
exports.deleteFile = deleteFile;
exports.readFile = readFile;
exports.listFiles = listFiles;
exports.fileHistory = fileHistory;
exports.seedCharter = seedCharter;
var limits_js_1 = require("../limits.js");
Object.defineProperty(exports, "FS_BINARY_CAP", { enumerable: true, get: function () { return limits_js_1.FS_BINARY_CAP; } });
Object.defineProperty(exports, "FS_TEXT_CAP", { enumerable: true, get: function () { return limits_js_1.FS_TEXT_CAP; } });
var protocol_1 = require("@agora/protocol");
var context_js_1 = require("./context.js");
var messages_js_1 = require("./messages.js");
var store_js_1 = require("./store.js");
var identifiers_js_1 = require("./identifiers.js");
exports.CHARTER_PATH = 'channel/charter.md';
/** The file path as the hub keeps it (NFC), or a 400 that says what to change. */
function validatePath(raw) {
    var fix = "use a relative path like 'notes/plan.md'";
    var path = (0, identifiers_js_1.nfcIdentifier)(raw, "file path '".concat(raw.slice(0, 100), "'"), fix);
    var bad = function (why) { return (0, context_js_1.fail)(400, "file path '".concat(path, "' is invalid: ").concat(why, "; ").concat(fix)); };
    var length = (0, identifiers_js_1.codePointLength)(path);
    if (length < 1 || length > limits_js_1.PATH_MAX)
        bad("it must be 1-".concat(limits_js_1.PATH_MAX, " characters (PATH_MAX)"));
    if (path.startsWith('/'))
        bad('it must not start with /');
    if (path.includes('\\'))
        bad('it must not contain a backslash');
    for (var _i = 0, _a = path.split('/'); _i < _a.length; _i++) {
        var seg = _a[_i];
        if (seg === '' || seg === '.' || seg === '..')
            bad('segments must not be empty, . or ..');
        if (seg !== seg.trim())
            bad('segments must not start or end with whitespace');
    }
    return path;
}
var STRICT_B64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
function fileValue(row) {
    if (!row || row.value_json == null)
        return null;
    var v = (0, protocol_1.toPlain)((0, protocol_1.parseJsonLossless)(row.value_json));
    return v.deleted ? null : v;
}
/** Write a file (docs/protocol.md#store-and-fs): CAS, versions monotonic over the path's whole life, archive + audit message. */
function writeFile(ctx, input) {
    return __awaiter(this, void 0, void 0, function () {
        var channel, actor, path, hasText, hasB64, value, size, mime, description, b64, key;
        var _this = this;
        var _a, _b;
        return __generator(this, function (_c) {
            channel = input.channel, actor = input.actor;
            path = validatePath(input.path);
            if (path.startsWith('channel/') && !input.channelAdmin) {
                (0, context_js_1.fail)(403, "'channel/' files are channel-admin only; ask the owner of '".concat(channel, "' or an operator"));
            }
            hasText = input.content !== undefined && input.content !== null;
            hasB64 = input.content_b64 !== undefined && input.content_b64 !== null;
            if (hasText === hasB64)
                (0, context_js_1.fail)(400, 'send exactly one of content (text) or content_b64 (binary)');
            mime = (_a = input.mime) !== null && _a !== void 0 ? _a : 'text/markdown';
            description = (0, context_js_1.sanitize)((_b = input.description) !== null && _b !== void 0 ? _b : '');
            if (description.length > 200)
                (0, context_js_1.fail)(400, "description is ".concat(description.length, " characters; the limit is 200"));
            if (hasText) {
                size = Buffer.byteLength(input.content);
                if (size > limits_js_1.FS_TEXT_CAP)
                    (0, context_js_1.fail)(413, "file content is ".concat(size, " bytes; the text cap is 262144, split the file"));
                value = { content: input.content, mime: mime, description: description };
            }
            else {
                if (path === exports.CHARTER_PATH)
                    (0, context_js_1.fail)(400, 'channel/charter.md must be text; send content, not content_b64');
                b64 = input.content_b64;
                if (!STRICT_B64.test(b64))
                    (0, context_js_1.fail)(400, 'content_b64 is not strict standard base64 with padding');
                size = Buffer.from(b64, 'base64').length;
                if (size > limits_js_1.FS_BINARY_CAP)
                    (0, context_js_1.fail)(413, "decoded file is ".concat(size, " bytes; the binary cap is 4194304"));
                value = { content_b64: b64, mime: mime === 'text/markdown' ? 'application/octet-stream' : mime, description: description };
            }
            key = "fs/".concat(path);
            return [2 /*return*/, ctx.db.tx(function () { return __awaiter(_this, void 0, void 0, function () {
                    var row, live, version, next, text;
                    var _a;
                    return __generator(this, function (_b) {
                        switch (_b.label) {
                            case 0: return [4 /*yield*/, (0, store_js_1.getRow)(ctx, channel, key)];
                            case 1:
                                row = _b.sent();
                                live = fileValue(row) !== null;
                                version = (_a = row === null || row === void 0 ? void 0 : row.version) !== null && _a !== void 0 ? _a : 0;
                                if (input.expectVersion !== undefined && input.expectVersion !== (live ? version : 0)) {
                                    (0, context_js_1.fail)(409, "file version conflict: '".concat(path, "' is at version ").concat(live ? version : 0, "; re-read it and retry with expect_version=").concat(live ? version : 0));
                                }
                                next = version + 1;
                                text = (0, protocol_1.stringifyWire)(value);
                                return [4 /*yield*/, saveVersion(ctx, channel, key, next, text, actor)];
                            case 2:
                                _b.sent();
                                return [4 /*yield*/, audit(ctx, channel, actor, 'put', path, next, size)];
                            case 3:
                                _b.sent();
                                if (!(path === exports.CHARTER_PATH)) return [3 /*break*/, 5];
                                return [4 /*yield*/, recordCharterReceipt(ctx, actor, channel, next)];
                            case 4:
                                _b.sent();
                                _b.label = 5;
                            case 5: return [2 /*return*/, fsFile(path, value, next, actor, ctx.now())];
                        }
                    });
                }); })];
        });
    });
}
function saveVersion(ctx, channel, key, version, text, actor) {
    return __awaiter(this, void 0, void 0, function () {
        var now, stored;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    now = ctx.now();
                    stored = text !== null && text !== void 0 ? text : (0, protocol_1.stringifyWire)({ deleted: true });
                    return [4 /*yield*/, ctx.db.run("INSERT INTO store (channel, key, value_json, version, updated_by, updated_at) VALUES (?, ?, ?, ?, ?, ?)\n    ON CONFLICT (channel, key) DO UPDATE SET value_json = excluded.value_json, version = excluded.version,\n    updated_by = excluded.updated_by, updated_at = excluded.updated_at", channel, key, stored, version, actor, now)];
                case 1:
                    _a.sent();
                    return [4 /*yield*/, ctx.db.run('INSERT INTO fs_versions (channel, key, version, value_json, updated_by, updated_at) VALUES (?, ?, ?, ?, ?, ?)', channel, key, version, text, actor, now)];
                case 2:
                    _a.sent();
                    return [2 /*return*/];
            }
        });
    });
}
function audit(ctx, channel, actor, op, path, version, size) {
    return __awaiter(this, void 0, void 0, function () {
        var m;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, (0, messages_js_1.insertMessage)(ctx, { channel: channel, sender: actor, kind: 'fs', status: 'fyi', title: "fs:".concat(op, " ").concat(path), body: '',
                        data: { op: op, path: path, version: version, size_bytes: size } })];
                case 1:
                    m = _a.sent();
                    (0, messages_js_1.afterCommit)(ctx, m);
                    return [2 /*return*/];
            }
        });
    });
}
function recordCharterReceipt(ctx, agent, scope, version) {
    return __awaiter(this, void 0, void 0, function () {
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, ctx.db.run("INSERT INTO charter_receipts (agent, scope, version, read_at, view) VALUES (?, ?, ?, ?, '')\n    ON CONFLICT (agent, scope) DO UPDATE SET version = CASE WHEN excluded.version > charter_receipts.version THEN excluded.version ELSE charter_receipts.version END, read_at = excluded.read_at", agent, scope, version, ctx.now())];
                case 1:
                    _a.sent();
                    return [2 /*return*/];
            }
        });
    });
}
function deleteFile(ctx, channel, path, expectVersion, actor, channelAdmin) {
    return __awaiter(this, void 0, void 0, function () {
        var key;
        var _this = this;
        return __generator(this, function (_a) {
            path = validatePath(path);
            if (path.startsWith('channel/') && !channelAdmin)
                (0, context_js_1.fail)(403, "'channel/' files are channel-admin only; ask the owner of '".concat(channel, "' or an operator"));
            key = "fs/".concat(path);
            return [2 /*return*/, ctx.db.tx(function () { return __awaiter(_this, void 0, void 0, function () {
                    var row, live, version;
                    var _a;
                    return __generator(this, function (_b) {
                        switch (_b.label) {
                            case 0: return [4 /*yield*/, (0, store_js_1.getRow)(ctx, channel, key)];
                            case 1:
                                row = _b.sent();
                                live = fileValue(row) !== null;
                                version = (_a = row === null || row === void 0 ? void 0 : row.version) !== null && _a !== void 0 ? _a : 0;
                                if (expectVersion !== undefined && expectVersion !== (live ? version : 0)) {
                                    (0, context_js_1.fail)(409, "file version conflict: '".concat(path, "' is at version ").concat(live ? version : 0, "; re-read it and retry with expect_version=").concat(live ? version : 0));
                                }
                                if (!live)
                                    return [2 /*return*/, { deleted: false }];
                                return [4 /*yield*/, saveVersion(ctx, channel, key, version + 1, null, actor)];
                            case 2:
                                _b.sent();
                                return [4 /*yield*/, audit(ctx, channel, actor, 'delete', path, version + 1, 0)];
                            case 3:
                                _b.sent();
                                return [2 /*return*/, { deleted: true }];
                        }
                    });
                }); })];
        });
    });
}
function fsFile(path, v, version, by, at) {
    var _a;
    var binary = v.content_b64 !== undefined;
    return {
        path: path,
        content: binary ? '' : v.content, mime: v.mime, description: v.description,
        size_bytes: binary ? Buffer.from(v.content_b64, 'base64').length : Buffer.byteLength((_a = v.content) !== null && _a !== void 0 ? _a : ''),
        version: version,
        updated_by: by, updated_at: at, content_b64: binary ? v.content_b64 : null,
        encoding: binary ? 'base64' : 'utf-8',
    };
}
function readFile(ctx, channel, path, version, reader) {
    return __awaiter(this, void 0, void 0, function () {
        var key, r, row, v;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    path = validatePath(path);
                    key = "fs/".concat(path);
                    if (!(version !== undefined)) return [3 /*break*/, 2];
                    return [4 /*yield*/, ctx.db.get('SELECT value_json, updated_by, updated_at FROM fs_versions WHERE channel = ? AND key = ? AND version = ?', channel, key, version)];
                case 1:
                    r = _a.sent();
                    if (!r || r.value_json == null)
                        (0, context_js_1.fail)(404, "'".concat(path, "' has no readable version ").concat(version, "; list versions with GET /channels/").concat(channel, "/fshist/").concat(path));
                    return [2 /*return*/, fsFile(path, (0, protocol_1.toPlain)((0, protocol_1.parseJsonLossless)(r.value_json)), version, r.updated_by, r.updated_at)];
                case 2: return [4 /*yield*/, (0, store_js_1.getRow)(ctx, channel, key)];
                case 3:
                    row = _a.sent();
                    v = fileValue(row);
                    if (!row || !v)
                        (0, context_js_1.fail)(404, "no file '".concat(path, "' in '").concat(channel, "'; list files with GET /channels/").concat(channel, "/fs"));
                    if (!(path === exports.CHARTER_PATH)) return [3 /*break*/, 5];
                    return [4 /*yield*/, recordCharterReceipt(ctx, reader, channel, row.version)];
                case 4:
                    _a.sent();
                    _a.label = 5;
                case 5: return [2 /*return*/, fsFile(path, v, row.version, row.updated_by, row.updated_at)];
            }
        });
    });
}
function listFiles(ctx, channel, prefix) {
    return __awaiter(this, void 0, void 0, function () {
        var rows, out, _i, rows_1, row, v, binary, firstLine;
        var _a, _b, _c;
        return __generator(this, function (_d) {
            switch (_d.label) {
                case 0: return [4 /*yield*/, ctx.db.all("SELECT * FROM store WHERE channel = ? AND key >= ? AND key < ? ORDER BY key", channel, "fs/".concat(prefix), "fs/".concat(prefix, "\uFFFF"))];
                case 1:
                    rows = _d.sent();
                    out = [];
                    for (_i = 0, rows_1 = rows; _i < rows_1.length; _i++) {
                        row = rows_1[_i];
                        v = fileValue(row);
                        if (!v)
                            continue;
                        binary = v.content_b64 !== undefined;
                        firstLine = binary ? '' : ((_b = ((_a = v.content) !== null && _a !== void 0 ? _a : '').split('\n').map(function (l) { return l.replace(/^#+\s*/, '').trim(); }).find(function (l) { return l; })) !== null && _b !== void 0 ? _b : '');
                        out.push(__assign({ path: row.key.slice(3), version: row.version, updated_by: row.updated_by, updated_at: row.updated_at, size: binary ? Buffer.from(v.content_b64, 'base64').length : Buffer.byteLength((_c = v.content) !== null && _c !== void 0 ? _c : ''), description: v.description || firstLine.slice(0, 120), described: !!v.description }, (binary ? { encoding: 'base64' } : {})));
                    }
                    return [2 /*return*/, out];
            }
        });
    });
}
function fileHistory(ctx, channel, path, sinceSeq, limit) {
    return __awaiter(this, void 0, void 0, function () {
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    path = validatePath(path);
                    return [4 /*yield*/, ctx.db.all("SELECT * FROM messages WHERE channel = ? AND kind = 'fs' AND seq > ?\n    AND title IN (?, ?) ORDER BY seq LIMIT ?", channel, sinceSeq, "fs:put ".concat(path), "fs:delete ".concat(path), limit)];
                case 1: return [2 /*return*/, (_a.sent()).map(messages_js_1.fromRow)];
            }
        });
    });
}
exports.SEED_CHARTER = "# Channel charter\n\nThis room is for focused work between its members.\n\n- Say what you need in one message: status `open` with asks when you need answers.\n- Reply in thread (`reply_to`) and answer asks by id.\n- Close your own threads with a `resolved` reply once they are settled.\n";
function seedCharter(ctx, channel, creator) {
    return __awaiter(this, void 0, void 0, function () {
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, writeFile(ctx, { channel: channel, path: exports.CHARTER_PATH, content: exports.SEED_CHARTER, mime: 'text/markdown',
                        description: 'channel charter', actor: creator, channelAdmin: true })];
                case 1:
                    _a.sent();
                    return [2 /*return*/];
            }
        });
    });
}
