/**
 * The small page of an unsubscribe link (docs/adr/0202), drawn by the server with the product's
 * colours (light and dark follow the reader's system): it names the mail it stops and asks to
 * confirm with a button; the button posts the one-click form a mail client would post.
 */
import { APP_TITLE, CLIENT_PATHS } from '@contracts/common/constants';
import { CLIENT_MAIL_HEADING, CONTACT_EXPIRED_HINT, CONTACT_RESUBSCRIBE_MESSAGE } from '@contracts/client-mail';
import { escapeHtml } from '@server/platform/mail/ticket-reply';

const STYLE = `
:root{color-scheme:light dark;--bg:#f5f7f9;--surface:#fff;--text:#161c26;--muted:#424b59;--border:#dde2e8;--brand:#0b5cab;--brand-hover:#094c8e;--link:#0a57a3;--focus:#0b5cab}
@media (prefers-color-scheme:dark){:root{--bg:#0f1319;--surface:#161b22;--text:#eef1f4;--muted:#c3cad3;--border:#2d3540;--brand:#2a6fc2;--brand-hover:#2563b0;--link:#8cc2ff;--focus:#8cc2ff}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;padding:1rem;background:var(--bg);color:var(--text);font:16px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif}
main{width:100%;max-width:28rem;background:var(--surface);border:1px solid var(--border);border-radius:12px;padding:1.5rem}
.brand{margin:0 0 1rem;font-size:.8125rem;color:var(--muted);font-weight:600}
h1{margin:0 0 .75rem;font-size:1.375rem;line-height:1.25}
p{margin:0 0 1rem;color:var(--muted)}
a{color:var(--link)}
button{min-height:2.5rem;padding:0 1rem;border:0;border-radius:6px;background:var(--brand);color:#fff;font:inherit;font-weight:600;cursor:pointer}
button:hover{background:var(--brand-hover)}
:focus-visible{outline:2px solid var(--focus);outline-offset:2px}
`;

function page(title: string, content: string): string {
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${escapeHtml(title)} · ${escapeHtml(APP_TITLE)}</title><style>${STYLE}</style></head>`,
    `<body><main><p class="brand">${escapeHtml(APP_TITLE)}</p>${content}</main></body></html>`,
  ].join('\n');
}

const settingsLink = (publicUrl: string) => `<a href="${escapeHtml(`${publicUrl}${CLIENT_PATHS.contactSupport}`)}">choose which emails you get in the client portal</a>`;

/** Asks to confirm (a GET changes nothing: link scanners open links). */
export const confirmPage = (what: string, email: string, action: string) =>
  page('Unsubscribe', [
    '<h1>Unsubscribe?</h1>',
    `<p>Stop emailing <strong>${escapeHtml(email)}</strong> about ${escapeHtml(what)}?</p>`,
    `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
  ].join('\n'));

/** Says it is done, and where to turn it on again: the portal for a client user (`publicUrl`), support for a contact without an account (null). */
export const donePage = (what: string, email: string, publicUrl: string | null) =>
  page('Unsubscribed', [
    '<h1>You are unsubscribed</h1>',
    `<p role="status">We no longer email <strong>${escapeHtml(email)}</strong> about ${escapeHtml(what)}.</p>`,
    publicUrl ? `<p>Changed your mind? Sign in and ${settingsLink(publicUrl)} (“${escapeHtml(CLIENT_MAIL_HEADING)}”).</p>` : `<p>${escapeHtml(CONTACT_RESUBSCRIBE_MESSAGE)}</p>`,
  ].join('\n'));

/** A link that is not valid (made up, or of an account that is gone). */
export const invalidPage = (message: string) => page('Unsubscribe', `<h1>Link not valid</h1>\n<p>${escapeHtml(message)}</p>`);

/** An authentic link past its days (docs/adr/0214): says so, and offers the portal's settings (a client user, `publicUrl`) or a newer mail (a contact, null). */
export const expiredPage = (message: string, publicUrl: string | null) =>
  page('Unsubscribe', [
    '<h1>Link expired</h1>',
    `<p>${escapeHtml(message)}</p>`,
    publicUrl ? `<p>Sign in and ${settingsLink(publicUrl)} (“${escapeHtml(CLIENT_MAIL_HEADING)}”).</p>` : `<p>${escapeHtml(CONTACT_EXPIRED_HINT)}</p>`,
  ].join('\n'));
