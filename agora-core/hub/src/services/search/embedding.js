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
exports.BATCH = void 0;
exports.loadEmbedding = loadEmbedding;
exports.saveEmbedding = saveEmbedding;
exports.endpointOf = endpointOf;
exports.embed = embed;
exports.cosine = cosine;
var context_js_1 = require("../context.js");
var KEY = 'embedding_config';
var TIMEOUT_MS = 10000;
exports.BATCH = 64;
function loadEmbedding(ctx) {
    return __awaiter(this, void 0, void 0, function () {
        var row;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, ctx.db.get('SELECT value FROM meta WHERE key = ?', KEY)];
                case 1:
                    row = _a.sent();
                    return [2 /*return*/, row ? JSON.parse(row.value) : null];
            }
        });
    });
}
function saveEmbedding(ctx, c) {
    return __awaiter(this, void 0, void 0, function () {
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    if (!(c === null)) return [3 /*break*/, 3];
                    return [4 /*yield*/, ctx.db.run('DELETE FROM meta WHERE key = ?', KEY)];
                case 1:
                    _a.sent();
                    return [4 /*yield*/, ctx.db.run('DELETE FROM message_embeddings')];
                case 2:
                    _a.sent();
                    return [2 /*return*/];
                case 3: return [4 /*yield*/, ctx.db.run('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value', KEY, JSON.stringify(c))];
                case 4:
                    _a.sent();
                    return [2 /*return*/];
            }
        });
    });
}
/** `http://host:port`, `…/v1` and `…/v1/embeddings` all name the same endpoint. */
function endpointOf(url) {
    var u;
    try {
        u = new URL(url);
    }
    catch (_a) {
        (0, context_js_1.fail)(400, "url '".concat(url, "' is not a URL; give the server's base, e.g. http://127.0.0.1:8080 (the hub calls <url>/v1/embeddings)"));
    }
    if (u.protocol !== 'http:' && u.protocol !== 'https:')
        (0, context_js_1.fail)(400, 'url must be http:// or https://');
    var path = u.pathname.replace(/\/+$/, '');
    u.pathname = path.endsWith('/v1/embeddings') ? path : path.endsWith('/v1') ? "".concat(path, "/embeddings") : "".concat(path, "/v1/embeddings");
    return u.toString();
}
/** One call to the endpoint: the texts' vectors in input order, or an Error that says what went wrong. */
function embed(c, texts) {
    return __awaiter(this, void 0, void 0, function () {
        var res, body, data;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, fetch(endpointOf(c.url), {
                        method: 'POST',
                        headers: __assign({ 'content-type': 'application/json' }, (c.api_key ? { authorization: "Bearer ".concat(c.api_key) } : {})),
                        body: JSON.stringify(__assign({ model: c.model, input: texts }, (c.dimensions ? { dimensions: c.dimensions } : {}))),
                        signal: AbortSignal.timeout(TIMEOUT_MS),
                    })];
                case 1:
                    res = _a.sent();
                    if (!res.ok)
                        throw new Error("HTTP ".concat(res.status, " from ").concat(endpointOf(c.url)));
                    return [4 /*yield*/, res.json()];
                case 2:
                    body = _a.sent();
                    data = Array.isArray(body === null || body === void 0 ? void 0 : body.data) ? __spreadArray([], body.data, true).sort(function (a, b) { var _a, _b; return ((_a = a.index) !== null && _a !== void 0 ? _a : 0) - ((_b = b.index) !== null && _b !== void 0 ? _b : 0); }) : [];
                    if (data.length !== texts.length)
                        throw new Error("the endpoint answered ".concat(data.length, " vectors for ").concat(texts.length, " inputs"));
                    return [2 /*return*/, data.map(function (d) {
                            if (!Array.isArray(d.embedding) || d.embedding.length === 0 || !d.embedding.every(function (x) { return typeof x === 'number' && Number.isFinite(x); })) {
                                throw new Error('the endpoint answered something that is not a list of numbers');
                            }
                            return d.embedding;
                        })];
            }
        });
    });
}
function cosine(a, b) {
    if (a.length !== b.length)
        return 0;
    var dot = 0, na = 0, nb = 0;
    for (var i = 0; i < a.length; i++) {
        dot += a[i] * b[i];
        na += a[i] * a[i];
        nb += b[i] * b[i];
    }
    return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}
