/** Images of an image dataset, spread through it, as a grid of thumbnails captioned with their class. */
import { useEffect, useRef } from 'react';
import type { DatasetPreview, PreviewView } from './previewData';
import { whiteCanvas } from './whiteCanvas';

type Images = Extract<PreviewView, { kind: 'images' }>;

const COLUMNS = 6;
const CELL = 46;
const CAPTION = 16;

function draw(canvas: HTMLCanvasElement, view: Images): void {
  const count = view.captions.length;
  const rows = Math.ceil(count / COLUMNS);
  const g = whiteCanvas(canvas, COLUMNS * CELL, rows * (CELL + CAPTION));
  if (!g) return;
  const tile = document.createElement('canvas');
  [tile.width, tile.height] = [view.width, view.height];
  const t = tile.getContext('2d');
  if (!t) return;
  const size = view.width * view.height;
  const image = t.createImageData(view.width, view.height);
  g.imageSmoothingEnabled = false;
  g.font = '600 13px system-ui, sans-serif';
  g.textAlign = 'center';
  for (let i = 0; i < count; i++) {
    for (let p = 0; p < size; p++) {
      const ink = 255 - view.pixels[i * size + p];
      image.data.set([ink, ink, ink, 255], 4 * p);
    }
    t.putImageData(image, 0, 0);
    const [x, y] = [(i % COLUMNS) * CELL, Math.floor(i / COLUMNS) * (CELL + CAPTION)];
    g.drawImage(tile, x + 2, y + 2, CELL - 4, CELL - 4);
    g.fillStyle = '#1d2433';
    g.fillText(view.captions[i], x + CELL / 2, y + CELL + CAPTION - 4);
  }
}

export function ImagePreview({ preview, view }: { preview: DatasetPreview; view: Images }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (canvas.current) draw(canvas.current, view);
  }, [view]);
  const rows = Math.ceil(view.captions.length / COLUMNS);
  return (
    <canvas
      ref={canvas}
      className="data-plot"
      role="img"
      aria-label={`${view.captions.length} of ${preview.rows} images (${view.width}×${view.height}), labelled ${view.captions.join(' ')}`}
      style={{ width: COLUMNS * CELL, height: rows * (CELL + CAPTION) }}
    />
  );
}
