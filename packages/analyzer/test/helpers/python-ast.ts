import { spawnSync } from 'node:child_process';

/** python3's own `ast`: the reference the Python function counts must agree with (docs/design.md §5). */
const ORACLE = `
import ast, json, sys
out = {}
for path in json.load(sys.stdin):
    try:
        tree = ast.parse(open(path, encoding='utf-8').read())
    except (SyntaxError, ValueError, UnicodeDecodeError):
        out[path] = None
        continue
    # typing.overload stubs are left out, as interrogate --ignore-overloaded-functions does
    def overload(n):
        return any((isinstance(d, ast.Name) and d.id == 'overload') or (isinstance(d, ast.Attribute) and d.attr == 'overload') for d in n.decorator_list)
    out[path] = [[n.name, n.end_lineno, ast.get_docstring(n)] for n in ast.walk(tree)
                 if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and not overload(n)]
json.dump(out, sys.stdout)
`;

export type OracleRow = [name: string, endLine: number, docstring: string | null];

/** Every def/async def (not `@overload` stubs) per file as [name, end line, docstring]; null for a file ast cannot parse. */
export function runPythonAstOracle(files: string[]): Record<string, OracleRow[] | null> {
  const result = spawnSync('python3', ['-c', ORACLE], { input: JSON.stringify(files), maxBuffer: 512 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`python3 failed: ${result.stderr?.toString()}`);
  return JSON.parse(result.stdout.toString()) as Record<string, OracleRow[] | null>;
}

/** The installed Python's standard library folder. */
export function pythonStdlibDir(): string {
  return spawnSync('python3', ['-c', "import sysconfig; print(sysconfig.get_paths()['stdlib'])"]).stdout.toString().trim();
}
