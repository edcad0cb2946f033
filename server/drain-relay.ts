import { EventEmitter } from "node:events";
import type { ServerResponse } from "node:http";

type Listener = (...args: unknown[]) => void;

/**
 * `compression` sends a response's `on("drain")` to its compression stream, but not `off` or
 * `removeListener`, and `once`'s wrapper then removes itself from the response instead of the stream
 * (expressjs/compression issues 135 and 152, still open in 1.8). React Router waits for "drain" with
 * `once` and `off` each time the stream's buffer fills, so a large page answered with Brotli left one
 * listener on the stream per wait: `MaxListenersExceededWarning` past ten, and every closure kept until
 * the response ended. Called right after `compression` on a response, this keeps the response's
 * "drain" listeners on an emitter of its own, fed by a single listener on whatever `compression`
 * chose (its stream, or the response itself when it does not compress); adding, removing and `once`
 * then behave as on any emitter.
 */
export function relayDrain(res: ServerResponse) {
  const relay = new EventEmitter();
  const { on, once, removeListener } = res;
  let fed = false;
  const toRelay = (res: ServerResponse, add: "on" | "once", listener: Listener) => {
    if (!fed) on.call(res, "drain", () => relay.emit("drain"));
    fed = true;
    relay[add]("drain", listener);
    return res;
  };
  function addListener(this: ServerResponse, event: string | symbol, listener: Listener) {
    return event === "drain" ? toRelay(this, "on", listener) : on.call(this, event, listener);
  }
  function addOnce(this: ServerResponse, event: string | symbol, listener: Listener) {
    return event === "drain" ? toRelay(this, "once", listener) : once.call(this, event, listener);
  }
  function remove(this: ServerResponse, event: string | symbol, listener: Listener) {
    if (event !== "drain") return removeListener.call(this, event, listener);
    relay.removeListener("drain", listener);
    return this;
  }
  Object.assign(res, { on: addListener, addListener, once: addOnce, removeListener: remove, off: remove });
}
