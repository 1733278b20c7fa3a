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
exports.PING_MS = void 0;
exports.attachWs = attachWs;
var ws_1 = require("ws");
var protocol_1 = require("@agora/protocol");
var agents_js_1 = require("../services/agents.js");
var connection_js_1 = require("./connection.js");
var desk_auth_js_1 = require("./desk-auth.js");
exports.PING_MS = 20000;
/** ws@8 in noServer mode on the HTTP server's upgrade event; only `/ws` upgrades. */
function attachWs(ctx, server, options) {
    var _this = this;
    var _a;
    if (options === void 0) { options = {}; }
    var wss = new ws_1.WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
    var connections = new Set();
    var alive = new WeakMap();
    var upgrade = function (req, socket, head) { return __awaiter(_this, void 0, void 0, function () {
        var url, token, principal, refusal, _a, _b, err_1, status_1, detail;
        var _c;
        return __generator(this, function (_d) {
            switch (_d.label) {
                case 0:
                    url = new URL((_c = req.url) !== null && _c !== void 0 ? _c : '/', 'http://hub');
                    if (url.pathname !== '/ws') {
                        socket.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n');
                        return [2 /*return*/];
                    }
                    token = url.searchParams.get('token');
                    principal = null;
                    refusal = null;
                    _d.label = 1;
                case 1:
                    _d.trys.push([1, 8, , 9]);
                    if (!(!token && !req.headers.authorization)) return [3 /*break*/, 3];
                    return [4 /*yield*/, (0, desk_auth_js_1.deskSocketPrincipal)(ctx, req)];
                case 2:
                    _a = _d.sent();
                    return [3 /*break*/, 4];
                case 3:
                    _a = null;
                    _d.label = 4;
                case 4:
                    // No key offered: the desk page's session cookie, same-origin only (ws/desk-auth.ts).
                    principal = _a;
                    if (!(principal !== null && principal !== void 0)) return [3 /*break*/, 5];
                    _b = principal;
                    return [3 /*break*/, 7];
                case 5: return [4 /*yield*/, (0, agents_js_1.authenticate)(ctx, token ? "Bearer ".concat(token) : req.headers.authorization)];
                case 6:
                    _b = (principal = _d.sent());
                    _d.label = 7;
                case 7:
                    _b;
                    if (!principal.agent)
                        refusal = { code: 4403, reason: 'the admin key is not a seat; connect with a seat api key' };
                    return [3 /*break*/, 9];
                case 8:
                    err_1 = _d.sent();
                    status_1 = err_1 instanceof protocol_1.AgoraError ? err_1.status : 401;
                    detail = err_1 instanceof protocol_1.AgoraError ? String(err_1.detail) : 'invalid api key';
                    refusal = { code: status_1 === 403 ? 4403 : 4401, reason: detail.slice(0, 120) };
                    return [3 /*break*/, 9];
                case 9:
                    wss.handleUpgrade(req, socket, head, function (ws) {
                        var _a, _b, _c;
                        if (refusal || !principal) {
                            ws.close((_a = refusal === null || refusal === void 0 ? void 0 : refusal.code) !== null && _a !== void 0 ? _a : 4401, (_b = refusal === null || refusal === void 0 ? void 0 : refusal.reason) !== null && _b !== void 0 ? _b : 'invalid api key');
                            return;
                        }
                        var conn = new connection_js_1.Connection(ctx, ws, principal, (_c = options.queueLimit) !== null && _c !== void 0 ? _c : connection_js_1.QUEUE_LIMIT);
                        connections.add(conn);
                        ctx.presence.connected(conn.agent);
                        alive.set(ws, true);
                        ws.on('pong', function () { return alive.set(ws, true); });
                        ws.on('close', function () {
                            connections.delete(conn);
                            ctx.presence.disconnected(conn.agent);
                        });
                    });
                    return [2 /*return*/];
            }
        });
    }); };
    server.on('upgrade', function (req, socket, head) {
        upgrade(req, socket, head).catch(function () { return socket.destroy(); });
    });
    var offSever = ctx.bus.onSever(function (agent, reason) {
        for (var _i = 0, connections_1 = connections; _i < connections_1.length; _i++) {
            var c = connections_1[_i];
            if (c.agent === agent)
                c.ws.close(4403, reason);
        }
    });
    var timer = setInterval(function () {
        for (var _i = 0, connections_2 = connections; _i < connections_2.length; _i++) {
            var c = connections_2[_i];
            if (!alive.get(c.ws)) {
                c.ws.terminate();
                continue;
            }
            alive.set(c.ws, false);
            c.ws.ping();
        }
    }, (_a = options.pingMs) !== null && _a !== void 0 ? _a : exports.PING_MS);
    timer.unref();
    return {
        connections: connections,
        close: function () {
            clearInterval(timer);
            offSever();
            for (var _i = 0, connections_3 = connections; _i < connections_3.length; _i++) {
                var c = connections_3[_i];
                c.close();
                c.ws.terminate();
            }
            wss.close();
        },
    };
}
