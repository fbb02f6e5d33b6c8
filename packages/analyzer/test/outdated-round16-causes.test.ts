import { describe, expect, it } from 'vitest';
import { classHierarchy, contractChanges } from '../src/functions/contract.ts';
import { linesDeclaring } from '../src/engine/doc-history.ts';
import { contract, none, outdated } from './helpers/contract.ts';

/**
 * The general causes of false OUTDATED verdicts found on held-out round 16
 * (docs/metrics/outdated.md, "Round 16"), each fixed at its cause and pinned here.
 */

describe('OUTDATED', () => {
  it('a return type replaced by a module-level alias of the same generic', () => {
    const py = (type: string) => contract('Python', `def daylight(observer) -> ${type}:\n    return (a, b)\n`, 'daylight', ['observer']);
    const text =
      'Calculate daylight start and end times.\n\nReturns:\n    A tuple of the date and time at which daylight starts and ends.\n';
    const old = 'Tuple[datetime.datetime, datetime.datetime]';
    const alias = 'TimePeriod = Tuple[datetime.datetime, datetime.datetime]\n';
    expect(outdated(py(old), py('TimePeriod'), text, 'Python', alias)).toEqual([]);
    expect(outdated(py(old), py('TimePeriod'), text, 'Python', 'TimePeriod = Dict[str, int]\n')).toEqual([
      'RETURN_TYPE_CHANGED_DOC_STATES_OLD',
    ]);
    // The history pass finds the alias in another file of the repository by the same lookup as a class.
    expect(linesDeclaring(['import datetime', alias.trim(), 'class Other:'], 'TimePeriod')).toBe(alias);
  });
});

describe('OUTDATED, the same class', () => {
  it('a fully qualified return type replaced by its simple name once imported', () => {
    const java = (type: string) =>
      contract('Java', `private static ${type} build(String name) {\n  return new ${type}(name);\n}`, 'Chart.build', ['name']);
    const text = 'Builds a JFreeChart time series.\n@param name the name\n@return the org.jfree.data.time.TimeSeries built';
    expect(outdated(java('org.jfree.data.time.TimeSeries'), java('TimeSeries'), text, 'Java')).toEqual([]);
    expect(outdated(java('org.jfree.data.time.TimeSeries'), java('TimeSeriesCollection'), text, 'Java')).toEqual([
      'RETURN_TYPE_CHANGED_DOC_STATES_OLD',
    ]);
  });
});

describe('contract suggestions', () => {
  it("a default swapped for another library's spelling of the same value", () => {
    const py = (d: string) =>
      contract('Python', `def sunrise(observer, tzinfo=${d}):\n    return observer.at(tzinfo)\n`, 'sunrise', ['observer', 'tzinfo']);
    const text =
      'Calculate sunrise time.\n\nArgs:\n    observer: Observer to calculate sunrise for\n    tzinfo: Timezone to return times in. Default is UTC.\n';
    const review = (then: string, now: string): string[] =>
      contractChanges(
        py(then),
        py(now),
        { text, params: ['observer', 'tzinfo'], documentsReturn: false },
        none,
        classHierarchy('', 'Python'),
      ).review.map((f) => `${f.code} ${f.params.name}`);
    expect(review('pytz.utc', 'datetime.timezone.utc')).toEqual([]);
    expect(review('pytz.utc', 'LOCAL_TZ')).toEqual(['DEFAULT_CHANGED tzinfo']);
  });
});

describe('contract suggestions, JavaScript errors', () => {
  it('a raise narrowed from Error to a native subclass on the same condition, Error still thrown elsewhere', () => {
    const js = (second: string) =>
      contract(
        'JavaScript',
        `function file(options) {\n  if (!Array.isArray(options.extensions)) {\n    throw new Error("Expect an Array");\n  }\n  if (!options.fileType) {\n    throw new ${second}("Expect a file type");\n  }\n  return "a.txt";\n}`,
        'file',
        ['options'],
      );
    const text = 'Generate a random file name.\n@param {object} options\n@return {string}';
    const review = (now: string): string[] =>
      contractChanges(
        js('Error'),
        js(now),
        { text, params: ['options'], documentsReturn: false },
        none,
        classHierarchy('', 'JavaScript'),
      ).review.map((f) => `${f.code} ${f.params.type}`);
    expect(review('RangeError')).toEqual([]);
    expect(review('FileTypeError')).toEqual(['RAISE_ADDED FileTypeError']);
  });
});
