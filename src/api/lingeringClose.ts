/**
 * Closing a connection after a refusal without resetting it. A client that refused a body may still be
 * sending it: DataHub's Python emitter sends the whole body before it reads a byte of the answer.
 * Closing a socket with bytes unread makes the kernel reset the connection, and such a client then
 * sees "Broken pipe" instead of the answer that says what was wrong. So, as web servers do, the answer
 * is followed by a half-close, whatever the client still sends is read and dropped for a bounded
 * time, and then the socket is closed.
 */
import type { Socket } from 'node:net';

/** The longest a refused client's remaining bytes are read and dropped, and the longest pause in them. */
const LINGER_MS = 10_000;
const IDLE_MS = 2_000;

/** Makes the close that follows this connection's `connection: close` answer a lingering one. */
export function lingerOnClose(socket: Socket): void {
  // Node's HTTP server ends the connection after such an answer with destroySoon(), which closes the
  // socket as soon as the answer is written, unread bytes or not.
  socket.destroySoon = () => {
    socket.end();
    socket.resume();
    socket.setTimeout(IDLE_MS, () => socket.destroy());
    const deadline = setTimeout(() => socket.destroy(), LINGER_MS).unref();
    socket.once('close', () => clearTimeout(deadline));
    // The client has sent all it will.
    socket.once('end', () => socket.destroy());
  };
}
