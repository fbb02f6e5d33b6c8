import { parseDocstring } from '../docstyles/index.ts';
import type { ReturnKind, Signature } from './types.ts';

export interface OutdatedVerdict {
  status: 'OUTDATED' | 'CURRENT';
  explanation: string;
}

const CURRENT: OutdatedVerdict = { status: 'CURRENT', explanation: '' };
/** Receivers a doc never needs to mention. */
const RECEIVERS = new Set(['self', 'cls', 'this']);

const quoteList = (names: readonly string[]): string => names.map((n) => `'${n}'`).join(', ');

/**
 * Signature-versus-doc check. Only what the doc states is compared: a doc without any parameter
 * entries is never "missing" parameters, and a doc without a returns section is never wrong
 * about returns. `noun` is 'Docstring' or 'Doc comment'.
 */
export function judgeOutdated(
  doc: string,
  language: string,
  signature: Signature | null,
  returns: ReturnKind,
  noun: string,
): OutdatedVerdict {
  const summary = parseDocstring(doc, language);
  if (summary.styles.length === 0) return CURRENT;
  const documented = summary.params.filter((p) => !RECEIVERS.has(p));
  if (signature) {
    const inSignature = new Set(signature.names);
    if (!signature.incomplete && !signature.acceptsKeywords) {
      const extra = documented.filter((p) => !inSignature.has(p));
      if (extra.length === 1) {
        return outdated(`${noun} documents parameter ${quoteList(extra)} which is not in the signature.`);
      }
      if (extra.length > 1) {
        return outdated(`${noun} documents parameters ${quoteList(extra)} which are not in the signature.`);
      }
    }
    if (documented.length > 0) {
      const listed = new Set(documented);
      const optional = new Set(signature.variadic);
      const missing = signature.names.filter((n) => !listed.has(n) && !optional.has(n) && !RECEIVERS.has(n));
      const where = noun.toLowerCase();
      if (missing.length === 1) return outdated(`Parameter ${quoteList(missing)} is missing from the ${where}.`);
      if (missing.length > 1) return outdated(`Parameters ${quoteList(missing)} are missing from the ${where}.`);
    }
  }
  if (summary.documentsReturn && returns === 'none') {
    return outdated(`${noun} documents a return value, but the function returns nothing.`);
  }
  return CURRENT;
}

function outdated(explanation: string): OutdatedVerdict {
  return { status: 'OUTDATED', explanation };
}
