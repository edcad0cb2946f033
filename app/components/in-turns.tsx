import { Children, createContext, use, type ReactNode } from "react";

/**
 * Long pages rendered in turns (issue 29 point 8, issue 32; docs/decisions/089-render-in-turns.md).
 * React renders a document on the server in one task of the event loop: a staff page of 80 table rows
 * held the server's one thread for 70-120 ms, and every other request waited. Inside a document
 * rendered by `app/entry.server.tsx` (which wraps it in `RenderInTurns`), `InTurns` renders its
 * children a group at a time: each group after the previous one, in a task of its own, so requests
 * that arrive meanwhile are answered in between. The document waits for every group before it is sent
 * (the shell, no Suspense boundary), so its HTML is byte for byte what one pass gives. Anywhere else
 * (the browser, e-mails, tests) the children are rendered as they are.
 */
const TurnsContext = createContext(false);

/** Turns on `InTurns` for the document below: only the server's document render (app/entry.server.tsx). */
export function RenderInTurns({ children }: { children: ReactNode }) {
  return <TurnsContext value={true}>{children}</TurnsContext>;
}

/**
 * The children, `every` at a time, each group in a task of its own when the server renders the
 * document; as they are anywhere else. Each child should be an element (a table row, a section): two
 * texts side by side in different groups would be joined by an empty comment.
 */
export function InTurns({ every, children }: { every: number; children: ReactNode }) {
  const inTurns = use(TurnsContext);
  const all = inTurns ? Children.toArray(children) : [];
  if (all.length <= every) return children;
  const groups: ReactNode[][] = [];
  for (let start = 0; start < all.length; start += every) groups.push(all.slice(start, start + every));
  // Group n waits until group n - 1 has been rendered: React then renders it in a later task of the event loop.
  const releases: (() => void)[] = [];
  const waits = groups.map((_, index) => (index === 0 ? null : new Promise<void>((resolve) => (releases[index] = resolve))));
  return groups.map((group, index) => (
    <Group key={index} wait={waits[index] ?? null} release={releases[index + 1]}>
      {group}
    </Group>
  ));
}

function Group({ wait, release, children }: { wait: Promise<void> | null; release: (() => void) | undefined; children: ReactNode }) {
  if (wait) use(wait);
  return (
    <>
      {children}
      {release ? <Release release={release} /> : null}
    </>
  );
}

/**
 * Rendered after a group's children: lets the next group go in a later task (server only). Not at once:
 * a promise settled while React is still opening the document is rendered in the same task (React pings
 * it in a microtask until then), and the groups would run together again.
 */
function Release({ release }: { release: () => void }) {
  setImmediate(release);
  return null;
}
