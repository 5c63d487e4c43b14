/**
 * The live boards' names and pages, without schemas: the staff route table and menu read them
 * eagerly, so this file imports nothing (the schemas stay in live-displays.ts, loaded with the screens).
 */

/** The boards, in the sidebar's order; the key is the last segment of the board's path. */
export const LIVE_BOARDS = ['support', 'managedservices', 'development', 'quality', 'sales'] as const;
export type LiveBoard = (typeof LIVE_BOARDS)[number];

export const LIVE_BOARD_TITLES: Record<LiveBoard, string> = {
  support: 'Support',
  managedservices: 'Managed Services',
  development: 'Development',
  quality: 'Quality Assurance',
  sales: 'Sales',
};

/** The staff path of a board (spec routes). */
export const liveBoardPath = (board: LiveBoard) => `/live/displays/${board}`;
/** The page a paired TV opens (outside the staff shell: nobody signs in on a TV). */
export const DISPLAY_PAGE_PATH = '/tv';
/** The pairing link's page: the token rides in the fragment, so it never reaches a log. */
export const DISPLAY_PAIR_PATH = '/tv/pair';

