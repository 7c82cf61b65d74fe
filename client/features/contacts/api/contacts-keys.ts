import type { ContactStage } from '@common/schemas/contacts';

/** The list's filters as the owner set them (empty: all) and its page (1-based). */
export interface ContactFilters {
  q?: string;
  stage?: ContactStage;
  page?: number;
}

/** Everything the section reads: a live event or a change refreshes all of it at once. */
export const contactsQueryKey = ['contacts'] as const;

export function contactListQueryKey(filters: ContactFilters) {
  return [...contactsQueryKey, 'list', filters] as const;
}

export function contactQueryKey(id: number) {
  return [...contactsQueryKey, 'contact', id] as const;
}

/** Same-origin downloads: the server names the file (Content-Disposition). */
export const CONTACTS_CSV_URL = '/api/contacts/export.csv';

export function contactExportUrl(id: number) {
  return `/api/contacts/${id}/export`;
}
