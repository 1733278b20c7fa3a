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
exports.attachmentRoutes = attachmentRoutes;
var express_1 = require("express");
var schemas_js_1 = require("../http/schemas.js");
var protocol_1 = require("@agora/protocol");
var context_js_1 = require("../services/context.js");
var respond_js_1 = require("../http/respond.js");
var agents_js_1 = require("../services/agents.js");
var channels_js_1 = require("../services/channels.js");
var attachments_js_1 = require("../services/attachments.js");
/** Read a raw body with a running total: refuse early on Content-Length, and again while streaming. */
function rawBody(req) {
    var _a;
    var declared = Number((_a = req.headers['content-length']) !== null && _a !== void 0 ? _a : 0);
    if (declared > attachments_js_1.BLOB_CAP)
        return Promise.reject(new protocol_1.AgoraError(413, "the attachment is ".concat(declared, " bytes; the cap is 16 MiB")));
    return new Promise(function (resolve, reject) {
        var chunks = [];
        var total = 0;
        req.on('data', function (c) {
            total += c.length;
            if (total > attachments_js_1.BLOB_CAP) {
                req.removeAllListeners('data');
                req.resume();
                reject(new protocol_1.AgoraError(413, 'the attachment is over 16 MiB; the cap is 16 MiB'));
            }
            else
                chunks.push(c);
        });
        req.on('end', function () { return resolve(Buffer.concat(chunks)); });
        req.on('error', function () { return reject(new protocol_1.AgoraError(400, 'the upload was interrupted; send it again')); });
    });
}
function attachmentRoutes(ctx) {
    var _this = this;
    var r = (0, express_1.Router)();
    r.post('/channels/:c/attachments', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var p, a, ch, state, blob;
        var _this = this;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    (0, schemas_js_1.onlyQuery)(req.query, ['filename']);
                    return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    p = _a.sent();
                    a = (0, agents_js_1.requireSeat)(p);
                    ch = (0, channels_js_1.requireMember)(ctx, (0, respond_js_1.param)(req, 'c'), a.id);
                    return [4 /*yield*/, (0, channels_js_1.pauseGate)(ctx, p.operator, ch.name)];
                case 2:
                    _a.sent();
                    return [4 /*yield*/, (0, channels_js_1.channelState)(ctx, ch)];
                case 3:
                    state = _a.sent();
                    if (state !== 'open')
                        (0, context_js_1.fail)(409, "'".concat(ch.name, "' is ").concat(state, "; it takes no new attachments"));
                    return [4 /*yield*/, ctx.budgets.spendPosting(a.id, function () { return __awaiter(_this, void 0, void 0, function () {
                            var bytes, filename;
                            var _a;
                            return __generator(this, function (_b) {
                                switch (_b.label) {
                                    case 0: return [4 /*yield*/, rawBody(req)];
                                    case 1:
                                        bytes = _b.sent();
                                        filename = typeof req.query.filename === 'string' ? req.query.filename : 'attachment';
                                        return [2 /*return*/, (0, attachments_js_1.saveBlob)(ctx, ch.name, bytes, filename, String((_a = req.headers['content-type']) !== null && _a !== void 0 ? _a : ''), a.id)];
                                }
                            });
                        }); })];
                case 4:
                    blob = _a.sent();
                    (0, respond_js_1.send)(res, blob);
                    return [2 /*return*/];
            }
        });
    }); });
    r.get('/channels/:c/attachments/:id', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var a, _a, ch, _b, meta, bytes, servedType;
        return __generator(this, function (_c) {
            switch (_c.label) {
                case 0:
                    _a = agents_js_1.requireSeat;
                    return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    a = _a.apply(void 0, [_c.sent()]);
                    ch = (0, channels_js_1.requireMember)(ctx, (0, respond_js_1.param)(req, 'c'), a.id);
                    return [4 /*yield*/, (0, attachments_js_1.readBlob)(ctx, ch.name, (0, respond_js_1.param)(req, 'id'))];
                case 2:
                    _b = _c.sent(), meta = _b.meta, bytes = _b.bytes, servedType = _b.servedType;
                    res.status(200);
                    res.setHeader('Content-Type', servedType);
                    res.setHeader('Content-Length', bytes.length);
                    res.setHeader('Content-Disposition', (0, attachments_js_1.dispositionHeader)(meta.filename));
                    res.setHeader('X-Content-Type-Options', 'nosniff');
                    res.setHeader('Cache-Control', 'private, max-age=31536000, immutable');
                    res.setHeader('X-Attachment-Id', meta.id);
                    res.setHeader('X-Declared-Content-Type', meta.content_type);
                    res.end(bytes);
                    return [2 /*return*/];
            }
        });
    }); });
    return r;
}
