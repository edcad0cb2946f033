import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
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

/** A pool whose one client answers each statement with `answer`, recording statements and releases. */
function scriptedPool(answer: (statement: string) => Error | undefined) {
  const statements: string[] = [];
  const releases: (Error | undefined)[] = [];
  const client = {
    query: async (query: string | { text: string }) => {
      const text = typeof query === "string" ? query : query.text;
      statements.push(text);
      const failure = answer(text);
      if (failure) throw failure;
      return { rows: [], rowCount: 0, command: "", fields: [] };
    },
    release: (error?: Error) => void releases.push(error),
  };
  class ScriptedPool extends pg.Pool {
    // @ts-expect-error a stand-in client, not a pg.PoolClient
    override connect = async () => client;
  }
  return { db: drizzle(new ScriptedPool() as unknown as pg.Pool), statements, releases };
}

describe("pooled transactions (drizzle's transaction() replaced at import)", () => {
  it("returns the client to the pool, destroyed, when BEGIN fails on a connection that died", async () => {
    const lost = new Error("Connection terminated unexpectedly");
    const { db, statements, releases } = scriptedPool((text) => (text === "begin" ? lost : undefined));
    let ran = false;
    await expect(db.transaction(async () => void (ran = true))).rejects.toThrow();
    expect(ran).toBe(false);
    expect(statements).toEqual(["begin"]);
    expect(releases).toHaveLength(1);
    expect(releases[0]).toBeInstanceOf(Error);
  });

  it("commits and releases a healthy client as healthy", async () => {
    const { db, statements, releases } = scriptedPool(() => undefined);
    const result = await db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      return "done";
    });
    expect(result).toBe("done");
    expect(statements).toEqual(["begin", "select 1", "commit"]);
    expect(releases).toEqual([undefined]);
  });

  it("rolls back on the work's error and throws that error; a failed rollback destroys the client", async () => {
    const { db, statements, releases } = scriptedPool((text) => (text === "rollback" ? new Error("Connection terminated unexpectedly") : undefined));
    await expect(
      db.transaction(async () => {
        throw new Error("the work failed");
      }),
    ).rejects.toThrow("the work failed");
    expect(statements).toEqual(["begin", "rollback"]);
    expect(releases[0]?.message).toContain("Failed query: rollback");
  });
});
