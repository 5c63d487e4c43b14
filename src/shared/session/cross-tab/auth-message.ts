import { AUTH_MESSAGE_TYPE } from '@contracts/common/constants';

/** The cross-tab hand-over message of spec section 7. */
export type AuthMessage = {
  type: typeof AUTH_MESSAGE_TYPE;
  token: string;
  auth: string;
  userid?: string | number;
  username?: string;
  role?: string;
};

/** What a window asks its opener for once it is ready to receive the hand-over. */
export const AUTH_REQUEST_TYPE = 'AUTH_REQUEST';

/**
 * Spec section 5: accepted only if it comes from the page's own origin, its type is AUTH_DATA,
 * and both token and auth are present; otherwise ignored.
 */
export function isAcceptedAuthMessage(origin: string, pageOrigin: string, data: unknown): data is AuthMessage {
  if (origin !== pageOrigin || typeof data !== 'object' || data === null) return false;
  const m = data as Record<string, unknown>;
  return m.type === AUTH_MESSAGE_TYPE && typeof m.token === 'string' && m.token !== '' && m.auth !== undefined && m.auth !== null && m.auth !== '';
}

export function isAuthRequest(origin: string, pageOrigin: string, data: unknown): boolean {
  return origin === pageOrigin && typeof data === 'object' && data !== null && (data as { type?: unknown }).type === AUTH_REQUEST_TYPE;
}
