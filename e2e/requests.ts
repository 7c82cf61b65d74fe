import type { Page } from '@playwright/test';

/**
 * Counts the requests the page sends from now on, by method and API path: a form that says what
 * is wrong before any request sends none.
 */
export function countApiRequests(page: Page): (method: string, path: string | RegExp) => number {
  const sent: { method: string; path: string }[] = [];
  page.on('request', (request) =>
    sent.push({ method: request.method(), path: new URL(request.url()).pathname }),
  );
  return (method, path) =>
    sent.filter(
      (request) =>
        request.method === method &&
        (typeof path === 'string' ? request.path === path : path.test(request.path)),
    ).length;
}
