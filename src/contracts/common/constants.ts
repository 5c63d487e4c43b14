/**
 * Every constant of the specification, named once. Server and browser import from here;
 * no other module repeats these values as literals.
 */

/** Screens narrower than this are mobile: the sidebar becomes an off-canvas drawer. */
export const MOBILE_BREAKPOINT_PX = 768;
/** The overdue-ticket check runs at load and then every 3.5 hours. */
export const OVERDUE_POLL_INTERVAL_MS = 3.5 * 60 * 60 * 1000;
/** How often the notification bell asks for the unread count while the tab is open (docs/adr/0121-notification-bell-refresh.md). */
export const NOTIFICATIONS_POLL_INTERVAL_MS = 60_000;
/** The AI chatbot opens in a separate window of this size. */
export const CHATBOT_WINDOW = { width: 520, height: 700 } as const;
/** Column text filters apply after this pause. */
export const FILTER_DEBOUNCE_MS = 400;
/** The 401 dialog flag resets this long after the redirect to the login page. */
export const SESSION_EXPIRED_FLAG_RESET_MS = 1000;
/** Smooth scroll to a hash anchor stops this far above the target. */
export const HASH_SCROLL_OFFSET_PX = 80;

export const ROWS_PER_PAGE_OPTIONS = [10, 20, 30, 40, 50] as const;
/** The 'All' rows-per-page option. */
export const ROWS_PER_PAGE_ALL = -1;
export const DEFAULT_ROWS_PER_PAGE = 10;
export const INITIAL_PAGE = 1;
export const MONEY_DECIMALS = 2;
export const PERCENT_DECIMALS = 2;

export const SURVEY_TEXT_MAX = 1500;
export const SURVEY_Q1_MIN = 1;
export const SURVEY_Q1_MAX = 5;
export const SURVEY_Q1_DEFAULT = 3;
export const SURVEY_Q2_MIN = 0;
export const SURVEY_Q2_MAX = 10;
export const SURVEY_Q2_DEFAULT = 5;
export const SURVEY_TYPE_CLIENT_CARE = 'CSS';
export const SURVEY_TYPE_SUPPORT = 'TCS';
export const SURVEY_KIND_SUPPORT = 1;
export const SURVEY_KIND_COMPLETED = -1;

export const DIALOG_CONFIRM_COLOR = 'blue';
export const DIALOG_CANCEL_COLOR = 'red';
export const THANK_YOU_HEADER_COLOR = '#007bff';
export const THANK_YOU_CORNER_RADIUS_PX = 20;

/** Initials shown when the profile lookup fails or there is no user id. */
export const UNKNOWN_INITIALS = 'UN';
export const DEFAULT_ROLE = 'user';
/** The themes a person may choose on their profile (the header's switcher offers the same); 'system' follows the device. */
export const PROFILE_THEMES = ['light', 'dark', 'system'] as const;
export const ROLES = ['user', 'manager', 'admin'] as const;
export type Role = (typeof ROLES)[number];
/** Roles that see manager screens and may act for others (send client care surveys, see others' overdue tickets). */
export const MANAGER_ROLES: readonly Role[] = ['manager', 'admin'];
/** Roles that see the developer screens (the UI kit gallery, the data table demo); the machine diagrams stay for every staff role (ADR 0135). */
export const DEVELOPER_SCREEN_ROLES: readonly Role[] = ['admin'];

/** The cross-tab hand-over message type. */
export const AUTH_MESSAGE_TYPE = 'AUTH_DATA';

/** Titles of the staff portal. */
export const APP_TITLE = 'Client Care System';
export const APP_SUBTITLE = 'Enterprise Portal';

/** Storage keys of the specification (section 3). */
export const STORAGE_KEYS = {
  token: 'token',
  auth: 'auth',
  userid: 'userid',
  username: 'username',
  role: 'role',
  /** The client user object (JSON, with id), in persistent storage. */
  clientUser: 'client_user',
} as const;
/** The auth flag's value when signed in. */
export const AUTH_FLAG_TRUE = 'true';

/** Input limits shared by server validation and form fields. */
export const LIMITS = {
  email: 254,
  passwordMin: 8,
  passwordMax: 128,
  name: 120,
  title: 200,
  text: 20000,
  bodyBytes: 256 * 1024,
  pageSizeMax: 200,
} as const;

/** Ticket search on the server: page size, how deep offset paging goes, how far it counts. */
export const TICKET_SEARCH = {
  pageSizeMax: 100,
  defaultPageSize: 10,
  /** Offset paging stops here: deeper pages cost a scan; narrow the search instead. */
  offsetMax: 10_000,
  /** The total is counted up to this many matches and then reported as "more than". */
  countCap: 1_000,
  /**
   * A search the planner expects to match at most this many tickets is answered from its
   * matches (at most `matchCap` of them, counted exactly); above it, the page walks the sort's
   * index and the total is "more than `countCap`".
   */
  manyMatches: 10_000,
  /** A search matching at most this many tickets is sorted and paged from its matches. */
  matchCap: 2_000,
  /** A walk of the sort's index reads at most this many times the tickets the estimate says it needs, */
  windowFactor: 4,
  /** and at least this many. */
  windowMin: 2_000,
  sortColumnsMax: 3,
  queryMax: 200,
} as const;
/** Company and client-user lists: the largest page. */
export const DIRECTORY_PAGE_SIZE_MAX = 100;
/** Hours from creation to the due date of a new ticket, by severity (TICKET_RESPONSE_TARGET_HOURS overrides). */
export const DEFAULT_RESPONSE_TARGET_HOURS = { C: 4, H: 8, M: 24, L: 72 } as const;
/** Ticket statuses during which the response clock is paused (the due date moves out by the time spent in them). */
export const PAUSED_STATUSES = ['WOC', 'WOT'] as const;
/** The most minutes one time entry or note may record (one day). */
export const TIME_ENTRY_MINUTES_MAX = 1440;
/** Open-ticket age buckets of the active ticket stats, in days (upper bounds; the last is open-ended). */
export const TICKET_AGE_BUCKETS_DAYS = [1, 7, 30, 90] as const;

/** Client portal paths (spec 2.4). */
export const CLIENT_PATHS = {
  login: '/client/login',
  signup: '/client/signup',
  forgotPassword: '/client/forgot-password',
  setPassword: '/client/set-password',
  resetPassword: '/client/reset-password',
  dashboard: '/client',
  tickets: '/client/tickets',
  paper: '/client/paper',
  contactSupport: '/client/contact/support',
  helpResources: '/client/help/resources',
  softwareChangeRequest: '/client/software/change/request',
  aiChat: '/client/clientaichat',
} as const;

/** Set-password and reset-password links live this long (QUALITY.md: at most 60 minutes). */
export const PASSWORD_TOKEN_TTL_MINUTES = 60;
/** Forgot-password requests allowed per window, per address and per account. */
export const PASSWORD_RESET_LIMITS = { perAddress: 20, perAccount: 5, windowMinutes: 15 } as const;
/** Sign-ups allowed per address per window. */
export const SIGNUP_LIMITS = { perAddress: 10, windowMinutes: 15 } as const;
/** Support hours shown to clients next to the support phone. */
export const SUPPORT_HOURS = 'M-F 8:00am to 5:00pm';
/** The default page size of client lists, and the largest a client may ask for. */
export const CLIENT_PAGE_SIZE = 20;
/** How many items each dashboard panel shows. */
export const CLIENT_DASHBOARD_ITEMS = 5;
/** Paper orders: quantity bounds (cases) and the PO number length. */
export const PAPER_QUANTITY_MAX = 1000;
export const PO_NUMBER_MAX = 60;
export const SHIP_TO_MAX = 500;
export const CATALOG_CATEGORY_PAPER = 'paper';
/** Survey page texts (spec 2.6 and 8). */
export const SURVEY_TITLE_CLIENT_CARE = 'CLIENT CARE SURVEY';
export const SURVEY_TITLE_SUPPORT = 'SUPPORT SURVEY';
export const SURVEY_SAVE_LABEL = 'Save';
export const SURVEY_THANK_YOU_TITLE = 'Thank you for your participation!';
export const SURVEY_THANK_YOU_TEXT = 'You may now exit this web page.';
/** The failed-submission alert (spec 8); `{phone}` is the configured support line. */
export const SURVEY_FAILURE_ALERT =
  'There was an issue submitting your survey. Please try again, or contact Diversified Support at {phone} Option 1 M-F 8:00am to 5:00pm.';
// A replacement function: a phone holding "$&" or "$'" must not be read as a replacement pattern.
export const surveyFailureAlert = (phone: string) => SURVEY_FAILURE_ALERT.replace('{phone}', () => phone);
/** The survey submission call (spec 7). */
export const SURVEY_SUBMIT_PATH = '/api/submitsurvey';
/** Request headers the survey sends (spec 7). */
export const SURVEY_REQUEST_HEADERS = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' } as const;
/** The survey route (product.md): /survey/{kind}/{ticket}, also /survey?kind=…&ticket=… */
export const SURVEY_ROUTE_PREFIX = '/survey';
/** Kind flag put in client-care links ("any other value" than 1 and -1). */
export const SURVEY_KIND_CLIENT_CARE = 0;
/** A survey key (the link's ticket value) is this many random bytes, base64url. */
export const SURVEY_KEY_BYTES = 24;
/** Longest ticket value the API accepts. */
export const SURVEY_TICKET_MAX = 64;
/** Submissions allowed per address in one window. */
export const SURVEY_SUBMIT_PER_ADDRESS = 30;
export const SURVEY_SUBMIT_WINDOW_MS = 10 * 60_000;
/** Survey link checks allowed per address in the same window (opening a link checks its key). */
export const SURVEY_CHECK_PER_ADDRESS = 120;
/** The public call that answers whether a survey link's key is valid: GET {path}/{key}?type=CSS|TCS. */
export const SURVEY_KEY_CHECK_PATH = '/api/survey-keys';
/** CSAT counts Q1 at or above this; NPS promoters are Q2 at or above PROMOTER_MIN, detractors at or below DETRACTOR_MAX. */
export const CSAT_SATISFIED_MIN = 4;
export const NPS_PROMOTER_MIN = 9;
export const NPS_DETRACTOR_MAX = 6;
/** The meta element of survey.html that carries the configured support phone. */
export const SUPPORT_PHONE_META = 'support-phone';
/** The placeholder in survey.html the server replaces with the configured support phone. */
export const SUPPORT_PHONE_PLACEHOLDER = '%SUPPORT_PHONE%';
/** Most rows one survey CSV export carries. */
export const SURVEY_EXPORT_MAX_ROWS = 10_000;
/** Texts of the generic data table (spec 2.7), exactly. */
export const TABLE_TEXTS = {
  loading: 'Loading...',
  empty: 'No data for table',
  search: 'Search Table',
  next: 'Next',
  previous: 'Previous',
  rowsPerPage: 'Rows per page:',
  of: 'of',
  all: 'All',
  page: 'page',
  clear: 'clear',
  /** '<n> row(s) selected'. */
  selected: (n: number) => `${n} row(s) selected`,
  /** Logged when a date cell does not match the column's input format (spec 8). */
  invalidDate: 'Not a valid date',
} as const;
/** A column's first sort direction when it does not name one (spec 4). */
export const DEFAULT_FIRST_SORT_TYPE = 'asc';

/** Dialog service defaults (spec 2.7, 5, 9). */
export const DIALOG_TEXTS = {
  ok: 'OK',
  no: 'No',
  cancel: 'Cancel',
  invalidEmail: 'Invalid email address',
  invalidUrl: 'Invalid URL',
} as const;
export const DIALOG_DEFAULT_POSITION = 'center';

/** The client portal's 401 dialog (spec 8): non-dismissable, one button to /client/login. */
export const SESSION_EXPIRED_DIALOG = {
  title: 'Session Expired',
  message: 'Your session has expired. Please log in again.',
  button: 'Log In',
} as const;
