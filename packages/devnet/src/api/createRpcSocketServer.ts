import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { type WebSocket, WebSocketServer } from "ws";
import { checkLocalRequest } from "./checkLocalRequest.js";
import { handleRpc } from "./handleRpc.js";
import type { ApiChain } from "./types.js";

/** JSON-RPC over websockets on the devnet's server; `stop` closes every connection. */
export type RpcSocketServer = { stop: () => Promise<void> };

export type CreateRpcSocketServerParameters = {
  /** The devnet's HTTP server: upgrades to `/rpc/<chainId>` become JSON-RPC connections. */
  server: Server;
  /** The devnet's EVM chains. */
  chains: ReadonlyMap<number, ApiChain>;
  /** Serve the chain-admin methods too (`handleRpc`'s `admin`). */
  rpcAdmin?: boolean | undefined;
  /** Largest message accepted, bytes. Default 1 MiB. */
  maxPayload?: number | undefined;
};

/** Subscriptions need the chain's own event stream, which the devnet does not pass through. */
const subscriptionMethods = new Set(["eth_subscribe", "eth_unsubscribe"]);

/**
 * Serves each EVM chain's JSON-RPC over a websocket at `ws://<host>/rpc/<chainId>` (the `wsRpcUrl`
 * of `GET /chains`): every text message is a call or a batch, answered on the same connection as
 * `POST /rpc/<chainId>` answers it (`handleRpc`); a message that is not JSON is the parse error
 * (-32700). `eth_subscribe` and `eth_unsubscribe` are answered -32601: poll instead (viem's
 * `webSocket` transport with `poll: true`). A handshake from a page of another origin or under a
 * foreign `Host` is refused with 403 (`checkLocalRequest`), one for a chain the devnet does not run
 * with 404; other paths are left to the status stream.
 *
 * @param parameters - {@link CreateRpcSocketServerParameters}
 * @returns The server. {@link RpcSocketServer}
 * @example
 * const sockets = createRpcSocketServer({ server, chains })
 */
export function createRpcSocketServer({
  server,
  chains,
  rpcAdmin = false,
  maxPayload = 1024 * 1024,
}: CreateRpcSocketServerParameters): RpcSocketServer {
  const wss = new WebSocketServer({ noServer: true, maxPayload });
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = new URL(request.url ?? "/", "http://devnet").pathname;
    const match = /^\/rpc\/([0-9]+)$/.exec(path);
    // Another path is the status stream's; a socket it refused is gone already.
    if (!match || socket.destroyed) return;
    const refuse = (status: string) => {
      socket.write(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      socket.destroy();
    };
    const foreign = checkLocalRequest({
      method: "GET",
      path,
      host: request.headers.host,
      origin: request.headers.origin,
      contentType: undefined,
      hasBody: false,
    });
    if (foreign) return refuse("403 Forbidden");
    const chain = chains.get(Number(match[1]));
    if (!chain) return refuse("404 Not Found");
    wss.handleUpgrade(request, socket, head, (ws) => serve(ws, chain, rpcAdmin));
  };
  server.on("upgrade", onUpgrade);
  return {
    async stop() {
      server.off("upgrade", onUpgrade);
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

/** Answers each message of one connection. */
function serve(ws: WebSocket, chain: ApiChain, admin: boolean) {
  ws.on("message", async (data, isBinary) => {
    let body: unknown;
    try {
      body = JSON.parse(isBinary ? "" : String(data));
    } catch {
      return ws.send(
        JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } }),
      );
    }
    const calls = Array.isArray(body) ? body : [body];
    const refused = calls.find(
      (call) => typeof call?.method === "string" && subscriptionMethods.has(call.method as string),
    ) as { id?: unknown; method: string } | undefined;
    if (refused)
      return ws.send(
        JSON.stringify({
          jsonrpc: "2.0",
          id: refused.id ?? null,
          error: { code: -32601, message: `${refused.method} is not served by the devnet: poll instead.` },
        }),
      );
    const answer = await handleRpc({ chain, body, admin });
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(answer));
  });
}
