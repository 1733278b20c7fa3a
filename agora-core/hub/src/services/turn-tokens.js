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
exports.mintTurnToken = mintTurnToken;
exports.redeemTurnToken = redeemTurnToken;
exports.revokeTurnToken = revokeTurnToken;
var node_crypto_1 = require("node:crypto");
var protocol_1 = require("@agora/protocol");
var context_js_1 = require("./context.js");
var agents_js_1 = require("./agents.js");
/** The plaintext shape: `agora-turn_<token id>.<secret>`. Only the secret's SHA-256 is stored. */
var TOKEN_RE = /^agora-turn_([0-9a-f]{16})\.([0-9a-f]{48})$/;
/** POST /turn-tokens: a token for one turn of `agentId`; the plaintext is returned exactly once. */
function mintTurnToken(ctx, agentId, input) {
    return __awaiter(this, void 0, void 0, function () {
        var id, secret, now, expires;
        var _a;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0:
                    id = (0, node_crypto_1.randomBytes)(8).toString('hex');
                    secret = (0, node_crypto_1.randomBytes)(24).toString('hex');
                    now = ctx.now();
                    expires = now + ((_a = input.ttl_seconds) !== null && _a !== void 0 ? _a : protocol_1.TURN_TOKEN_TTL_DEFAULT);
                    // Tokens a day past their expiry are of no use even to an audit; sweep them with each mint.
                    return [4 /*yield*/, ctx.db.run('DELETE FROM turn_tokens WHERE agent_id = ? AND expires_at < ?', agentId, now - 86400)];
                case 1:
                    // Tokens a day past their expiry are of no use even to an audit; sweep them with each mint.
                    _b.sent();
                    return [4 /*yield*/, ctx.db.run("INSERT INTO turn_tokens (token_id, secret_hash, agent_id, turn_id, created_at, expires_at)\n    VALUES (?, ?, ?, ?, ?, ?)", id, (0, agents_js_1.sha256Hex)(secret), agentId, input.turn_id, now, expires)];
                case 2:
                    _b.sent();
                    return [2 /*return*/, { token: "agora-turn_".concat(id, ".").concat(secret), token_id: id, agent_id: agentId, turn_id: input.turn_id, expires_at: expires }];
            }
        });
    });
}
/**
 * POST /turn-tokens/redeem. The seat serving an HTTP MCP session asks whether a presented token
 * may act as it on `sessionId`. The first redeem binds the token to that session; a later one
 * with another session is a replay (409). A token of another seat is 403, whatever its state.
 */
function redeemTurnToken(ctx, callerId, token, sessionId) {
    return __awaiter(this, void 0, void 0, function () {
        var m, row, won, _a;
        var _b, _c;
        return __generator(this, function (_d) {
            switch (_d.label) {
                case 0:
                    m = TOKEN_RE.exec(token);
                    if (!m)
                        (0, context_js_1.fail)(401, 'that is not a turn token (agora-turn_<id>.<secret>); ask the driving seat to mint one with POST /turn-tokens');
                    return [4 /*yield*/, ctx.db.get('SELECT * FROM turn_tokens WHERE token_id = ?', m[1])];
                case 1:
                    row = _d.sent();
                    if (!row || !(0, agents_js_1.safeEqual)(row.secret_hash, (0, agents_js_1.sha256Hex)(m[2])))
                        (0, context_js_1.fail)(401, 'unknown turn token; the driving seat mints one per turn with POST /turn-tokens');
                    if (row.agent_id !== callerId)
                        (0, context_js_1.fail)(403, "this turn token belongs to another seat; present it to that seat's MCP endpoint, not ".concat(callerId, "'s"));
                    if (row.revoked_at != null)
                        (0, context_js_1.fail)(401, 'this turn token was revoked when its turn ended; the next turn brings a new one');
                    if (row.expires_at <= ctx.now())
                        (0, context_js_1.fail)(401, 'this turn token has expired; the next turn brings a new one');
                    if (!(row.session_id === null)) return [3 /*break*/, 5];
                    return [4 /*yield*/, ctx.db.run('UPDATE turn_tokens SET session_id = ? WHERE token_id = ? AND session_id IS NULL', sessionId, row.token_id)];
                case 2:
                    won = _d.sent();
                    if (!(won.changes === 0)) return [3 /*break*/, 4];
                    _a = row;
                    return [4 /*yield*/, ctx.db.get('SELECT session_id FROM turn_tokens WHERE token_id = ?', row.token_id)];
                case 3:
                    _a.session_id = (_c = (_b = (_d.sent())) === null || _b === void 0 ? void 0 : _b.session_id) !== null && _c !== void 0 ? _c : null;
                    return [3 /*break*/, 5];
                case 4:
                    row.session_id = sessionId;
                    _d.label = 5;
                case 5:
                    if (row.session_id !== sessionId)
                        (0, context_js_1.fail)(409, 'this turn token already opened another MCP session (replay); one token opens one session, mint a new one per turn');
                    return [2 /*return*/, { token_id: row.token_id, agent_id: row.agent_id, turn_id: row.turn_id, session_id: sessionId, expires_at: row.expires_at }];
            }
        });
    });
}
/** DELETE /turn-tokens/:id: the minting seat ends its token early (the turn is over). */
function revokeTurnToken(ctx, agentId, tokenId) {
    return __awaiter(this, void 0, void 0, function () {
        var row;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, ctx.db.get('SELECT * FROM turn_tokens WHERE token_id = ? AND agent_id = ?', tokenId, agentId)];
                case 1:
                    row = _a.sent();
                    if (!row)
                        (0, context_js_1.fail)(404, "no turn token '".concat(tokenId, "' of yours; the id is the part between agora-turn_ and the dot"));
                    return [4 /*yield*/, ctx.db.run('UPDATE turn_tokens SET revoked_at = ? WHERE token_id = ? AND revoked_at IS NULL', ctx.now(), tokenId)];
                case 2:
                    _a.sent();
                    return [2 /*return*/, { token_id: tokenId, revoked: true }];
            }
        });
    });
}
