// The V8 settings the server runs with, wherever it is started for real or measured (npm start,
// npm run bench, npm run stress). A 32 MB young-generation semi-space instead of V8's 16 MB: every
// request allocates short-lived objects (React Router's Fetch request and response, Zod, Drizzle's
// query), and with the default the server spent an eighth of its time collecting them under load.
// The decision and its measurement are in the README (Decisions).
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=32"];
