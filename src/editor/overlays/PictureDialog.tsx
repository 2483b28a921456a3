/**
 * Pictures of the diagram (model/pictures.ts): the level on screen, previewed, and downloaded
 * as SVG, as PNG (the SVG drawn at twice its size) or as TikZ source for a paper or slides.
 */
import { useEffect, useMemo, useState } from 'react';
import { diagramPicture, type Picture, pictureSvg, pictureTikz } from '../model/pictures';
import { downloadBlob, downloadText } from '../persist/download';
import { safeFileBase } from '../persist/fileName';
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';
import { useOverlay } from '../store/hooks';

const PNG_SCALE = 2;

async function svgToPng(svg: string, p: Picture): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.ceil(p.width * PNG_SCALE);
    canvas.height = Math.ceil(p.height * PNG_SCALE);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('this browser gives no 2-D canvas');
    ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('the canvas gave no PNG'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}

export function PictureDialog() {
  const overlay = useOverlay();
  const store = useEditorStoreApi();
  const doc = useEditor((s) => s.doc);
  const scope = useEditor((s) => s.scope);
  const measured = useEditor((s) => s.measured);
  const open = overlay === 'picture';
  const picture = useMemo(() => (open ? diagramPicture(doc, scope, measured) : null), [open, doc, scope, measured]);
  const level = scope ? doc.groups.find((g) => g.id === scope)?.name : undefined;
  const title = level ? `${doc.name} › ${level}` : doc.name;
  const svg = useMemo(() => (picture ? pictureSvg(picture, title) : null), [picture, title]);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!svg) return;
    const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [svg]);

  if (!open || !picture || !svg) return null;
  const base = safeFileBase(title, 'diagram');
  const close = () => store.getState().setOverlay(null);
  const png = () =>
    svgToPng(svg, picture).then(
      (blob) => downloadBlob(blob, `${base}.png`),
      (e: unknown) => store.getState().notify(`No PNG: ${e instanceof Error ? e.message : String(e)}`, 'error'),
    );
  return (
    <div className="modal-backdrop" role="presentation">
      <div className="modal picture" role="dialog" aria-modal="true" aria-labelledby="picture-title">
        <h2 id="picture-title">Picture of the diagram</h2>
        <p className="muted">
          {level ? `Inside “${level}”` : 'The whole diagram'}: {picture.boxes.length} boxes, {picture.wires.length}{' '}
          wires, as placed on the canvas.
        </p>
        {preview && (
          <img
            className="picture-preview"
            src={preview}
            alt={`The string diagram ${title}: ${picture.boxes.length} boxes and ${picture.wires.length} wires`}
          />
        )}
        <div className="modal-actions">
          <button type="button" onClick={() => downloadText(svg, `${base}.svg`, 'image/svg+xml')}>
            Download SVG
          </button>
          <button type="button" onClick={() => void png()}>
            Download PNG
          </button>
          <button type="button" onClick={() => downloadText(pictureTikz(picture, title), `${base}.tex`, 'text/x-tex')}>
            Download TikZ
          </button>
          {/* biome-ignore lint/a11y/noAutofocus: the safe choice takes the focus in a modal dialog */}
          <button type="button" autoFocus onClick={close}>
            Close
          </button>
        </div>
      </div>
    </div>
  );
}
