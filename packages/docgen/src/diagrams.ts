import dagre from '@dagrejs/dagre';

/**
 * Diagrams as SVG without a browser: dagre lays the graphs out, the SVG is
 * written here — C4-style component flowcharts, sequence diagrams of the main routes and ER
 * diagrams of the data model. Text is escaped; sizes come from an estimate of the label widths
 * (no font metrics without a browser), generous enough that a label stays inside its box.
 */
const CHAR = 7.4; // px per character at 12 px
const FONT = 'font-family="Helvetica, Arial, sans-serif" font-size="12"';

export const escapeXml = (s: string): string =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '');
const textWidth = (s: string): number => [...s].length * CHAR;
const r = (n: number): string => (Math.round(n * 10) / 10).toString();

function svg(width: number, height: number, title: string, body: string[]): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${r(width)}" height="${r(height)}" viewBox="0 0 ${r(width)} ${r(height)}" role="img" aria-label="${escapeXml(title)}">`,
    `<title>${escapeXml(title)}</title>`,
    '<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" fill="#57606a"/></marker></defs>',
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    ...body,
    '</svg>',
    '',
  ].join('\n');
}

export interface FlowNode {
  id: string;
  label: string;
  /** a second, smaller line (C4: the element's kind and size) */
  detail?: string;
}

/** SVG paths with an arrow head along each laid-out edge's points (the first lines of a diagram's body). */
function edgePaths(edges: ReadonlyArray<ReadonlyArray<{ x: number; y: number }>>): string[] {
  return edges.map(
    (pts) =>
      `<path class="edge" d="M${pts.map((p) => `${r(p.x)},${r(p.y)}`).join('L')}" fill="none" stroke="#57606a" stroke-width="1.2" marker-end="url(#arrow)"/>`,
  );
}

/** A C4-style flowchart: boxes with a name and a detail line, arrows for dependencies, left to right. */
export function flowchartSvg(title: string, nodes: readonly FlowNode[], edges: ReadonlyArray<readonly [string, string]>): string {
  const g = new dagre.graphlib.Graph();
  g.setGraph({ rankdir: 'LR', nodesep: 24, ranksep: 60, marginx: 16, marginy: 16 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const n of nodes)
    g.setNode(n.id, { width: Math.max(textWidth(n.label), textWidth(n.detail ?? '') * 0.85) + 28, height: n.detail ? 46 : 32 });
  for (const [a, b] of edges) if (g.hasNode(a) && g.hasNode(b) && a !== b) g.setEdge(a, b);
  dagre.layout(g);
  const body = edgePaths(g.edges().map((e) => g.edge(e).points));
  for (const n of nodes) {
    const { x, y, width, height } = g.node(n.id);
    body.push(`<g class="node" data-id="${escapeXml(n.id)}">`);
    body.push(
      `<rect x="${r(x - width / 2)}" y="${r(y - height / 2)}" width="${r(width)}" height="${r(height)}" rx="6" fill="#ddf4ff" stroke="#0969da"/>`,
    );
    body.push(
      `<text x="${r(x)}" y="${r(n.detail ? y - 4 : y + 4)}" text-anchor="middle" ${FONT} font-weight="bold" fill="#1f2328">${escapeXml(n.label)}</text>`,
    );
    if (n.detail)
      body.push(
        `<text x="${r(x)}" y="${r(y + 13)}" text-anchor="middle" ${FONT.replace('12', '10')} fill="#57606a">${escapeXml(n.detail)}</text>`,
      );
    body.push('</g>');
  }
  const { width = 0, height = 0 } = g.graph();
  return svg(Math.max(width, 40), Math.max(height, 40), title, body);
}

export interface SequenceMessage {
  from: string;
  to: string;
  label: string;
}

/** A sequence diagram: participants in order, a lifeline each, messages top to bottom. */
export function sequenceSvg(title: string, participants: readonly string[], messages: readonly SequenceMessage[]): string {
  const boxW = participants.map((p) => textWidth(p) + 24);
  // Room between two neighbours for the longest message label between them.
  const gap = participants.map((_, i) =>
    i === 0
      ? 0
      : Math.max(
          40,
          ...messages
            .filter((m) => [participants[i - 1], participants[i]].includes(m.from) && [participants[i - 1], participants[i]].includes(m.to))
            .map((m) => textWidth(m.label) + 16),
        ),
  );
  const xs: number[] = [];
  participants.forEach((_, i) =>
    xs.push(i === 0 ? 16 + boxW[0]! / 2 : xs[i - 1]! + Math.max(boxW[i - 1]! / 2 + boxW[i]! / 2 + 24, gap[i]!)),
  );
  const longest = Math.max(0, ...messages.map((m) => textWidth(m.label)));
  const width = Math.max(xs.at(-1)! + boxW.at(-1)! / 2 + 16, longest + 40);
  const top = 16;
  const rowH = 34;
  const height = top + 32 + 20 + messages.length * rowH + 16;
  const body: string[] = [];
  participants.forEach((p, i) => {
    body.push(
      `<line class="lifeline" x1="${r(xs[i]!)}" y1="${top + 32}" x2="${r(xs[i]!)}" y2="${r(height - 12)}" stroke="#8c959f" stroke-dasharray="4 3"/>`,
    );
    body.push(
      `<g class="node" data-id="${escapeXml(p)}"><rect x="${r(xs[i]! - boxW[i]! / 2)}" y="${top}" width="${r(boxW[i]!)}" height="32" rx="4" fill="#fff8c5" stroke="#9a6700"/>`,
    );
    body.push(`<text x="${r(xs[i]!)}" y="${top + 20}" text-anchor="middle" ${FONT} fill="#1f2328">${escapeXml(p)}</text></g>`);
  });
  messages.forEach((m, k) => {
    const a = participants.indexOf(m.from);
    const b = participants.indexOf(m.to);
    if (a === -1 || b === -1) return;
    const y = top + 32 + 20 + k * rowH + 18;
    if (a === b) {
      body.push(`<path class="message" d="M${r(xs[a]!)},${y - 6}h24v12h-24" fill="none" stroke="#57606a" marker-end="url(#arrow)"/>`);
      body.push(`<text x="${r(xs[a]! + 30)}" y="${y - 8}" ${FONT} fill="#1f2328">${escapeXml(m.label)}</text>`);
      return;
    }
    body.push(`<line class="message" x1="${r(xs[a]!)}" y1="${y}" x2="${r(xs[b]!)}" y2="${y}" stroke="#57606a" marker-end="url(#arrow)"/>`);
    body.push(
      `<text x="${r((xs[a]! + xs[b]!) / 2)}" y="${y - 6}" text-anchor="middle" ${FONT} fill="#1f2328">${escapeXml(m.label)}</text>`,
    );
  });
  return svg(width, height, title, body);
}

export interface ErEntity {
  name: string;
  fields: Array<{ name: string; type: string; key?: 'PK' | 'FK' }>;
}

/** An ER diagram: one table box per entity (name, then its fields), arrows for foreign keys. */
export function erSvg(
  title: string,
  entities: readonly ErEntity[],
  relations: ReadonlyArray<{ from: string; to: string; label: string }>,
  maxFields = 12,
): string {
  const g = new dagre.graphlib.Graph({ multigraph: true });
  g.setGraph({ rankdir: 'LR', nodesep: 30, ranksep: 70, marginx: 16, marginy: 16 });
  g.setDefaultEdgeLabel(() => ({}));
  const shown = (e: ErEntity): ErEntity['fields'] =>
    e.fields.length > maxFields
      ? [...e.fields.slice(0, maxFields - 1), { name: `… ${e.fields.length - maxFields + 1} more`, type: '' }]
      : e.fields;
  const line = (f: ErEntity['fields'][number]): string => `${f.key ? `${f.key} ` : ''}${f.name}${f.type ? `: ${f.type}` : ''}`;
  for (const e of entities) {
    const fields = shown(e);
    g.setNode(e.name, {
      width: Math.max(textWidth(e.name) + 24, ...fields.map((f) => textWidth(line(f)) * 0.92 + 20)),
      height: 26 + fields.length * 16 + 8,
    });
  }
  relations.forEach((rel, i) => {
    if (g.hasNode(rel.from) && g.hasNode(rel.to) && rel.from !== rel.to) g.setEdge(rel.from, rel.to, {}, `r${i}`);
  });
  dagre.layout(g);
  const body = edgePaths(g.edges().map((e) => g.edge(e).points));
  for (const e of entities) {
    const { x, y, width, height } = g.node(e.name);
    const left = x - width / 2;
    const topY = y - height / 2;
    body.push(`<g class="node" data-id="${escapeXml(e.name)}">`);
    body.push(`<rect x="${r(left)}" y="${r(topY)}" width="${r(width)}" height="${r(height)}" fill="#ffffff" stroke="#1a7f37"/>`);
    body.push(`<rect x="${r(left)}" y="${r(topY)}" width="${r(width)}" height="24" fill="#dafbe1" stroke="#1a7f37"/>`);
    body.push(
      `<text x="${r(x)}" y="${r(topY + 16)}" text-anchor="middle" ${FONT} font-weight="bold" fill="#1f2328">${escapeXml(e.name)}</text>`,
    );
    shown(e).forEach((f, i) =>
      body.push(
        `<text x="${r(left + 8)}" y="${r(topY + 24 + 16 * (i + 1))}" ${FONT.replace('12', '11')} fill="#1f2328">${escapeXml(line(f))}</text>`,
      ),
    );
    body.push('</g>');
  }
  const { width = 0, height = 0 } = g.graph();
  return svg(Math.max(width, 40), Math.max(height, 40), title, body);
}
