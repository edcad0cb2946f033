import { baseURL } from "../../../playwright.config";
import { fetchProofOfWork, PROOF_OF_WORK_HEADER } from "../../support/proof-of-work.mjs";

/** The header of a solved anti-spam challenge, as the site's forms send it, for requests made outside a page. */
export async function proofOfWorkHeader(): Promise<Record<string, string>> {
  return { [PROOF_OF_WORK_HEADER]: await fetchProofOfWork(baseURL) };
}
