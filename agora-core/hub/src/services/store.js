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
exports.STORE_VALUE_CAP = void 0;
exports.getRow = getRow;
exports.parseValue = parseValue;
exports.entry = entry;
exports.channelMeta = channelMeta;
exports.slaMinutes = slaMinutes;
exports.slaOf = slaOf;
exports.normalizeMeta = normalizeMeta;
exports.storeKey = storeKey;
exports.putValue = putValue;
exports.listStore = listStore;
var limits_js_1 = require("../limits.js");
Object.defineProperty(exports, "STORE_VALUE_CAP", { enumerable: true, get: function () { return limits_js_1.STORE_VALUE_CAP; } });
var identifiers_js_1 = require("./identifiers.js");
var node_util_1 = require("node:util");
var protocol_1 = require("@agora/protocol");
var context_js_1 = require("./context.js");
function getRow(ctx, channel, key) {
    return __awaiter(this, void 0, void 0, function () {
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, ctx.db.get('SELECT * FROM store WHERE channel = ? AND key = ?', channel, key)];
                case 1: return [2 /*return*/, _a.sent()];
            }
        });
    });
}
function parseValue(row) {
    return row.value_json == null ? null : (0, protocol_1.parseJsonLossless)(row.value_json);
}
function entry(row) {
    return { channel: row.channel, key: row.key, value: parseValue(row), version: row.version,
        updated_by: row.updated_by, updated_at: row.updated_at };
}
/** `channel:meta` as plain JS values ({} when unset). */
function channelMeta(ctx, channel) {
    return __awaiter(this, void 0, void 0, function () {
        var cached, row, v, meta;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    cached = ctx.metaCache.get(channel);
                    if (cached)
                        return [2 /*return*/, cached];
                    return [4 /*yield*/, getRow(ctx, channel, 'channel:meta')];
                case 1:
                    row = _a.sent();
                    v = row ? (0, protocol_1.toPlain)(parseValue(row)) : null;
                    meta = v && typeof v === 'object' && !Array.isArray(v) ? v : {};
                    ctx.metaCache.set(channel, meta);
                    return [2 /*return*/, meta];
            }
        });
    });
}
function slaMinutes(ctx, channel) {
    return __awaiter(this, void 0, void 0, function () {
        var _a, _b;
        var _c;
        return __generator(this, function (_d) {
            switch (_d.label) {
                case 0:
                    _a = slaOf;
                    if (!((_c = ctx.metaCache.get(channel)) !== null && _c !== void 0)) return [3 /*break*/, 1];
                    _b = _c;
                    return [3 /*break*/, 3];
                case 1: return [4 /*yield*/, channelMeta(ctx, channel)];
                case 2:
                    _b = _d.sent();
                    _d.label = 3;
                case 3: return [2 /*return*/, _a.apply(void 0, [_b])];
            }
        });
    });
}
/** The response SLA in minutes from a channel's meta (60 unless set). */
function slaOf(meta) {
    var v = meta.response_sla_minutes;
    return typeof v === 'number' && v > 0 ? v : 60;
}
var META_ENUMS = {
    language: ['plain', 'terse', 'structured'],
    state: ['open', 'closed'],
    traffic_policy: ['collaboration', 'noticeboard'],
};
var META_BOOLS = ['authorship_required', 'norms_required', 'rulings_required'];
var META_FIELDS = new Set(__spreadArray(__spreadArray(['purpose', 'norms', 'expected_traffic', 'response_sla_minutes', 'gated_acts'], Object.keys(META_ENUMS), true), META_BOOLS, true));
/** Validate a `channel:meta` write; keeps an existing traffic_policy the write omitted. */
function normalizeMeta(value, previous) {
    if (!value || typeof value !== 'object' || Array.isArray(value))
        (0, context_js_1.fail)(400, 'channel:meta must be a JSON object of room settings');
    var out = __assign({}, value);
    var _loop_1 = function (k, v) {
        if (!META_FIELDS.has(k))
            (0, context_js_1.fail)(400, "channel:meta has no field '".concat(k, "'; allowed: ").concat(__spreadArray([], META_FIELDS, true).sort().join(', ')));
        if (k === 'purpose' || k === 'norms') {
            if (typeof v !== 'string')
                (0, context_js_1.fail)(400, "channel:meta.".concat(k, " must be a string"));
            var s = (0, context_js_1.sanitize)(v);
            if (s.length > 500)
                (0, context_js_1.fail)(400, "channel:meta.".concat(k, " is ").concat(s.length, " characters; the limit is 500"));
            out[k] = s;
        }
        else if (META_ENUMS[k] && !META_ENUMS[k].includes(v)) {
            (0, context_js_1.fail)(400, "channel:meta.".concat(k, " must be one of ").concat(META_ENUMS[k].join(', ')));
        }
        else if (META_BOOLS.includes(k) && typeof v !== 'boolean') {
            (0, context_js_1.fail)(400, "channel:meta.".concat(k, " must be true or false"));
        }
        else if (k === 'gated_acts') {
            var allowed_1 = ['fs_remove', 'decision', 'phase_complete'];
            if (!Array.isArray(v) || !v.every(function (x) { return allowed_1.includes(x); })) {
                (0, context_js_1.fail)(400, "channel:meta.gated_acts must be a list drawn from ".concat(allowed_1.join(', ')));
            }
        }
    };
    for (var _i = 0, _a = Object.entries(out); _i < _a.length; _i++) {
        var _b = _a[_i], k = _b[0], v = _b[1];
        _loop_1(k, v);
    }
    if (!('traffic_policy' in out) && 'traffic_policy' in previous)
        out.traffic_policy = previous.traffic_policy;
    return out;
}
/** The store key as the hub keeps it (NFC), or a 400 that says what to change. */
function storeKey(raw) {
    var key = (0, identifiers_js_1.nfcIdentifier)(raw, "store key '".concat(raw.slice(0, 100), "'"), "use a key like 'plan' or 'claim:task-1'");
    var length = (0, identifiers_js_1.codePointLength)(key);
    if (length < 1 || length > limits_js_1.PATH_MAX)
        (0, context_js_1.fail)(400, "store key is ".concat(length, " characters; it must be 1-").concat(limits_js_1.PATH_MAX, " (PATH_MAX)"));
    return key;
}
/** CAS write (docs/protocol.md#store-and-fs): absent = version 0; identical value = heartbeat (version and author kept). */
function putValue(ctx, input) {
    return __awaiter(this, void 0, void 0, function () {
        var channel, actor, key, current, value, text, currentVersion, now, version;
        var _a, _b;
        return __generator(this, function (_c) {
            switch (_c.label) {
                case 0:
                    channel = input.channel, actor = input.actor;
                    key = storeKey(input.key);
                    if (key.startsWith('fs/'))
                        (0, context_js_1.fail)(403, "store keys under 'fs/' belong to the file API; use PUT /channels/".concat(channel, "/fs/{path}"));
                    if (key.startsWith('channel:') && !input.channelAdmin) {
                        (0, context_js_1.fail)(403, "'channel:' keys are channel-admin settings; ask the owner of '".concat(channel, "' or an operator"));
                    }
                    if (key.startsWith('lease:') && !input.leaseWrite)
                        (0, context_js_1.fail)(403, "'lease:' keys are workspace leases; take, renew and release them with POST /channels/".concat(channel, "/leases (agora lease take|renew|release)"));
                    return [4 /*yield*/, getRow(ctx, channel, key)];
                case 1:
                    current = _c.sent();
                    value = (0, protocol_1.toPlain)(input.value) === undefined ? null : input.value;
                    if (key === 'channel:meta')
                        value = normalizeMeta((0, protocol_1.toPlain)(value), current ? (_a = (0, protocol_1.toPlain)(parseValue(current))) !== null && _a !== void 0 ? _a : {} : {});
                    if (key.startsWith('claim:'))
                        value = checkClaim(value, current ? parseValue(current) : null, actor, input.operator);
                    if (!(0, protocol_1.allNumbersFinite)(value))
                        (0, context_js_1.fail)(400, 'store values must be strict JSON: NaN and Infinity (or numbers that overflow) are not allowed');
                    text = (0, protocol_1.stringifyWire)(value);
                    if (Buffer.byteLength(text) > limits_js_1.STORE_VALUE_CAP)
                        (0, context_js_1.fail)(413, "store value is ".concat(Buffer.byteLength(text), " bytes; the cap is 262144, store a smaller value or use the file API"));
                    currentVersion = (_b = current === null || current === void 0 ? void 0 : current.version) !== null && _b !== void 0 ? _b : 0;
                    if (input.expectVersion !== undefined && input.expectVersion !== currentVersion) {
                        (0, context_js_1.fail)(409, "store version conflict: current version is ".concat(currentVersion, "; re-read the key and retry with expect_version=").concat(currentVersion));
                    }
                    now = ctx.now();
                    if (key === 'channel:meta')
                        ctx.metaCache.delete(channel);
                    if (!(current && (0, node_util_1.isDeepStrictEqual)((0, protocol_1.toPlain)(parseValue(current)), (0, protocol_1.toPlain)((0, protocol_1.parseJsonLossless)(text))))) return [3 /*break*/, 3];
                    return [4 /*yield*/, ctx.db.run('UPDATE store SET updated_at = ? WHERE channel = ? AND key = ?', now, channel, key)];
                case 2:
                    _c.sent();
                    return [2 /*return*/, entry(__assign(__assign({}, current), { updated_at: now }))];
                case 3:
                    version = currentVersion + 1;
                    return [4 /*yield*/, ctx.db.run("INSERT INTO store (channel, key, value_json, version, updated_by, updated_at) VALUES (?, ?, ?, ?, ?, ?)\n    ON CONFLICT (channel, key) DO UPDATE SET value_json = excluded.value_json, version = excluded.version,\n    updated_by = excluded.updated_by, updated_at = excluded.updated_at", channel, key, text, version, actor, now)];
                case 4:
                    _c.sent();
                    return [2 /*return*/, entry({ channel: channel, key: key, value_json: text, version: version, updated_by: actor, updated_at: now })];
            }
        });
    });
}
/** `claim:<task>`: the owner must be the writer or the unchanged current owner (operators exempt). */
function checkClaim(value, current, actor, operator) {
    if (!value || typeof value !== 'object' || Array.isArray(value))
        return value;
    var v = __assign({}, value);
    var cur = current && typeof current === 'object' ? current : {};
    if (!('owner' in v) && typeof cur.owner === 'string')
        v.owner = cur.owner;
    if (operator)
        return v;
    if ('owner' in v && v.owner !== actor && v.owner !== cur.owner) {
        (0, context_js_1.fail)(403, "a claim's owner must be you or stay the current owner; set owner to '".concat(actor, "' to take it"));
    }
    var cadence = (0, protocol_1.toPlain)(v.cadence_minutes);
    if (cadence !== undefined) {
        if (typeof cadence !== 'number' || cadence < 0)
            (0, context_js_1.fail)(400, 'claim cadence_minutes must be a number >= 0');
        if (cur.owner !== undefined && cur.owner !== actor && (0, protocol_1.toPlain)(cur.cadence_minutes) !== cadence) {
            (0, context_js_1.fail)(403, "only the claim owner '".concat(String(cur.owner), "' may change cadence_minutes"));
        }
    }
    return v;
}
function listStore(ctx, channel) {
    return __awaiter(this, void 0, void 0, function () {
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, ctx.db.all("SELECT key, version, updated_by, updated_at FROM store WHERE channel = ? AND key NOT LIKE 'fs/%' ORDER BY key", channel)];
                case 1: return [2 /*return*/, _a.sent()];
            }
        });
    });
}
