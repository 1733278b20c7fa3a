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
exports.send = send;
exports.sendJson = sendJson;
exports.principal = principal;
exports.param = param;
exports.losslessField = losslessField;
var protocol_1 = require("@agora/protocol");
var agents_js_1 = require("../services/agents.js");
/** Send with the wire serializer: lossless number tokens verbatim, timestamps as Python floats. */
function send(res, value, status) {
    if (status === void 0) { status = 200; }
    sendJson(res, (0, protocol_1.stringifyWire)(value), status);
}
/** Send text (or its UTF-8 bytes) that is already wire JSON. */
function sendJson(res, text, status) {
    if (status === void 0) { status = 200; }
    // Straight to node's response: express's send() (type lookup, freshness, etag) costs more than the JSON.
    res.statusCode = status;
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Content-Length', Buffer.byteLength(text));
    res.end(text);
}
function principal(ctx, req) {
    return __awaiter(this, void 0, void 0, function () {
        return __generator(this, function (_a) {
            // A desk session cookie (http/desk-cookie.ts) stands in for the bearer only when no Authorization header came.
            if (req.deskPrincipal && !req.headers.authorization)
                return [2 /*return*/, req.deskPrincipal];
            return [2 /*return*/, (0, agents_js_1.authenticate)(ctx, req.headers.authorization)];
        });
    });
}
/**
 * A path parameter. Every one names something (a channel, a file path, a key, an id), so it is
 * read in NFC: the identifier rule, at the door, so either spelling of `café` finds the same channel.
 */
function param(req, name) {
    var v = req.params[name];
    var text = Array.isArray(v) ? v.join('/') : v;
    return text === undefined ? text : text.normalize('NFC');
}
/** The body's lossless twin, for fields whose number tokens must survive. */
function losslessField(req, name) {
    var _a;
    return (_a = req.lossless) === null || _a === void 0 ? void 0 : _a[name];
}
