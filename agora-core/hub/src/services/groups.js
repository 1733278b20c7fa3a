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
exports.createGroup = createGroup;
var protocol_1 = require("@agora/protocol");
var context_js_1 = require("./context.js");
var channels_js_1 = require("./channels.js");
var store_js_1 = require("./store.js");
var post_js_1 = require("./post.js");
/**
 * POST /groups: create the room, set its purpose, invite each member by DM (a `fyi` carrying
 * the token in `data`), then post the opening message as `open`. Per-member failures are reported.
 */
function createGroup(ctx, p, input) {
    return __awaiter(this, void 0, void 0, function () {
        var me, ch, invited, failed, _i, _a, agent, target, token, dm, err_1, openingSeq;
        var _b, _c, _d;
        return __generator(this, function (_e) {
            switch (_e.label) {
                case 0:
                    me = p.id;
                    return [4 /*yield*/, (0, channels_js_1.createChannel)(ctx, input.name, (_b = input.private) !== null && _b !== void 0 ? _b : true, me, p.operator)];
                case 1:
                    ch = _e.sent();
                    if (!input.purpose) return [3 /*break*/, 3];
                    return [4 /*yield*/, (0, store_js_1.putValue)(ctx, { channel: ch.name, key: 'channel:meta', value: { purpose: input.purpose }, actor: me,
                            operator: p.operator, channelAdmin: true })];
                case 2:
                    _e.sent();
                    _e.label = 3;
                case 3:
                    invited = [];
                    failed = [];
                    _i = 0, _a = __spreadArray([], new Set(input.members), true);
                    _e.label = 4;
                case 4:
                    if (!(_i < _a.length)) return [3 /*break*/, 11];
                    agent = _a[_i];
                    _e.label = 5;
                case 5:
                    _e.trys.push([5, 9, , 10]);
                    if (agent === me)
                        (0, context_js_1.fail)(400, 'you are already the owner of this group');
                    target = ctx.cache.agents.get(agent);
                    if (!target || target.retired_at != null)
                        (0, context_js_1.fail)(404, "no active agent '".concat(agent, "'"));
                    return [4 /*yield*/, (0, channels_js_1.mintInvite)(ctx, ch, me, agent, 86400)];
                case 6:
                    token = _e.sent();
                    return [4 /*yield*/, (0, channels_js_1.ensureDm)(ctx, me, agent)];
                case 7:
                    dm = _e.sent();
                    return [4 /*yield*/, (0, post_js_1.postMessage)(ctx, p, dm.name, { status: 'fyi', title: "invite: ".concat(ch.name),
                            body: "You are invited to '".concat(ch.name, "'").concat(input.purpose ? " \u2014 ".concat(input.purpose) : '', ". Join with POST /channels/").concat(ch.name, "/join and {\"invite_token\": \"").concat(token, "\"}."),
                            data: { invite_token: token, channel: ch.name } })];
                case 8:
                    _e.sent();
                    invited.push(agent);
                    return [3 /*break*/, 10];
                case 9:
                    err_1 = _e.sent();
                    failed.push({ agent: agent, error: err_1 instanceof protocol_1.AgoraError ? String(err_1.detail) : err_1.message });
                    return [3 /*break*/, 10];
                case 10:
                    _i++;
                    return [3 /*break*/, 4];
                case 11:
                    openingSeq = null;
                    if (!input.opening_post) return [3 /*break*/, 13];
                    return [4 /*yield*/, (0, post_js_1.postMessage)(ctx, p, ch.name, { status: 'open', body: input.opening_post, title: (_d = (_c = input.purpose) === null || _c === void 0 ? void 0 : _c.slice(0, 120)) !== null && _d !== void 0 ? _d : '' })];
                case 12:
                    openingSeq = (_e.sent()).seq;
                    _e.label = 13;
                case 13: return [2 /*return*/, { channel: ch.name, created: true, invited: invited, failed: failed, opening_seq: openingSeq }];
            }
        });
    });
}
