import { describe, expect, it } from "vitest";
import { blogSeedPosts } from "./blog-seed";
import { groupSeeds } from "./groups-seed";
import { groupsFile, parseSeedData, therapistsFile } from "./seed-schemas";
import { therapistSeeds } from "./therapists-seed";

describe("the demo content in app/content/seed/*.json", () => {
  it("loads every post, therapist and group, each group led by a therapist that exists", () => {
    expect(blogSeedPosts).toHaveLength(5);
    expect(therapistSeeds).toHaveLength(6);
    expect(groupSeeds).toHaveLength(4);
    expect(new Set(blogSeedPosts.map((post) => post.slug)).size).toBe(blogSeedPosts.length);
    for (const group of groupSeeds) expect(therapistSeeds[group.therapistIndex], group.name).toBeDefined();
  });

  it("refuses a misspelt field or a value out of range, naming the file and where", () => {
    const [group] = groupSeeds;
    expect(() => parseSeedData(groupsFile, [{ ...group, weekday: 8 }], "groups.json")).toThrow(/^groups\.json does not match its schema:[\s\S]*→ at \[0\]\.weekday/);
    const { name, ...therapist } = therapistSeeds[0]!;
    expect(() => parseSeedData(therapistsFile, [{ ...therapist, nmae: name }], "therapists.json")).toThrow(/Unrecognized key: "nmae"[\s\S]*→ at \[0\]\.name/);
  });
});
