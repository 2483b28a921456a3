/**
 * A style sheet made through the CSSOM (a constructed sheet adopted by the document), for CSS
 * written at run time such as a lesson step's highlight. A `<style>` element would need
 * `style-src 'unsafe-inline'` in the Content-Security-Policy (src/app/csp.ts); a constructed
 * sheet, like a `style` property set from script, does not.
 */
import { useEffect, useState } from 'react';

export function useStyleSheet(css: string): void {
  const [sheet] = useState(() => new CSSStyleSheet());
  useEffect(() => {
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    return () => {
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet);
    };
  }, [sheet]);
  useEffect(() => {
    sheet.replaceSync(css);
  }, [sheet, css]);
}
