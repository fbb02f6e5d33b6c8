// npm run bench:docs -- <checkout>…: issue 12's figure — architecture + API docs of a repository
// in all six formats, timed per repository (the process is warmed on the first one's facts).
import { DOC_FORMATS, generateDocs } from '../src/docs.ts';

for (const dir of process.argv.slice(2)) {
  const started = performance.now();
  let bytes = 0;
  for (const kind of ['arch', 'api'] as const) {
    for (const doc of await generateDocs(dir, kind, DOC_FORMATS)) bytes += doc.content.length;
  }
  console.log(`${dir}: architecture + API in ${DOC_FORMATS.length} formats, ${(bytes / 1024).toFixed(0)} KB, ${((performance.now() - started) / 1000).toFixed(2)} s`);
}
