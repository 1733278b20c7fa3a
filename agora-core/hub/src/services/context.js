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
exports.createCtx = createCtx;
exports.fail = fail;
exports.sanitize = sanitize;
exports.sanitizeMultiline = sanitizeMultiline;
var protocol_1 = require("@agora/protocol");
var bus_js_1 = require("./bus.js");
var budgets_js_1 = require("./budgets.js");
var cache_js_1 = require("./cache.js");
var presence_js_1 = require("./presence.js");
/**
 * `openStorage` builds the adapter; it is handed the hook that reloads the in-memory mirrors
 * after a rolled-back transaction (they may hold that transaction's writes).
 */
function createCtx(opts, openStorage) {
    var _this = this;
    var cache = new cache_js_1.Cache(function () { return ctx.db; });
    var ctx = {
        opts: opts,
        db: undefined,
        cache: cache,
        bus: new bus_js_1.Bus(),
        budgets: new budgets_js_1.Budgets(opts.ratePerMinute, opts.now, { perMinute: opts.writeRatePerMinute, burst: opts.writeBurst }),
        now: opts.now,
        lastSeen: new Map(),
        metaCache: new Map(),
        pauseCache: null,
        presence: undefined,
    };
    ctx.presence = new presence_js_1.Presence(ctx);
    var reload = function () { return __awaiter(_this, void 0, void 0, function () {
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    ctx.metaCache.clear();
                    ctx.pauseCache = null;
                    return [4 /*yield*/, cache.load()];
                case 1:
                    _a.sent();
                    return [2 /*return*/];
            }
        });
    }); };
    ctx.db = openStorage(reload);
    return ctx;
}
/** Throw a wire refusal: a status and one sentence that teaches the fix. */
function fail(status, detail) {
    throw new protocol_1.AgoraError(status, detail);
}
function sanitize(text) {
    // eslint-disable-next-line no-control-regex
    return text.replace(/[\u0000-\u001f\u007f]/g, ' ').trim();
}
/** Keep line breaks, collapse runs of blank lines, strip other control chars. */
function sanitizeMultiline(text) {
    // eslint-disable-next-line no-control-regex
    var cleaned = text.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, ' ');
    return cleaned.replace(/\n{3,}/g, '\n\n').trim();
}
