import { setOutboundAllow } from '../../src/net/outbound.ts';

/**
 * Runs before each server test file. The files of a worker share their modules
 * (docs/decisions.md "Server test files share their modules"), so process-wide settings a file
 * changed go back to what the environment says: the outbound allow-list (an app built with an
 * empty one, as the SSRF tests build theirs, sets it for the whole process).
 */
setOutboundAllow((process.env.OUTBOUND_ALLOW ?? '').split(','));
