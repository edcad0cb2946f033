import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable, retryWhileUnavailable } from "./client.server";

const withCode = (code: string, message = "boom") => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it("recognises a database that is down, restarting or unreachable", () => {
    expect(isDatabaseUnavailable(withCode("ECONNREFUSED"))).toBe(true);
    expect(isDatabaseUnavailable(withCode("ECONNRESET"))).toBe(true);
    expect(isDatabaseUnavailable(withCode("57P01", "terminating connection due to administrator command"))).toBe(true);
    expect(isDatabaseUnavailable(withCode("57P03", "the database system is starting up"))).toBe(true);
    expect(isDatabaseUnavailable(withCode("08006"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Client has encountered a connection error and is not queryable"))).toBe(true);
  });

  it("looks through Drizzle's wrapper and a failed connect to several addresses", () => {
    const drizzleError = new Error("Failed query: select 1", { cause: withCode("ECONNREFUSED") });
    expect(isDatabaseUnavailable(drizzleError)).toBe(true);
    const aggregate = new AggregateError([withCode("ECONNREFUSED"), withCode("ECONNREFUSED")], "");
    expect(isDatabaseUnavailable(aggregate)).toBe(true);
  });

  it("leaves the errors of a wrong query or bad data alone: those are not an outage", () => {
    expect(isDatabaseUnavailable(withCode("23505", "duplicate key value violates unique constraint"))).toBe(false);
    expect(isDatabaseUnavailable(withCode("42P01", 'relation "nope" does not exist'))).toBe(false);
    expect(isDatabaseUnavailable(new Error("Failed query: insert", { cause: withCode("22001") }))).toBe(false);
    expect(isDatabaseUnavailable(new Error("Something else"))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    expect(isDatabaseUnavailable("ECONNREFUSED")).toBe(false);
  });
});

describe("retryWhileUnavailable", () => {
  it("tries again while the database is unreachable, then returns what the work returns", async () => {
    let calls = 0;
    const result = await retryWhileUnavailable(async () => {
      calls += 1;
      if (calls < 3) throw withCode("ECONNREFUSED");
      return "recorded";
    }, 5000);
    expect(result).toBe("recorded");
    expect(calls).toBe(3);
  });

  it("does not retry any other error", async () => {
    let calls = 0;
    await expect(
      retryWhileUnavailable(async () => {
        calls += 1;
        throw withCode("23505");
      }, 5000),
    ).rejects.toThrow("boom");
    expect(calls).toBe(1);
  });

  it("gives up when the outage lasts longer than it may wait", async () => {
    await expect(retryWhileUnavailable(async () => Promise.reject(withCode("ECONNREFUSED")), 300)).rejects.toMatchObject({ code: "ECONNREFUSED" });
  });
});
