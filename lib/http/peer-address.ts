import diagnostics from "node:diagnostics_channel";
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import { definePeerAddressHeader } from "./client-ip";

let recording = false;

/**
 * Copies each request's socket address into a header before Next.js sees the request
 * (Node publishes `http.server.request.start` just before the server's 'request' event).
 * The header's name is random per process and overwrites whatever a client sent under it.
 */
export function recordPeerAddresses(): void {
  if (recording) return;
  recording = true;
  const header = definePeerAddressHeader();
  diagnostics.subscribe("http.server.request.start", (message) => {
    const { request, socket } = message as { request: IncomingMessage; socket: Socket };
    if (socket.remoteAddress) request.headers[header] = socket.remoteAddress;
    else delete request.headers[header];
  });
}
