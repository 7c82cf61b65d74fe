import { toCsv } from '@common/csv';
import type { Contact } from '@common/schemas/contacts';

/**
 * The owner's contacts as a CSV file. The column names are the API's field names (a spreadsheet's
 * header, the same in every language); stage values are the API's too.
 */
const HEADER = [
  'id',
  'name',
  'phone',
  'interest',
  'channels',
  'stage',
  'tags',
  'notes',
  'firstContactAt',
  'lastContactAt',
  'conversationCount',
] as const;

export function contactsCsv(list: readonly Contact[]): string {
  const rows = list.map((c) => [
    c.id,
    c.name,
    c.phone,
    c.interest,
    c.channels.join(' '),
    c.stage,
    c.tags.join('; '),
    c.notes,
    c.firstContactAt,
    c.lastContactAt,
    c.conversationCount,
  ]);
  // A byte-order mark first: Excel in Portuguese then reads the accents right.
  return '\uFEFF' + toCsv([HEADER, ...rows]);
}
