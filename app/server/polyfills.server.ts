// Object.groupBy is missing on Node 20; a dependency of better-auth's tooling uses it.
if (!("groupBy" in Object)) {
  Object.defineProperty(Object, "groupBy", {
    value<T>(items: Iterable<T>, key: (item: T, index: number) => PropertyKey) {
      const groups: Record<PropertyKey, T[]> = {};
      let index = 0;
      for (const item of items) (groups[key(item, index++)] ??= []).push(item);
      return groups;
    },
  });
}
export {};
