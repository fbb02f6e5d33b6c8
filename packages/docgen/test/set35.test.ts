import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateRepository } from '../src/index.ts';
import { gatedAndStable } from './gated-run.ts';
import { fixtureRepos, writeRun } from './support/fixture-repo.ts';

/** docs/metrics/docgen-quality.md, "Set 35" (held out) and "Set 35 causes fixed (tuning)". */

const repo = fixtureRepos('s35');

const uri =
  "<?php\n\nnamespace Nyholm\\Psr7;\n\nclass Uri\n{\n    /**\n     * @return static\n     */\n    public function withScheme($scheme)\n    {\n        if (!\\is_string($scheme)) {\n            throw new \\InvalidArgumentException('Scheme must be a string');\n        }\n\n        return $this;\n    }\n}\n";

describe('set 35 cause 1: PHPDoc tag descriptions without a final dot where php-cs-fixer drops it', () => {
  it('PHP: `@Symfony` (phpdoc_annotation_without_dot) — no dot; a second run changes nothing', async () => {
    const root = repo({
      '.php-cs-fixer.dist.php':
        "<?php\n\n$config = new PhpCsFixer\\Config();\n\nreturn $config->setRules([\n    '@Symfony' => true,\n    'phpdoc_align' => ['align' => 'left'],\n]);\n",
      'src/Uri.php': uri,
    });
    const first = await writeRun(root);
    expect(first.summary.refused).toEqual([]);
    expect(fs.readFileSync(path.join(root, 'src/Uri.php'), 'utf8')).toContain(
      '     * @return static\n     * @throws \\InvalidArgumentException Scheme must be a string\n     */',
    );
    expect((await generateRepository(root)).changes).toEqual([]);
  });

  it('PHP: without such a rule the sentence keeps its dot', async () => {
    const root = repo({
      '.php-cs-fixer.dist.php': "<?php\n\nreturn (new PhpCsFixer\\Config())->setRules(['@PSR12' => true]);\n",
      'src/Uri.php': uri,
    });
    await writeRun(root);
    expect(fs.readFileSync(path.join(root, 'src/Uri.php'), 'utf8')).toContain(
      '@throws \\InvalidArgumentException Scheme must be a string.\n',
    );
  });

  it('PHP: rules from a shared config class — the repository’s own dot-less tag descriptions decide', async () => {
    const tags =
      '    /**\n     * Adds a holiday.\n     *\n     * @param string $name the name of the holiday\n     * @param int $year the year\n     * @param string $locale the locale\n     *\n     * @return bool true if added\n     *\n     * @throws \\InvalidArgumentException if the name is empty\n     */\n    public function add($name, $year, $locale)\n    {\n        return true;\n    }\n\n';
    const files = {
      '.php-cs-fixer.php':
        "<?php\n\n$config = new AzuyaLabs\\PhpCsFixerConfig\\Config('2015', null, 'Yasumi');\n$config->getFinder()->in(__DIR__);\n\nreturn $config;\n",
      'src/Japan.php':
        '<?php\n\nnamespace Yasumi\\Provider;\n\nclass Japan\n{\n' +
        tags +
        "    /**\n     * Calculates bridge holidays.\n     *\n     * @throws \\Exception\n     */\n    protected function bridge($previous): void\n    {\n        if (!$previous instanceof Holiday) {\n            throw new \\RuntimeException('unable to determine the difference between dates');\n        }\n    }\n}\n",
    };
    const root = repo(files);
    await writeRun(root);
    expect(fs.readFileSync(path.join(root, 'src/Japan.php'), 'utf8')).toMatch(
      /@throws \\RuntimeException Unable to determine the difference between\s+\*\s+dates\n/,
    );
    // the same repository whose descriptions end in dots keeps the dot
    const dotted = repo({
      ...files,
      'src/Japan.php': files['src/Japan.php'].replace(
        /(the name of the holiday|the year|the locale|true if added|if the name is empty)\n/g,
        '$1.\n',
      ),
    });
    await writeRun(dotted);
    expect(fs.readFileSync(path.join(dotted, 'src/Japan.php'), 'utf8')).toMatch(
      /@throws \\RuntimeException Unable to determine the difference between\s+\*\s+dates\.\n/,
    );
  });
});

describe('set 35 cause 2: a section never goes between a reST label and the heading it labels', () => {
  it('Python (NumPy): Raises goes above `.. _references-x:`, not under it', async () => {
    const src =
      'def sliced(X_s, X_t):\n    r"""\n    Compute the sliced distance, see :ref:`[82] <references-x>`.\n\n    Parameters\n    ----------\n    X_s : ndarray\n        samples in the source domain\n    X_t : ndarray\n        samples in the target domain\n\n    Returns\n    -------\n    loss : float\n        the distance\n\n\n    .. _references-x:\n    References\n    ----------\n    .. [82] Someone, Something (2025).\n    """\n    if X_s.shape[1] != X_t.shape[1]:\n        raise ValueError("X_s and X_t must have the same number of dimensions")\n    return 0.0\n';
    const r = await gatedAndStable(src, 'Python', 'ot/sliced.py', 'numpy');
    expect(r.output).toContain(
      '    Raises\n    ------\n    ValueError\n        X_s and X_t must have the same number of dimensions.\n\n    .. _references-x:\n    References\n',
    );
  });
});

describe('set 35 cause 3: a borrowed description that holds a list is not flattened into a line', () => {
  it('Python (NumPy): a parameter whose callee documents it with a bulleted list gets no borrowed entry', async () => {
    const callee =
      'def emd2_lazy(X_a, X_b, metric="sqeuclidean"):\n    """Solve the lazy problem.\n\n    Parameters\n    ----------\n    X_a : ndarray\n        source samples\n    X_b : ndarray\n        target samples\n    metric : str, optional (default=\'sqeuclidean\')\n        Distance metric for cost computation. Options:\n\n        - \'sqeuclidean\': Squared Euclidean distance\n        - \'euclidean\': Euclidean distance\n        - \'cityblock\': Manhattan/L1 distance\n\n    Returns\n    -------\n    float\n        the cost\n    """\n    return 0.0\n\n\n';
    const wrapper =
      'def solve_sample(X_a, X_b, metric="sqeuclidean"):\n    """Solve from samples.\n\n    Parameters\n    ----------\n    X_a : ndarray\n        source samples\n    X_b : ndarray\n        target samples\n\n    Returns\n    -------\n    float\n        the cost\n    """\n    return emd2_lazy(X_a, X_b, metric=metric)\n';
    const r = await gatedAndStable(callee + wrapper, 'Python', 'ot/solvers.py', 'numpy');
    expect(r.output).not.toContain("Options: - 'sqeuclidean'");
    expect(r.output.slice(r.output.indexOf('def solve_sample'))).not.toContain('    metric');
  });
});

describe('set 35 cause 4: a body comment moved into a Python docstring passes pydocstyle', () => {
  it('Python: the blank lines after the comment go with it (D202); a comment opening with "This" stays a comment (D404)', async () => {
    const src =
      'import numpy as np\n\n\ndef local_score(onset_envelope, frames_per_beat):\n    # Compute the local score of an onset envelope with a Gaussian window.\n\n\n    n = len(onset_envelope)\n    return np.zeros(n) + frames_per_beat\n\n\n' +
      'def beat_local(onset_envelope, frames_per_beat):\n    # This function essentially implements a same-mode convolution\n    # with a time-varying filter.\n\n    n = len(onset_envelope)\n    return np.ones(n) * frames_per_beat\n';
    const r = await gatedAndStable(src, 'Python', 'librosa/beat.py', 'numpy');
    expect(r.output).toContain(
      'def local_score(onset_envelope, frames_per_beat):\n    """Compute the local score of an onset envelope with a Gaussian window."""\n    n = len(onset_envelope)\n',
    );
    expect(r.output).toContain('def beat_local(onset_envelope, frames_per_beat):\n    # This function essentially implements');
  });
});
