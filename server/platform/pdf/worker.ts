/**
 * A render worker (started by pool.ts): draws PDFs and charts on its own thread and answers the
 * bytes or the SVG text. One job at a time; a job that fails answers why, and the worker goes on.
 */
import { parentPort, threadId } from 'node:worker_threads';
import { renderChartSvg } from '@server/platform/charts/render-svg';
import { renderPdfHere } from './engine';
import type { RenderAnswer, RenderJob } from './pool';

const port = parentPort!;
const answer = (message: RenderAnswer, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

port.on('message', async ({ id, job }: { id: number; job: RenderJob }) => {
  try {
    if (job.kind === 'pdf') {
      const pdf = await renderPdfHere(job.definition);
      // The bytes move to the HTTP thread without a copy when the buffer is theirs alone.
      const own = pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength;
      answer({ type: 'done', id, result: pdf, threadId }, own ? [pdf.buffer as ArrayBuffer] : []);
    } else {
      answer({ type: 'done', id, result: renderChartSvg(job.spec, job.options), threadId });
    }
  } catch (error) {
    answer({ type: 'failed', id, message: error instanceof Error ? error.message : String(error) });
  }
});
answer({ type: 'ready' });
