// Loaded into the server with `node --import` by the bench's large-practice probe (bench/large-practice.mjs),
// never by a real start: answers the bench's IPC messages with the event loop's longest block since the
// last reset and the process's memory.
import { monitorEventLoopDelay } from "node:perf_hooks";
import v8 from "node:v8";

const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();

process.on("message", (message) => {
  if (message?.probe !== "event-loop") return;
  const memory = process.memoryUsage();
  process.send?.({
    probe: "event-loop",
    id: message.id,
    maxBlockMs: Math.round(delay.max / 1e6),
    rssBytes: memory.rss,
    heapUsedBytes: memory.heapUsed,
    externalBytes: memory.external,
    arrayBuffersBytes: memory.arrayBuffers,
    heapTotalBytes: memory.heapTotal,
    heapSpaces: Object.fromEntries(v8.getHeapSpaceStatistics().map((space) => [space.space_name, space.space_size])),
  });
  if (message.reset) delay.reset();
});
// The IPC channel must not keep a server that is shutting down alive.
process.channel?.unref();
