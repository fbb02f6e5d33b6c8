import { describe, expect, it } from 'vitest';
import { code, root, table } from '../src/pages/blocks.ts';
import { renderRst } from '../src/render/rst.ts';
import { renderMarkdown } from '../src/render/markdown.ts';

/**
 * A table cell holding a type annotation written over several lines (`IPaginationQueryOffsetParams<\n
 * Prisma.X,\n >`, found on the seventh round's NestJS application: docs/metrics/arch-api-facts.md) is one line in
 * every format: an RST `list-table` cell whose inline literal runs onto an unindented line is invalid.
 */
describe('table cells on one line', () => {
  const tree = root([
    table(
      ['Parameter', 'Type'],
      [
        [
          code('pagination'),
          code('IPaginationQueryOffsetParams<\n          Prisma.ActivityLogSelect,\n          Prisma.ActivityLogWhereInput\n      >'),
        ],
      ],
    ),
  ]);

  it('the builder joins a cell’s lines with one space', () => {
    const cell = tree.children[0]!.type === 'table' ? tree.children[0]!.children[1]!.children[1]!.children[0] : undefined;
    expect(cell).toEqual({
      type: 'inlineCode',
      value: 'IPaginationQueryOffsetParams< Prisma.ActivityLogSelect, Prisma.ActivityLogWhereInput >',
    });
  });

  it('RST and Markdown keep the literal on the cell’s line', () => {
    expect(renderRst(tree)).toContain('- ``IPaginationQueryOffsetParams< Prisma.ActivityLogSelect, Prisma.ActivityLogWhereInput >``\n');
    expect(renderMarkdown(tree)).toContain('`IPaginationQueryOffsetParams< Prisma.ActivityLogSelect, Prisma.ActivityLogWhereInput >` |');
  });
});

/**
 * A table of its header only (an entity none of whose fields was read, found on the eighth round's
 * express-typescript-boilerplate: docs/metrics/arch-api-facts.md) is still a valid RST list-table:
 * docutils refuses `:header-rows: 1` with no body row.
 */
describe('a table of its header only', () => {
  it('RST gives it no header row, so docutils has a body', () => {
    const rst = renderRst(root([table(['Field', 'Type', 'Key', 'Source'], [])]));
    expect(rst).toContain(':header-rows: 0');
    expect(rst).not.toContain(':header-rows: 1');
  });
});
