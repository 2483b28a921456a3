/**
 * Looking at a screen as a teacher in front of a class would, and saying what is wrong with it:
 * the document scrolls; an element reaches past the window (after the scroll boxes that hold it
 * have clipped it); two named regions (canvas, panels, caption, value cards, header) overlap, as
 * far as each can be seen; a text that should be read whole (a figure, a caption) is cut
 * (scrollWidth > clientWidth). `screenFontSizes` says how large a text is on the screen.
 *
 * `lookAtScreen` reports; `expectScreenFits` fails with the report's words. Regions that are not
 * on the page or not visible are left out, so one list of regions serves every screen.
 */
import { expect, type Page } from '@playwright/test';

export interface ScreenReport {
  /** How far the document scrolls down and across (0 when it fits). */
  scroll: { down: number; across: number };
  /** Elements whose visible part reaches past the window, named by tag, class and label. */
  outside: string[];
  /** Pairs of named regions whose boxes overlap, with the overlap's size. */
  overlaps: string[];
  /** Texts cut short: `name: scrollWidth > clientWidth`. */
  clipped: string[];
}

export interface ScreenLook {
  /** Named regions, each a CSS selector; every visible match is a box that overlaps no other region. */
  regions: Record<string, string>;
  /** A CSS selector for texts that must be read whole (figures, captions). */
  texts?: string;
  /** Pairs of region names allowed to overlap (one drawn inside the other, say). */
  nested?: [string, string][];
}

/** The report of what is wrong with the screen now; every list empty when it fits. */
export function lookAtScreen(page: Page, look: ScreenLook): Promise<ScreenReport> {
  return page.evaluate(({ regions, texts, nested }) => {
    const name = (e: Element) => {
      const label = e.getAttribute('aria-label') ?? (e.textContent ?? '').trim().slice(0, 40);
      const cls = typeof e.className === 'string' && e.className ? `.${e.className.trim().split(/\s+/).join('.')}` : '';
      return `${e.tagName.toLowerCase()}${cls} "${label}"`;
    };
    const visible = (e: Element) => {
      const s = getComputedStyle(e);
      const r = e.getBoundingClientRect();
      return s.display !== 'none' && s.visibility !== 'hidden' && r.width > 0 && r.height > 0;
    };
    const W = window.innerWidth;
    const H = window.innerHeight;
    const root = document.scrollingElement as Element;
    const scroll = { down: Math.max(0, root.scrollHeight - H), across: Math.max(0, root.scrollWidth - W) };

    // What of an element can be seen: its box cut by every ancestor that clips (the page's own
    // root, body and #root clip too, but that clip is the window itself, which is what is checked).
    const seen = (e: Element): DOMRect | null => {
      let r = e.getBoundingClientRect();
      let left = r.left;
      let top = r.top;
      let right = r.right;
      let bottom = r.bottom;
      for (let a = e.parentElement; a && a !== document.body && a.id !== 'root'; a = a.parentElement) {
        const s = getComputedStyle(a);
        if (s.overflowX !== 'visible' || s.overflowY !== 'visible' || s.contain.includes('paint')) {
          r = a.getBoundingClientRect();
          left = Math.max(left, r.left);
          top = Math.max(top, r.top);
          right = Math.min(right, r.right);
          bottom = Math.min(bottom, r.bottom);
        }
        if (s.position === 'fixed') break;
      }
      return right > left && bottom > top ? new DOMRect(left, top, right - left, bottom - top) : null;
    };
    const outside: string[] = [];
    for (const e of document.body.querySelectorAll('*')) {
      if (!visible(e)) continue;
      const r = seen(e);
      if (r && (r.left < -0.5 || r.top < -0.5 || r.right > W + 0.5 || r.bottom > H + 0.5)) {
        // Report the outermost element only: its children are outside with it.
        const parent = e.parentElement;
        const pr = parent && parent !== document.body ? seen(parent) : null;
        const parentOut = pr && (pr.left < -0.5 || pr.top < -0.5 || pr.right > W + 0.5 || pr.bottom > H + 0.5);
        if (!parentOut) outside.push(`${name(e)} at ${Math.round(r.right)}×${Math.round(r.bottom)}`);
      }
    }

    const boxes: { region: string; rect: DOMRect; el: Element }[] = [];
    // a region is what of it can be seen: a box the canvas's edge cuts overlaps nothing beyond that edge
    for (const [region, selector] of Object.entries(regions)) {
      for (const el of document.querySelectorAll(selector)) {
        const rect = visible(el) ? seen(el) : null;
        if (rect) boxes.push({ region, rect, el });
      }
    }
    const allowed = (a: string, b: string) =>
      a === b || (nested ?? []).some(([x, y]) => (x === a && y === b) || (x === b && y === a));
    const overlaps: string[] = [];
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i];
        const b = boxes[j];
        if (allowed(a.region, b.region) || a.el.contains(b.el) || b.el.contains(a.el)) continue;
        const w = Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left);
        const h = Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top);
        if (w > 0.5 && h > 0.5) overlaps.push(`${a.region} ∩ ${b.region}: ${Math.round(w)}×${Math.round(h)} px`);
      }
    }

    const clipped: string[] = [];
    if (texts) {
      for (const e of document.querySelectorAll(texts)) {
        if (!visible(e)) continue;
        const h = e as HTMLElement;
        if (h.scrollWidth > h.clientWidth + 1) clipped.push(`${name(e)}: ${h.scrollWidth} > ${h.clientWidth}`);
        else if (h.scrollHeight > h.clientHeight + 1 && getComputedStyle(h).overflowY === 'hidden')
          clipped.push(`${name(e)}: height ${h.scrollHeight} > ${h.clientHeight}`);
      }
    }
    return { scroll, outside, overlaps, clipped };
  }, look);
}

/**
 * Fails, naming every fault, unless the screen fits: no scroll, nothing outside, no overlap,
 * nothing cut. The screen is judged as it comes to rest, as a person reads it: the view's glide
 * to a frame moves the wires, and the value cards follow on the next animation frame
 * (train-ui/present/useValueCardPlacement.ts), so a look taken in between may catch a card on
 * the caption for one frame. What stays wrong fails when the wait is over.
 */
export async function expectScreenFits(page: Page, look: ScreenLook, what: string): Promise<void> {
  await expect
    .poll(() => lookAtScreen(page, look), {
      message: `${what} at ${page.viewportSize()?.width}×${page.viewportSize()?.height}`,
    })
    .toEqual({
      scroll: { down: 0, across: 0 },
      outside: [],
      overlaps: [],
      clipped: [],
    });
}

/** The on-screen font sizes of the visible texts that match: the CSS size times every scale above it. */
export const screenFontSizes = (page: Page, selector: string): Promise<number[]> =>
  page.locator(selector).evaluateAll((els) =>
    els
      .filter((e) => {
        const r = e.getBoundingClientRect();
        const onScreen = r.right > 0 && r.bottom > 0 && r.left < innerWidth && r.top < innerHeight;
        return getComputedStyle(e).visibility !== 'hidden' && r.width > 0 && onScreen;
      })
      .map((e) => {
        let scale = 1;
        for (let a: Element | null = e; a; a = a.parentElement) {
          const t = getComputedStyle(a).transform;
          if (t && t !== 'none') scale *= new DOMMatrixReadOnly(t).a;
        }
        return Number.parseFloat(getComputedStyle(e).fontSize) * scale;
      }),
  );
