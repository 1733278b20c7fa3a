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
exports.embeddingRoutes = embeddingRoutes;
var express_1 = require("express");
var context_js_1 = require("../services/context.js");
var respond_js_1 = require("../http/respond.js");
var schemas_js_1 = require("../http/schemas.js");
var embedding_js_1 = require("../services/search/embedding.js");
var semantic_js_1 = require("../services/search/semantic.js");
var search_admin_js_1 = require("./search-admin.js");
/** What GET serves: never the endpoint's key, only whether one is set. */
function status(ctx, c) {
    return __awaiter(this, void 0, void 0, function () {
        var live, _a, embedded, _b;
        var _c, _d, _e, _f;
        return __generator(this, function (_g) {
            switch (_g.label) {
                case 0:
                    _a = Number;
                    return [4 /*yield*/, ctx.db.get("SELECT COUNT(*) AS n FROM messages WHERE kind = 'message' AND retracted_at IS NULL")];
                case 1:
                    live = _a.apply(void 0, [(_d = (_c = (_g.sent())) === null || _c === void 0 ? void 0 : _c.n) !== null && _d !== void 0 ? _d : 0]);
                    if (!c)
                        return [2 /*return*/, { enabled: false, url: null, model: null, dimensions: null, has_key: false, embedded: 0, messages: live, coverage: null }];
                    _b = Number;
                    return [4 /*yield*/, ctx.db.get("SELECT COUNT(*) AS n FROM message_embeddings e JOIN messages m ON m.id = e.message_id\n    WHERE e.model = ? AND m.kind = 'message' AND m.retracted_at IS NULL", c.model)];
                case 2:
                    embedded = _b.apply(void 0, [(_f = (_e = (_g.sent())) === null || _e === void 0 ? void 0 : _e.n) !== null && _f !== void 0 ? _f : 0]);
                    return [2 /*return*/, { enabled: true, url: (0, embedding_js_1.endpointOf)(c.url), model: c.model, dimensions: c.dimensions, has_key: c.api_key !== null,
                            set_at: c.set_at, set_by: c.set_by, embedded: embedded, messages: live, coverage: live === 0 ? 1 : embedded / live }];
            }
        });
    });
}
/**
 * Semantic search is optional: the operator points the hub at an OpenAI-compatible
 * `/v1/embeddings` endpoint. PUT probes it before saving (a dead endpoint is refused, nothing
 * stored) and embeds the existing messages; DELETE returns the hub to lexical-only search.
 */
function embeddingRoutes(ctx) {
    var _this = this;
    var r = (0, express_1.Router)();
    // A hub restarted with an endpoint set keeps embedding new posts.
    void (0, embedding_js_1.loadEmbedding)(ctx).then(function (c) { if (c)
        (0, semantic_js_1.embedderOf)(ctx).start(); }).catch(function () { });
    r.get('/admin/embedding', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var _a, _b, _c, _d, _e;
        return __generator(this, function (_f) {
            switch (_f.label) {
                case 0:
                    _a = search_admin_js_1.requireOperatorOrAdmin;
                    return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    _a.apply(void 0, [_f.sent()]);
                    _b = respond_js_1.send;
                    _c = [res];
                    _d = status;
                    _e = [ctx];
                    return [4 /*yield*/, (0, embedding_js_1.loadEmbedding)(ctx)];
                case 2: return [4 /*yield*/, _d.apply(void 0, _e.concat([_f.sent()]))];
                case 3:
                    _b.apply(void 0, _c.concat([_f.sent()]));
                    return [2 /*return*/];
            }
        });
    }); });
    r.put('/admin/embedding', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var p, b, config, err_1, previous, embedded, error, err_2, _a, _b, _c;
        var _d, _e;
        return __generator(this, function (_f) {
            switch (_f.label) {
                case 0: return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    p = _f.sent();
                    (0, search_admin_js_1.requireOperatorOrAdmin)(p);
                    b = (0, schemas_js_1.validate)('embedding', req.body);
                    (0, embedding_js_1.endpointOf)(b.url);
                    if (b.model.trim() === '')
                        (0, context_js_1.fail)(400, 'model is empty; name the embedding model the endpoint serves, e.g. text-embedding-3-small');
                    config = { url: b.url, model: b.model.trim(), api_key: (_d = b.api_key) !== null && _d !== void 0 ? _d : null, dimensions: (_e = b.dimensions) !== null && _e !== void 0 ? _e : null, set_at: ctx.now(), set_by: p.id };
                    _f.label = 2;
                case 2:
                    _f.trys.push([2, 4, , 5]);
                    return [4 /*yield*/, (0, embedding_js_1.embed)(config, ['agora embedding probe'])];
                case 3:
                    _f.sent();
                    return [3 /*break*/, 5];
                case 4:
                    err_1 = _f.sent();
                    (0, context_js_1.fail)(400, "the embedding endpoint did not answer a probe (".concat(err_1.message, "); nothing was saved, check the url, model and key"));
                    return [3 /*break*/, 5];
                case 5: return [4 /*yield*/, (0, embedding_js_1.loadEmbedding)(ctx)];
                case 6:
                    previous = _f.sent();
                    if (!(previous && previous.model !== config.model)) return [3 /*break*/, 8];
                    return [4 /*yield*/, ctx.db.run('DELETE FROM message_embeddings')];
                case 7:
                    _f.sent();
                    _f.label = 8;
                case 8: return [4 /*yield*/, (0, embedding_js_1.saveEmbedding)(ctx, config)];
                case 9:
                    _f.sent();
                    (0, semantic_js_1.embedderOf)(ctx).start();
                    embedded = 0;
                    error = null;
                    _f.label = 10;
                case 10:
                    _f.trys.push([10, 12, , 13]);
                    return [4 /*yield*/, (0, semantic_js_1.backfill)(ctx, config)];
                case 11:
                    embedded = _f.sent();
                    return [3 /*break*/, 13];
                case 12:
                    err_2 = _f.sent();
                    error = "backfill stopped: ".concat(err_2.message, "; PUT again to resume");
                    return [3 /*break*/, 13];
                case 13:
                    _a = respond_js_1.send;
                    _b = [res];
                    _c = [{}];
                    return [4 /*yield*/, status(ctx, config)];
                case 14:
                    _a.apply(void 0, _b.concat([__assign.apply(void 0, [__assign.apply(void 0, _c.concat([(_f.sent())])), { backfilled: embedded, error: error }])]));
                    return [2 /*return*/];
            }
        });
    }); });
    r.delete('/admin/embedding', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var _a, _b, _c;
        return __generator(this, function (_d) {
            switch (_d.label) {
                case 0:
                    _a = search_admin_js_1.requireOperatorOrAdmin;
                    return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    _a.apply(void 0, [_d.sent()]);
                    (0, semantic_js_1.embedderOf)(ctx).stop();
                    return [4 /*yield*/, (0, embedding_js_1.saveEmbedding)(ctx, null)];
                case 2:
                    _d.sent();
                    _b = respond_js_1.send;
                    _c = [res];
                    return [4 /*yield*/, status(ctx, null)];
                case 3:
                    _b.apply(void 0, _c.concat([_d.sent()]));
                    return [2 /*return*/];
            }
        });
    }); });
    return r;
}
