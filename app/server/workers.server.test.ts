import { describe, expect, it } from "vitest";
import { yieldToRequests } from "./workers.server";

describe("yieldToRequests", () => {
  it("runs at every call while the server is not busy", async () => {
    let runs = 0;
    const tick = yieldToRequests(
      async () => ++runs,
      () => false,
      2000,
      () => 0,
    );
    await tick();
    await tick();
    expect(runs).toBe(2);
  });

  it("waits while the server is busy, but runs once every maxWaitMs all the same", async () => {
    let runs = 0;
    let clock = 10_000;
    const tick = yieldToRequests(
      async () => ++runs,
      () => true,
      2000,
      () => clock,
    );
    expect(await tick()).toBe(1); // the first call runs: nothing has run yet
    clock += 1999;
    expect(await tick()).toBe(0);
    expect(runs).toBe(1);
    clock += 1;
    expect(await tick()).toBe(2);
  });
});
