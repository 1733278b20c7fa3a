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
Object.defineProperty(exports, "__esModule", { value: true });
exports.DESK_CSP = void 0;
exports.deskUiRoutes = deskUiRoutes;
var express_1 = require("express");
var promises_1 = require("node:fs/promises");
var node_path_1 = require("node:path");
var context_js_1 = require("../services/context.js");
var respond_js_1 = require("../http/respond.js");
var schemas_js_1 = require("../http/schemas.js");
var sessions_js_1 = require("../services/desk/sessions.js");
/**
 * The page may load only its own script and style and talk only to this hub: peer text rendered
 * by a bug as markup still cannot run, load or send anything.
 */
exports.DESK_CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
    "font-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
/** The built desk (agora-core/desk `npm run build`): a fixed set of files, so no path from the URL reaches the disk. */
var ASSETS = {
    'index.html': 'text/html; charset=utf-8',
    'app.js': 'text/javascript; charset=utf-8',
    'app.css': 'text/css; charset=utf-8',
};
function secure(res) {
    res.setHeader('Content-Security-Policy', exports.DESK_CSP);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Cache-Control', 'no-store');
}
function cookie(value, maxAge) {
    return "".concat(sessions_js_1.SESSION_COOKIE, "=").concat(value, "; Path=/; HttpOnly; SameSite=Strict; Max-Age=").concat(maxAge);
}
/** `/ui/`: the desk's static files, and the login exchange that turns `agora ui`'s one-time link into a session cookie. */
function deskUiRoutes(ctx, uiDir) {
    var _this = this;
    // Strict: `/ui` (redirected) and `/ui/` (the page) are different paths.
    var r = (0, express_1.Router)({ strict: true });
    var serve = function (req, res, name) { return __awaiter(_this, void 0, void 0, function () {
        var bytes, _a;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0:
                    secure(res);
                    if (!uiDir) {
                        res.status(404).type('text/plain').send('the desk is not built into this hub; run `npm run build` in agora-core/desk and start it with `agora up`');
                        return [2 /*return*/];
                    }
                    _b.label = 1;
                case 1:
                    _b.trys.push([1, 3, , 4]);
                    return [4 /*yield*/, (0, promises_1.readFile)((0, node_path_1.join)(uiDir, name))];
                case 2:
                    bytes = _b.sent();
                    return [3 /*break*/, 4];
                case 3:
                    _a = _b.sent();
                    res.status(404).type('text/plain').send("the desk asset ".concat(name, " is missing; rebuild with `npm run build -w @agora/desk`"));
                    return [2 /*return*/];
                case 4:
                    res.statusCode = 200;
                    res.setHeader('Content-Type', ASSETS[name]);
                    res.setHeader('Content-Length', bytes.length);
                    res.end(req.method === 'HEAD' ? undefined : bytes);
                    return [2 /*return*/];
            }
        });
    }); };
    r.get('/ui', function (_req, res) { return res.redirect(308, '/ui/'); });
    r.get('/ui/', function (req, res) { return __awaiter(_this, void 0, void 0, function () { return __generator(this, function (_a) {
        return [2 /*return*/, serve(req, res, 'index.html')];
    }); }); });
    r.get('/ui/:asset', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var name;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    name = String(req.params.asset);
                    if (!Object.hasOwn(ASSETS, name))
                        (0, context_js_1.fail)(404, "no desk asset '".concat(name, "'; open /ui/"));
                    return [4 /*yield*/, serve(req, res, name)];
                case 1:
                    _a.sent();
                    return [2 /*return*/];
            }
        });
    }); });
    r.post('/ui/login-tokens', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var p, body, minted;
        var _a;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0:
                    if (!req.headers.authorization)
                        (0, context_js_1.fail)(401, 'a desk login is minted with a bearer key (a seat key or the admin key); run `agora ui`');
                    return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    p = _b.sent();
                    body = (0, schemas_js_1.validate)('deskLoginToken', req.body);
                    return [4 /*yield*/, (0, sessions_js_1.mintLoginToken)(ctx, p, (_a = body.seat) !== null && _a !== void 0 ? _a : undefined)];
                case 2:
                    minted = _b.sent();
                    (0, respond_js_1.send)(res, __assign(__assign({}, minted), { path: '/ui/#login=' + minted.token }));
                    return [2 /*return*/];
            }
        });
    }); });
    r.post('/ui/session', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var body, s;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    secure(res);
                    if (req.headers['x-agora-desk'] !== '1')
                        (0, context_js_1.fail)(403, 'the login exchange is made by the desk page (it sends x-agora-desk: 1); open the link `agora ui` printed');
                    body = (0, schemas_js_1.validate)('deskSession', req.body);
                    return [4 /*yield*/, (0, sessions_js_1.redeemLoginToken)(ctx, body.token)];
                case 1:
                    s = _a.sent();
                    res.setHeader('Set-Cookie', cookie(s.session, sessions_js_1.SESSION_TTL));
                    (0, respond_js_1.send)(res, { seat: s.seat, admin: s.admin, expires_at: s.expires_at });
                    return [2 /*return*/];
            }
        });
    }); });
    r.delete('/ui/session', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var session;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    session = (0, sessions_js_1.sessionCookie)(req.headers.cookie);
                    if (!session) return [3 /*break*/, 2];
                    return [4 /*yield*/, (0, sessions_js_1.endSession)(ctx, session)];
                case 1:
                    _a.sent();
                    _a.label = 2;
                case 2:
                    res.setHeader('Set-Cookie', cookie('', 0));
                    (0, respond_js_1.send)(res, { ended: session !== null });
                    return [2 /*return*/];
            }
        });
    }); });
    return r;
}
