// egdocs serve's live-reload script (bundled on its own and injected only by serve; never part of a build): follows
// the server's messages (src/shared/live-protocol.ts), reloading the page when the build it belongs to is no longer
// the one served and showing a failed build's problems over it.
import { BUILD_ATTRIBUTE, isStale, type LiveMessage, SOCKET_PATH } from '../shared/live-protocol.ts';
import { showOverlay } from './live-overlay.ts';

/** How long to wait before connecting again after the socket closed (the server restarting, a laptop waking). */
const RECONNECT_MS = 1000;

// The tag names the build the page came from; read now: currentScript is only set while the script first runs.
const tagged = document.currentScript?.getAttribute(BUILD_ATTRIBUTE);
const url = `${location.protocol === 'https:' ? 'wss://' : 'ws://'}${location.host}${SOCKET_PATH}`;
// The build this page shows. Without a tag (the script loaded some other way), the first hello sets it.
let seen = tagged ? Number(tagged) : undefined;

function connect(): void {
  const socket = new WebSocket(url);
  socket.onmessage = (event: MessageEvent<string>) => {
    const message = JSON.parse(event.data) as LiveMessage;
    if (message.type === 'hello') {
      // A build that finished after the page was sent, and before this socket opened, is news only here.
      if (seen !== undefined && isStale(seen, message.build)) location.reload();
      seen = message.build;
    } else if (message.type === 'reload') {
      location.reload();
    } else if (message.type === 'error') {
      showOverlay(message);
    }
  };
  socket.onclose = () => setTimeout(connect, RECONNECT_MS);
}

connect();
