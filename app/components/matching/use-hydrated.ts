import { useEffect, useState } from "react";

/**
 * False on the server and in the first client render, true once the page's script runs. The
 * interactive widgets expose it as data-ready, so a person's first tap (and a test) is not lost
 * on markup that is not yet listening.
 */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
