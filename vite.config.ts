import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

/**
 * Every hydrated page runs React Router's client entry, the root route and everything they import
 * (React, React DOM, React Router, the layout, toasts, their icons): one chunk for all of it
 * instead of a dozen files of a few hundred bytes, each with its own 300 bytes of response
 * headers and compressed apart from the others.
 */
function shellChunk(): (id: string, graph: ModuleGraph) => string | null {
  let shell: Set<string> | undefined;
  return (id, graph) => {
    if (!shell) {
      shell = new Set();
      const stack = [
        fileURLToPath(new URL("./app/root.tsx", import.meta.url)),
        fileURLToPath(new URL("./node_modules/@react-router/dev/dist/config/defaults/entry.client.tsx", import.meta.url)),
      ];
      while (stack.length > 0) {
        const next = stack.pop()!;
        if (shell.has(next) || /\.css$|\?/.test(next)) continue;
        shell.add(next);
        stack.push(...(graph.getModuleInfo(next)?.importedIds ?? []));
      }
    }
    return shell.has(id) ? "shell" : null;
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  build: isSsrBuild
    ? { rollupOptions: { input: "./server/app.ts" }, target: "node20" }
    : { rolldownOptions: { output: { codeSplitting: { groups: [{ name: shellChunk(), debugName: "shell" }] } } } },
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  // Bundled into the server build, so only what the app uses is loaded at start-up: the e-mail components without
  // React Email's code block (Prism and its languages, a fifth of the start-up's JavaScript) and markdown, and the
  // ~90 icons used instead of lucide-react's 1.3 MB file of every icon (docs/decisions/090-server-bundles-email-and-icons.md).
  ssr: { noExternal: [/^@react-email\/(?!render)/, "lucide-react"] },
  plugins: [tailwindcss(), reactRouter()],
}));
