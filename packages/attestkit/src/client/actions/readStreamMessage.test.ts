import { expect, test } from "vitest";
import { requestId } from "../../../../../test/support/fixtures.js";
import { readStreamMessage } from "./readStreamMessage.js";

const status = {
  status: "pending",
  requestId: requestId.toUpperCase().replace("0X", "0x"),
  inTxHashes: [],
  txHashes: [],
  updatedAt: 1,
  originChainId: 1,
  destinationChainId: 2,
};

test("default: the ready message", () => {
  expect(readStreamMessage({ data: '{"type":"connection","status":"ready","data":{"id":"t"}}' })).toEqual({
    kind: "ready",
  });
});

test("an acknowledgement and a status carry the request id in lowercase; bytes are read as UTF-8", () => {
  const acknowledgement = {
    type: "subscribe",
    status: "success",
    data: { event: "request.status.updated", filters: { id: status.requestId } },
  };
  expect(readStreamMessage({ data: JSON.stringify(acknowledgement) })).toEqual({
    kind: "subscribed",
    key: requestId.toLowerCase(),
  });
  const event = { event: "request.status.updated", data: status, publishedAt: 1 };
  expect(readStreamMessage({ data: new TextEncoder().encode(JSON.stringify(event)) })).toMatchObject({
    kind: "status",
    key: requestId.toLowerCase(),
    status: { status: "pending" },
  });
});

test("anything else is other: not JSON, null, another message, no id, a status the schema refuses", () => {
  for (const data of [
    "not json",
    "null",
    '{"type":"connection","status":"closing"}',
    '{"type":"subscribe","status":"success","data":{}}',
    JSON.stringify({ event: "request.status.updated", data: { status: 7 } }),
    JSON.stringify({ event: "another.event", data: status }),
    undefined,
  ])
    expect(readStreamMessage({ data }), String(data)).toEqual({ kind: "other" });
});
