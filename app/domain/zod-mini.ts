import "./zod-config";

/**
 * zod/mini with the same settings and Italian messages as `z` from ~/domain/zod: for a schema the
 * browser loads on a page that must stay light (the questionnaire's), where the classic API would
 * add some 20 KB of compressed JavaScript. Its schemas go wherever a classic one does.
 */
export * as zm from "zod/mini";
