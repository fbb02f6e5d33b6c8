import type { DocFinding, DocFindingCode } from '@docent/contracts';

/**
 * Findings travel as codes with parameters (the web app words them in the user's language);
 * this module gives the English wording the API's `explanation` fields carry.
 */

export function finding(code: DocFindingCode, params: Record<string, string> = {}): DocFinding {
  return { code, params };
}

const q = (name: string | undefined): string => `'${name ?? ''}'`;
const quoteList = (names: string): string =>
  names
    .split(',')
    .filter(Boolean)
    .map((n) => `'${n}'`)
    .join(', ');
const plural = (names: string): boolean => names.split(',').filter(Boolean).length > 1;
const capital = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
const at = (p: Record<string, string>): string => (p.commit ? `${p.commit} (${p.date})` : `uncommitted changes`);

/** One sentence for a finding; `noun` is 'docstring' or 'doc comment'. */
export function describeFinding(f: DocFinding, noun: string): string {
  const p = f.params;
  switch (f.code) {
    case 'DOC_PARAM_NOT_IN_SIGNATURE': {
      const said = plural(p.names!)
        ? `${capital(noun)} documents parameters ${quoteList(p.names!)} which are not in the signature`
        : `${capital(noun)} documents parameter ${quoteList(p.names!)} which is not in the signature`;
      // `inPlaceOf` ('dimension:dim'): the signature's parameter at the stale name's place.
      const places = (p.inPlaceOf ?? '')
        .split(',')
        .filter(Boolean)
        .map((pair) => pair.split(':'))
        .map(([doc, sig]) => `${q(sig)} where it says ${q(doc)}`);
      return places.length > 0 ? `${said}; the signature has ${places.join(', ')}.` : `${said}.`;
    }
    case 'DOC_RETURN_BUT_NONE':
      return `${capital(noun)} documents a return value, but the function returns nothing.`;
    case 'PARAM_ADDED_UNDOCUMENTED':
      return `Parameter ${q(p.name)} was added in ${at(p)}, after the ${noun} was last updated (${p.docDate}), and the ${noun} does not describe it.`;
    case 'RAISE_REMOVED_STILL_DOCUMENTED':
      return `The ${noun} says it raises ${q(p.type)}, which the function stopped raising in ${at(p)}.`;
    case 'RETURN_TYPE_CHANGED_DOC_STATES_OLD':
      return `The declared return type changed from ${p.old} to ${p.new} in ${at(p)}; the ${noun} still describes ${p.old}.`;
    case 'RETURN_NONE_REMOVED_STILL_DOCUMENTED':
      return `The ${noun} says when it returns ${p.value}, which the function stopped returning in ${at(p)}.`;
    case 'RAISE_ADDED_UNDOCUMENTED':
      return `The function raises ${q(p.type)} since ${at(p)}; its ${noun} lists what it raises, but not this.`;
    case 'DEFAULT_CHANGED_DOC_STATES_OLD':
      return `The default of ${q(p.name)} changed from ${p.old} to ${p.new} in ${at(p)}; the ${noun} still says ${p.old}.`;
    case 'PARAM_ADDED':
      return `parameter ${q(p.name)} added`;
    case 'PARAM_REMOVED':
      return p.renamed ? `parameter ${q(p.name)} renamed to ${q(p.renamed)}` : `parameter ${q(p.name)} removed`;
    case 'DEFAULT_CHANGED':
      return `default of ${q(p.name)} changed from ${p.old} to ${p.new}`;
    case 'RETURN_KIND_CHANGED':
      return p.now === 'value' ? 'now returns a value' : 'no longer returns a value';
    case 'RAISE_ADDED':
      return `now raises ${q(p.type)}`;
    case 'RAISE_REMOVED':
      return `no longer raises ${q(p.type)} itself`;
    case 'DECORATOR_CHANGED':
      return `decorator @${p.name} ${p.change === 'added' ? 'added' : 'removed'}`;
    case 'BODY_CHANGED':
      if (p.removed || p.added) {
        // One sentence on what changed in the words the doc names: "the body no longer uses 'floor'".
        const gone = p.removed ? `no longer uses ${quoteList(p.removed)}` : '';
        const fresh = p.added ? `now uses ${quoteList(p.added)}` : '';
        return `the body ${[gone, fresh].filter(Boolean).join(' and ')}`;
      }
      return p.names ? `the body changed where it uses ${quoteList(p.names)}` : 'the body changed';
    case 'PARAMS_UNDOCUMENTED':
      return `The ${noun} describes parameters but not ${quoteList(p.names!)}.`;
    case 'LLM_JUDGED_OUTDATED':
      return `${p.reason ?? ''} (judged by ${p.model ?? 'an LLM'})`;
  }
}

/** The review suggestion's sentence: when it changed, and what. */
export function describeReview(commit: string, date: string, docDate: string, findings: readonly DocFinding[], noun: string): string {
  // A finding dated by a commit of its own (a parameter added earlier than the newest change) says so.
  const what = findings
    .map(
      (f) => describeFinding(f, noun) + (f.params.commit && f.params.commit !== commit ? ` in ${f.params.commit} (${f.params.date})` : ''),
    )
    .join('; ');
  const when = commit ? `Changed in ${commit} (${date})` : 'Changed in uncommitted changes';
  return `${when}, after the ${noun} was last updated (${docDate}): ${what}. Check that the ${noun} still holds.`;
}
