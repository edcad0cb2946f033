import { Writable } from "node:stream";
import type { ReactNode } from "react";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { InTurns, RenderInTurns } from "./in-turns";

/** A server render as app/entry.server.tsx does it: the shell (every turn included), then piped. */
function renderDocument(page: ReactNode) {
  return new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const { pipe } = renderToPipeableStream(page, {
      onShellReady() {
        pipe(
          new Writable({
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk);
              done();
            },
            final(done) {
              resolve(Buffer.concat(chunks).toString("utf8"));
              done();
            },
          }),
        );
      },
      onShellError: reject,
    });
  });
}

function table(rows: number, turnOf: Map<number, number> | null, currentTurn: () => number) {
  function Row({ index }: { index: number }) {
    turnOf?.set(index, currentTurn());
    return (
      <tr>
        <td>{`Riga ${index}`}</td>
      </tr>
    );
  }
  return (
    <table>
      <tbody>
        <InTurns every={10}>
          {Array.from({ length: rows }, (_, index) => (
            <Row key={index} index={index} />
          ))}
        </InTurns>
      </tbody>
    </table>
  );
}

describe("InTurns", () => {
  it("renders a long list ten rows per task of the event loop, and the same HTML as one pass", async () => {
    const turnOf = new Map<number, number>();
    let turn = 0;
    let counting = true;
    const count = () => {
      turn += 1;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    const html = await renderDocument(<RenderInTurns>{table(35, turnOf, () => turn)}</RenderInTurns>);
    counting = false;
    const turns = [0, 9, 10, 19, 20, 29, 30, 34].map((index) => turnOf.get(index)!);
    // Each group of ten in one turn, each group in a later turn than the one before.
    expect(turns[0]).toBe(turns[1]);
    expect(turns[2]).toBe(turns[3]);
    expect(turns[4]).toBe(turns[5]);
    expect(turns[6]).toBe(turns[7]);
    expect(turns[2]).toBeGreaterThan(turns[1]!);
    expect(turns[4]).toBeGreaterThan(turns[3]!);
    expect(turns[6]).toBeGreaterThan(turns[5]!);
    expect(html).toBe(renderToString(table(35, null, () => 0)));
    expect(html).toContain("<tr><td>Riga 9</td></tr><tr><td>Riga 10</td></tr>");
  });

  it("renders everything at once outside the server's document (the browser, e-mails, tests)", () => {
    const turnOf = new Map<number, number>();
    const html = renderToString(table(35, turnOf, () => 0));
    expect(turnOf.size).toBe(35);
    expect(html.match(/<tr>/g)).toHaveLength(35);
  });
});
