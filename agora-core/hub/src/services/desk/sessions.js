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
exports.SESSION_COOKIE = exports.SESSION_TTL = exports.LOGIN_TOKEN_TTL = void 0;
exports.mintLoginToken = mintLoginToken;
exports.redeemLoginToken = redeemLoginToken;
exports.endSession = endSession;
exports.sessionPrincipal = sessionPrincipal;
exports.sessionCookie = sessionCookie;
var node_crypto_1 = require("node:crypto");
var context_js_1 = require("../context.js");
var agents_js_1 = require("../agents.js");
/** A login link works once, for two minutes: long enough to click, short enough to be useless in a scrollback. */
exports.LOGIN_TOKEN_TTL = 120;
/** A desk session lasts a working day; `agora ui` mints a new link after that. */
exports.SESSION_TTL = 12 * 3600;
exports.SESSION_COOKIE = 'agora_desk';
/**
 * Mint a one-time login token (docs: agora-core/desk/README.md). A seat mints for itself; the
 * admin key mints for a named operator seat, and that session may also use the admin routes
 * (pause, resume) the operator could call with the key. Only the token's hash is stored.
 */
function mintLoginToken(ctx, p, seat) {
    return __awaiter(this, void 0, void 0, function () {
        var target, a, token, now, expires;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    if (p.admin) {
                        if (!seat)
                            (0, context_js_1.fail)(422, "the admin key mints a desk login for a seat: send {\"seat\": \"<operator seat id>\"}");
                        a = ctx.cache.agents.get(seat);
                        if (!a || a.retired_at != null)
                            (0, context_js_1.fail)(404, "no seat '".concat(seat, "'; register one with `agora register ").concat(seat, " --operator`"));
                        if (!a.operator)
                            (0, context_js_1.fail)(403, "'".concat(seat, "' is not an operator seat; promote it (`agora promote ").concat(seat, "`) or log in with its own key"));
                        target = a.id;
                    }
                    else {
                        if (!p.agent)
                            (0, context_js_1.fail)(401, 'missing bearer token');
                        if (seat && seat !== p.agent.id)
                            (0, context_js_1.fail)(403, "a seat mints a desk login only for itself ('".concat(p.agent.id, "'), not '").concat(seat, "'"));
                        target = p.agent.id;
                    }
                    token = "desk_".concat((0, node_crypto_1.randomBytes)(24).toString('hex'));
                    now = ctx.now();
                    expires = now + exports.LOGIN_TOKEN_TTL;
                    return [4 /*yield*/, ctx.db.run('DELETE FROM desk_login_tokens WHERE expires_at < ?', now)];
                case 1:
                    _a.sent();
                    return [4 /*yield*/, ctx.db.run('INSERT INTO desk_login_tokens (token_hash, agent_id, admin, created_at, expires_at) VALUES (?, ?, ?, ?, ?)', (0, agents_js_1.sha256Hex)(token), target, p.admin ? 1 : 0, now, expires)];
                case 2:
                    _a.sent();
                    return [2 /*return*/, { token: token, seat: target, admin: p.admin, expires_at: expires }];
            }
        });
    });
}
/** Exchange a login token for a session id; the token is spent even if the exchange is refused later. */
function redeemLoginToken(ctx, token) {
    return __awaiter(this, void 0, void 0, function () {
        var hash, now;
        var _this = this;
        return __generator(this, function (_a) {
            hash = (0, agents_js_1.sha256Hex)(token);
            now = ctx.now();
            return [2 /*return*/, ctx.db.tx(function () { return __awaiter(_this, void 0, void 0, function () {
                    var row, session, expires;
                    return __generator(this, function (_a) {
                        switch (_a.label) {
                            case 0: return [4 /*yield*/, ctx.db.get('SELECT agent_id, admin, expires_at FROM desk_login_tokens WHERE token_hash = ?', hash)];
                            case 1:
                                row = _a.sent();
                                return [4 /*yield*/, ctx.db.run('DELETE FROM desk_login_tokens WHERE token_hash = ?', hash)];
                            case 2:
                                _a.sent();
                                if (!row || row.expires_at < now)
                                    (0, context_js_1.fail)(401, 'this desk login link is used or expired; run `agora ui` for a new one');
                                session = (0, node_crypto_1.randomBytes)(32).toString('hex');
                                expires = now + exports.SESSION_TTL;
                                return [4 /*yield*/, ctx.db.run('DELETE FROM desk_sessions WHERE expires_at < ?', now)];
                            case 3:
                                _a.sent();
                                return [4 /*yield*/, ctx.db.run('INSERT INTO desk_sessions (session_hash, agent_id, admin, created_at, expires_at) VALUES (?, ?, ?, ?, ?)', (0, agents_js_1.sha256Hex)(session), row.agent_id, row.admin, now, expires)];
                            case 4:
                                _a.sent();
                                return [2 /*return*/, { session: session, seat: row.agent_id, admin: row.admin === 1, expires_at: expires }];
                        }
                    });
                }); })];
        });
    });
}
function endSession(ctx, session) {
    return __awaiter(this, void 0, void 0, function () {
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, ctx.db.run('DELETE FROM desk_sessions WHERE session_hash = ?', (0, agents_js_1.sha256Hex)(session))];
                case 1:
                    _a.sent();
                    return [2 /*return*/];
            }
        });
    });
}
/** The principal a session cookie stands for, checked like a bearer key (blocked and retired seats are refused). */
function sessionPrincipal(ctx, session) {
    return __awaiter(this, void 0, void 0, function () {
        var row, agent, block;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, ctx.db.get('SELECT agent_id, admin, expires_at FROM desk_sessions WHERE session_hash = ?', (0, agents_js_1.sha256Hex)(session))];
                case 1:
                    row = _a.sent();
                    if (!row || row.expires_at < ctx.now())
                        (0, context_js_1.fail)(401, 'the desk session ended; run `agora ui` for a new login link');
                    agent = ctx.cache.agents.get(row.agent_id);
                    if (!agent || agent.retired_at != null)
                        (0, context_js_1.fail)(403, "seat '".concat(row.agent_id, "' has been retired; its desk session is over"));
                    return [4 /*yield*/, (0, agents_js_1.activeHubBlock)(ctx, agent.id)];
                case 2:
                    block = _a.sent();
                    if (block)
                        (0, context_js_1.fail)(403, "you are blocked from this hub by ".concat(block.imposed_by, "; ask an operator to lift it"));
                    ctx.lastSeen.set(agent.id, ctx.now());
                    // An admin-minted session was for an operator seat; a demoted seat loses the admin routes with its role.
                    return [2 /*return*/, { id: agent.id, operator: agent.operator, admin: row.admin === 1 && agent.operator, agent: agent }];
            }
        });
    });
}
/** The session id from a Cookie header, or null. */
function sessionCookie(header) {
    if (!header)
        return null;
    for (var _i = 0, _a = header.split(';'); _i < _a.length; _i++) {
        var part = _a[_i];
        var _b = part.trim().split('='), name_1 = _b[0], rest = _b.slice(1);
        if (name_1 === exports.SESSION_COOKIE) {
            var value = rest.join('=');
            return /^[0-9a-f]{64}$/.test(value) ? value : null;
        }
    }
    return null;
}
