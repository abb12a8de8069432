// Live reload's server side: a WebSocket at SOCKET_PATH that tells the open pages of the site what the protocol
// (src/shared/live-protocol.ts) says: which build is served when they connect, a reload after each good build, a
// failed build's problems. Only pages of this site, addressed by a name of this server, may connect (see hosts.ts).
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import { type LiveMessage, SOCKET_PATH } from '../shared/live-protocol.ts';
import { type HostCheck, refusal, sameOrigin } from './hosts.ts';

export interface LiveReload {
  /** Tells every open page. */
  broadcast(message: LiveMessage): void;
  /** Closes every page's socket and the socket server. */
  close(): Promise<void>;
}

/** Takes the upgrades of `server` to the live-reload socket; `greeting` gives what a page is told on connecting. */
export function liveReload(server: http.Server, hosts: HostCheck, greeting: () => LiveMessage[]): LiveReload {
  // A page sends nothing, so a message over 1 KB is a protocol error. ws reports every protocol error (bad frame,
  // oversize message, invalid UTF-8) on the socket, which ends that socket and never the server.
  const sockets = new WebSocketServer({ noServer: true, maxPayload: 1024 });
  sockets.on('error', () => {});
  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    if (
      req.url?.split('?')[0] !== SOCKET_PATH ||
      !hosts(req.headers.host) ||
      !sameOrigin(req.headers.origin, req.headers.host)
    ) {
      const body = hosts(req.headers.host)
        ? 'egdocs serve: only pages of this site may open the live-reload socket\n'
        : refusal(req.headers.host);
      socket.end(
        `HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
      return;
    }
    sockets.handleUpgrade(req, socket, head, (ws) => sockets.emit('connection', ws, req));
  });
  const send = (socket: WebSocket, message: LiveMessage) => socket.send(JSON.stringify(message));
  sockets.on('connection', (socket: WebSocket) => {
    socket.on('error', () => socket.terminate());
    for (const message of greeting()) send(socket, message);
  });
  return {
    broadcast(message) {
      for (const socket of sockets.clients) if (socket.readyState === socket.OPEN) send(socket, message);
    },
    async close() {
      for (const socket of sockets.clients) socket.terminate();
      await new Promise<void>((resolve) => sockets.close(() => resolve()));
    },
  };
}
