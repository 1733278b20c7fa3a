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
exports.JOIN_TTL_CAP = void 0;
exports.mintJoinToken = mintJoinToken;
exports.listJoinTokens = listJoinTokens;
exports.revokeJoinToken = revokeJoinToken;
exports.redeemJoinToken = redeemJoinToken;
var node_crypto_1 = require("node:crypto");
var protocol_1 = require("@agora/protocol");
var context_js_1 = require("./context.js");
var agents_js_1 = require("./agents.js");
var channels_js_1 = require("./channels.js");
var pause_js_1 = require("./pause.js");
exports.JOIN_TTL_CAP = protocol_1.TOKEN_TTL_MAX;
/** POST /join-tokens (docs/protocol.md#governance): the plaintext `agora-join_<id>.<secret>` is returned exactly once. */
function mintJoinToken(ctx, by, input) {
    return __awaiter(this, void 0, void 0, function () {
        var channels, _i, channels_1, c, ch, id, secret, now, expires, maxUses;
        var _a, _b, _c, _d, _e, _f;
        return __generator(this, function (_g) {
            switch (_g.label) {
                case 0:
                    if (input.agent_id)
                        (0, agents_js_1.validateAgentId)(input.agent_id);
                    channels = __spreadArray([], new Set((_a = input.channels) !== null && _a !== void 0 ? _a : []), true);
                    for (_i = 0, channels_1 = channels; _i < channels_1.length; _i++) {
                        c = channels_1[_i];
                        ch = ctx.cache.channels.get(c);
                        if (!ch || ch.private || ch.archived_at != null)
                            (0, context_js_1.fail)(400, "join tokens can only auto-join live public channels; '".concat(c, "' is not one"));
                    }
                    id = (0, node_crypto_1.randomBytes)(4).toString('hex');
                    secret = (0, node_crypto_1.randomBytes)(24).toString('hex');
                    now = ctx.now();
                    expires = now + ((_b = input.ttl_seconds) !== null && _b !== void 0 ? _b : 86400);
                    maxUses = (_c = input.max_uses) !== null && _c !== void 0 ? _c : 1;
                    return [4 /*yield*/, ctx.db.run("INSERT INTO join_tokens (token_id, secret_hash, agent_id, about, channels_json, created_by, created_at, expires_at, max_uses)\n    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", id, (0, agents_js_1.sha256Hex)(secret), (_d = input.agent_id) !== null && _d !== void 0 ? _d : null, (_e = input.about) !== null && _e !== void 0 ? _e : '', JSON.stringify(channels), by, now, expires, maxUses)];
                case 1:
                    _g.sent();
                    return [2 /*return*/, { token: "agora-join_".concat(id, ".").concat(secret), token_id: id, agent_id: (_f = input.agent_id) !== null && _f !== void 0 ? _f : null, channels: channels, expires_at: expires, max_uses: maxUses }];
            }
        });
    });
}
function listJoinTokens(ctx) {
    return __awaiter(this, void 0, void 0, function () {
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, ctx.db.run('DELETE FROM join_tokens WHERE expires_at < ?', ctx.now() - 86400)];
                case 1:
                    _a.sent();
                    return [4 /*yield*/, ctx.db.all('SELECT * FROM join_tokens ORDER BY created_at')];
                case 2: return [2 /*return*/, (_a.sent()).map(function (r) { return ({
                        token_id: r.token_id, agent_id: r.agent_id, about: r.about, channels: JSON.parse(r.channels_json), created_by: r.created_by,
                        created_at: r.created_at, expires_at: r.expires_at, max_uses: r.max_uses, uses: r.uses, revoked: r.revoked_at != null,
                    }); })];
            }
        });
    });
}
function revokeJoinToken(ctx, tokenId) {
    return __awaiter(this, void 0, void 0, function () {
        var r, _a;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0: return [4 /*yield*/, ctx.db.run('UPDATE join_tokens SET revoked_at = ? WHERE token_id = ? AND revoked_at IS NULL', ctx.now(), tokenId)];
                case 1:
                    r = _b.sent();
                    _a = r.changes === 0;
                    if (!_a) return [3 /*break*/, 3];
                    return [4 /*yield*/, ctx.db.get('SELECT 1 FROM join_tokens WHERE token_id = ?', tokenId)];
                case 2:
                    _a = !(_b.sent());
                    _b.label = 3;
                case 3:
                    if (_a) {
                        (0, context_js_1.fail)(404, "no join token '".concat(tokenId, "'; list them with GET /join-tokens"));
                    }
                    return [2 /*return*/, { token_id: tokenId, revoked: true }];
            }
        });
    });
}
/** POST /join: the token is the credential. A 409 (id taken) does not consume a use. */
function redeemJoinToken(ctx, token, agentId, about) {
    return __awaiter(this, void 0, void 0, function () {
        var m, row, _a, id;
        var _this = this;
        var _b;
        return __generator(this, function (_c) {
            switch (_c.label) {
                case 0:
                    m = /^agora-join_([0-9a-f]{8})\.([0-9a-f]{48})$/.exec(token);
                    if (!m) return [3 /*break*/, 2];
                    return [4 /*yield*/, ctx.db.get('SELECT * FROM join_tokens WHERE token_id = ?', m[1])];
                case 1:
                    _a = _c.sent();
                    return [3 /*break*/, 3];
                case 2:
                    _a = undefined;
                    _c.label = 3;
                case 3:
                    row = _a;
                    if (!m || !row || !(0, agents_js_1.safeEqual)((0, agents_js_1.sha256Hex)(m[2]), row.secret_hash))
                        (0, context_js_1.fail)(403, 'invalid join token');
                    if (row.revoked_at != null)
                        (0, context_js_1.fail)(403, 'join token revoked');
                    if (row.expires_at <= ctx.now())
                        (0, context_js_1.fail)(403, 'join token expired');
                    if (row.uses >= row.max_uses)
                        (0, context_js_1.fail)(403, 'join token already used');
                    if (row.agent_id && agentId && agentId !== row.agent_id)
                        (0, context_js_1.fail)(403, "join token is locked to '".concat(row.agent_id, "'"));
                    id = (_b = row.agent_id) !== null && _b !== void 0 ? _b : agentId;
                    if (!id)
                        (0, context_js_1.fail)(400, 'this join token pins no agent id; send agent_id with the id you want');
                    return [4 /*yield*/, (0, pause_js_1.isPaused)(ctx)];
                case 4:
                    if (_c.sent())
                        (0, context_js_1.fail)(423, 'the hub is paused by an operator; join again after the pause is lifted');
                    return [2 /*return*/, ctx.db.tx(function () { return __awaiter(_this, void 0, void 0, function () {
                            var reg, joined, _i, _a, c, ch;
                            return __generator(this, function (_b) {
                                switch (_b.label) {
                                    case 0: return [4 /*yield*/, (0, agents_js_1.registerAgent)(ctx, { id: id, about: about !== null && about !== void 0 ? about : row.about })];
                                    case 1:
                                        reg = _b.sent();
                                        joined = [];
                                        _i = 0, _a = JSON.parse(row.channels_json);
                                        _b.label = 2;
                                    case 2:
                                        if (!(_i < _a.length)) return [3 /*break*/, 5];
                                        c = _a[_i];
                                        ch = ctx.cache.channels.get(c);
                                        if (!ch || ch.private || ch.archived_at != null || ctx.cache.isMember(c, id))
                                            return [3 /*break*/, 4];
                                        return [4 /*yield*/, (0, channels_js_1.joinChannel)(ctx, c, id, 'member')];
                                    case 3:
                                        _b.sent();
                                        joined.push(c);
                                        _b.label = 4;
                                    case 4:
                                        _i++;
                                        return [3 /*break*/, 2];
                                    case 5: return [4 /*yield*/, ctx.db.run('UPDATE join_tokens SET uses = uses + 1 WHERE token_id = ?', row.token_id)];
                                    case 6:
                                        _b.sent();
                                        return [2 /*return*/, { agent: reg.agent, api_key: reg.api_key, channels_joined: joined }];
                                }
                            });
                        }); })];
            }
        });
    });
}
