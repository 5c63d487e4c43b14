/**
 * The client portal's public pages, relative to /client (spec 2.4): log-in, signup and the password
 * links. The portal mounts them lazily (guest-routes.tsx); the light public entry
 * (src/app/PublicApp.tsx) with their screens in its own bundle.
 */
export const CLIENT_GUEST_PATHS = {
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  setPassword: '/set-password/:token',
  resetPassword: '/reset-password/:token',
} as const;

export type ClientGuestPage = keyof typeof CLIENT_GUEST_PATHS;
