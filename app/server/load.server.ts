/**
 * How busy this instance is: the requests it is answering now (counted by the server's first
 * middleware). Background work (the outbox worker) yields while it is busy.
 */
const state = { inFlight: 0 };

/**
 * More requests than this in flight and the instance counts as busy: a burst (the benchmark's 50
 * connections), not a few people at once (the crash and outage tests' 8-10 parallel clients still
 * see their e-mails leave while they post).
 */
const BUSY_REQUESTS = 20;

export function requestStarted() {
  state.inFlight += 1;
}

export function requestEnded() {
  state.inFlight -= 1;
}

export const serverBusy = () => state.inFlight > BUSY_REQUESTS;
