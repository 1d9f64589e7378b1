/*
 * The privacy calls' addresses without zod: the login form (its two-factor step) and the member
 * page (which reports a visit) load no validation code for them; the schemas and the calls'
 * tables are in privacy.ts.
 */

export const DATA_EXPORT_PATH = '/api/data_export.php';
export const DATA_EXPORT_DOWNLOAD_PATH = '/api/data_export_download.php';

/** The download link of an export (in the mail and on the settings page). */
export const dataExportDownloadUrl = (id: string) => `${DATA_EXPORT_DOWNLOAD_PATH}?id=${encodeURIComponent(id)}`;

export const TWO_FACTOR_PATH = '/api/two_factor.php';
export const TWO_FACTOR_SETUP_PATH = '/api/two_factor_setup.php';
export const LOGIN_CODE_PATH = '/api/login_code.php';
export const SEARCH_VISIBILITY_PATH = '/api/search_visibility.php';
export const PROFILE_VIEW_PATH = '/api/profile_view.php';
export const PROFILE_VISITORS_PATH = '/api/profile_visitors.php';
