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
exports.pauseHub = pauseHub;
exports.resumeHub = resumeHub;
var context_js_1 = require("./context.js");
var channels_js_1 = require("./channels.js");
var messages_js_1 = require("./messages.js");
var pause_js_1 = require("./pause.js");
var votes_js_1 = require("./votes.js");
function announce(ctx, body) {
    return __awaiter(this, void 0, void 0, function () {
        var _i, _a, ch;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0:
                    _i = 0, _a = ctx.cache.channels.values();
                    _b.label = 1;
                case 1:
                    if (!(_i < _a.length)) return [3 /*break*/, 4];
                    ch = _a[_i];
                    if (!(!(0, channels_js_1.isDm)(ch.name) && ch.archived_at == null)) return [3 /*break*/, 3];
                    return [4 /*yield*/, (0, messages_js_1.postSystem)(ctx, ch.name, body)];
                case 2:
                    _b.sent();
                    _b.label = 3;
                case 3:
                    _i++;
                    return [3 /*break*/, 1];
                case 4: return [2 /*return*/];
            }
        });
    });
}
/** PUT /admin/pause (docs/protocol.md#governance): idempotent; the first pause posts a system fyi into every room. */
function pauseHub(ctx, reason, by) {
    return __awaiter(this, void 0, void 0, function () {
        var text, wasOpen;
        var _this = this;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    text = (0, context_js_1.sanitize)(reason);
                    if (text.length > 200)
                        (0, context_js_1.fail)(400, "pause reason is ".concat(text.length, " characters; the limit is 200"));
                    return [4 /*yield*/, (0, pause_js_1.hubState)(ctx)];
                case 1:
                    wasOpen = (_a.sent()).state === 'open';
                    return [4 /*yield*/, ctx.db.tx(function () { return __awaiter(_this, void 0, void 0, function () {
                            return __generator(this, function (_a) {
                                switch (_a.label) {
                                    case 0: return [4 /*yield*/, (0, pause_js_1.startPause)(ctx, text, by)];
                                    case 1:
                                        _a.sent();
                                        if (!wasOpen) return [3 /*break*/, 3];
                                        return [4 /*yield*/, announce(ctx, "hub paused by ".concat(by).concat(text ? " \u2014 ".concat(text) : '', "; writes wait until it resumes"))];
                                    case 2:
                                        _a.sent();
                                        _a.label = 3;
                                    case 3: return [2 /*return*/];
                                }
                            });
                        }); })];
                case 2:
                    _a.sent();
                    return [2 /*return*/, (0, pause_js_1.hubState)(ctx)];
            }
        });
    });
}
/** DELETE /admin/pause: resume, announce, and publish any vote that fell due during the pause. */
function resumeHub(ctx, by) {
    return __awaiter(this, void 0, void 0, function () {
        var _this = this;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, ctx.db.tx(function () { return __awaiter(_this, void 0, void 0, function () {
                        return __generator(this, function (_a) {
                            switch (_a.label) {
                                case 0: return [4 /*yield*/, (0, pause_js_1.endPause)(ctx)];
                                case 1:
                                    if (!_a.sent()) return [3 /*break*/, 3];
                                    return [4 /*yield*/, announce(ctx, "hub resumed by ".concat(by))];
                                case 2:
                                    _a.sent();
                                    _a.label = 3;
                                case 3: return [2 /*return*/];
                            }
                        });
                    }); })];
                case 1:
                    _a.sent();
                    return [4 /*yield*/, (0, votes_js_1.sweepVotes)(ctx)];
                case 2:
                    _a.sent();
                    return [2 /*return*/, { state: 'open' }];
            }
        });
    });
}
