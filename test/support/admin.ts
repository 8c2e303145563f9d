/**
 * The administrator every end-to-end Tracker starts with (identity bootstraps it from
 * TRACKER_ADMIN_LOGIN / _PASSWORD / _API_KEY). Suites act as it to set up their world.
 */
export const TEST_ADMIN = {
  login: 'admin@example.com',
  password: 'Admin-Pass-2026!',
  apiKey: 'TrackerTestAdminKey000000000000000000001',
} as const;

export const TEST_ADMIN_ENV: Readonly<Record<string, string>> = {
  TRACKER_ADMIN_LOGIN: TEST_ADMIN.login,
  TRACKER_ADMIN_PASSWORD: TEST_ADMIN.password,
  TRACKER_ADMIN_API_KEY: TEST_ADMIN.apiKey,
};
