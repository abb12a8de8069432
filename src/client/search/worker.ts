// The search worker: on the first sign that the reader will search, the page starts it and it reads the index's
// manifest; each query then loads the few index files it needs and answers (answers.ts). The page never waits on it:
// it only posts messages.
import { answerSearches, type WorkerRequest, type WorkerResponse } from './answers.ts';

const scope = self as unknown as {
  onmessage: (event: MessageEvent<WorkerRequest>) => void;
  postMessage(message: WorkerResponse): void;
};
// The page names a BroadcastChannel to answer on, where it has one (client.ts answerChannel says why).
let channel: BroadcastChannel | undefined;
const receive = answerSearches({
  post: (message) => (channel ? channel.postMessage(message) : scope.postMessage(message)),
  fetch: (url, init) => fetch(url, init),
  href: location.href,
});
scope.onmessage = ({ data }) => {
  if (data.type === 'init' && data.channel && typeof BroadcastChannel === 'function')
    channel = new BroadcastChannel(data.channel);
  receive(data);
};
