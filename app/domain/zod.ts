import "./zod-config";

/** Zod with our settings and Italian messages (./zod-config). */
export { z } from "zod";
