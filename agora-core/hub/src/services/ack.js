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
exports.ack = ack;
var channels_js_1 = require("./channels.js");
var messages_js_1 = require("./messages.js");
/** Move triage cursors: never rewinds, clamps to the head, member channels only; settles nothing. */
function ack(ctx, agent, cursors) {
    return __awaiter(this, void 0, void 0, function () {
        var _i, _a, channel, out;
        var _this = this;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0:
                    for (_i = 0, _a = Object.keys(cursors); _i < _a.length; _i++) {
                        channel = _a[_i];
                        (0, channels_js_1.requireMember)(ctx, channel, agent);
                    }
                    out = {};
                    return [4 /*yield*/, ctx.db.tx(function () { return __awaiter(_this, void 0, void 0, function () {
                            var _i, _a, _b, channel, seq, _c, _d, _e, _f, _g, _h, _j;
                            var _k, _l;
                            return __generator(this, function (_m) {
                                switch (_m.label) {
                                    case 0:
                                        _i = 0, _a = Object.entries(cursors);
                                        _m.label = 1;
                                    case 1:
                                        if (!(_i < _a.length)) return [3 /*break*/, 6];
                                        _b = _a[_i], channel = _b[0], seq = _b[1];
                                        _c = channels_js_1.setCursor;
                                        _d = [ctx, agent, channel];
                                        _f = (_e = Math).min;
                                        _g = [seq];
                                        return [4 /*yield*/, (0, messages_js_1.headSeq)(ctx, channel)];
                                    case 2: return [4 /*yield*/, _c.apply(void 0, _d.concat([_f.apply(_e, _g.concat([_m.sent()]))]))];
                                    case 3:
                                        _m.sent();
                                        _h = out;
                                        _j = channel;
                                        return [4 /*yield*/, ctx.db.get('SELECT last_seq FROM cursors WHERE agent = ? AND channel = ?', agent, channel)];
                                    case 4:
                                        _h[_j] = (_l = (_k = (_m.sent())) === null || _k === void 0 ? void 0 : _k.last_seq) !== null && _l !== void 0 ? _l : 0;
                                        _m.label = 5;
                                    case 5:
                                        _i++;
                                        return [3 /*break*/, 1];
                                    case 6: return [2 /*return*/];
                                }
                            });
                        }); })];
                case 1:
                    _b.sent();
                    return [2 /*return*/, out];
            }
        });
    });
}
