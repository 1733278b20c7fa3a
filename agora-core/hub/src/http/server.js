"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.createDoorServer = createDoorServer;
var node_http_1 = require("node:http");
/**
 * The node HTTP server with the door's timeouts and connection cap. Node checks headers and request
 * timeouts on an interval (30 s by default), so it runs at a quarter of the shortest one: a client
 * that drips one header line every few seconds is cut by headersTimeout, not kept forever.
 * An idle socket (no request in flight) closes after idleSocketTimeoutMs; a long-poll in flight
 * and an upgraded WS socket (which has its own ping/pong) are exempt.
 */
function createDoorServer(app, o) {
    var refused = new WeakSet();
    var busy = new Map();
    var open = new Set();
    var detail = "the hub is at its limit of ".concat(o.connectionsMax, " open connections; retry shortly, or close idle connections");
    var body = JSON.stringify({ detail: detail });
    var server = (0, node_http_1.createServer)({ connectionsCheckingInterval: Math.max(25, Math.min(1000, Math.floor(Math.min(o.headersTimeoutMs, o.requestTimeoutMs) / 4))) }, function (req, res) {
        var _a;
        var socket = req.socket;
        if (refused.has(socket)) {
            res.writeHead(503, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body), Connection: 'close', 'Retry-After': '1' });
            res.end(body);
            return;
        }
        busy.set(socket, ((_a = busy.get(socket)) !== null && _a !== void 0 ? _a : 0) + 1);
        res.once('close', function () {
            var _a;
            var n = ((_a = busy.get(socket)) !== null && _a !== void 0 ? _a : 1) - 1;
            if (n > 0)
                busy.set(socket, n);
            else
                busy.delete(socket);
        });
        app(req, res);
    });
    server.headersTimeout = o.headersTimeoutMs;
    server.requestTimeout = o.requestTimeoutMs;
    server.keepAliveTimeout = o.keepAliveTimeoutMs;
    // Sockets over the cap still get an answer (503 on their first request), never a silent hang;
    // far beyond it node drops connections outright.
    server.maxConnections = o.connectionsMax + 64;
    server.setTimeout(o.idleSocketTimeoutMs);
    server.on('timeout', function (socket) {
        if (!busy.has(socket))
            socket.destroy();
    });
    server.on('connection', function (socket) {
        if (open.size >= o.connectionsMax) {
            refused.add(socket);
            return;
        }
        open.add(socket);
        socket.once('close', function () { return open.delete(socket); });
    });
    server.prependListener('upgrade', function (req, socket) {
        if (refused.has(socket)) {
            socket.end("HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ".concat(Buffer.byteLength(body), "\r\nConnection: close\r\nRetry-After: 1\r\n\r\n").concat(body));
            return;
        }
        // A WS socket keeps itself alive with ping/pong; the HTTP idle timeout must not cut it.
        ;
        socket.setTimeout(0);
    });
    return server;
}
