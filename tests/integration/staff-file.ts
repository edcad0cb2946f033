import { beforeAll } from "vitest";
import type { SessionInfo } from "../../app/server/auth.server";
import type { Database } from "../../app/server/db/client.server";
import { testDatabase } from "./database";
import { signedInStaff } from "./helpers";
import { routeCaller } from "./route-calls";

interface StaffFile {
  db: Database;
  /** The signed-in staff member's session (what audited writes record) and the cookie a browser sends. */
  staff: SessionInfo;
  staffCookie: string;
  call: ReturnType<typeof routeCaller>;
}

/**
 * The set-up most test files of a staff page share: a database of the file's own, one staff member signed in
 * as `email`, and a route caller from `clientIp`; ready once the `beforeAll` this registers has run (`prepare`
 * runs first in it, for a file's DATA_DIR or environment). Read the fields inside tests and hooks, not at load.
 */
export function staffFile(email: string, clientIp: string, prepare?: () => void): StaffFile {
  const file = {} as StaffFile;
  file.call = routeCaller(() => ({ db: file.db, clientIp, cspNonce: "" }));
  beforeAll(async () => {
    prepare?.();
    file.db = await testDatabase();
    ({ cookie: file.staffCookie, session: file.staff } = await signedInStaff(file.db, email));
  });
  return file;
}
