import { useEffect, useRef, useState } from 'react';
import { Button } from '@/shared/ui/components';

/** Pages shown at first; the rest on request (a 200-line quote runs to a dozen pages). */
const FIRST_PAGES = 3;

/**
 * A PDF drawn page by page onto canvases with pdf.js (loaded on first use, in its own chunk), so
 * the tester shows the real bytes the download gives without a browser plug-in or frame.
 */
export function PdfPages({ file }: { file: Blob }) {
  const box = useRef<HTMLDivElement>(null);
  const [pages, setPages] = useState<number | null>(null);
  const [all, setAll] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    (async () => {
      const pdfjs = await import('pdfjs-dist');
      pdfjs.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString();
      const doc = await pdfjs.getDocument({ data: new Uint8Array(await file.arrayBuffer()) }).promise;
      if (cancelled) return;
      setPages(doc.numPages);
      const target = box.current;
      if (!target) return;
      target.replaceChildren();
      const count = all ? doc.numPages : Math.min(FIRST_PAGES, doc.numPages);
      for (let n = 1; n <= count && !cancelled; n++) {
        const page = await doc.getPage(n);
        const viewport = page.getViewport({ scale: 1.2 });
        const canvas = document.createElement('canvas');
        canvas.width = viewport.width;
        canvas.height = viewport.height;
        canvas.style.width = '100%';
        canvas.style.border = '1px solid var(--cc-border)';
        canvas.style.marginBottom = 'var(--cc-space-3)';
        canvas.setAttribute('role', 'img');
        canvas.setAttribute('aria-label', `Page ${n} of ${doc.numPages} of the sample PDF`);
        target.append(canvas);
        await page.render({ canvas, viewport }).promise;
      }
    })().catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
    return () => {
      cancelled = true;
    };
  }, [file, all]);
  return (
    <div>
      {error ? <p role="alert">The PDF could not be drawn: {error}</p> : null}
      <p role="status">{pages === null ? 'Drawing the PDF…' : `${pages} pages${all ? '' : `; showing the first ${Math.min(FIRST_PAGES, pages)}`}.`}</p>
      <div ref={box} />
      {pages !== null && pages > FIRST_PAGES && !all ? <Button onPress={() => setAll(true)}>Show all {pages} pages</Button> : null}
    </div>
  );
}
