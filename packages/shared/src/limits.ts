// Business constants of the product (password, name and page limits) and the server's own limits.
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 256;
export const PROJECTS_PAGE_SIZE = 10;
export const INVOICES_PAGE_SIZE = 10;
export const ADMIN_USERS_PAGE_SIZE = 10;
export const PROJECT_SEARCH_DEBOUNCE_MS = 300;
export const ADMIN_USER_SEARCH_DEBOUNCE_MS = 500;
export const USER_PROJECTS_SEARCH_DEBOUNCE_MS = 400;
export const USER_PROJECTS_PAGE_SIZE = 10;
/** Pagination shows at most this many page buttons. */
export const MAX_PAGE_BUTTONS = 5;
/** A user counts as active on the admin screen if seen within this many days. */
export const ACTIVE_USER_DAYS = 30;
export const TOAST_DEFAULT_MS = 5000;
export const TOAST_AUTH_MS = 4000;
export const TOAST_EXIT_MS = 300;
export const VERIFY_REDIRECT_MS = 2000;
export const RESET_REQUEST_REDIRECT_MS = 2000;
export const BAD_RESET_TOKEN_REDIRECT_MS = 1500;
export const PAYMENT_REDIRECT_MS = 2000;
export const API_KEY_POPUP_MS = 5000;
export const PROJECT_POLL_MS = 5000;
export const BRAND = 'CityForge';
export const APP_VERSION = '0.0.1';

// Token lifetimes (server).
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_DAYS = 30;
export const VERIFY_TOKEN_TTL_HOURS = 48;
export const RESET_TOKEN_TTL_MINUTES = 60;
export const MAX_JSON_BODY_BYTES = 1024 * 1024;
