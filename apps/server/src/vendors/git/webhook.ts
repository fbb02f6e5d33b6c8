/**
 * Docent's post-receive hook for a plain git remote (docs/post-receive-hook.sh): git's own
 * stdin lines `<old> <new> <ref>` as the body, `X-Docent-Delivery` as the delivery id.
 */
import { BadPayload, header, pushOf, type IncomingHook, type ReadDelivery } from '../hooks.ts';

export function readGitDelivery(hook: IncomingHook): ReadDelivery {
  const refs = hook.body
    .toString('utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((line) => {
      const m = /^([0-9a-f]{40,64}) ([0-9a-f]{40,64}) (refs\/\S+)$/.exec(line);
      if (!m) throw new BadPayload('Each line must read "<old sha> <new sha> <ref>", as git passes them to post-receive.');
      return { before: m[1]!, after: m[2]!, ref: m[3]! };
    });
  if (refs.length === 0) throw new BadPayload('The payload names no ref.');
  return { event: pushOf('post-receive', refs), deliveryId: header(hook, 'x-docent-delivery') };
}
