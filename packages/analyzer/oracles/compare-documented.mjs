/**
 * Shared by the per-language oracles (java/, go/): reads a Docent analysis, asks a reference
 * tool which functions are documented, matches them by file and start line, and prints agreement
 * and every disagreement.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * @param {object} o
 * @param {string} o.reportPath `docent analyze <repo> --json --only basicDoc --no-git-history`
 * @param {string} o.repo the analysed folder
 * @param {RegExp} o.files which files of the report the tool reads
 * @param {string} o.tool the tool's name in the output ("javac", "go/parser")
 * @param {(absolutePaths: string[]) => string} o.run runs the tool on some files; one line per
 *   function: `path \t startLine \t name \t documented(true|false)`
 * @param {string} o.unit what a function is called in the output ("methods", "funcs")
 */
export function compareDocumented({ reportPath, repo, files, tool, run, unit }) {
  const { functions } = JSON.parse(readFileSync(reportPath, 'utf8'));
  const ours = functions.filter((f) => files.test(f.fileName));
  const names = [...new Set(ours.map((f) => f.fileName))];
  const theirs = new Map(); // "file:line" → { name, documented }
  for (let i = 0; i < names.length; i += 400) {
    for (const line of run(names.slice(i, i + 400).map((f) => path.join(repo, f)))
      .split('\n')
      .filter(Boolean)) {
      const [file, start, name, documented] = line.split('\t');
      const key = `${path.relative(repo, file)}:${start}`;
      if (!theirs.has(key)) theirs.set(key, { name, documented: documented === 'true' });
    }
  }
  const keyOf = (f) => `${f.fileName}:${Number(/#L(\d+)/.exec(f.gitLocation)?.[1])}`;
  let compared = 0;
  let agree = 0;
  const unmatched = [];
  const disagreements = [];
  for (const f of ours) {
    const their = theirs.get(keyOf(f));
    if (!their) {
      unmatched.push(`${f.gitLocation} ${f.name}`);
      continue;
    }
    compared += 1;
    const documented = f.docstring !== null;
    if (documented === their.documented) agree += 1;
    else
      disagreements.push(
        `${f.gitLocation} ${f.name}: docent ${documented ? 'documented' : 'undocumented'}, ${tool} ${their.documented ? 'documented' : 'undocumented'}`,
      );
  }
  const listed = new Set(ours.map(keyOf));
  const onlyTheirs = [...theirs.keys()].filter((k) => !listed.has(k));
  console.log(
    `${unit} compared: ${compared}; documented agreement: ${agree}/${compared} = ${((100 * agree) / Math.max(1, compared)).toFixed(2)} %`,
  );
  console.log(
    `docent ${unit} ${tool} has none for on that line: ${unmatched.length}; ${tool} ${unit} docent does not list: ${onlyTheirs.length}`,
  );
  for (const d of disagreements.slice(0, 40)) console.log(`  ≠ ${d}`);
  for (const u of unmatched.slice(0, 10)) console.log(`  docent only: ${u}`);
  for (const k of onlyTheirs.slice(0, 10)) console.log(`  ${tool} only: ${k} ${theirs.get(k).name}`);
}
