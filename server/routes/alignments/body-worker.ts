/** Worker-thread entry: prepares large alignment replacement bodies off the main thread. */
import { ownBuffer, serveBodyParser } from '../../http/large-bodies';
import { prepareReplacement } from './replacement-body';

// The prepared items' bytes go back moved, not copied (when they own their memory).
serveBodyParser(prepareReplacement, (outcome) =>
  outcome.ok ? ownBuffer(outcome.value.itemsJson) : [],
);
