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
exports.NOTICES_SHOWN = void 0;
exports.noticeboardView = noticeboardView;
var store_js_1 = require("../store.js");
/** How many typed notices channel info lists, newest first. */
exports.NOTICES_SHOWN = 50;
/**
 * The room's traffic policy and its live typed notices, computed on read (nothing stored besides the
 * messages): the policy is `channel:meta.traffic_policy` or `collaboration`; a notice is a live root
 * post that carried `notice {kind, key}` (its dedupe row names it; a retraction releases the key).
 */
function noticeboardView(ctx, channel) {
    return __awaiter(this, void 0, void 0, function () {
        var meta, _a, policy, rows, notices;
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
                    policy = meta.traffic_policy === 'noticeboard' ? 'noticeboard' : 'collaboration';
                    return [4 /*yield*/, ctx.db.all("SELECT m.id, m.seq, m.sender, d.key, m.title, m.status, m.created_at FROM message_dedupe d JOIN messages m ON m.id = d.message_id\n     WHERE d.channel = ? AND d.key LIKE 'notice:%' AND m.retracted_at IS NULL ORDER BY m.seq DESC LIMIT ?", channel, exports.NOTICES_SHOWN)];
                case 4:
                    rows = _c.sent();
                    notices = rows.map(function (r) {
                        var _a = r.key.split(':'), kind = _a[1], rest = _a.slice(2);
                        return { id: r.id, seq: Number(r.seq), sender: r.sender, kind: kind, key: rest.join(':'), title: r.title, status: r.status, created_at: Number(r.created_at) };
                    });
                    return [2 /*return*/, { traffic_policy: policy, notices: notices }];
            }
        });
    });
}
