import { z } from "zod";

// Zod would probe `new Function` (eval) on its first parse; our CSP forbids eval, so stay jitless.
// Modules whose schemas run in the browser import z from here.
z.config({ jitless: true });

export { z };
