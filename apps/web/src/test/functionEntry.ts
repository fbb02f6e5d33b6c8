import type { FunctionAnalysisEntry } from '@docent/contracts';

/** A current, documented Python function entry for the repository screens' tests, with `over` applied. */
export const functionEntry = (over: Partial<FunctionAnalysisEntry> = {}): FunctionAnalysisEntry => ({
  name: 'f',
  fileName: 'a.py',
  gitLocation: 'a.py#L1-L2',
  content: '',
  docstring: 'Doc.',
  languageType: 'Python',
  complexityCategory: 'low',
  complexity: 1,
  scope: 'public',
  urgentDocumentation: false,
  outdatedStatus: { status: 'CURRENT', explanation: '', docstring: 'Doc.', grammarError: 0 },
  startLine: 1,
  endLine: 2,
  isTest: false,
  ...over,
});
