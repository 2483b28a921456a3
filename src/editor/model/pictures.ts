/**
 * Pictures of the diagram: the boxes and wires of one level (the top, or the group entered), as
 * they are placed on the canvas, written as SVG (for the web, and as the PNG's source) and as
 * TikZ (for papers and slides; it needs only the stock `tikz` package). Ports sit where the
 * canvas puts them: inputs on the left, parameters on the top (Para), outputs on the right;
 * a wire into a box inside a group is drawn to the group, as the canvas draws it.
 */
import type { LensDocument } from '../../io/document';
import { describeNode } from './boxInfo';
import type { Scope } from './documentOps';

export interface PictureBox {
  readonly id: string;
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
  readonly label: string;
  readonly colour: string;
  readonly group: boolean;
}

export interface PictureWire {
  readonly from: { readonly x: number; readonly y: number };
  readonly to: { readonly x: number; readonly y: number };
  /** It enters its box from the top (a parameter port). */
  readonly fromTop: boolean;
}

export interface Picture {
  readonly boxes: readonly PictureBox[];
  readonly wires: readonly PictureWire[];
  /** The bounds of everything drawn, with a margin. */
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

type Sizes = Readonly<Record<string, { readonly width: number; readonly height: number }>>;

const DEFAULT_SIZE = { width: 120, height: 32 };
const MARGIN = 16;

/** The node of `scope` that holds `id` (itself, or the group around it at that level). */
function shownAs(doc: LensDocument, id: string, scope: Scope): string | null {
  let at: string | undefined = id;
  for (let hops = 0; at !== undefined && hops <= doc.groups.length + 1; hops++) {
    const node: { parent?: string } | undefined =
      doc.boxes.find((b) => b.id === at) ?? doc.groups.find((g) => g.id === at);
    if (!node) return null;
    if (node.parent === scope) return at;
    at = node.parent;
  }
  return null;
}

export function diagramPicture(doc: LensDocument, scope: Scope, sizes: Sizes = {}): Picture {
  const nodes = [...doc.groups, ...doc.boxes].filter((n) => n.parent === scope);
  const boxes: PictureBox[] = nodes.map((n) => {
    const d = describeNode(doc, n.id);
    const size = sizes[n.id] ?? DEFAULT_SIZE;
    const isGroup = doc.groups.some((g) => g.id === n.id);
    const label = 'generator' in n ? (n.label ?? d?.label) || n.generator : n.name;
    return {
      id: n.id,
      x: n.position.x,
      y: n.position.y,
      w: size.width,
      h: size.height,
      label,
      colour: d?.draw.colour ?? '#334155',
      group: isGroup,
    };
  });
  const byId = new Map(boxes.map((b) => [b.id, b]));
  /** Where a port of a shown node is: by its place among the node's ports of that side. */
  const portAt = (nodeId: string, innerBox: string, port: string, out: boolean) => {
    const b = byId.get(nodeId) as PictureBox;
    const d = describeNode(doc, nodeId);
    const group = doc.groups.find((g) => g.id === nodeId);
    // A port of a box inside a group is the group's exposed port of that box and port.
    const name = group
      ? ((out ? group.outputs : group.inputs).find((p) => p.box === innerBox && p.port === port)?.name ?? port)
      : port;
    const specs = (out ? d?.outputs : d?.inputs) ?? [];
    const spec = specs.find((p) => p.name === name);
    if (!out && spec?.param) {
      const params = specs.filter((p) => p.param);
      return { x: b.x + (b.w * (params.indexOf(spec) + 1)) / (params.length + 1), y: b.y, top: true };
    }
    const side = specs.filter((p) => !p.param);
    const i = Math.max(0, spec ? side.indexOf(spec) : 0);
    return { x: out ? b.x + b.w : b.x, y: b.y + (b.h * (i + 1)) / (Math.max(side.length, 1) + 1), top: false };
  };
  const wires: PictureWire[] = [];
  for (const w of doc.wires) {
    const from = shownAs(doc, w.from.box, scope);
    const to = shownAs(doc, w.to.box, scope);
    if (!from || !to || from === to) continue;
    const a = portAt(from, w.from.box, w.from.port, true);
    const b = portAt(to, w.to.box, w.to.port, false);
    wires.push({ from: { x: a.x, y: a.y }, to: { x: b.x, y: b.y }, fromTop: b.top });
  }
  if (boxes.length === 0) return { boxes, wires, x: 0, y: 0, width: 2 * MARGIN, height: 2 * MARGIN };
  const left = Math.min(...boxes.map((b) => b.x)) - MARGIN;
  const top = Math.min(...boxes.map((b) => b.y)) - MARGIN;
  const right = Math.max(...boxes.map((b) => b.x + b.w)) + MARGIN;
  const bottom = Math.max(...boxes.map((b) => b.y + b.h)) + MARGIN;
  return { boxes, wires, x: left, y: top, width: right - left, height: bottom - top };
}

const round = (n: number) => Math.round(n * 10) / 10;

/** The two control points of a wire's curve: out to the right, in from the left or the top. */
function controls(w: PictureWire) {
  const reach = Math.max(30, Math.abs(w.to.x - w.from.x) / 2);
  const c1 = { x: w.from.x + reach, y: w.from.y };
  const c2 = w.fromTop
    ? { x: w.to.x, y: w.to.y - Math.max(30, Math.abs(w.to.y - w.from.y) / 2) }
    : { x: w.to.x - reach, y: w.to.y };
  return [c1, c2] as const;
}

const xml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
/** Only `#rrggbb` colours reach the file; anything else is drawn slate. */
const colour = (c: string) => (/^#[0-9a-fA-F]{3,8}$/.test(c) ? c : '#334155');

export function pictureSvg(p: Picture, title: string): string {
  const lines = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${round(p.x)} ${round(p.y)} ${round(p.width)} ${round(p.height)}" width="${round(p.width)}" height="${round(p.height)}" font-family="system-ui, sans-serif" font-size="12">`,
    `<title>${xml(title)}</title>`,
    `<rect x="${round(p.x)}" y="${round(p.y)}" width="${round(p.width)}" height="${round(p.height)}" fill="#ffffff"/>`,
  ];
  for (const w of p.wires) {
    const [c1, c2] = controls(w);
    lines.push(
      `<path d="M ${round(w.from.x)} ${round(w.from.y)} C ${round(c1.x)} ${round(c1.y)}, ${round(c2.x)} ${round(c2.y)}, ${round(w.to.x)} ${round(w.to.y)}" fill="none" stroke="#0f766e" stroke-width="1.5"/>`,
    );
  }
  for (const b of p.boxes) {
    const c = colour(b.colour);
    lines.push(
      `<g><rect x="${round(b.x)}" y="${round(b.y)}" width="${round(b.w)}" height="${round(b.h)}" rx="6" fill="#ffffff" stroke="${c}" stroke-width="${b.group ? 2.5 : 1.5}"/>` +
        `<text x="${round(b.x + b.w / 2)}" y="${round(b.y + b.h / 2)}" text-anchor="middle" dominant-baseline="central" fill="${c}">${xml(b.label)}</text></g>`,
    );
  }
  lines.push('</svg>');
  return `${lines.join('\n')}\n`;
}

/** Letters of the diagrams' labels as LaTeX writes them; anything else becomes `?`. */
const TEX: Readonly<Record<string, string>> = {
  '→': '$\\to$',
  '←': '$\\leftarrow$',
  '⊗': '$\\otimes$',
  '·': '$\\cdot$',
  '×': '$\\times$',
  ℝ: '$\\mathbb{R}$',
  ℤ: '$\\mathbb{Z}$',
  α: '$\\alpha$',
  β: '$\\beta$',
  γ: '$\\gamma$',
  δ: '$\\delta$',
  ε: '$\\varepsilon$',
  λ: '$\\lambda$',
  σ: '$\\sigma$',
  Σ: '$\\Sigma$',
  Δ: '$\\Delta$',
  ŷ: '$\\hat{y}$',
  ℓ: '$\\ell$',
  '₁': '$_1$',
  '₂': '$_2$',
  '²': '$^2$',
  '\\': '\\textbackslash{}',
  '{': '\\{',
  '}': '\\}',
  $: '\\$',
  '&': '\\&',
  '#': '\\#',
  '%': '\\%',
  _: '\\_',
  '^': '\\^{}',
  '~': '\\~{}',
};

/** Text for a TikZ node: LaTeX's special characters escaped, Greek and arrows as math. */
export function texText(s: string): string {
  let out = '';
  for (const ch of s) {
    if (ch in TEX) out += TEX[ch];
    else if (/^[\x20-\x7e]$/.test(ch)) out += ch;
    else out += '?';
  }
  return out;
}

/** Hex colour as TikZ's `{rgb,255:red,…}`. */
function texColour(c: string): string {
  const hex = colour(c).slice(1);
  const full = hex.length === 3 ? [...hex].map((d) => d + d).join('') : hex.slice(0, 6);
  const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16));
  return `{rgb,255:red,${r};green,${g};blue,${b}}`;
}

/**
 * A `tikzpicture` (one point of the canvas is one point of the page; y grows downwards as on
 * the canvas), with `\usetikzlibrary{}` needing nothing beyond stock TikZ.
 */
export function pictureTikz(p: Picture, title: string): string {
  const lines = [
    `% ${texText(title)}: drawn by Lensboard. Needs \\usepackage{tikz} (and amssymb for \\mathbb).`,
    '\\begin{tikzpicture}[x=1pt, y=-1pt, scale=0.75, every node/.style={transform shape}]',
  ];
  for (const w of p.wires) {
    const [c1, c2] = controls(w);
    lines.push(
      `  \\draw[line width=0.8pt, color={rgb,255:red,15;green,118;blue,110}] (${round(w.from.x)}, ${round(w.from.y)}) .. controls (${round(c1.x)}, ${round(c1.y)}) and (${round(c2.x)}, ${round(c2.y)}) .. (${round(w.to.x)}, ${round(w.to.y)});`,
    );
  }
  for (const b of p.boxes) {
    lines.push(
      `  \\node[draw=${texColour(b.colour)}, fill=white, rounded corners=3pt, line width=${b.group ? 1.4 : 0.8}pt, minimum width=${round(b.w)}pt, minimum height=${round(b.h)}pt, inner sep=2pt, font=\\small] at (${round(b.x + b.w / 2)}, ${round(b.y + b.h / 2)}) {${texText(b.label)}};`,
    );
  }
  lines.push('\\end{tikzpicture}');
  return `${lines.join('\n')}\n`;
}
