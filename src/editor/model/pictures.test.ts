/**
 * Pictures of the diagram: every box and wire of the level shown, in SVG that names and escapes
 * its labels, and in TikZ whose structure a stock LaTeX takes (balanced braces, escaped specials,
 * ASCII only, one node per box and one path per wire); pictures.latex.test.ts compiles them.
 */
import { describe, expect, it } from 'vitest';
import { createEditorStore } from '../store/createEditorStore';
import { diagramPicture, pictureSvg, pictureTikz, texText } from './pictures';
import { xorExample } from './xorExample';

function balanced(tex: string): boolean {
  let depth = 0;
  for (const ch of tex.replace(/\\[{}$&#%_]/g, '')) {
    if (ch === '{') depth++;
    if (ch === '}' && --depth < 0) return false;
  }
  return depth === 0;
}

describe('pictures of the diagram', () => {
  it('draw every box and wire of XOR where the canvas has them, in SVG and TikZ', () => {
    const doc = xorExample();
    const p = diagramPicture(doc, undefined, { lin1: { width: 90, height: 24 } });
    expect(p.boxes).toHaveLength(doc.boxes.length);
    expect(p.wires).toHaveLength(doc.wires.length);
    const lin1 = p.boxes.find((b) => b.id === 'lin1');
    expect(lin1).toMatchObject({ x: 190, y: 220, w: 90, h: 24, label: 'linear 2→8' });
    // W1 enters lin1 from the top (a parameter), x enters from the left.
    const fromTop = p.wires.filter((w) => w.fromTop && w.to.y === 220 && w.to.x > 190 && w.to.x < 280);
    expect(fromTop).toHaveLength(1);
    expect(p.wires.some((w) => !w.fromTop && w.to.x === 190 && w.to.y > 220 && w.to.y < 244)).toBe(true);
    for (const b of p.boxes) {
      expect(b.x).toBeGreaterThanOrEqual(p.x);
      expect(b.x + b.w).toBeLessThanOrEqual(p.x + p.width);
    }

    const svg = pictureSvg(p, 'XOR');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="[-\d. ]+"/);
    expect(svg.match(/<rect [^>]*rx="6"/g)).toHaveLength(doc.boxes.length);
    expect(svg.match(/<path /g)).toHaveLength(doc.wires.length);
    expect(svg).toContain('<title>XOR</title>');
    expect(svg).not.toMatch(/NaN|undefined/);

    const tex = pictureTikz(p, 'XOR');
    expect(tex).toMatch(/\\begin\{tikzpicture\}[\s\S]*\\end\{tikzpicture\}\n$/);
    expect(tex.match(/\\node\[/g)).toHaveLength(doc.boxes.length);
    expect(tex.match(/\\draw\[/g)).toHaveLength(doc.wires.length);
    expect(tex).toContain('{linear 2$\\to$8}');
    expect(balanced(tex)).toBe(true);
    expect(tex).toMatch(/^[\x20-\x7e\n]*$/);
    expect(tex).not.toMatch(/NaN|undefined/);
  });

  it('escapes labels for XML and for LaTeX, whatever the user typed', () => {
    const store = createEditorStore({ doc: xorExample() });
    const label = 'a<b>&"c\' 50% {x}_y #1 $2 \\ ~^ σ→ŷ 😀';
    store.getState().setLabel('tanh1', label);
    const p = diagramPicture(store.getState().doc, undefined);
    const svg = pictureSvg(p, '<XOR & co>');
    expect(svg).toContain('a&lt;b&gt;&amp;&quot;c&apos; 50% {x}_y #1 $2 \\ ~^ σ→ŷ 😀');
    expect(svg).toContain('<title>&lt;XOR &amp; co&gt;</title>');
    expect(texText(label)).toBe(
      'a<b>&"c\' 50\\% \\{x\\}\\_y \\#1 \\$2 \\textbackslash{} \\~{}\\^{} $\\sigma$$\\to$$\\hat{y}$ ?'.replace(
        '&',
        '\\&',
      ),
    );
    const tex = pictureTikz(p, '50% & more');
    expect(balanced(tex)).toBe(true);
    expect(tex).toMatch(/^[\x20-\x7e\n]*$/);
  });

  it('draws a group as one box at its level, with the wires to it, and its inside when entered', () => {
    const store = createEditorStore({ doc: xorExample() });
    store.getState().select(['lin2', 'W2', 'bias2', 'b2']);
    const g = store.getState().groupSelection('head') as string;
    const doc = store.getState().doc;
    const top = diagramPicture(doc, undefined);
    expect(top.boxes.map((b) => b.id)).toContain(g);
    expect(top.boxes.map((b) => b.id)).not.toContain('lin2');
    expect(top.boxes.find((b) => b.id === g)).toMatchObject({ label: 'head', group: true });
    // tanh1 → the group, and the group → prediction and loss.
    expect(top.wires.length).toBe(
      doc.wires.filter(
        (w) => !['lin2', 'W2', 'bias2', 'b2'].includes(w.to.box) || !['lin2', 'W2', 'bias2', 'b2'].includes(w.from.box),
      ).length,
    );
    const inside = diagramPicture(doc, g);
    expect(inside.boxes.map((b) => b.id).sort()).toEqual(['W2', 'b2', 'bias2', 'lin2']);
    expect(inside.wires).toHaveLength(3);
  });
});
