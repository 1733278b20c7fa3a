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
exports.rulingsGate = rulingsGate;
exports.noticeboardGate = noticeboardGate;
var context_js_1 = require("../context.js");
var store_js_1 = require("../store.js");
var rulings_js_1 = require("./rulings.js");
/** How many unacknowledged keys a refusal names before it says "and N more". */
var NAMED_KEYS = 5;
/**
 * Post pipeline step 5: where `channel:meta.rulings_required` is true, a seat posts only once it has
 * acknowledged every standing `ruling:` row at its current version (a changed ruling needs a new ack).
 * 409, and it runs before anything is written.
 */
function rulingsGate(ctx, channel, sender) {
    return __awaiter(this, void 0, void 0, function () {
        var meta, _a, keys, shown, more;
        var _b;
        return __generator(this, function (_c) {
            switch (_c.label) {
                case 0:
                    if (!((_b = ctx.metaCache.get(channel)) !== null && _b !== void 0)) return [3 /*break*/, 1];
                    _a = _b;
                    return [3 /*break*/, 3];
                case 1: return [4 /*yield*/, (0, store_js_1.channelMeta)(ctx, channel)];
                case 2:
                    _a = _c.sent();
                    _c.label = 3;
                case 3:
                    meta = _a;
                    if (meta.rulings_required !== true)
                        return [2 /*return*/];
                    return [4 /*yield*/, (0, rulings_js_1.unacknowledged)(ctx, channel, sender)];
                case 4:
                    keys = _c.sent();
                    if (keys.length === 0)
                        return [2 /*return*/];
                    shown = keys.slice(0, NAMED_KEYS).join(' ');
                    more = keys.length > NAMED_KEYS ? " (and ".concat(keys.length - NAMED_KEYS, " more: agora rulings ").concat(channel, " lists them)") : '';
                    (0, context_js_1.fail)(409, "'".concat(channel, "' requires its rulings acknowledged before you post; read them (agora rulings ").concat(channel, ") and run ") +
                        "agora rulings ack ".concat(channel, " ").concat(shown).concat(more, ", or POST /channels/").concat(channel, "/ruling-acks {\"keys\":[...]} (MCP ack_rulings)"));
                    return [2 /*return*/];
            }
        });
    });
}
/**
 * Post pipeline step 13, the noticeboard contract: in a room whose `channel:meta.traffic_policy` is
 * `noticeboard`, every new thread is a typed notice (`notice {kind, key}`, deduped per sender);
 * replies under a notice stay free. 400 with the fields to add.
 */
function noticeboardGate(ctx, channel, isReply, data) {
    return __awaiter(this, void 0, void 0, function () {
        var meta, _a;
        var _b;
        return __generator(this, function (_c) {
            switch (_c.label) {
                case 0:
                    if (isReply || data.notice !== undefined)
                        return [2 /*return*/];
                    if (!((_b = ctx.metaCache.get(channel)) !== null && _b !== void 0)) return [3 /*break*/, 1];
                    _a = _b;
                    return [3 /*break*/, 3];
                case 1: return [4 /*yield*/, (0, store_js_1.channelMeta)(ctx, channel)];
                case 2:
                    _a = _c.sent();
                    _c.label = 3;
                case 3:
                    meta = _a;
                    if (meta.traffic_policy !== 'noticeboard')
                        return [2 /*return*/];
                    (0, context_js_1.fail)(400, "'".concat(channel, "' is a noticeboard: a new thread is a typed notice, add notice {\"kind\":\"announcement\",\"key\":\"<slug>\"} ") +
                        '(kinds: job, announcement, problem, resolution, consensus, milestone, delivery), or reply to an existing notice');
                    return [2 /*return*/];
            }
        });
    });
}
