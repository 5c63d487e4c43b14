/**
 * Secrets that travel in URLs, kept out of the logs: set-password and reset-password tokens
 * (/client/set-password/{token}), survey keys (/survey/{kind}/{key}, ?ticket=…) and quote links
 * (/quote/accept/{key}, /api/v2/public/quotes/{key}) and calendar feeds (/api/v2/schedule/feed/{token}) and unsubscribe links
 * (/api/v2/public/unsubscribe/{token}).
 */
import { CLIENT_PATHS, SURVEY_ROUTE_PREFIX } from '@contracts/common/constants';

export const REDACTED = '[redacted]';

/** Paths whose next segment, and everything after it, is a secret. */
const SECRET_AFTER = [CLIENT_PATHS.setPassword, CLIENT_PATHS.resetPassword, '/quote/accept', '/api/v2/public/quotes', '/api/v2/schedule/feed', '/api/v2/public/unsubscribe'].map((p) => p.toLowerCase());
/** /survey/{kind}/{key}: the key is the third segment. */
const SURVEY_KEY = new RegExp(`^(${SURVEY_ROUTE_PREFIX}/[^/]*/)(.+)$`, 'i');
/** Query parameters that carry a secret on any path. */
const SECRET_PARAMS = new Set(['token', 'ticket', 'key']);

function paramName(pair: string): string {
  const name = pair.split('=')[0] ?? '';
  try {
    return decodeURIComponent(name.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return name.toLowerCase();
  }
}

/** A request URL as it may be logged: the secret parts replaced by [redacted]. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  let path = q < 0 ? url : url.slice(0, q);
  const lower = path.toLowerCase();
  const prefix = SECRET_AFTER.find((p) => lower.startsWith(`${p}/`));
  if (prefix) path = `${path.slice(0, prefix.length)}/${REDACTED}`;
  else path = path.replace(SURVEY_KEY, `$1${REDACTED}`);
  if (q < 0) return path;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => (SECRET_PARAMS.has(paramName(pair)) ? `${pair.split('=')[0]}=${REDACTED}` : pair))
    .join('&');
  return `${path}?${query}`;
}
