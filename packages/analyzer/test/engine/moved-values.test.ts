import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FunctionAnalysisEntry } from '@docent/contracts';
import { analyzeRepository } from '../../src/engine/analyze.ts';
import { commitAll, initRepo, tempDir, write } from './helpers.ts';

/**
 * Review suggestions of the held-out round 10 (docs/metrics/outdated.md) that named no change of
 * what the doc states: a raise moved into a helper of the same file that the body now calls
 * (commons-geometry `AbstractNSphere`, bc0a18e; pdf.js `FileSpec.readContent`, 9d9fb06), and a
 * literal replaced by a constant of the same value that another file of the repository binds
 * (commons-geometry `Planes.convexPolygonFromVertices`, 5efb17c).
 */
const root = tempDir('moved-values');
let seen: Record<string, FunctionAnalysisEntry> = {};

const sphere = (moved: boolean): string =>
  `class Sphere {\n  /**\n   * Builds a sphere.\n   *\n   * @param radius the radius\n   * @throws IllegalArgumentException if the radius is not positive\n   */\n  Sphere(final double radius) {\n${
    moved
      ? '    this.radius = checkRadius(radius);'
      : '    if (radius <= 0) {\n      throw new IllegalArgumentException("radius");\n    }\n    this.radius = radius;'
  }\n  }\n\n  /**\n   * Scales it.\n   *\n   * @param factor the factor\n   * @return the scaled sphere\n   * @throws IllegalArgumentException if the factor is not positive\n   */\n  Sphere scale(final double factor) {\n${
    moved
      ? '    return new Sphere(radius * keep(factor));'
      : '    if (factor <= 0) {\n      throw new IllegalArgumentException("factor");\n    }\n    return new Sphere(radius * factor);'
  }\n  }\n\n  private static double checkRadius(final double radius) {\n    if (radius <= 0) {\n      throw new IllegalArgumentException("radius");\n    }\n    return radius;\n  }\n\n  private static double keep(final double v) {\n    return v;\n  }\n}\n`;

const planes = (named: string): string =>
  `class Planes {\n  /**\n   * Builds a polygon; at least 3 vertices must be given.\n   *\n   * @param pts the vertices\n   * @return the polygon\n   */\n  static Polygon fromVertices(final List<Point> pts) {\n    if (pts.size() == ${named}) {\n      return new Triangle(pts);\n    }\n    return new Polygon(pts);\n  }\n\n  /**\n   * Builds a quad; at least 3 vertices must be given.\n   *\n   * @param pts the vertices\n   * @return the polygon\n   */\n  static Polygon quad(final List<Point> pts) {\n    if (pts.size() == ${named === '3' ? '3' : 'Utils.QUAD_VERTEX_COUNT'}) {\n      return new Triangle(pts);\n    }\n    return new Polygon(pts);\n  }\n}\n`;

beforeAll(async () => {
  initRepo(root);
  write(root, 'Sphere.java', sphere(false));
  write(root, 'Planes.java', planes('3'));
  write(
    root,
    'Utils.java',
    'final class Utils {\n  static final int TRIANGLE_VERTEX_COUNT = 3;\n  static final int QUAD_VERTEX_COUNT = 4;\n}\n',
  );
  commitAll(root, 'first', '2025-01-01T00:00:00Z');
  write(root, 'Sphere.java', sphere(true));
  write(root, 'Planes.java', planes('Utils.TRIANGLE_VERTEX_COUNT'));
  commitAll(root, 'validate in helpers; magic numbers to constants', '2025-02-01T00:00:00Z');
  const result = await analyzeRepository(root, { cacheDir: tempDir('moved-values-cache'), only: 'advancedDoc' });
  seen = Object.fromEntries((result.functions as FunctionAnalysisEntry[]).map((f) => [f.name, f]));
}, 60_000);

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('held-out round 10: changes that leave what the doc states', () => {
  it('a raise moved into a helper of the same file that the body now calls is still raised (commons-geometry AbstractNSphere)', () => {
    expect(seen['Sphere.Sphere']!.reviewSuggestion).toBeNull();
    expect(seen['Sphere.Sphere']!.outdatedStatus.status).toBe('CURRENT');
    // Moved into a helper that does not raise it: a suggestion.
    expect(seen['Sphere.scale']!.reviewSuggestion?.findings?.map((f) => f.code)).toEqual(['RAISE_REMOVED']);
  });
  it('a literal replaced by a constant of the same value another file binds is no change (commons-geometry Planes, 5efb17c)', () => {
    expect(seen['Planes.fromVertices']!.reviewSuggestion).toBeNull();
    // A constant of another value: the 3 the doc names is gone.
    expect(seen['Planes.quad']!.reviewSuggestion?.findings?.map((f) => f.code)).toEqual(['BODY_CHANGED']);
  });
});
