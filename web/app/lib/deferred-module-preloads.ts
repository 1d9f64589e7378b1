import { Transform, type TransformCallback } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

const HEAD_END = '</head>';
const MODULE_PRELOAD = /<link rel="modulepreload"/g;

/**
 * The router preloads every module of the page in <head> at the browser's high priority, which a
 * phone on a slow line then fetches alongside the stylesheet, ahead of the first paint. The page is
 * already rendered on the server, so the scripts can wait: this marks those preloads low priority,
 * and the stylesheet, the text and the first images go first. Hydration still starts from the
 * preloaded modules, only after the page is visible.
 *
 * Only the head is rewritten; it is held until complete (it is small and arrives in one piece
 * with the shell), and everything after passes through untouched.
 */
export function deferModulePreloads(): Transform {
  return rewriteHead(lowerModulePreloads);
}

export function lowerModulePreloads(head: string): string {
  return head.replace(MODULE_PRELOAD, '<link rel="modulepreload" fetchpriority="low"');
}

/** Passes a streamed page through with its head, up to `</head>`, changed by `rewrite`. */
export function rewriteHead(rewrite: (head: string) => string): Transform {
  // A character split between two chunks must not be cut in half.
  const decoder = new StringDecoder('utf8');
  let head = '';
  let passing = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      if (passing) return callback(null, decoder.write(chunk));
      head += decoder.write(chunk);
      const end = head.indexOf(HEAD_END);
      if (end === -1) return callback();
      passing = true;
      const rewritten = rewrite(head.slice(0, end));
      const rest = head.slice(end);
      head = '';
      callback(null, rewritten + rest);
    },
    flush(callback: TransformCallback) {
      const tail = head + decoder.end();
      callback(null, tail || null);
    },
  });
}
