import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

/**
 * lucide-react's index re-exports every icon: followed, it would put every icon any page uses into the shell
 * (80 icons, 5 KB on every hydrated page). The shell imports its few icons one by one (`lucide-react/icons/x`).
 */
const ICON_BARREL = "/lucide-react/dist/esm/lucide-react.mjs";
/** React DOM and its scheduler: imported by the client entry, whose graph alone left them in a chunk of their own. */
const REACT_DOM = /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/;

/**
 * Every hydrated page runs React Router's client entry, the root route and everything they import
 * (React, React DOM, React Router, the layout, toasts, their icons): one chunk for all of it
 * instead of a dozen files of a few hundred bytes, each with its own 300 bytes of response
 * headers and compressed apart from the others (docs/decisions/002-one-chunk-for-hydrated-pages.md).
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
        if (shell.has(next) || /\.css$|\?/.test(next) || next.endsWith(ICON_BARREL)) continue;
        shell.add(next);
        stack.push(...(graph.getModuleInfo(next)?.importedIds ?? []));
      }
    }
    return shell.has(id) || REACT_DOM.test(id) ? "shell" : null;
  };
}

/**
 * The pages' icons, grouped by the pages that use them, groups under 4 KB merged with their closest neighbour:
 * a few files per page instead of one per icon (or one of every icon).
 */
const pageIcons = { name: "icons", test: /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/, entriesAware: true, entriesAwareMergeThreshold: 4000, priority: 1 };

export default defineConfig(({ isSsrBuild }) => ({
  build: isSsrBuild
    ? { rollupOptions: { input: "./server/app.ts" }, target: "node20" }
    : { rolldownOptions: { output: { codeSplitting: { groups: [{ name: shellChunk(), debugName: "shell", priority: 2 }, pageIcons] } } } },
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  // Bundled into the server build, so only what the app uses is loaded at start-up: the e-mail components without
  // React Email's code block (Prism and its languages, a fifth of the start-up's JavaScript) and markdown, and the
  // ~90 icons used instead of lucide-react's 1.3 MB file of every icon (docs/decisions/090-server-bundles-email-and-icons.md).
  ssr: { noExternal: [/^@react-email\/(?!render)/, "lucide-react"] },
  plugins: [tailwindcss(), reactRouter()],
}));
