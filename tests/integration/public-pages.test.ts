import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenForNotifications } from "../../app/server/db/notifications.server";
import { announcedPages, onPublicPagesChanged, PAGE_CACHE_CHANNEL, publicPagesChanged, type PublicPages } from "../../app/server/public-pages.server";
import { testDatabase, testDatabaseUrl } from "./database";
import { until } from "./app-process";

/**
 * `publicPagesChanged`, the one way a write tells the page caches what it changed: this process's
 * clear runs right after the COMMIT (before transaction() returns), the other instances hear a
 * NOTIFY naming the pages on commit only, and nothing of it happens on a rollback.
 */

const cleared: PublicPages[] = [];
const heard: (string | undefined)[] = [];
let listener: ReturnType<typeof listenForNotifications>;

beforeAll(async () => {
  await testDatabase();
  onPublicPagesChanged((pages) => cleared.push(pages));
  listener = listenForNotifications(testDatabaseUrl(), { [PAGE_CACHE_CHANNEL]: (payload) => void heard.push(payload) });
  await until("the LISTEN connection", () => listener.listening(), 10_000, 20);
  // The handler runs once on connecting, without a payload.
  heard.length = 0;
});

afterAll(async () => {
  await listener?.stop();
});

describe("publicPagesChanged", () => {
  it("clears this instance's pages right after the commit, and announces them to the others on commit", async () => {
    const db = await testDatabase();
    cleared.length = 0;
    heard.length = 0;
    const returned = await db.transaction(async (tx) => {
      await publicPagesChanged(tx, ["/blog", "/blog/ansia"]);
      await tx.execute(sql`select 1`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(cleared).toEqual([]);
      expect(heard).toEqual([]);
      return "committed";
    });
    expect(returned).toBe("committed");
    expect(cleared).toEqual([["/blog", "/blog/ansia"]]);
    await until("the NOTIFY after the commit", () => heard.length === 1, 5_000, 20);
    // This process's own announcement: its cache was cleared already, the echo is ignored.
    expect(announcedPages(heard[0])).toBeNull();
    expect(JSON.parse(heard[0]!)).toMatchObject({ pages: ["/blog", "/blog/ansia"] });
  });

  it("neither clears nor announces anything when the transaction rolls back", async () => {
    const db = await testDatabase();
    cleared.length = 0;
    heard.length = 0;
    await expect(
      db.transaction(async (tx) => {
        await publicPagesChanged(tx, "all");
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(cleared).toEqual([]);
    expect(heard).toEqual([]);
  });

  it("outside a transaction, clears and announces at once (each statement commits as it runs)", async () => {
    const db = await testDatabase();
    cleared.length = 0;
    heard.length = 0;
    await publicPagesChanged(db, ["/terapeuti"]);
    expect(cleared).toEqual([["/terapeuti"]]);
    await until("the NOTIFY", () => heard.length === 1, 5_000, 20);
  });

  it("reads another instance's announcement as the pages it names, and anything else as every page", () => {
    expect(announcedPages(JSON.stringify({ from: "another-instance", pages: ["/blog"] }))).toEqual(["/blog"]);
    expect(announcedPages(JSON.stringify({ from: "another-instance", pages: "all" }))).toBe("all");
    for (const payload of [undefined, "", "blog", "{}", JSON.stringify({ pages: [1] })]) expect(announcedPages(payload), String(payload)).toBe("all");
  });

  it("announces a list too long for a NOTIFY as every page", async () => {
    const db = await testDatabase();
    heard.length = 0;
    const pages = Array.from({ length: 400 }, (_, index) => `/blog/un-articolo-dal-titolo-lungo-${index}`);
    await db.transaction((tx) => publicPagesChanged(tx, pages));
    await until("the NOTIFY", () => heard.length === 1, 5_000, 20);
    expect(JSON.parse(heard[0]!)).toMatchObject({ pages: "all" });
  });
});
